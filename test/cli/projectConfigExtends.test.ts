// `extends` in the project config (REVIEW15 U11): a package's `.assistant-config.yaml` laid over the
// root's (or any other config's) instead of replacing it. The same fixture (a git monorepo shaped as
// a platform team has it) is run through the CLI as a process and through the bundled language
// server; the loader's merge, paths and mistakes are also checked directly.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import Ajv from 'ajv';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { DidChangeWatchedFilesRegistrationOptions } from 'vscode-languageserver-protocol';
import { isExcluded, joinPath, loadProjectConfig, ProjectConfigResolver } from '../../server/src/service/projectConfig';
import { mulberry32, ROOT } from '../helpers';
import { TestClient } from '../protocol/lspClient';
import { runCli } from './helpers';

const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

// A fake credential, made at run time from a fixed seed (never a literal in the repository).
const rand = mulberry32(0x0e11);
const KEY =
  'sk-' +
  Array.from(
    { length: 40 },
    () => 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(rand() * 56)],
  ).join('');

// literal-secret (warning by default), near-miss-key (a flag one letter from enable_visualizations: warning),
// non-positive-limit (warning); comments
// and CRLF, as teams write them.
const FILE = [
  'kind: AssistantConfig # billing',
  'version: v2',
  'definition:',
  '  llm:',
  '    provider: vendor_a',
  `    apiKey: { value: ${KEY} }  # rotated monthly`,
  '  featureFlags:',
  '    enable_visualization: true',
  '  contextWindowLimit: 0',
  '',
].join('\r\n');

const ROOT_CONFIG = [
  '# owned by the platform team',
  'rules:',
  '  literal-secret: error',
  '  non-positive-limit: error',
  'exclude:',
  '  - packages/*/drafts/**   # relative to this file',
  '',
].join('\n');

