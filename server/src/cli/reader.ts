// Reading ahead for a one-thread lint: a small worker thread (dist/read-worker.js, node:fs only, so
// it starts in about 20 ms) reads the files in list order, in batches, and decodes them (UTF-8 to
// text, as readFileSync(path, 'utf8') does), while the main thread lints. On 10,000 small configs
// the file reads (open, fstat, read, close for each) cost the lint thread about 80 ms of its ~450,
// and decoding them about 10 more; the second core, which otherwise only compiles hot code, takes
// them. A batch is one message of the files' texts (copied once, as a structured clone does). Never a correctness dependency: a batch the worker
// has not claimed, or does not deliver in time, the main thread reads itself (reading is
// idempotent), so a worker that cannot start or stops costs only speed. Memory stays flat: the
// worker keeps at most WINDOW files and BUDGET_KB of text ahead of what the main thread consumed.
import { readFileSync } from 'node:fs';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

/** A file's text, or the error code of a file that could not be read. */
export type Read = string | { error: string };

/**
 * readFileSync's options as an object: given the string 'utf8', Node copies its default options by
 * spreading them and adds `encoding`, which makes a new hidden class on every call (10,000 per lint
 * of 10,000 files, in this thread and the worker). The same read, the same text.
 */
const UTF8 = { encoding: 'utf8' } as const;

/** What the main thread would read itself: the same text or error code as the worker gives. */
export function readText(path: string): Read {
  try {
    return readFileSync(path, UTF8);
  } catch (e) {
    return { error: (e as NodeJS.ErrnoException).code ?? 'error' };
  }
}

/** Files per batch: one claim, one message and one buffer each. */
export const READ_BATCH = 64;
/** How far (in files) the worker may read ahead of what the main thread consumed. */
export const WINDOW = 1024;
/** How much text (in KB) the worker may hold ahead of what the main thread consumed. */
export const BUDGET_KB = 32 * 1024;
/**
 * How long the main thread waits for a batch the worker claimed before reading it itself: about
 * what reading the batch here costs (64 small files: 0.5-1 ms). A worker that is slower than the
 * lint, or descheduled on a busy machine, then costs no more than that per batch (with 250 ms, a
 * run at load 17 waited 96 ms in all); the worker's late copy is dropped.
 */
const PATIENCE_MS = 1;

// Slots of the shared Int32Array.
export const NEXT = 0; // first file of the next batch to claim (worker and main thread claim alike)
export const CONSUMED = 1; // files the main thread is done with
export const CONSUMED_KB = 2; // KB of worker batches the main thread is done with
export const POSTED = 3; // batches posted by the worker (a wake-up for the main thread)
export const SLOTS = 4;

/** A batch as the worker posts it: file k's text, or null and the error code that says why. */
export interface ReadBatch {
  start: number;
  texts: (string | null)[];
  errors: (string | null)[];
  /** Its size (KB of text) for the read-ahead budget. */
  kb: number;
}

export interface ReaderSetup {
  assistantConfigReader: true;
  control: SharedArrayBuffer;
  port: MessagePort;
}

interface Current {
  start: number;
  /** Undefined when the main thread reads this batch itself. */
  batch: ReadBatch | undefined;
}

/**
 * The main thread's side. `start(paths)` gives the list; `read(i)` for i = 0, 1, 2… in order
 * returns each file's text (exactly what `readFileSync(path, 'utf8')` gives) or its error code.
 */
