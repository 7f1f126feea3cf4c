// Each linted file's `.env` is its own project's (the nearest walking up from the file, never above
// the top of its git work tree), wherever `lint` runs: from the top, from inside a project, from
// elsewhere with absolute paths, on one thread or several, with --cache, and for standard input
// with --stdin-filepath. dotenv-not-ignored is judged for the `.env` a file actually takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { runCli } from './helpers';
import type { RunResult } from './helpers';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const VALUE = 'dotenv-value-never-printed';

/** A config whose llm and fallback read the two variables. */
function config(first: string, second: string): string {
  return `${HEAD}  llm:\n    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: ${first}}\n    fallback:\n      provider: vendor_b\n      model: m\n      apiKey: {valueFromEnv: ${second}}\n`;
}

function git(dir: string): void {
  const r = spawnSync('git', ['init', '-q'], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
  assert.equal(r.status, 0, `git init: ${String(r.error ?? r.stderr)}`);
}

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

/**
 * Projects side by side in one directory (its own path is returned), with what each file must get:
 * - repo/ (git, .gitignore `/.env`: the top .env only): .env {SHARED_KEY, A_ONLY}; a/ uses it;
 *   b/.env {B_ONLY} (nested, not ignored) replaces it for b/;
 * - other/ (git, nothing ignored): .env {OTHER_KEY};
 * - plain/ (no git): .env {PLAIN_KEY};
 * - outer/.env {OUTER_KEY} above the git repository outer/inner/, which does not take it.
 * `copies`: more files like b/y and other/z (for --jobs).
 */
function layout(copies = 0): { root: string; expected: Map<string, string[]> } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-dotenv-')));
  const expected = new Map<string, string[]>();
  const file = (rel: string, text: string, codes: string[]): void => {
    write(join(root, rel), text);
    expected.set(join(root, rel), codes);
  };
  mkdirSync(join(root, 'repo'));
  git(join(root, 'repo'));
  write(join(root, 'repo/.gitignore'), '/.env\n');
  write(join(root, 'repo/.env'), `SHARED_KEY=${VALUE}\nexport A_ONLY='${VALUE}'\n`);
  file('repo/a/x.assistant.yaml', config('SHARED_KEY', 'A_ONLY'), []);
  write(join(root, 'repo/b/.env'), `B_ONLY=${VALUE}\n`);
  // b's .env is not ignored (the pattern is anchored to the top); SHARED_KEY is not in it.
  const y = config('B_ONLY', 'SHARED_KEY');
  file('repo/b/y.assistant.yaml', y, ['dotenv-not-ignored', 'env-not-set']);
  file('repo/b/deeper/d.assistant.yaml', y, ['dotenv-not-ignored', 'env-not-set']);
  mkdirSync(join(root, 'other'));
  git(join(root, 'other'));
  write(join(root, 'other/.env'), `OTHER_KEY=${VALUE}\n`);
  const z = config('OTHER_KEY', 'A_ONLY');
  file('other/z.assistant.yaml', z, ['dotenv-not-ignored', 'env-not-set']);
  write(join(root, 'plain/.env'), `PLAIN_KEY=${VALUE}\n`);
  file('plain/w.assistant.yaml', config('PLAIN_KEY', 'PLAIN_KEY'), []);
  write(join(root, 'outer/.env'), `OUTER_KEY=${VALUE}\n`);
  mkdirSync(join(root, 'outer/inner'));
  git(join(root, 'outer/inner'));
  file('outer/inner/v.assistant.yaml', config('OUTER_KEY', 'OUTER_KEY'), ['env-not-set', 'env-not-set']);
  for (let i = 0; i < copies; i++) {
    file(`repo/b/c${i}.assistant.yaml`, y, ['dotenv-not-ignored', 'env-not-set']);
    file(`other/c${i}.assistant.yaml`, z, ['dotenv-not-ignored', 'env-not-set']);
  }
  return { root, expected };
}

