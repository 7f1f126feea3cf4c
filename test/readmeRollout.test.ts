// README "Rolling out to many teams" stays true (REVIEW15-user D1–D7): the offline pre-commit recipe
// runs what `.pre-commit-hooks.yaml` runs, the exit-status table is what the CLI returns, the storage
// table names every key the VS Code client keeps, and the GitHub Actions job can upload its SARIF. The CI
// recipes (GitHub Actions, GitLab CI) lint with the pre-commit hook's levels for credentials (ci17 G1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT, fakeSecret } from './helpers';
import { runCli } from './cli/helpers';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The text of the README's section under `heading`, up to the next heading of its level or above (code blocks skipped). */
function section(heading: string): string {
  const lines = readme.split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `README has '${heading}'`);
  const level = /^#+/.exec(heading)![0].length;
  let fenced = false;
  let end = start + 1;
  for (; end < lines.length; end++) {
    if (lines[end]!.trimStart().startsWith('```')) fenced = !fenced;
    const h = !fenced && /^(#+) /.exec(lines[end]!);
    if (h && h[1]!.length <= level) break;
  }
  return lines.slice(start + 1, end).join('\n');
}

const yamlBlocks = (text: string): string[] => [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);

interface Hook {
  id: string;
  name: string;
  entry: string;
  args?: string[];
  language: string;
  files: string;
  require_serial?: boolean;
}

