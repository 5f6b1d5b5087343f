#!/usr/bin/env node
// `npm test`: unit and web tests, API tests on PGlite (and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright E2E tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const env = { ...process.env };
const pgUrl = env.TEST_DATABASE_URL;

function run(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const withoutPg = { ...env };
delete withoutPg.TEST_DATABASE_URL;

run('Unit and web tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']);
console.log('\n▶ API tests on PGlite (their log kept for the audit below)\n');
// Issue #20 item 5: every test app of this pass logs (debug, a line per request, production
// redaction) into this folder; log-audit.test.ts then greps all of it for PINs, cookies, secrets.
const auditDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-api-log-'));
{
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
    stdio: 'inherit',
    env: { ...withoutPg, API_TEST_LOG_DIR: auditDir },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
run(
  "Log audit: no PIN, cookie or secret in the API suite's log",
  'npx',
  ['vitest', 'run', '--project', 'api', 'apps/server/test/log-audit.test.ts'],
  {
    LOG_AUDIT_DIR: auditDir,
  },
);
rmSync(auditDir, { recursive: true, force: true });
if (pgUrl) {
  run(`API tests on PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')})`, 'npx', ['vitest', 'run', '--project', 'api']);
} else {
  console.log('\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.');
}

const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: E2E tests skipped. Install it with: apt-get install -y chromium`;
  if (env.REQUIRE_E2E === '1') {
    console.error(`\n✖ ${message} (REQUIRE_E2E=1, so this is a failure)`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${message}`);
  process.exit(0);
}
run('Build the web app for E2E', 'npm', ['run', 'build', '--workspace', 'apps/web']);
run('E2E tests in Chromium', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
console.log('\n✔ All test layers passed');
