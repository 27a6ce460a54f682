// The applications module's public door.
export { applicationRoutes, consoleApplicationRoutes } from './routes.ts';
export { referencedFiles } from './step-data.ts';
