import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';

export function meta() {
  return [{ title: 'Business dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: '/marketplace', label: 'Marketplace', description: 'See the marketplace your customers shop in.' },
  { to: '/pricing', label: 'Fees and packages', description: 'Registration fees, subscriptions and commission tiers.' },
  {
    to: '/service-level-agreement',
    label: 'Service level agreement',
    description: 'Payouts, support hours and response times.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/business: the business partner's first screen (spec 2.3). */
export default function DashboardBusiness() {
  return <DashboardHome path="/dashboard/business" title="Business dashboard" quickLinks={QUICK_LINKS} />;
}
