// REVIEW8 K21a/c: `lint --fix --fix-dry-run` is refused (exit 2, as ESLint), not silently a dry run;
// `-o/--output-file FILE` writes the report to FILE (what standard output would have had, byte for
// byte, without colour), whole, once the run is over, with the exit status unchanged: a CI step no
// longer needs `> file || true`, which also swallowed exit 2. Run as processes. Fake keys made at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fakeApiKey } from '../helpers';
import { leakedRuns, runCli } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-output-file-'));
after(() => rmSync(work, { recursive: true, force: true }));

const KEY = fakeApiKey(2111);
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n';
// A warning (the literal key), an error (an unknown provider) and a safe fix (a discriminator's case).
const WARNING = `${HEAD}    provider: vendor_a\n    apiKey: {value: ${KEY}}\n`;
const ERROR = `${HEAD}    provider: vendr_q\n`;
const FIXABLE = `${HEAD}    provider: HOSTED\n`;

function dir(name: string, files: Record<string, string>): string {
  const d = join(work, name);
  mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(d, f), text);
  return d;
}

test('--fix with --fix-dry-run, in either order, is a usage error and writes nothing', () => {
  const d = dir('pair', { 'f.assistant.yaml': FIXABLE });
  const plain = runCli(['lint', '--no-env-check', '--fix-dry-run', 'f.assistant.yaml'], { cwd: d });
  assert.match(plain.stdout, /^\+ {4}provider: hosted$/m, 'the file has a safe fix');
  for (const args of [
    ['--fix', '--fix-dry-run'],
    ['--fix-dry-run', '--fix'],
  ]) {
    const r = runCli(['lint', ...args, 'f.assistant.yaml'], { cwd: d });
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /--fix and --fix-dry-run cannot be used together/);
    assert.equal(readFileSync(join(d, 'f.assistant.yaml'), 'utf8'), FIXABLE);
  }
  // Each alone, or given twice, is as before.
  assert.equal(runCli(['lint', '--fix-dry-run', '--fix-dry-run', 'f.assistant.yaml'], { cwd: d }).code, 0);
  assert.equal(runCli(['lint', '--fix', '--fix', 'f.assistant.yaml'], { cwd: d }).code, 0);
  assert.match(readFileSync(join(d, 'f.assistant.yaml'), 'utf8'), /provider: hosted/);
});

test('-o writes what standard output would have had, without colour, and keeps the exit status', () => {
  const d = dir('report', { 'w.assistant.yaml': WARNING, 'e.assistant.yaml': ERROR });
  const env = { FORCE_COLOR: '1' };
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    for (const [files, status] of [
      [['w.assistant.yaml'], 0],
      [['w.assistant.yaml', 'e.assistant.yaml'], 1],
    ] as const) {
      const args = ['lint', '--no-env-check', '--no-color', '--format', format, ...files];
      const direct = runCli(args, { cwd: d, env });
      assert.equal(direct.code, status);
      for (const flag of [['-o', 'out/r'], ['--output-file', 'out/r'], ['--output-file=out/r']]) {
        mkdirSync(join(d, 'out'), { recursive: true });
        const withFile = ['lint', '--no-env-check', '--format', format, ...flag, ...files];
        const r = runCli(withFile, { cwd: d, env });
        assert.equal(r.code, status, `${withFile.join(' ')}\n${r.stderr}`);
        assert.equal(r.stdout, '', 'nothing on standard output');
        const written = readFileSync(join(d, 'out/r'), 'utf8');
        assert.equal(written, direct.stdout, `${format} ${flag.join(' ')}`);
        assert.ok(!written.includes('\u001b['), 'no colour in a file, FORCE_COLOR or not');
        assert.deepEqual(leakedRuns(written, [KEY.slice(3)], 6), []);
        rmSync(join(d, 'out'), { recursive: true });
      }
    }
  }
  // --color asks for colour in the file all the same.
  const coloured = runCli(['lint', '--no-env-check', '--color', '-o', 'c.txt', 'w.assistant.yaml'], { cwd: d });
  assert.equal(coloured.code, 0);
  assert.ok(readFileSync(join(d, 'c.txt'), 'utf8').includes('\u001b['));
});

test('-o replaces a report whole, keeping its mode; leaves no temporary file; --fix-dry-run puts the diff there', () => {
  const d = dir('replace', { 'w.assistant.yaml': WARNING, 'f.assistant.yaml': FIXABLE });
  writeFileSync(join(d, 'report.json'), 'an older, longer report '.repeat(1000));
  chmodSync(join(d, 'report.json'), 0o640);
  const r = runCli(['lint', '--no-env-check', '--format', 'json', '-o', 'report.json', 'w.assistant.yaml'], { cwd: d });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(readFileSync(join(d, 'report.json'), 'utf8')) as { files: { path: string }[] };
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['w.assistant.yaml'],
  );
  assert.equal(statSync(join(d, 'report.json')).mode & 0o777, 0o640);
  assert.deepEqual(readdirSync(d).sort(), ['f.assistant.yaml', 'report.json', 'w.assistant.yaml']);

  const dry = runCli(['lint', '--no-env-check', '--fix-dry-run', '-o', 'fix.diff', 'f.assistant.yaml'], { cwd: d });
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal(dry.stdout, '');
  assert.match(readFileSync(join(d, 'fix.diff'), 'utf8'), /^- {4}provider: HOSTED\n\+ {4}provider: hosted$/m);
  assert.match(dry.stderr, /1 fix in 1 file would be applied/);
  assert.equal(readFileSync(join(d, 'f.assistant.yaml'), 'utf8'), FIXABLE, 'the dry run writes no config');
});

test('a report that cannot be written, or a run that fails, is exit 2: never a passing step', () => {
  const d = dir('fail', { 'w.assistant.yaml': WARNING, '.assistant-config.yaml': 'rules:\n  no-such-code: off\n' });
  // A broken project config: exit 2 (as without -o), and the report of what could be checked is written.
  const broken = runCli(['lint', '--no-env-check', '--format', 'sarif', '-o', 'r.sarif', 'w.assistant.yaml'], {
    cwd: d,
  });
  assert.equal(broken.code, 2, broken.stderr);
  assert.match(broken.stderr, /unknown diagnostic code 'no-such-code'/);
  assert.equal((JSON.parse(readFileSync(join(d, 'r.sarif'), 'utf8')) as { version: string }).version, '2.1.0');
  for (const [target, why] of [
    ['missing/r.txt', 'no such file or directory'],
    ['w.assistant.yaml/r.txt', 'not a directory'],
    ['.', 'is a directory'],
  ] as const) {
    const r = runCli(['lint', '--no-config', '--no-env-check', '-o', target, 'w.assistant.yaml'], { cwd: d });
    assert.equal(r.code, 2, target);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `assistant-config: cannot write the report to '${target}': ${why}\n`);
  }
  const none = runCli(['lint', '-o', '', 'w.assistant.yaml'], { cwd: d });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /--output-file needs a file name/);
  assert.equal(readFileSync(join(d, 'w.assistant.yaml'), 'utf8'), WARNING);
});
