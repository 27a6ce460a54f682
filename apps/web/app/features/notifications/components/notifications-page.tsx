import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { notificationsQuery, useMarkAllRead, useMarkRead } from '../api/notification-queries';
import { NotificationList } from './notification-list';

/** Every notification of the signed-in user, a page at a time, newest first. */
export function NotificationsPage() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const page = useQuery(notificationsQuery(20, before));
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="text-sm text-slate-600">
            Choose what reaches you, and how, on your{' '}
            <Link to={paths.communication.accountSettings} className="text-brand-700 underline">
              account settings
            </Link>
            .
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={!page.data?.unreadCount || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <section aria-label="Notifications" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {page.isPending ? (
          <LoadingSpinner className="py-6" />
        ) : page.isError ? (
          <p role="alert" className="p-4 text-sm text-red-800">
            {errorMessage(page.error)}
          </p>
        ) : (
          <NotificationList
            notifications={page.data.notifications}
            onOpen={(n) => !n.readAt && markRead.mutate(n.id)}
          />
        )}
      </section>
      <div className="flex gap-2">
        {cursors.length > 1 && (
          <Button variant="secondary" onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
        )}
        {page.data?.hasMore && (
          <Button variant="secondary" onClick={() => setCursors((c) => [...c, page.data.notifications.at(-1)!.id])}>
            Older
          </Button>
        )}
      </div>
    </div>
  );
}
