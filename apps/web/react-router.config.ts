import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './app/config/prerendered-paths.ts';

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

export default {
  appDirectory: 'app',
  // Separate build folders let several builds coexist (e.g. parallel e2e runs); default build/.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // No runtime server rendering: the Fastify server serves the built files. Public pages are
  // prerendered at build time so their content arrives before any script runs.
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
  // Runs after the client build and the prerendering.
  buildEnd({ reactRouterConfig }) {
    precompress(path.resolve(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
