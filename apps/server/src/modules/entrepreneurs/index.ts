// The entrepreneurs module's public door: its routes (which register the listings publication gate).
export { entrepreneurRoutes } from './routes.ts';
