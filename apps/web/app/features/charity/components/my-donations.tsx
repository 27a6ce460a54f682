import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { campaignContracts as c } from '@sekolo/shared/contracts/campaigns';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { MONTHLY_GIFT_STATUS_LABELS, type TMyDonation, type TMyMonthlyGift } from '@sekolo/shared/schemas/campaigns';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { myDonationsQuery, useCancelMonthlyGift } from '../api/charity-queries';

/** A donor's gifts with their s18A receipts, and a yearly summary per charity and tax year. */
export function MyDonations() {
  const donations = useQuery({
    ...myDonationsQuery,
    // A gift just paid may still be on its way from the gateway.
    refetchInterval: (query) => (query.state.data?.donations.some((d) => d.status === 'pending') ? 3000 : false),
  });
  if (donations.isPending) return <LoadingSpinner />;
  if (donations.error) return <p role="alert">{errorMessage(donations.error)}</p>;
  const list = donations.data.donations;
  const monthlyGifts = donations.data.monthlyGifts;
  if (list.length === 0 && monthlyGifts.length === 0)
    return (
      <p className="text-slate-700">
        No donations yet.{' '}
        <Link to={paths.funding} className="text-brand-700 underline">
          See the campaigns
        </Link>
      </p>
    );
  const summaries = new Map<string, { charityId: string; charityName: string; taxYear: number }>();
  for (const d of list)
    if (d.receiptNumber && d.taxYear)
      summaries.set(`${d.charityId}:${d.taxYear}`, {
        charityId: d.charityId,
        charityName: d.charityName,
        taxYear: d.taxYear,
      });
  return (
    <div className="space-y-6">
      {monthlyGifts.length > 0 ? (
        <section aria-labelledby="monthly-title" className="space-y-2">
          <h2 id="monthly-title" className="text-xl font-bold text-slate-900">
            Monthly gifts
          </h2>
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
            aria-label="Your monthly gifts"
          >
            {monthlyGifts.map((gift) => (
              <MonthlyGiftRow key={gift.id} gift={gift} />
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="sr-only">Gifts</h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Your donations">
        {list.map((d) => (
          <DonationRow key={d.id} donation={d} />
        ))}
      </ul>
      {summaries.size > 0 ? (
        <section aria-labelledby="summaries-title" className="space-y-2">
          <h2 id="summaries-title" className="text-xl font-bold text-slate-900">
            Yearly s18A summaries
          </h2>
          <p className="text-sm text-slate-600">One per charity and tax year (1 March to the end of February).</p>
          <ul className="space-y-1">
            {[...summaries.values()].map((s) => (
              <li key={`${s.charityId}:${s.taxYear}`}>
                <a
                  className="text-brand-700 underline"
                  href={urlOf(c.mySummary, { params: { organizationId: s.charityId, taxYear: s.taxYear } })}
                  download
                >
                  {s.charityName}: tax year {s.taxYear - 1}/{String(s.taxYear).slice(2)} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function DonationRow({ donation: d }: { donation: TMyDonation }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="donation-row">
      <div>
        <p className="font-semibold text-slate-900">
          <Link to={paths.fundingCampaign(d.campaignSlug)} className="hover:underline">
            {d.campaignTitle}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {d.charityName} · {formatZar(d.amountCents)}
          {d.paidAt ? ` · ${formatDateOfInstant(d.paidAt)}` : ''}
          {d.anonymous ? ' · anonymous' : ''}
          {d.monthly ? ' · monthly' : ''}
        </p>
      </div>
      {d.status === 'pending' ? (
        <p className="text-sm text-amber-800" role="status">
          Waiting for the payment…
        </p>
      ) : d.receiptNumber ? (
        <a
          className="text-sm font-medium text-brand-700 underline"
          href={urlOf(c.myReceipt, { params: { id: d.id } })}
          download
        >
          Download s18A receipt {d.receiptNumber}
        </a>
      ) : (
        <p className="text-sm text-slate-600">Paid · no s18A receipt</p>
      )}
    </li>
  );
}

function MonthlyGiftRow({ gift }: { gift: TMyMonthlyGift }) {
  const cancel = useCancelMonthlyGift();
  const running = gift.status === 'active' || gift.status === 'pending';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="monthly-gift-row">
      <div>
        <p className="font-semibold text-slate-900">
          <Link to={paths.fundingCampaign(gift.campaignSlug)} className="hover:underline">
            {gift.campaignTitle}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {gift.charityName} · {formatZar(gift.amountCents)} a month · {MONTHLY_GIFT_STATUS_LABELS[gift.status]}
        </p>
        <p className="text-sm text-slate-600">
          {gift.paidCount} {gift.paidCount === 1 ? 'month' : 'months'} paid, {formatZar(gift.paidTotalCents)} in all
          {gift.nextChargeOn ? ` · next payment ${formatDate(gift.nextChargeOn)}` : ''}
          {gift.cancelledAt ? ` · cancelled ${formatDateOfInstant(gift.cancelledAt)}` : ''}
        </p>
      </div>
      {running ? (
        <ConfirmAction
          label={`Cancel the monthly gift to ${gift.campaignTitle}`}
          question="Stop this monthly gift? Nothing more will be charged."
          confirmLabel="Yes, cancel it"
          cancelLabel="Keep giving"
          success="Your monthly gift is cancelled."
          pending={cancel.isPending}
          onConfirm={() => cancel.mutateAsync(gift.id)}
        >
          {(ask) => (
            <Button type="button" variant="secondary" onClick={ask}>
              Cancel monthly gift
            </Button>
          )}
        </ConfirmAction>
      ) : null}
    </li>
  );
}
