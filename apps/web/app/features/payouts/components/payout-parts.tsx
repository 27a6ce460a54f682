import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import type { TEarnings, TPayoutView } from '@sekolo/shared/schemas/payouts';
import { Badge } from '~/components/ui/badge';

export { AccountCard } from '~/components/bank-account';

/** The pieces every payouts view shows: the balance's origins, an account, the payout history. */

export function EarningsBreakdown({ earnings, availableCents }: { earnings: TEarnings; availableCents: number }) {
  const lines: [string, number, string?][] = [
    ['Sales', earnings.salesCents],
    ['Commission', -earnings.commissionCents],
    ['Refunds', -earnings.refundsCents],
    [
      'Payouts',
      -earnings.payoutsCents,
      earnings.payoutFeesCents ? `including ${formatZar(earnings.payoutFeesCents)} payout fees` : undefined,
    ],
  ];
  if (earnings.adjustmentsCents) lines.push(['Corrections', -earnings.adjustmentsCents]);
  return (
    <section aria-labelledby="earnings-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="earnings-heading" className="text-lg font-semibold text-slate-900">
        Earnings
      </h2>
      <dl className="divide-y divide-slate-100 text-sm">
        {lines.map(([label, cents, note]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 py-2">
            <dt className="text-slate-700">
              {label}
              {note && <span className="block text-xs text-slate-500">{note}</span>}
            </dt>
            <dd className="tabular-nums font-medium text-slate-900">{formatZar(cents)}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 py-2">
          <dt className="font-semibold text-slate-900">Available balance</dt>
          <dd className="tabular-nums font-semibold text-slate-900">{formatZar(availableCents)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">
        Buyers also paid {formatZar(earnings.processingFeesCents)} in processing fees (6.8%) on top of your sales: the
        platform’s, never taken from your balance.
      </p>
    </section>
  );
}

export function PayoutHistory({ payouts }: { payouts: readonly TPayoutView[] }) {
  return (
    <section aria-labelledby="history-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        Payout history
      </h2>
      {payouts.length === 0 ? (
        <p className="text-sm text-slate-600">No payouts yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Payouts">
          {payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">
                  {p.schedule === 'weekly' ? 'Weekly payout' : 'Immediate payout'} · {formatDateOfInstant(p.createdAt)}
                </p>
                <p className="text-slate-600">
                  {formatZar(p.amountCents)} less {formatZar(p.feeCents)} fee: {formatZar(p.netCents)} to {p.bankName}{' '}
                  {p.accountNumberMasked}
                </p>
              </div>
              {p.status === 'paid' ? (
                <Badge variant="brand">Paid{p.paidAt ? ` ${formatDateOfInstant(p.paidAt)}` : ''}</Badge>
              ) : (
                <Badge variant="accent">Processing · by {formatDate(p.dueBy)}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
