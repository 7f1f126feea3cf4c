// The real pre-commit runs this repository's hooks. Debian's pre-commit (3.x on bookworm; PyPI is out
// of reach here, Debian and the npm registry are not) installs the hook repository the way it does
// for any `language: node` hook: a node environment by nodeenv with `language_version: system` (the
// Node on PATH, nothing downloaded), `npm install` in its clone (which runs our `prepare`: the
// build), `npm pack` (whose output it reads for the tarball's name: .npmrc keeps our prepack and
// postpack banners out of it) and `npm install -g` of that tarball. Then `git commit` runs the hooks on
// the staged files. The `.pre-commit-config.yaml` is the README's recipe, word for word, with only
// the repository (a commit of this checkout's working tree) and the `rev` put in.
//
// Not part of `npm test`: it needs Debian's `pre-commit` (`apt-get install pre-commit`) and about a
// minute for the install. `.ci/run` installs it and runs this as a step of its own (`npm run
// test:pre-commit`). pre-commit 4's way of installing (npm install -g git+file://…) is reproduced by
// test/cli/package.test.ts.
import { test, before, beforeEach, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, fakeApiKey } from '../helpers';
import { checkoutAsRepository, leakedRuns } from '../cli/helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-pre-commit-'));
const hookRepo = join(work, 'hook-repo');
const userRepo = join(work, 'project');
let rev = '';

/**
 * The environment a developer's shell gives pre-commit: no npm_* variables of an `npm run` around
 * this test, pre-commit's own cache in the test's directory, git's identity for the commits.
 */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  PRE_COMMIT_HOME: join(work, 'pre-commit-cache'),
  GIT_AUTHOR_NAME: 'Dev',
  GIT_AUTHOR_EMAIL: 'dev@example.invalid',
  GIT_COMMITTER_NAME: 'Dev',
  GIT_COMMITTER_EMAIL: 'dev@example.invalid',
  NO_COLOR: '1',
};

function run(cmd: string, args: string[], timeout = 120_000): { code: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd: userRepo, env, encoding: 'utf8', timeout });
  if (r.error) throw r.error;
  return { code: r.status, out: (r.stdout ?? '') + (r.stderr ?? '') };
}

const git = (...args: string[]): string => {
  const r = run('git', args);
  assert.equal(r.code, 0, `git ${args.join(' ')}: ${r.out}`);
  return r.out;
};
const head = (): string => git('rev-parse', 'HEAD').trim();

function write(path: string, text: string): void {
  mkdirSync(dirname(join(userRepo, path)), { recursive: true });
  writeFileSync(join(userRepo, path), text);
}

/** `git add` of these files and `git commit`, which runs the installed pre-commit hook. */
function commit(files: string[], message: string): { code: number | null; out: string; committed: boolean } {
  const before = head();
  git('add', '--', ...files);
  const r = run('git', ['commit', '-m', message], 240_000);
  return { ...r, committed: head() !== before };
}

