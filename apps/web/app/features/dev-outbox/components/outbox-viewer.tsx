import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Inbox, RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { ApiError } from '~/lib/api-client';
import { cn } from '~/lib/cn';
import { useOutboxMessages, type TOutboxMessage } from '../api/get-outbox-messages';

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/**
 * The development outbox: what the platform "sent" while mail goes to the database.
 * Filter by recipient (?to=), open a message (?id=) to read it with working links.
 */
export function OutboxViewer() {
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const selectedId = searchParams.get('id');
  const [filter, setFilter] = useState(to);
  const outbox = useOutboxMessages(to);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  if (outbox.error instanceof ApiError && outbox.error.code === 'NOT_FOUND') {
    return (
      <Alert variant="warning" role="status">
        <AlertTitle>The outbox is not available</AlertTitle>
        <AlertDescription>
          This server sends real e-mail or runs in production, so there is no development outbox to read. Check the mailbox the mail was
          sent to instead.
        </AlertDescription>
      </Alert>
    );
  }

  const messages = outbox.data?.messages ?? [];
  const selected = messages.find((message) => message.id === selectedId) ?? null;

  return (
    <div className="space-y-6">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          update({ to: filter.trim() || null, id: null });
        }}
      >
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="outbox-to">Recipient</Label>
          <Input id="outbox-to" type="search" placeholder="Every recipient" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">Filter</Button>
          {to && (
            <Button
              variant="secondary"
              onClick={() => {
                setFilter('');
                update({ to: null, id: null });
              }}
            >
              Show all
            </Button>
          )}
          <Button variant="ghost" onClick={() => void outbox.refetch()} aria-label="Refresh">
            <RefreshCw className={cn(outbox.isFetching && 'animate-spin')} aria-hidden="true" />
          </Button>
        </div>
      </form>

      {outbox.isPending ? (
        <LoadingSpinner label="Loading the outbox..." />
      ) : outbox.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>The outbox could not be loaded</AlertTitle>
          <AlertDescription>{outbox.error.message}</AlertDescription>
        </Alert>
      ) : messages.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 py-16 text-slate-600">
          <Inbox className="size-8" aria-hidden="true" />
          <p>{to ? `No mail to ${to} yet.` : 'No mail has been sent yet.'}</p>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-5">
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white lg:col-span-2" aria-label="Messages, newest first">
            {messages.map((message) => (
              <li key={message.id}>
                <button
                  type="button"
                  onClick={() => update({ id: message.id })}
                  aria-current={message.id === selectedId ? 'true' : undefined}
                  className={cn('block w-full px-4 py-3 text-left hover:bg-slate-50', message.id === selectedId && 'bg-brand-50')}
                >
                  <span className="block truncate font-medium text-slate-900">{message.subject}</span>
                  <span className="block truncate text-sm text-slate-600">To {message.to}</span>
                  <span className="block text-xs text-slate-500">{formatTime(message.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="lg:col-span-3">
            {selected ? (
              <MessageView message={selected} />
            ) : (
              <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">Open a message to read it.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function MessageView({ message }: { message: TOutboxMessage }) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6" aria-labelledby="outbox-message-subject">
      <h2 id="outbox-message-subject" className="text-lg font-semibold text-slate-900">
        {message.subject}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
        <dt>To</dt>
        <dd className="text-slate-900">{message.to}</dd>
        <dt>Sent</dt>
        <dd>{formatTime(message.createdAt)}</dd>
        {message.tag && (
          <>
            <dt>Kind</dt>
            <dd>
              <Badge>{message.tag}</Badge>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 border-t border-slate-200 pt-4 font-mono text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
        <LinkifiedText text={message.text} />
      </div>
    </article>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's text with every URL as a working link. */
function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  );
}
