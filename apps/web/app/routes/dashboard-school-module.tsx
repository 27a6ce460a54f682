import { Navigate, useParams } from 'react-router';
import { ModuleEmptyState } from '~/features/school/components/module-empty-state';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { BILLING_ROLES, LEARNER_VIEWER_ROLES, SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { SCHOOL_MODULES } from '~/features/school/lib/school-modules';
import { paths } from '~/config/paths';

export function meta({ params }: { params: { module?: string } }) {
  const module = params.module ? SCHOOL_MODULES[params.module] : undefined;
  return [{ title: `${module?.title ?? 'School'} | Sekolo` }];
}

/** /dashboard/school/<module>/* (spec 2.3, nested paths allowed): the module, or /not-found. */
export default function DashboardSchoolModule() {
  const { module: slug = '' } = useParams();
  const { role } = useSession();
  // A way on only to a page the user may open: a teacher's Billing settings was the access page.
  const may = (roles: readonly string[]) => role !== null && roles.includes(role);
  // Learners have their own pages; a deeper unknown path under them goes back to the list.
  if (slug === 'students') return <Navigate to={paths.school.learners} replace />;
  if (slug === 'classes') return <Navigate to={paths.school.classes} replace />;
  // Finance has its pages: an address under it that is none of them goes to its overview.
  if (slug === 'finance') return <Navigate to={paths.finance.overview} replace />;
  if (slug === 'transport') return <Navigate to={paths.transport.school} replace />;
  const module = SCHOOL_MODULES[slug];
  if (!module) return <Navigate to={paths.notFound} replace />;
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <ModuleEmptyState
        module={module}
        action={
          slug === 'settings'
            ? may(BILLING_ROLES)
              ? { to: paths.school.billing, label: 'Billing settings' }
              : undefined
            : may(LEARNER_VIEWER_ROLES)
              ? { to: paths.school.learners, label: 'Go to students' }
              : undefined
        }
      />
    </RequireAuth>
  );
}
