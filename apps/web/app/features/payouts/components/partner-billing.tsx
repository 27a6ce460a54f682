import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutsContracts } from '@sekolo/shared/contracts/payouts';
import { BUSINESS_PARTNER_TYPES } from '@sekolo/shared/constants/roles';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';

const billingQuery = queryOptions({
  queryKey: ['payouts', 'billing'],
  queryFn: () => call(payoutsContracts.partnerBilling),
});

const typeLabel = (id: string) => BUSINESS_PARTNER_TYPES.find((t) => t.id === id)?.label ?? id;
const sourceLabel = (source: string) => (source === 'tier' ? 'Commission tier' : typeLabel(source));

/** The business partner's fees to Sekolo (spec 9 "Business partner fees") and their subscription. */
export function PartnerBilling() {
  const billing = useQuery(billingQuery);
  if (!billing.data)
    return billing.isPending ? (
      <LoadingSpinner className="min-h-[20vh]" />
    ) : (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(billing.error)}
      </p>
    );
  const { registration, recurring, subscription, partnerTypes, commissionTier } = billing.data;
  return (
    <section
      aria-labelledby="fees-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="fees-heading" className="text-lg font-semibold text-slate-900">
        Your fees
      </h2>
      <p className="text-slate-700">
        {partnerTypes.length ? partnerTypes.map(typeLabel).join(', ') : 'No partner type on record'} · commission tier{' '}
        <span className="capitalize">{commissionTier}</span>
      </p>
      <dl className="divide-y divide-slate-100">
        <div className="flex justify-between gap-4 py-2">
          <dt>Registration fee (once)</dt>
          <dd className="tabular-nums">
            {formatZar(registration.feeCents)}
            {registration.paidAt ? ` · paid ${formatDateOfInstant(registration.paidAt)}` : ' · not paid'}
          </dd>
        </div>
        {recurring.lines.map((line) => (
          <div key={`${line.source}-${line.interval}`} className="flex justify-between gap-4 py-2">
            <dt>{sourceLabel(line.source)}</dt>
            <dd className="tabular-nums">
              {formatZar(line.amountCents)} a {line.interval}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 py-2 font-semibold">
          <dt>Recurring{recurring.multiRoleHalved ? ' (halved: more than one partner type)' : ''}</dt>
          <dd className="tabular-nums">
            {formatZar(recurring.monthlyCents)} a month · {formatZar(recurring.yearlyCents)} a year
          </dd>
        </div>
      </dl>
      <p className="text-slate-700">
        {subscription
          ? `Subscription ${subscription.status}: ${formatZar(subscription.amountCents)}${subscription.nextBillingDate ? `, next billed ${formatDate(subscription.nextBillingDate)}` : ''}.`
          : 'No recurring subscription is being charged yet.'}
      </p>
    </section>
  );
}
