import { Link } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { LearnerAssignments } from '~/features/academics/components/learner-assignments';
import { ASSIGNMENT_SETTER_ROLES, SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Student Assignments | Sekolo' }];
}

/** /dashboard/student/assignments (spec 2.3): a learner's work; the school's staff are pointed to theirs. */
export default function DashboardStudentAssignments() {
  return (
    <RequireAuth roles={[...SCHOOL_AREA_ROLES, 'student']}>
      <StudentAssignments />
    </RequireAuth>
  );
}

function StudentAssignments() {
  const { role } = useSession();
  if (role === 'student') return <LearnerAssignments />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Student Assignments</h1>
      <p className="text-sm text-slate-700">
        Learners hand in their work here. The assignments set for your classes, with what was handed in, are on the{' '}
        {ASSIGNMENT_SETTER_ROLES.some((r) => r === role) ? (
          <Link to={paths.school.assignments} className="text-brand-800 underline">
            Assignments page
          </Link>
        ) : (
          'Assignments page of the teachers'
        )}
        .
      </p>
    </div>
  );
}
