#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server (which applies migrations and seeds an empty database).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { webSourcesChangedAt } from './web-sources.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = webSourcesChangedAt(root);
if (builtAt < sourcesAt) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Run from the repository root so DATA_DIR=./data means <repo>/data.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
