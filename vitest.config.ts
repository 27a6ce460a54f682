import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DB_ENGINE: engine },
    // Files share a worker's modules: each file builds its own app on its own database from
    // explicit configuration, and importing the server's module graph afresh for every file took
    // most of a worker's time (server-pglite on two idle cores: 731 s isolated, 505 s shared, its
    // import phase 336 s → 17 s; 2026-12-05).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest runs one file at a time on two cores (its default is one worker fewer than the cores),
    // though an API test file waits on PostgreSQL, scrypt or a child server much of its time: two
    // workers ran the whole suite in 730 s on a two-core machine, where its files alone add up to
    // 1 370 s of one worker's time (2026-11-27).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      serverProject('pglite'),
      // The same API tests against a real PostgreSQL when CI provides one.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        // `~` is the app's folder, as in its tsconfig and Vite's build.
        resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) } },
        test: { name: 'web', root: './apps/web', include: ['app/**/*.test.{ts,tsx}'] },
      },
      // The bench's own tools (npm run bench).
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'] } },
    ],
  },
});
