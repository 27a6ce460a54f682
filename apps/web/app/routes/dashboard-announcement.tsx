import { useParams } from 'react-router';
import { ReceivedAnnouncement } from '~/features/announcements/components/received-announcements';

export function meta() {
  return [{ title: 'Announcement | Sekolo' }];
}

/** /dashboard/announcements/:announcementId: an announcement as a parent, learner or staff member received it. */
export default function DashboardAnnouncement() {
  const { announcementId = '' } = useParams();
  return <ReceivedAnnouncement announcementId={announcementId} />;
}
