import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Entrepreneur dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.marketplace, label: 'Marketplace', description: 'See how shops present their products.' },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/entrepreneur: the young entrepreneur's first screen (spec 2.3). */
export default function DashboardEntrepreneur() {
  return <DashboardHome path={paths.dashboard.entrepreneur} title="Entrepreneur dashboard" quickLinks={QUICK_LINKS} />;
}
