import { z } from 'zod';
import {
  COMMUNICATION_MESSAGES as M,
  ZAnnouncementDetail,
  ZAnnouncementSchema,
  ZAnnouncementSummary,
  ZAudienceOptions,
  ZFamilyOption,
  ZFamilySearchQuery,
  ZNotification,
  ZNotificationPreference,
  ZNotificationPreferencesSchema,
  ZNotificationsQuery,
  ZReceivedAnnouncement,
  ZSandboxSms,
  ZSmsAccountSchema,
  ZSmsAccountState,
  ZSmsOptOut,
  ZSmsOptOutSchema,
  ZSmsTestResult,
  ZSmsTestSchema,
} from '../schemas/communication.ts';
import { contract } from './contract.ts';

const ZNotificationParams = z.object({ notificationId: z.uuid({ error: M.notificationNotFound }) });
const ZAnnouncementParams = z.object({ announcementId: z.uuid({ error: M.announcementNotFound }) });

/** The signed-in user's own notification centre (any account; prefix /api/notifications). */
export const notificationContracts = {
  list: contract({
    method: 'GET',
    path: '/api/notifications',
    query: ZNotificationsQuery,
    response: z.object({ notifications: z.array(ZNotification), unreadCount: z.number(), hasMore: z.boolean() }),
  }),
  unreadCount: contract({
    method: 'GET',
    path: '/api/notifications/unread-count',
    response: z.object({ unreadCount: z.number() }),
  }),
  markRead: contract({
    method: 'POST',
    path: '/api/notifications/:notificationId/read',
    params: ZNotificationParams,
    response: z.object({ unreadCount: z.number() }),
  }),
  markAllRead: contract({
    method: 'POST',
    path: '/api/notifications/read-all',
    response: z.object({ unreadCount: z.number() }),
  }),
  preferences: contract({
    method: 'GET',
    path: '/api/notifications/preferences',
    response: z.object({ preferences: z.array(ZNotificationPreference), hasPhone: z.boolean() }),
  }),
  savePreferences: contract({
    method: 'PUT',
    path: '/api/notifications/preferences',
    body: ZNotificationPreferencesSchema,
    response: z.object({ preferences: z.array(ZNotificationPreference), hasPhone: z.boolean() }),
  }),
};

/**
 * The school's announcements (prefix /api/school/announcements; manage_settings or manage_students),
 * and those a signed-in user received (/api/announcements/received).
 */
export const announcementContracts = {
  /** Announcements the caller received (parents, learners, staff), newest first. */
  receivedAnnouncements: contract({
    method: 'GET',
    path: '/api/announcements/received',
    response: z.object({ announcements: z.array(ZReceivedAnnouncement) }),
  }),
  receivedAnnouncement: contract({
    method: 'GET',
    path: '/api/announcements/received/:announcementId',
    params: ZAnnouncementParams,
    response: z.object({ announcement: ZReceivedAnnouncement }),
  }),
  /** An attachment's bytes, to a recipient of the announcement. */
  receivedAttachment: contract({
    method: 'GET',
    path: '/api/announcements/received/:announcementId/attachments/:uploadId',
    params: ZAnnouncementParams.extend({ uploadId: z.uuid({ error: M.announcementNotFound }) }),
    answer: 'file',
    response: z.string(),
  }),
  list: contract({
    method: 'GET',
    path: '/api/school/announcements',
    response: z.object({ announcements: z.array(ZAnnouncementSummary) }),
  }),
  create: contract({
    method: 'POST',
    path: '/api/school/announcements',
    body: ZAnnouncementSchema,
    status: 201,
    response: z.object({ announcement: ZAnnouncementSummary }),
  }),
  audienceOptions: contract({
    method: 'GET',
    path: '/api/school/announcements/audience-options',
    response: ZAudienceOptions,
  }),
  searchFamilies: contract({
    method: 'GET',
    path: '/api/school/announcements/families',
    query: ZFamilySearchQuery,
    response: z.object({ families: z.array(ZFamilyOption) }),
  }),
  get: contract({
    method: 'GET',
    path: '/api/school/announcements/:announcementId',
    params: ZAnnouncementParams,
    response: z.object({ announcement: ZAnnouncementDetail }),
  }),
  cancel: contract({
    method: 'POST',
    path: '/api/school/announcements/:announcementId/cancel',
    params: ZAnnouncementParams,
    response: z.object({ announcement: ZAnnouncementSummary }),
  }),
};

/** The school's own SMS account (prefix /api/school/sms-account; manage_settings). */
export const smsAccountContracts = {
  smsAccount: contract({
    method: 'GET',
    path: '/api/school/sms-account',
    response: ZSmsAccountState,
  }),
  saveSmsAccount: contract({
    method: 'PUT',
    path: '/api/school/sms-account',
    body: ZSmsAccountSchema,
    response: ZSmsAccountState,
  }),
  testSms: contract({
    method: 'POST',
    path: '/api/school/sms-account/test',
    body: ZSmsTestSchema,
    response: ZSmsTestResult,
  }),
  optOuts: contract({
    method: 'GET',
    path: '/api/school/sms-account/opt-outs',
    response: z.object({ optOuts: z.array(ZSmsOptOut) }),
  }),
  addOptOut: contract({
    method: 'POST',
    path: '/api/school/sms-account/opt-outs',
    body: ZSmsOptOutSchema,
    status: 201,
    response: z.object({ optOut: ZSmsOptOut }),
  }),
};

/**
 * Where the gateway posts delivery reports and replies (a JSON array of BulkSMS message objects),
 * server to server; the token names the school's account.
 */
export const smsWebhookContracts = {
  bulksms: contract({
    method: 'POST',
    path: '/api/sms/bulksms/:token',
    params: z.object({ token: z.string().min(16).max(100) }),
    response: z.object({ ok: z.literal(true), reports: z.number(), optOuts: z.number() }),
  }),
};

/** Development only (DEV_TOOLS): the SMS sandbox, beside the mail outbox. */
export const smsSandboxContracts = {
  messages: contract({
    method: 'GET',
    path: '/api/dev/sms',
    query: z.object({
      to: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ messages: z.array(ZSandboxSms) }),
  }),
};
