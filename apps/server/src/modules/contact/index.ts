// The contact module's public door.
export { contactRoutes } from './routes.ts';
