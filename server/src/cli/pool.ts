// Linting many files on every core. The main thread and N-1 worker threads (dist/lint-worker.js, a
// lint-only bundle) take batches of the file list from one shared counter (Atomics), so the work
// balances itself whatever each thread's speed; workers send back one message of small reports per
// batch; the main thread prints reports strictly in file-list order. Workers are started before the
// directory walk, so their start-up overlaps it. Memory stays flat: no thread claims a batch more
// than WINDOW files ahead of what has been printed, and no file text outlives its batch.
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { relative } from 'node:path';
import { languageOf } from '../parser';
import { DEFAULT_OPTIONS } from '../service';
import type { ValidationOptions } from '../service';
import { isExcluded, withProjectOptions } from '../service/projectConfig';
import type { ProjectConfig, RuleLevel } from '../service/projectConfig';
import type { DiagnosticCode } from '../service/codes';
import type { FileReport } from './report';
import { CliProjectConfig } from './projectConfig';
import { visiblePath } from './visible';
import type { ConfigChoice } from './projectConfig';
import { lintText } from './analyze';
import type { CliIO } from './io';
import { readText } from './reader';
import type { Read } from './reader';
import { dirname } from 'node:path';
import { DotenvLookup, dotenvShownFrom } from '../lsp/dotenvLookup';
import type { DotenvSnapshot } from '../lsp/dotenvLookup';

export interface LintSetup {
  cwd: string;
  /**
   * Variable names of the process environment, or undefined without the env check. The names of
   * each file's `.env` come from a DotenvLookup (lsp/dotenvLookup.ts): the main thread's, and in workers
   * the snapshot of it sent with the file list.
   */
  envNames: string[] | undefined;
  /**
   * Whether `env-not-set` is reported (default true; `--no-env-check` turns it off). Without it the
   * files' `.env` are still read: `dotenv-not-ignored` stays (REVIEW5 H17, the pre-commit hook).
   */
  unsetCheck?: boolean;
  config: ConfigChoice;
  /** Levels given by `--rule`, laid over each file's project config. */
  rules?: Partial<Record<DiagnosticCode, RuleLevel>>;
  /** Codes silenced in every file (--suppress). */
  suppress?: string[];
  /**
   * Whether reports carry code frames (default true): only the text format prints them, and
   * `--cache` keeps them for a later run in any format. Without, no line around a finding is read.
   */
  frames?: boolean;
}

/** What a worker is started with: the setup, the shared counters and its port for results. */
export interface WorkerSetup extends LintSetup {
  assistantConfigLintWorker: true;
  control: SharedArrayBuffer;
  port: MessagePort;
}

/** One file's outcome: its report, or the error code of a file that could not be read. */
export type Outcome = FileReport | { error: string };

type FromWorker = { start: number; results: Outcome[] } | { done: true };
type ToWorker = { paths: string[]; displayPaths: string[]; dotenv?: DotenvSnapshot };

/** Files per batch: one claim and one message each. */
export const BATCH = 64;
/** How far (in files) a thread may work ahead of the file printed last. */
const WINDOW = 4096;
// Slots of the shared Int32Array.
const NEXT = 0; // first file of the next batch to claim
const PRINTED = 1; // files printed so far
const POSTED = 2; // batches posted by workers (a wake-up for the main thread)

/**
 * Threads to lint `files` files on (the main thread counts as one). One unless `--jobs N` asks for
 * more: measured side by side (bench/cli-vs-ajv.mjs, 10,000 small configs, 2 cores, machine load
 * taken out with real-time priority) one thread took 0.62 s and main + 1 worker 0.83 s with 1.5x the
 * CPU. Each thread pays the same start-up of a cold JIT (about 0.4 s of CPU before the parser and
 * the validator run optimised), and on small files that is most of the work, so splitting the files
 * does not shorten it. Measure again before making threads the default on more cores.
 */
export function threadCount(files: number, requested: number | undefined): number {
  if (requested === undefined) return 1;
  return Math.max(1, Math.min(requested, Math.ceil(files / BATCH)));
}

