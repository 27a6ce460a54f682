// The activities module's public door: its routes, and for the demo seed the family's pages.
export { activityRoutes, MANAGE_ACTIVITIES } from './routes.ts';
export { LEARNER_ACTIVITIES_PATH, PARENT_ACTIVITIES_PATH } from './use-cases/sign-ups.ts';
