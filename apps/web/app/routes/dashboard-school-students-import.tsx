import { lazy } from 'react';

export function meta() {
  return [{ title: 'Import learners | Sekolo' }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this
// module. The chunk starts loading as this module runs, beside the layout's session check.
const page = import('~/pages/dashboard-school-students-import');
export default lazy(() => page);
