#!/usr/bin/env node
/**
 * Fails (exit 1) when the Drizzle schema and the committed migrations disagree, i.e. when someone
 * changed apps/server/src/db/schema without running `npm run db:generate` (architecture guide,
 * Data: "CI fails if the schema and the committed migrations disagree").
 *
 * How: copy apps/server/drizzle to a temporary folder, run `drizzle-kit generate` against the copy
 * with the project's own drizzle.config.ts (only `out` changed), and see whether it wrote a new
 * migration. The committed folder is never touched and the temporary one is always removed.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps', 'server');
const migrationsDir = path.join(serverDir, 'drizzle');
const drizzleKit = path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs');
const TIMEOUT_MS = 120_000;

function fail(message) {
  console.error(`db:check failed: ${message}`);
  process.exitCode = 1;
}

function sqlFiles(dir) {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.sql'))
        .sort()
    : [];
}

/** Every journal entry has its SQL file and every SQL file is in the journal. */
function checkJournal() {
  const journalPath = path.join(migrationsDir, 'meta', '_journal.json');
  if (!existsSync(journalPath)) return 'apps/server/drizzle/meta/_journal.json is missing';
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const tags = journal.entries.map((entry) => `${entry.tag}.sql`).sort();
  const files = sqlFiles(migrationsDir);
  const missing = tags.filter((tag) => !files.includes(tag));
  const extra = files.filter((file) => !tags.includes(file));
  if (missing.length) return `the journal lists migrations with no SQL file: ${missing.join(', ')}`;
  if (extra.length) return `SQL files not in the journal (drizzle would never apply them): ${extra.join(', ')}`;
  return null;
}

function run(command, args, options) {
  return new Promise((resolve) => {
    // stdin closed: if drizzle-kit wants to ask (a rename?), it cannot, and we say so below.
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

async function main() {
  const journalProblem = checkJournal();
  if (journalProblem) return fail(journalProblem);

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rh-db-check-'));
  const cleanup = () => rmSync(tmp, { recursive: true, force: true });
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    const outDir = path.join(tmp, 'drizzle');
    cpSync(migrationsDir, outDir, { recursive: true });
    const before = new Set(sqlFiles(outDir));

    // The project's config with only `out` redirected; drizzle-kit loads TypeScript configs itself.
    const configPath = path.join(tmp, 'drizzle.check.config.ts');
    const baseConfig = pathToFileURL(path.join(serverDir, 'drizzle.config.ts')).href;
    writeFileSync(
      configPath,
      // drizzle-kit prefixes `out` with './', so it must be relative to the working directory.
      `import base from ${JSON.stringify(baseConfig)};\nexport default { ...base, out: ${JSON.stringify(path.relative(serverDir, outDir))} };\n`,
    );

    const result = await run(process.execPath, [drizzleKit, 'generate', '--config', configPath, '--name', 'db_check'], {
      cwd: serverDir,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    if (result.signal) {
      return fail(
        `drizzle-kit did not finish (it may be waiting for an answer about a rename). Run \`npm run db:generate\` and commit the result.\n${result.output}`,
      );
    }
    if (result.code !== 0) return fail(`drizzle-kit generate exited with ${result.code}:\n${result.output}`);

    const added = sqlFiles(outDir).filter((file) => !before.has(file));
    if (/Interactive prompts require a TTY/i.test(result.output)) {
      return fail(
        'the schema differs from the committed migrations, and drizzle-kit needs to ask whether something was renamed. Run `npm run db:generate` in a terminal and commit the new migration.',
      );
    }
    // drizzle-kit can print an error and still exit 0: insist on one of its two normal outcomes.
    if (added.length === 0 && !/No schema changes/i.test(result.output)) {
      return fail(`drizzle-kit generate did not report a result:\n${result.output}`);
    }
    if (added.length > 0) {
      const preview = added.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
      return fail(
        [
          'the schema in apps/server/src/db/schema differs from the committed migrations in apps/server/drizzle.',
          'Run `npm run db:generate` and commit the new migration. The missing SQL would be:',
          '',
          preview.trim(),
        ].join('\n'),
      );
    }
    console.log('db:check: the schema matches the committed migrations.');
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
