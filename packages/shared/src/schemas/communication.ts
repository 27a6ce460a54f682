/**
 * Communication: the notification centre and its preferences, school announcements (audience,
 * channels, schedule, attachments, delivery report) and the school's SMS account. One schema
 * checks a form in the browser and the same request on the server.
 */

import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KIND_IDS, type TNotificationChannel } from '../constants/notifications.ts';
import { SCHOOL_STAFF_ROLES } from '../constants/roles.ts';
import { SCHOOL_GRADE_IDS } from '../constants/enumerations.ts';
import { normalizeSaPhone } from '../domain/sa-phone.ts';

export const COMMUNICATION_MESSAGES = {
  notificationNotFound: 'This notification was not found.',
  announcementNotFound: 'This announcement was not found.',
  titleRequired: 'Enter a title.',
  titleTooLong: 'Keep the title to 120 characters.',
  bodyRequired: 'Write the announcement.',
  bodyTooLong: 'Keep the announcement to 5 000 characters.',
  channelsRequired: 'Choose at least one way to send it.',
  audienceRequired: 'Choose who receives it.',
  gradeRequired: 'Choose a grade.',
  classRequired: 'Choose a class.',
  subjectClassRequired: 'Choose a subject class.',
  roleRequired: 'Choose a role.',
  familiesRequired: 'Choose at least one family.',
  audienceNotFound: 'That class, subject class or family is not at this school.',
  scheduleInPast: 'Choose a time in the future, or send it now.',
  scheduleTooFar: 'Schedule it within the next 12 months.',
  notCancellable: 'Only a scheduled announcement that has not been sent can be cancelled.',
  smsNotInPackage: 'SMS is included in the Enterprise packages. Upgrade your package to send SMS.',
  smsNotSetUp: 'Set up the school’s SMS account before sending SMS.',
  noRecipients: 'Nobody at the school matches this audience yet.',
  tooManyAttachments: 'Attach at most 5 files.',
  phoneInvalid: 'Enter a South African cell number, e.g. 082 123 4567.',
  usernameRequired: 'Enter the username or token ID of the school’s BulkSMS account.',
  secretRequired: 'Enter the password or token secret of the school’s BulkSMS account.',
  senderTooLong: 'A sender ID is at most 11 letters or digits.',
  smsAccountMissing: 'The school has no SMS account yet.',
  smsTestFailed: 'The SMS gateway refused the test message.',
  optOutNotFound: 'This number has not opted out.',
} as const;
const M = COMMUNICATION_MESSAGES;

// ---------------------------------------------------------------- notifications

export const ZNotificationKind = z.enum(NOTIFICATION_KIND_IDS);
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);

