// Per-document debounced jobs. A job is cancelled the way it was scheduled (an immediate one with
// clearImmediate, a delayed one with clearTimeout: clearTimeout does not cancel an immediate), and a
// job that runs forgets only its own entry, never the newer one scheduled after it.
/** The longest wait before a document's diagnostics are computed again (a very large file). */
export const MAX_DEBOUNCE_MS = 250;

/**
 * Below this cost of the last validation (ms), none: the next change is validated at once. Changes
 * that arrive while a validation runs are merged anyway (they replace the pending job before it
 * runs), so a wait only spares work, never latency; it pays only when a validation costs a good
 * share of the time between keystrokes (a frame, 16 ms, is under half of the 30 ms of key repeat).
 * A wait of the last cost made a 1 ms validation of a 1,000-line file wait 1-5 ms after a slower one.
 */
export const DEBOUNCE_FROM_MS = 16;

/** The wait before validating a document again, from what its last validation cost. */
export function debounceFor(lastCostMs: number): number {
  return lastCostMs < DEBOUNCE_FROM_MS ? 0 : Math.min(MAX_DEBOUNCE_MS, Math.round(lastCostMs));
}

interface Pending {
  cancel: () => void;
}

export class Debouncer {
  private readonly pending = new Map<string, Pending>();

  /** Runs `job` after `delay` ms (0: as soon as the event loop is free), replacing any job pending for `key`. */
  schedule(key: string, delay: number, job: () => void): void {
    this.cancel(key);
    const entry: Pending = { cancel: () => undefined };
    const run = (): void => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
      job();
    };
    if (delay <= 0 && typeof setImmediate === 'function') {
      const handle = setImmediate(run);
      entry.cancel = () => {
        clearImmediate(handle);
      };
    } else {
      const handle = setTimeout(run, Math.max(0, delay));
      entry.cancel = () => {
        clearTimeout(handle);
      };
    }
    this.pending.set(key, entry);
  }

  cancel(key: string): void {
    this.pending.get(key)?.cancel();
    this.pending.delete(key);
  }

  has(key: string): boolean {
    return this.pending.has(key);
  }
}
