import { RequireAuth } from '~/features/auth/components/require-auth';
import { SchoolShop } from '~/features/school-shop/components/school-shop';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'School shop | Sekolo' }];
}

/**
 * /dashboard/school/shop: the school shop's products, stock and orders, for whoever holds
 * manage_shop (the shop manager by default) or manage_settings (the school admin) at the school (D26).
 */
export default function DashboardSchoolShop() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} anyPermission={['manage_shop', 'manage_settings']}>
      <SchoolShop />
    </RequireAuth>
  );
}
