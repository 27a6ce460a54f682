import { and, inArray, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { uploads } from '../../platform/db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';

/**
 * Marks the live uploads `ids` deleted in the caller's transaction (a record that held them is
 * being erased by a retention rule), audits each as `upload.deleted` with the reason, and answers
 * their storage keys: remove the bytes with removeStoredBytes once the transaction has committed.
 */
export async function retireUploads(tx: DbExecutor, ids: readonly string[], reason: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(uploads)
    .set({ deletedAt: new Date() })
    .where(and(inArray(uploads.id, [...ids]), isNull(uploads.deletedAt)))
    .returning({ id: uploads.id, storageKey: uploads.storageKey, purpose: uploads.purpose, size: uploads.sizeBytes });
  for (const row of rows) {
    await recordAudit(tx, {
      action: 'upload.deleted',
      actorUserId: null,
      target: `upload:${row.id}`,
      details: { purpose: row.purpose, sizeBytes: row.size, reason },
    });
  }
  return rows.map((row) => row.storageKey);
}
