import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, PenSquare, Search } from 'lucide-react';
import type { TConversationSummary } from '@sekolo/shared/schemas/messages';
import { Button } from '~/components/ui/button';
import { PressedButtons } from '~/components/ui/pressed-buttons';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { cn } from '~/lib/cn';
import { conversationsQuery, searchQuery } from '../api/message-queries';
import { messageTime, messageTimeInFull } from '../lib/message-time';
import { ThreadView } from './thread-view';
import { NewConversation } from './new-conversation';

const BOXES = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'archived', label: 'Archived' },
] as const;

/**
 * The conversations of the signed-in person (every dashboard has this page): the list with unread
 * counts, search and the archive on one side, the open conversation (`?c=`) or a new one (`?new=1`,
 * for those who may start one) on the other. On a phone one side shows at a time.
 */
export function MessagesPage({ canStart, intro, me }: { canStart: boolean; intro: string; me: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const open = params.get('c');
  const starting = canStart && params.get('new') === '1';
  const [box, setBox] = useState<'inbox' | 'archived'>('inbox');
  const [q, setQ] = useState('');
  const detailShown = Boolean(open) || starting;
  const go = (next: Record<string, string>) => setParams(next, { preventScrollReset: true });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
        {canStart && (
          <Button onClick={() => go({ new: '1' })}>
            <PenSquare aria-hidden="true" />
            New message
          </Button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <section
          aria-label="Conversations"
          className={cn(
            'min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-3',
            detailShown && 'hidden md:block',
          )}
        >
          <div className="relative">
            <label htmlFor="message-search" className="sr-only">
              Search messages
            </label>
            <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden="true" />
            <Input
              id="message-search"
              type="search"
              placeholder="Search messages"
              className="pl-9"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
          {q.trim().length >= 2 ? (
            <SearchResults q={q.trim()} onOpen={(id) => go({ c: id })} />
          ) : (
            <>
              <PressedButtons label="Show" options={BOXES} value={box} onChange={setBox} quiet />
              <ConversationList box={box} openId={open} onOpen={(id) => go({ c: id })} />
            </>
          )}
        </section>
        <section
          aria-label={starting ? 'New message' : 'Conversation'}
          className={cn('min-w-0 rounded-xl border border-slate-200 bg-white', !detailShown && 'hidden md:block')}
        >
          {detailShown && (
            <div className="border-b border-slate-200 p-2 md:hidden">
              <Button variant="ghost" size="sm" onClick={() => go({})}>
                <ArrowLeft aria-hidden="true" />
                All conversations
              </Button>
            </div>
          )}
          {starting ? (
            <NewConversation onStarted={(id) => go({ c: id })} onCancel={() => go({})} />
          ) : open ? (
            <ThreadView key={open} conversationId={open} me={me} />
          ) : (
            <p className="p-8 text-center text-sm text-slate-600">Choose a conversation to read it.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function names(conversation: TConversationSummary): string {
  const office = conversation.with.filter((p) => p.side === 'office');
  const others = conversation.with.filter((p) => p.side !== 'office').map((p) => p.name);
  return [...(office.length > 1 ? ['School office'] : office.map((p) => p.name)), ...others].join(', ') || 'Only you';
}

function ConversationList({
  box,
  openId,
  onOpen,
}: {
  box: 'inbox' | 'archived';
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const { data, isPending, error } = useQuery(conversationsQuery(box));
  if (isPending) return <LoadingSpinner label="Loading conversations" />;
  if (error)
    return (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  if (data.conversations.length === 0)
    return (
      <p className="p-4 text-center text-sm text-slate-600">
        {box === 'inbox' ? 'No messages yet' : 'No archived conversations'}
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100" data-testid="conversation-list">
      {data.conversations.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onOpen(c.id)}
            aria-current={c.id === openId ? 'true' : undefined}
            className={cn(
              'block w-full rounded-lg p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700',
              c.id === openId && 'bg-brand-50',
            )}
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className={cn('min-w-0 truncate text-sm text-slate-900', c.unreadCount > 0 && 'font-bold')}>
                {names(c)}
              </span>
              <time
                className="shrink-0 text-xs text-slate-600"
                dateTime={c.lastMessageAt}
                title={messageTimeInFull(c.lastMessageAt)}
              >
                {messageTime(c.lastMessageAt)}
              </time>
            </span>
            <span className="flex items-center justify-between gap-2">
              <span
                className={cn(
                  'min-w-0 truncate text-sm',
                  c.unreadCount > 0 ? 'font-semibold text-slate-900' : 'text-slate-700',
                )}
              >
                {c.subject}
              </span>
              {c.unreadCount > 0 && (
                <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
                  {c.unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </span>
            {c.lastMessage && (
              <span className="block truncate text-sm text-slate-600">
                {c.lastMessage.mine ? 'You: ' : ''}
                {c.lastMessage.body}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

function SearchResults({ q, onOpen }: { q: string; onOpen: (id: string) => void }) {
  const { data, isPending, error } = useQuery(searchQuery(q));
  if (isPending) return <LoadingSpinner label="Searching" />;
  if (error)
    return (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  if (data.results.length === 0)
    return <p className="p-4 text-center text-sm text-slate-600">No messages match “{q}”.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Search results">
      {data.results.map((r) => (
        <li key={`${r.conversationId}-${r.messageId ?? 'subject'}`}>
          <button
            type="button"
            onClick={() => onOpen(r.conversationId)}
            className="block w-full rounded-lg p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 truncate text-sm font-semibold text-slate-900">{r.subject}</span>
              <time className="shrink-0 text-xs text-slate-600" dateTime={r.sentAt}>
                {messageTime(r.sentAt)}
              </time>
            </span>
            <span className="block text-sm text-slate-700">
              {r.senderName ? `${r.senderName}: ` : ''}
              {r.snippet}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
