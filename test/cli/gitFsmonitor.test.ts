// REVIEW8 K11: the questions asked of git (is `.env` ignored, is it tracked, is this a work tree)
// run nothing a repository's own configuration names. `core.fsmonitor` is a command git runs for
// `check-ignore` and `ls-files`; a repository from an archive (its `.git/config` included) would
// run it the moment `assistant-config lint` or the language server looked at its `.env`. Real
// temporary repositories, the CLI as a process and the server's own function.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gitIgnoresDotenv } from '../../server/src/lsp/env';
import { gitIgnoresFile } from '../../server/src/lsp/dotenvLookup';
import { runCli } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-fsmonitor-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A repository whose config names a "monitor" that leaves a mark, with a tracked or an ignored `.env`. */
function repo(name: string, dotenv: 'tracked' | 'ignored'): { dir: string; mark: string } {
  const dir = join(work, name);
  const mark = join(work, `${name}.ran`);
  const env = { ...process.env, HOME: work, GIT_CONFIG_NOSYSTEM: '1' };
  const git = (...args: string[]): void => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env,
    });
    assert.equal(r.status, 0, r.stderr);
  };
  spawnSync('mkdir', ['-p', dir]);
  git('init', '-q', '.');
  writeFileSync(join(dir, '.env'), 'K=1\n');
  if (dotenv === 'ignored') writeFileSync(join(dir, '.gitignore'), '.env\n');
  else git('add', '.env');
  writeFileSync(
    join(dir, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: vendor_a, model: m, apiKey: {valueFromEnv: K}}\n',
  );
  // Set last: the commands above would run it too.
  git('config', 'core.fsmonitor', `touch '${mark}'; false`);
  return { dir, mark };
}

test('the control: git itself runs the configured fsmonitor for these questions', () => {
  const { dir, mark } = repo('control', 'tracked');
  spawnSync('git', ['ls-files', '--error-unmatch', '--', '.env'], { cwd: dir, stdio: 'ignore' });
  spawnSync('git', ['check-ignore', '-q', '.env'], { cwd: dir, stdio: 'ignore' });
  assert.ok(existsSync(mark), 'this git runs core.fsmonitor (else the tests below prove nothing)');
});

test('lint asks git about a tracked and an ignored .env and runs nothing of the repository', () => {
  for (const kind of ['tracked', 'ignored'] as const) {
    const { dir, mark } = repo(`cli-${kind}`, kind);
    const r = runCli(['lint', 'a.assistant.yaml'], { cwd: dir, env: { K: 'x' } });
    // The answers are still git's: a tracked .env is an error, an ignored one is fine.
    if (kind === 'tracked') assert.match(r.stdout, /dotenv-not-ignored/, r.stdout + r.stderr);
    else assert.doesNotMatch(r.stdout, /dotenv-not-ignored/, r.stdout + r.stderr);
    assert.equal(existsSync(mark), false, `${kind}: the repository's fsmonitor ran`);
  }
});

test("the server's questions (workspace .env, a document's .env) run nothing of the repository", () => {
  const t = repo('server-tracked', 'tracked');
  assert.equal(gitIgnoresDotenv(t.dir), 'tracked');
  assert.equal(gitIgnoresFile(join(t.dir, '.env')), 'tracked');
  const i = repo('server-ignored', 'ignored');
  assert.equal(gitIgnoresDotenv(i.dir), true);
  assert.equal(gitIgnoresFile(join(i.dir, '.env')), true);
  assert.equal(existsSync(t.mark) || existsSync(i.mark), false);
});
