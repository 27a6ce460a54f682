import { sql } from 'drizzle-orm';
import type { TConversationSummary, TMessage } from '@sekolo/shared/schemas/messages';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';

/** A timestamp as the API sends it (ISO 8601, UTC); PostgreSQL text and Dates both accepted. */
export const iso = (value: string | Date): string => new Date(value).toISOString();

type TSummaryRow = {
  id: string;
  kind: TConversationSummary['kind'];
  subject: string;
  subject_kind: 'order' | 'booking' | null;
  subject_ref: string | null;
  last_message_at: string;
  archived_at: string | null;
  unread: number;
  last_body: string | null;
  last_sender_id: string | null;
  last_sender_name: string | null;
  last_sent_at: string | null;
};

/** Conversations of `userId` chosen by `where` (on `c` conversations and `p` the caller's participant row). */
export async function conversationSummaries(
  db: DbExecutor,
  userId: string,
  where: ReturnType<typeof sql>,
  limit: number,
): Promise<TConversationSummary[]> {
  const rows = rowsOf<TSummaryRow>(
    await db.execute(sql`
      select c.id, c.kind, c.subject, c.subject_kind, c.subject_ref, c.last_message_at::text, p.archived_at::text,
        (select count(*)::int from messages m where m.conversation_id = c.id
          and m.created_at > coalesce(p.last_read_at, '-infinity') and m.sender_id is distinct from ${userId}) as unread,
        lm.body as last_body, lm.sender_id as last_sender_id, lm.name as last_sender_name, lm.created_at::text as last_sent_at
      from conversation_participants p
      join conversations c on c.id = p.conversation_id
      left join lateral (select m.body, m.sender_id, m.created_at, u.name from messages m
        left join users u on u.id = m.sender_id
        where m.conversation_id = c.id order by m.created_at desc limit 1) lm on true
      where p.user_id = ${userId} and ${where}
      order by c.last_message_at desc, c.id desc
      limit ${limit}`),
  );
  if (rows.length === 0) return [];
  const others = rowsOf<{ conversation_id: string; user_id: string; name: string; side: string }>(
    await db.execute(sql`
      select cp.conversation_id, cp.user_id, u.name, cp.side from conversation_participants cp
      join users u on u.id = cp.user_id
      where cp.conversation_id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::uuid)
        and cp.user_id <> ${userId}
      order by u.name`),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    about: row.subject_kind && row.subject_ref ? { kind: row.subject_kind, id: row.subject_ref } : null,
    with: others
      .filter((o) => o.conversation_id === row.id)
      .map((o) => ({ userId: o.user_id, name: o.name, side: o.side as TConversationSummary['with'][number]['side'] })),
    lastMessage:
      row.last_sent_at && row.last_body !== null
        ? {
            body: row.last_body.slice(0, 200),
            senderName: row.last_sender_name ?? 'Former member',
            sentAt: iso(row.last_sent_at),
            mine: row.last_sender_id === userId,
          }
        : null,
    lastMessageAt: iso(row.last_message_at),
    unreadCount: row.unread,
    archived: row.archived_at !== null,
  }));
}

type TMessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  sender_name: string | null;
  body: string;
  created_at: string;
};

/** Messages by `where` (on `m`), with their senders' names and attachments, in the order of `order`. */
export async function messageViews(
  db: DbExecutor,
  where: ReturnType<typeof sql>,
  order: 'oldest' | 'newest',
  limit: number,
): Promise<TMessage[]> {
  const rows = rowsOf<TMessageRow>(
    await db.execute(sql`
      select m.id, m.conversation_id, m.sender_id, u.name as sender_name, m.body, m.created_at::text
      from messages m left join users u on u.id = m.sender_id
      where ${where}
      order by m.created_at ${order === 'oldest' ? sql`asc` : sql`desc`}, m.id
      limit ${limit}`),
  );
  if (rows.length === 0) return [];
  const files = rowsOf<{ message_id: string; id: string; name: string; size: number; mime_type: string }>(
    await db.execute(sql`
      select ma.message_id, up.id, up.original_name as name, up.size_bytes as size, up.mime_type
      from message_attachments ma join uploads up on up.id = ma.upload_id and up.deleted_at is null
      where ma.message_id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::uuid)
      order by up.original_name`),
  );
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    senderName: row.sender_name ?? 'Former member',
    body: row.body,
    sentAt: iso(row.created_at),
    attachments: files
      .filter((f) => f.message_id === row.id)
      .map((f) => ({ id: f.id, name: f.name, size: Number(f.size), mimeType: f.mime_type })),
  }));
}
