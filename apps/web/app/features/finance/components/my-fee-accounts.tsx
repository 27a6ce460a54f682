import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TMyFamilyAccount } from '@sekolo/shared/schemas/finance';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { myAccountsQuery, myStatementPdfUrl } from '../api/finance-queries';
import { balanceText, formatShortDate } from '../lib/format';

/**
 * The Pay now form and its form library load when a parent opens it, not with the dashboard.
 */
const LazyPayNowForm = lazy(() => import('./pay-now').then((m) => ({ default: m.PayNowForm })));

/** Pay now, once its form has loaded. */
export function PayNow(props: React.ComponentProps<typeof LazyPayNowForm>) {
  return (
    <Suspense fallback={<LoadingSpinner className="py-4" label="Loading the payment form..." />}>
      <LazyPayNowForm {...props} />
    </Suspense>
  );
}

/**
 * A parent's school fees: each family account they pay (one per school), its balance and next due
 * amount, its statement on screen and as PDF, and Pay now. Without `emptyText` (the parent
 * dashboard's card) a parent who pays no fees sees nothing here.
 */
export function MyFeeAccounts({
  followRedirect,
  emptyText,
}: {
  followRedirect: (redirect: TCheckoutRedirect) => void;
  emptyText?: string;
}) {
  const accounts = useQuery(myAccountsQuery);
  if (accounts.isSuccess && accounts.data.length === 0 && !emptyText) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>School fees</CardTitle>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <LoadingSpinner className="py-6" label="Loading your fee accounts..." />
        ) : accounts.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(accounts.error)}
          </p>
        ) : accounts.data.length === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="my-fee-accounts">
            {accounts.data.map((account) => (
              <FeeAccountItem key={account.id} account={account} followRedirect={followRedirect} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function FeeAccountItem({
  account,
  followRedirect,
}: {
  account: TMyFamilyAccount;
  followRedirect: (redirect: TCheckoutRedirect) => void;
}) {
  const [paying, setPaying] = useState(false);
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid="my-fee-account">
      <FeeAccountSummary account={account} />
      <div className="flex flex-wrap gap-2">
        {!paying && (
          <Button
            type="button"
            onClick={() => setPaying(true)}
            aria-label={`Pay now on account ${account.accountNumber}`}
          >
            Pay now
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.parentFeeAccount(account.id)}>View statement</Link>
        </Button>
        <a
          href={myStatementPdfUrl(account.id)}
          download
          className="inline-flex h-10 items-center px-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          Statement PDF
        </a>
      </div>
      {paying && <PayNow account={account} followRedirect={followRedirect} onCancel={() => setPaying(false)} />}
    </li>
  );
}

/** Who and what the account is for, what is owed and what falls due next. */
export function FeeAccountSummary({ account }: { account: TMyFamilyAccount }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <p className="font-semibold text-slate-900">{account.schoolName}</p>
        <p className="text-sm text-slate-600">
          Account {account.accountNumber} ·{' '}
          {account.learners.map((l) => `${l.name} (${gradeLabel(l.grade)})`).join(', ')}
        </p>
        <p className="text-sm text-slate-700">
          {account.nextDue
            ? `Next due: ${formatZar(account.nextDue.amountCents)} on ${formatShortDate(account.nextDue.dueOn)}`
            : 'Nothing else falls due this year.'}
        </p>
      </div>
      <div className="text-right">
        <p className="text-sm text-slate-600">{account.balanceCents < 0 ? 'In your favour' : 'Balance'}</p>
        <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="my-fee-balance">
          {balanceText(account.balanceCents)}
        </p>
        {account.overdueCents > 0 && <p className="text-sm text-red-800">{formatZar(account.overdueCents)} overdue</p>}
      </div>
    </div>
  );
}