test('the offline pre-commit recipe (a local hook) runs what .pre-commit-hooks.yaml runs, hook for hook', () => {
  const published = parseYaml(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
  const recipe = yamlBlocks(section('### Offline'))
    .map((b) => parseYaml(b) as { repos?: { repo: string; hooks: Hook[] }[] })
    .find((c) => c.repos?.some((r) => r.repo === 'local'));
  assert.ok(recipe, 'the Offline section has a `repo: local` .pre-commit-config.yaml');
  const local = recipe.repos!.find((r) => r.repo === 'local')!.hooks;
  assert.deepEqual(
    local.map((h) => h.id),
    published.map((h) => h.id),
    'the same hooks, in the same order',
  );
  for (const hook of published) {
    const mine = local.find((h) => h.id === hook.id)!;
    // pre-commit runs `entry` + `args` + the file names; a local hook has its arguments in `entry`,
    // split by shlex (the quotes the published args would need: none hold a space).
    for (const a of hook.args ?? []) assert.doesNotMatch(a, /\s/, `${hook.id}: an argument with a space needs quoting`);
    assert.equal(mine.entry, [hook.entry, ...(hook.args ?? [])].join(' '), `${hook.id}: entry and args`);
    assert.equal(mine.files, hook.files, `${hook.id}: files`);
    assert.equal(mine.name, hook.name, `${hook.id}: name`);
    assert.equal(mine.require_serial, hook.require_serial, `${hook.id}: require_serial`);
    assert.equal(mine.language, 'system', `${hook.id}: the installed CLI, no install by pre-commit`);
  }
});

test('the exit-status table lists exactly the statuses lint, format and explain return', () => {
  const rows = new Set<string>();
  for (const m of section('### Exit status').matchAll(/^\| `(lint|format|explain)` \| (\d+) \|/gm))
    rows.add(`${m[1]} ${m[2]}`);
  const dir = mkdtempSync(join(tmpdir(), 'ac-readme-exit-'));
  const write = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return name;
  };
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
  const clean = write('clean.assistant.yaml', `${head}  llm:\n    provider: hosted\n`);
  const error = write('error.assistant.yaml', `${head}  llm:\n    provider: hostd\n`);
  const warning = write('warning.assistant.yaml', `${head}  llm:\n    provider: hosted\n  maxAssistantActions: 0\n`);
  const unformatted = write('unformatted.assistant.yaml', `${head}  llm:   {provider: hosted}\n`);
  const broken = write('broken.assistant.yaml', `${head}  llm: {provider: hosted\n`);
  // No safe fix for a missing required field: errors remain after --fix.
  const remaining = write('remaining.assistant.yaml', `${head}  llm:\n    provider: vendor_a\n`);
  // Windows-1252 (an é as one byte 0xE9): --fix must not rewrite it (it would lose that byte).
  const latin1 = 'latin1.assistant.yaml';
  writeFileSync(
    join(dir, latin1),
    Buffer.from(
      `kind: AssistantConfig\nversion: V2\ndefinition:\n  llm: {provider: hosted}\n  systemInstructions: "caf\xe9"\n`,
      'latin1',
    ),
  );
  mkdirSync(join(dir, 'empty'));
  const scenarios: [string, string[], number][] = [
    ['lint', ['lint', clean], 0],
    ['lint', ['lint', warning], 0],
    ['lint', ['lint', error], 1],
    ['lint', ['lint', '--max-warnings', '0', warning], 1],
    ['lint', ['lint', '--fix', remaining], 1],
    ['lint', ['lint', '--no-such-option', clean], 2],
    ['lint', ['lint', 'empty'], 2],
    ['lint', ['lint', '--fix', '--fix-dry-run', clean], 2],
    ['lint', ['lint', 'missing.assistant.yaml'], 2],
    ['lint', ['lint', '--fix', latin1], 2],
    ['lint', ['lint', '-o', join(dir, 'empty', 'no-such-dir', 'report.txt'), clean], 2],
    ['format', ['format', '--check', clean], 0],
    ['format', ['format', '--check', unformatted], 1],
    ['format', ['format', '--check', broken], 2],
    ['format', ['format', 'empty'], 2],
    ['explain', ['explain', 'unknown-property'], 0],
    ['explain', ['explain', 'no-such-code'], 2],
    ['explain', ['explain'], 2],
  ];
  const seen = new Set<string>();
  for (const [command, args, expected] of scenarios) {
    const r = runCli(args, { cwd: dir });
    assert.equal(r.code, expected, `assistant-config ${args.join(' ')}: ${r.stdout}${r.stderr}`);
    seen.add(`${command} ${expected}`);
  }
  assert.deepEqual([...rows].sort(), [...seen].sort(), 'the table rows are the statuses the commands return');
  // The table's last row sends test-connection to its own table, which lists the same statuses.
  const tc = /^\| `test-connection` \| ([\d, ]+) \|/m.exec(section('### Exit status'));
  assert.ok(tc, 'a test-connection row');
  const own = [...section('## Test connection setup').matchAll(/^\| (\d+) \| /gm)].map((m) => m[1]);
  assert.deepEqual(tc[1]!.split(/,\s*/), own, "test-connection's statuses as its own table lists them");
});

