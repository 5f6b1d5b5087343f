import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: the built web app served by the real server (scripts/e2e-server.mjs starts
 * it on a fresh database with the demo staff). Chromium comes from the system package, never a
 * download.
 */
const port = process.env.E2E_PORT ?? '3100';
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// The server sends staff e-mail to a test SMTP server that e2e/people.spec.ts runs on this port.
process.env.SMTP_URL ??= `smtp://127.0.0.1:${Number(port) + 10000}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // One worker: the sign-in throttle counts failures per client, and every test signs in.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM, not the default SIGKILL: the app stops its embedded PostgreSQL server (ADR 0008),
    // which runs in its own session and would otherwise outlive the run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
