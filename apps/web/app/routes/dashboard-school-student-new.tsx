import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCreateLearner } from '~/features/school/api/school-queries';
import { EMPTY_LEARNER, LearnerForm } from '~/features/school/components/learner-form';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { LEARNER_MANAGER_ROLES } from '~/features/school/lib/school-access';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Add a learner | Sekolo' }];
}

/** /dashboard/school/students/new */
export default function DashboardSchoolStudentNew() {
  return (
    <RequireAuth roles={LEARNER_MANAGER_ROLES}>
      <NewLearner />
    </RequireAuth>
  );
}

function NewLearner() {
  const create = useCreateLearner();
  const navigate = useNavigate();
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <Link to={paths.school.learners} className="text-sm font-semibold text-brand-800 hover:underline">
          ← Students
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Add a learner</h1>
      </div>
      <LearnerForm
        defaultValues={EMPTY_LEARNER}
        submitLabel="Add learner"
        onSubmit={async (values) => {
          const learner = await create.mutateAsync(values);
          toast.success(`${learner.firstName} ${learner.lastName} added`);
          await navigate(paths.school.learners);
        }}
      />
    </div>
  );
}
