import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import type { TBorrower } from '@sekolo/shared/schemas/library';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { errorMessage } from '~/lib/server-field-errors';
import { borrowerQuery, useIssue, useRenew, useReturn } from '../api/library-queries';
import { BorrowerPicker } from './borrower-picker';

type TScan = { id: number; ok: boolean; text: string };

/**
 * The circulation desk: choose Issue (and the borrower) or Return, then scan. A USB scanner types
 * the barcode and Enter; the box answers, empties and keeps the focus for the next book.
 */
export function CirculationDesk() {
  const id = useId();
  const [mode, setMode] = useState<'issue' | 'return'>('issue');
  const [borrower, setBorrower] = useState<TBorrower | null>(null);
  const [barcode, setBarcode] = useState('');
  const [scans, setScans] = useState<TScan[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const issue = useIssue();
  const giveBack = useReturn();
  const renew = useRenew();
  const account = useQuery(borrowerQuery(borrower ? { kind: borrower.kind, id: borrower.id } : null));
  const busy = issue.isPending || giveBack.isPending;
  const last = scans[0];

  const record = (ok: boolean, text: string) =>
    setScans((list) => [{ id: Date.now(), ok, text }, ...list].slice(0, 20));

  const scan = async (event: React.FormEvent) => {
    event.preventDefault();
    const code = barcode.trim();
    if (!code || busy) return;
    setBarcode('');
    try {
      if (mode === 'issue') {
        if (!borrower) {
          record(false, `${code}: choose the borrower first.`);
        } else {
          const { loan, fulfilledHold } = await issue.mutateAsync({ barcode: code, borrower });
          record(
            true,
            `Issued ${loan.barcode} “${loan.title}” to ${loan.borrower.name}, due ${formatDate(loan.dueOn)}${fulfilledHold ? ' (their hold is collected)' : ''}.`,
          );
        }
      } else {
        const { loan, heldFor } = await giveBack.mutateAsync(code);
        record(
          true,
          heldFor
            ? `Returned ${loan.barcode} “${loan.title}”. Put it aside for ${heldFor.borrower.name} (hold).`
            : `Returned ${loan.barcode} “${loan.title}” from ${loan.borrower.name}${loan.overdue ? ', overdue' : ''}.`,
        );
      }
    } catch (error) {
      record(false, `${code}: ${errorMessage(error)}`);
    } finally {
      input.current?.focus();
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby={`${id}-scan`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id={`${id}-scan`} className="text-xl font-semibold text-slate-900">
          Scan
        </h2>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-900">At the desk</legend>
          {(['issue', 'return'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-slate-900">
              <input
                type="radio"
                name={`${id}-mode`}
                value={m}
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  input.current?.focus();
                }}
              />
              {m === 'issue' ? 'Issue books' : 'Return books'}
            </label>
          ))}
        </fieldset>
        {mode === 'issue' ? (
          borrower ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3">
              <p>
                Issuing to <span className="font-semibold text-slate-900">{borrower.name}</span>{' '}
                <span className="text-sm text-slate-600">{borrower.detail}</span>
              </p>
              <Button size="sm" variant="secondary" onClick={() => setBorrower(null)}>
                Change borrower
              </Button>
            </div>
          ) : (
            <BorrowerPicker
              label="Borrower"
              onPick={(b) => {
                setBorrower(b);
                setTimeout(() => input.current?.focus(), 0);
              }}
            />
          )
        ) : null}
        <form onSubmit={scan} aria-label="Scan a barcode" className="space-y-2">
          <Label htmlFor={`${id}-barcode`}>Barcode</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-barcode`}
              ref={input}
              value={barcode}
              onChange={(event) => setBarcode(event.target.value)}
              autoComplete="off"
              autoFocus
              placeholder="Scan or type, e.g. LIB-000123"
              aria-describedby={`${id}-result`}
            />
            <Button type="submit" disabled={busy}>
              {mode === 'issue' ? 'Issue' : 'Return'}
            </Button>
          </div>
        </form>
        <div id={`${id}-result`} role="status" aria-live="polite" className="min-h-6">
          {last ? <p className={last.ok ? 'text-green-800' : 'text-red-700'}>{last.text}</p> : null}
        </div>
        {scans.length > 1 ? (
          <details>
            <summary className="cursor-pointer text-sm text-slate-700">Earlier scans</summary>
            <ul className="mt-2 space-y-1 text-sm">
              {scans.slice(1).map((s) => (
                <li key={s.id} className={s.ok ? 'text-slate-700' : 'text-red-700'}>
                  {s.text}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-account`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id={`${id}-account`} className="text-xl font-semibold text-slate-900">
          Borrower’s loans
        </h2>
        {!borrower ? (
          <p className="text-slate-600">Choose a borrower to see their loans and holds.</p>
        ) : account.isPending ? (
          <p className="text-slate-600">Loading…</p>
        ) : account.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(account.error)}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {account.data.loans.length} of {account.data.limit} books on loan; loans last {account.data.loanDays}{' '}
              days.
            </p>
            {account.data.loans.length === 0 ? (
              <p className="text-slate-600">Nothing on loan.</p>
            ) : (
              <ul className="space-y-2" aria-label="Current loans">
                {account.data.loans.map((loan) => (
                  <li
                    key={loan.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-100 p-2"
                  >
                    <span>
                      <span className="font-medium text-slate-900">{loan.title}</span>{' '}
                      <span className="text-sm text-slate-600">
                        {loan.barcode}, due {formatDate(loan.dueOn)}
                      </span>{' '}
                      {loan.overdue ? <Badge variant="accent">Overdue</Badge> : null}
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={renew.isPending}
                      onClick={() =>
                        renew.mutate(loan.id, {
                          onSuccess: ({ loan: renewed }) =>
                            record(true, `Renewed “${renewed.title}” until ${formatDate(renewed.dueOn)}.`),
                          onError: (error) => record(false, `${loan.barcode}: ${errorMessage(error)}`),
                        })
                      }
                    >
                      Renew
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {account.data.holds.length > 0 ? (
              <>
                <h3 className="font-semibold text-slate-900">Holds</h3>
                <ul className="space-y-1 text-sm">
                  {account.data.holds.map((hold) => (
                    <li key={hold.id}>
                      {hold.title}:{' '}
                      {hold.status === 'ready'
                        ? `ready (${hold.barcode}), collect by ${formatDate(hold.collectBy!)}`
                        : `waiting, ${hold.position ?? 0} ahead`}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
