// The lint CLI as a real process: exit codes, output formats, SARIF checked against its schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import Ajv from 'ajv';
import { ROOT } from '../helpers';
import { runCli } from './helpers';

const EXAMPLE_VARS = [
  'VENDOR_A_API_KEY',
  'VENDOR_B_API_KEY',
  'VENDOR_C_API_KEY',
  'CLOUD_A_API_KEY',
  'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON',
  'CLOUD_C_ACCESS_KEY_ID',
  'CLOUD_C_SECRET_ACCESS_KEY',
];

const run = runCli;

test('lint examples/ exits 0 and reports nothing when the variables are set', () => {
  const env = Object.fromEntries(EXAMPLE_VARS.map((v) => [v, 'x']));
  const r = run(['lint', 'examples/'], { env });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const examples = readdirSync(join(ROOT, 'examples')).filter((f) => /\.assistant\.(ya?ml|json)$/.test(f)).length;
  assert.ok(examples >= 16, `${examples} examples`);
  assert.match(r.stdout, new RegExp(`^${examples} files checked: 0 errors, 0 warnings, 0 information\\.$`, 'm'));
});

test('lint examples/ without the variables: information only, still exit 0', () => {
  const r = run(['lint', 'examples/']);
  assert.equal(r.code, 0);
  assert.match(
    r.stdout,
    /examples\/vendor-a\.assistant\.yaml:8:21 information env-not-set Variable 'VENDOR_A_API_KEY'/,
  );
});

test('errors give exit 1 and file:line:col severity code message lines', () => {
  const r = run(['lint', 'test/fixtures/validation/unknown-provider.assistant.yaml']);
  assert.equal(r.code, 1);
  assert.match(
    r.stdout,
    /^test\/fixtures\/validation\/unknown-provider\.assistant\.yaml:5:15 error unknown-discriminator Unknown provider 'vendr_a'\. Did you mean 'vendor_a'\?/m,
  );
  assert.match(r.stdout, /1 file checked: 1 error, 0 warnings/);
});

test('warnings alone exit 0', () => {
  const r = run(['lint', '--no-env-check', 'test/fixtures/validation/duplicates.assistant.yaml']);
  // duplicate-key is an error; use a warnings-only file instead.
  assert.equal(r.code, 1);
  const dir = mkdtempSync(join(tmpdir(), 'ac-lint-'));
  const f = join(dir, 'w.assistant.yaml');
  writeFileSync(
    f,
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n  contextWindowLimit: 0\n',
  );
  const w = run(['lint', f]);
  assert.equal(w.code, 0);
  assert.match(w.stdout, /warning non-positive-limit/);
});

test('a missing file is a clear message and exit 2, not a stack trace', () => {
  const r = run(['lint', 'no/such/file.assistant.yaml']);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, "assistant-config: cannot read 'no/such/file.assistant.yaml': no such file or directory\n");
  assert.doesNotMatch(r.stderr, /at .*\.js:\d+/);
});

test('usage errors exit 2', () => {
  assert.equal(run(['lint']).code, 2);
  assert.equal(run(['lint', '--format', 'xml', 'examples']).code, 2);
  assert.equal(run(['frobnicate']).code, 2);
  assert.match(run(['lint', '--bogus', 'x']).stderr, /Unknown option '--bogus'/);
});

test('standard input with -', () => {
  const r = run(['lint', '-'], {
    input: '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"cloud_x"}}}',
  });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^<stdin>:1:74 error unknown-discriminator/m);
});

test('--format json lists each file with 1-based ranges', () => {
  const r = run(['lint', '--format', 'json', 'test/fixtures/validation/missing-required-variant.assistant.yaml']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as {
    files: { path: string; diagnostics: { code: string; range: { start: { line: number; column: number } } }[] }[];
  };
  assert.equal(out.files.length, 1);
  assert.deepEqual(
    out.files[0]!.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column]),
    [['missing-required', 4, 3]],
  );
});