/** The analysis of one file with its project config and its `.env`: the same on the main thread and in workers. */
export class FileLinter {
  readonly configs: CliProjectConfig;
  private readonly options: ValidationOptions;
  private readonly cwd: string;
  /** A project config's path as messages name it: relative to the working directory. */
  private readonly shownPath = (p: string): string => visiblePath(relative(this.cwd, p) || p);
  /** Variables the environment check was asked about (the lint cache keys on their answers); cleared by the caller. */
  readonly envAsked = new Set<string>();
  /**
   * The environment check was asked whether a bare credential-field string is a set variable, and it
   * is not (it may be the credential itself): the file's report is not cached, since keeping the
   * answer would keep that string in clear (EnvLookup.isSet). Cleared by the caller with envAsked.
   */
  envWithheld = false;
  /** Names of the process environment; undefined without the env check. */
  private readonly processNames: ReadonlySet<string> | undefined;
  /** Validation options for the files of one directory (the env check's answers differ only by its `.env`). */
  private readonly optionsByDir = new Map<string, ValidationOptions>();
  /** Which `.env` each file takes (a worker's is replaced by the main thread's snapshot). */
  dotenv: DotenvLookup;
  private readonly frames: boolean;

  constructor(setup: LintSetup, io: CliIO, dotenv: DotenvLookup = new DotenvLookup()) {
    this.options = {
      ...DEFAULT_OPTIONS,
      ...(setup.suppress && setup.suppress.length > 0 ? { suppress: setup.suppress } : {}),
    };
    this.processNames = setup.envNames ? new Set(setup.envNames) : undefined;
    this.unsetCheck = setup.unsetCheck ?? true;
    this.dotenv = dotenv;
    this.configs = new CliProjectConfig(io, setup.config, setup.rules);
    this.frames = setup.frames ?? true;
    this.cwd = setup.cwd;
  }

  /** Whether env-not-set is reported (else every name counts as defined). */
  private readonly unsetCheck: boolean;

  /** Whether the environment check runs (without it no `.env` is looked up). */
  get envCheck(): boolean {
    return this.processNames !== undefined;
  }

  /** The options for a file's `.env` (the env check answers from the environment and that `.env`). */
  private optionsOfEnv(path: string): ValidationOptions {
    const processNames = this.processNames;
    if (!processNames) return this.options;
    const dir = dirname(path);
    let o = this.optionsByDir.get(dir);
    if (!o) {
      const set = this.dotenv.forFile(path);
      const asked = this.envAsked;
      const unsetCheck = this.unsetCheck;
      o = {
        ...this.options,
        env: {
          isDefined: (name) => (asked.add(name), !unsetCheck || processNames.has(name) || set.names.has(name)),
          isSet: (name) => {
            const defined = processNames.has(name) || set.names.has(name);
            if (defined) asked.add(name);
            else this.envWithheld = true;
            return defined;
          },
          // (Part of the env check: --no-env-check leaves it out, as env-not-set.)
          emptyInDotenv: (name) => (asked.add(name), unsetCheck && !processNames.has(name) && set.empty.has(name)),
          // git is asked (once per `.env`) only when a name comes from that `.env`.
          exposedInDotenv: (name) => {
            asked.add(name);
            if (!set.names.has(name) || !set.exposed().has(name)) return false;
            return set.tracked() ? 'tracked' : true;
          },
          // Messages name that `.env` relative to the file (lsp/dotenvLookup.ts dotenvShownFrom).
          dotenvShown: set.path === undefined ? null : dotenvShownFrom(dir, set.path),
        },
      };
      this.optionsByDir.set(dir, o);
    }
    return o;
  }

  /**
   * What the environment check answers about a variable for a file (defined, 2: set to nothing in the
   * `.env`; exposed; and the `.env`
   * its message names when it has one: not set, or exposed), as the lint cache keeps it.
   */
  envState(path: string, name: string): string {
    if (!this.processNames) return '00';
    const set = this.dotenv.forFile(path);
    const inDotenv = set.names.has(name);
    const exposed = inDotenv && set.exposed().has(name);
    const empty = this.unsetCheck && !this.processNames.has(name) && set.empty.has(name);
    const state =
      (empty ? '2' : inDotenv || this.processNames.has(name) || !this.unsetCheck ? '1' : '0') +
      (exposed ? (set.tracked() ? '2' : '1') : '0');
    return state === '10' || set.path === undefined ? state : state + dotenvShownFrom(dirname(path), set.path);
  }

