import { ReceivedAnnouncementsCard } from '~/features/announcements/components/received-announcements';
import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { MyLearnerDashboard } from '~/features/school/components/my-learner-dashboard';
import { MyResults } from '~/features/academics/components/released-results';
import { MyReportCards } from '~/features/academics/components/report-card-list';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Student dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  {
    to: paths.dashboard.studentAssignments,
    label: 'Assignments',
    description: 'What your teachers set, and when it is due.',
  },
  {
    to: paths.activities.learner,
    label: 'Extramurals',
    description: 'Sport, culture and clubs: sign up and see when they meet.',
  },
  {
    to: `${paths.marketplace}#resources`,
    label: 'Learning resources',
    description: 'Books and study material on the marketplace.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/student: the learner's first screen (spec 2.3): their class, today, the week, attendance. */
export default function DashboardStudent() {
  return (
    <DashboardHome path={paths.dashboard.student} title="Student dashboard" quickLinks={QUICK_LINKS}>
      <MyLearnerDashboard />
      <ReceivedAnnouncementsCard />
      <MyResults />
      <MyReportCards />
    </DashboardHome>
  );
}
