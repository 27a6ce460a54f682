import { lazy } from 'react';

export function meta() {
  return [{ title: 'Add a learner | Sekolo' }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this
// module. The chunk starts loading as this module runs, beside the layout's session check.
const page = import('~/pages/dashboard-school-student-new');
export default lazy(() => page);
