import { Link } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { cn } from '~/lib/cn';
import { unreadQuery } from '../api/message-keys';
import { useRealtimeMessages } from '../hooks/use-realtime-messages';
import { messagesPathFor } from '../lib/messages-access';

/** "3 unread messages" for a screen reader; the badge shows the number. */
function unreadLabel(count: number) {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

/**
 * The top bar's Messages link with the unread count, kept live by the user's event stream (which
 * this opens for the whole dashboard, so open threads update too).
 */
export function MessagesLink({ role, className }: { role: string | null; className?: string }) {
  const to = messagesPathFor(role);
  useRealtimeMessages(to !== null);
  const { data } = useQuery({ ...unreadQuery, enabled: to !== null });
  if (!to) return null;
  const count = data?.messages ?? 0;
  return (
    <Link
      to={to}
      className={cn(
        'relative inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3',
        className,
      )}
      data-testid="messages-link"
    >
      <MessageSquare className="size-4" aria-hidden="true" />
      {/* Only the icon on a phone's top bar; the name is still read. */}
      <span className="sr-only sm:not-sr-only">Messages</span>
      {count > 0 && (
        <span
          className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white"
          data-testid="messages-unread"
        >
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="sr-only">{unreadLabel(count)}</span>
        </span>
      )}
    </Link>
  );
}

/** The sidebar's count beside its Messages item (the same live query as the top bar). */
export function SidebarUnreadCount() {
  const { data } = useQuery(unreadQuery);
  const count = data?.messages ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  );
}
