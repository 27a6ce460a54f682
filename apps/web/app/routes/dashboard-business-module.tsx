import { Navigate, useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { ModuleEmptyState } from '~/features/school/components/module-empty-state';
import { BUSINESS_MODULES } from '~/features/school/lib/school-modules';
import { SellerListings } from '~/features/marketplace/components/seller-listings';
import { SellerOrders } from '~/features/marketplace/components/seller-orders';
import { MessageAboutButton } from '~/features/messages/components/message-about-button';
import { useSession } from '~/features/auth/hooks/use-session';
import { paths } from '~/config/paths';

export function meta({ params }: { params: { module?: string } }) {
  const module = params.module ? BUSINESS_MODULES[params.module] : undefined;
  return [{ title: `${module?.title ?? 'Business'} | Sekolo` }];
}

/** /dashboard/business/<area>/*: the business sidebar's areas (spec 1, 2.4) before they hold anything. */
export default function DashboardBusinessModule() {
  const { module: slug = '' } = useParams();
  const { role } = useSession();
  const module = BUSINESS_MODULES[slug];
  if (!module) return <Navigate to={paths.notFound} replace />;
  const empty = <ModuleEmptyState module={module} action={{ to: paths.marketplace, label: 'Visit the marketplace' }} />;
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      {slug === 'listings' ? (
        <SellerListings />
      ) : slug === 'orders' ? (
        <SellerOrders
          orderActions={(order) => (
            <MessageAboutButton
              kind="order"
              id={order.id}
              reference={order.reference}
              role={role}
              label="Message the customer"
            />
          )}
        />
      ) : (
        empty
      )}
    </RequireAuth>
  );
}
