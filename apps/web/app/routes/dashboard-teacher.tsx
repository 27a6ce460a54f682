import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { TeachingToday } from '~/features/timetable/components/teaching-today';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Teacher dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  {
    to: paths.school.attendance,
    label: 'Take the register',
    description: 'Mark today’s register for your class.',
  },
  {
    to: paths.school.grades,
    label: 'Gradebook',
    description: 'Enter and release your classes’ marks for the term.',
  },
  {
    to: paths.school.assignments,
    label: 'Assignments',
    description: 'Set work for your classes, then mark it and release the marks.',
  },
  {
    to: `${paths.marketplace}#resources`,
    label: 'Educational resources',
    description: 'Find teaching material on the marketplace.',
  },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/teacher: the teacher's first screen: today's classes and the registers to mark. */
export default function DashboardTeacher() {
  return (
    <DashboardHome path={paths.dashboard.teacher} title="Teacher dashboard" quickLinks={QUICK_LINKS}>
      <TeachingToday />
    </DashboardHome>
  );
}
