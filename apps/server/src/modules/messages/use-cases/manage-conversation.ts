import { sql } from 'drizzle-orm';
import { MESSAGE_EVENTS, MESSAGE_MESSAGES as M } from '@sekolo/shared/schemas/messages';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { publishToUsers } from '../../../platform/realtime/index.ts';
import { iso } from '../lib/views.ts';
import { participantsOf } from './send-message.ts';

/**
 * The caller has read the conversation up to its newest message: their unread count falls, and the
 * others see "Seen" on what they sent (a realtime event to every participant).
 */
export async function markRead(db: DbExecutor, userId: string, conversationId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const everyone = await participantsOf(tx, conversationId, userId);
    const [row] = rowsOf<{ last_read_at: string | null; changed: boolean }>(
      await tx.execute(sql`
        with newest as (select max(created_at) as at from messages where conversation_id = ${conversationId})
        update conversation_participants p set last_read_at = greatest(p.last_read_at, newest.at)
        from newest
        where p.conversation_id = ${conversationId} and p.user_id = ${userId} and newest.at is not null
          and (p.last_read_at is null or p.last_read_at < newest.at)
        returning p.last_read_at::text, true as changed`),
    );
    if (!row?.last_read_at) return;
    await publishToUsers(tx, everyone, {
      type: MESSAGE_EVENTS.read,
      data: { conversationId, userId, lastReadAt: iso(row.last_read_at) },
    });
  });
}

/** Moves the conversation to the caller's archive or back (theirs only; the others keep theirs). */
export async function setArchived(db: DbExecutor, userId: string, conversationId: string, archived: boolean) {
  const rows = rowsOf(
    await db.execute(sql`
      update conversation_participants set archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`null`}
      where conversation_id = ${conversationId} and user_id = ${userId} returning 1 as one`),
  );
  if (rows.length === 0) throw notFound(M.notFound);
}
