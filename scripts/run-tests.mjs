// Builds the test files with esbuild and runs them with Node's own test runner.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--tests'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const filter = process.argv.slice(2);
let files = JSON.parse(readFileSync(join(root, 'out/tests.json'), 'utf8')).map((f) => join(root, 'out', f));
if (filter.length) files = files.filter((f) => filter.some((x) => f.includes(x)));
const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-concurrency=2', ...files], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