export const ZNotification = z.object({
  id: z.string(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = z.object({
  /** The id of the last notification of the previous page (keyset). */
  before: z.uuid().optional(),
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const ZNotificationPreference = z.object({
  kind: ZNotificationKind,
  in_app: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;
export const ZNotificationPreferencesSchema = z.object({
  preferences: z.array(ZNotificationPreference).min(1).max(20),
});
export type TNotificationChannels = Record<TNotificationChannel, boolean>;

// ---------------------------------------------------------------- announcements

export const ANNOUNCEMENT_CHANNELS = NOTIFICATION_CHANNELS;
export const ANNOUNCEMENT_ROLE_GROUPS = [
  { id: 'all_staff', label: 'All staff' },
  { id: 'teacher', label: 'Teachers' },
  ...SCHOOL_STAFF_ROLES.map((role) => ({
    id: role,
    label:
      {
        school_staff: 'School staff',
        accountant: 'Accountants',
        administrator: 'Administrators',
        human_resources: 'Human resources',
        payroll_admin: 'Payroll administrators',
        driver: 'Drivers',
        coach: 'Coaches',
        lunch_lady: 'Catering staff',
        school_shop_manager: 'School shop managers',
        librarian: 'Librarians',
      }[role] ?? role,
  })),
] as const;
export const ANNOUNCEMENT_ROLE_IDS = ANNOUNCEMENT_ROLE_GROUPS.map((r) => r.id) as [string, ...string[]];

export const ZAnnouncementAudience = z.discriminatedUnion('type', [
  z.object({ type: z.literal('school') }),
  z.object({ type: z.literal('grade'), grade: z.enum(SCHOOL_GRADE_IDS, { error: M.gradeRequired }) }),
  z.object({ type: z.literal('class'), classId: z.uuid({ error: M.classRequired }) }),
  z.object({ type: z.literal('subject_class'), subjectClassId: z.uuid({ error: M.subjectClassRequired }) }),
  z.object({ type: z.literal('role'), role: z.enum(ANNOUNCEMENT_ROLE_IDS, { error: M.roleRequired }) }),
  z.object({
    type: z.literal('families'),
    guardianIds: z.array(z.uuid()).min(1, M.familiesRequired).max(500),
  }),
]);
export type TAnnouncementAudience = z.infer<typeof ZAnnouncementAudience>;

export const ZAnnouncementSchema = z.object({
  title: z.string().trim().min(1, M.titleRequired).max(120, M.titleTooLong),
  body: z.string().trim().min(1, M.bodyRequired).max(5000, M.bodyTooLong),
  audience: ZAnnouncementAudience,
  channels: z.array(ZNotificationChannel).min(1, M.channelsRequired).max(3),
  /** ISO date-time; absent or null: now. */
  scheduledFor: z.iso.datetime({ offset: true }).nullable().optional(),
  attachmentIds: z.array(z.uuid()).max(5, M.tooManyAttachments).default([]),
});
export type TAnnouncementInput = z.input<typeof ZAnnouncementSchema>;

export const ZAnnouncementStatus = z.enum(['scheduled', 'sending', 'sent', 'cancelled']);
export const ZAttachment = z.object({ id: z.string(), name: z.string(), mimeType: z.string(), size: z.number() });

export const ZAnnouncementSummary = z.object({
  id: z.string(),
  title: z.string(),
  audienceLabel: z.string(),
  channels: z.array(ZNotificationChannel),
  status: ZAnnouncementStatus,
  scheduledFor: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  recipientCount: z.number(),
  createdByName: z.string().nullable(),
});
export type TAnnouncementSummary = z.infer<typeof ZAnnouncementSummary>;

const ZChannelReport = z.object({
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export const ZAnnouncementReport = z.object({
  inApp: z.object({ recipients: z.number(), read: z.number() }),
  email: ZChannelReport,
  sms: ZChannelReport.extend({ optedOut: z.number(), invalid: z.number() }),
});
export type TAnnouncementReport = z.infer<typeof ZAnnouncementReport>;

export const ZAnnouncementDetail = ZAnnouncementSummary.extend({
  body: z.string(),
  attachments: z.array(ZAttachment),
  report: ZAnnouncementReport,
});
export type TAnnouncementDetail = z.infer<typeof ZAnnouncementDetail>;

/** An announcement as its recipient reads it. */
export const ZReceivedAnnouncement = z.object({
  id: z.string(),
  schoolName: z.string(),
  title: z.string(),
  body: z.string(),
  sentAt: z.string(),
  attachments: z.array(ZAttachment),
});
export type TReceivedAnnouncement = z.infer<typeof ZReceivedAnnouncement>;

export const ZAudienceOptions = z.object({
  grades: z.array(z.object({ id: z.string(), label: z.string(), families: z.number() })),
  classes: z.array(z.object({ id: z.string(), label: z.string() })),
  subjectClasses: z.array(z.object({ id: z.string(), label: z.string() })),
  roles: z.array(z.object({ id: z.string(), label: z.string() })),
  smsAvailable: z.boolean(),
  smsReason: z.string().nullable(),
});
export type TAudienceOptions = z.infer<typeof ZAudienceOptions>;
export const ZFamilySearchQuery = z.object({ q: z.string().trim().max(80).default('') });
export const ZFamilyOption = z.object({ id: z.string(), name: z.string(), children: z.string() });

// ---------------------------------------------------------------- SMS account

/** A South African cell number in +27 form, or a clear refusal. */
export const ZSaCellNumber = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const e164 = normalizeSaPhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

export const SMS_PROVIDERS = [
  { id: 'sandbox', label: 'Sandbox (messages are kept for testing, not sent)' },
  { id: 'bulksms', label: 'BulkSMS (bulksms.com)' },
] as const;
export const ZSmsProvider = z.enum(['sandbox', 'bulksms']);

export const ZSmsAccountSchema = z
  .object({
    provider: ZSmsProvider,
    username: z.string().trim().max(200).default(''),
    /** Write-only; empty keeps the stored one. */
    secret: z.string().max(500).default(''),
    senderId: z
      .string()
      .trim()
      .max(11, M.senderTooLong)
      .regex(/^[A-Za-z0-9 ]*$/, M.senderTooLong)
      .default(''),
  })
  .superRefine((value, ctx) => {
    if (value.provider === 'bulksms' && !value.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: M.usernameRequired });
  });
export type TSmsAccountInput = z.input<typeof ZSmsAccountSchema>;

export const ZSmsAccount = z.object({
  provider: ZSmsProvider,
  username: z.string(),
  senderId: z.string(),
  /** Whether a secret is stored (its value is never answered). */
  hasSecret: z.boolean(),
  /** Where the gateway posts delivery reports and replies (STOP). */
  webhookUrl: z.string(),
  updatedAt: z.string(),
});
export type TSmsAccount = z.infer<typeof ZSmsAccount>;
export const ZSmsAccountState = z.object({
  account: ZSmsAccount.nullable(),
  packageIncludesSms: z.boolean(),
  packageName: z.string().nullable(),
});
export const ZSmsTestSchema = z.object({ to: ZSaCellNumber });
export const ZSmsTestResult = z.object({
  status: z.enum(['queued', 'sent', 'delivered', 'failed']),
  error: z.string().nullable(),
});
export const ZSmsOptOut = z.object({ phone: z.string(), source: z.enum(['inbound', 'manual']), createdAt: z.string() });
export const ZSmsOptOutSchema = z.object({ phone: ZSaCellNumber });

/** An SMS of the sandbox (development tools). */
export const ZSandboxSms = z.object({
  id: z.string(),
  schoolName: z.string(),
  to: z.string(),
  body: z.string(),
  purpose: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type TSandboxSms = z.infer<typeof ZSandboxSms>;
