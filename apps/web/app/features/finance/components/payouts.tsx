import { useQuery } from '@tanstack/react-query';
import { IMMEDIATE_PAYOUT_FEE_CENTS, WEEKLY_PAYOUT_FEE_CENTS } from '@sekolo/shared/constants/fees';
import { formatZar } from '@sekolo/shared/domain/money';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { payoutStatementPdfUrl } from '../api/exemption-queries';
import { payoutsQuery, useRequestPayout } from '../api/finance-queries';
import { formatShortDate } from '../lib/format';
import { FinancePage } from './finance-page';

/**
 * /dashboard/school/finance/payouts: the fees parents paid online, held for the school (each less
 * the platform's 5 %), are paid out to the school's bank account every week for R4; the school may
 * ask for them at once for R12.
 */
export function Payouts({ canRequest }: { canRequest: boolean }) {
  const payouts = useQuery(payoutsQuery);
  const request = useRequestPayout();
  const available = payouts.data?.availableCents ?? 0;
  return (
    <FinancePage
      title="Payouts"
      description={`Fees paid online reach the school’s bank account in the weekly payout (${formatZar(WEEKLY_PAYOUT_FEE_CENTS)} fee), or at once on request (${formatZar(IMMEDIATE_PAYOUT_FEE_CENTS)} fee).`}
    >
      {payouts.isPending ? (
        <LoadingSpinner label="Loading the payouts..." />
      ) : payouts.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(payouts.error)}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4">
            <div>
              <p className="text-sm text-slate-600">Held for the school, not paid out yet</p>
              <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="payout-available">
                {formatZar(available)}
              </p>
            </div>
            {canRequest && (
              <ConfirmAction
                question={`Pay out ${formatZar(available)} now? The ${formatZar(IMMEDIATE_PAYOUT_FEE_CENTS)} fee comes off it, so ${formatZar(Math.max(0, available - IMMEDIATE_PAYOUT_FEE_CENTS))} reaches the bank account.`}
                label="Pay out now"
                confirmLabel="Pay out"
                cancelLabel="Not now"
                success="The payout is on its way to the school’s bank account."
                pending={request.isPending}
                onConfirm={() => request.mutateAsync(undefined)}
              >
                {(ask) => (
                  <Button type="button" onClick={ask} disabled={available <= IMMEDIATE_PAYOUT_FEE_CENTS}>
                    Pay out now
                  </Button>
                )}
              </ConfirmAction>
            )}
          </div>
          <section aria-labelledby="payouts-heading" className="space-y-3">
            <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
              Payouts made
            </h2>
            {payouts.data.payouts.length === 0 ? (
              <p className="text-sm text-slate-600">No payouts yet.</p>
            ) : (
              <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
                <table className="w-full text-left text-sm" data-testid="payouts">
                  <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-3">
                        Date
                      </th>
                      <th scope="col" className="px-4 py-3 max-sm:hidden">
                        Payout
                      </th>
                      <th scope="col" className="px-4 py-3 text-right max-sm:hidden">
                        Amount
                      </th>
                      <th scope="col" className="px-4 py-3 text-right max-sm:hidden">
                        Fee
                      </th>
                      <th scope="col" className="px-4 py-3 text-right">
                        To the bank
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {payouts.data.payouts.map((p) => (
                      <tr key={p.id}>
                        <td className="px-4 py-3">
                          {formatShortDate(p.paidOn)}
                          <span className="block text-xs text-slate-600 sm:hidden">
                            {p.schedule === 'weekly' ? 'Weekly' : 'On request'}: {formatZar(p.amountCents)} less{' '}
                            {formatZar(p.feeCents)}
                          </span>
                        </td>
                        <td className="px-4 py-3 max-sm:hidden">{p.schedule === 'weekly' ? 'Weekly' : 'On request'}</td>
                        <td className="px-4 py-3 text-right tabular-nums max-sm:hidden">{formatZar(p.amountCents)}</td>
                        <td className="px-4 py-3 text-right tabular-nums max-sm:hidden">{formatZar(p.feeCents)}</td>
                        <td className="px-4 py-3 text-right font-semibold tabular-nums">
                          {formatZar(p.netCents)}
                          <a
                            href={payoutStatementPdfUrl(p.id)}
                            download
                            className="ml-3 text-sm font-semibold text-brand-700 hover:underline"
                            aria-label={`Download the statement of the payout of ${formatShortDate(p.paidOn)} (PDF)`}
                          >
                            Statement
                          </a>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </FinancePage>
  );
}
