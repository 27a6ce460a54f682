import type { App } from '../platform/http/app-types.ts';

/**
 * Every route the app serves, as `METHOD /path` (HEAD, which Fastify adds to each GET, left out),
 * read from Fastify's own route table (`printRoutes`): tests that must cover every route of a
 * prefix compare their expectations against this list, so a new route without one fails them.
 */
export function routeTable(app: App, prefix = ''): string[] {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4))!;
    stack.length = depth;
    stack.push(match[1]!);
    const path = stack.join('');
    if (!path.startsWith(prefix)) continue;
    for (const method of (match[2] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  const list = [...routes].sort();
  // The parse above reads a printout: every route it finds must be one Fastify really serves.
  for (const route of list) {
    const [method, url] = route.split(' ') as [string, string];
    if (!app.hasRoute({ method: method as 'GET', url }))
      throw new Error(`routeTable misread the route table: ${route}`);
  }
  return list;
}
