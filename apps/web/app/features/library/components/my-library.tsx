import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { bookLanguageLabel, type TLoan } from '@sekolo/shared/schemas/library';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { errorMessage } from '~/lib/server-field-errors';
import {
  childrenLoansQuery,
  myCatalogueQuery,
  myLibraryQuery,
  useCancelMyHold,
  usePlaceMyHold,
} from '../api/library-queries';

/** A learner's library: search the catalogue, their loans with due dates, their holds. */
export function MyLibrary() {
  const id = useId();
  const [q, setQ] = useState('');
  const mine = useQuery(myLibraryQuery);
  const catalogue = useQuery(myCatalogueQuery({ q: q.trim() || undefined, limit: 25 }));
  const placeHold = usePlaceMyHold();
  const cancelHold = useCancelMyHold();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const current = (mine.data?.loans ?? []).filter((l) => !l.returnedAt);
  const heldTitles = new Set((mine.data?.holds ?? []).map((h) => h.titleId));
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">My Library</h1>
        <p className="text-slate-700">
          Find a book, see what you have out and when it is due, and hold a book that is out.
        </p>
      </header>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? 'text-green-800' : 'text-red-700'}>{message.text}</p> : null}
      </div>
      <section aria-labelledby={`${id}-loans`} className="space-y-3">
        <h2 id={`${id}-loans`} className="text-xl font-semibold text-slate-900">
          My loans
        </h2>
        {mine.isPending ? (
          <p className="text-slate-600">Loading…</p>
        ) : mine.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(mine.error)}
          </p>
        ) : current.length === 0 ? (
          <p className="text-slate-600">You have no library books out.</p>
        ) : (
          <LoanList loans={current} label="My loans" />
        )}
      </section>
      <section aria-labelledby={`${id}-holds`} className="space-y-3">
        <h2 id={`${id}-holds`} className="text-xl font-semibold text-slate-900">
          My holds
        </h2>
        {(mine.data?.holds ?? []).length === 0 ? (
          <p className="text-slate-600">
            No holds. Hold a book that is out and the library keeps the next copy for you.
          </p>
        ) : (
          <ul className="space-y-2" aria-label="My holds">
            {mine.data!.holds.map((hold) => (
              <li
                key={hold.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span>
                  <span className="font-medium text-slate-900">{hold.title}</span>{' '}
                  {hold.status === 'ready' ? (
                    <Badge variant="accent">Ready: collect by {formatDate(hold.collectBy!)}</Badge>
                  ) : (
                    <span className="text-sm text-slate-700">
                      Waiting since {formatDateOfInstant(hold.placedAt)}, {hold.position ?? 0} ahead of you
                    </span>
                  )}
                </span>
                <Button size="sm" variant="secondary" onClick={() => cancelHold.mutate(hold.id)}>
                  Cancel hold
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-find`} className="space-y-3">
        <h2 id={`${id}-find`} className="text-xl font-semibold text-slate-900">
          Find a book
        </h2>
        <FormField id={`${id}-q`} label="Search the catalogue">
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Title, author or ISBN" />
        </FormField>
        {catalogue.isPending ? (
          <p className="text-slate-600">Loading…</p>
        ) : catalogue.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(catalogue.error)}
          </p>
        ) : catalogue.data.titles.length === 0 ? (
          <p className="text-slate-600">No books match.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Books">
            {catalogue.data.titles.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium text-slate-900">{t.title}</p>
                  <p className="text-sm text-slate-700">
                    {t.author} · {bookLanguageLabel(t.language)} ·{' '}
                    {t.available > 0 ? `${t.available} on the shelf` : 'all copies out'}
                  </p>
                </div>
                {t.available === 0 && t.copies > 0 && !heldTitles.has(t.id) ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={placeHold.isPending}
                    aria-label={`Hold ${t.title}`}
                    onClick={() =>
                      placeHold.mutate(t.id, {
                        onSuccess: () => setMessage({ ok: true, text: `You are in the queue for “${t.title}”.` }),
                        onError: (error) => setMessage({ ok: false, text: errorMessage(error) }),
                      })
                    }
                  >
                    Hold
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function LoanList({ loans, label }: { loans: TLoan[]; label: string }) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {loans.map((loan) => (
        <li key={loan.id} className="rounded-lg border border-slate-200 bg-white p-3">
          <span className="font-medium text-slate-900">{loan.title}</span>{' '}
          <span className="text-sm text-slate-700">
            by {loan.author}, due {formatDate(loan.dueOn)}
          </span>{' '}
          {loan.overdue ? <Badge variant="accent">Overdue</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/** The parent dashboard's card: what each child has out of the school library, and when it is due. */
export function ChildrenLibraryLoans() {
  const children = useQuery(childrenLoansQuery);
  if (children.isPending || children.isError || children.data.length === 0) return null;
  return (
    <section aria-labelledby="children-library" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="children-library" className="text-lg font-semibold text-slate-900">
        Library books
      </h2>
      {children.data.map((child) => (
        <div key={child.learnerId} className="space-y-2">
          <h3 className="font-medium text-slate-900">{child.name}</h3>
          {child.loans.length === 0 ? (
            <p className="text-sm text-slate-600">No library books out.</p>
          ) : (
            <LoanList loans={child.loans} label={`${child.name}’s library books`} />
          )}
        </div>
      ))}
    </section>
  );
}
