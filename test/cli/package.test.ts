// The npm package as a user gets it: `npm pack` (the bins are the bundles that `npm test` has just
// built), installed with `npm install -g --prefix <tmp>` from the tarball, its two bins run; then the
// hooks of .pre-commit-hooks.yaml installed and run the way pre-commit 4 runs them. The real pre-commit
// (Debian's, 3.x, which installs a hook repository with `npm pack` instead) is run by
// test/pre-commit/preCommit.test.ts, a step of its own in .ci/run; here pre-commit 4's two steps are
// reproduced (pre_commit/languages/node.py): the hook repository is installed with `npm install -g
// --install-links git+file://<clone>`, which makes npm prepare the package from git (our `prepare`
// builds it; REVIEW5 H1: npm installs nothing into that clone first), and each hook runs as the
// hook's `files` regex selects the staged files (paths relative to the repository root, `/`
// separators), the command line shlex-split `entry` + `args` + those file names, run from the
// repository root with the installed package's bin directory on PATH; the hook fails when the
// command exits non-zero.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers';
import { checkoutAsRepository } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-pack-'));
const prefix = join(work, 'prefix');
/** Where the hook repository is installed as pre-commit installs it. */
const hookPrefix = join(work, 'hook-prefix');
let tarball = '';

function sh(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    env: opts.env ?? process.env,
    timeout: 380_000,
  });
  return { code: r.status, out: (r.stdout ?? '') + (r.stderr ?? ''), stdout: r.stdout ?? '' };
}

/** A copy of what npm packs (and the prepack script), where the tarball is made. */
const packDir = join(work, 'pack-src');

