// pre-commit runs a hook with the staged files as arguments, and splits a list of file names longer
// than its command-line limit into several runs (pre_commit/xargs.py `partition`), one after the other
// with `require_serial: true`, each printing its own summary (REVIEW11 C3). A run cannot see the
// others, but a run that was cut short can tell: its command line is as long as pre-commit allows,
// less at most one file name (the one that did not fit). The last part cannot tell; the README says so.

/**
 * pre-commit's limits on the length of the command line (xargs.py `_get_platform_max_length`, and
 * 8192 less cmd.exe's own for a `.cmd` shim on Windows, where npm puts a node package's bin):
 * min(ARG_MAX - 2048 - environment, 128 KiB) on POSIX, which is 128 KiB with any usual ARG_MAX.
 */
const LIMITS: Record<string, readonly number[]> = {
  posix: [2 ** 17],
  win32: [2 ** 15 - 2048, 8192 - 'C:\\Windows\\system32\\cmd.exe'.length - ' /c '.length - 1024],
};

/** How far under the limit a cut part may end: the next file name's length (PATH_MAX on POSIX). */
const MARGIN: Record<string, number> = { posix: 4096, win32: 1024 };

/**
 * The limit this run's command line reached, when it ran under pre-commit (which sets PRE_COMMIT=1
 * for its hooks) and its command line, measured as pre-commit measures it (bytes on POSIX, UTF-16
 * units on Windows; pre-commit runs `/usr/bin/env node BIN …` where this process sees `node BIN …`),
 * ends within one file name of one of pre-commit's limits; else undefined.
 */
export function preCommitLimitReached(
  argv: readonly string[] | undefined,
  env: NodeJS.ProcessEnv,
  platform: string = process.platform,
): number | undefined {
  if (env.PRE_COMMIT !== '1' || !argv || argv.length < 2) return undefined;
  const os = platform === 'win32' ? 'win32' : 'posix';
  const line = argv.slice(1).join(' ');
  const length = os === 'win32' ? line.length : Buffer.byteLength(line, 'utf8') + '/usr/bin/env node '.length;
  return LIMITS[os]!.find((limit) => length <= limit && length > limit - MARGIN[os]!);
}

/** The summary's note for such a run: the files it checked are those pre-commit could pass it. */
export function preCommitPartNote(limit: number): string {
  const size = limit % 1024 === 0 ? `${limit / 1024} KiB` : `${limit} characters`;
  return `pre-commit gave this run as many files as fit its ${size} command line: any others get a run and a summary of their own`;
}
