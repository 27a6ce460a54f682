import { and, eq, inArray, isNull } from 'drizzle-orm';
import { UPLOAD_MESSAGES, ZUploadId } from '@sekolo/shared/schemas/uploads';
import type { DbExecutor } from '../../platform/db/client.ts';
import { uploads } from '../../platform/db/schema/index.ts';
import { badRequest } from '../../platform/http/errors.ts';

export type TUploadMeta = {
  id: string;
  ownerUserId: string;
  purpose: string;
  name: string;
  size: number;
  mimeType: string;
  sha256: string;
  createdAt: Date;
};

/** A live (not deleted) upload's details, or null. For other modules (e.g. the review console). */
export async function getUploadMeta(db: DbExecutor, id: string): Promise<TUploadMeta | null> {
  if (!ZUploadId.safeParse(id).success) return null;
  const [row] = await db
    .select({
      id: uploads.id,
      ownerUserId: uploads.ownerUserId,
      purpose: uploads.purpose,
      name: uploads.originalName,
      size: uploads.sizeBytes,
      mimeType: uploads.mimeType,
      sha256: uploads.sha256,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.deletedAt)));
  return row ?? null;
}

/**
 * Throws a 400 naming the first id that is not a live upload of `userId` (unknown, someone
 * else's, deleted, or not an id at all). Use before saving references to files (e.g. application steps).
 */
export async function assertUploadsOwnedBy(db: DbExecutor, userId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const malformed = unique.find((id) => !ZUploadId.safeParse(id).success);
  if (malformed !== undefined) throw badRequest(`${UPLOAD_MESSAGES.notFound.replace(/\.$/, '')}: ${malformed}.`);
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, unique), eq(uploads.ownerUserId, userId), isNull(uploads.deletedAt)));
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(`${UPLOAD_MESSAGES.notFound.replace(/\.$/, '')}: ${missing}.`);
}

/**
 * Attaches the live uploads `ids` of `ownerUserId` to `organizationId`, whose admins may then read
 * them (access.ts). Only the owner's own files move: an id of someone else's file is left alone.
 */
export async function attachUploadsToOrganization(
  db: DbExecutor,
  input: { ownerUserId: string; organizationId: string; ids: readonly string[] },
): Promise<void> {
  const unique = [...new Set(input.ids)].filter((id) => ZUploadId.safeParse(id).success);
  if (unique.length === 0) return;
  await db
    .update(uploads)
    .set({ organizationId: input.organizationId })
    .where(and(inArray(uploads.id, unique), eq(uploads.ownerUserId, input.ownerUserId), isNull(uploads.deletedAt)));
}
