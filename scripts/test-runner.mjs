// How scripts/run-tests.mjs runs the test files with Node's own test runner (kept apart so that a
// test can run the same command on a file that hangs): the runner's arguments, the time limit per
// file, and the closing lines read from the TAP report.

/**
 * The default time limit of one test file. Node 20's `--test-timeout` in run mode applies to each
 * file's process: a file that hangs (a server that never answers, a handle left open after its tests
 * passed) is killed and named, and the run goes on to its summary, instead of CI's job limit killing
 * the whole run with no clue. Generous: package.test.ts's own tests allow up to ~21 minutes together
 * on a loaded machine.
 */
export const DEFAULT_FILE_TIMEOUT_MS = 30 * 60_000;

/** The time limit per file from TEST_FILE_TIMEOUT_MS (0: no limit), or an error to print. */
export function fileTimeoutFrom(env) {
  const set = env.TEST_FILE_TIMEOUT_MS;
  if (set === undefined || set === '') return { ms: DEFAULT_FILE_TIMEOUT_MS };
  const ms = Number(set);
  if (!Number.isInteger(ms) || ms < 0)
    return { error: `TEST_FILE_TIMEOUT_MS must be a whole number of milliseconds (0: no limit), not '${set}'` };
  return { ms };
}

/** The arguments of `node` that run `files`: spec to stdout, TAP to `tap`, two at a time, each within `fileTimeoutMs`. */
export function runnerArgs(files, tap, fileTimeoutMs) {
  return [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    '--test-concurrency=2',
    ...(fileTimeoutMs > 0 ? [`--test-timeout=${fileTimeoutMs}`] : []),
    ...files,
  ];
}

/**
 * The closing lines of a run from its TAP report: the files killed at their time limit, by name
 * (the runner counts them as cancelled, not failed, and its summary says nothing more), then
 * `tests: N passed, N failed, N skipped[, N cancelled]`, which any CI reader understands.
 */
export function closingLines(tapText, files, fileTimeoutMs, root = '') {
  const count = (k) => {
    const all = [...tapText.matchAll(new RegExp(`^# ${k} (\\d+)$`, 'gm'))];
    return Number(all.length > 0 ? all[all.length - 1][1] : 0);
  };
  const timedOut = [
    ...tapText.matchAll(
      /^not ok \d+ - (.*)\n(?: {2}.*\n)*? {2}failureType: 'testTimeoutFailure'\n(?: {2}.*\n)*? {2}error: '(.*)'$/gm,
    ),
  ]
    .filter((m) => files.includes(m[1]))
    .map((m) => `${root && m[1].startsWith(root) ? m[1].slice(root.length) : m[1]} (${m[2]})`);
  const cancelled = count('cancelled');
  return [
    ...(timedOut.length > 0
      ? [
          '',
          `timed out and killed (limit ${fileTimeoutMs} ms per file, TEST_FILE_TIMEOUT_MS):`,
          ...timedOut.map((f) => `  ${f}`),
        ]
      : []),
    '',
    `tests: ${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped${cancelled > 0 ? `, ${cancelled} cancelled` : ''}`,
  ];
}
