import { lazy } from 'react';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payments';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Payments') },
  { name: 'robots', content: 'noindex' },
];

// The page, in a chunk of its own: the route manifest that every page loads lists only this
// module. The chunk starts loading as this module runs, beside the layout's session check.
const page = import('~/pages/payments');
export default lazy(() => page);