before(() => {
  // The tarball as `npm pack` makes it: `prepack` (scripts/pack-manifest.mjs strip) rewrites the
  // manifest and `postpack` restores it, in a copy of the packed files so that the checkout's
  // package.json stays as it is while other tests read it (`npm pack` runs no `prepare`: the bundles
  // in dist/ are those `npm test` built).
  for (const f of [
    'package.json',
    '.npmignore',
    '.npmrc',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    '.pre-commit-hooks.yaml',
    'dist',
    'docs/codes',
    'schemas',
    'scripts/pack-manifest.mjs',
  ])
    cpSync(join(ROOT, f), join(packDir, f), { recursive: true });
  // `npm pack` as pre-commit 2 and 3 run it, with our .npmrc: standard output must be the tarball's
  // name alone, which pre-commit reads to install it (npm's banners of our prepack and postpack
  // scripts, printed there in the foreground, made it install a file named "> assistant-config-tools…").
  const pack = sh('npm', ['pack'], { cwd: packDir });
  assert.equal(pack.code, 0, pack.out);
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, string>;
  assert.equal(pack.stdout, `${name}-${version}.tgz\n`, 'npm pack printed only the tarball name');
  tarball = join(packDir, pack.stdout.trim());
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
    'package/dist/server-main.js',
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

test("the packed manifest has no scripts and no dependencies (the bundles require only Node built-ins); postpack restores the checkout's (REVIEW5 H14e)", () => {
  const packed = JSON.parse(sh('tar', ['xzOf', tarball, 'package/package.json']).stdout) as Record<string, unknown>;
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & {
    scripts: Record<string, string>;
  };
  assert.equal(packed.scripts, undefined, 'no prepare: npm 11 warned of it on every install');
  assert.equal(packed.dependencies, undefined);
  assert.equal(packed.devDependencies, undefined);
  assert.deepEqual(
    { ...packed, scripts: own.scripts, dependencies: own.dependencies, devDependencies: own.devDependencies },
    own,
    'nothing else changes',
  );
  // What the packed bundles load: relative files and Node's built-ins, nothing a dependency would bring.
  const bundles = sh('tar', ['tzf', tarball])
    .stdout.split('\n')
    .filter((f) => /^package\/dist\/.*\.js$/.test(f));
  assert.ok(bundles.length >= 6, bundles.join(' '));
  for (const b of bundles) {
    // (The packed file is the checkout's: read from there, it can be larger than a pipe's buffer.)
    const code = readFileSync(join(ROOT, b.slice('package/'.length)), 'utf8');
    const loaded = [...code.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]!);
    const foreign = loaded.filter((m) => !m.startsWith('./') && !builtinModules.includes(m.replace(/^node:/, '')));
    assert.deepEqual(foreign, [], b);
  }
  // npm pack ran postpack, which gave the checkout's file back, byte for byte.
  assert.equal(readFileSync(join(packDir, 'package.json'), 'utf8'), readFileSync(join(ROOT, 'package.json'), 'utf8'));
  assert.ok(!existsSync(join(packDir, '.package.json.prepack')));
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
  // No runtime packages installed beside the bundles (they were 9.4 MB that nothing loads).
  assert.ok(!existsSync(join(prefix, 'lib', 'node_modules', 'assistant-config-tools', 'node_modules')));
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
  const env = { ...process.env, PATH: `${join(hookPrefix, 'bin')}:${process.env.PATH ?? ''}` };
  const r = sh(cmd!, rest, { cwd: repo, env });
  return { code: r.code, out: r.out, files };
}

test(
  'pre-commit can install the hook repository: npm install -g --install-links git+file://<clone> builds it through prepare (REVIEW5 H1)',
  { timeout: 400_000 },
  () => {
    const repo = join(work, 'hook-repo');
    checkoutAsRepository(repo);
    // pre-commit 4.x, pre_commit/languages/node.py: npm install --allow-git=root --install-links -g git+file://{prefix}
    // (with its environment's prefix; --prefer-offline only uses the npm cache npm ci has filled).
    const r = sh(
      'npm',
      [
        'install',
        '--allow-git=root',
        '--install-links',
        '-g',
        '--prefix',
        hookPrefix,
        '--prefer-offline',
        `git+file://${repo}`,
      ],
      { env: { ...process.env, npm_config_loglevel: 'error', npm_config_fund: 'false', npm_config_audit: 'false' } },
    );
    assert.equal(r.code, 0, `the hook repository did not install as pre-commit installs it:\n${r.out}`);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const cli = sh(join(hookPrefix, 'bin', 'assistant-config'), ['--version']);
    assert.equal(cli.stdout, version + '\n', cli.out);
  },
);

test(
  "the README's GitHub Actions and GitLab CI recipes, as written: the CLI installs from git at a tag and lints (REVIEW9 K2)",
  { timeout: 400_000 },
  () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const url = 'git+https://example.invalid/assistant-config-tools.git#v0.1.0';
    const installs = [...readme.matchAll(/^ *- (?:run: )?(npm install -g .*)$/gm)].map((m) => m[1]!);
    assert.equal(installs.length, 2, `GitHub Actions and GitLab CI: ${installs.join(' | ')}`);
    assert.equal(installs[0], installs[1], 'both recipes install alike');
    assert.ok(installs[0]!.includes(`"${url}"`), installs[0]);
    // Without --install-links npm 9+ links the global package to its temporary clone, which it
    // deletes after `prepare` (npm/cli#9406): ENOENT, nothing installed.
    assert.match(installs[0]!, /--install-links/);
    // The hook repository of the test above (a commit of this checkout), tagged as the recipe's rev.
    const repo = join(work, 'hook-repo');
    assert.ok(existsSync(join(repo, '.git')), 'the hook repository was made (test above)');
    const tag = sh('git', ['tag', '-f', 'v0.1.0'], { cwd: repo });
    assert.equal(tag.code, 0, tag.out);
    const ciPrefix = join(work, 'ci-prefix');
    const r = sh('sh', ['-c', installs[0]!.replace(url, `git+file://${repo}#v0.1.0`)], {
      env: {
        ...process.env,
        npm_config_prefix: ciPrefix,
        npm_config_prefer_offline: 'true',
        npm_config_loglevel: 'error',
        npm_config_fund: 'false',
        npm_config_audit: 'false',
      },
    });
    assert.equal(r.code, 0, `the README's install line failed:\n${r.out}`);
    // The recipes' lint steps as written (GitHub annotations, SARIF, GitLab's JUnit), in a job's
    // checkout whose config names a variable the job does not have (--no-env-check: no finding for it).
    const job = mkdtempSync(join(tmpdir(), 'ac-ci-job-'));
    writeFileSync(
      join(job, 'prod.assistant.yaml'),
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n',
    );
    // GitHub Actions: each `run:` a step of its own.
    const steps = [...readme.matchAll(/^ *- run: assistant-config (lint .*)$/gm)].map((m) => m[1]!.split(' '));
    assert.deepEqual(
      steps.map((s) => s[s.indexOf('--format') + 1]),
      ['github', 'sarif'],
      steps.join(' | '),
    );
    const bin = join(ciPrefix, 'bin', 'assistant-config');
    const lint = sh(bin, steps[0]!, { cwd: job });
    assert.equal(lint.code, 1, lint.out);
    assert.match(lint.stdout, /^::error file=prod\.assistant\.yaml,line=5,col=15,.*unknown-discriminator/m);
    assert.doesNotMatch(lint.stdout, /env-not-set/);
    const sarif = sh(bin, steps[1]!, { cwd: job });
    assert.equal(sarif.code, 1, sarif.out);
    const sarifReport = readFileSync(join(job, steps[1]![steps[1]!.indexOf('-o') + 1]!), 'utf8');
    assert.match(sarifReport, /unknown-discriminator/);
    assert.doesNotMatch(sarifReport, /VENDOR_A_API_KEY' is defined neither/);
    // GitLab CI: the job's script after the install, run as the runner runs it (one shell, a failing
    // line ends it), in the checkout (CI_PROJECT_DIR); each report its `artifacts: reports:` names.
    const gitlab = /^\*\*GitLab CI\.\*\*[\s\S]*?```yaml\n([\s\S]*?)```/m.exec(readme);
    assert.ok(gitlab, 'the GitLab CI recipe');
    const glJob = (
      parseYaml(gitlab[1]!) as Record<string, { script: string[]; artifacts: { reports: Record<string, string> } }>
    )['assistant-config']!;
    assert.equal(glJob.script[0], installs[1]);
    const script = glJob.script.slice(1);
    assert.ok(script.some((l) => l.includes('--format gitlab')) && script.some((l) => l.includes('--format junit')));
    const reports = glJob.artifacts.reports;
    assert.deepEqual(Object.keys(reports).sort(), ['codequality', 'junit']);
    const runJob = (dir: string): { code: number | null; out: string } =>
      sh('bash', ['-c', `set -eo pipefail\n${script.join('\n')}`], {
        cwd: dir,
        env: { ...process.env, PATH: `${join(ciPrefix, 'bin')}:${process.env.PATH ?? ''}`, CI_PROJECT_DIR: dir },
      });
    const gl = runJob(job);
    assert.equal(gl.code, 1, gl.out);
    const quality = JSON.parse(readFileSync(join(job, reports.codequality!), 'utf8')) as {
      check_name: string;
      severity: string;
      location: { path: string; lines: { begin: number } };
    }[];
    assert.deepEqual(
      quality.map((q) => [q.check_name, q.severity, q.location.path, q.location.lines.begin]),
      [['unknown-discriminator', 'major', 'prod.assistant.yaml', 5]],
    );
    const junitReport = readFileSync(join(job, reports.junit!), 'utf8');
    assert.match(junitReport, /unknown-discriminator/);
    assert.doesNotMatch(junitReport, /VENDOR_A_API_KEY' is defined neither/);
    // A clean checkout passes; a failed run (a project config with a mistake) fails the job with
    // both reports written, the Code Quality one saying why.
    const clean = mkdtempSync(join(tmpdir(), 'ac-ci-clean-'));
    writeFileSync(
      join(clean, 'prod.assistant.yaml'),
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n',
    );
    const ok = runJob(clean);
    assert.equal(ok.code, 0, ok.out);
    assert.equal(readFileSync(join(clean, reports.codequality!), 'utf8'), '[]\n');
    writeFileSync(join(clean, '.assistant-config.yaml'), 'rules:\n  unknown-discriminator: loud\n');
    const broken = runJob(clean);
    assert.equal(broken.code, 2, broken.out);
    assert.match(readFileSync(join(clean, reports.codequality!), 'utf8'), /"severity": "blocker"/);
    assert.match(readFileSync(join(clean, reports.junit!), 'utf8'), /errors="1"/);
  },
);

test(
  'the pre-commit hooks, run as pre-commit runs them, pass a clean commit and stop a broken or unformatted one',
  { timeout: 240_000 },
  () => {
    assert.ok(
      existsSync(join(hookPrefix, 'bin', 'assistant-config')),
      'the hook repository was not installed (test above)',
    );
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
