import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid, jsonb, index } from 'drizzle-orm/pg-core';

/** Mail the embedded outbox keeps instead of sending; also a record of what SMTP sent. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    /** Time-ordered (UUID version 7, migration 0022): new rows land at the primary key's right edge. */
    id: uuid('id')
      .primaryKey()
      .default(sql`sekolo_uuid_v7()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    tag: text('tag'),
    /** Files sent with the mail (a calendar invite), their content base64 (migration 0061). */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'kept': the embedded outbox, where the mail stays for developers to read. With SMTP the table
     * is a queue (platform/mail/mailer.ts): 'pending' until delivered ('sent', its subject and body then
     * cleared), retried after each failure until 'failed'; 'sending' while a process delivers it.
     */
    status: text('status').notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_messages_to_idx').on(t.to, t.createdAt),
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    check('outbox_messages_status_check', sql`${t.status} in ('kept', 'pending', 'sending', 'sent', 'failed')`),
  ],
);

/** Small key/value facts about this installation (e.g. when the demo data was loaded). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
