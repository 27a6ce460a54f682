import { Link } from 'react-router';
import type { TNotification } from '@sekolo/shared/schemas/communication';
import { NOTIFICATION_KINDS } from '@sekolo/shared/constants/notifications';
import { cn } from '~/lib/cn';

const WHEN = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
});
export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
const kindLabel = (kind: string) => NOTIFICATION_KINDS.find((k) => k.id === kind)?.label ?? kind;

/** Notifications, newest first: each a link to the thing it is about, unread ones marked. */
export function NotificationList({
  notifications,
  onOpen,
  compact = false,
}: {
  notifications: TNotification[];
  onOpen: (notification: TNotification) => void;
  compact?: boolean;
}) {
  if (!notifications.length) return <p className="px-4 py-6 text-sm text-slate-600">No notifications yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="notification-list">
      {notifications.map((n) => {
        const body = (
          <>
            <span className="flex items-start justify-between gap-2">
              <span className={cn('text-sm text-slate-900', !n.readAt && 'font-semibold')}>{n.title}</span>
              {!n.readAt && (
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" role="img" />
              )}
            </span>
            {!compact && n.body && <span className="mt-0.5 block text-sm text-slate-700">{n.body}</span>}
            <span className="mt-0.5 block text-xs text-slate-500">
              {kindLabel(n.kind)} · {formatWhen(n.createdAt)}
            </span>
          </>
        );
        const className = 'block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50';
        return (
          <li key={n.id}>
            {n.link ? (
              <Link to={n.link} className={className} onClick={() => onOpen(n)}>
                {body}
              </Link>
            ) : (
              <button type="button" className={cn(className, 'w-full text-left')} onClick={() => onOpen(n)}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
