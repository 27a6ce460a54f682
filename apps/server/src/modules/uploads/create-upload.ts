import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sum } from 'drizzle-orm';
import {
  APPLICANT_UPLOAD_LIMITS,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_MIME_TYPES,
  type TUploadMimeType,
  type TUploadedFile,
} from '@sekolo/shared/schemas/uploads';
import type { Database } from '../../platform/db/client.ts';
import { uploads, users } from '../../platform/db/schema/index.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { detectAllowedContentType } from '../../platform/lib/file-content-type.ts';
import { cleanFileName } from './file-names.ts';
import { generateStorageKey, type IFileStorage } from './storage.ts';
import { LOGO_PURPOSE, logoVariants, smallLogoKey } from './organisation-logos.ts';

export const fileTooLarge = () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
export const unsupportedFileType = () => new AppError(415, 'UNSUPPORTED_FILE_TYPE', UPLOAD_MESSAGES.wrongType);

export type TCreateUploadInput = {
  ownerUserId: string;
  /** users.status of the owner: applicants are held to APPLICANT_UPLOAD_LIMITS. */
  ownerStatus: string;
  purpose: string;
  fileName: string | undefined;
  bytes: Buffer;
};

/**
 * Stores one file: at most 10 MB, PDF/PNG/JPEG/WebP by its bytes, under a generated key; then
 * records it in a transaction that first locks the owner's row, so concurrent uploads cannot pass
 * an applicant's limits together. If recording fails the stored bytes are removed again.
 */
export async function createUpload(
  db: Database,
  storage: IFileStorage,
  input: TCreateUploadInput,
): Promise<TUploadedFile> {
  if (input.bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
  const detected = await detectAllowedContentType<TUploadMimeType>(input.bytes, UPLOAD_MIME_TYPES);
  // A logo is stored resized and re-encoded (with a small variant for lists), never as uploaded.
  const logo = input.purpose === LOGO_PURPOSE ? await logoVariants(input.bytes, detected) : null;
  const mimeType: TUploadMimeType | null = logo ? logo.mimeType : detected;
  if (!mimeType) throw unsupportedFileType();
  const bytes = logo ? logo.full : input.bytes;

  const originalName = cleanFileName(input.fileName);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const storageKey = generateStorageKey(new Date(), randomBytes(16).toString('hex'));

  await storage.put(storageKey, bytes, mimeType);
  if (logo) await storage.put(smallLogoKey(storageKey), logo.small, 'image/webp');
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerUserId)).for('update');
      if (input.ownerStatus === 'applicant') {
        const [usage] = await tx
          .select({ files: count(), bytes: sum(uploads.sizeBytes) })
          .from(uploads)
          .where(and(eq(uploads.ownerUserId, input.ownerUserId), isNull(uploads.deletedAt)));
        const files = Number(usage?.files ?? 0);
        const bytes = Number(usage?.bytes ?? 0);
        if (
          files + 1 > APPLICANT_UPLOAD_LIMITS.files ||
          bytes + input.bytes.length > APPLICANT_UPLOAD_LIMITS.totalBytes
        ) {
          throw new AppError(409, 'UPLOAD_LIMIT_REACHED', UPLOAD_MESSAGES.applicantLimit);
        }
      }
      const [row] = await tx
        .insert(uploads)
        .values({
          ownerUserId: input.ownerUserId,
          purpose: input.purpose,
          originalName,
          mimeType,
          sizeBytes: bytes.length,
          storageKey,
          sha256,
        })
        .returning({ id: uploads.id });
      return { id: row!.id, name: originalName, size: bytes.length, mimeType };
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    if (logo) await storage.delete(smallLogoKey(storageKey)).catch(() => undefined);
    throw error;
  }
}
