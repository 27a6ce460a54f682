import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';

/**
 * Runs `fn` while the outbox refuses every mail with `tag` (a check constraint, as a full disk or a
 * lost connection would make the insert fail), then lets mail through again. Shows that a change
 * and its mail commit together: with the mail refused, the change must not be saved either.
 */
export async function withOutboxRefusing<T>(db: Database, tag: string, fn: () => Promise<T>): Promise<T> {
  await db.execute(
    sql`alter table outbox_messages add constraint test_refuse_mail check (tag is distinct from ${sql.raw(`'${tag.replace(/'/g, "''")}'`)}) not valid`,
  );
  try {
    return await fn();
  } finally {
    await db.execute(sql`alter table outbox_messages drop constraint test_refuse_mail`);
  }
}
