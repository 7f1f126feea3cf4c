// REVIEW8 K21b + K14: `lint --rule CODE=LEVEL` sets a code's level from the command line (the
// project config's levels, checked the same way, the command line winning), and the shipped
// pre-commit lint hook uses it so that a literal credential fails the commit (pre-commit shows a
// hook's output only when it fails: a warning passed silently). Run as processes; the hook as
// pre-commit runs it, in a real temporary git repository. Fake keys made at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fakeApiKey } from '../helpers';
import { cliShim, leakedRuns, runCli, runHook, shippedHook } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-rule-option-'));
after(() => rmSync(work, { recursive: true, force: true }));

const KEY = fakeApiKey(14);
const WITH_KEY = (key: string): string =>
  `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {value: ${key}}\n`;
const USER = 'deploy';
const PASSWORD = fakeApiKey(21).slice(3, 23);
const WITH_URL_CREDENTIALS = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    baseUrl: https://${USER}:${PASSWORD}@proxy.example.invalid/v1\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n`;

function dir(name: string, files: Record<string, string>): string {
  const d = join(work, name);
  mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(d, f), text);
  return d;
}

interface Report {
  files: { path: string; diagnostics: { code: string; severity: string }[] }[];
}

const lint = (cwd: string, ...args: string[]): ReturnType<typeof runCli> =>
  runCli(['lint', '--no-env-check', ...args], { cwd });

