import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cgroupMemoryLimit, memoryFigures } from './memory';

/** Issue #30 item 24: the container's memory limit read from a cgroup file system laid out in a folder. */
const roots: string[] = [];
function cgroupRoot(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'rh-cgroup-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), `${text}\n`);
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const GB = 1024 ** 3;

describe('container memory limit', () => {
  it('cgroup v2: memory.max of the namespace root; "max" is no limit', () => {
    expect(cgroupMemoryLimit(cgroupRoot({ 'memory.max': String(GB) }), '0::/\n')).toBe(GB);
    expect(cgroupMemoryLimit(cgroupRoot({ 'memory.max': 'max' }), '0::/\n')).toBeNull();
  });

  it('cgroup v2: the tightest limit along the process path', () => {
    const root = cgroupRoot({
      'memory.max': 'max',
      'system.slice/memory.max': String(2 * GB),
      'system.slice/app.service/memory.max': 'max',
    });
    expect(cgroupMemoryLimit(root, '0::/system.slice/app.service\n')).toBe(2 * GB);
  });

  it('cgroup v1: memory.limit_in_bytes of the memory controller; the huge "unlimited" value is no limit', () => {
    const root = cgroupRoot({
      'memory/memory.limit_in_bytes': '9223372036854771712',
      'memory/docker/abc/memory.limit_in_bytes': String(512 * 1024 * 1024),
    });
    expect(cgroupMemoryLimit(root, '4:memory:/docker/abc\n3:cpu:/\n')).toBe(512 * 1024 * 1024);
    expect(cgroupMemoryLimit(root, '4:memory:/\n')).toBeNull();
  });

  it('no cgroup file system: no limit; the machine memory is used instead', () => {
    expect(cgroupMemoryLimit(path.join(tmpdir(), 'rh-no-such-cgroup'), null)).toBeNull();
    const usage = { rss: 300 * 1024 ** 2, heapUsed: 46 * 1024 ** 2, heapTotal: 50 * 1024 ** 2 } as NodeJS.MemoryUsage;
    expect(memoryFigures(usage, null, 8 * GB)).toEqual({
      used: 300,
      total: 8192,
      limit: 'machine',
      heapUsed: 46,
      heapTotal: 50,
    });
    expect(memoryFigures(usage, GB, 8 * GB)).toMatchObject({ total: 1024, limit: 'container' });
    // A limit above the machine's memory limits nothing.
    expect(memoryFigures(usage, 16 * GB, 8 * GB)).toMatchObject({ total: 8192, limit: 'machine' });
  });
});
