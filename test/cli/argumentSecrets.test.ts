// A credential pasted on the command line where an option, a command or an option's value goes
// (`assistant-config lint -sk-…`, `--api-key=…`, `--format <key>`, `explain <key>`) was quoted whole
// by the usage error, on standard error and so in a CI log (redteam18's note). Usage errors are now
// printed with credential shapes masked (cli/io.ts usageMessage), and an unknown `--name=value`
// is named without its value. The keys are made at run time from a fixed seed, in the shapes the
// providers use, with random bodies (test/helpers.ts mulberry32).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leakedRuns, runCli } from './helpers';
import { mulberry32 } from '../helpers';

const SEED = 20261125;
console.log(`argumentSecrets: seed ${SEED}`);
const rnd = mulberry32(SEED);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const body = (n: number, from = ALNUM): string =>
  Array.from({ length: n }, () => from[Math.floor(rnd() * from.length)]).join('');

/** Each key: what is written, and its secret part (what follows a public prefix). */
const KEYS = [
  ['sk-proj-', body(40)],
  ['ghp_', body(36)],
  ['github_pat_', body(60)],
  ['xoxb-', `${body(12, '0123456789')}-${body(24)}`],
  ['AKIA', body(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')],
  ['glpat-', body(20)],
  ['eyJhbGciOiJIUzI1NiJ9.', `${body(30)}.${body(43)}`],
].map(([prefix, secret]) => ({ key: `${prefix}${secret}`, secret: secret! }));
/** A made-up password: no shape finds it; only the value after `=` of an unknown option holds it. */
const PASSWORD = body(10);

/** Where a pasted key lands: the arguments around it. */
const PLACES: ((k: string) => string[])[] = [
  (k) => [k],
  (k) => ['lint', `-${k}`, 'x.yaml'],
  (k) => ['lint', `--${k}`],
  (k) => ['lint', `--api-key=${k}`],
  (k) => ['lint', '--format', k, 'x.yaml'],
  (k) => ['lint', '--jobs', k, 'x.yaml'],
  (k) => ['lint', '--max-warnings', k, 'x.yaml'],
  (k) => ['lint', '--rule', `${k}=off`, 'x.yaml'],
  (k) => ['lint', '--rule', `literal-secret=${k}`, 'x.yaml'],
  (k) => ['lint', '--format', 'sarif', `-${k}`, 'x.yaml'],
  (k) => ['format', `-${k}`, 'x.yaml'],
  (k) => ['format', '--indent', k, 'x.yaml'],
  (k) => ['explain', k],
  (k) => ['test-connection', `-${k}`],
  (k) => ['test-connection', `--${k}=x`],
];

test('a credential pasted among the arguments is not printed, whole or in part, by the usage error', () => {
  let checked = 0;
  PLACES.forEach((place, i) => {
    const { key, secret } = KEYS[i % KEYS.length]!;
    const args = place(key);
    const r = runCli(args, { cwd: '/' });
    const out = r.stdout + r.stderr;
    assert.equal(r.code, 2, `${args[0]} … (place ${i}): a usage error\n${r.stderr.slice(0, 200)}`);
    assert.match(r.stderr, /^assistant-config: \S/, `place ${i}: says what is wrong`);
    assert.deepEqual(leakedRuns(out, [secret], 6), [], `place ${i}: ${r.stderr.slice(0, 300)}`);
    checked++;
  });
  assert.equal(checked, PLACES.length);
});

test("an unknown --name=value is named without its value; the option's name stays, with its suggestion", () => {
  for (const args of [
    ['lint', `--token=${PASSWORD}`, 'x.yaml'],
    ['format', `--password=${PASSWORD}`, 'x.yaml'],
    ['lint', `--max-warning=${PASSWORD}`, 'x.yaml'],
  ]) {
    const r = runCli(args, { cwd: '/' });
    assert.equal(r.code, 2);
    assert.deepEqual(leakedRuns(r.stderr, [PASSWORD], 4), [], r.stderr);
    assert.match(r.stderr, /Unknown option '--[a-z-]+=…'/);
  }
  assert.match(
    runCli(['lint', `--max-warning=${PASSWORD}`, 'x.yaml']).stderr,
    /Unknown option '--max-warning=…'\. Did you mean '--max-warnings'\?/,
  );
  // What is not a credential is still quoted as written.
  assert.match(runCli(['lint', '--format', 'yaml', 'x.yaml']).stderr, /got 'yaml'/);
  assert.match(runCli(['lint', '--bogus', 'x.yaml']).stderr, /Unknown option '--bogus'/);
});
