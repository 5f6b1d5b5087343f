import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadOrCreateDatabasePassword } from './config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('with nothing set, the embedded defaults apply and secrets are generated once into a 0600 file', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(3000);
    expect(first.databaseUrl).toBeNull();
    expect(first.demoData).toBe(true);
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.pinPepper).toBe(first.pinPepper);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(file, 'utf8')).toContain(first.pinPepper);
  });

  it('secrets given in the environment are used and nothing is written', () => {
    const dir = tempDir();
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'sub'),
      SESSION_SECRET: 's'.repeat(40),
      PIN_PEPPER: 'p'.repeat(40),
    });
    expect(config.pinPepper).toBe('p'.repeat(40));
    expect(() => statSync(path.join(dir, 'sub', 'secrets.json'))).toThrow();
  });

  it('the embedded default is the managed PostgreSQL server, and its password joins the existing secrets without changing them', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.embeddedDatabase).toBe('postgres');
    expect(config.embeddedDatabasePort).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, EMBEDDED_DATABASE: 'pglite' }).embeddedDatabase).toBe('pglite');
    expect(() => loadConfig({ DATA_DIR: dir, EMBEDDED_DATABASE: 'sqlite' })).toThrow(/EMBEDDED_DATABASE/);

    const password = loadOrCreateDatabasePassword(dir);
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateDatabasePassword(dir)).toBe(password);
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.pinPepper).toBe(config.pinPepper);
    expect(again.sessionSecret).toBe(config.sessionSecret);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      sessionSecret: config.sessionSecret,
      pinPepper: config.pinPepper,
      databasePassword: password,
    });
  });

  it('bad values stop the boot with a list of everything that is wrong', () => {
    const dir = tempDir();
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        PORT: 'eighty',
        STORE_TIME_ZONE: 'Mars/Olympus',
        DATABASE_URL: 'mysql://x',
        DEMO_DATA: 'maybe',
        PIN_PEPPER: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'STORE_TIME_ZONE', 'DATABASE_URL', 'DEMO_DATA', 'PIN_PEPPER']) {
      expect(problems).toContain(key);
    }
  });

  it('reads booleans, time zones, timeouts and trusted proxies from their text form', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DEMO_DATA: 'false',
      COOKIE_SECURE: '1',
      STORE_TIME_ZONE: 'Australia/Perth',
      SESSION_IDLE_MINUTES: '15',
      SESSION_ABSOLUTE_HOURS: '10',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
    });
    expect(config.demoData).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(config.storeTimeZone).toBe('Australia/Perth');
    expect(config.sessionIdleMs).toBe(15 * 60_000);
    expect(config.sessionAbsoluteMs).toBe(10 * 3_600_000);
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(Object.isFrozen(config)).toBe(true);
  });
});
