// The people module's public door: its routes under /api/school and /api/guardian-links.
export { schoolRoutes } from './routes.ts';
export { guardianLinkRoutes } from './guardian-link-routes.ts';
