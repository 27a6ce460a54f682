// The people module's public door: its routes under /api/school and /api/guardian-links.
export { schoolRoutes } from './routes.ts';
export { guardianLinkRoutes } from './guardian-link-routes.ts';
// For modules/admissions: an accepted application becomes a learner with its guardian and consent.
export { admitLearner, type TAdmittedLearner } from './admit-learner.ts';
