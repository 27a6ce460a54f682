import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './app/config/prerendered-paths.ts';

export default {
  appDirectory: 'app',
  // Separate build folders let several builds coexist (e.g. parallel e2e runs); default build/.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // No runtime server rendering: the Fastify server serves the built files. Public pages are
  // prerendered at build time so their content arrives before any script runs.
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