function monorepo(extra: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-extends-')));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  const files: Record<string, string> = {
    '.assistant-config.yaml': ROOT_CONFIG,
    // Extends the root: keeps its rules, turns one more off.
    'packages/billing/.assistant-config.yaml': 'extends: ../../.assistant-config.yaml\nrules:\n  near-miss-key: off\n',
    'packages/billing/a.assistant.yaml': FILE,
    'packages/billing/drafts/d.assistant.yaml': FILE,
    // Replaces the root (no extends): what it said before, unchanged.
    'packages/search/.assistant-config.yaml': 'rules:\n  near-miss-key: off\n',
    'packages/search/a.assistant.yaml': FILE,
    // A list: the root, then a shared file under another name (later wins), then its own keys.
    'shared/strict.yaml': 'rules:\n  literal-secret: warning\n  near-miss-key: error\nmaxFallbackDepth: 3\n',
    'packages/team/.assistant-config.yaml':
      'extends:\n  - ../../.assistant-config.yaml\n  - ../../shared/strict.yaml\nrules:\n  non-positive-limit: info\nexclude: ["old/**"]\n',
    'packages/team/a.assistant.yaml': FILE,
    'packages/team/drafts/d.assistant.yaml': FILE,
    'packages/team/old/o.assistant.yaml': FILE,
    ...extra,
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

interface JsonOut {
  files: { path: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}
const levels = (out: JsonOut): Record<string, string[]> =>
  Object.fromEntries(out.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.code}:${d.severity}`).sort()]));

const WANT = {
  // The root's two rules kept, near-miss-key off: what the platform team asked for.
  'packages/billing/a.assistant.yaml': ['literal-secret:error', 'non-positive-limit:error'],
  // No extends: the root's rules are not there (as before; README says so).
  'packages/search/a.assistant.yaml': ['literal-secret:warning', 'non-positive-limit:warning'],
  // strict.yaml over the root (literal-secret back to warning), the package's own key over both.
  'packages/team/a.assistant.yaml': ['literal-secret:warning', 'near-miss-key:error', 'non-positive-limit:information'],
  // The team's own `exclude` replaced the root's: its drafts are checked again, `old/` is not.
  'packages/team/drafts/d.assistant.yaml': [
    'literal-secret:warning',
    'near-miss-key:error',
    'non-positive-limit:information',
  ],
};

test('lint: a package config that extends the root keeps its rules; merged code by code; a list in order; exclude from the file that wrote it', () => {
  const root = monorepo();
  const r = runCli(['lint', '--format', 'json', '--no-env-check', 'packages'], { cwd: root });
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, '');
  assert.deepEqual(levels(JSON.parse(r.stdout) as JsonOut), WANT);
  // Named on the command line, the billing draft is excluded by the root's pattern, and the note
  // names the root's file (which wrote it), not the package's.
  const named = runCli(['lint', '--no-env-check', 'packages/billing/drafts/d.assistant.yaml'], { cwd: root });
  assert.equal(named.code, 0, named.stderr);
  assert.match(named.stderr, /is ignored by the exclude patterns of \.assistant-config\.yaml;/);
  // From inside the package, the same: paths are the files' own, not the working directory's.
  const inside = runCli(['lint', '--format', 'json', '--no-env-check', '.'], { cwd: join(root, 'packages/billing') });
  assert.deepEqual(levels(JSON.parse(inside.stdout) as JsonOut), {
    'a.assistant.yaml': WANT['packages/billing/a.assistant.yaml'],
  });
});

test('maxFallbackDepth from an extended file: fallback-too-deep names the file that set it', () => {
  const deep =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: hosted\n      fallback:\n        provider: hosted\n        fallback:\n          provider: hosted\n          fallback:\n            provider: hosted\n';
  const root = monorepo({ 'packages/team/deep.assistant.yaml': deep });
  const r = runCli(['lint', '--format', 'json', 'packages/team/deep.assistant.yaml'], { cwd: root });
  const d = (JSON.parse(r.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] }).files[0]!
    .diagnostics;
  const msg = d.find((x) => x.code === 'fallback-too-deep')?.message ?? '';
  assert.match(msg, /bound of 3 \(maxFallbackDepth in shared\/strict\.yaml\)/, JSON.stringify(d));
});

test('a missing file, a cycle and a mistake in an extended file: exit 2, each naming the file and the extends line', () => {
  const root = monorepo({
    'packages/billing/.assistant-config.yaml': '# billing\nextends: ../../no-such.yaml\nrules:\n  near-miss-key: off\n',
    'packages/search/.assistant-config.yaml': 'extends: ../../shared/b.yaml\n',
    'shared/b.yaml': 'extends: ../packages/search/.assistant-config.yaml\nrules:\n  near-miss-key: off\n',
    'packages/team/.assistant-config.yaml': 'extends: ../../shared/bad.yaml\n',
    'shared/bad.yaml': 'rules:\n  literal-secret: errror\n',
  });
  const one = (pkg: string): { code: number | null; stderr: string } =>
    runCli(['lint', '--no-env-check', `packages/${pkg}/a.assistant.yaml`], { cwd: root });
  const missing = one('billing');
  assert.equal(missing.code, 2);
  assert.match(
    missing.stderr,
    new RegExp(
      `packages/billing/\\.assistant-config\\.yaml: line 2: cannot read '\\.\\./\\.\\./no-such\\.yaml' \\(${join(root, 'no-such.yaml').replace(/[.\\/]/g, '\\$&')}\\), which 'extends' names`,
    ),
  );
  const cycle = one('search');
  assert.equal(cycle.code, 2);
  assert.match(
    cycle.stderr,
    /packages\/search\/\.assistant-config\.yaml: line 1: '\.\.\/\.\.\/shared\/b\.yaml', which 'extends' names, has a mistake: line 1: 'extends' makes a cycle \('[^']*\/packages\/search\/\.assistant-config\.yaml' → '[^']*\/shared\/b\.yaml' → '[^']*\/packages\/search\/\.assistant-config\.yaml'\): a config cannot extend itself\n$/,
  );
  const bad = one('team');
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /packages\/team\/\.assistant-config\.yaml: line 1: '\.\.\/\.\.\/shared\/bad\.yaml', which 'extends' names, has a mistake: line 2: 'literal-secret' must be off, info, warning or error \(got 'errror'; did you mean 'error'\?\)/,
  );
  // `lint CONFIG` checks the chain too.
  const named = runCli(['lint', 'packages/team/.assistant-config.yaml'], { cwd: root });
  assert.equal(named.code, 2);
  assert.match(named.stderr, /has a mistake: line 2/);
  // extends that is not a path
  const wrong = monorepo({ 'packages/billing/.assistant-config.yaml': 'extends: {file: x}\n' });
  const w = runCli(['lint', '--no-env-check', 'packages/billing/a.assistant.yaml'], { cwd: wrong });
  assert.equal(w.code, 2);
  assert.match(
    w.stderr,
    /line 1: 'extends' must be the path of another project config, relative to this file, or a list of them/,
  );
});

test('--config FILE that extends another: its chain applies, every pattern relative to the working directory', () => {
  const root = monorepo({ 'ci/ci.yaml': 'extends: ../.assistant-config.yaml\nrules:\n  near-miss-key: off\n' });
  const r = runCli(['lint', '--format', 'json', '--no-env-check', '--config', '../../ci/ci.yaml', '.'], {
    cwd: join(root, 'packages/billing'),
  });
  // The root's exclude `packages/*/drafts/**` is read from packages/billing: it matches nothing there.
  assert.deepEqual(levels(JSON.parse(r.stdout) as JsonOut), {
    'a.assistant.yaml': ['literal-secret:error', 'non-positive-limit:error'],
    'drafts/d.assistant.yaml': ['literal-secret:error', 'non-positive-limit:error'],
  });
});

test('explain CODE says where the level in force came from: the package config, or the file it extends', () => {
  const root = monorepo();
  const at = (dir: string, code: string): string => runCli(['explain', code], { cwd: join(root, dir) }).stdout;
  assert.match(
    at('packages/billing', 'literal-secret'),
    /## In this directory\n\n`literal-secret` is \*\*error\*\* here: set in `\.\.\/\.\.\/\.assistant-config\.yaml`, which `\.assistant-config\.yaml` \(the project config in force here\) extends\.\n$/,
  );
  assert.match(
    at('packages/billing', 'near-miss-key'),
    /`near-miss-key` is \*\*off\*\* here: set in `\.assistant-config\.yaml`\.\n$/,
  );
  assert.match(at('packages/team', 'literal-secret'), /set in `\.\.\/\.\.\/shared\/strict\.yaml`/);
  assert.match(
    at('packages/search', 'literal-secret'),
    /does not set `literal-secret`: it is \*\*warning\*\*, its default\.\n$/,
  );
});

// The editor -------------------------------------------------------------------------------------

const sev = ['', 'error', 'warning', 'information', 'hint'];
const globsOf = (r: { registerOptions?: unknown }): string[] =>
  ((r.registerOptions as DidChangeWatchedFilesRegistrationOptions | undefined)?.watchers ?? []).map((w) =>
    typeof w.globPattern === 'string' ? w.globPattern : w.globPattern.pattern,
  );

test('the language server reads the same chain (same findings as the CLI), watches the extended files and re-reads when one changes', async () => {
  const root = monorepo();
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(root).href,
    watchRegistration: true,
    env: { PATH: process.env.PATH ?? '' },
  });
  clients.push(c);
  await c.initialize();
  await c.conn.sendNotification('workspace/didChangeConfiguration', {
    settings: { assistantConfig: { diagnostics: { envNotSet: false } } },
  });
  const levelsOf = (p: { diagnostics: { code?: unknown; severity?: number }[] }): string[] =>
    p.diagnostics.map((d) => `${String(d.code)}:${sev[d.severity ?? 0]}`).sort();
  for (const [path, want] of Object.entries(WANT)) {
    const uri = pathToFileURL(join(root, path)).href;
    await c.open(uri, FILE);
    assert.deepEqual(levelsOf(await c.waitForDiagnostics(uri)), want, path);
  }
  // Excluded by the root's pattern through extends: nothing shown.
  const draft = pathToFileURL(join(root, 'packages/billing/drafts/d.assistant.yaml')).href;
  await c.open(draft, FILE);
  assert.deepEqual((await c.waitForDiagnostics(draft)).diagnostics, []);
  // shared/strict.yaml is watched (the root's name already is).
  await c.waitForRegistration((r) => globsOf(r).includes('**/strict.yaml'));
  // The root changes: billing (which extends it) follows; search (which does not) does not change.
  const billing = pathToFileURL(join(root, 'packages/billing/a.assistant.yaml')).href;
  writeFileSync(join(root, '.assistant-config.yaml'), 'rules:\n  literal-secret: info\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(root, '.assistant-config.yaml')).href, type: 2 }],
  });
  const next = await c.waitForDiagnostics(billing, (p) =>
    p.diagnostics.some((d) => d.code === 'literal-secret' && d.severity === 3),
  );
  assert.deepEqual(levelsOf(next), ['literal-secret:information', 'non-positive-limit:warning']);
  // shared/strict.yaml, under another name, changes: the team package follows.
  const team = pathToFileURL(join(root, 'packages/team/a.assistant.yaml')).href;
  writeFileSync(join(root, 'shared/strict.yaml'), 'rules:\n  near-miss-key: off\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(root, 'shared/strict.yaml')).href, type: 2 }],
  });
  const t = await c.waitForDiagnostics(team, (p) => !p.diagnostics.some((d) => d.code === 'near-miss-key'));
  assert.deepEqual(levelsOf(t), ['literal-secret:information', 'non-positive-limit:information']);
  // The CLI agrees after the changes.
  const cli = runCli(['lint', '--format', 'json', '--no-env-check', 'packages/team/a.assistant.yaml'], { cwd: root });
  assert.deepEqual(levels(JSON.parse(cli.stdout) as JsonOut)['packages/team/a.assistant.yaml'], levelsOf(t));
  await c.shutdown();
});