/** The README's `.pre-commit-config.yaml` recipes (the YAML blocks of its pre-commit paragraphs). */
function readmeRecipes(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const from = readme.indexOf('**pre-commit.**');
  const to = readme.indexOf('**GitHub Actions.**');
  assert.ok(from > 0 && to > from, 'the README has its pre-commit paragraph before GitHub Actions');
  return [...readme.slice(from, to).matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** A recipe as a user adapts it: this checkout's commit for the README's repository and tag. */
function adapt(recipe: string): string {
  const url = 'repo: https://example.invalid/assistant-config-tools.git\n';
  const tag = 'rev: v0.1.0\n';
  assert.ok(recipe.includes(url) && recipe.includes(tag), recipe);
  return recipe.replace(url, `repo: ${hookRepo}\n`).replace(tag, `rev: ${rev}\n`);
}

/** pre-commit's line for a hook (`AssistantConfig lint....Passed`). */
const status = (out: string, name: string): string | undefined =>
  new RegExp(`^${name}\\.+(?:\\(no files to check\\))?(Passed|Failed|Skipped)$`, 'm').exec(out)?.[1];

before(() => {
  const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8', env });
  assert.equal(
    version.status,
    0,
    `pre-commit is not installed (${version.error?.message ?? version.stderr}): apt-get install pre-commit`,
  );
  console.log(`# ${version.stdout.trim()}, node ${process.version}`);
  rev = checkoutAsRepository(hookRepo);
  mkdirSync(userRepo);
  git('init', '-q');
  write('README.md', '# a project\n');
  git('add', 'README.md');
  git('commit', '-q', '-m', 'start');
});

// Each test starts from the last commit: what a stopped commit left staged is dropped.
beforeEach(() => {
  if (!rev) return;
  git('reset', '-q', '--hard', 'HEAD');
  git('clean', '-q', '-fd');
});

test('the README recipe installs with the real pre-commit: the hook repository is built and installed (npm pack + npm install -g)', () => {
  const [recipe] = readmeRecipes();
  assert.ok(recipe, 'the README shows a .pre-commit-config.yaml');
  write('.pre-commit-config.yaml', adapt(recipe));
  const install = run('pre-commit', ['install']);
  assert.equal(install.code, 0, install.out);
  const t0 = Date.now();
  const hooks = run('pre-commit', ['install-hooks'], 600_000);
  const seconds = (Date.now() - t0) / 1000;
  console.log(`# pre-commit install-hooks: ${seconds.toFixed(1)} s (wall clock)`);
  assert.equal(hooks.code, 0, `pre-commit could not install the hooks:\n${hooks.out}`);
  assert.match(hooks.out, /Installing environment for /);
  // Committing the config runs the hooks on no file of theirs.
  const r = commit(['.pre-commit-config.yaml'], 'pre-commit');
  assert.equal(r.code, 0, r.out);
  assert.ok(r.committed, r.out);
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Skipped', r.out);
  assert.equal(status(r.out, 'AssistantConfig format \\(check\\)'), 'Skipped', r.out);
});

test('a clean commit passes both hooks; files the hooks do not take are skipped', () => {
  // Written the way people write them: comments everywhere, a block scalar, an anchor shared by two
  // LLM blocks, and a JSON config beside.
  write(
    'configs/prod.assistant.yaml',
    [
      '# Production assistant',
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm: &main # shared below',
      '    provider: vendor_a',
      '    model: large-model',
      '    apiKey:',
      '      valueFromEnv: VENDOR_A_API_KEY # set in CI',
      '  aiPrimitivesLlm: *main',
      '  systemInstructions: |',
      '    You answer questions about sales data.',
      '    Always state the time range you used.',
      '',
    ].join('\n'),
  );
  write(
    'assistant-config.json',
    '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "hosted"\n    }\n  }\n}\n',
  );
  write('docs/notes.yaml', 'not: ours\n');
  const r = commit(['configs/prod.assistant.yaml', 'assistant-config.json', 'docs/notes.yaml'], 'configs');
  assert.equal(r.code, 0, r.out);
  assert.ok(r.committed, r.out);
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Passed', r.out);
  assert.equal(status(r.out, 'AssistantConfig format \\(check\\)'), 'Passed', r.out);

  const other = commit((write('docs/notes.yaml', 'still: not ours\n'), ['docs/notes.yaml']), 'notes');
  assert.equal(other.code, 0, other.out);
  assert.equal(status(other.out, 'AssistantConfig lint'), 'Skipped', other.out);
});

test('an error stops the commit: pre-commit shows the finding with its code frame', () => {
  write(
    'configs/prod.assistant.yaml',
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a # typo\n    model: large-model\n',
  );
  const r = commit(['configs/prod.assistant.yaml'], 'typo');
  assert.equal(r.code, 1, r.out);
  assert.ok(!r.committed, 'nothing was committed');
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Failed', r.out);
  assert.match(r.out, /^- hook id: assistant-config-lint\n- exit code: 1$/m);
  assert.match(r.out, /^configs\/prod\.assistant\.yaml:5:15 error unknown-discriminator Unknown provider 'vendr_a'/m);
  assert.match(r.out, /^> 5 \| {5}provider: vendr_a # typo\n {4}\| {15}\^{7}$/m);
  assert.match(r.out, /^1 file checked: 1 error, 0 warnings, 0 information\.$/m);
  // The file is formatted: that hook passes.
  assert.equal(status(r.out, 'AssistantConfig format \\(check\\)'), 'Passed', r.out);
});

test('a credential written in a file stops the commit, masked in what pre-commit shows; a suppression comment lets it through', () => {
  const key = fakeApiKey(1515);
  const text = (suppress: string): string =>
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: large-model\n    apiKey:\n${suppress}      value: ${key}\n`;
  write('configs/dev.assistant.yaml', text(''));
  const r = commit(['configs/dev.assistant.yaml'], 'key');
  assert.equal(r.code, 1, r.out);
  assert.ok(!r.committed);
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Failed', r.out);
  assert.match(r.out, /^configs\/dev\.assistant\.yaml:8:14 error literal-secret 'apiKey' holds a literal credential/m);
  assert.match(r.out, /^> 8 \| {7}value: \*{51}\n {4}\| {14}\^{51}$/m);
  assert.deepEqual(leakedRuns(r.out, [key.slice(3)], 6), [], 'no part of the key is shown');

  write(
    'configs/dev.assistant.yaml',
    text('      # assistant-config-disable-next-line literal-secret -- a throwaway key of the local mock\n'),
  );
  const ok = commit(['configs/dev.assistant.yaml'], 'key, kept on purpose');
  assert.equal(ok.code, 0, ok.out);
  assert.ok(ok.committed, ok.out);
  assert.equal(status(ok.out, 'AssistantConfig lint'), 'Passed', ok.out);
});

test('a file that is not formatted stops the commit at the format hook, which names it', () => {
  write(
    'assistant-config.json',
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"}}}\n',
  );
  const r = commit(['assistant-config.json'], 'minified');
  assert.equal(r.code, 1, r.out);
  assert.ok(!r.committed);
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Passed', r.out);
  assert.equal(status(r.out, 'AssistantConfig format \\(check\\)'), 'Failed', r.out);
  assert.match(r.out, /^- hook id: assistant-config-format\n- exit code: 1\n\nassistant-config\.json\n/m);
  assert.match(r.out, /1 file would be reformatted; run 'assistant-config format --write'\./);
});

test('warnings pass the commit; the project config excludes files from both hooks', () => {
  write(
    'configs/limits.assistant.yaml',
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  contextWindowLimit: 0\n',
  );
  const warned = commit(['configs/limits.assistant.yaml'], 'a warning');
  assert.equal(warned.code, 0, warned.out);
  assert.ok(warned.committed);
  assert.equal(status(warned.out, 'AssistantConfig lint'), 'Passed', warned.out);

  write('.assistant-config.yaml', 'exclude:\n  - legacy/**\n');
  write(
    'legacy/old.assistant.yaml',
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n      provider: vendr_a\n',
  );
  const excluded = commit(['.assistant-config.yaml', 'legacy/old.assistant.yaml'], 'legacy');
  assert.equal(excluded.code, 0, excluded.out);
  assert.ok(excluded.committed, excluded.out);
});

test('a commit of 42 files: one process and one summary; the error shown, not the 41 warnings around it (REVIEW9 K8)', () => {
  // Configs as a team keeps them: a comment, a block scalar; 41 have a zero limit (a warning), one a typo (an error).
  const files: string[] = [];
  for (let i = 0; i < 42; i++) {
    const path = `configs/team-${String(i).padStart(2, '0')}.assistant.yaml`;
    write(
      path,
      [
        `# Team ${i}`,
        'kind: AssistantConfig',
        'version: v2',
        'definition:',
        '  llm:',
        `    provider: ${i === 17 ? 'vendr_a # typo' : 'vendor_a'}`,
        '    apiKey:',
        '      valueFromEnv: VENDOR_A_API_KEY',
        '  systemInstructions: >-',
        `    Answer for team ${i}.`,
        `  contextWindowLimit: ${i === 17 ? 8000 : 0}`,
        '',
      ].join('\n'),
    );
    files.push(path);
  }
  const summaries = (out: string): string[] => out.match(/^\d+ files? checked: .*$/gm) ?? [];
  const r = commit(files, 'many');
  assert.equal(r.code, 1, r.out);
  assert.ok(!r.committed);
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Failed', r.out);
  assert.deepEqual(summaries(r.out), ['42 files checked: 1 error, 41 warnings, 0 information.'], r.out);
  assert.match(r.out, /^configs\/team-17\.assistant\.yaml:6:15 error unknown-discriminator/m);
  assert.doesNotMatch(r.out, / warning non-positive-limit /, 'the warnings are counted, not shown');
  assert.equal(status(r.out, 'AssistantConfig format \\(check\\)'), 'Passed', r.out);

  // What `require_serial: true` prevents: the same commit with the hook's require_serial set back to
  // false in the user's config. pre-commit (xargs.partition) then gives each process at most
  // max(4, ceil(files / CPUs)) files, CPUs as Python's multiprocessing.cpu_count() counts them.
  const cpuCount = cpus().length;
  const processes = Math.ceil(42 / Math.max(4, Math.ceil(42 / cpuCount)));
  console.log(`# ${cpuCount} CPUs: pre-commit would run the lint hook in ${processes} processes`);
  const [recipe] = readmeRecipes();
  const hook = '      - id: assistant-config-lint\n';
  assert.ok(recipe && recipe.includes(hook), recipe);
  write('.pre-commit-config.yaml', adapt(recipe).replace(hook, `${hook}        require_serial: false\n`));
  const split = commit([...files, '.pre-commit-config.yaml'], 'many, split');
  assert.equal(split.code, 1, split.out);
  const parts = summaries(split.out);
  assert.equal(parts.length, processes, split.out);
  const counted = parts.map((l) => Number(/^(\d+)/.exec(l)![1]));
  assert.equal(
    counted.reduce((a, b) => a + b, 0),
    42,
    split.out,
  );
});

