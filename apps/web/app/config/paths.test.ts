import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import { paths } from './paths';

/** The route config as the router's own route objects, each with the file it renders. */
function toRouteObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const base = { id: entry.id ?? entry.file, handle: entry.file };
    if (entry.index) return { ...base, index: true, path: entry.path };
    return { ...base, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined };
  });
}

/** Routes that take any address they are given: a path that lands on one of them has no page. */
const FALLBACK_FILES = new Set(['routes/catch-all.tsx', 'routes/dashboard-unknown.tsx']);
/**
 * The pages of the modules not built yet take any name under their dashboard: only the addresses
 * made from a module's name (`paths.school.module`) may land there, not a page's own address.
 */
const MODULE_FILES = new Set(['routes/dashboard-school-module.tsx', 'routes/dashboard-business-module.tsx']);

/** Every address in paths.ts, with a sample value for each parameter; `made` for a function's. */
function allPaths(node: unknown, name = 'paths'): { name: string; path: string; made: boolean }[] {
  if (typeof node === 'string') return [{ name, path: node, made: false }];
  if (typeof node === 'function') {
    const sample = Array.from({ length: node.length }, (_, index) => `sample-${index + 1}`);
    return [{ name, path: (node as (...args: string[]) => string)(...sample), made: true }];
  }
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => allPaths(value, `${name}.${key}`));
}

describe('paths', () => {
  const routeObjects = toRouteObjects(routes);
  const entries = allPaths(paths);

  it('lists addresses of this site', () => {
    expect(entries.length).toBeGreaterThan(40);
    for (const { name, path } of entries) expect(path, name).toMatch(/^\/(?!\/)/);
  });

  it('has a route in routes.ts for every address', () => {
    for (const { name, path, made } of entries) {
      const pathname = path.split(/[?#]/)[0] ?? '';
      const page = matchRoutes(routeObjects, pathname)?.at(-1)?.route.handle as string | undefined;
      const found = page && !FALLBACK_FILES.has(page) && (made || !MODULE_FILES.has(page));
      expect(found ? page : `no route of its own for ${pathname}`, name).toMatch(/^routes\//);
    }
  });

  it('tells a renamed route from its old address', () => {
    const renamed = (path: string, to: string) => {
      const rename = (list: readonly RouteConfigEntry[]): RouteConfigEntry[] =>
        list.map((entry) => ({
          ...entry,
          path: entry.path === path ? to : entry.path,
          children: entry.children && rename(entry.children),
        }));
      return toRouteObjects(rename(routes));
    };
    expect(matchRoutes(renamed('pricing', 'prices'), paths.pricing)?.at(-1)?.route.handle).toBe('routes/catch-all.tsx');
    expect(
      matchRoutes(renamed('dashboard/school/classes', 'dashboard/school/groups'), paths.school.classes)?.at(-1)?.route
        .handle,
    ).toBe('routes/dashboard-school-module.tsx');
  });
});
