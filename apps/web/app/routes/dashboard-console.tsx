import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { ApplicationQueue } from '~/features/console/components/application-queue';
import { paths } from '~/config/paths';
import { ConsoleReviews } from '~/features/business-dashboard/components/console-reviews';

export function meta() {
  return [{ title: 'Platform console | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.console.jobs, label: 'Background jobs', description: 'Mail and renewals that failed, and their retry.' },
  {
    to: paths.console.charities,
    label: 'Charities',
    description: 'Check PBO numbers so charities issue s18A receipts.',
  },
  { to: paths.contact, label: 'Contact details', description: 'The addresses schools and partners write to.' },
  ...ACCOUNT_QUICK_LINKS,
];

/** /console: the platform operator's first screen: the application review queue. */
export default function DashboardConsole() {
  return (
    <DashboardHome path={paths.console.home} title="Platform console" quickLinks={QUICK_LINKS}>
      <ApplicationQueue />
      <ConsoleReviews />
    </DashboardHome>
  );
}
