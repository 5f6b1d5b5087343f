#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources (not when
// WEB_DIST_DIR names a build made elsewhere), then runs the server (which applies migrations and
// seeds an empty database).
//
// Issue #30 item 13: a container stop sends SIGTERM to `npm start` alone. npm passes it to its
// child, the `sh -c` running this script; package.json's `exec` makes that child this process
// itself (a shell that is not replaced dies of the signal without passing it on, and the server
// and its embedded PostgreSQL ran on). Here SIGTERM and SIGINT go on to the build or the server,
// and this process exits only when the server has stopped, with its exit code.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { webSourcesChangedAt } from './web-sources.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

/** @type {import('node:child_process').ChildProcess | null} */
let current = null;
/** @type {NodeJS.Signals | null} */
let stopping = null;
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopping = signal;
    current?.kill(signal);
  });
}

/**
 * Runs a child with this process's output and resolves with the code this process should exit with.
 * @param {string} command @param {string[]} args @returns {Promise<number>}
 */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    current = child;
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

async function main() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (!process.env.WEB_DIST_DIR && builtAt < webSourcesChangedAt(root)) {
    console.log('Building the web app…');
    const built = await run('npm', ['run', 'build', '--workspace', 'apps/web']);
    if (stopping) return 0;
    if (built !== 0) return built;
  }
  if (stopping) return 0;
  // Run from the repository root so DATA_DIR=./data means <repo>/data.
  return run(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts']);
}

main().then((code) => process.exit(code));
