import { lazy } from 'react';
import { SCHOOL_MODULES } from '~/features/school/lib/school-modules';

export function meta({ params }: { params: { module?: string } }) {
  const module = params.module ? SCHOOL_MODULES[params.module] : undefined;
  return [{ title: `${module?.title ?? 'School'} | Sekolo` }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/dashboard-school-module'));
