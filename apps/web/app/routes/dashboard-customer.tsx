import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { ACCOUNT_QUICK_LINKS, DashboardHome, type IQuickLink } from '~/features/auth/components/dashboard-home';
import { useSession } from '~/features/auth/hooks/use-session';
import { BasketPanel } from '~/features/basket/components/basket-panel';
import { CustomerProfileGate } from '~/features/registration/components/customer-profile-gate';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Customer dashboard | Sekolo' }];
}

const QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.marketplace, label: 'Marketplace', description: 'School supplies, resources, technology and services.' },
  ...ACCOUNT_QUICK_LINKS,
];

/** /dashboard/customer: the customer's orders and basket; first the profile completion. */
export default function DashboardCustomer() {
  const { user } = useSession();
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
              <div className="flex flex-col items-center gap-3 py-6 text-center">
                <PackageOpen className="size-10 text-slate-400" aria-hidden="true" />
                <p className="font-medium text-slate-900">You have no orders yet</p>
                <Button asChild variant="secondary" size="sm">
                  <Link to={paths.marketplace}>Visit the marketplace</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        </div>
      </CustomerProfileGate>
    </DashboardHome>
  );
}