export class FileReader {
  private readonly control = new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT);
  private readonly ctl = new Int32Array(this.control);
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private paths: readonly string[] = [];
  private readonly ready = new Map<number, ReadBatch>();
  private current: Current | undefined;
  /** Batches the main thread read itself (how the run went: ASSISTANT_CONFIG_TIMING). */
  readSelf = 0;
  /** Milliseconds the main thread waited for the worker's batches (ASSISTANT_CONFIG_TIMING). */
  waitedMs = 0;

  constructor(entry: string) {
    const { port1, port2 } = new MessageChannel();
    const data: ReaderSetup = { assistantConfigReader: true, control: this.control, port: port2 };
    try {
      this.worker = new Worker(entry, { workerData: data, transferList: [port2] });
      this.worker.on('error', () => undefined);
      this.worker.unref();
      this.port = port1;
    } catch {
      port1.close();
    }
  }

  start(paths: readonly string[]): void {
    this.paths = paths;
    try {
      this.port?.postMessage({ paths });
    } catch {
      this.close();
    }
  }

  /** Waits until the worker has posted its first batch (for tests); false after `timeoutMs`. */
  waitForFirstBatch(timeoutMs: number): boolean {
    const t0 = performance.now();
    while (Atomics.load(this.ctl, POSTED) === 0) {
      if (!this.port || performance.now() - t0 > timeoutMs) return false;
      Atomics.wait(this.ctl, POSTED, 0, 50);
    }
    return true;
  }

  read(i: number): Read {
    const start = i - (i % READ_BATCH);
    if (this.current?.start !== start) this.current = this.take(start);
    const batch = this.current.batch;
    if (!batch) return readText(this.paths[i]!);
    const k = i - start;
    const text = batch.texts[k];
    return typeof text === 'string' ? text : { error: batch.errors[k] ?? 'error' };
  }

  /** The batch starting at `start`: from the worker, or to be read here. Releases the one before. */
  private take(start: number): Current {
    const ctl = this.ctl;
    const prev = this.current;
    if (prev) {
      if (prev.batch) Atomics.add(ctl, CONSUMED_KB, prev.batch.kb);
      Atomics.store(ctl, CONSUMED, start);
      Atomics.notify(ctl, CONSUMED);
    }
    const own = (): Current => {
      this.readSelf++;
      return { start, batch: undefined };
    };
    if (!this.port) return own();
    // Claim it when the worker has not: batches are claimed in list order, so NEXT >= start.
    if (Atomics.compareExchange(ctl, NEXT, start, start + READ_BATCH) === start) return own();
    const t0 = performance.now();
    for (;;) {
      const seen = Atomics.load(ctl, POSTED);
      this.drain(start);
      const batch = this.ready.get(start);
      if (batch) {
        this.ready.delete(start);
        this.waitedMs += performance.now() - t0;
        return { start, batch };
      }
      const left = PATIENCE_MS - (performance.now() - t0);
      if (left <= 0) {
        this.waitedMs += performance.now() - t0;
        return own();
      }
      Atomics.wait(ctl, POSTED, seen, left);
    }
  }

  private drain(from: number): void {
    if (!this.port) return;
    for (let r = receiveMessageOnPort(this.port); r; r = receiveMessageOnPort(this.port)) {
      const b = r.message as ReadBatch;
      // A batch that came too late (read here meanwhile) is dropped; its KB count as consumed.
      if (b.start >= from) this.ready.set(b.start, b);
      else Atomics.add(this.ctl, CONSUMED_KB, b.kb);
    }
  }

  close(): void {
    // Everything is consumed: a worker waiting for room stops claiming.
    Atomics.store(this.ctl, NEXT, 0x3fffffff);
    Atomics.store(this.ctl, CONSUMED, 0x3fffffff);
    Atomics.notify(this.ctl, CONSUMED);
    this.port?.close();
    this.port = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
    this.ready.clear();
  }
}

/** The worker's side (dist/read-worker.js): claims and reads batches in order, within the window. */
export function serveReads(setup: ReaderSetup): void {
  const ctl = new Int32Array(setup.control);
  const port = setup.port;
  port.once('message', (job: { paths: string[] }) => {
    const paths = job.paths;
    const n = paths.length;
    let postedKb = 0;
    for (;;) {
      // Room first, then the claim: a claimed batch is read at once (the main thread may wait for it).
      for (;;) {
        const consumed = Atomics.load(ctl, CONSUMED);
        const ahead = Atomics.load(ctl, NEXT) - consumed;
        if (ahead < WINDOW && postedKb - Atomics.load(ctl, CONSUMED_KB) < BUDGET_KB) break;
        Atomics.wait(ctl, CONSUMED, consumed, 50);
      }
      const start = Atomics.add(ctl, NEXT, READ_BATCH);
      if (start >= n) break;
      const end = Math.min(start + READ_BATCH, n);
      const texts: (string | null)[] = [];
      const errors: (string | null)[] = [];
      let chars = 0;
      for (let i = start; i < end; i++) {
        const r = readText(paths[i]!);
        if (typeof r === 'string') {
          texts.push(r);
          errors.push(null);
          chars += r.length;
        } else {
          texts.push(null);
          errors.push(r.error);
        }
      }
      const kb = Math.ceil(chars / 1024);
      postedKb += kb;
      port.postMessage({ start, texts, errors, kb } satisfies ReadBatch);
      Atomics.add(ctl, POSTED, 1);
      Atomics.notify(ctl, POSTED);
    }
    port.close();
  });
}
