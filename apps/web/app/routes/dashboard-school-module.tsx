import { lazy } from 'react';
import { SCHOOL_MODULES } from '~/features/school/lib/school-modules';

export function meta({ params }: { params: { module?: string } }) {
  const module = params.module ? SCHOOL_MODULES[params.module] : undefined;
  return [{ title: `${module?.title ?? 'School'} | Sekolo` }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this
// module. The chunk starts loading as this module runs, beside the layout's session check.
const page = import('~/pages/dashboard-school-module');
export default lazy(() => page);
