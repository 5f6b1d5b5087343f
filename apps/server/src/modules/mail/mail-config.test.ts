import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';

const dirs: string[] = [];
function env(extra: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-mail-config-'));
  dirs.push(dir);
  return { DATA_DIR: dir, ...extra };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mail settings', () => {
  it('with nothing set, mail is not configured and goes to the outbox', () => {
    const config = loadConfig(env({}));
    expect(config.smtp).toBeNull();
    expect(config.mailFrom).toBe('Retail Hub <no-reply@retail-hub.local>');
  });

  it('SMTP_URL wins over the separate host settings', () => {
    const config = loadConfig(env({ SMTP_URL: 'smtps://u:p@mail.example.com:465', SMTP_HOST: 'other.example.com' }));
    expect(config.smtp).toEqual({ url: 'smtps://u:p@mail.example.com:465' });
  });

  it('SMTP_HOST with port, TLS and credentials', () => {
    const config = loadConfig(
      env({
        SMTP_HOST: 'mail.example.com',
        SMTP_PORT: '465',
        SMTP_SECURE: 'true',
        SMTP_USER: 'office',
        SMTP_PASS: 'pw',
        MAIL_FROM: 'Store Office <office@example.com>',
      }),
    );
    expect(config.smtp).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'office', pass: 'pw' });
    expect(config.mailFrom).toBe('Store Office <office@example.com>');
  });

  it('bad mail settings stop the boot, each named', () => {
    let error: unknown;
    try {
      loadConfig(env({ SMTP_URL: 'http://mail.example.com', SMTP_PORT: 'x', MAIL_FROM: 'nobody' }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['SMTP_URL', 'SMTP_PORT', 'MAIL_FROM']) expect(problems).toContain(key);
  });
});