test('a commit whose file list is longer than pre-commit’s command line: the run cut at the limit says so in its summary (REVIEW11 C3)', () => {
  // Back to the README's recipe (require_serial: true): one process at a time, but pre-commit still
  // cuts a list of names over 128 KiB. 1150 configs in a deep layout (a non-ASCII directory name
  // among them), one with an error.
  const [recipe] = readmeRecipes();
  write('.pre-commit-config.yaml', adapt(recipe!));
  const files: string[] = [];
  for (let i = 0; i < 1150; i++) {
    const team = `services/platform-${i % 7}/assistants/région ${i % 3}/deployments/production-eu-west`;
    const path = `${team}/assistant-${String(i).padStart(4, '0')}-customer-facing-support.assistant.yaml`;
    write(
      path,
      `# team ${i}\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${i === 1100 ? 'vendr_a' : 'hosted'}\n`,
    );
    files.push(path);
  }
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f) + 1, 0);
  assert.ok(bytes > 2 ** 17, `${bytes} bytes of names`);
  const r = commit([...files, '.pre-commit-config.yaml'], 'a long list');
  assert.equal(r.code, 1, r.out.slice(-2000));
  assert.ok(!r.committed);
  const summaries = r.out.match(/^\d+ files? checked.*$/gm) ?? [];
  assert.equal(summaries.length, 2, summaries.join('\n'));
  const [first, last] = summaries as [string, string];
  // (pre-commit passes the files in git's order, by path: the part the error is in depends on it.)
  assert.match(
    first,
    /^\d+ files checked \(pre-commit gave this run as many files as fit its 128 KiB command line: any others get a run and a summary of their own\): [01] errors?, 0 warnings, 0 information\.$/,
  );
  assert.match(last, /^\d+ files checked: [01] errors?, 0 warnings, 0 information\.$/);
  const errors = summaries.map((l) => Number(/: (\d+) errors?,/.exec(l)![1]));
  assert.equal(errors[0]! + errors[1]!, 1);
  const counted = summaries.map((l) => Number(/^(\d+)/.exec(l)![1]));
  assert.equal(counted[0]! + counted[1]!, 1150);
});

test("the README's widened files: recipe checks a config found by its content", () => {
  const recipe = readmeRecipes()[1];
  assert.ok(recipe && recipe.includes('^deploy/prod\\.yaml'), 'the README shows the widened files: recipe');
  write('.pre-commit-config.yaml', adapt(recipe));
  write('deploy/prod.yaml', 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_b\n');
  const r = commit(['.pre-commit-config.yaml', 'deploy/prod.yaml'], 'deploy');
  assert.equal(r.code, 1, r.out);
  assert.ok(!r.committed);
  assert.equal(status(r.out, 'AssistantConfig lint'), 'Failed', r.out);
  assert.match(r.out, /^deploy\/prod\.yaml:5:15 error unknown-discriminator/m);
});

after(() => rmSync(work, { recursive: true, force: true }));
