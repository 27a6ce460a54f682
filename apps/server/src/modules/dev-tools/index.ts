// The dev tools module's public door (registered only when DEV_TOOLS is on).
export { devToolsRoutes } from './routes.ts';
