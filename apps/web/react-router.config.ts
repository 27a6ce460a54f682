import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Config } from '@react-router/dev/config';
import { firstPaintHtml } from '@sekolo/shared/domain/first-paint-html';
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

/**
 * Makes every prerendered page paint as soon as its HTML has arrived: its CSS inlined, its scripts
 * started after the first frame (firstPaintHtml, which the server applies to the pages it renders
 * on request too). The SPA fallback gets its CSS only: it shows a loading state, not the route.
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
    const page = firstPaintHtml(html, (href) => fs.readFileSync(path.join(clientDir, href), 'utf8'), {
      deferScripts: entry.name !== '__spa-fallback.html',
    });
    if (page !== html) fs.writeFileSync(file, page);
  }
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
