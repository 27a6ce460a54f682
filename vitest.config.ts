import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
