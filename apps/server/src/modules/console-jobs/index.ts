// The console jobs module's public door.
export { consoleJobRoutes } from './routes.ts';
