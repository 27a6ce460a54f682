import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * Libraries every page runs before it can render (React, React DOM and its scheduler, the router,
 * the class name helpers) go into one `framework` chunk: one request and one gzip stream instead
 * of a dozen small files, cached across pages. Everything else keeps Rolldown's automatic
 * splitting, so each route, and each deferred piece (Radix menus, zod and react-hook-form,
 * sonner), stays in its own chunks.
 */
const FRAMEWORK_MODULES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|clsx|class-variance-authority)[\\/]|[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js$/;

/**
 * TanStack Query, which public pages do not load up front, in one chunk of its own
 * for the pages and deferred parts that use it, with the app's client (`app/lib/react-query.ts`);
 * all but its context module (~0.2 KB), which the root's `QueryClientSlot` renders on every page:
 * that one goes into `framework` (a higher priority, since a group takes in what its modules import).
 */
const QUERY_MODULES =
  /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]app[\\/]lib[\\/](react-query|query-client)\.ts$/;

/**
 * Small modules of our own that the site chrome (top bar, footer, session) runs on every page, and
 * lucide's icon factory: left alone, each becomes its own tiny shared chunk. Listed file by file,
 * since a group also takes in everything its modules import (a barrel such as radix-ui or a
 * schema module would drag zod or Radix in).
 */
const SHELL_MODULES = new RegExp(
  [
    String.raw`[\/]app[\/]lib[\/](api-client|cn|server-field-errors|use-async-action)\.ts$`,
    String.raw`[\/]app[\/]lib[\/]query-client-slot\.tsx$`,
    String.raw`[\/]app[\/]components[\/]layout[\/](logo|mobile-menu|nav-dropdown|site-footer|social-icons|top-bar)\.tsx$`,
    String.raw`[\/]app[\/]features[\/]auth[\/]components[\/](account-corner|signed-out-links)\.tsx$`,
    String.raw`[\/]app[\/]lib[\/](hydration|use-media-query)\.ts$`,
    String.raw`[\/]app[\/]components[\/]ui[\/](input|honeypot-field|loading-spinner)\.tsx$`,
    String.raw`[\/]app[\/]content[\/](navigation|site)\.ts$`,
    String.raw`[\/]app[\/]features[\/]newsletter[\/](components[\/]newsletter-form\.tsx|api[\/]subscribe-to-newsletter\.ts)$`,
    // Not the session (use-session, get-me, the roles): the account corner loads it once the page is idle.
    String.raw`[\/]packages[\/]shared[\/]src[\/](constants[\/]marketing|domain[\/]options)\.ts$`,
    String.raw`[\/]node_modules[\/]lucide-react[\/]dist[\/]esm[\/](createLucideIcon|context|defaultAttributes|Icon|shared[\/].*)\.m?js$`,
    String.raw`[\/]app[\/]lib[\/]lucide-icon\.ts$`,
  ].join('|'),
);

/** The modules that import the real package: the shim, the client factory and the root's slot. */
const REACT_QUERY_SHIM = path.resolve(import.meta.dirname, 'app/lib/react-query.ts');
const REAL_REACT_QUERY_IMPORTERS = new Set(
  ['app/lib/react-query.ts', 'app/lib/query-client.ts', 'app/lib/query-client-slot.tsx'].map((file) =>
    path.resolve(import.meta.dirname, file),
  ),
);
const APP_DIR = path.resolve(import.meta.dirname, 'app') + path.sep;

/**
 * `@tanstack/react-query` imported by the app's own modules resolves to `app/lib/react-query.ts`:
 * the package plus the app's QueryClient, created as the first module that uses it loads. The root
 * does not load TanStack Query, so public pages do not either; a page that uses it
 * has the client by its first render (`QueryClientSlot` in root.tsx provides it).
 */
function queryClientOnUse(): Plugin {
  return {
    name: 'sekolo:query-client-on-use',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@tanstack/react-query' || !importer) return null;
      const file = path.resolve(importer.split('?')[0] ?? importer);
      if (!file.startsWith(APP_DIR) || REAL_REACT_QUERY_IMPORTERS.has(file)) return null;
      return REACT_QUERY_SHIM;
    },
  };
}

/** lucide's icon modules import their factory as `../createLucideIcon.mjs`. */
const LUCIDE_ICON_MODULE = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const LUCIDE_ICON_FACTORY = path.resolve(import.meta.dirname, 'app/lib/lucide-icon.ts');

/**
 * Every lucide icon is made by `app/lib/lucide-icon.ts`, lucide's factory with the same props and
 * markup in two fibers per icon instead of three plus one per shape (server and browser builds
 * alike, so the prerendered HTML and the hydrating render agree).
 */
function lucideIconsInFewerFibers(): Plugin {
  return {
    name: 'sekolo:lucide-icon',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source !== '../createLucideIcon.mjs' ||
        !importer ||
        !LUCIDE_ICON_MODULE.test(importer.split('?')[0] ?? importer)
      )
        return null;
      return LUCIDE_ICON_FACTORY;
    },
  };
}

function frameworkChunk(): Plugin {
  return {
    name: 'sekolo:framework-chunk',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: FRAMEWORK_MODULES, priority: 3 },
                  // Above `query`: the shim there imports the root's QueryClientSlot, which is shell.
                  { name: 'shell', test: SHELL_MODULES, priority: 2 },
                  { name: 'query', test: QUERY_MODULES, priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [queryClientOnUse(), lucideIconsInFewerFibers(), frameworkChunk(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
