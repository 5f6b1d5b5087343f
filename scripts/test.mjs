#!/usr/bin/env node
// `npm test`: every test layer (issue #31). Unit and web tests, the API tests on PGlite (their log
// then audited) and again on PostgreSQL when TEST_DATABASE_URL is set, the Playwright E2E tests in
// Debian's Chromium on the built web app, and, when TEST_NODE_VERSIONS is set (.ci/run sets
// "22 24"), the unit and API layers on those Node versions (.ci/node-versions.sh).
//
// Layers share no state (each API test makes its own database, each E2E worker its own server),
// so they run side by side, at most TEST_CONCURRENCY (default 2) at a time: more than two heavy
// processes on a 2-core machine only thrash (measured in docs/operations.md, "Test run time").
// With TEST_E2E_ALONE=1 the E2E layer waits for every other layer, except that TEST_BESIDE_E2E
// "light" layers (PostgreSQL-bound: their own processes mostly wait) may run beside it.
// Each layer's output is printed whole when it ends; a table of layer times and test counts
// closes the run. A failed layer fails the run; the other layers still run, so one run shows
// every layer that fails (a layer that needs a failed one, e.g. the log audit, does not run).
//
// Usage: npm test [-- LAYER ...]   e.g. `npm test -- unit-web e2e` runs only those two layers.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const env = { ...process.env };
const pgUrl = env.TEST_DATABASE_URL;
const concurrency = Math.max(1, Number(env.TEST_CONCURRENCY ?? 2));
// TEST_E2E_ALONE=1 (.ci/run): the E2E layer runs by itself once every other layer has ended, so its
// timing-sensitive steps never share the two cores with an API layer (issue #31).
const e2eAlone = env.TEST_E2E_ALONE === '1';
// TEST_BESIDE_E2E=N: up to N "light" layers (the PostgreSQL-bound ones: api-postgres, node-22,
// node-24, whose own processes mostly wait on the database server) may run beside the E2E layer
// when it runs alone; they are then kept for that time instead of running before it. 0 (the
// default): E2E runs with nothing beside it. See docs/operations.md, "Test run time".
const besideAlone = e2eAlone ? Math.max(0, Number(env.TEST_BESIDE_E2E ?? 0)) : 0;
const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
const wanted = process.argv.slice(2);
// `npm test -- node-22` runs that layer without TEST_NODE_VERSIONS.
const nodeVersions = [
  ...new Set([
    ...(env.TEST_NODE_VERSIONS ?? '').split(/[\s,]+/).filter(Boolean),
    ...wanted.flatMap((name) => /^node-(\d+)$/.exec(name)?.[1] ?? []),
  ]),
];
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

// Issue #20 item 5: every test app of the PGlite pass logs (debug, a line per request, production
// redaction) into this folder; log-audit.test.ts then greps all of it for PINs, cookies, secrets.
const auditDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-api-log-'));
const outDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-test-out-'));

/** @typedef {{ name: string, title: string, command: string, args: string[], env?: Record<string, string>, pglite?: boolean, after?: string[], alone?: boolean, light?: boolean }} Layer */
/** @type {Layer[]} In start order when several are ready: the longest chains first. */
const layers = [];
const e2eMissing = !existsSync(chromium);
if (!e2eMissing) {
  layers.push(
    {
      name: 'web-build',
      title: 'Build the web app for E2E',
      command: 'npm',
      args: ['run', 'build', '--workspace', 'apps/web'],
    },
    {
      name: 'e2e',
      title: 'E2E tests in Chromium',
      command: 'node',
      args: ['node_modules/@playwright/test/cli.js', 'test'],
      env: { CHROMIUM_PATH: chromium },
      after: ['web-build'],
      alone: e2eAlone,
    },
  );
}
layers.push({
  name: 'api-pglite',
  title: 'API tests on PGlite (their log kept for the audit)',
  command: 'node',
  args: [...vitest, '--project', 'api'],
  env: { API_TEST_LOG_DIR: auditDir },
  pglite: true,
});
if (pgUrl) {
  layers.push({
    name: 'api-postgres',
    title: `API tests on PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')})`,
    command: 'node',
    args: [...vitest, '--project', 'api'],
    light: true,
  });
}
for (const major of nodeVersions) {
  layers.push({
    name: `node-${major}`,
    title: `Unit and API tests on Node ${major} (${pgUrl ? 'PostgreSQL' : 'PGlite'})`,
    command: 'bash',
    args: ['.ci/node-versions.sh', major],
    light: Boolean(pgUrl),
  });
}
layers.push(
  {
    name: 'unit-web',
    title: 'Unit and web tests',
    command: 'node',
    args: [...vitest, '--project', 'unit', '--project', 'web'],
  },
  {
    name: 'log-audit',
    title: "Log audit: no PIN, cookie or secret in the API suite's log",
    command: 'node',
    args: [...vitest, '--project', 'api', 'apps/server/test/log-audit.test.ts'],
    env: { LOG_AUDIT_DIR: auditDir },
    after: ['api-pglite'],
  },
);

