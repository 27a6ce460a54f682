import { Navigate, useParams } from 'react-router';
import { ModuleEmptyState } from '~/features/school/components/module-empty-state';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { SCHOOL_MODULES } from '~/features/school/lib/school-modules';

export function meta({ params }: { params: { module?: string } }) {
  const module = params.module ? SCHOOL_MODULES[params.module] : undefined;
  return [{ title: `${module?.title ?? 'School'} | Sekolo` }];
}

/** /dashboard/school/<module>/* (spec 2.3, nested paths allowed): the module, or /not-found. */
export default function DashboardSchoolModule() {
  const { module: slug = '' } = useParams();
  // Learners have their own pages; a deeper unknown path under them goes back to the list.
  if (slug === 'students') return <Navigate to="/dashboard/school/students" replace />;
  if (slug === 'classes') return <Navigate to="/dashboard/school/classes" replace />;
  const module = SCHOOL_MODULES[slug];
  if (!module) return <Navigate to="/not-found" replace />;
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <ModuleEmptyState
        module={module}
        action={
          slug === 'settings'
            ? { to: '/dashboard/school/settings/billing', label: 'Billing settings' }
            : { to: '/dashboard/school/students', label: 'Go to students' }
        }
      />
    </RequireAuth>
  );
}
