// The project config file (.assistant-config.yaml) as real processes: severities by code, the
// fallback depth bound, include/exclude, found by walking up, --config/--no-config, directory walks
// that skip node_modules/.git/.gitignore'd paths; its schema in sync with the code registry; and the
// editor (the bundled language server) agreeing with the CLI on the same fixture, also after the
// config changes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { CODES } from '../../server/src/service';
import { parseProjectConfig, projectConfigSchema } from '../../server/src/service/projectConfig';
import { ROOT, UPDATE } from '../helpers';
import { TestClient } from '../protocol/lspClient';
import { runCli } from './helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
// unknown-property (error by default), env-not-set (information), non-positive-limit (warning),
// fallback-too-deep only with a bound of 1.
const FILE = `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: NOT_SET_ANYWHERE }\n    modle: x\n    fallback:\n      provider: hosted\n      fallback:\n        provider: hosted\n  contextWindowLimit: 0\n`;
const CONFIG =
  'rules:\n  unknown-property: warning\n  env-not-set: off\n  non-positive-limit: error\nmaxFallbackDepth: 1\nexclude:\n  - legacy/**\n';

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-cfg-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

interface JsonOut {
  files: {
    path: string;
    diagnostics: {
      code: string;
      severity: string;
      message: string;
      range: { start: { line: number; column: number } };
    }[];
  }[];
}
const codesOf = (out: JsonOut, i = 0): string[] =>
  (out.files[i]?.diagnostics ?? []).map((d) => `${d.code}:${d.severity}`).sort();

test('without a config: the defaults', () => {
  const dir = tree({ 'a.assistant.yaml': FILE });
  const out = JSON.parse(runCli(['lint', '--format', 'json', 'a.assistant.yaml'], { cwd: dir }).stdout) as JsonOut;
  assert.deepEqual(codesOf(out), ['env-not-set:information', 'non-positive-limit:warning', 'unknown-property:error']);
});

test('rule severities by code (off, info, warning, error) and maxFallbackDepth, found by walking up', () => {
  const dir = tree({ '.assistant-config.yaml': CONFIG, 'deep/er/a.assistant.yaml': FILE });
  const r = runCli(['lint', '--format', 'json', 'deep/er/a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(codesOf(JSON.parse(r.stdout) as JsonOut), [
    'fallback-too-deep:warning',
    'non-positive-limit:error',
    'unknown-property:warning',
  ]);
  // The message names the file that set the bound, not an editor setting (REVIEW3 F7).
  const deep = (JSON.parse(r.stdout) as JsonOut).files[0]!.diagnostics.find((d) => d.code === 'fallback-too-deep');
  assert.match(deep?.message ?? '', /bound of 1 \(maxFallbackDepth in \.assistant-config\.yaml\)\.$/);
  const fromSub = runCli(['lint', '--format', 'json', 'a.assistant.yaml'], { cwd: join(dir, 'deep/er') });
  assert.match(fromSub.stdout, /bound of 1 \(maxFallbackDepth in \.\.\/\.\.\/\.assistant-config\.yaml\)/);
  const none = runCli(['lint', '--no-config', '--format', 'json', 'deep/er/a.assistant.yaml'], { cwd: dir });
  assert.doesNotMatch(none.stdout, /setting assistantConfig/);
  // From another working directory, the file's own config still applies.
  const elsewhere = runCli(['lint', '--format', 'json', join(dir, 'deep/er/a.assistant.yaml')], { cwd: tmpdir() });
  assert.deepEqual(codesOf(JSON.parse(elsewhere.stdout) as JsonOut), [
    'fallback-too-deep:warning',
    'non-positive-limit:error',
    'unknown-property:warning',
  ]);
});

test('the nearest config wins; info is information; a code turned off stops failing the run', () => {
  const dir = tree({
    '.assistant-config.yaml': CONFIG,
    'sub/.assistant-config.yaml': 'rules:\n  unknown-property: info\n  non-positive-limit: off\n',
    'sub/a.assistant.yaml': FILE,
  });
  const r = runCli(['lint', '--format', 'json', 'sub/a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(codesOf(JSON.parse(r.stdout) as JsonOut), [
    'env-not-set:information',
    'unknown-property:information',
  ]);
});

