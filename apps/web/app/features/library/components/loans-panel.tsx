import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { holdsQuery, loansQuery, useCancelHold, useRenew } from '../api/library-queries';

/** Loans now out, overdue or returned, searchable; renew from the list. */
export function LoansPanel() {
  const id = useId();
  const [status, setStatus] = useState<'current' | 'overdue' | 'returned'>('overdue');
  const [q, setQ] = useState('');
  const loans = useQuery(loansQuery(status, q.trim()));
  const renew = useRenew();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-status`} label="Show">
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="overdue">Overdue loans</option>
            <option value="current">All loans out now</option>
            <option value="returned">Returned</option>
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-q`} label="Search loans">
          <Input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Title, barcode or borrower"
          />
        </FormField>
      </div>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? 'text-green-800' : 'text-red-700'}>{message.text}</p> : null}
      </div>
      {loans.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : loans.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(loans.error)}
        </p>
      ) : loans.data.length === 0 ? (
        <p className="text-slate-600">{status === 'overdue' ? 'No loans are overdue.' : 'No loans.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Loans">
          {loans.data.map((loan) => (
            <li key={loan.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <p className="font-medium text-slate-900">
                  {loan.title} <span className="text-sm font-normal text-slate-600">{loan.barcode}</span>
                </p>
                <p className="text-sm text-slate-700">
                  {loan.borrower.name} ({loan.borrower.detail}) · issued {formatDateOfInstant(loan.issuedAt)} ·{' '}
                  {loan.returnedAt
                    ? `returned ${formatDateOfInstant(loan.returnedAt)}`
                    : `due ${formatDate(loan.dueOn)}`}
                  {loan.remindersSent
                    ? ` · ${loan.remindersSent} reminder${loan.remindersSent > 1 ? 's' : ''} sent`
                    : ''}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {loan.overdue ? <Badge variant="accent">Overdue</Badge> : null}
                {!loan.returnedAt ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={renew.isPending}
                    aria-label={`Renew ${loan.title} (${loan.barcode})`}
                    onClick={() =>
                      renew.mutate(loan.id, {
                        onSuccess: ({ loan: r }) =>
                          setMessage({ ok: true, text: `Renewed “${r.title}” until ${formatDate(r.dueOn)}.` }),
                        onError: (error) => setMessage({ ok: false, text: errorMessage(error) }),
                      })
                    }
                  >
                    Renew
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Holds waiting for a copy and copies set aside to collect. */
export function HoldsPanel() {
  const holds = useQuery(holdsQuery);
  const cancel = useCancelHold();
  if (holds.isPending) return <p className="text-slate-600">Loading…</p>;
  if (holds.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(holds.error)}
      </p>
    );
  if (holds.data.length === 0) return <p className="text-slate-600">Nobody is waiting for a book.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Holds">
      {holds.data.map((hold) => (
        <li key={hold.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div>
            <p className="font-medium text-slate-900">{hold.title}</p>
            <p className="text-sm text-slate-700">
              {hold.borrower.name} ({hold.borrower.detail}) ·{' '}
              {hold.status === 'ready'
                ? `set aside: ${hold.barcode}, collect by ${formatDate(hold.collectBy!)}`
                : `waiting since ${formatDateOfInstant(hold.placedAt)}, ${hold.position ?? 0} ahead`}
            </p>
          </div>
          <Button
            size="sm"
            variant="secondary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(hold.id)}
            aria-label={`Cancel ${hold.borrower.name}’s hold on ${hold.title}`}
          >
            Cancel hold
          </Button>
        </li>
      ))}
    </ul>
  );
}
