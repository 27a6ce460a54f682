import { and, eq, sql } from 'drizzle-orm';
import {
  MESSAGE_EVENTS,
  MESSAGE_MESSAGES as M,
  type TMessage,
  type TSendMessageInput,
} from '@sekolo/shared/schemas/messages';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { conversationParticipants, messageAttachments, messages } from '../../../platform/db/schema/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { transaction, type Transaction } from '../../../platform/db/transaction.ts';
import { publishToUsers } from '../../../platform/realtime/index.ts';
import { assertUploadsOwnedBy } from '../../uploads/index.ts';
import { messageViews } from '../lib/views.ts';

/** The participants of a conversation `userId` is in (locked for the send), or a 404 for anyone else. */
export async function participantsOf(tx: DbExecutor, conversationId: string, userId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      select user_id from conversation_participants where conversation_id = ${conversationId}
      and exists (select 1 from conversation_participants me where me.conversation_id = ${conversationId} and me.user_id = ${userId})`),
  );
  if (rows.length === 0) throw notFound(M.notFound);
  return rows.map((row) => row.user_id);
}

/**
 * Stores a message in a conversation the sender is in (404 otherwise), with their own uploads as
 * attachments, and sends it to every participant's open tabs (the sender's other tabs too). A
 * repeated send with the same `clientKey` answers the message stored the first time.
 */
export async function sendMessage(
  db: DbExecutor,
  senderId: string,
  conversationId: string,
  input: Omit<TSendMessageInput, 'attachmentIds'> & { attachmentIds?: string[] },
): Promise<TMessage> {
  return transaction(db, (tx) => sendInTransaction(tx, senderId, conversationId, input));
}

export async function sendInTransaction(
  tx: Transaction,
  senderId: string,
  conversationId: string,
  input: Omit<TSendMessageInput, 'attachmentIds'> & { attachmentIds?: string[] },
): Promise<TMessage> {
  const everyone = await participantsOf(tx, conversationId, senderId);
  const attachmentIds = [...new Set(input.attachmentIds ?? [])];
  await assertUploadsOwnedBy(tx, senderId, attachmentIds);
  const [stored] = await tx
    .insert(messages)
    .values({ conversationId, senderId, body: input.body.trim(), clientKey: input.clientKey ?? null })
    .onConflictDoNothing()
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!stored) {
    // Sent before with this key: the first one stands.
    const [first] = await messageViews(
      tx,
      sql`m.conversation_id = ${conversationId} and m.sender_id = ${senderId} and m.client_key = ${input.clientKey ?? ''}`,
      'newest',
      1,
    );
    if (!first) throw notFound(M.notFound);
    return first;
  }
  if (attachmentIds.length)
    await tx
      .insert(messageAttachments)
      .values(attachmentIds.map((uploadId) => ({ messageId: stored.id, uploadId, conversationId })));
  // The conversation comes back to the inbox of whoever had archived it; the sender has read it.
  await tx.execute(sql`update conversations set last_message_at = ${stored.createdAt} where id = ${conversationId}`);
  await tx
    .update(conversationParticipants)
    .set({ archivedAt: null })
    .where(eq(conversationParticipants.conversationId, conversationId));
  await tx
    .update(conversationParticipants)
    .set({ lastReadAt: stored.createdAt })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, senderId)),
    );
  const [message] = await messageViews(tx, sql`m.id = ${stored.id}`, 'newest', 1);
  await publishToUsers(tx, everyone, { type: MESSAGE_EVENTS.created, data: { conversationId, message: message! } });
  return message!;
}
