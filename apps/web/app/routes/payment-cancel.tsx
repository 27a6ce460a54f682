import { lazy } from 'react';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payment-cancel';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Payment not completed') },
  { name: 'robots', content: 'noindex' },
];

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/payment-cancel'));
