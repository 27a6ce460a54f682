import { smallLogoKey } from './organisation-logos.ts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { UPLOAD_MESSAGES, ZUploadId } from '@sekolo/shared/schemas/uploads';
import type { Database } from '../../platform/db/client.ts';
import { applications, uploads } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { IFileStorage } from './storage.ts';

/**
 * The owner removes one of their files: the row is marked deleted (kept for the audit trail) and
 * the audit event written in one transaction, then the bytes are removed from storage. Anyone
 * else, and a file already deleted, gets 404. A file that a submitted (or decided) application
 * refers to stays, so reviewers never meet a dead link: 409.
 */
export async function deleteUpload(
  db: Database,
  storage: IFileStorage,
  input: { id: string; userId: string; ip?: string | null; log?: { warn: (obj: object, msg: string) => void } },
): Promise<void> {
  if (!ZUploadId.safeParse(input.id).success) throw notFound(UPLOAD_MESSAGES.notFound);
  const storageKey = await db.transaction(async (tx) => {
    const [referenced] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.userId, input.userId),
          inArray(applications.status, ['submitted', 'approved', 'rejected']),
          sql`${applications.stepData}::text like ${`%"${input.id}"%`}`,
        ),
      )
      .limit(1);
    if (referenced) throw conflict(UPLOAD_MESSAGES.inSubmittedApplication);
    const [row] = await tx
      .update(uploads)
      .set({ deletedAt: new Date() })
      .where(and(eq(uploads.id, input.id), eq(uploads.ownerUserId, input.userId), isNull(uploads.deletedAt)))
      .returning({ storageKey: uploads.storageKey, purpose: uploads.purpose, size: uploads.sizeBytes });
    if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'upload.deleted',
      actorUserId: input.userId,
      target: `upload:${input.id}`,
      ip: input.ip,
      details: { purpose: row.purpose, sizeBytes: row.size },
    });
    return row.storageKey;
  });
  // The file is gone for everyone once the row says so; bytes left behind by a storage hiccup are only logged.
  await storage.delete(storageKey).catch((error: unknown) => {
    input.log?.warn({ err: error, uploadId: input.id }, 'upload deleted but its stored bytes could not be removed');
  });
  // A logo's small variant, where there is one.
  await storage.delete(smallLogoKey(storageKey)).catch(() => undefined);
}