const usage = (message) => {
  rmSync(auditDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  console.error(message);
  process.exit(2);
};
for (const name of wanted) {
  if (name === 'api-postgres' && !pgUrl) {
    usage('The api-postgres layer needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  }
  if (!layers.some((l) => l.name === name) && !(e2eMissing && ['web-build', 'e2e'].includes(name))) {
    usage(`Unknown layer ${name}; layers: ${layers.map((l) => l.name).join(', ')}`);
  }
}
/** A layer asked for brings the layers it needs (e2e brings web-build, log-audit api-pglite). */
const selected = new Set();
const select = (name) => {
  const layer = layers.find((l) => l.name === name);
  if (!layer || selected.has(name)) return;
  selected.add(name);
  for (const dep of layer.after ?? []) select(dep);
};
for (const layer of layers) if (wanted.length === 0 || wanted.includes(layer.name)) select(layer.name);
const plan = layers.filter((l) => selected.has(l.name));

/** @type {Map<string, { status: 'running' | 'passed' | 'failed' | 'skipped', start: number, seconds?: number, cpu?: number, tests?: string }>} */
const results = new Map();
let failed = false;
if (e2eMissing && (wanted.length === 0 || wanted.includes('e2e'))) {
  const message = `Chromium not found at ${chromium}: E2E tests skipped. Install it with: apt-get install -y chromium`;
  if (env.REQUIRE_E2E === '1') {
    console.error(`\n✖ ${message} (REQUIRE_E2E=1, so this is a failure)`);
    failed = true;
    results.set('e2e', { status: 'failed', start: Date.now(), seconds: 0 });
  } else {
    console.warn(`\n⚠ ${message}`);
    results.set('e2e', { status: 'skipped', start: Date.now(), seconds: 0 });
  }
}
if (!pgUrl && (wanted.length === 0 || wanted.includes('api-postgres'))) {
  console.log('\nTEST_DATABASE_URL is not set: API tests run on PGlite only.');
}

/** "Tests  129 passed (129)" (Vitest, summed over a layer's runs) or "91 passed (9.1m)" (Playwright). */
function testCount(output) {
  const text = stripVTControlCharacters(output);
  const vitestCounts = [...text.matchAll(/^\s+Tests\s+(.+?)\s*$/gm)].map((m) => m[1]);
  if (vitestCounts.length > 0) return vitestCounts.join(' + ');
  const pw = [...text.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run)\b/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  return pw.join(', ');
}

function start(layer) {
  const logFile = path.join(outDir, `${layer.name}.log`);
  const timesFile = path.join(outDir, `${layer.name}.times`);
  const out = openSync(logFile, 'w');
  const result = { status: 'running', start: Date.now() };
  results.set(layer.name, result);
  console.log(`▶ ${layer.name}: ${layer.title}`);
  const layerEnv = { ...env, ...layer.env, TIMES_FILE: timesFile, FORCE_COLOR: '1' };
  if (layer.pglite) delete layerEnv.TEST_DATABASE_URL;
  // bash's `times` gives the CPU time (user + sys) of the layer's finished process tree.
  const child = spawn(
    'bash',
    ['-c', '"$@"; status=$?; times > "$TIMES_FILE"; exit $status', 'layer', layer.command, ...layer.args],
    {
      stdio: ['ignore', out, out],
      env: layerEnv,
    },
  );
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      closeSync(out);
      const output = readFileSync(logFile, 'utf8');
      result.seconds = (Date.now() - result.start) / 1000;
      result.status = code === 0 ? 'passed' : 'failed';
      result.tests = testCount(output);
      if (existsSync(timesFile)) {
        const children = readFileSync(timesFile, 'utf8').trim().split('\n').at(-1) ?? '';
        result.cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
          (s, m) => s + Number(m[1]) * 60 + Number(m[2]),
          0,
        );
      }
      const mark = result.status === 'passed' ? '✔' : '✖';
      console.log(`\n${'─'.repeat(100)}\n${mark} ${layer.name}: ${layer.title} (${result.seconds.toFixed(0)} s)\n`);
      process.stdout.write(output);
      if (result.status === 'failed') {
        console.error(`\n✖ ${layer.title} failed (${signal ?? `exit code ${code}`})`);
        failed = true;
      }
      resolve();
    });
  });
}

