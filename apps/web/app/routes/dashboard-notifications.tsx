import { NotificationsPage } from '~/features/notifications/components/notifications-page';
import { pageTitle } from '~/content/site';

export const meta = () => [{ title: pageTitle('Notifications') }];

/** /dashboard/notifications: every notification of the signed-in user (any role). */
export default function DashboardNotificationsRoute() {
  return <NotificationsPage />;
}
