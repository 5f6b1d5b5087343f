import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processAlive } from './db/embedded-postgres';
import { freePort } from './lib/free-port';

/**
 * Issue #30 item 13: `kill -TERM` of the `npm start` process (what a container stop does: the
 * signal goes to that one process) ended npm and its `sh -c`, and left the server and its embedded
 * PostgreSQL running. `npm start` is started as an operator does (the default embedded
 * PostgreSQL; WEB_DIST_DIR names a tiny build so no web build is made), only npm gets SIGTERM, and
 * npm, the server and the PostgreSQL server must all be gone. The embedded server does not use
 * TEST_DATABASE_URL, so this runs on the PGlite pass only.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function exited(child: ChildProcess, ms: number): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

const dirs: string[] = [];
const leftovers: number[] = [];

afterAll(() => {
  for (const pid of leftovers) if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm start', () => {
  it('SIGTERM to the npm process stops the server and its embedded PostgreSQL, and npm exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-start-'));
    const webDist = path.join(dataDir, 'web');
    dirs.push(dataDir);
    mkdirSync(webDist);
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Retail Hub</title>');
    const port = await freePort();
    let output = '';
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDist,
        DEMO_DATA: 'false',
        LOG_FORMAT: 'json',
        NODE_ENV: 'production',
        EMBEDDED_DATABASE: 'postgres',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    npm.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    try {
      const deadline = Date.now() + 60_000;
      let ready = false;
      while (!ready && Date.now() < deadline) {
        if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
        ready = (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.status === 200;
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready, output).toBe(true);
      const serverPid = Number(/"pid":(\d+)[^\n]*"msg":"Retail Hub ready"/.exec(output)?.[1]);
      const postgresPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      leftovers.push(serverPid, postgresPid);
      expect(processAlive(serverPid)).toBe(true);
      expect(processAlive(postgresPid)).toBe(true);

      npm.kill('SIGTERM');
      expect(await exited(npm, 20_000), output).toBe(0);
      expect(await gone(serverPid, 5_000), 'the server outlived npm').toBe(true);
      expect(await gone(postgresPid, 5_000), 'the embedded PostgreSQL outlived npm').toBe(true);
      expect(output).toContain('"msg":"stopped"');
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  }, 120_000);
});
