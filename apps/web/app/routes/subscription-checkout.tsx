import { lazy } from 'react';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/subscription-checkout';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Checkout') },
  { name: 'robots', content: 'noindex' },
];

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/subscription-checkout'));
