import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Bell } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_CREATED_EVENT, REALTIME_RESET } from '@sekolo/shared/contracts/realtime';
import { paths } from '~/config/paths';
import { useRealtimeEvents } from '~/lib/realtime';
import { cn } from '~/lib/cn';
import {
  NOTIFICATIONS_KEY,
  notificationsQuery,
  unreadCountQuery,
  useMarkAllRead,
  useMarkRead,
} from '../api/notification-queries';
import { NotificationList } from './notification-list';

/**
 * Where a pushed event lands: anything that learns of a new notification (the user's event stream,
 * each navigation) calls this, and the bell and any open list ask again.
 */
export function refreshNotifications(client: ReturnType<typeof useQueryClient>): Promise<void> {
  return client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

/**
 * The bell in the dashboard's top bar: the unread count, and a panel with the latest
 * notifications (each a link to its thing, read when opened), "Mark all as read" and the link to
 * every notification. A disclosure: Escape or a click outside closes it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const client = useQueryClient();
  const { pathname } = useLocation();
  const unread = useQuery(unreadCountQuery);
  const list = useQuery({ ...notificationsQuery(8), enabled: open });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;

  // A new notification arrives on the user's event stream (notify() publishes it): ask again.
  useRealtimeEvents(true, {
    [NOTIFICATION_CREATED_EVENT]: () => void refreshNotifications(client),
    [REALTIME_RESET]: () => void refreshNotifications(client),
  });

  // Each navigation asks again (and closes the panel).
  useEffect(() => {
    setOpen(false);
    void refreshNotifications(client);
  }, [pathname, client]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 && (
          <span
            data-testid="notification-count"
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[0.65rem] leading-4 font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <div
        id={panelId}
        data-testid="notification-panel"
        hidden={!open}
        className={cn(
          'absolute right-0 z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg',
        )}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline disabled:text-slate-400 disabled:no-underline"
            disabled={count === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </button>
        </div>
        <div className="max-h-96 overflow-y-auto">
          {list.isPending ? (
            <p className="px-4 py-6 text-sm text-slate-600">Loading…</p>
          ) : list.isError ? (
            <p role="alert" className="px-4 py-6 text-sm text-red-800">
              Could not load notifications.
            </p>
          ) : (
            <NotificationList
              compact
              notifications={list.data.notifications}
              onOpen={(n) => {
                if (!n.readAt) markRead.mutate(n.id);
                setOpen(false);
              }}
            />
          )}
        </div>
        <div className="flex justify-between border-t border-slate-100 px-4 py-2 text-sm">
          <Link
            to={paths.communication.notifications}
            className="font-medium text-brand-700 underline"
            onClick={() => setOpen(false)}
          >
            All notifications
          </Link>
          <Link
            to={paths.communication.accountSettings}
            className="text-slate-700 underline"
            onClick={() => setOpen(false)}
          >
            Settings
          </Link>
        </div>
      </div>
    </div>
  );
}
