import { lazy } from 'react';

export function meta() {
  return [{ title: 'Your application | Sekolo' }, { name: 'robots', content: 'noindex' }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/registration-steps'));
