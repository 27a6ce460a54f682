// The messages module's public door: its routes, the rule that opens attachments to a
// conversation's participants, and what the marketplace and the seed call.
import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';

export { messageRoutes } from './routes.ts';
export { sendMessage } from './use-cases/send-message.ts';
export { markRead } from './use-cases/manage-conversation.ts';
export { openSubjectConversation, startSchoolConversation } from './use-cases/start-conversation.ts';
export { unreadCounts } from './use-cases/read-conversations.ts';
export { addConversationSubject, type TConversationSubject, type TSubjectResolver } from './lib/subjects.ts';

/** An upload attached to a message may be read by every participant of that message's conversation. */
export async function messageAttachmentReadRule(db: DbExecutor, viewerId: string, uploadId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 as one from message_attachments ma
      join conversation_participants cp on cp.conversation_id = ma.conversation_id and cp.user_id = ${viewerId}
      where ma.upload_id = ${uploadId} limit 1`),
  );
  return rows.length > 0;
}
