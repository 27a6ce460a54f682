import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { paths } from '~/config/paths';
import { BusinessOverview } from '~/features/business-dashboard/components/business-overview';

export function meta() {
  return [{ title: 'Business dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.marketplace, label: 'Marketplace', description: 'See the marketplace your customers shop in.' },
  {
    to: paths.pricing,
    label: 'Fees and packages',
    description: 'Registration fees, subscriptions and commission tiers.',
  },
  {
    to: paths.legal.serviceLevelAgreement,
    label: 'Service level agreement',
    description: 'Payouts, support hours and response times.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/business: the business partner's first screen (spec 2.3). */
export default function DashboardBusiness() {
  return (
    <DashboardHome path={paths.dashboard.business} title="Business dashboard" quickLinks={QUICK_LINKS}>
      <BusinessOverview />
    </DashboardHome>
  );
}
