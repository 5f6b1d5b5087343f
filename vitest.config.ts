import { defineConfig } from 'vitest/config';

/**
 * Two layers: `unit` (pure code in packages/ and the web app's components, no database) and
 * `api` (the server through app.inject on a fresh PGlite, or PostgreSQL when TEST_DATABASE_URL
 * is set). E2E runs separately under Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Issue #31: one worker runs its files in one jsdom window with the libraries loaded once
          // (each file in a fresh process cost ~4x the CPU); src/test/fresh-file.ts, run before
          // every file, reloads the app's own modules and empties storage, IndexedDB and timers.
          isolate: false,
          setupFiles: ['./src/test/fresh-file.ts', './src/test/setup.ts'],
          // A user-level flow (sign in, add to cart, pay) takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy; two workers match the 2-core machines.
          maxWorkers: 2,
          // Issue #31: a worker imports the app once for all its files instead of once per file
          // (the import was ~half the CPU: 12 files took 50 CPU-s isolated, 27 CPU-s not). Every
          // file builds its own app and database, and restores the timers it fakes.
          isolate: false,
        },
      },
    ],
  },
});
