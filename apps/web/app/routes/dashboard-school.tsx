import { AnnouncementsEntry } from '~/features/announcements/components/announcements-entry';
import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { useSession } from '~/features/auth/hooks/use-session';
import { SchoolOverview } from '~/features/school/components/school-overview';
import { SchoolAdmissionsCard } from '~/features/admissions/components/school-admissions-card';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'School dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.pricing, label: 'Packages', description: 'Compare the school packages and what each includes.' },
  {
    to: `${paths.marketplace}#supplies`,
    label: 'School supplies',
    description: 'Order supplies, resources and technology for your school.',
  },
  {
    to: paths.contactSpecialists,
    label: 'Talk to a specialist',
    description: 'Get help setting up Sekolo for your school.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/school: the first screen for school administrators and staff (spec 2.3), with the school's figures. */
export default function DashboardSchool() {
  const { permissions } = useSession();
  return (
    <DashboardHome path={paths.dashboard.school} title="School dashboard" quickLinks={QUICK_LINKS}>
      <AnnouncementsEntry permissions={permissions} />
      <Overview />
    </DashboardHome>
  );
}

function Overview() {
  const session = useSession();
  const allowed = ['manage_students', 'view_students', 'view_reports'].some((p) => session.permissions.includes(p));
  return (
    <>
      <SchoolOverview allowed={allowed} />
      {session.permissions.includes('manage_students') && <SchoolAdmissionsCard />}
    </>
  );
}
