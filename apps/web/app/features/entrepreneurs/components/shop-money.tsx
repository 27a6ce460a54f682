import { formatZar } from '@sekolo/shared/domain/money';
import type { TApprovalView, TShopEarnings } from '@sekolo/shared/schemas/entrepreneurs';

const monthFormat = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/** The shop's money from the ledger: sales, commission, refunds, payouts, what is owed, by month. */
export function EarningsSummary({ earnings, title = 'Earnings' }: { earnings: TShopEarnings; title?: string }) {
  return (
    <section aria-labelledby="earnings-title" className="space-y-4">
      <h2 id="earnings-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Stat label="Sales" value={formatZar(earnings.salesCents)} />
        <Stat label="Sekolo commission" value={formatZar(earnings.commissionCents)} />
        <Stat label="Refunds" value={formatZar(earnings.refundsCents)} />
        <Stat label="Paid out" value={formatZar(earnings.payoutsCents)} />
        <Stat
          label="Owed to the shop"
          value={formatZar(earnings.balanceCents)}
          hint="Sales less commission, refunds and payouts."
        />
        <Stat label="Sales this month" value={formatZar(earnings.salesThisMonthCents)} />
      </dl>
      {earnings.months.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sales and commission by month</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Month
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Sales
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Commission
                </th>
              </tr>
            </thead>
            <tbody>
              {earnings.months.map((m) => (
                <tr key={m.month} className="border-t border-slate-100">
                  <td className="px-4 py-2">{monthFormat.format(new Date(`${m.month}-01T00:00:00Z`))}</td>
                  <td className="px-4 py-2 text-right">{formatZar(m.salesCents)}</td>
                  <td className="px-4 py-2 text-right">{formatZar(m.commissionCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-600">No sales yet.</p>
      )}
    </section>
  );
}

/** One line describing what an approval request is about. */
export function approvalTitle(approval: TApprovalView, shopName: string): string {
  if (approval.changes)
    return approval.subject === 'shop'
      ? `Changes to the shop "${shopName}"`
      : `Changes to "${approval.listing?.title ?? 'removed listing'}"`;
  return approval.subject === 'shop'
    ? `The shop "${shopName}"`
    : `Listing "${approval.listing?.title ?? 'removed listing'}"${approval.listing ? ` at ${formatZar(approval.listing.priceCents)}` : ''}`;
}

export const APPROVAL_STATUS_LABELS: Record<TApprovalView['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Link expired',
};
