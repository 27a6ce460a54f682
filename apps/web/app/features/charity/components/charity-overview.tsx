import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { paths } from '~/config/paths';
import { charityProfileQuery, donorsQuery, ownCampaignsQuery } from '../api/charity-queries';

/** The charity dashboard's summary: what its campaigns raised, and whether it issues s18A receipts. */
export function CharityOverview() {
  const campaigns = useQuery(ownCampaignsQuery);
  const profile = useQuery(charityProfileQuery);
  const donors = useQuery(donorsQuery());
  const list = campaigns.data ?? [];
  const raised = list.reduce((sum, c) => sum + c.raisedCents, 0);
  const donations = list.reduce((sum, c) => sum + c.donationCount, 0);
  const active = list.filter((c) => c.state === 'active').length;
  return (
    <section aria-labelledby="charity-overview" className="space-y-4">
      <h2 id="charity-overview" className="sr-only">
        Overview
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ['Raised', formatZar(raised), campaigns.isPending],
          ['Donations', String(donations), campaigns.isPending],
          ['Active campaigns', String(active), campaigns.isPending],
          [
            'Monthly giving',
            donors.data
              ? `${formatZar(donors.data.monthlyTotalCents)} a month from ${donors.data.monthlyDonorCount} ${donors.data.monthlyDonorCount === 1 ? 'donor' : 'donors'}`
              : '',
            donors.isPending,
          ],
        ].map(([label, value, pending]) => (
          <div key={String(label)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd
              className={
                label === 'Monthly giving' ? 'text-lg font-bold text-slate-900' : 'text-2xl font-bold text-slate-900'
              }
              data-testid={label === 'Monthly giving' ? 'monthly-giving-total' : undefined}
            >
              {pending ? '…' : value}
            </dd>
          </div>
        ))}
      </dl>
      {profile.data && !profile.data.issuesReceipts ? (
        <Alert variant="warning">
          <AlertTitle>Section 18A receipts are off</AlertTitle>
          <AlertDescription>
            {profile.data.s18aApproved && profile.data.pboNumber
              ? 'Your PBO number is waiting for the Sekolo team to check it; receipts start once it is checked.'
              : 'Record your PBO number and s18A approval in '}
            {profile.data.s18aApproved && profile.data.pboNumber ? null : (
              <Link to={paths.charity.settings} className="underline">
                Settings
              </Link>
            )}
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm text-slate-700">
        <Link to={paths.charity.campaigns} className="font-medium text-brand-700 underline">
          Your campaigns
        </Link>{' '}
        ·{' '}
        <Link to={paths.charity.donors} className="font-medium text-brand-700 underline">
          Donors
        </Link>{' '}
        ·{' '}
        <Link to={CHARITY_PAYOUTS_PATH} className="font-medium text-brand-700 underline">
          Payouts
        </Link>
      </p>
    </section>
  );
}

/** The charity's payouts page (built with the payouts work; not part of this feature). */
export const CHARITY_PAYOUTS_PATH = '/dashboard/charity/payouts';
