import { ReceivedAnnouncementsCard } from '~/features/announcements/components/received-announcements';
import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { MyChildren } from '~/features/school/components/my-children';
import { ChildOverviews } from '~/features/school/components/child-overview';
import { ConsentRequest } from '~/features/school/components/consent-request';
import { AbsenceNotices } from '~/features/attendance/components/absence-notices';
import { MyFeeAccounts } from '~/features/finance/components/my-fee-accounts';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { ChildrenAssignments } from '~/features/academics/components/learner-assignments';
import { ChildrenResults } from '~/features/academics/components/released-results';
import { ChildrenReportCards } from '~/features/academics/components/report-card-list';
import { MyApplications } from '~/features/admissions/components/my-applications';
import { MyBookingsCard } from '~/features/bookings/components/my-bookings-card';
import { ChildrenLibraryLoans } from '~/features/library/components/my-library';
import { ChildrenTransport } from '~/features/transport/components/children-transport';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Parent dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  {
    to: paths.schoolShop.parent,
    label: 'School shop',
    description: 'School uniform and stationery packs, collected at school.',
  },
  {
    to: `${paths.marketplace}#supplies`,
    label: 'School supplies',
    description: 'Stationery, uniforms and books for your children.',
  },
  {
    to: paths.activities.parent,
    label: 'Extramurals',
    description: 'Sport, culture and clubs your children can join.',
  },
  {
    to: paths.events.school,
    label: 'School events',
    description: 'The school’s calendar: concerts, sports days, meetings.',
  },
  { to: paths.events.mine, label: 'My tickets', description: 'Your event tickets with their QR codes for the door.' },
  { to: paths.legal.knowledgeBase, label: 'Knowledge base', description: 'Answers to common questions from parents.' },
  {
    to: paths.dashboard.shopApprovals,
    label: 'Shop approvals',
    description: 'Approve your young entrepreneur’s shop and listings; see its sales.',
  },
  {
    to: paths.payouts.guardian,
    label: 'Shop payouts',
    description: 'Your young entrepreneur’s payouts and the bank account you approved.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/parent: the parent's first screen, with their own children. */
export default function DashboardParent() {
  return (
    <DashboardHome path={paths.dashboard.parent} title="Parent dashboard" quickLinks={QUICK_LINKS}>
      <ConsentRequest />
      <AbsenceNotices />
      <MyApplications />
      <ReceivedAnnouncementsCard />
      <MyChildren />
      <MyFeeAccounts followRedirect={followCheckoutRedirect} />
      <MyBookingsCard />
      <ChildrenTransport />
      <ChildOverviews />
      <ChildrenResults />
      <ChildrenReportCards />
      <ChildrenAssignments />
      <ChildrenLibraryLoans />
    </DashboardHome>
  );
}
