import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Charity dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  {
    to: paths.dashboard.charityPublicProfile,
    label: 'Public profile',
    description: 'What the directory shows of your charity: contacts, address and tag line.',
  },
  {
    to: `${paths.features}#funding`,
    label: 'Funding and donations',
    description: 'How schools and supporters give through Sekolo.',
  },
  { to: paths.marketplace, label: 'Marketplace', description: 'Products and services on Sekolo.' },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/charity: the charity's first screen (spec 2.3). */
export default function DashboardCharity() {
  return <DashboardHome path={paths.dashboard.charity} title="Charity dashboard" quickLinks={QUICK_LINKS} />;
}
