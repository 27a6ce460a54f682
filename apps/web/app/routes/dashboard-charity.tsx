import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { CharityOverview } from '~/features/charity/components/charity-overview';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Charity dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.charity.campaigns, label: 'Campaigns', description: 'Your campaigns, their progress and pictures.' },
  { to: paths.charity.donors, label: 'Donors', description: 'Who gave, and their s18A receipts.' },
  {
    to: paths.charity.settings,
    label: 'Settings',
    description: 'PBO number, address on receipts and your thank-you e-mail.',
  },
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
  { to: paths.funding, label: 'Funding', description: 'The public list of active campaigns.' },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/charity: the charity's first screen (spec 2.3, D24). */
export default function DashboardCharity() {
  return (
    <DashboardHome path={paths.dashboard.charity} title="Charity dashboard" quickLinks={QUICK_LINKS}>
      <CharityOverview />
    </DashboardHome>
  );
}
