// REVIEW5 H17: the pre-commit hook (`.pre-commit-hooks.yaml` passes `--no-env-check`) keeps
// `dotenv-not-ignored`: `--no-env-check` skips only `env-not-set` (variables are not set on a
// developer's machine), and `--suppress dotenv-not-ignored` is the way to skip the `.env` check. A
// `.env` that git tracks or has staged is an error that says so, with `git rm --cached` advice. Run
// as processes in real temporary git repositories; the hook as pre-commit runs it (its entry and
// args, shlex-split, the staged files matching its `files`, from the repository's root, with
// `assistant-config` on PATH: here a shim to the built CLI). Fake credentials only.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { cliShim, leakedRuns, runHook as runShippedHook, shippedHook } from './helpers';
import { fakeApiKey } from '../helpers';

// A fake key made at run time (never a literal secret in the repository), shaped like a project key.
const FAKE = ['sk', 'proj', fakeApiKey(1004).slice(3, 23)].join('-');
const work = mkdtempSync(join(tmpdir(), 'ac-dotenv-tracked-'));
after(() => rmSync(work, { recursive: true, force: true }));
const bin = cliShim(work);
const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: work, GIT_CONFIG_NOSYSTEM: '1' };

function run(cmd: string, args: string[], cwd: string): { code: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env });
  return { code: r.status, out: (r.stdout ?? '') + (r.stderr ?? '') };
}
const git = (repo: string, ...args: string[]): void => {
  const r = run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], repo);
  assert.equal(r.code, 0, r.out);
};

const lintHook = shippedHook('assistant-config-lint');

/** The lint hook run as pre-commit runs it on the staged files. */
function runHook(repo: string, staged: string[]): { code: number | null; out: string } {
  const r = runShippedHook(lintHook, repo, staged, env);
  assert.ok(r.files.length > 0);
  return r;
}

const CONFIG =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n';

function repository(name: string): string {
  const repo = join(work, name);
  mkdirSync(repo);
  git(repo, 'init', '-q');
  writeFileSync(join(repo, '.env'), `VENDOR_A_API_KEY=${FAKE}\n`);
  writeFileSync(join(repo, 'p.assistant.yaml'), CONFIG);
  return repo;
}

test('the hook passes --no-env-check and still stops a commit that stages .env with the key', () => {
  assert.ok((lintHook.args ?? []).includes('--no-env-check'), 'the hook as shipped');
  const repo = repository('staged');
  git(repo, 'add', '.env', 'p.assistant.yaml');
  const r = runHook(repo, ['.env', 'p.assistant.yaml']);
  assert.equal(r.code, 1, r.out);
  assert.match(
    r.out,
    /p\.assistant\.yaml:6:28 error dotenv-not-ignored 'VENDOR_A_API_KEY' is read from \.env, which git tracks \(committed or staged\)/,
    r.out,
  );
  assert.match(r.out, /git rm --cached \.env/, r.out);
  assert.deepEqual(leakedRuns(r.out, [FAKE.slice(8)], 6), [], r.out);
});

test('a .env committed before .gitignore named it is still tracked: an error', () => {
  const repo = repository('committed');
  git(repo, 'add', '.env');
  git(repo, 'commit', '-q', '-m', 'oops');
  writeFileSync(join(repo, '.gitignore'), '.env\n');
  const r = run('assistant-config', ['lint', '--no-env-check', 'p.assistant.yaml'], repo);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /error dotenv-not-ignored .*which git tracks/, r.out);
  // Out of the index, ignored: clean.
  git(repo, 'rm', '-q', '--cached', '.env');
  const clean = run('assistant-config', ['lint', '--no-env-check', 'p.assistant.yaml'], repo);
  assert.equal(clean.code, 0, clean.out);
  assert.match(clean.out, /0 errors, 0 warnings/, clean.out);
});

test('--no-env-check: an untracked .env that git does not ignore is a warning; env-not-set is skipped; --suppress skips the .env check', () => {
  const repo = repository('untracked');
  writeFileSync(join(repo, 'q.assistant.yaml'), CONFIG.replace('VENDOR_A_API_KEY', 'NOT_SET_ANYWHERE'));
  for (const jobs of ['1', '2']) {
    const r = run(
      'assistant-config',
      ['lint', '--no-env-check', '--jobs', jobs, 'p.assistant.yaml', 'q.assistant.yaml'],
      repo,
    );
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /p\.assistant\.yaml:6:28 warning dotenv-not-ignored .*which git does not ignore/, r.out);
    assert.doesNotMatch(r.out, /env-not-set/, r.out);
  }
  const full = run('assistant-config', ['lint', 'q.assistant.yaml'], repo);
  assert.match(full.out, /env-not-set/, full.out);
  const suppressed = run(
    'assistant-config',
    ['lint', '--no-env-check', '--suppress', 'dotenv-not-ignored', 'p.assistant.yaml'],
    repo,
  );
  assert.equal(suppressed.code, 0, suppressed.out);
  assert.doesNotMatch(suppressed.out, /dotenv-not-ignored/, suppressed.out);
  // Staged: the worker threads get the same answer from the main thread's snapshot.
  git(repo, 'add', '.env');
  const threads = run(
    'assistant-config',
    ['lint', '--no-env-check', '--jobs', '2', 'p.assistant.yaml', 'q.assistant.yaml'],
    repo,
  );
  assert.equal(threads.code, 1, threads.out);
  assert.match(threads.out, /error dotenv-not-ignored .*which git tracks/, threads.out);
});
