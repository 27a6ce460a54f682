import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';

/**
 * One notification of one user (modules/notifications): what the bell lists when `channels` holds
 * 'in_app', and what was mailed or texted. `event_key` makes a repeated event one row: the unique
 * (user, event key) is what keeps a retried job or a repeated call from notifying twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`sekolo_uuid_v7()`),
    /** No foreign key (a whole school's announcement writes one row per family): a trigger on users deletes a user's rows. */
    userId: text('user_id').notNull(),
    /** The school it came from (no foreign key: a whole school's announcement writes one row per family). */
    organizationId: uuid('organization_id'),
    /** A NOTIFICATION_KINDS id of the shared constants. */
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A path of the web app to open the thing it is about. */
    link: text('link'),
    /** The channels the user's preferences chose when it was made: 'in_app', 'email', 'sms'. */
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{in_app}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its e-mail was written to the outbox; its SMS sent. */
    emailAt: timestamp('email_at', { withTimezone: true }),
    smsAt: timestamp('sms_at', { withTimezone: true }),
    /** An e-mail or SMS of it is still to be sent (the delivery job's work list). */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.pending}`),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('absence', 'assignment', 'marks', 'invoice', 'payment', 'message', 'event', 'order', 'announcement', 'transport')`,
    ),
  ],
);

/** A user's choice of channels for one kind; no row: the kind's defaults (NOTIFICATION_KINDS). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.kind] })],
);

/**
 * The school's own SMS account (spec 9: "the school's own third-party messaging account"): the
 * sandbox, or a gateway with the school's credentials. `secret` is written, never answered.
 */
export const smsAccounts = pgTable(
  'sms_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'sandbox' | 'bulksms'>().notNull(),
    username: text('username').notNull().default(''),
    secret: text('secret').notNull().default(''),
    senderId: text('sender_id').notNull().default(''),
    /** Names the account in the gateway's webhook address (delivery reports and replies). */
    webhookToken: text('webhook_token').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_accounts_webhook_token_key').on(t.webhookToken),
    check('sms_accounts_provider_check', sql`${t.provider} in ('sandbox', 'bulksms')`),
  ],
);

/** Every SMS a school's account sent (the sandbox's are its readable outbox), with its delivery status. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`sekolo_uuid_v7()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** +27 form. */
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').$type<'announcement' | 'notification' | 'test'>().notNull(),
    status: text('status').$type<'queued' | 'sent' | 'delivered' | 'failed'>().notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('sms_messages_provider_id_key')
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check('sms_messages_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    check('sms_messages_purpose_check', sql`${t.purpose} in ('announcement', 'notification', 'test')`),
  ],
);

/** Numbers that asked the school for no more SMS (an inbound STOP, or recorded by the school). */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    source: text('source').$type<'inbound' | 'manual'>().notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sms_opt_outs_pkey', columns: [t.organizationId, t.phone] }),
    check('sms_opt_outs_source_check', sql`${t.source} in ('inbound', 'manual')`),
  ],
);

/** A school announcement (modules/announcements): its audience, channels, schedule and files. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A TAnnouncementAudience of the shared schema. */
    audience: jsonb('audience').notNull(),
    audienceLabel: text('audience_label').notNull(),
    channels: text('channels').array().notNull(),
    attachmentIds: uuid('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').$type<'scheduled' | 'sending' | 'sent' | 'cancelled'>().notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_org_created_idx').on(t.organizationId, t.createdAt),
    check('announcements_status_check', sql`${t.status} in ('scheduled', 'sending', 'sent', 'cancelled')`),
  ],
);

/**
 * Who an announcement reached: a family ('g:' guardian), a staff member or learner ('u:' user),
 * expanded in SQL when it is sent. The e-mail and SMS written for each are found by `mail_id`
 * (outbox_messages) and `sms_message_id` (sms_messages), whose status is the delivery report.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    recipientKey: text('recipient_key').notNull(),
    guardianId: uuid('guardian_id'),
    userId: text('user_id'),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    notificationId: uuid('notification_id'),
    emailStatus: text('email_status').$type<'none' | 'skipped' | 'queued' | 'written'>().notNull(),
    mailId: uuid('mail_id'),
    smsStatus: text('sms_status')
      .$type<'none' | 'skipped' | 'queued' | 'written' | 'invalid' | 'opted_out'>()
      .notNull(),
    smsMessageId: uuid('sms_message_id'),
  },
  (t) => [
    primaryKey({ name: 'announcement_recipients_pkey', columns: [t.announcementId, t.recipientKey] }),
    index('announcement_recipients_user_idx')
      .on(t.userId, t.announcementId)
      .where(sql`${t.userId} is not null`),
    check('announcement_recipients_email_check', sql`${t.emailStatus} in ('none', 'skipped', 'queued', 'written')`),
    check(
      'announcement_recipients_sms_check',
      sql`${t.smsStatus} in ('none', 'skipped', 'queued', 'written', 'invalid', 'opted_out')`,
    ),
  ],
);
