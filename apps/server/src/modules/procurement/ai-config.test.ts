import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';

const dirs: string[] = [];
function env(extra: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-ai-config-'));
  dirs.push(dir);
  return { DATA_DIR: dir, ...extra };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('optimization provider settings (AI_PROVIDER_URL, AI_API_KEY, AI_MODEL)', () => {
  it('is off by default: the built-in rules answer without any network', () => {
    expect(loadConfig(env({})).ai).toBeNull();
  });

  it('reads the base URL (trailing slash dropped), key and model', () => {
    const config = loadConfig(
      env({ AI_PROVIDER_URL: 'https://llm.example.com/v1/', AI_API_KEY: 'sk-1', AI_MODEL: 'small' }),
    );
    expect(config.ai).toEqual({ baseUrl: 'https://llm.example.com/v1', apiKey: 'sk-1', model: 'small' });
    expect(loadConfig(env({ AI_PROVIDER_URL: 'http://127.0.0.1:11434/v1' })).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: null,
      model: 'gpt-4o-mini',
    });
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => loadConfig(env({ AI_PROVIDER_URL: 'ftp://x' }))).toThrow(ConfigError);
  });
});
