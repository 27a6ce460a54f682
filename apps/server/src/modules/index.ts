import type { App } from '../app.ts';
import { devToolsRoutes } from './dev-tools/routes.ts';

/** Every API module, registered after the app's plugins. Each module owns its prefix. */
export async function registerModules(app: App) {
  if (app.deps.config.devTools) await app.register(devToolsRoutes, { prefix: '/api/dev' });
}
