/**
 * The System Health memory figure (issue #30 item 24): the process's resident memory against what
 * it may use, the container's limit (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`, the
 * tightest along the process's cgroup path) or else the machine's memory. V8's heap (used over
 * reserved) was shown before and read 92% on an idle server: V8 grows the heap only as needed, so
 * that share says nothing about running out. The heap stays as a detail.
 */
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import path from 'node:path';

const MB = 1024 * 1024;
/** cgroup v1 writes "no limit" as the largest page-aligned signed 64-bit value. */
const NO_LIMIT_V1 = 2 ** 62;

export type MemoryFigures = {
  /** Resident memory of the process, MB. */
  used: number;
  /** The container's memory limit, or the machine's memory when there is none, MB. */
  total: number;
  limit: 'container' | 'machine';
  heapUsed: number;
  heapTotal: number;
};

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** `/a/b/c` → `/a/b/c`, `/a/b`, `/a`, `/`. */
function selfAndAncestors(cgroupPath: string): string[] {
  const parts = cgroupPath.split('/').filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, parts.length - i).join('/')}`).concat('/');
}

/**
 * The tightest memory limit (bytes) on this process's cgroup, or null. `root` is where the cgroup
 * file system is mounted; `selfCgroup` the text of /proc/self/cgroup (parameters for the tests).
 */
export function cgroupMemoryLimit(
  root = '/sys/fs/cgroup',
  selfCgroup: string | null = readText('/proc/self/cgroup'),
): number | null {
  const lines = (selfCgroup ?? '').split('\n');
  const v2 = lines.find((line) => line.startsWith('0::'))?.slice(3) ?? '/';
  const v1 = lines
    .map((line) => line.split(':'))
    .find(([, controllers]) => controllers?.split(',').includes('memory'))?.[2];
  const candidates = [
    // v2: one hierarchy mounted at root. Inside a container the process's path is often "/" and
    // the limit is on the namespace root itself.
    ...selfAndAncestors(v2).map((p) => path.join(root, p, 'memory.max')),
    // v1: the memory controller's own hierarchy.
    ...(v1 !== undefined ? selfAndAncestors(v1).map((p) => path.join(root, 'memory', p, 'memory.limit_in_bytes')) : []),
    path.join(root, 'memory', 'memory.limit_in_bytes'),
  ];
  let tightest: number | null = null;
  for (const file of candidates) {
    const text = readText(file);
    if (text === null || text === 'max') continue;
    const bytes = Number(text);
    if (!Number.isFinite(bytes) || bytes <= 0 || bytes >= NO_LIMIT_V1) continue;
    tightest = tightest === null ? bytes : Math.min(tightest, bytes);
  }
  return tightest;
}

export function memoryFigures(
  usage: NodeJS.MemoryUsage = process.memoryUsage(),
  limit: number | null = cgroupMemoryLimit(),
  machine: number = totalmem(),
): MemoryFigures {
  const container = limit !== null && limit < machine;
  return {
    used: Math.round(usage.rss / MB),
    total: Math.round((container ? limit : machine) / MB),
    limit: container ? 'container' : 'machine',
    heapUsed: Math.round(usage.heapUsed / MB),
    heapTotal: Math.round(usage.heapTotal / MB),
  };
}