test('--config FILE and --no-config', () => {
  const dir = tree({
    '.assistant-config.yaml': CONFIG,
    'other.yaml': 'rules:\n  unknown-property: off\n',
    'a.assistant.yaml': FILE,
  });
  const withOther = JSON.parse(
    runCli(['lint', '--format', 'json', '--config', 'other.yaml', 'a.assistant.yaml'], { cwd: dir }).stdout,
  ) as JsonOut;
  assert.deepEqual(codesOf(withOther), ['env-not-set:information', 'non-positive-limit:warning']);
  const none = JSON.parse(
    runCli(['lint', '--format', 'json', '--no-config', 'a.assistant.yaml'], { cwd: dir }).stdout,
  ) as JsonOut;
  assert.deepEqual(codesOf(none), ['env-not-set:information', 'non-positive-limit:warning', 'unknown-property:error']);
  const missing = runCli(['lint', '--config', 'nope.yaml', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read the config file 'nope\.yaml'/);
});

test('standard input takes the project config: of the working directory, of --config, of --stdin-filepath', () => {
  const dir = tree({
    '.assistant-config.yaml': CONFIG,
    'other.yaml': 'rules:\n  unknown-property: off\n',
    'sub/.assistant-config.yaml': 'rules:\n  unknown-property: info\n  non-positive-limit: off\n',
  });
  const json = (args: string[], cwd = dir): { code: number | null; codes: string[]; path: string | undefined } => {
    const r = runCli(['lint', '--format', 'json', ...args], { cwd, input: FILE });
    const out = JSON.parse(r.stdout) as JsonOut;
    return { code: r.code, codes: codesOf(out), path: out.files[0]?.path };
  };
  // The working directory's config (found by walking up from it).
  const here = json(['-'], join(dir, 'sub'));
  assert.deepEqual(here.codes, ['env-not-set:information', 'unknown-property:information']);
  assert.equal(here.code, 0);
  const root = json(['-']);
  assert.deepEqual(root.codes, ['fallback-too-deep:warning', 'non-positive-limit:error', 'unknown-property:warning']);
  assert.equal(root.code, 1, 'non-positive-limit is an error here: the run fails');
  // --config.
  assert.deepEqual(json(['--config', 'other.yaml', '-']).codes, [
    'env-not-set:information',
    'non-positive-limit:warning',
  ]);
  // --stdin-filepath: that file's config, exclusion and name.
  const as = json(['--stdin-filepath', 'sub/new.assistant.yaml']);
  assert.deepEqual(as.codes, ['env-not-set:information', 'unknown-property:information']);
  assert.equal(as.path, 'sub/new.assistant.yaml');
  const excluded = runCli(['lint', '--stdin-filepath', 'legacy/old.assistant.yaml'], { cwd: dir, input: FILE });
  assert.equal(excluded.code, 0);
  assert.match(excluded.stderr, /'legacy\/old\.assistant\.yaml' is ignored by the exclude patterns/);
  assert.equal(runCli(['lint', '--fix', '--stdin-filepath', 'a.assistant.yaml'], { cwd: dir, input: FILE }).code, 2);
});

test("exclude and include; directory walks skip node_modules, .git and .gitignore'd paths", () => {
  const bad = `${H}definition:\n  llm: { provider: nope }\n`;
  const dir = tree({
    '.assistant-config.yaml': 'exclude:\n  - legacy/**\n  - "*.draft.assistant.yaml"\n',
    '.gitignore': '# generated\ngenerated/\n*.local.assistant.yaml\n!keep.local.assistant.yaml\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    'ok.assistant.yaml': bad,
    'legacy/old.assistant.yaml': bad,
    'x/y.draft.assistant.yaml': bad,
    'generated/g.assistant.yaml': bad,
    'a.local.assistant.yaml': bad,
    'keep.local.assistant.yaml': bad,
    'node_modules/pkg/n.assistant.yaml': bad,
    '.git/c.assistant.yaml': bad,
  });
  const r = runCli(['lint', '--format', 'json', '.'], { cwd: dir });
  assert.deepEqual((JSON.parse(r.stdout) as JsonOut).files.map((f) => f.path).sort(), [
    'keep.local.assistant.yaml',
    'ok.assistant.yaml',
  ]);
  // An excluded file named on the command line (as pre-commit does) is skipped too.
  const named = runCli(['lint', '--format', 'json', 'legacy/old.assistant.yaml', 'ok.assistant.yaml'], { cwd: dir });
  assert.deepEqual(
    (JSON.parse(named.stdout) as JsonOut).files.map((f) => f.path),
    ['ok.assistant.yaml'],
  );
  // A .gitignore above the walked directory (inside the repository) applies too.
  const sub = runCli(['lint', '--format', 'json', 'generated/..', '.'], { cwd: join(dir, 'x') });
  assert.ok(!(JSON.parse(sub.stdout) as JsonOut).files.some((f) => f.path.includes('g.assistant.yaml')));
  // The repository's own .git/info/exclude is read as git reads it: below the .gitignore files (a
  // .gitignore's `!keep…` takes its file back), at the top of the repository and from a subdirectory.
  const local = tree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/info/exclude': '# mine\nscratch/\n*.mine.assistant.yaml\nkeep.mine.assistant.yaml\n',
    '.gitignore': '!keep.mine.assistant.yaml\n',
    'ok.assistant.yaml': bad,
    'scratch/s.assistant.yaml': bad,
    'a.mine.assistant.yaml': bad,
    'keep.mine.assistant.yaml': bad,
    'sub/b.mine.assistant.yaml': bad,
    'sub/c.assistant.yaml': bad,
  });
  const rl = runCli(['lint', '--format', 'json', '.'], { cwd: local });
  assert.deepEqual((JSON.parse(rl.stdout) as JsonOut).files.map((f) => f.path).sort(), [
    'keep.mine.assistant.yaml',
    'ok.assistant.yaml',
    'sub/c.assistant.yaml',
  ]);
  const rs = runCli(['lint', '--format', 'json', '.'], { cwd: join(local, 'sub') });
  assert.deepEqual(
    (JSON.parse(rs.stdout) as JsonOut).files.map((f) => f.path),
    ['c.assistant.yaml'],
  );
  // include: exactly the matching files, whatever their name or content.
  const inc = tree({
    '.assistant-config.yaml': 'include:\n  - "configs/*.yml"\n',
    'configs/prod.yml': bad,
    'configs/notes.txt': 'x',
    'a.assistant.yaml': bad,
  });
  const ri = runCli(['lint', '--format', 'json', '.'], { cwd: inc });
  assert.deepEqual(
    (JSON.parse(ri.stdout) as JsonOut).files.map((f) => f.path),
    ['configs/prod.yml'],
  );
});

