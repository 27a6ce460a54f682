import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser build runs on Preact (decision 005): react and react-dom resolve to preact/compat in
 * the client bundle only, which takes the framework's share of a public page's first-load
 * JavaScript from ~67 KB to ~10 KB gzip. Every import of react, from our code or a package, goes
 * through this. Prerendering (the server build) keeps React, so the HTML is React's; the browser
 * entry (app/entry.client.tsx) takes it over. `react-router dev` keeps React too: the dependency
 * pre-bundler would not see this resolver, and mixing two runtimes breaks hooks.
 */
const PREACT_FOR_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom/test-utils': 'preact/test-utils',
};

/**
 * Libraries every page runs before it can render (the router, Preact, TanStack Query, the class
 * name helpers) go into one `framework` chunk: one request and one gzip stream instead of a dozen
 * small files. Everything else keeps Rolldown's automatic splitting, so each route, and each
 * deferred piece (Radix menus, zod and react-hook-form, sonner), stays in its own chunks.
 */
const FRAMEWORK_MODULES =
  /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority)[\\/]/;

/**
 * Small modules of our own that the site chrome (top bar, footer, session) runs on every page, and
 * lucide's icon factory: left alone, each becomes its own tiny shared chunk. Listed file by file,
 * since a group also takes in everything its modules import (a barrel such as radix-ui or a
 * schema module would drag zod or Radix in).
 */
const SHELL_MODULES = new RegExp(
  [
    String.raw`[\/]app[\/]lib[\/](api-client|cn|query-client|server-field-errors)\.ts$`,
    String.raw`[\/]app[\/]components[\/]layout[\/](account-corner|logo|mobile-menu|nav-dropdown|site-footer|social-icons|top-bar)\.tsx$`,
    String.raw`[\/]app[\/]components[\/]ui[\/](input|honeypot-field|loading-spinner)\.tsx$`,
    String.raw`[\/]app[\/]content[\/](navigation|site)\.ts$`,
    String.raw`[\/]app[\/]features[\/]newsletter[\/](components[\/]newsletter-form\.tsx|api[\/]subscribe-to-newsletter\.ts)$`,
    String.raw`[\/]app[\/]features[\/]auth[\/](hooks[\/]use-session|api[\/]get-me)\.ts$`,
    String.raw`[\/]packages[\/]shared[\/]src[\/](constants[\/](roles|marketing)|domain[\/]options)\.ts$`,
    String.raw`[\/]node_modules[\/]lucide-react[\/]dist[\/]esm[\/](createLucideIcon|defaultAttributes|Icon|shared[\/].*)\.js$`,
  ].join('|'),
);

function preactInTheBrowser(): Plugin {
  return {
    name: 'sekolo:preact-in-the-browser',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
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
                  { name: 'framework', test: FRAMEWORK_MODULES, priority: 2 },
                  { name: 'shell', test: SHELL_MODULES, priority: 1 },
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
  plugins: [preactInTheBrowser(), frameworkChunk(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
