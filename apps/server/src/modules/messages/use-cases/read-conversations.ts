import { sql } from 'drizzle-orm';
import { MESSAGE_MESSAGES as M, type TConversationDetail } from '@sekolo/shared/schemas/messages';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { conversationSummaries, iso, messageViews } from '../lib/views.ts';

const PAGE = 30;
const THREAD_PAGE = 50;

/** The caller's inbox or archive, newest first, a page at a time (keyset on last_message_at). */
export async function listConversations(
  db: DbExecutor,
  userId: string,
  query: { box: 'inbox' | 'archived'; before?: string },
) {
  const where = sql`p.archived_at is ${query.box === 'inbox' ? sql`null` : sql`not null`}
    ${query.before ? sql`and c.last_message_at < ${query.before}` : sql``}`;
  const conversations = await conversationSummaries(db, userId, where, PAGE + 1);
  const page = conversations.slice(0, PAGE);
  return { conversations: page, nextBefore: conversations.length > PAGE ? page.at(-1)!.lastMessageAt : null };
}

/** One conversation of the caller's, with its latest messages (or those before `before`); 404 if not theirs. */
export async function getConversation(
  db: DbExecutor,
  userId: string,
  conversationId: string,
  before?: string,
): Promise<TConversationDetail> {
  const [conversation] = await conversationSummaries(db, userId, sql`c.id = ${conversationId}`, 1);
  if (!conversation) throw notFound(M.notFound);
  const newestFirst = await messageViews(
    db,
    sql`m.conversation_id = ${conversationId} ${before ? sql`and m.created_at < ${before}` : sql``}`,
    'newest',
    THREAD_PAGE + 1,
  );
  const participants = rowsOf<{ user_id: string; name: string; side: string; last_read_at: string | null }>(
    await db.execute(sql`
      select cp.user_id, u.name, cp.side, cp.last_read_at::text from conversation_participants cp
      join users u on u.id = cp.user_id where cp.conversation_id = ${conversationId} order by u.name`),
  );
  return {
    conversation,
    participants: participants.map((p) => ({
      userId: p.user_id,
      name: p.name,
      side: p.side as TConversationDetail['participants'][number]['side'],
      lastReadAt: p.last_read_at ? iso(p.last_read_at) : null,
    })),
    messages: newestFirst.slice(0, THREAD_PAGE).reverse(),
    hasEarlier: newestFirst.length > THREAD_PAGE,
  };
}

/** Conversations with unread messages, and those messages, in the caller's inbox (the badges). */
export async function unreadCounts(db: DbExecutor, userId: string) {
  const [row] = rowsOf<{ conversations: number; messages: number }>(
    await db.execute(sql`
      select count(distinct m.conversation_id)::int as conversations, count(*)::int as messages
      from conversation_participants p
      join messages m on m.conversation_id = p.conversation_id
        and m.created_at > coalesce(p.last_read_at, '-infinity') and m.sender_id is distinct from p.user_id
      where p.user_id = ${userId} and p.archived_at is null`),
  );
  return { conversations: row?.conversations ?? 0, messages: row?.messages ?? 0 };
}

/** Words of `q` as a prefix query of PostgreSQL full-text search ('simple' dictionary: any language). */
function prefixQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Messages and subjects of the caller's own conversations matching `q`, newest first. */
export async function searchMessages(db: DbExecutor, userId: string, q: string) {
  const tsquery = prefixQuery(q);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = rowsOf<{
    conversation_id: string;
    subject: string;
    message_id: string | null;
    sender_name: string | null;
    snippet: string;
    sent_at: string;
  }>(
    await db.execute(sql`
      (select c.id as conversation_id, c.subject, null::uuid as message_id, null::text as sender_name,
         c.subject as snippet, c.last_message_at::text as sent_at
       from conversation_participants p join conversations c on c.id = p.conversation_id
       where p.user_id = ${userId} and c.subject ilike ${pattern}
       order by c.last_message_at desc limit 10)
      ${
        tsquery
          ? sql`union all
      (select m.conversation_id, c.subject, m.id, u.name,
         ts_headline('simple', m.body, to_tsquery('simple', ${tsquery}), 'StartSel="",StopSel="",MaxWords=24,MinWords=8'),
         m.created_at::text
       from conversation_participants p
       join messages m on m.conversation_id = p.conversation_id
       join conversations c on c.id = p.conversation_id
       left join users u on u.id = m.sender_id
       where p.user_id = ${userId} and m.search @@ to_tsquery('simple', ${tsquery})
       order by m.created_at desc limit 30)`
          : sql``
      }`),
  );
  return {
    results: rows.map((row) => ({
      conversationId: row.conversation_id,
      subject: row.subject,
      messageId: row.message_id,
      senderName: row.sender_name ?? '',
      snippet: row.snippet,
      sentAt: iso(row.sent_at),
    })),
  };
}
