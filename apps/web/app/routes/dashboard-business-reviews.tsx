import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { paths } from '~/config/paths';
import { BusinessPage } from '~/features/business-dashboard/components/business-page';
import { SellerReviews } from '~/features/business-dashboard/components/seller-reviews';

export function meta() {
  return [{ title: 'Reviews | Sekolo' }];
}

/** /dashboard/business/reviews: the seller's reviews, their average and replies. */
export default function DashboardBusinessSellerReviews() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <BusinessPage title="Reviews" description="What your customers say. You can reply once to each review.">
        <SellerReviews />
      </BusinessPage>
    </RequireAuth>
  );
}