  optionsFor(path: string): ValidationOptions {
    return withProjectOptions(this.optionsOfEnv(path), this.configs.forFile(path), this.shownPath);
  }

  /** Lints text already read (standard input, or a file after --fix). */
  lintText(
    path: string,
    displayPath: string,
    text: string,
    language: 'yaml' | 'json',
    configPath: string = path,
  ): FileReport {
    // `configPath`: where the text stands for its project config and its `.env` (standard input:
    // the working directory, or --stdin-filepath).
    return lintText(
      path,
      displayPath,
      text,
      language,
      this.optionsFor(configPath),
      this.configs.forFile(configPath),
      this.frames,
    );
  }

  /** Reads and lints a file; an error code when it cannot be read. */
  lintFile(path: string, displayPath: string): Outcome {
    return this.lintRead(path, displayPath, readText(path));
  }

  /** The directory (with its separator) of the file asked last, and its project config. */
  private lastDir = '';
  private lastConfig: ProjectConfig | undefined;

  /**
   * The project config of a file: `configs.forFile`, whose answer depends only on the file's
   * directory (everything up to its last separator), so a file of the directory asked last reuses
   * its answer. Files come directory by directory; this saves a lookup per file.
   */
  private configOf(path: string): ProjectConfig | undefined {
    const i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    if (i >= 0 && i === this.lastDir.length - 1 && path.startsWith(this.lastDir)) return this.lastConfig;
    const cfg = this.configs.forFile(path);
    this.lastDir = i >= 0 ? path.slice(0, i + 1) : '';
    this.lastConfig = cfg;
    return cfg;
  }

  /** Lints a file already read (by the read-ahead thread: reader.ts), or passes its read error on. */
  lintRead(path: string, displayPath: string, text: Read): Outcome {
    if (typeof text !== 'string') return text;
    const cfg = this.configOf(path);
    return lintText(
      path,
      displayPath,
      text,
      languageOf(path, text),
      withProjectOptions(this.optionsOfEnv(path), cfg, this.shownPath),
      cfg,
      this.frames,
    );
  }

  isExcluded(path: string): boolean {
    return isExcluded(this.configs.forFile(path), path);
  }
}

interface Member {
  worker: Worker;
  port: MessagePort;
  /** Finished its part (posted `done`), or stopped (crashed, or could not start). */
  over: boolean;
}

/**
 * Worker threads started ahead of the file list (`start`), then given it (`run`). Any failure of a
 * worker (it cannot start, it crashes) costs only speed: the main thread lints what it left.
 */
export class LintPool {
  private readonly control = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
  private readonly ctl = new Int32Array(this.control);
  private readonly members: Member[] = [];

  constructor(entry: string, setup: LintSetup, workers: number) {
    for (let i = 0; i < workers; i++) {
      const { port1, port2 } = new MessageChannel();
      const data: WorkerSetup = { ...setup, assistantConfigLintWorker: true, control: this.control, port: port2 };
      let worker: Worker;
      try {
        worker = new Worker(entry, {
          workerData: data,
          transferList: [port2],
        });
      } catch {
        port1.close();
        continue;
      }
      const m: Member = { worker, port: port1, over: false };
      worker.on('error', () => (m.over = true));
      worker.on('exit', () => (m.over = true));
      worker.unref();
      this.members.push(m);
    }
  }

  get size(): number {
    return this.members.length;
  }

