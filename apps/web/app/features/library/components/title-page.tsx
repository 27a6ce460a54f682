import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { libraryContracts as api } from '@sekolo/shared/contracts/library';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { bookLanguageLabel, copyStatusLabel, type TBorrower } from '@sekolo/shared/schemas/library';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { paths } from '~/config/paths';
import { urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { titleQuery, useAddCopies, useCancelHold, usePlaceHold, useSetCopyStatus } from '../api/library-queries';
import { BorrowerPicker } from './borrower-picker';
import { TitleForm } from './title-form';

/** One title: its details, its copies and who has each, its holds, more copies and their labels. */
export function LibraryTitlePage({ titleId }: { titleId: string }) {
  const id = useId();
  const detail = useQuery(titleQuery(titleId));
  const addCopies = useAddCopies();
  const setStatus = useSetCopyStatus();
  const placeHold = usePlaceHold();
  const cancelHold = useCancelHold();
  const [editing, setEditing] = useState(false);
  const [count, setCount] = useState('1');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const say = (ok: boolean, text: string) => setMessage({ ok, text });
  if (detail.isPending) return <p className="text-slate-600">Loading…</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(detail.error)}
      </p>
    );
  const { title, copies, holds } = detail.data;
  const holdFor = (borrower: TBorrower) =>
    placeHold.mutate(
      { titleId, borrower: { kind: borrower.kind, id: borrower.id } },
      {
        onSuccess: () => say(true, `${borrower.name} is in the queue for “${title.title}”.`),
        onError: (error) => say(false, errorMessage(error)),
      },
    );
  return (
    <div className="space-y-6">
      <p>
        <Link to={paths.library.school} className="text-brand-700 underline">
          Library
        </Link>
      </p>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{title.title}</h1>
        <p className="text-slate-700">
          {title.author}
          {title.publisher ? ` · ${title.publisher}` : ''}
          {title.year ? `, ${title.year}` : ''} · {bookLanguageLabel(title.language)}
          {title.subject ? ` · ${title.subject}` : ''}
          {title.isbn ? ` · ISBN ${title.isbn}` : ''}
        </p>
        <p className="text-slate-700">
          {title.available} of {title.copies} copies on the shelf.
        </p>
      </header>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? 'text-green-800' : 'text-red-700'}>{message.text}</p> : null}
      </div>
      {editing ? (
        <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label="Edit the title">
          <TitleForm title={title} onDone={() => setEditing(false)} />
        </section>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit title
          </Button>
          <a
            className="inline-flex items-center font-semibold text-brand-700 underline"
            href={urlOf(api.labels, { query: { titleId } })}
            download
          >
            Download labels (PDF)
          </a>
        </div>
      )}

      <section aria-labelledby={`${id}-copies`} className="space-y-3">
        <h2 id={`${id}-copies`} className="text-xl font-semibold text-slate-900">
          Copies
        </h2>
        {copies.length === 0 ? <p className="text-slate-600">No copies yet.</p> : null}
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Copies">
          {copies.map((copy) => (
            <li key={copy.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <p className="font-mono font-semibold text-slate-900">{copy.barcode}</p>
                <p className="text-sm text-slate-700">
                  {copyStatusLabel(copy.status)}
                  {copy.borrower ? `: ${copy.borrower.name}` : ''}
                  {copy.dueOn ? `, due ${formatDate(copy.dueOn)}` : ''}
                </p>
              </div>
              {copy.status === 'available' ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setStatus.mutate({ copyId: copy.id, status: 'lost' })}
                  >
                    Mark lost
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setStatus.mutate({ copyId: copy.id, status: 'withdrawn' })}
                  >
                    Withdraw
                  </Button>
                </div>
              ) : copy.status === 'lost' || copy.status === 'withdrawn' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setStatus.mutate({ copyId: copy.id, status: 'available' })}
                >
                  Back on the shelf
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Add copies"
          onSubmit={(event) => {
            event.preventDefault();
            addCopies.mutate(
              { titleId, count: Number(count) },
              {
                onSuccess: ({ copies: made }) =>
                  say(true, `Added ${made.map((c) => c.barcode).join(', ')}. Print their labels.`),
                onError: (error) => say(false, errorMessage(error)),
              },
            );
          }}
        >
          <FormField id={`${id}-count`} label="New copies">
            <Input inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} className="w-24" />
          </FormField>
          <Button type="submit" disabled={addCopies.isPending}>
            Add copies
          </Button>
        </form>
      </section>

      <section aria-labelledby={`${id}-holds`} className="space-y-3">
        <h2 id={`${id}-holds`} className="text-xl font-semibold text-slate-900">
          Holds
        </h2>
        {holds.length === 0 ? (
          <p className="text-slate-600">Nobody is waiting for this title.</p>
        ) : (
          <ol className="space-y-2" aria-label="Queue">
            {holds.map((hold) => (
              <li
                key={hold.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-100 p-2"
              >
                <span>
                  {hold.borrower.name} ·{' '}
                  {hold.status === 'ready'
                    ? `set aside (${hold.barcode}), collect by ${formatDate(hold.collectBy!)}`
                    : `waiting since ${formatDateOfInstant(hold.placedAt)}`}
                </span>
                <Button size="sm" variant="secondary" onClick={() => cancelHold.mutate(hold.id)}>
                  Cancel hold
                </Button>
              </li>
            ))}
          </ol>
        )}
        {title.available === 0 && title.copies > 0 ? (
          <BorrowerPicker label="Place a hold for" onPick={holdFor} />
        ) : null}
      </section>
    </div>
  );
}