test('a config with mistakes: each is reported with its line, what could be read still applies', () => {
  const dir = tree({
    '.assistant-config.yaml':
      'rules:\n  unknown-property: warning\n  no-such-code: off\n  env-not-set: loud\nmaxFallbackDepth: -1\ncolour: yes\n',
    'a.assistant.yaml': FILE,
  });
  const r = runCli(['lint', '--format', 'json', 'a.assistant.yaml'], { cwd: dir });
  assert.match(r.stderr, /\.assistant-config\.yaml: line 3: unknown diagnostic code 'no-such-code'/);
  assert.match(r.stderr, /line 4: 'env-not-set' must be off, info, warning or error/);
  assert.match(r.stderr, /line 5: 'maxFallbackDepth' must be a whole number/);
  assert.match(r.stderr, /line 6: unknown setting 'colour'/);
  assert.deepEqual(codesOf(JSON.parse(r.stdout) as JsonOut), [
    'env-not-set:information',
    'non-positive-limit:warning',
    'unknown-property:warning',
  ]);
});

test('schemas/assistant-config-project.schema.json is generated from the code registry (UPDATE_GOLDEN=1 rewrites it) and validates configs', () => {
  const path = join(ROOT, 'schemas/assistant-config-project.schema.json');
  const want = JSON.stringify(projectConfigSchema(), null, 2) + '\n';
  if (UPDATE) writeFileSync(path, want);
  assert.equal(readFileSync(path, 'utf8'), want);
  const schema = JSON.parse(want) as { properties: { rules: { properties: Record<string, unknown> } } };
  assert.deepEqual(Object.keys(schema.properties.rules.properties), Object.keys(CODES));
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.ok(
    validate({
      rules: { 'unknown-property': 'warning', 'env-not-set': 'off' },
      maxFallbackDepth: 4,
      include: ['a/**'],
      exclude: ['b/**'],
    }),
  );
  assert.ok(!validate({ rules: { 'no-such-code': 'off' } }));
  assert.ok(!validate({ rules: { 'env-not-set': 'loud' } }));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { yamlValidation?: { fileMatch: string | string[]; url: string }[] };
  };
  assert.ok(
    pkg.contributes.yamlValidation?.some(
      (v) =>
        [v.fileMatch].flat().includes('.assistant-config.yaml') &&
        v.url === './schemas/assistant-config-project.schema.json',
    ),
    'registered for YAML editors',
  );
});

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