  /**
   * Lints `files` on the workers and this thread; `emit` gets every outcome in list order.
   * `lintHere` lints one file on this thread. `stop(printed)`, asked after each batch printed: true
   * ends the run there (the files after `printed` are not linted, nor printed).
   */
  async run(
    files: readonly { path: string; displayPath: string }[],
    lintHere: (i: number) => Outcome,
    emit: (i: number, o: Outcome) => void,
    dotenv?: DotenvSnapshot,
    stop?: (printed: number) => boolean,
  ): Promise<{ onWorkers: number }> {
    const n = files.length;
    const ctl = this.ctl;
    const message: ToWorker = {
      paths: files.map((f) => f.path),
      displayPaths: files.map((f) => f.displayPath),
      ...(dotenv ? { dotenv } : {}),
    };
    for (const m of this.members) {
      try {
        m.port.postMessage(message);
      } catch {
        m.over = true;
      }
    }
    const ready = new Map<number, Outcome[]>(); // batch start -> outcomes, until printed
    let printed = 0;
    let onWorkers = 0;
    const take = (msg: FromWorker, m: Member): void => {
      if ('done' in msg) m.over = true;
      else {
        ready.set(msg.start, msg.results);
        onWorkers += msg.results.length;
      }
    };
    const drain = (): void => {
      for (const m of this.members) {
        for (let r = receiveMessageOnPort(m.port); r; r = receiveMessageOnPort(m.port))
          take(r.message as FromWorker, m);
      }
      for (let batch = ready.get(printed); batch; batch = ready.get(printed)) {
        ready.delete(printed);
        for (let k = 0; k < batch.length; k++) emit(printed + k, batch[k]!);
        printed += batch.length;
      }
      Atomics.store(ctl, PRINTED, printed);
      Atomics.notify(ctl, PRINTED);
    };
    const lintBatch = (start: number): void => {
      const out: Outcome[] = [];
      for (let i = start; i < Math.min(start + BATCH, n); i++) out.push(lintHere(i));
      ready.set(start, out);
    };
    for (;;) {
      drain();
      if (printed >= n || (printed > 0 && stop?.(printed) === true)) break;
      // This thread takes a batch too, unless it is too far ahead of what has been printed.
      if (Atomics.load(ctl, NEXT) < n && Atomics.load(ctl, NEXT) - printed < WINDOW) {
        const start = Atomics.add(ctl, NEXT, BATCH);
        if (start < n) {
          lintBatch(start);
          continue;
        }
      }
      if (this.members.every((m) => m.over)) {
        // Every worker is finished or gone: what is still missing was claimed by a worker that
        // stopped; this thread lints it.
        drain();
        if (printed < n && !ready.has(printed)) lintBatch(printed);
        continue;
      }
      // Wait for a worker's batch; now and then let the event loop see workers that stopped.
      const seen = Atomics.load(ctl, POSTED);
      drain();
      if (ready.has(printed)) continue;
      if (Atomics.wait(ctl, POSTED, seen, 20) === 'timed-out') await new Promise((r) => setImmediate(r));
    }
    this.close();
    return { onWorkers };
  }

  close(): void {
    for (const m of this.members) {
      m.port.close();
      void m.worker.terminate();
    }
  }
}

/** The worker side (dist/lint-worker.js): claims batches until none is left, then says so. */
export function serveLintJobs(setup: WorkerSetup): void {
  const ctl = new Int32Array(setup.control);
  const port = setup.port;
  // Problems in a project config are reported once, by the main thread.
  const linter = new FileLinter(setup, {
    stdout: () => undefined,
    stderr: () => undefined,
    env: {},
    cwd: setup.cwd,
    readStdin: () => Promise.resolve(''),
  });
  port.once('message', (job: ToWorker) => {
    // Each file's `.env` as the main thread found it: no `.env` is read again here.
    if (job.dotenv) linter.dotenv = DotenvLookup.from(job.dotenv);
    const n = job.paths.length;
    for (;;) {
      const start = Atomics.add(ctl, NEXT, BATCH);
      if (start >= n) break;
      for (let p = Atomics.load(ctl, PRINTED); start - p >= WINDOW; p = Atomics.load(ctl, PRINTED))
        Atomics.wait(ctl, PRINTED, p, 50);
      const results: Outcome[] = [];
      for (let i = start; i < Math.min(start + BATCH, n); i++)
        results.push(linter.lintFile(job.paths[i]!, job.displayPaths[i]!));
      port.postMessage({ start, results } satisfies FromWorker);
      Atomics.add(ctl, POSTED, 1);
      Atomics.notify(ctl, POSTED);
    }
    port.postMessage({ done: true } satisfies FromWorker);
    Atomics.add(ctl, POSTED, 1);
    Atomics.notify(ctl, POSTED);
    port.close();
  });
}
