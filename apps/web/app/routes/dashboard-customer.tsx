import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { useSession } from '~/features/auth/hooks/use-session';
import { BasketPanel } from '~/features/basket/components/basket-panel';
import { BuyerOrders } from '~/features/marketplace/components/buyer-orders';
import { MessageAboutButton } from '~/features/messages/components/message-about-button';
import { CustomerProfileGate } from '~/features/registration/components/customer-profile-gate';
import { MyBookingsCard } from '~/features/bookings/components/my-bookings-card';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Customer dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.marketplace, label: 'Marketplace', description: 'School supplies, resources, technology and services.' },
  { to: paths.facilities.mine, label: 'Facility bookings', description: 'School halls and fields you booked.' },
  { to: paths.events.mine, label: 'My tickets', description: 'Tickets for school events, with their QR codes.' },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/customer: the customer's orders and basket; first the profile completion. */
export default function DashboardCustomer() {
  const { user, role } = useSession();
  return (
    <DashboardHome path={paths.dashboard.customer} title="Customer dashboard" quickLinks={QUICK_LINKS}>
      <CustomerProfileGate user={user && { email: user.email, firstName: user.firstName, lastName: user.lastName }}>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Your basket</CardTitle>
              <CardDescription>Kept on this device until you check out.</CardDescription>
            </CardHeader>
            <CardContent>
              <BasketPanel syncWithAccount />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Your orders</CardTitle>
            </CardHeader>
            <CardContent>
              <BuyerOrders
                orderActions={(order) => (
                  <MessageAboutButton
                    kind="order"
                    id={order.id}
                    reference={order.reference}
                    role={role}
                    label="Message the seller"
                  />
                )}
              />
            </CardContent>
          </Card>
        </div>
        <MyBookingsCard />
      </CustomerProfileGate>
    </DashboardHome>
  );
}
