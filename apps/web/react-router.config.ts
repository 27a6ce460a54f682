import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS, PRERENDERED_SIGN_IN_PATHS } from './app/config/prerendered-paths.ts';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the client build (prerendered HTML
 * included), so the server sends compressed files without compressing on each request.
 */
function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    const br = brotliCompressSync(content, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

const INLINE_CSS_SLOT = '<style data-inline-css=""></style>';

/**
 * Makes every prerendered page paint as soon as its HTML has arrived:
 * - its stylesheets' CSS goes into the page: each page has an empty `<style data-inline-css>`
 *   (root.tsx) that receives it, and the `<link rel="stylesheet">` stays in place (hydration finds
 *   it as the element <Links /> renders) but `disabled`, so it is neither loaded nor applied;
 * - its scripts start loading once the page has painted: the HTML carries all of the content, so
 *   the first paint needs none of them, and downloads racing it would only hold it up (on a slow
 *   phone, also in Lighthouse's model of one). The module preloads leave the HTML; the module
 *   script adds them back and imports the same modules after the first frame (see deferScripts).
 */
function prepareForFirstPaint(clientDir: string, dir = clientDir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      prepareForFirstPaint(clientDir, file);
      continue;
    }
    if (!entry.name.endsWith('.html')) continue;
    const html = fs.readFileSync(file, 'utf8');
    if (!html.includes(INLINE_CSS_SLOT)) continue;
    let css = '';
    const inlined = html.replace(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g, (_tag, href: string) => {
      css += fs.readFileSync(path.join(clientDir, href), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
      return `<link rel="stylesheet" href="${href}" disabled=""/>`;
    });
    const style = `<style data-inline-css="">${css.replaceAll('</style', '<\\/style')}</style>`;
    const page = inlined.replace(INLINE_CSS_SLOT, () => style);
    fs.writeFileSync(file, entry.name === '__spa-fallback.html' ? page : deferScripts(page));
  }
}

/** Module preloads started per task by the deferred module script (deferScripts). */
const PRELOADS_PER_TASK = 4;

/**
 * React Router's module script (`import * as route0 from "..."; ...; window.__reactRouterManifest =
 * {...the page's routes}; window.__reactRouterRouteModules = {...}; import("entry.client")`, with an
 * `import "manifest"` first when the whole manifest is a file) as the same imports, made
 * after the first frame has painted; the `<link rel="modulepreload">`s move into it. A page whose
 * script does not have that shape is left as it is.
 */
function deferScripts(html: string): string {
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html);
  if (!script) return html;
  const body = script[1] ?? '';
  const sideEffects = [...body.matchAll(/^import "([^"]+)";$/gm)].map((match) => match[1]);
  const namespaces = [...body.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)].map((match) => ({
    name: match[1],
    href: match[2],
  }));
  const rest = body
    .replace(/^import "[^"]+";$/gm, '')
    .replace(/^import \* as \w+ from "[^"]+";$/gm, '')
    .trim();
  if (namespaces.length === 0 || /^import\s|\bimport \* as\b/m.test(rest)) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]);
  const deferred = [
    'const start = async () => {',
    `  const preloads = ${JSON.stringify(preloads)};`,
    '  for (let i = 0; i < preloads.length; i++) {',
    // Starting a request costs the main thread a little: a few per task keep each task short.
    `    if (i > 0 && i % ${PRELOADS_PER_TASK} === 0) await new Promise((resolve) => setTimeout(resolve, 0));`,
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = preloads[i];',
    '    document.head.append(link);',
    '  }',
    ...(sideEffects.length > 0
      ? [`  await Promise.all([${sideEffects.map((href) => `import(${JSON.stringify(href)})`).join(', ')}]);`]
      : []),
    `  const [${namespaces.map((n) => n.name).join(', ')}] = await Promise.all([${namespaces.map((n) => `import(${JSON.stringify(n.href)})`).join(', ')}]);`,
    `  ${rest}`,
    '};',
    // After the first frame; a page that does not paint (a background tab) starts after a second.
    'let started = false;',
    'const go = () => { if (!started) { started = true; void start(); } };',
    'requestAnimationFrame(() => setTimeout(go, 0));',
    'setTimeout(go, 1000);',
  ].join('\n');
  return html
    .replace(script[0], () => `<script type="module" async="">${deferred}</script>`)
    .replaceAll(/<link rel="modulepreload" href="[^"]+"\/>/g, '');
}

export default {
  appDirectory: 'app',
  // Separate build folders let several builds coexist (e.g. parallel e2e runs); default build/.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // The Fastify server serves the built files and renders the other pages with the server build
  // (apps/server platform/http/web-app.ts): prerendered public pages are files, pages with their own
  // data (listings, sellers) render on request, and the signed-in areas render their fallback
  // (lib/client-only-route.tsx). Server rendering gives lazy route discovery: a page's manifest
  // holds its own routes, and the browser asks /__manifest for the routes its links lead to.
  ssr: true,
  prerender: [...PRERENDERED_PATHS, ...PRERENDERED_SIGN_IN_PATHS],
  // Runs after the client build and the prerendering.
  buildEnd({ reactRouterConfig }) {
    prepareForFirstPaint(path.resolve(reactRouterConfig.buildDirectory, 'client'));
    precompress(path.resolve(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
