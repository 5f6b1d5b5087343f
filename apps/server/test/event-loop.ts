import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * CPU time (ms) used so far by the calling thread alone: Linux's /proc/thread-self/stat (utime and
 * stime, in 10 ms ticks). Node 20 has no process.threadCpuUsage, and process.cpuUsage also counts
 * the garbage collector's helper threads. Falls back to the whole process elsewhere.
 */
function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

/**
 * Watches how long the event loop is held while `work` runs (docs/architecture.md, Standards: no request blocks it
 * for more than 50 ms). Two measures:
 * - `maxDelayMs`: node:perf_hooks monitorEventLoopDelay's maximum (wall clock, so it also counts
 *   the time the OS gave the process no CPU on a loaded machine);
 * - `maxBlockMs`: the longest gap between two turns of a 2 ms timer, counted in the CPU
 *   time this process used during it (min of wall and CPU time), which is what our code costs and
 *   stays meaningful when other processes load the machine (this thread's CPU time, so the
 *   collector's helper threads do not count; to within its 10 ms tick).
 */
export async function watchEventLoop<T>(
  work: () => Promise<T>,
): Promise<{ result: T; maxDelayMs: number; maxBlockMs: number; elapsedMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let maxBlockMs = 0;
  let running = true;
  let lastWall = performance.now();
  let lastCpu = threadCpuMs();
  const tick = () => {
    const wall = performance.now();
    const cpu = threadCpuMs();
    // (CPU time comes in 10 ms ticks: the figure is right to within a tick.)
    const block = Math.min(wall - lastWall, cpu - lastCpu);
    if (block > maxBlockMs) maxBlockMs = block;
    lastWall = performance.now();
    lastCpu = cpu;
    if (running) setTimeout(tick, 2);
  };
  const started = performance.now();
  histogram.enable();
  setTimeout(tick, 2);
  try {
    const result = await work();
    return {
      result,
      maxDelayMs: histogram.max / 1e6,
      maxBlockMs,
      elapsedMs: performance.now() - started,
    };
  } finally {
    running = false;
    histogram.disable();
  }
}
