// The customer profile module's public door.
export { customerProfileRoutes } from './routes.ts';
