import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { myAccountsQuery, myStatementPdfUrl, myStatementQuery } from '../api/finance-queries';
import { EmptyState } from './finance-page';
import { FeeAccountSummary, PayNow } from './my-fee-accounts';
import { MyInvoices } from './my-invoices';
import { StatementTable } from './statement-table';

/**
 * /dashboard/parent/finance/:accountId: the parent's statement of one family account, its PDF and
 * Pay now.
 */
export function MyFeeStatement({
  accountId,
  followRedirect,
}: {
  accountId: string;
  followRedirect: (redirect: TCheckoutRedirect) => void;
}) {
  const accounts = useQuery(myAccountsQuery);
  const statement = useQuery(myStatementQuery(accountId));
  const [paying, setPaying] = useState(false);
  const account = accounts.data?.find((a) => a.id === accountId);
  return (
    <div className="space-y-6">
      <Link
        to={paths.dashboard.parentFinance}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> School fees
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">School fees statement</h1>
      {accounts.isPending ? (
        <LoadingSpinner label="Loading your account..." />
      ) : accounts.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(accounts.error)}
        </p>
      ) : !account ? (
        <p role="alert" className="text-sm text-red-800">
          This family account was not found.
        </p>
      ) : (
        <>
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <FeeAccountSummary account={account} />
          </div>
          <div className="flex flex-wrap gap-2">
            {!paying && (
              <Button type="button" onClick={() => setPaying(true)}>
                Pay now
              </Button>
            )}
            <a
              href={myStatementPdfUrl(account.id)}
              download
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <Download className="size-4" aria-hidden="true" /> Statement PDF
            </a>
          </div>
          {paying && <PayNow account={account} followRedirect={followRedirect} onCancel={() => setPaying(false)} />}
          <section aria-labelledby="my-statement" className="space-y-3">
            <h2 id="my-statement" className="text-lg font-semibold text-slate-900">
              Statement
            </h2>
            {statement.isPending ? (
              <LoadingSpinner className="py-6" label="Loading the statement..." />
            ) : statement.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {errorMessage(statement.error)}
              </p>
            ) : statement.data.lines.length === 0 && statement.data.openingBalanceCents === 0 ? (
              <EmptyState title="Nothing on your statement yet">Invoices and payments appear here.</EmptyState>
            ) : (
              <StatementTable statement={statement.data} />
            )}
          </section>
          <MyInvoices accountId={account.id} />
        </>
      )}
    </div>
  );
}
