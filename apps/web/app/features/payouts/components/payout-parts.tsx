import { ACCOUNT_TYPES } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import type { TEarnings, TPayoutView } from '@sekolo/shared/schemas/payouts';
import type { TPayoutAccountView } from '@sekolo/shared/schemas/school-settings';
import { Badge } from '~/components/ui/badge';

/** The pieces every payouts view shows: the balance's origins, an account, the payout history. */

const typeLabel = (id: string) => ACCOUNT_TYPES.find((t) => t.id === id)?.label ?? id;

export function AccountCard({ account, title }: { account: TPayoutAccountView; title: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-slate-900">{title}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">Bank</dt>
        <dd>{account.bankName}</dd>
        <dt className="text-slate-600">Account holder</dt>
        <dd>{account.accountHolder}</dd>
        <dt className="text-slate-600">Account number</dt>
        <dd className="tabular-nums">{account.accountNumberMasked}</dd>
        <dt className="text-slate-600">Branch code</dt>
        <dd className="tabular-nums">{account.branchCode}</dd>
        <dt className="text-slate-600">Type</dt>
        <dd>{typeLabel(account.accountType)}</dd>
        <dt className="text-slate-600">{account.confirmedAt ? 'Confirmed' : 'Asked for'}</dt>
        <dd>{formatDateOfInstant(account.confirmedAt ?? account.requestedAt)}</dd>
      </dl>
    </div>
  );
}

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
