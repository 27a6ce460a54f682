import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { SCHOOL_GRADES, gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { ACCOUNTS_PAGE_SIZE, accountsQuery, type IAccountsFilter } from '../api/finance-queries';
import { balanceText, formatShortDate } from '../lib/format';
import { gradeFilterOf } from '../lib/grade-filter';
import { EmptyState, FinancePage } from './finance-page';

function filterOf(params: URLSearchParams): IAccountsFilter {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 80),
    grade: gradeFilterOf(params.get('grade')),
    arrears: params.get('arrears') === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function paramsOf(filter: IAccountsFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.q) out.q = filter.q;
  if (filter.grade) out.grade = filter.grade;
  if (filter.arrears) out.arrears = 'true';
  if (filter.page > 1) out.page = String(filter.page);
  return out;
}

/**
 * /dashboard/school/finance/accounts: every family account with its balance, searchable by a
 * guardian's or learner's name, an account or admission number. The search lives in the address.
 */
export function FamilyAccounts() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const accounts = useQuery(accountsQuery(filter));
  const [search, setSearch] = useState(filter.q);
  // The address changed by other means (Back, a link): the box follows it.
  const [listed, setListed] = useState(filter.q);
  if (filter.q !== listed) {
    setListed(filter.q);
    if (search.trim() !== filter.q) setSearch(filter.q);
  }
  const change = (patch: Partial<IAccountsFilter>) =>
    setParams(paramsOf({ ...filter, page: 1, ...patch }), { replace: true });

  // The request follows the box once typing pauses, not on every keystroke.
  useEffect(() => {
    if (search.trim() === filter.q) return;
    const timer = setTimeout(() => change({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const total = accounts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE));
  return (
    <FinancePage
      title="Family accounts"
      description="Each paying guardian’s account: what the family owes, and when the next fee is due."
    >
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Family accounts">
        <div className="w-full space-y-1.5 sm:w-72">
          <Label htmlFor={`${id}-q`}>Search accounts</Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={search}
            placeholder="Name, account or admission number"
            onChange={(e) => setSearch((e.target as HTMLInputElement).value)}
          />
        </div>
        <div className="w-40 space-y-1.5">
          <Label htmlFor={`${id}-grade`}>Grade</Label>
          <NativeSelect
            id={`${id}-grade`}
            value={filter.grade}
            onChange={(e) => change({ grade: gradeFilterOf((e.target as HTMLSelectElement).value) })}
          >
            <option value="">Every grade</option>
            {SCHOOL_GRADES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filter.arrears}
            onChange={(e) => change({ arrears: (e.target as HTMLInputElement).checked })}
          />
          Only accounts in arrears
        </label>
      </div>

      {accounts.isPending ? (
        <LoadingSpinner label="Loading the accounts..." />
      ) : accounts.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(accounts.error)}
        </p>
      ) : accounts.data.accounts.length === 0 ? (
        <EmptyState title={filter.q || filter.grade || filter.arrears ? 'No accounts match' : 'No family accounts yet'}>
          {filter.q || filter.grade || filter.arrears
            ? 'Try another search or filter.'
            : 'An account opens for a family when its first invoice is issued to the guardian who pays.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {total} {total === 1 ? 'account' : 'accounts'}
          </p>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table
              className={cn('w-full text-left text-sm', accounts.isPlaceholderData && 'opacity-60')}
              data-testid="accounts-table"
            >
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase max-sm:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Family
                  </th>
                  <th scope="col" className="px-4 py-3 max-sm:hidden">
                    Learners
                  </th>
                  <th scope="col" className="px-4 py-3 max-sm:hidden">
                    Next due
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {accounts.data.accounts.map((account) => (
                  <tr key={account.id}>
                    <td className="px-4 py-3">
                      <Link
                        to={paths.finance.account(account.id)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {account.guardian.name}
                      </Link>
                      <span className="block text-xs text-slate-600">Account {account.accountNumber}</span>
                      <span className="block text-xs text-slate-600 sm:hidden">
                        {account.learners.map((l) => l.name).join(', ')}
                      </span>
                    </td>
                    <td className="px-4 py-3 text-slate-700 max-sm:hidden">
                      {account.learners.map((l) => `${l.name} (${gradeLabel(l.grade)})`).join(', ')}
                    </td>
                    <td className="px-4 py-3 text-slate-700 max-sm:hidden">
                      {account.nextDue
                        ? `${formatZar(account.nextDue.amountCents)} on ${formatShortDate(account.nextDue.dueOn)}`
                        : '–'}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      <span
                        className={cn(
                          'font-semibold',
                          account.balanceCents > 0 ? 'text-slate-900' : 'text-emerald-800',
                        )}
                      >
                        {balanceText(account.balanceCents)}
                      </span>
                      {account.overdueCents > 0 && (
                        <span className="block text-xs text-red-800">{formatZar(account.overdueCents)} overdue</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-2">
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={filter.page <= 1}
                onClick={() => change({ page: filter.page - 1 })}
              >
                <ChevronLeft aria-hidden="true" /> Previous<span className="max-sm:sr-only"> page</span>
              </Button>
              <span className="text-sm text-slate-700">
                Page {filter.page} of {pages}
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={filter.page >= pages}
                onClick={() => change({ page: filter.page + 1 })}
              >
                Next<span className="max-sm:sr-only"> page</span> <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </FinancePage>
  );
}
