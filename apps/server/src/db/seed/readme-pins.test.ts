import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_PINS } from './demo';

describe('README demo PINs', () => {
  it('the README lists exactly the PINs the demo seed creates, with their roles', () => {
    const readme = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../README.md'),
      'utf8',
    );
    const rows = [...readme.matchAll(/^\|\s*(\w+)\s*\|\s*([^|]+?)\s*\|\s*(\d{4})\s*\|/gm)].map((m) => ({
      role: m[1],
      name: m[2]?.trim(),
      pin: m[3],
    }));
    expect(rows).toEqual(DEMO_PINS.map((d) => ({ role: d.role, name: d.name, pin: d.pin })));
  });
});
