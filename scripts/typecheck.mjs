#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` for every TypeScript project, two at a time (issue #31: one
// tsc is one core, and this machine has two; eleven in sequence took ~2.2 min). Every project's
// errors are printed; any error fails the run.
// Incremental (issue #31, fifth pass): each project keeps its build info (what it checked, file
// hashes, its diagnostics) in node_modules/.cache/typecheck/, outside git, so a run after a small
// change re-checks only what the change can affect; a clean clone checks everything, as before.
// TYPECHECK_INCREMENTAL=0 checks everything without reading or writing the build info.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Every folder of apps/, packages/ and bench/ with a tsconfig.json, and e2e/: a new one needs no
// entry here. The two largest first, so the small ones fill in beside them.
const found = ['apps', 'packages', 'bench'].flatMap((root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, d.name, 'tsconfig.json')))
    .map((d) => `${root}/${d.name}`),
);
const first = ['apps/web', 'apps/server'];
const projects = [...first.filter((p) => found.includes(p)), 'e2e', ...found.filter((p) => !first.includes(p))];
const concurrency = Math.max(1, Number(process.env.TYPECHECK_CONCURRENCY ?? 2));
const tsc = 'node_modules/typescript/bin/tsc';
const incremental = process.env.TYPECHECK_INCREMENTAL !== '0';
const cacheDir = 'node_modules/.cache/typecheck';
if (incremental) mkdirSync(cacheDir, { recursive: true });
/** `tsc --noEmit --incremental` writes only its build info, here one file per project. */
const incrementalArgs = (project) =>
  incremental
    ? ['--incremental', '--tsBuildInfoFile', path.join(cacheDir, `${project.replaceAll('/', '-')}.tsbuildinfo`)]
    : [];

let failed = 0;
const queue = [...projects];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const started = Date.now();
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', ...incrementalArgs(project)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('close', (exit) => resolve({ code: exit, output: text }));
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (code === 0) console.log(`✔ tsc -p ${project} (${seconds} s)`);
    else {
      failed++;
      console.error(`✖ tsc -p ${project} (${seconds} s)\n${output}`);
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
if (failed > 0) {
  console.error(`\n✖ ${failed} project(s) have type errors`);
  process.exit(1);
}
