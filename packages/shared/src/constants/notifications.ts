/**
 * What the notification centre tells a user about, and on which channels by default. A user
 * changes the channels per kind on their account settings; SMS is off by default because the
 * school pays for every message, except for announcements, where the school chose SMS itself.
 */

import type { IOption } from '../domain/options.ts';

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'sms'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<TNotificationChannel, string> = {
  in_app: 'In the app',
  email: 'E-mail',
  sms: 'SMS',
};

export const NOTIFICATION_KINDS = [
  { id: 'absence', label: 'Absences', defaults: { in_app: true, email: true, sms: false } },
  { id: 'assignment', label: 'New assignments', defaults: { in_app: true, email: false, sms: false } },
  { id: 'marks', label: 'Released marks', defaults: { in_app: true, email: true, sms: false } },
  { id: 'invoice', label: 'Invoices', defaults: { in_app: true, email: true, sms: false } },
  { id: 'payment', label: 'Payments received', defaults: { in_app: true, email: true, sms: false } },
  { id: 'message', label: 'Messages', defaults: { in_app: true, email: true, sms: false } },
  { id: 'event', label: 'Event reminders', defaults: { in_app: true, email: true, sms: false } },
  { id: 'order', label: 'Order updates', defaults: { in_app: true, email: true, sms: false } },
  { id: 'announcement', label: 'School announcements', defaults: { in_app: true, email: true, sms: true } },
  { id: 'transport', label: 'School transport', defaults: { in_app: true, email: true, sms: false } },
] as const satisfies readonly (IOption & { defaults: Record<TNotificationChannel, boolean> })[];
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number]['id'];
export const NOTIFICATION_KIND_IDS = NOTIFICATION_KINDS.map((k) => k.id) as [TNotificationKind, ...TNotificationKind[]];

export function notificationDefaults(kind: TNotificationKind): Record<TNotificationChannel, boolean> {
  return NOTIFICATION_KINDS.find((k) => k.id === kind)!.defaults;
}

/** How often an open dashboard asks for its unread count when nothing else prompts it. */
export const NOTIFICATION_POLL_MS = 60_000;
