import { lazy } from 'react';
import { BUSINESS_MODULES } from '~/features/school/lib/school-modules';

export function meta({ params }: { params: { module?: string } }) {
  const module = params.module ? BUSINESS_MODULES[params.module] : undefined;
  return [{ title: `${module?.title ?? 'Business'} | Sekolo` }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/dashboard-business-module'));
