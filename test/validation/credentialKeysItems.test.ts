// REVIEW6 I15: every scalar of the file goes through the credential recogniser, keys and list items
// included: `featureFlags: {'sk-…': true}`, a schema name key in `alwaysInclude.tables`, `columns:
// [sk-…]`, `functions: [ghp_…]` are a literal-secret warning as the same text in a value is; never
// quoted, masked in every output (text, json, sarif, the --cache file, the editor's diagnostics).
// The fake tokens are built at run time (no credential-shaped literal in the source).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze } from '../../server/src/service';
import { leakedRuns, runCli } from '../cli/helpers';
import { TestClient } from '../protocol/lspClient';

const SK = ['sk', 'proj', 'Fake7Test3Only9Kq2Wz5Xv8Ry4'].join('-');
const GHP = ['ghp', 'FakeTest0nly7Kq2Wz5Xv8Ry4Lm1Nb6Pc3Dd9'].join('_');
const SECRETS = [SK.slice(8), GHP.slice(4)];
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const secretFindings = (text: string, language: 'yaml' | 'json' = 'yaml') =>
  analyze(text, language).diagnostics.filter((d) => d.code === 'literal-secret');

const CASES: [string, string, string, RegExp][] = [
  ['a feature flag key', `  featureFlags: {'${SK}': true}\n`, `'${SK}'`, /^A key in 'featureFlags' holds/],
  ['a block feature flag key', `  featureFlags:\n    ${SK}: true\n    beta: true\n`, SK, /^A key in 'featureFlags'/],
  [
    'a schema name key of alwaysInclude.tables',
    `  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude:\n      tables:\n        ${GHP}: [orders]\n`,
    GHP,
    /^A key in 'tables'/,
  ],
  [
    'a column',
    `  schemaSelector: {type: fixed, tables: [{schemaName: s, tableName: t, columns: [id, ${SK}]}]}\n`,
    SK,
    /^An item of 'columns'/,
  ],
  [
    'a function',
    `  schemaSelector: {type: llm_selector, llm: {provider: hosted}, alwaysInclude: {functions: [${GHP}]}}\n`,
    GHP,
    /^An item of 'functions'/,
  ],
  [
    'a table of a schema (block list)',
    `  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude:\n      tables:\n        s:\n          - orders\n          - ${SK}\n`,
    SK,
    /^An item of 's'/,
  ],
];

test('a credential as a key or a list item is a literal-secret warning, never quoted (YAML and JSON)', () => {
  for (const [what, body, range, message] of CASES) {
    const text = head + body;
    const found = secretFindings(text);
    assert.equal(found.length, 1, `${what}: ${JSON.stringify(found)}`);
    assert.equal(found[0]!.severity, 'warning', what);
    assert.equal(text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), range, what);
    assert.match(found[0]!.message, message, what);
    assert.match(found[0]!.message, /shaped like a credential \(not shown\)/, what);
    assert.deepEqual(leakedRuns(found[0]!.message, SECRETS, 6), [], what);
  }
  const json = JSON.stringify({
    kind: 'AssistantConfig',
    version: 'v2',
    definition: {
      llm: { provider: 'hosted' },
      featureFlags: { [SK]: true },
      schemaSelector: { type: 'fixed', tables: [{ schemaName: 's', tableName: 't', columns: [GHP] }] },
    },
  });
  assert.deepEqual(
    secretFindings(json, 'json').map((d) => json.slice(d.offset, d.offset + d.length)),
    [JSON.stringify(SK), JSON.stringify(GHP)],
  );
  // Keys and items of a credential field too (a secret pasted as a mapping or a list), next to the errors they get.
  for (const body of [`{${SK}}`, `[${SK}]`, `{valueFromEnv: K, ${SK}: 1}`]) {
    const text = `${head.replace('llm: {provider: hosted}', `llm: {provider: vendor_a, apiKey: ${body}}`)}`;
    assert.equal(secretFindings(text).length, 1, body);
  }
});

test('no false alarm on ordinary long keys and items (flags, schema and table names, columns, functions)', () => {
  const text = `${head}  featureFlags:\n    enable_visualizations_for_finance_team: true\n    analyticsDashboardBetaRollout2024: false\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude:\n      tables:\n        sales_reporting_eu_central_2024: [customer_lifetime_value_by_region, orders_2024_q3_amended]\n      functions: [calculate_quarterly_revenue_growth, 3f2b6c1e-9d4a-4b7e-8c2d-1a5e9f0b7c3d]\n`;
  assert.deepEqual(secretFindings(text), []);
});

test('keys and items holding a credential: masked in text, json, sarif and the --cache file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-i15-'));
  const file = join(dir, 'k.assistant.yaml');
  writeFileSync(file, head + CASES[0]![1] + CASES[3]![1] + '  modle: x\n');
  for (const format of ['text', 'json', 'sarif']) {
    const r = runCli(['lint', '--no-env-check', '--format', format, file]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /literal-secret/, format);
    assert.deepEqual(leakedRuns(r.stdout + r.stderr, SECRETS, 6), [], format);
  }
  const cache = join(dir, 'cache.json');
  runCli(['lint', '--no-env-check', '--cache', '--cache-location', cache, file]);
  assert.deepEqual(leakedRuns(readFileSync(cache, 'utf8'), SECRETS, 6), []);
});

test('the editor reports a credential key and item, and nothing of it reaches the client', async () => {
  const c = new TestClient();
  try {
    await c.initialize();
    const uri = 'file:///i15/k.assistant.yaml';
    // Under a provider that does not allow the key: its unknown-property diagnostic names the key (in data too).
    const text = `${head.replace('{provider: hosted}', `{provider: hosted, ${SK}: 1}`)}${CASES[0]![1]}${CASES[4]![1]}`;
    await c.open(uri, text);
    const p = await c.waitForDiagnostics(uri, (x) => x.diagnostics.some((d) => d.code === 'literal-secret'));
    assert.equal(p.diagnostics.filter((d) => d.code === 'literal-secret').length, 3, JSON.stringify(p.diagnostics));
    assert.deepEqual(leakedRuns(JSON.stringify(p), SECRETS, 6), []);
    assert.deepEqual(leakedRuns(c.stderr, SECRETS, 6), []);
  } finally {
    await c.shutdown();
  }
});