test('the editor and the CLI agree on the same fixture, and the editor follows a config change', async () => {
  const dir = tree({ '.assistant-config.yaml': CONFIG, 'sub/a.assistant.yaml': FILE, 'legacy/b.assistant.yaml': FILE });
  const cli = JSON.parse(runCli(['lint', '--format', 'json', 'sub/a.assistant.yaml'], { cwd: dir }).stdout) as JsonOut;
  const c = new TestClient(undefined, { env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(join(dir, 'sub/a.assistant.yaml')).href;
  await c.open(uri, FILE);
  const sev = ['', 'error', 'warning', 'information', 'hint'];
  const editor = (await c.waitForDiagnostics(uri)).diagnostics
    .map((d) => `${String(d.code)}:${sev[d.severity ?? 0]}@${d.range.start.line + 1}:${d.range.start.character + 1}`)
    .sort();
  const fromCli = cli.files[0]!.diagnostics.map(
    (d) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.column}`,
  ).sort();
  assert.deepEqual(editor, fromCli);
  assert.deepEqual(
    editor.map((e) => e.split('@')[0]),
    ['fallback-too-deep:warning', 'non-positive-limit:error', 'unknown-property:warning'],
  );
  // The editor names the project config that set the bound, not its own setting (REVIEW3 F7).
  const deep = c.diagnostics
    .get(uri)
    ?.at(-1)
    ?.diagnostics.find((d) => d.code === 'fallback-too-deep');
  assert.ok(deep?.message.includes(`(maxFallbackDepth in ${join(dir, '.assistant-config.yaml')})`), deep?.message);
  // Excluded: no diagnostics in the editor either.
  const legacy = pathToFileURL(join(dir, 'legacy/b.assistant.yaml')).href;
  await c.open(legacy, FILE);
  assert.deepEqual((await c.waitForDiagnostics(legacy)).diagnostics, []);
  // The config changes on disk: the watched-file notification re-checks open files under the new one.
  writeFileSync(join(dir, '.assistant-config.yaml'), 'rules:\n  unknown-property: off\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(dir, '.assistant-config.yaml')).href, type: 2 }],
  });
  const next = await c.waitForDiagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'unknown-property'));
  assert.deepEqual(next.diagnostics.map((d) => `${String(d.code)}:${sev[d.severity ?? 0]}`).sort(), [
    'env-not-set:information',
    'non-positive-limit:warning',
  ]);
  await c.shutdown();
});

test('a project config with mistakes: the editor applies its valid entries and tells the user once, as the CLI refuses it (REVIEW2 E9)', async () => {
  const bad = 'rules:\n  unknown-property: off\n  literal-secret: errror\n  no-such-rule: off\n';
  const dir = tree({ '.assistant-config.yaml': bad, 'sub/a.assistant.yaml': FILE, 'sub/b.assistant.yaml': FILE });
  const cli = runCli(['lint', 'sub/a.assistant.yaml'], { cwd: dir });
  assert.equal(cli.code, 2);
  assert.match(
    cli.stderr,
    /'literal-secret' must be off, info, warning or error \(got 'errror'; did you mean 'error'\?\)/,
  );
  const c = new TestClient(undefined, { env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  const shown: { type: number; message: string }[] = [];
  c.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => shown.push(p));
  await c.initialize();
  for (const f of ['sub/a.assistant.yaml', 'sub/b.assistant.yaml']) {
    const uri = pathToFileURL(join(dir, f)).href;
    await c.open(uri, FILE);
    const d = (await c.waitForDiagnostics(uri)).diagnostics;
    assert.ok(!d.some((x) => x.code === 'unknown-property'), 'the valid entry is applied');
  }
  // Told once (two documents under the same config), as a warning naming the file and the mistake.
  const told = shown.filter((m) => m.message.includes('.assistant-config.yaml'));
  assert.equal(told.length, 1, JSON.stringify(shown));
  assert.equal(told[0]!.type, 2);
  assert.match(
    told[0]!.message,
    /line 3: 'literal-secret' must be off, info, warning or error \(got 'errror'; did you mean 'error'\?\) \(and 1 more/,
  );
  await c.shutdown();
});

test('a project config cannot turn off or lower syntax-error and resource-limit (REVIEW3 F13): the file is refused, as --suppress refuses them, and a broken file stays an error in the CLI and the editor', async () => {
  const config =
    'rules:\n  syntax-error: off\n  resource-limit: warning\n  unused-suppression: off\n  unknown-property: off\n';
  const broken =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  systemInstructions: "say \\q hi"\n  featureFlags: {a: 1}}\n';
  const dir = tree({ '.assistant-config.yaml': config, 'a.assistant.yaml': broken });
  const cli = runCli(['lint', '--format', 'json', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(cli.code, 2, cli.stderr);
  assert.match(cli.stderr, /line 2: 'syntax-error' cannot be turned off or lowered .*it may be error\b/);
  assert.match(cli.stderr, /line 3: 'resource-limit' cannot be turned off or lowered/);
  assert.match(
    cli.stderr,
    /line 4: 'unused-suppression' cannot be turned off or lowered .*it may be info, warning or error/,
  );
  const codes = codesOf(JSON.parse(cli.stdout) as JsonOut);
  assert.ok(codes.includes('syntax-error:error'), codes.join(' '));
  // What could be read still applies: raising it, or another code's level.
  const raised = tree({
    '.assistant-config.yaml': 'rules:\n  unused-suppression: warning\n',
    'a.assistant.yaml': broken,
  });
  const ok = runCli(['lint', 'a.assistant.yaml'], { cwd: raised });
  assert.doesNotMatch(ok.stderr, /cannot be turned off/);
  // The schema (completion and validation of the config in an editor) says the same.
  const validate = new Ajv({ strict: false }).compile(projectConfigSchema());
  assert.ok(!validate({ rules: { 'syntax-error': 'off' } }));
  assert.ok(!validate({ rules: { 'resource-limit': 'info' } }));
  assert.ok(validate({ rules: { 'syntax-error': 'error', 'unused-suppression': 'warning' } }));
  // The editor: the same refusal, told once, and the syntax errors shown.
  const c = new TestClient(undefined, { env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  const shown: { type: number; message: string }[] = [];
  c.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => shown.push(p));
  await c.initialize();
  const uri = pathToFileURL(join(dir, 'a.assistant.yaml')).href;
  await c.open(uri, broken);
  const d = (await c.waitForDiagnostics(uri)).diagnostics;
  assert.ok(
    d.some((x) => x.code === 'syntax-error' && x.severity === 1),
    JSON.stringify(d),
  );
  assert.ok(
    shown.some((m) => /'syntax-error' cannot be turned off or lowered/.test(m.message)),
    JSON.stringify(shown),
  );
  await c.shutdown();
});

test('patterns read as .gitignore reads them: `!pattern` takes a file back out, a leading `./` is the config directory (REVIEW3 F18)', () => {
  const dir = tree({
    '.assistant-config.yaml': 'exclude:\n  - "./legacy/**"\n  - "!legacy/keep.assistant.yaml"\n',
    'legacy/keep.assistant.yaml': FILE,
    'legacy/old.assistant.yaml': FILE,
    'top.assistant.yaml': FILE,
  });
  const r = runCli(['lint', '--format', 'json', '.'], { cwd: dir });
  assert.deepEqual(
    (JSON.parse(r.stdout) as JsonOut).files.map((f) => f.path).sort(),
    ['legacy/keep.assistant.yaml', 'top.assistant.yaml'],
    r.stderr,
  );
  const inc = tree({
    '.assistant-config.yaml': 'include:\n  - "./deploy/**/*.yml"\n  - "!deploy/old/**"\n',
    'deploy/prod.yml': FILE,
    'deploy/old/prev.yml': FILE,
    'a.assistant.yaml': FILE,
  });
  const ri = runCli(['lint', '--format', 'json', '.'], { cwd: inc });
  assert.deepEqual(
    (JSON.parse(ri.stdout) as JsonOut).files.map((f) => f.path),
    ['deploy/prod.yml'],
    ri.stderr,
  );
});

test('--config FILE: its include and exclude patterns are relative to the working directory, as ESLint reads -c (REVIEW3 F10)', () => {
  const dir = tree({
    'shared/ac.yaml': 'include: ["deploy/**/*.yml", "with space/*.yaml"]\nexclude: ["**/x/**"]\n',
    'proj/deploy/prod.yml': FILE,
    'proj/deploy/x/skip.yml': FILE,
    'proj/with space/a.yaml': FILE,
    'proj/other.assistant.yaml': FILE,
  });
  const proj = join(dir, 'proj');
  const r = runCli(['lint', '--format', 'json', '--config', '../shared/ac.yaml', '.'], { cwd: proj });
  assert.deepEqual(
    (JSON.parse(r.stdout) as JsonOut).files.map((f) => f.path).sort(),
    ['deploy/prod.yml', 'with space/a.yaml'],
    r.stderr,
  );
  assert.equal(r.code, 1, r.stderr);
  // The same file found by walking up keeps patterns relative to its own directory.
  writeFileSync(join(proj, '.assistant-config.yaml'), readFileSync(join(dir, 'shared/ac.yaml')));
  const walked = runCli(['lint', '--format', 'json', 'deploy'], { cwd: proj });
  assert.deepEqual(
    (JSON.parse(walked.stdout) as JsonOut).files.map((f) => f.path),
    ['deploy/prod.yml'],
    walked.stderr,
  );
});

test('a directory in which no AssistantConfig file is found fails the run (exit 2, as ESLint), naming where include patterns are read from; --no-error-on-unmatched-pattern allows it (REVIEW3 F10)', () => {
  const dir = tree({
    '.assistant-config.yaml': 'include: ["deploy/**/*.yml"]\n',
    'proj/notes.txt': 'x',
    'proj/a.assistant.yaml': FILE,
  });
  const proj = join(dir, 'proj');
  const r = runCli(['lint', '.'], { cwd: proj });
  assert.equal(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    /error: no AssistantConfig files found in '\.' \(the include patterns of \.\.\/\.assistant-config\.yaml are relative to \.\.\)/,
  );
  const allowed = runCli(['lint', '--no-error-on-unmatched-pattern', '.'], { cwd: proj });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(allowed.stderr, /warning: no AssistantConfig files found in '\.'/);
  // Without include: the plain message, still exit 2.
  const empty = tree({ 'notes/readme.txt': 'x' });
  const e = runCli(['lint', 'notes'], { cwd: empty });
  assert.equal(e.code, 2);
  assert.match(e.stderr, /^assistant-config: error: no AssistantConfig files found in 'notes'\n/m);
  assert.doesNotMatch(e.stderr, /include patterns/);
});

test('format: the same rule for a directory with nothing to format, and --config patterns relative to the working directory (REVIEW3 F10)', () => {
  const dir = tree({
    'shared/ac.yaml': 'include: ["deploy/*.yml"]\n',
    'proj/deploy/prod.yml': `${H}definition:\n    llm:   { provider: hosted }\n`,
    'proj/empty/notes.txt': 'x',
  });
  const proj = join(dir, 'proj');
  const check = runCli(['format', '--check', '--config', '../shared/ac.yaml', '.'], { cwd: proj });
  assert.equal(check.code, 1, check.stderr);
  assert.equal(check.stdout, 'deploy/prod.yml\n');
  const empty = runCli(['format', '--check', 'empty'], { cwd: proj });
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /error: no AssistantConfig files found in 'empty'/);
  assert.equal(runCli(['format', '--check', '--no-error-on-unmatched-pattern', 'empty'], { cwd: proj }).code, 0);
});

test('a credential pasted into the project config is masked in its mistakes: CLI stderr and what the editor shows (REVIEW4 G5)', () => {
  const key = 'sk-proj-' + 'Mz3Kq8Vw2Nb7Rt4Yx9Lp1Hc6';
  const random = 'Xk29fLq8' + 'Wm3Zp7Rt5Vb1Nc4Hs6Jd';
  const dir = tree({
    '.assistant-config.yaml': `rules:\n  ${key}: off\n  env-not-set: ${random}\n${random}: 1\n`,
    'a.assistant.yaml': FILE,
  });
  const r = runCli(['lint', '--format', 'json', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stderr.split('\n').filter((l) => /line \d+:/.test(l)).length, 3, r.stderr);
  for (const secret of [key, random])
    for (let i = 0; i + 6 <= secret.length; i++)
      assert.ok(!r.stderr.includes(secret.slice(i, i + 6)), `a piece of a credential on stderr: ${r.stderr}`);
  const problems = parseProjectConfig(
    '/p/.assistant-config.yaml',
    readFileSync(join(dir, '.assistant-config.yaml'), 'utf8'),
  ).problems;
  assert.equal(problems.length, 3);
  assert.ok(!problems.join('\n').includes(random.slice(0, 8)) && !problems.join('\n').includes(key.slice(8, 16)));
});

test('maxFallbackDepth counts the levels below the top LLM, as the inlay hints number them: 1 allows one fallback (REVIEW4 G27)', () => {
  const chain = (n: number): string => {
    let s = `${H}definition:\n  llm:\n    provider: hosted\n`;
    for (let i = 1; i <= n; i++) s += `${'  '.repeat(i + 1)}fallback:\n${'  '.repeat(i + 2)}provider: hosted\n`;
    return s;
  };
  const dir = tree({
    '.assistant-config.yaml': 'maxFallbackDepth: 1\n',
    'one.assistant.yaml': chain(1),
    'two.assistant.yaml': chain(2),
    'sixteen/.assistant-config.yaml': 'rules: {}\n',
    'sixteen/a.assistant.yaml': chain(16),
    'sixteen/b.assistant.yaml': chain(17),
  });
  const r = runCli(['lint', '--no-env-check', '--format', 'json', '.'], { cwd: dir });
  const byPath = new Map(
    (JSON.parse(r.stdout) as JsonOut).files.map((f) => [f.path, f.diagnostics.map((d) => d.code)]),
  );
  assert.deepEqual(byPath.get('one.assistant.yaml'), []);
  assert.deepEqual(byPath.get('two.assistant.yaml'), ['fallback-too-deep']);
  assert.deepEqual(byPath.get('sixteen/a.assistant.yaml'), [], 'the default bound, 16 fallbacks');
  assert.deepEqual(byPath.get('sixteen/b.assistant.yaml'), ['fallback-too-deep']);
});

test('a linked git worktree: the walk reads the exclude file of the common git directory, as git does (REVIEW6 I8)', () => {
  const top = mkdtempSync(join(tmpdir(), 'ac-wt-'));
  const repo = join(top, 'repo');
  const bad = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hostd\n';
  mkdirSync(repo);
  const git = (args: string[], cwd = repo): string =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@e',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@e',
      },
    });
  git(['init', '-q', '.']);
  writeFileSync(join(repo, 'a.assistant.yaml'), bad);
  git(['add', '.']);
  git(['commit', '-qm', 'a']);
  const wt = join(top, 'wt');
  git(['worktree', 'add', '-q', wt]);
  writeFileSync(join(repo, '.git', 'info', 'exclude'), 'vendor/\n');
  mkdirSync(join(wt, 'vendor'));
  writeFileSync(join(wt, 'vendor', 'v.assistant.yaml'), bad);
  // git's own answer, for the record of what the walk must agree with.
  assert.match(git(['check-ignore', 'vendor/v.assistant.yaml'], wt), /vendor\/v\.assistant\.yaml/);
  const r = runCli(['lint', '--format', 'json', '.'], { cwd: wt });
  assert.deepEqual(
    (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path),
    ['a.assistant.yaml'],
  );
});
