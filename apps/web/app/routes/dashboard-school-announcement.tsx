import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { AnnouncementReport } from '~/features/announcements/components/announcement-report';
import { ANNOUNCEMENT_SENDER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Announcement | Sekolo' }];
}

/** /dashboard/school/announcements/:announcementId: what was sent, and its delivery report. */
export default function DashboardSchoolAnnouncement() {
  const { announcementId = '' } = useParams();
  return (
    <RequireAuth roles={ANNOUNCEMENT_SENDER_ROLES}>
      <AnnouncementReport announcementId={announcementId} />
    </RequireAuth>
  );
}
