#!/usr/bin/env node
// Starts the product for Playwright: a fresh embedded database in a temporary folder, the demo
// store, port 3100. The web app must already be built (npm test builds it).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-e2e-'));
// The server runs in this child directly (tsx as a loader, no npx/tsx wrapper processes), so a
// SIGTERM from Playwright reaches it and no grandchild is left holding the port.
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    // A terminal holding unsynced sales is flagged after 3 s, not 5 minutes (e2e/offline.spec.ts).
    TERMINAL_STALE_MINUTES: '0.05',
    // e2e/printers.spec.ts: the fake printer listens on a free port of 127.0.0.1 (docs/adr/0031).
    PRINTERS_ALLOW_LOOPBACK: 'true',
  },
});
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
/**
 * The app stops its embedded PostgreSQL server when it stops; if it died without doing so, the
 * server (in its own session) is stopped here by its postmaster.pid before the folder goes.
 */
async function stopServerLeft() {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
}
child.on('exit', async (code) => {
  await stopServerLeft();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
