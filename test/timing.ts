// Wall-clock checks that hold on a busy machine (ci17). A test that says "the run ends at its time
// limit" or "this call is not pathologically slow" compares elapsed time with a bound. On a loaded
// machine (other jobs, this run niced) the process is not scheduled for whole seconds, and a fixed
// slack cannot allow for that: a newcomer's `npm test` failed at load 13–26 with runs 500 ms over.
// These helpers measure what the process could not help, so that the bound stays tight (a run that
// waits for the wrong timer, or a call that loops, still fails) and the machine's load is taken out:
//   - `timed` (asynchronous work: a network run, a child process): the time the event loop was held
//     up while the thread did not run (the machine busy), from a ticker and this thread's CPU time;
//   - `cpuBound` (synchronous, deterministic work): a call over its bound is timed again by this
//     thread's CPU time, which the load does not stretch.
// Performance figures are the benchmark's business (bench/), never a test's.
import { readFileSync } from 'node:fs';

/** Linux's clock tick for /proc (USER_HZ): 100 on every Linux that Node supports. */
const TICK_MS = 10;

/**
 * The CPU time (user + system) this thread has used, in ms, at the kernel's 10 ms resolution; undefined
 * where /proc/thread-self is not there (macOS, Windows): the callers then fall back to wall-clock time.
 */
export function threadCpuMs(): number | undefined {
  return statMs('/proc/thread-self/stat', 14);
}

/** The CPU time a live process (every thread of it) has used, in ms; undefined without /proc. */
export function processCpuMs(pid: number): number | undefined {
  return statMs(`/proc/${pid}/stat`, 14);
}

/**
 * The CPU time of this process's children that have exited and been waited for (cutime + cstime), in
 * ms; undefined without /proc. The difference across one child's run is that child's CPU time (when no
 * other child ends meanwhile: the tests of one file run one after the other).
 */
export function reapedChildrenCpuMs(): number | undefined {
  return statMs('/proc/self/stat', 16);
}

/** Fields `field` and `field + 1` of a /proc stat file (1-based, as proc(5) numbers them), in ms. */
function statMs(path: string, field: number): number | undefined {
  try {
    const stat = readFileSync(path, 'latin1');
    // The fields after the command name (which may hold spaces, in parentheses) start at field 3.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[field - 3]) + Number(f[field - 2]);
    return Number.isFinite(ticks) ? ticks * TICK_MS : undefined;
  } catch {
    return undefined;
  }
}

export interface Timed<T> {
  value: T;
  /** Wall-clock time of the whole run. */
  ms: number;
  /**
   * The part of `ms` this process was held up by the machine: each gap of the event loop longer than
   * `TICK + NOISE` ms, less the CPU time this thread spent in it (its own synchronous work counts as the
   * run's time). 0 on an idle machine; seconds at load 20.
   */
  heldMs: number;
  /** `ms - heldMs`: the time the run took as far as its own timers and work go. What a limit governs. */
  ownMs: number;
}

const TICK = 5;
/** Gaps up to this much over the tick are timer noise, not counted. */
const NOISE = 10;

/**
 * Runs `fn` and measures it, with the time the machine held this process up taken out (see `Timed`).
 * Assert on `ownMs`, and print `ms` and `heldMs` in the message.
 */
export async function timed<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  let held = 0;
  let last = performance.now();
  let lastCpu = threadCpuMs();
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    const gap = now - last - TICK;
    if (gap > NOISE) held += Math.max(0, gap - (cpu !== undefined && lastCpu !== undefined ? cpu - lastCpu : 0));
    last = now;
    lastCpu = cpu;
  }, TICK);
  const t0 = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - t0;
    // The gap still open when the run ended.
    const open = performance.now() - last - TICK;
    if (open > NOISE) held += Math.max(0, open - Math.max(0, (threadCpuMs() ?? 0) - (lastCpu ?? 0)));
    const heldMs = Math.min(ms, held);
    return { value, ms, heldMs, ownMs: ms - heldMs };
  } finally {
    clearInterval(ticker);
  }
}

/** `1234 ms (held up 56 ms by the machine)`: for assertion messages. */
export const took = (t: { ms: number; heldMs: number }): string =>
  `${t.ms.toFixed(0)} ms (held up ${t.heldMs.toFixed(0)} ms by the machine)`;

/**
 * Times a synchronous, deterministic call (`fn` has no side effects that matter) against `boundMs`. Within
 * the bound by wall-clock time: done. Over it: the call is made again, timed by this thread's CPU time,
 * and fails only if that is over the bound too. A call that loops or takes exponential time fails either way; a machine at load 20
 * does not fail it. Returns the result and the wall-clock time of the first call.
 */
export function cpuBound<T>(name: string, fn: () => T, boundMs: number): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  const ms = performance.now() - t0;
  if (ms <= boundMs) return { value, ms };
  const c0 = threadCpuMs();
  const w0 = performance.now();
  fn();
  const wall = performance.now() - w0;
  const c1 = threadCpuMs();
  const cpu = c0 !== undefined && c1 !== undefined ? c1 - c0 : undefined;
  if (cpu !== undefined ? cpu > boundMs : wall > boundMs)
    throw new Error(
      `${name} took ${ms.toFixed(0)} ms (bound ${boundMs} ms), and again ${wall.toFixed(0)} ms` +
        (cpu !== undefined ? ` with ${cpu} ms of CPU time` : ''),
    );
  return { value, ms };
}
