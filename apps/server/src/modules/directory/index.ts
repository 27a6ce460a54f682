// The directory module's public door: its routes and the sitemap's entries.
export { directoryRoutes } from './routes.ts';
export { directorySitemapEntries } from './profile.ts';