interface JsonOut {
  files: { path: string; diagnostics: { code: string; range: { start: { line: number } } }[] }[];
}

/** Absolute path → its codes in line order, from a --format json run in `cwd`. */
function findings(r: RunResult, cwd: string): Map<string, string[]> {
  assert.ok(r.code === 0, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout) as JsonOut;
  return new Map(
    out.files.map((f) => [
      resolve(cwd, f.path),
      [...f.diagnostics].sort((a, b) => a.range.start.line - b.range.start.line).map((d) => d.code),
    ]),
  );
}

const sorted = (m: Map<string, string[]>): [string, string[]][] => [...m].sort(([a], [b]) => (a < b ? -1 : 1));

test('every file takes its own project .env, from any working directory, with relative or absolute paths', () => {
  const { root, expected } = layout();
  const files = [...expected.keys()];
  // Where a run starts, and how it names the files: the top, inside projects, a sibling, outside.
  const cwds = [
    root,
    join(root, 'repo'),
    join(root, 'repo/b'),
    join(root, 'other'),
    join(root, 'plain'),
    realpathSync(tmpdir()),
  ];
  for (const cwd of cwds) {
    const relative = files.map((f) => (f.startsWith(cwd + sep) ? f.slice(cwd.length + 1) : f));
    for (const targets of [relative, files]) {
      const r = runCli(['lint', '--format', 'json', ...targets], { cwd });
      assert.deepEqual(sorted(findings(r, cwd)), sorted(expected), `run from ${cwd}`);
      assert.ok(!r.stdout.includes(VALUE) && !r.stderr.includes(VALUE));
    }
  }
  // A directory walk from the top and from inside a project: the same answers for the same files.
  assert.deepEqual(sorted(findings(runCli(['lint', '--format', 'json', '.'], { cwd: root }), root)), sorted(expected));
  const inRepo = findings(
    runCli(['lint', '--format', 'json', '.'], { cwd: join(root, 'repo/b') }),
    join(root, 'repo/b'),
  );
  for (const [f, codes] of inRepo) assert.deepEqual(codes, expected.get(f), f);
  assert.equal(inRepo.size, 2);
});

test('the text output names the file and says dotenv-not-ignored for the nested .env only', () => {
  const { root } = layout();
  const r = runCli(['lint', '../repo'], { cwd: join(root, 'other') });
  assert.match(r.stdout, /repo\/b\/y\.assistant\.yaml:7:28 warning dotenv-not-ignored 'B_ONLY'/);
  assert.match(r.stdout, /repo\/b\/y\.assistant\.yaml:11:30 information env-not-set Variable 'SHARED_KEY'/);
  assert.doesNotMatch(r.stdout, /x\.assistant\.yaml/);
});

test('--jobs 2 gives each file its own .env, as one thread does', () => {
  const { root, expected } = layout(80);
  for (const cwd of [root, join(root, 'repo/b')]) {
    const target = cwd === root ? '.' : root;
    const one = runCli(['lint', '--format', 'json', target], { cwd });
    const two = runCli(['lint', '--jobs', '2', '--format', 'json', target], {
      cwd,
      env: { ASSISTANT_CONFIG_TIMING: '1' },
    });
    assert.match(two.stderr, /on 2 threads/);
    assert.equal(two.stdout, one.stdout);
    assert.deepEqual(sorted(findings(two, cwd)), sorted(expected));
  }
});

