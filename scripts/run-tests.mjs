// Builds the test files with esbuild and runs them with Node's own test runner (scripts/test-runner.mjs:
// each file within a time limit, TEST_FILE_TIMEOUT_MS).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closingLines, fileTimeoutFrom, runnerArgs } from './test-runner.mjs';

const root = new URL('..', import.meta.url).pathname;
const limit = fileTimeoutFrom(process.env);
if (limit.error) {
  console.error(limit.error);
  process.exit(2);
}
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--tests'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const filter = process.argv.slice(2);
let files = JSON.parse(readFileSync(join(root, 'out/tests.json'), 'utf8')).map((f) => join(root, 'out', f));
// Suites that are steps of their own in .ci/run, run only when a filter names them: test/pre-commit/
// needs Debian's pre-commit and a minute to install the hooks (`npm run test:pre-commit`).
const ownStep = (f) => f.includes('/out/test/pre-commit/');
if (filter.length)
  files = files.filter(
    (f) => filter.some((x) => f.includes(x)) && (!ownStep(f) || filter.some((x) => x.includes('pre-commit'))),
  );
else files = files.filter((f) => !ownStep(f));
const tap = join(root, 'out/tap.txt');
const run = spawnSync(process.execPath, runnerArgs(files, tap, limit.ms), { stdio: 'inherit', cwd: root });
try {
  console.log(closingLines(readFileSync(tap, 'utf8'), files, limit.ms, root).join('\n'));
} catch {
  // No TAP file: the runner itself failed; its exit status says so.
}
process.exit(run.status ?? 1);
