import type { TAnnouncementSummary } from '@sekolo/shared/schemas/communication';
import { NOTIFICATION_CHANNEL_LABELS } from '@sekolo/shared/constants/notifications';

const WHEN = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
});
export const formatWhen = (iso: string) => WHEN.format(new Date(iso));

export const STATUS_LABELS: Record<TAnnouncementSummary['status'], string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const channelsText = (channels: TAnnouncementSummary['channels']) =>
  channels.map((c) => NOTIFICATION_CHANNEL_LABELS[c]).join(', ');

/** What the list says of when: sent, scheduled for, or cancelled. */
export function whenText(a: TAnnouncementSummary): string {
  if (a.status === 'scheduled' && a.scheduledFor) return `Scheduled for ${formatWhen(a.scheduledFor)}`;
  if (a.status === 'cancelled') return 'Cancelled';
  return a.sentAt ? `Sent ${formatWhen(a.sentAt)}` : '';
}
