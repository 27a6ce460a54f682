import { smallLogoKey } from './organisation-logos.ts';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { uploads } from '../../platform/db/schema/index.ts';
import type { IFileStorage } from './storage.ts';

/**
 * For account deletion: the rows go with the user (ON DELETE CASCADE) but the bytes live in
 * storage. Read the keys before the user is deleted, remove the bytes after it succeeded.
 */
export async function storageKeysOf(db: DbExecutor, userId: string): Promise<string[]> {
  const rows = await db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.ownerUserId, userId));
  return rows.map((row) => row.key);
}

/** Removes stored objects; answers how many could not be removed (already gone counts as removed). */
export async function removeStoredBytes(storage: IFileStorage, keys: readonly string[]): Promise<number> {
  let failed = 0;
  for (const key of keys) {
    await storage.delete(key).catch(() => {
      failed += 1;
    });
    // A logo's small variant, where there is one (most files have none: not a failure).
    await storage.delete(smallLogoKey(key)).catch(() => undefined);
  }
  return failed;
}