test('a mistake in an extended file: the editor tells it once, naming the file, as the CLI refuses it', async () => {
  const root = monorepo({ 'shared/strict.yaml': 'rules:\n  no-such-rule: off\n' });
  const c = new TestClient(undefined, { rootUri: pathToFileURL(root).href, env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(join(root, 'packages/team/a.assistant.yaml')).href;
  await c.open(uri, FILE);
  await c.waitForDiagnostics(uri);
  const told = c.messages.filter((m) => m.message.includes('no-such-rule'));
  assert.equal(told.length, 1, JSON.stringify(c.messages));
  assert.match(
    told[0]!.message,
    /team\/\.assistant-config\.yaml: line 1: '\.\.\/\.\.\/shared\/strict\.yaml', which 'extends' names, has a mistake: line 2: unknown diagnostic code 'no-such-rule'/,
  );
  await c.shutdown();
});

// The loader ---------------------------------------------------------------------------------------

test("joinPath: . and .. taken out, the directory's separator, absolute paths kept", () => {
  assert.equal(joinPath('/r/packages/billing', '../../.assistant-config.yaml'), '/r/.assistant-config.yaml');
  assert.equal(joinPath('/r', '../../x.yaml'), '/x.yaml');
  assert.equal(joinPath('/r/a', './x/../y.yaml'), '/r/a/y.yaml');
  assert.equal(joinPath('/r/a', '/etc/org.yaml'), '/etc/org.yaml');
  assert.equal(joinPath('C:\\w\\p', '..\\..\\r.yaml'), 'C:\\r.yaml');
  assert.equal(joinPath('C:\\w\\p', '../r.yaml'), 'C:\\w\\r.yaml');
  assert.equal(joinPath('\\\\srv\\share\\p', '../r.yaml'), '\\\\srv\\share\\r.yaml');
  assert.equal(joinPath('rel/dir', '../../../x'), '../x');
});

test('loadProjectConfig: key by key, rules code by code, sources named, a diamond read once, Windows paths', () => {
  const files: Record<string, string> = {
    'C:\\r\\.assistant-config.yaml': 'rules:\n  literal-secret: error\nmaxFallbackDepth: 4\ninclude: ["**/*.yml"]\n',
    'C:\\r\\t\\a.yaml': 'extends: ..\\.assistant-config.yaml\nrules:\n  near-miss-key: off\n',
    'C:\\r\\t\\b.yaml': 'extends: ../.assistant-config.yaml\nrules:\n  literal-secret: info\nmaxFallbackDepth: 2\n',
    'C:\\r\\t\\p\\.assistant-config.yaml': 'extends: [../a.yaml, ../b.yaml]\nexclude: [gen/**]\n',
  };
  const reads: string[] = [];
  const read = (p: string): string | undefined => {
    reads.push(p);
    return files[p];
  };
  const cfg = loadProjectConfig(
    'C:\\r\\t\\p\\.assistant-config.yaml',
    files['C:\\r\\t\\p\\.assistant-config.yaml']!,
    read,
  );
  assert.deepEqual(cfg.problems, []);
  assert.deepEqual(cfg.rules, { 'literal-secret': 'info', 'near-miss-key': 'off' });
  assert.equal(cfg.maxFallbackDepth, 2);
  assert.deepEqual(cfg.from, {
    rules: { 'literal-secret': 'C:\\r\\t\\b.yaml', 'near-miss-key': 'C:\\r\\t\\a.yaml' },
    maxFallbackDepth: 'C:\\r\\t\\b.yaml',
    include: 'C:\\r\\.assistant-config.yaml',
    exclude: 'C:\\r\\t\\p\\.assistant-config.yaml',
  });
  assert.equal(cfg.includeDir, 'C:\\r');
  assert.equal(cfg.excludeDir, 'C:\\r\\t\\p');
  assert.ok(isExcluded(cfg, 'C:\\r\\t\\p\\gen\\x.assistant.yaml'));
  assert.ok(!isExcluded(cfg, 'C:\\r\\gen\\x.assistant.yaml'));
  // The root is read once though both a.yaml and b.yaml extend it.
  assert.deepEqual(
    reads.filter((p) => p === 'C:\\r\\.assistant-config.yaml'),
    ['C:\\r\\.assistant-config.yaml'],
  );
  assert.deepEqual(cfg.files, [
    'C:\\r\\t\\p\\.assistant-config.yaml',
    'C:\\r\\t\\a.yaml',
    'C:\\r\\.assistant-config.yaml',
    'C:\\r\\t\\b.yaml',
  ]);
});

test('ProjectConfigResolver: the nearest config with its chain; reads() names every file of a chain in use, a missing one too', () => {
  const files: Record<string, string> = {
    '/r/.assistant-config.yaml': 'rules:\n  literal-secret: error\n',
    '/r/p/.assistant-config.yaml': 'extends: [../.assistant-config.yaml, ../org.yaml]\n',
  };
  const resolver = new ProjectConfigResolver((p) => files[p]);
  const cfg = resolver.forFile('/r/p/q/x.assistant.yaml');
  assert.equal(cfg?.path, '/r/p/.assistant-config.yaml');
  assert.deepEqual(cfg?.rules, { 'literal-secret': 'error' });
  assert.equal(cfg?.problems.length, 1);
  assert.ok(resolver.reads('/r/.assistant-config.yaml'));
  assert.ok(resolver.reads('/r/org.yaml'));
  assert.ok(!resolver.reads('/r/other.yaml'));
  // The root, used as the nearest config of another file, is the same object.
  const rootCfg = resolver.forFile('/r/x.assistant.yaml');
  assert.deepEqual(rootCfg?.rules, { 'literal-secret': 'error' });
  files['/r/org.yaml'] = 'rules:\n  near-miss-key: off\n';
  resolver.clear();
  assert.deepEqual(resolver.forFile('/r/p/x.assistant.yaml')?.rules, {
    'literal-secret': 'error',
    'near-miss-key': 'off',
  });
});

test('the generated schema documents extends and takes a path or a list of paths, nothing else', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/assistant-config-project.schema.json'), 'utf8')) as {
    properties: Record<string, { markdownDescription?: string }>;
  };
  assert.match(schema.properties.extends?.markdownDescription ?? '', /relative to this file/);
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.ok(validate({ extends: '../../.assistant-config.yaml', rules: { 'literal-secret': 'error' } }));
  assert.ok(validate({ extends: ['../a.yaml', '../b.yaml'] }));
  assert.ok(!validate({ extends: { file: 'x' } }));
  assert.ok(!validate({ extends: [] }));
  assert.ok(!validate({ extends: '' }));
});
