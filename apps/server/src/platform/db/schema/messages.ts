import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { uploads } from './uploads.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a signed-in browser receives over its event stream (platform/realtime), kept a while so a
 * browser that reconnects with Last-Event-ID gets what it missed. `id` is the event's id on the wire.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_events_user_idx').on(t.userId, t.id), index('realtime_events_created_idx').on(t.createdAt)],
);

/**
 * A conversation (modules/messages). `organizationId` is the school of a school conversation, or the
 * seller's organisation of one about an order or booking (`subjectKind`, `subjectRef`).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'school' | 'order' | 'booking'. */
    kind: text('kind').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    subjectKind: text('subject_kind'),
    subjectRef: text('subject_ref'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_org_idx').on(t.organizationId, t.lastMessageAt),
    uniqueIndex('conversations_subject_key')
      .on(t.organizationId, t.subjectKind, t.subjectRef, t.createdBy)
      .where(sql`${t.subjectRef} is not null`),
    check('conversations_kind_check', sql`${t.kind} in ('school', 'order', 'booking')`),
  ],
);

/** Who is in a conversation, with their own read mark and archive. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'staff' | 'guardian' | 'office' | 'customer' | 'seller'. */
    side: text('side').notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'conversation_participants_pk', columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId, t.conversationId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The sender's key for one send: a retried send stores the message once. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', "body")`),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_client_key')
      .on(t.conversationId, t.senderId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'message_attachments_pk', columns: [t.messageId, t.uploadId] }),
    index('message_attachments_upload_idx').on(t.uploadId),
  ],
);
