import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { AnnouncementsPage } from '~/features/announcements/components/announcements-page';
import { ANNOUNCEMENT_SENDER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Announcements | Sekolo' }];
}

/** /dashboard/school/announcements: the school admin and administrator write to families and staff. */
export default function DashboardSchoolAnnouncements() {
  return (
    <RequireAuth roles={ANNOUNCEMENT_SENDER_ROLES}>
      <Page />
    </RequireAuth>
  );
}

function Page() {
  const { permissions } = useSession();
  return <AnnouncementsPage canManageSms={permissions.includes('manage_settings')} />;
}
