// Per-document debounced jobs. A job is cancelled the way it was scheduled (an immediate one with
// clearImmediate, a delayed one with clearTimeout: clearTimeout does not cancel an immediate), and a
// job that runs forgets only its own entry, never the newer one scheduled after it.
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
