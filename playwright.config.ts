import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: the built web app served by the real server (scripts/e2e-server.mjs starts
 * it on a fresh database with the demo staff). Chromium comes from the system package, never a
 * download.
 *
 * Issue #31: E2E_WORKERS workers (default 2), each with its own server and database on port
 * E2E_PORT + its parallel index. A worker runs one file at a time and only it talks to its
 * server, so the sign-in throttle (it counts failures per client) and each file's data are as
 * they were with one worker. Playwright loads this file again in every worker with
 * TEST_PARALLEL_INDEX set, which is how a worker finds its server; a new spec needs nothing.
 */
const basePort = Number(process.env.E2E_PORT ?? '3100');
const externalBaseURL = process.env.E2E_BASE_URL;
// A server started elsewhere (E2E_BASE_URL) is one database: one worker then.
const workers = externalBaseURL ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const serverPort = (index: number) => basePort + index;
// The server sends staff e-mail to a test SMTP server that e2e/people.spec.ts runs on this port.
const smtpUrl = (index: number) => `smtp://127.0.0.1:${serverPort(index) + 10000}`;
const parallelIndex = process.env.TEST_PARALLEL_INDEX;
if (parallelIndex !== undefined) process.env.SMTP_URL ??= smtpUrl(Number(parallelIndex));
const baseURL = externalBaseURL ?? `http://127.0.0.1:${serverPort(Number(parallelIndex ?? 0))}`;

export default defineConfig({
  testDir: './e2e',
  // A file's tests run in order, in one worker.
  fullyParallel: false,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    // Issue #31: a failed test keeps its trace with every action's DOM snapshot (the trace viewer
    // shows the page at each step) and its failure screenshot, but not the screencast: recording
    // the screencast of every test was a third of the E2E layer's CPU (docs/operations.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${serverPort(index)}/api/health`,
    env: { E2E_PORT: String(serverPort(index)), SMTP_URL: process.env.SMTP_URL ?? smtpUrl(index) },
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM, not the default SIGKILL: the app stops its embedded PostgreSQL server (ADR 0008),
    // which runs in its own session and would otherwise outlive the run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  })),
});
