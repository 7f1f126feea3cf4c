// Builds the test files with esbuild and runs them with Node's own test runner.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
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
const run = spawnSync(
  process.execPath,
  [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    '--test-concurrency=2',
    ...files,
  ],
  { stdio: 'inherit', cwd: root },
);
// A plain closing line that any CI reader understands.
try {
  const text = readFileSync(tap, 'utf8');
  const count = (k) => {
    const all = [...text.matchAll(new RegExp(`^# ${k} (\\d+)$`, 'gm'))];
    return Number(all.length > 0 ? all[all.length - 1][1] : 0);
  };
  console.log(`\ntests: ${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped`);
} catch {
  // No TAP file: the runner itself failed; its exit status says so.
}
process.exit(run.status ?? 1);