test('--format sarif is valid SARIF 2.1.0 with rules and regions', () => {
  const r = run([
    'lint',
    '--format',
    'sarif',
    '--no-env-check',
    'test/fixtures/validation/env-value.assistant.yaml',
    'test/fixtures/validation/safety.assistant.yaml',
  ]);
  assert.equal(r.code, 1);
  const sarif = JSON.parse(r.stdout) as {
    version: string;
    runs: {
      tool: { driver: { rules: { id: string }[] } };
      results: {
        ruleId: string;
        level: string;
        ruleIndex: number;
        locations: {
          physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } };
        }[];
      }[];
    }[];
  };
  const schema = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as object;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(schema);
  assert.ok(validate(sarif), JSON.stringify(validate.errors?.slice(0, 5)));
  assert.equal(sarif.version, '2.1.0');
  const run0 = sarif.runs[0]!;
  const levels = run0.results.map((x) => `${x.ruleId}:${x.level}:${x.locations[0]!.physicalLocation.region.startLine}`);
  assert.ok(levels.includes('literal-secret:warning:9'), levels.join(' '));
  assert.ok(levels.includes('invalid-enum:error:9'), levels.join(' '));
  for (const res of run0.results) assert.equal(run0.tool.driver.rules[res.ruleIndex]!.id, res.ruleId);
  // Each rule carries its page (what explain prints) as help, for code-scanning alert pages; no
  // invented website (REVIEW2 E23).
  const driver = run0.tool.driver as unknown as {
    informationUri?: string;
    rules: { id: string; help: { text: string; markdown: string } }[];
  };
  assert.equal(driver.informationUri, undefined);
  const rule = driver.rules.find((x) => x.id === 'invalid-enum')!;
  assert.equal(rule.help.markdown, runCli(['explain', 'invalid-enum']).stdout);
  assert.match(rule.help.markdown, /## How to fix it/);
  // Relative to the working directory, as GitHub code scanning expects.
  assert.deepEqual(run0.results[0]!.locations[0]!.physicalLocation.artifactLocation, {
    uri: 'test/fixtures/validation/env-value.assistant.yaml',
    uriBaseId: '%SRCROOT%',
  });
  assert.deepEqual((sarif.runs[0] as unknown as { originalUriBaseIds: unknown }).originalUriBaseIds, {
    '%SRCROOT%': { uri: pathToFileURL(ROOT).href + '/' },
  });
});

test('a directory finds files by name and by top-level kind, and skips others', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-dir-'));
  writeFileSync(
    join(dir, 'project.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: nope }\n',
  );
  writeFileSync(join(dir, 'unrelated.yaml'), 'name: x\nkind: Deployment\n');
  writeFileSync(join(dir, 'nested.json'), '{"spec": {"kind": "AssistantConfig"}}');
  const r = run(['lint', dir]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /project\.yaml:4:20 error unknown-discriminator/);
  assert.doesNotMatch(r.stdout, /unrelated|nested/);
  assert.match(r.stdout, /1 file checked/);
});

test('the .env next to the file defines its variables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-env-'));
  writeFileSync(
    join(dir, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: FROM_DOTENV }\n',
  );
  assert.match(run(['lint', 'a.assistant.yaml'], { cwd: dir }).stdout, /env-not-set/);
  writeFileSync(join(dir, '.env'), '# comment\nexport FROM_DOTENV=secret-value\n');
  const r = run(['lint', 'a.assistant.yaml'], { cwd: dir });
  assert.doesNotMatch(r.stdout, /env-not-set/);
  assert.doesNotMatch(r.stdout + r.stderr, /secret-value/);
});

test('a .env that git does not ignore gives dotenv-not-ignored, as in the editor; ignored, it does not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-git-'));
  const git = spawnSync('git', ['init', '-q'], { cwd: dir });
  if (git.error !== undefined || git.status !== 0) return; // no git here: nothing to show
  writeFileSync(
    join(dir, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: VENDOR_A_API_KEY }\n',
  );
  writeFileSync(join(dir, '.env'), 'VENDOR_A_API_KEY=not-a-real-key\n');
  const exposed = run(['lint', 'a.assistant.yaml'], { cwd: dir });
  assert.match(exposed.stdout, /warning dotenv-not-ignored/);
  assert.ok(!exposed.stdout.includes('not-a-real-key'));
  writeFileSync(join(dir, '.gitignore'), '.env\n');
  assert.doesNotMatch(run(['lint', 'a.assistant.yaml'], { cwd: dir }).stdout, /dotenv-not-ignored/);
});
