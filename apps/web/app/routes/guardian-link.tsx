import { lazy } from 'react';
import type { Route } from './+types/guardian-link';
import { pageTitle } from '~/content/site';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Link your account') },
  { name: 'robots', content: 'noindex' },
];

// The page, in a chunk of its own: the route manifest that every page loads lists only this module.
export default lazy(() => import('~/pages/guardian-link'));
