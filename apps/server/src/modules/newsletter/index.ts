// The newsletter module's public door.
export { newsletterRoutes } from './routes.ts';
