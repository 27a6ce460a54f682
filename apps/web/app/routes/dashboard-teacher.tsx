import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';

export function meta() {
  return [{ title: 'Teacher dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  {
    to: '/dashboard/school/attendance',
    label: 'Take the register',
    description: 'Mark today’s register for your class.',
  },
  {
    to: '/marketplace#resources',
    label: 'Educational resources',
    description: 'Find teaching material on the marketplace.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/teacher: the teacher's first screen (D11). */
export default function DashboardTeacher() {
  return <DashboardHome path="/dashboard/teacher" title="Teacher dashboard" quickLinks={QUICK_LINKS} />;
}
