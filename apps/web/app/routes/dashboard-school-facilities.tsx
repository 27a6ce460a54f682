import { RequireAuth } from '~/features/auth/components/require-auth';
import { SchoolFacilities } from '~/features/facilities/components/school-facilities';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Facilities | Sekolo' }];
}

/**
 * /dashboard/school/facilities: the school's facilities for hire and their bookings, for whoever
 * holds manage_events at the school (the school admin by default; the school may grant it, D26).
 */
export default function DashboardSchoolFacilities() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_events">
      <SchoolFacilities />
    </RequireAuth>
  );
}
