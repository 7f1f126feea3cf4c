// Linting many files on every core: worker threads (the CLI bundle itself is the worker script) each
// read and analyse files and send back small reports; the main thread prints them in the order of
// the file list. At most WINDOW files are in flight, so memory does not grow with the file count.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { languageOf } from '../parser';
import { DEFAULT_OPTIONS } from '../service';
import type { ValidationOptions } from '../service';
import type { FileReport } from './report';
import { CliProjectConfig } from './projectConfig';
import type { ConfigChoice } from './projectConfig';
import { lintText } from './analyze';

export interface WorkerSetup {
  assistantConfigLintWorker: true;
  cwd: string;
  /** Variable names defined (environment and .env), or undefined without the env check. */
  envNames: string[] | undefined;
  /** Names from a .env that git does not ignore (dotenv-not-ignored). */
  exposedNames?: string[] | undefined;
  config: ConfigChoice;
  /** Codes silenced in every file (--suppress). */
  suppress?: string[];
}

interface Job {
  id: number;
  path: string;
  displayPath: string;
}

type Answer = { id: number; report: FileReport | null; error?: string };

const WINDOW = 512;

export function workerCount(files: number, requested: number | undefined): number {
  // Opt-in: on an idle 2-core machine the worker pool spent 2.3x the CPU of one thread and was
  // slower at every size measured (10,000 and 40,000 small files, bench/cli-vs-ajv.mjs), so one
  // thread is the default until the workers' per-file cost comes down.
  if (requested !== undefined) return Math.max(1, Math.min(requested, files));
  return 1;
}

/**
 * Lints `files` on `n` workers and calls `emit` for each in list order. A file that cannot be read
 * calls `fail` (in order too). `entry` is the script the workers run (the CLI bundle).
 */
export function lintInWorkers(
  entry: string,
  setup: WorkerSetup,
  files: { path: string; displayPath: string }[],
  n: number,
  emit: (r: FileReport) => void,
  fail: (displayPath: string, error: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const done = new Map<number, Answer>();
    let next = 0; // next job to hand out
    let printed = 0; // next job to print
    let finished = false;
    const finish = (e?: unknown): void => {
      if (finished) return;
      finished = true;
      for (const w of workers) void w.terminate();
      if (e) reject(e instanceof Error ? e : new Error(inspect(e)));
      else resolve();
    };
    const feed = (w: Worker): void => {
      if (next < files.length && next - printed < WINDOW) {
        const f = files[next]!;
        w.postMessage({ id: next++, path: f.path, displayPath: f.displayPath } satisfies Job);
      } else idle.push(w);
    };
    const idle: Worker[] = [];
    const drain = (): void => {
      while (done.has(printed)) {
        const a = done.get(printed)!;
        done.delete(printed);
        if (a.report) emit(a.report);
        else fail(files[printed]!.displayPath, a.error ?? 'error');
        printed++;
      }
      while (idle.length > 0 && next < files.length && next - printed < WINDOW) feed(idle.pop()!);
      if (printed === files.length) finish();
    };
    if (files.length === 0) {
      resolve();
      return;
    }
    for (let i = 0; i < n; i++) {
      const w = new Worker(entry, { workerData: setup });
      workers.push(w);
      w.on('message', (a: Answer) => {
        done.set(a.id, a);
        feed(w);
        drain();
      });
      w.on('error', finish);
      w.on('exit', (code) => {
        if (!finished && code !== 0) finish(new Error(`a lint worker stopped (exit ${code})`));
      });
      feed(w);
    }
  });
}

/** The worker side: started by the CLI bundle when it runs as a lint worker. */
export function runLintWorker(): boolean {
  if (isMainThread || !parentPort) return false;
  const setup = workerData as WorkerSetup | undefined;
  if (!setup?.assistantConfigLintWorker) return false;
  const port = parentPort;
  const options: ValidationOptions = {
    ...DEFAULT_OPTIONS,
    ...(setup.suppress && setup.suppress.length > 0 ? { suppress: setup.suppress } : {}),
  };
  if (setup.envNames) {
    const names = new Set(setup.envNames);
    const exposed = new Set(setup.exposedNames ?? []);
    options.env = { isDefined: (name) => names.has(name), exposedInDotenv: (name) => exposed.has(name) };
  }
  // Problems in a config file are reported once, by the main thread.
  const configs = new CliProjectConfig(
    { stdout: () => undefined, stderr: () => undefined, env: {}, cwd: setup.cwd, readStdin: () => Promise.resolve('') },
    setup.config,
  );
  port.on('message', (job: Job) => {
    let answer: Answer;
    try {
      const text = readFileSync(job.path, 'utf8');
      const cfg = configs.forFile(job.path);
      const opts = cfg?.maxFallbackDepth ? { ...options, maxFallbackDepth: cfg.maxFallbackDepth } : options;
      answer = { id: job.id, report: lintText(job.path, job.displayPath, text, languageOf(job.path, text), opts, cfg) };
    } catch (e) {
      answer = {
        id: job.id,
        report: null,
        error: (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : 'error'),
      };
    }
    port.postMessage(answer);
  });
  return true;
}