/** A layer that can no longer run: a layer it needs failed or did not run. */
const blocked = (layer) =>
  (layer.after ?? []).some((name) => {
    const status = results.get(name)?.status;
    const needed = plan.find((l) => l.name === name);
    return status === 'failed' || status === 'skipped' || (!status && needed && blocked(needed));
  });
const startedAt = Date.now();
/** @type {Map<Promise<void>, Layer>} */
const running = new Map();
while (true) {
  const ready = plan.filter(
    (l) => !results.has(l.name) && (l.after ?? []).every((d) => results.get(d)?.status === 'passed'),
  );
  if (ready.length === 0 && running.size === 0) break;
  // A layer that runs alone waits until no other layer runs or could start (but up to
  // TEST_BESIDE_E2E light ones), and then starts; only light layers start beside it.
  const besideOk = (l) => besideAlone > 0 && Boolean(l.light);
  const pending = (l) => !results.has(l.name) && !blocked(l);
  const heavyReady = ready.filter((l) => !l.alone && !besideOk(l));
  const lightReady = ready.filter((l) => !l.alone && besideOk(l));
  const heavyWaiting = plan.some((l) => !l.alone && !besideOk(l) && pending(l) && !ready.includes(l));
  const alonePending = plan.some((l) => l.alone && pending(l));
  const aloneRunning = [...running.values()].some((l) => l.alone);
  const heavyRunning = [...running.values()].some((l) => !l.alone && !besideOk(l));
  let next = [];
  if (aloneRunning) {
    next = lightReady.slice(0, Math.max(0, besideAlone - (running.size - 1)));
  } else {
    next = heavyReady.slice(0, concurrency - running.size);
    const aloneReady = ready.find((l) => l.alone);
    if (aloneReady && next.length === 0 && !heavyRunning && heavyReady.length === 0 && !heavyWaiting) {
      if (running.size <= besideAlone) next = [aloneReady];
    } else if (!alonePending) {
      // Light layers are kept for beside the alone layer while it is still to run.
      next = [...next, ...lightReady.slice(0, concurrency - running.size - next.length)];
    }
  }
  for (const layer of next) {
    const promise = start(layer).then(() => running.delete(promise));
    running.set(promise, layer);
  }
  // What was just started may let more start (light layers beside an alone one): look again.
  if (next.length > 0) continue;
  if (running.size === 0) break;
  await Promise.race(running.keys());
}
await Promise.all(running.keys());
rmSync(auditDir, { recursive: true, force: true });
rmSync(outDir, { recursive: true, force: true });

const rows = plan.map((l) => {
  const r = results.get(l.name);
  return [
    l.name,
    r?.status ?? 'not run',
    r?.seconds === undefined ? '' : `${r.seconds.toFixed(0)} s`,
    r?.cpu === undefined ? '' : `${r.cpu.toFixed(0)} s`,
    r?.tests ?? '',
  ];
});
if (results.get('e2e')?.status === 'skipped' || (e2eMissing && failed))
  rows.push(['e2e', results.get('e2e')?.status ?? '', '', '', 'no Chromium']);
rows.push([
  'total (wall)',
  failed ? 'failed' : 'passed',
  `${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  '',
  `${concurrency} at a time${e2eAlone ? `, e2e alone${besideAlone ? ` (${besideAlone} light beside)` : ''}` : ''}`,
]);
const head = ['layer', 'result', 'wall', 'cpu', 'tests'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => c.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(`\n${'─'.repeat(100)}\nTest layers (wall time; CPU time user+sys of the layer's processes):\n`);
console.log(line(head));
for (const row of rows) console.log(line(row));
if (failed) {
  console.error('\n✖ A test layer failed');
  process.exit(1);
}
console.log('\n✔ All test layers passed');
