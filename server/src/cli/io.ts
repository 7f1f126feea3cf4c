// What a CLI command may touch: output streams, environment and working directory, passed in so
// commands can be tested in-process as well as run as a real process.
import { credentialShapes, maskRanges } from '../service/credentialShapes';
import { visibleLines } from './visible';

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The process's command line (`process.argv`), when it runs as one: how long it is matters to pre-commit (cli/preCommitPart.ts). */
  argv?: readonly string[];
  /** Whether standard output is a terminal (colour is decided from it). */
  stdoutIsTTY?: boolean;
  /**
   * Whether standard output was closed by its reader (`lint . | head`): what is written is dropped.
   * A command may then stop once its exit status can no longer change.
   */
  stdoutClosed?(): boolean;
  /** Whether writes to standard output are still waiting for the reader (a pipe that is full). */
  stdoutPending?(): boolean;
  /** Reads all of standard input (for `-`). */
  readStdin(): Promise<string>;
  /** Standard input's bytes, where a command must refuse what is not UTF-8 rather than decode it lossily. */
  readStdinBytes?(): Promise<Uint8Array>;
}

function stdinBytes(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => {
      chunks.push(c);
    });
    process.stdin.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    process.stdin.on('error', reject);
  });
}

export function processIO(): CliIO & { stdoutFailed(): boolean } {
  // A reader that stops early (`lint | head`) is not an error: what would have followed is dropped and
  // the run goes on to its own exit status (REVIEW11 C5: it exited 0 at once, and `set -o pipefail`
  // passed a run with errors). Any other failure to write (a full disk under `> report.sarif`) is
  // said on stderr and makes the exit status 2: a report that was not written whole is no result.
  let closed = false;
  let failed = false;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    closed = true;
    if (e.code === 'EPIPE' || failed) return;
    failed = true;
    process.exitCode = 2;
    process.stderr.write(`assistant-config: cannot write to standard output: ${e.code ?? e.message}\n`);
  });
  // A write to a pipe whose reader is gone fails at once (the stream is `errored` before the 'error'
  // event, which comes on the next tick); one queued behind a full pipe fails in the event loop.
  const epipe = (): boolean =>
    closed || (process.stdout.errored as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE';
  return {
    stdoutFailed: () => failed,
    stdout: (t) => {
      if (!closed) process.stdout.write(t);
    },
    stdoutClosed: epipe,
    stdoutPending: () => !epipe() && process.stdout.writableLength > 0,
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    argv: process.argv,
    cwd: process.cwd(),
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare -- @types/node types isTTY as boolean; it is undefined when stdout is a pipe or a file
    stdoutIsTTY: process.stdout.isTTY === true,
    readStdin: async () => (await stdinBytes()).toString('utf8'),
    readStdinBytes: stdinBytes,
  };
}

/**
 * A usage error's message as printed (standard error, a report's failure): credential shapes masked,
 * then visibleLines(). Arguments are where a pasted key lands (`-sk-…` taken for an option, a key
 * given to `--format` or to `explain`), and a message quotes the argument it refuses.
 */
export function usageMessage(message: string): string {
  // A key taken for an option keeps the option's dashes in front (`-xoxb-…`, `--sk-…`), which no shape
  // starts with: the shapes are also looked for with those dashes read as blanks (the same length).
  const undashed = message.replace(
    /(^|[\s'"=])(-{1,2})(?=[A-Za-z0-9])/g,
    (_m, before: string, dashes: string) => before + ' '.repeat(dashes.length),
  );
  const ranges = credentialShapes(message);
  if (undashed !== message) ranges.push(...credentialShapes(undashed));
  return visibleLines(maskRanges(message, ranges));
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Tells a UsageError by its name, not by `instanceof`: test-connection is a bundle of its own
 * (dist/cli-connection.js) with its own copy of the class, whose errors `instanceof` would call
 * internal errors.
 */
export function isUsageError(e: unknown): e is UsageError {
  return e instanceof Error && e.name === 'UsageError';
}

/** The same streams, standard output gathered into large writes; `flush` writes what is pending. */
export function bufferedIO(io: CliIO): CliIO & { flush(): void; flushes: number } {
  let pending = '';
  const self = {
    ...io,
    flushes: 0,
    stdout: (t: string) => {
      pending += t;
      if (pending.length >= 1 << 16) flush();
    },
    stderr: (t: string) => {
      flush();
      io.stderr(t);
    },
    flush: () => {
      flush();
    },
  };
  const flush = (): void => {
    if (pending) {
      io.stdout(pending);
      self.flushes++;
    }
    pending = '';
  };
  return self;
}