/** Every .ts file under a directory. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('the storage table names every key the VS Code client keeps in SecretStorage, global and workspace state', () => {
  const files = sources(join(ROOT, 'client/src')).map((p) => ({ p, text: readFileSync(p, 'utf8') }));
  const all = files.map((f) => f.text).join('\n');
  const constant = (name: string): string => {
    const m = new RegExp(`\\bconst ${name} = '([^']+)'`).exec(all);
    assert.ok(m, `the constant ${name} is a string in client/src`);
    return m[1]!;
  };
  const secretKeys = /\bSECRET_KEYS = \{([^}]*)\}/.exec(all);
  assert.ok(secretKeys, 'SECRET_KEYS in client/src');
  const secretValues = [...secretKeys[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  assert.ok(secretValues.length >= 3, 'the three credentials');
  const where = { secrets: 'SecretStorage', globalState: 'global state', workspaceState: "workspace's state" };
  const stored = new Map<string, string>();
  let calls = 0;
  for (const { p, text } of files)
    for (const m of text.matchAll(
      /\b(secrets|globalState|workspaceState)\.(store|get|update|delete)\b\s*(?:<[^(]*>)?\(\s*([^,)]+)/g,
    )) {
      calls++;
      const [, store, , expr] = m as unknown as [string, keyof typeof where, string, string];
      const key = expr.trim();
      let keys: string[];
      if (/^SECRET_KEYS(\.\w+|\[[^\]]+\])$/.test(key) || (store === 'secrets' && /^\w$/.test(key))) keys = secretValues;
      else if (/^[A-Z][A-Z_]*$/.test(key)) keys = [constant(key)];
      else assert.fail(`${p}: ${m[0]}: a stored key the test cannot resolve; name it in README and here`);
      for (const k of keys) stored.set(k, where[store]);
    }
  assert.ok(calls >= 8, `the client's storage calls were found (${calls})`);
  const table = section('### What the extension stores, and where');
  for (const [key, place] of stored) {
    const row = table.split('\n').find((l) => l.startsWith('|') && l.includes(`\`${key}\``));
    assert.ok(row, `README's storage table names ${key}`);
    assert.ok(row.includes(place), `${key}: kept in ${place}`);
  }
});

test('the GitHub Actions job may upload its SARIF (permissions) with a supported upload-sarif', () => {
  const cli = section('## CLI');
  const job = yamlBlocks(cli)
    .map(
      (b) =>
        parseYaml(b) as { jobs?: Record<string, { permissions?: Record<string, string>; steps: { uses?: string }[] }> },
    )
    .find((y) => y.jobs);
  assert.ok(job, 'the GitHub Actions recipe is a whole job');
  const [only] = Object.values(job.jobs!);
  assert.equal(only!.permissions?.['security-events'], 'write');
  assert.equal(only!.permissions?.['actions'], 'read');
  const upload = only!.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
  assert.ok(upload, 'an upload-sarif step');
  // v3 is deprecated from December 2026 (github/codeql-action 4.31.3 changelog).
  assert.ok(Number(/@v(\d+)/.exec(upload.uses!)?.[1]) >= 4, upload.uses);
  assert.doesNotMatch(readme, /upload-sarif@v[123]\b/);
});

test('the adoption steps run as written, in order, on a package with a typo, a missing field and loose spacing', () => {
  const commands = [...section('### Adopting on existing configs').matchAll(/`assistant-config ([^`]+)`/g)].map((m) =>
    m[1]!.split(' '),
  );
  assert.deepEqual(
    commands.map((c) => c.filter((a) => a.startsWith('--'))),
    [['--no-env-check'], ['--no-env-check', '--fix-dry-run'], ['--no-env-check', '--fix'], ['--write']],
    'lint, the dry run, --fix, format --write',
  );
  const dir = mkdtempSync(join(tmpdir(), 'ac-readme-adopt-'));
  mkdirSync(join(dir, 'packages', 'search'), { recursive: true });
  const file = join(dir, 'packages', 'search', 'search.assistant.yaml');
  const before =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a   # typo\n    apiKey: {valueFromEnv: SEARCH_KEY}\n  schemaSelector:\n    type: fixed\n';
  writeFileSync(file, before);
  const [lint, dryRun, fix, format] = commands.map((args) => () => runCli(args, { cwd: dir }));
  const r1 = lint!();
  assert.equal(r1.code, 1, r1.stdout + r1.stderr);
  assert.match(r1.stdout, /unknown-discriminator[\s\S]*missing-required/);
  const r2 = dryRun!();
  assert.match(r2.stdout, /^- {4}provider: vendr_a {3}# typo\n\+ {4}provider: vendor_a {3}# typo$/m, r2.stdout);
  assert.equal(readFileSync(file, 'utf8'), before, 'the dry run writes nothing');
  const r3 = fix!();
  assert.equal(r3.code, 1, 'what needs a person remains an error (tables)');
  assert.match(readFileSync(file, 'utf8'), /provider: vendor_a {3}# typo/);
  assert.match(r3.stdout, /missing-required/);
  const r4 = format!();
  assert.equal(r4.code, 0, r4.stdout + r4.stderr);
  assert.match(readFileSync(file, 'utf8'), /apiKey: \{ valueFromEnv: SEARCH_KEY \}/);
  assert.equal(runCli(['format', '--check', '.'], { cwd: dir }).code, 0);
});

test("the CI recipes (GitHub Actions, GitLab CI) lint with the pre-commit hook's --rule and --no-env-check; a credential in a file fails each", () => {
  const hook = (parseYaml(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[]).find(
    (h) => h.id === 'assistant-config-lint',
  )!;
  const hookArgs = hook.args ?? [];
  const rule = hookArgs[hookArgs.indexOf('--rule') + 1];
  assert.ok(rule && /literal-secret=error/.test(rule), `the hook's --rule: ${hookArgs.join(' ')}`);
  // Every `assistant-config lint` line of the YAML recipes in the CLI section: GitHub's `run:` steps and
  // GitLab's `script:` lines (up to a `||`).
  const lines: string[] = [];
  for (const block of yamlBlocks(section('## CLI'))) {
    const y = parseYaml(block) as {
      jobs?: Record<string, { steps: { run?: string }[] }>;
      [job: string]: unknown;
    };
    for (const job of Object.values(y.jobs ?? {})) for (const st of job.steps) if (st.run) lines.push(st.run);
    for (const [name, job] of Object.entries(y))
      if (name !== 'jobs' && job && typeof job === 'object' && Array.isArray((job as { script?: unknown }).script))
        lines.push(...((job as { script: string[] }).script as string[]));
  }
  const lints = lines
    .map((l) => l.split('||')[0]!.trim())
    .filter((l) => l.startsWith('assistant-config lint '))
    .map((l) => l.split(/\s+/).slice(1));
  // Two in the GitHub Actions job (annotations, SARIF), two in the GitLab job (Code Quality, JUnit).
  const formats = lints.map((a) => a[a.indexOf('--format') + 1]);
  assert.deepEqual(formats, ['github', 'sarif', 'gitlab', 'junit'], lints.map((a) => a.join(' ')).join('\n'));
  for (const args of lints) {
    const shown = `assistant-config ${args.join(' ')}`;
    assert.ok(args.includes('--no-env-check'), `${shown}: --no-env-check, as the hook`);
    assert.equal(args[args.indexOf('--rule') + 1], rule, `${shown}: the hook's --rule`);
  }
  // Run as written (the output files in a directory of their own): a literal credential, a warning
  // without --rule, fails each job (exit 1); a clean file passes.
  const dir = mkdtempSync(join(tmpdir(), 'ac-readme-ci-'));
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n';
  writeFileSync(join(dir, 'clean.assistant.yaml'), `${head}    apiKey: {valueFromEnv: VENDOR_A_KEY}\n`);
  assert.equal(runCli(['lint', '--no-env-check', '.'], { cwd: dir }).code, 0, 'the clean file alone passes');
  for (const args of lints)
    assert.equal(runCli(args, { cwd: dir }).code, 0, `assistant-config ${args.join(' ')}: clean`);
  const key = fakeSecret('sk-' + 'proj-', 40, 0xc117);
  writeFileSync(join(dir, 'leaky.assistant.yaml'), `${head}    apiKey: {value: ${key}}\n`);
  const plain = runCli(['lint', '--no-env-check', 'leaky.assistant.yaml'], { cwd: dir });
  assert.equal(plain.code, 0, `without --rule the credential is a warning: ${plain.stdout}`);
  assert.match(plain.stdout, /warning literal-secret/);
  for (const args of lints) {
    const r = runCli(args, { cwd: dir });
    assert.equal(r.code, 1, `assistant-config ${args.join(' ')}: exit 1\n${r.stdout}${r.stderr}`);
    assert.ok(!(r.stdout + r.stderr).includes(key.slice(8, 20)), 'the credential is masked');
  }
});
