#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` for every TypeScript project, two at a time (issue #31: one
// tsc is one core, and this machine has two; eleven in sequence took ~2.2 min). Every project's
// errors are printed; any error fails the run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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

let failed = 0;
const queue = [...projects];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const started = Date.now();
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], {
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
