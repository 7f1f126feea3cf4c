// The npm package as a user gets it: `npm pack` (the bins are the bundles that `npm test` has just
// built), installed with `npm install -g --prefix <tmp>` from the tarball, its two bins run; then the
// hooks of .pre-commit-hooks.yaml run the way pre-commit runs them. pre-commit itself (a PyPI package)
// is not installed here: its invocation is emulated faithfully: the hook's `files` regex selects the
// staged files (paths relative to the repository root, `/` separators), the command line is
// shlex-split `entry` + `args` + those file names, run from the repository root with the installed
// package's bin directory on PATH, and the hook fails when the command exits non-zero.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-pack-'));
const prefix = join(work, 'prefix');
let tarball = '';

function sh(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    env: opts.env ?? process.env,
    timeout: 180_000,
  });
  return { code: r.status, out: (r.stdout ?? '') + (r.stderr ?? ''), stdout: r.stdout ?? '' };
}

before(() => {
  // --ignore-scripts: `prepare` would build again and install the benchmark's packages; the bundles
  // in dist/ are those `npm test` built.
  const pack = sh('npm', ['pack', '--ignore-scripts', '--pack-destination', work]);
  assert.equal(pack.code, 0, pack.out);
  tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz'))!,
  );
});

test('npm pack ships the bins, the code pages, the schemas and the hooks, and nothing else', () => {
  const list = sh('tar', ['tzf', tarball]).stdout.trim().split('\n').sort();
  for (const f of [
    'package/dist/cli.js',
    'package/dist/cli-main.js',
    'package/dist/lint-worker.js',
    'package/dist/read-worker.js',
    'package/dist/cli-connection.js',
    'package/dist/server.js',
    'package/docs/codes/unknown-property.md',
    'package/schemas/assistant-config.schema.json',
    'package/schemas/assistant-config-project.schema.json',
    'package/.pre-commit-hooks.yaml',
    'package/package.json',
    'package/README.md',
  ]) {
    assert.ok(list.includes(f), `${f} in ${list.join(' ')}`);
  }
  assert.ok(!list.some((f) => /^package\/(test|server\/src|client|bench|out)\//.test(f)), list.join(' '));
});

test('npm install -g of the tarball: both bins run', { timeout: 240_000 }, () => {
  const r = sh('npm', [
    'install',
    '-g',
    '--prefix',
    prefix,
    tarball,
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
  ]);
  assert.equal(r.code, 0, r.out);
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const cli = sh(join(prefix, 'bin', 'assistant-config'), ['--version']);
  assert.equal(cli.stdout, version + '\n', cli.out);
  const server = sh(join(prefix, 'bin', 'assistant-config-language-server'), ['--version']);
  assert.equal(server.code, 0, server.out);
  assert.match(server.stdout, /assistant-config-language-server/);
  const explain = sh(join(prefix, 'bin', 'assistant-config'), ['explain', 'duplicate-key']);
  assert.match(explain.stdout, /## How to silence it/);
  // The installed CLI lints on worker threads (its lint-only worker bundle was packed).
  const many = mkdtempSync(join(tmpdir(), 'ac-many-'));
  for (let i = 0; i < 200; i++)
    writeFileSync(
      join(many, `c${i}.assistant.yaml`),
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n',
    );
  const threaded = sh(join(prefix, 'bin', 'assistant-config'), ['lint', '--no-env-check', '--jobs', '2', many], {
    env: { ...process.env, ASSISTANT_CONFIG_TIMING: '1' },
  });
  assert.equal(threaded.code, 0, threaded.out);
  assert.match(threaded.out, /200 files on 2 threads \(main \+ 1 worker/);
});

interface Hook {
  id: string;
  entry: string;
  args?: string[];
  files: string;
}

/** The parts of shlex.split that hook entries use: words, single and double quotes. */
function shlexSplit(s: string): string[] {
  return [...s.matchAll(/'([^']*)'|"((?:\\.|[^"\\])*)"|(\S+)/g)].map(
    (m) => m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!,
  );
}

/** One hook run as pre-commit runs it on these staged files; returns the exit code and output. */
function runHook(hook: Hook, repo: string, staged: string[]): { code: number | null; out: string; files: string[] } {
  const files = staged.filter((f) => new RegExp(hook.files).test(f));
  if (files.length === 0) return { code: 0, out: '(no files to check) Skipped', files };
  const [cmd, ...rest] = [...shlexSplit(hook.entry), ...(hook.args ?? []), ...files];
  const env = { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}` };
  const r = sh(cmd!, rest, { cwd: repo, env });
  return { code: r.code, out: r.out, files };
}

test(
  'the pre-commit hooks, run as pre-commit runs them, pass a clean commit and stop a broken or unformatted one',
  { timeout: 240_000 },
  () => {
    const hooks = parseYaml(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
    const lint = hooks.find((h) => h.id === 'assistant-config-lint')!;
    const format = hooks.find((h) => h.id === 'assistant-config-format')!;
    assert.ok(lint && format);
    const repo = mkdtempSync(join(tmpdir(), 'ac-repo-'));
    const write = (p: string, text: string): void => {
      mkdirSync(dirname(join(repo, p)), { recursive: true });
      writeFileSync(join(repo, p), text);
    };
    const good = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
    write('configs/prod.assistant.yaml', good);
    write(
      'assistant-config.json',
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "hosted"\n    }\n  }\n}\n',
    );
    write('docs/notes.yaml', 'not: ours\n');
    const staged = ['configs/prod.assistant.yaml', 'assistant-config.json', 'docs/notes.yaml'];
    const okLint = runHook(lint, repo, staged);
    assert.deepEqual(
      okLint.files,
      ['configs/prod.assistant.yaml', 'assistant-config.json'],
      'the files regex selects ours only',
    );
    assert.equal(okLint.code, 0, okLint.out);
    assert.equal(runHook(format, repo, staged).code, 0);

    write(
      'configs/prod.assistant.yaml',
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n      provider: vendr_a\n',
    );
    const badLint = runHook(lint, repo, staged);
    assert.equal(badLint.code, 1, badLint.out);
    assert.match(badLint.out, /configs\/prod\.assistant\.yaml:5:17 error unknown-discriminator/);
    const badFormat = runHook(format, repo, staged);
    assert.equal(badFormat.code, 1, badFormat.out);
    assert.match(badFormat.out, /^configs\/prod\.assistant\.yaml$/m);
    // A project config excluding the file silences both hooks, as in the editor.
    write('.assistant-config.yaml', 'exclude:\n  - configs/**\n');
    assert.equal(runHook(lint, repo, staged).code, 0);
    assert.equal(runHook(format, repo, staged).code, 0);
  },
);
