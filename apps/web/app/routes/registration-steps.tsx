import { lazy } from 'react';

export function meta() {
  return [{ title: 'Your application | Sekolo' }, { name: 'robots', content: 'noindex' }];
}

// The page, in a chunk of its own: the route manifest that every page loads lists only this
// module. The chunk starts loading as this module runs, beside the layout's session check.
const page = import('~/pages/registration-steps');
export default lazy(() => page);