test('--cache: a changed .env re-analyses only the files whose variables it changes', () => {
  const { root, expected } = layout(5);
  const TIMING = { ASSISTANT_CONFIG_TIMING: '1' };
  const stats = (r: RunResult): string => /cache: (\d+ reused, \d+ analysed)/.exec(r.stderr)?.[1] ?? r.stderr;
  const cache = join(root, 'lint-cache');
  const lint = (cwd: string): RunResult =>
    runCli(['lint', '--cache-location', cache, '--format', 'json', root], { cwd, env: TIMING });
  const n = expected.size;
  assert.equal(stats(lint(root)), `0 reused, ${n} analysed`);
  // Another working directory: the same files, the same .env files, so every report is reused.
  const again = lint(join(root, 'repo/b'));
  assert.equal(stats(again), `${n} reused, 0 analysed`);
  assert.deepEqual(sorted(findings(again, join(root, 'repo/b'))), sorted(expected));
  // other/.env loses OTHER_KEY: other's 6 files change; nothing else is analysed again.
  writeFileSync(join(root, 'other/.env'), 'UNRELATED=1\n');
  const changed = lint(root);
  assert.equal(stats(changed), `${n - 6} reused, 6 analysed`);
  const now = findings(changed, root);
  assert.deepEqual(now.get(join(root, 'other/z.assistant.yaml')), ['env-not-set', 'env-not-set']);
  // A new .env in repo/a that git ignores, defining what a/x had: a/x's answers do not change, it is
  // reused; without A_ONLY, a/x is analysed again; once git stops ignoring it, again.
  writeFileSync(join(root, 'repo/.gitignore'), '/.env\n/a/.env\n');
  writeFileSync(join(root, 'repo/a/.env'), 'SHARED_KEY=1\nA_ONLY=1\n');
  assert.equal(stats(lint(root)), `${n} reused, 0 analysed`);
  writeFileSync(join(root, 'repo/a/.env'), 'SHARED_KEY=1\n');
  const moved = lint(root);
  assert.equal(stats(moved), `${n - 1} reused, 1 analysed`);
  assert.deepEqual(findings(moved, root).get(join(root, 'repo/a/x.assistant.yaml')), ['env-not-set']);
  writeFileSync(join(root, 'repo/.gitignore'), '/.env\n');
  const exposed = lint(root);
  assert.equal(stats(exposed), `${n - 1} reused, 1 analysed`);
  assert.deepEqual(findings(exposed, root).get(join(root, 'repo/a/x.assistant.yaml')), [
    'dotenv-not-ignored',
    'env-not-set',
  ]);
});

test("standard input takes the .env of --stdin-filepath's project, else the working directory's", () => {
  const { root } = layout();
  const text = config('B_ONLY', 'OTHER_KEY');
  const codes = (r: RunResult): string[] => (JSON.parse(r.stdout) as JsonOut).files[0]!.diagnostics.map((d) => d.code);
  for (const cwd of [root, join(root, 'other'), realpathSync(tmpdir())]) {
    const asB = runCli(['lint', '--format', 'json', '--stdin-filepath', join(root, 'repo/b/new.assistant.yaml'), '-'], {
      cwd,
      input: text,
    });
    assert.deepEqual(codes(asB), ['dotenv-not-ignored', 'env-not-set'], cwd);
  }
  const relative = runCli(['lint', '--format', 'json', '--stdin-filepath', 'b/new.assistant.yaml'], {
    cwd: join(root, 'repo'),
    input: text,
  });
  assert.deepEqual(codes(relative), ['dotenv-not-ignored', 'env-not-set']);
  // No path: the working directory's project.
  const inOther = runCli(['lint', '--format', 'json', '-'], { cwd: join(root, 'other'), input: text });
  assert.deepEqual(codes(inOther), ['env-not-set', 'dotenv-not-ignored']);
  const inB = runCli(['lint', '--format', 'json', '-'], { cwd: join(root, 'repo/b'), input: text });
  assert.deepEqual(codes(inB), ['dotenv-not-ignored', 'env-not-set']);
});

test('--fix-dry-run checks each file with its own .env too', () => {
  const { root } = layout();
  const r = runCli(['lint', '--fix-dry-run', '../repo', '../other'], { cwd: join(root, 'plain') });
  assert.match(r.stderr, /0 errors and 3 warnings would remain/);
});
