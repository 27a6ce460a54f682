import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyApplications } from '~/features/admissions/components/my-applications';

export function meta() {
  return [{ title: 'School applications | Sekolo' }];
}

/** /dashboard/parent/admissions: a family's applications to schools. */
export default function DashboardParentAdmissions() {
  return (
    <RequireAuth roles={['parent']}>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">School applications</h1>
        <MyApplications emptyText="You have not applied to a school yet. Open a school's admissions page to apply." />
      </div>
    </RequireAuth>
  );
}