test('--rule raises literal-secret to an error: exit 1, the key still masked', () => {
  const d = dir('raise', { 'c.assistant.yaml': WITH_KEY(KEY) });
  const plain = lint(d, 'c.assistant.yaml');
  assert.equal(plain.code, 0, plain.stdout + plain.stderr);
  assert.match(plain.stdout, /6:21 warning literal-secret/);
  for (const args of [
    ['--rule', 'literal-secret=error'],
    ['--rule=literal-secret=error'],
    ['--rule', 'literal-secret:error'],
    ['--rule', 'url-credentials=error, literal-secret=error'],
    ['--rule', 'literal-secret=off', '--rule', 'literal-secret=error'],
  ]) {
    const r = lint(d, ...args, 'c.assistant.yaml');
    assert.equal(r.code, 1, `${args.join(' ')}\n${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /c\.assistant\.yaml:6:21 error literal-secret /, args.join(' '));
    assert.match(r.stdout, /1 error, 0 warnings/, args.join(' '));
    assert.deepEqual(leakedRuns(r.stdout + r.stderr, [KEY.slice(3)], 6), []);
  }
  // JSON and SARIF say the same level.
  const j = lint(d, '--rule', 'literal-secret=error', '--format', 'json', 'c.assistant.yaml');
  assert.equal(j.code, 1);
  const report = JSON.parse(j.stdout) as Report;
  assert.deepEqual(
    report.files[0]!.diagnostics.map((f) => `${f.severity} ${f.code}`),
    ['error literal-secret'],
  );
});

test('--rule wins over the project config, both ways, and may turn a code off', () => {
  const d = dir('project', {
    'c.assistant.yaml': WITH_KEY(KEY),
    '.assistant-config.yaml': 'rules:\n  literal-secret: off\n',
  });
  const byProject = lint(d, 'c.assistant.yaml');
  assert.equal(byProject.code, 0);
  assert.match(byProject.stdout, /0 errors, 0 warnings/);
  const raised = lint(d, '--rule', 'literal-secret=error', 'c.assistant.yaml');
  assert.equal(raised.code, 1, raised.stdout + raised.stderr);
  assert.match(raised.stdout, /error literal-secret/);
  // The project config's other rules still apply beside the command line's.
  writeFileSync(join(d, '.assistant-config.yaml'), 'rules:\n  literal-secret: error\n  env-not-set: off\n');
  const lowered = lint(d, '--rule', 'literal-secret=info', 'c.assistant.yaml');
  assert.equal(lowered.code, 0, lowered.stdout + lowered.stderr);
  assert.match(lowered.stdout, /6:21 information literal-secret/);
  const off = runCli(['lint', '--rule', 'literal-secret=off', 'c.assistant.yaml'], { cwd: d });
  assert.equal(off.code, 0, off.stdout + off.stderr);
  assert.match(off.stdout, /0 errors, 0 warnings, 0 information/);
  // With --no-config, the command line's rule alone.
  const alone = lint(d, '--no-config', '--rule', 'literal-secret=error', 'c.assistant.yaml');
  assert.equal(alone.code, 1);
});

test('--rule is checked against the code registry: exit 2, a clear message, nothing linted', () => {
  const d = dir('bad', { 'c.assistant.yaml': WITH_KEY(KEY) });
  const cases: [string[], RegExp][] = [
    [
      ['--rule', 'literal-secre=error'],
      /--rule: unknown diagnostic code 'literal-secre'; did you mean 'literal-secret'\?/,
    ],
    [
      ['--rule', 'literal-secret=fatal'],
      /--rule: 'literal-secret' must be off, info, warning or error \(got 'fatal'\)/,
    ],
    [['--rule', 'syntax-error=off'], /--rule: 'syntax-error' cannot be turned off or lowered .*; it may be error/],
    [['--rule', 'literal-secret'], /--rule takes CODE=LEVEL/],
    [['--rule', 'literal-secret='], /'literal-secret' must be off, info, warning or error/],
    [['--rule', ','], /--rule needs CODE=LEVEL/],
    [['--rule'], /--rule needs a value/],
    [['--rule', 'literal-secret=error,nope=warning'], /unknown diagnostic code 'nope'/],
  ];
  for (const [args, message] of cases) {
    const r = lint(d, 'c.assistant.yaml', ...args);
    assert.equal(r.code, 2, `${args.join(' ')}\n${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
});

test('--rule reaches worker threads (--jobs) and keys the cache', () => {
  const files: Record<string, string> = {};
  // More than two batches of 64, so that --jobs 2 lints on a worker too.
  for (let i = 0; i < 140; i++) files[`f${i}.assistant.yaml`] = WITH_KEY(fakeApiKey(1000 + i));
  const d = dir('many', files);
  const threaded = lint(d, '--jobs', '2', '--rule', 'literal-secret=error', '--format', 'json', '.');
  assert.equal(threaded.code, 1, threaded.stderr);
  const report = JSON.parse(threaded.stdout) as Report;
  assert.equal(report.files.length, 140);
  assert.ok(
    report.files.every((f) => f.diagnostics.length === 1 && f.diagnostics[0]!.severity === 'error'),
    'every file, on either thread',
  );
  const cache = join(work, 'rule-cache');
  const first = lint(d, '--cache-location', cache, '.');
  assert.equal(first.code, 0, first.stderr);
  const raised = lint(d, '--cache-location', cache, '--rule', 'literal-secret=error', '.');
  assert.equal(raised.code, 1, 'a report cached without the rule is not reused with it');
  assert.match(raised.stdout, /140 errors, 0 warnings/);
  assert.deepEqual(leakedRuns(readFileSync(cache, 'utf8'), [KEY.slice(3)], 8), []);
});

test('the shipped pre-commit lint hook stops a commit of a literal key or a URL with a password, and shows why', () => {
  const hook = shippedHook('assistant-config-lint');
  assert.ok((hook.args ?? []).includes('--no-env-check'), 'the hook as shipped');
  const bin = cliShim(join(work, 'hook'));
  const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: work, GIT_CONFIG_NOSYSTEM: '1' };
  const repo = dir('hook/repo', {
    'key.assistant.yaml': WITH_KEY(KEY),
    'url.assistant.yaml': WITH_URL_CREDENTIALS,
    'clean.assistant.yaml': WITH_KEY('').replace('{value: }', '{valueFromEnv: VENDOR_A_API_KEY}'),
  });
  const init = spawnSync('git', ['init', '-q'], { cwd: repo, env, encoding: 'utf8' });
  assert.equal(init.status, 0, init.stderr);

  const key = runHook(hook, repo, ['key.assistant.yaml'], env);
  assert.equal(key.code, 1, key.out);
  assert.match(key.out, /key\.assistant\.yaml:6:21 error literal-secret /);
  const url = runHook(hook, repo, ['url.assistant.yaml'], env);
  assert.equal(url.code, 1, url.out);
  assert.match(url.out, /url\.assistant\.yaml:6:\d+ error url-credentials /);
  assert.deepEqual(leakedRuns(key.out + url.out, [KEY.slice(3), PASSWORD], 6), []);

  const clean = runHook(hook, repo, ['clean.assistant.yaml'], env);
  assert.equal(clean.code, 0, clean.out);
  assert.match(clean.out, /0 errors, 0 warnings/);
  // A line that must keep its value takes a suppression comment, as the README says.
  writeFileSync(
    join(repo, 'key.assistant.yaml'),
    WITH_KEY(KEY).replace(
      '    apiKey:',
      '    # assistant-config-disable-next-line literal-secret -- a revoked test key\n    apiKey:',
    ),
  );
  const suppressed = runHook(hook, repo, ['key.assistant.yaml'], env);
  assert.equal(suppressed.code, 0, suppressed.out);
});
