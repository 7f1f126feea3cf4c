// REVIEW5 H12: strings the service would take as written and cannot use lint with a warning
// (blank-string): an empty or blank optional name/URL/version (`model: ""`: present, so the default
// does not apply), empty items and keys of lists and maps of names (`columns: [""]`), a single word
// with spaces around it. Placeholders in the shape docs and tutorials use (`<your-gcp-project>`,
// `valueFromEnv: "<SECRET_NAME>"`) in required strings are errors until filled; real values with `<`
// or `>` inside are not. The review's cases e1…e7, as the service reports them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { getCodeActions } from '../../server/src/service/codeActions/index';
import { applyEdits } from '../../server/src/service/codeActions/edits';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const found = (text: string): string[] =>
  validate(parse(H + text, 'yaml'))
    .map((d) => `${d.severity} ${d.code} ${d.message}`)
    .sort();

test('e1, e2: empty and blank items and keys of columns, tables and functions', () => {
  const e1 = found(
    '  llm: {provider: hosted}\n  schemaSelector: {type: fixed, tables: [{schemaName: s, tableName: t, columns: ["", " "]}]}\n',
  );
  assert.deepEqual(e1, [
    "warning blank-string A blank item in 'columns' of a 'tables' item under type 'fixed' names nothing: remove it (an empty list, 'columns: []', means all columns).",
    "warning blank-string An empty item in 'columns' of a 'tables' item under type 'fixed' names nothing: remove it (an empty list, 'columns: []', means all columns).",
  ]);
  const e2 = found(
    '  llm: {provider: hosted}\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude: {tables: {"": [orders], sales: [""]}, functions: [""]}\n',
  );
  assert.deepEqual(e2, [
    "warning blank-string An empty item in 'functions' of 'alwaysInclude' under type 'llm_selector' names nothing: remove it.",
    "warning blank-string An empty item in 'sales' of 'tables' under type 'llm_selector' names nothing: remove it.",
    "warning blank-string An empty key in 'tables' of 'alwaysInclude' under type 'llm_selector' names nothing: remove it or write the name.",
  ]);
});

test('e4, e5, e7: empty optional strings and padded names and URLs', () => {
  assert.deepEqual(found('  llm: {provider: vendor_a, model: "", baseUrl: "", apiKey: {valueFromEnv: K}}\n'), [
    "warning blank-string 'baseUrl' of provider 'vendor_a' is empty: the service takes it as written, not as the default. Remove the key or set it to null to use the default.",
    "warning blank-string 'model' of provider 'vendor_a' is empty: the service takes it as written, not as the default. Remove the key or set it to null to use the default.",
  ]);
  assert.deepEqual(
    found(
      '  llm: {provider: cloud_a, endpoint: "https://x.example.com ", apiVersion: " ", apiKey: {valueFromEnv: K}}\n',
    ),
    [
      "warning blank-string 'apiVersion' of provider 'cloud_a' is blank: the service takes it as written, not as the default. Remove the key or set it to null to use the default.",
      "warning blank-string 'endpoint' of provider 'cloud_a' has trailing spaces, which the service keeps: write 'https://x.example.com'.",
    ],
  );
  const text = `${H}  llm:\n    provider: cloud_b\n    modelId: " gemini "  # padded\n    cloudProject: p\n    cloudLocation: europe-west1\n    cloudServiceAccountKeyJson: {valueFromEnv: K}\n`;
  const doc = parse(text, 'yaml');
  const diags = validate(doc);
  assert.deepEqual(
    diags.map((d) => `${d.severity} ${d.code} ${d.message}`),
    [
      "warning blank-string 'modelId' of provider 'cloud_b' has leading and trailing spaces, which the service keeps: write 'gemini'.",
    ],
  );
  const fix = getCodeActions(doc, diags, diags[0]!).find((a) => a.isPreferred);
  assert.ok(fix);
  assert.match(applyEdits(text, fix.edits), /modelId: "gemini" {2}# padded/);
});

test('no warning for what is usable: null, absent, prose with spaces, block scalars, enum values', () => {
  assert.deepEqual(
    found(
      '  llm: {provider: vendor_a, model: null, apiKey: {valueFromEnv: K}}\n  systemInstructions: |\n    Be brief.\n    Answer in English.\n  schemaSelector: {type: fixed, tables: [{schemaName: s, tableName: t, columns: []}]}\n',
    ),
    [],
  );
});

test('placeholders in the shape of docs and tutorials are errors in required strings; real values with < > are not', () => {
  const cloudB = (project: string, name: string): string[] =>
    found(
      `  llm:\n    provider: cloud_b\n    modelId: gemini-1.5-pro\n    cloudProject: ${project}\n    cloudLocation: europe-west1\n    cloudServiceAccountKeyJson: {valueFromEnv: ${name}}\n`,
    );
  assert.deepEqual(cloudB('"<your-gcp-project>"', '"<SECRET_NAME>"'), [
    "error empty-required 'cloudProject' of provider 'cloud_b' is required and is still the placeholder '<your-gcp-project>': fill it in.",
    "error invalid-env-name 'valueFromEnv' of 'cloudServiceAccountKeyJson' under provider 'cloud_b' is still a placeholder ('<SECRET_NAME>'): write the name of the variable.",
  ]);
  assert.deepEqual(cloudB('my-project', 'GCP_KEY_JSON'), []);
  // `<` and `>` inside a real value: not a placeholder.
  assert.deepEqual(cloudB('"a<b>c"', 'GCP_KEY_JSON'), []);
  assert.deepEqual(cloudB('"<a> and <b>"', 'GCP_KEY_JSON'), []);
});
