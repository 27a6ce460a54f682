import { lazy } from 'react';

export function meta() {
  return [{ title: 'Student dashboard | Sekolo' }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/dashboard-student'));
