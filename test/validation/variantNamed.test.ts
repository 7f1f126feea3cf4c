// REVIEW8 K17: PRODUCT "every message names the variant in force". Messages about a value inside a
// variant (empty-required, invalid-type, invalid-env-name, invalid-enum, not-integer, blank-string)
// name it: "'cloudProject' of provider 'cloud_b' must be a string …", "'columns' of a 'tables' item
// under type 'fixed' …". The variants are read from the schema's unions; and `columns: id` (one
// name where a list of names belongs) gets a fix that wraps it, `[id]`, keeping the value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, getCodeActions } from '../../server/src/service';
import { applyEdits } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';
import type { Language } from '../../server/src/parser';
import { definition, enumValuesOf, propertySchema, typesOf, unionOf } from '../../server/src/model/schema';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const messages = (text: string, language: Language = 'yaml'): string[] =>
  analyze(text, language).diagnostics.map((d) => `${d.code} ${d.message}`);

test("the review's file: each finding inside a variant names it", () => {
  const text = `${H}  llm:\n    provider: cloud_b\n    modelId: ""\n    cloudProject: 5\n    cloudLocation: [us]\n    cloudServiceAccountKeyJson: {valueFromEnv: ""}\n    safetySettings: {harassment: blockAll}\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: a\n        tableName: ""\n        columns: id\n`;
  assert.deepEqual(messages(text), [
    "empty-required 'modelId' of provider 'cloud_b' is required and is empty: fill it in.",
    "invalid-type 'cloudProject' of provider 'cloud_b' must be a string; found the number 5: quote it to keep it as written.",
    "invalid-type 'cloudLocation' of provider 'cloud_b' must be a string; found a list.",
    "invalid-env-name 'valueFromEnv' of 'cloudServiceAccountKeyJson' under provider 'cloud_b' is empty: it must name a secret or environment variable.",
    "invalid-enum 'harassment' of 'safetySettings' under provider 'cloud_b': 'blockAll' is not a valid BlockType. Valid values: 'blockNone', 'blockOnlyHigh', 'blockMediumAndAbove', 'blockLowAndAbove'.",
    "empty-required 'tableName' of a 'tables' item under type 'fixed' is required and is empty: fill it in.",
    "invalid-type 'columns' of a 'tables' item under type 'fixed' must be a list; found a string.",
  ]);
});

test('every variant of every union at the top level is named from the schema, for each of its free string keys', () => {
  const top = definition('AssistantConfigV2')!;
  let checked = 0;
  for (const key of Object.keys(top.properties ?? {})) {
    const union = unionOf(propertySchema(top, key));
    if (!union) continue;
    for (const variant of union.variants) {
      for (const [prop, schema] of Object.entries(variant.schema.properties ?? {})) {
        const { values } = enumValuesOf(schema);
        if (prop === union.property || values.length > 0 || !typesOf(schema).includes('string')) continue;
        if (typesOf(schema).length > 2) continue;
        // A number where a string belongs: one invalid-type on it, named with the variant.
        const llm = key === 'llm' ? '' : '  llm: {provider: hosted}\n';
        const text: string = `${H}${llm}  ${key}:\n    ${union.property}: ${variant.value}\n    ${prop}: 5\n`;
        const found: string[] = messages(text).filter((m) => m.startsWith('invalid-type'));
        assert.equal(found.length, 1, `${key} ${variant.value} ${prop}: ${messages(text).join(' | ')}`);
        assert.ok(
          found[0]!.startsWith(`invalid-type '${prop}' of ${union.property} '${variant.value}' must be `),
          found[0],
        );
        checked++;
      }
    }
  }
  // (LLM providers' model names, URLs, regions; the selector's instructions…)
  assert.ok(checked >= 10, `checked ${checked}`);
});

test('the variant named is the nearest: a fallback its own, an alias its anchor, JSON as YAML', () => {
  const fallback = `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: A}\n    fallback:\n      provider: cloud_c\n      modelId: ""\n      regionName: r\n      cloudAccessKeyId: {valueFromEnv: "$B"}\n      cloudSecretAccessKey: {valueFromEnv: C}\n`;
  assert.deepEqual(messages(fallback), [
    "empty-required 'modelId' of provider 'cloud_c' is required and is empty: fill it in.",
    "invalid-env-name 'valueFromEnv' of 'cloudAccessKeyId' under provider 'cloud_c' takes the bare name of the variable, without '$' or braces: did you mean 'B'?",
  ]);
  const alias = `${H}  llm: &m\n    provider: vendor_b\n    model: 7\n    apiKey: {valueFromEnv: A}\n  aiPrimitivesLlm: *m\n`;
  for (const m of messages(alias).filter((x) => x.startsWith('invalid-type')))
    assert.match(m, /^invalid-type 'model' of provider 'vendor_b' must be a string/);
  const json =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"schemaSelector":{"type":"llm_selector","llm":{"provider":"hosted"},"maxItems":"ten"}}}';
  assert.deepEqual(messages(json, 'json'), [
    "invalid-type 'maxItems' of type 'llm_selector' must be a whole number, or null; found a string.",
  ]);
  // Outside any variant, as before: no variant to name.
  assert.deepEqual(messages(`${H}  llm: {provider: hosted}\n  maxAssistantActions: "x"\n`), [
    "invalid-type 'maxAssistantActions' must be a whole number, or null; found a string.",
  ]);
});

const tables = (columns: string): string =>
  `${H}  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: a\n        tableName: t\n        columns: ${columns}  # the one column\n`;

function wrapFix(text: string, language: Language = 'yaml'): string | undefined {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.find((x) => x.code === 'invalid-type');
  if (!d) return undefined;
  const fix = getCodeActions(doc, diagnostics, d).find((a) => /a list holding this value/.test(a.title));
  if (!fix) return undefined;
  assert.ok(fix.isPreferred);
  const after = applyEdits(text, fix.edits);
  assert.deepEqual(messages(after, language), [], after);
  return after;
}

test('`columns: id` is wrapped, `[id]`: as written, quoted as written, one name kept one name', () => {
  assert.match(wrapFix(tables('id'))!, /columns: \[id\] {2}# the one column\n$/);
  assert.match(wrapFix(tables('"order id"'))!, /columns: \["order id"\] {2}#/);
  assert.match(wrapFix(tables("'id'"))!, /columns: \['id'\] {2}#/);
  // `a, b` is one name as written: the fix does not split it into two (quoted, the value is the same).
  assert.match(wrapFix(tables('a, b'))!, /columns: \["a, b"\] {2}#/);
  assert.match(wrapFix(tables('x]y'))!, /columns: \["x\]y"\] {2}#/);
  // JSON.
  const json =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"schemaSelector":{"type":"fixed","tables":[{"schemaName":"a","tableName":"t","columns":"id"}]}}}';
  assert.match(wrapFix(json, 'json')!, /"columns":\["id"\]/);
  // `lint --fix` applies it (nothing is dropped: the value is the list's one item).
  assert.match(fixAll(tables('id'), 'yaml', analyze).text, /columns: \[id\] {2}# the one column/);
});

test('no wrap where it would change more than the shape: a number, an anchor, a block scalar', () => {
  assert.equal(wrapFix(tables('5')), undefined);
  assert.equal(wrapFix(tables('&c id')), undefined);
  const block = `${H}  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: a\n        tableName: t\n        columns: |\n          id\n`;
  assert.equal(wrapFix(block), undefined);
});

/** The fix of the finding on `columns` in `text` whose title says a space goes after the dash. */
function dashFix(text: string): string | undefined {
  const { doc, diagnostics } = analyze(text, 'yaml');
  const d = diagnostics.find((x) => x.code === 'invalid-type');
  if (!d) return undefined;
  assert.equal(
    getCodeActions(doc, diagnostics, d).find((a) => /a list holding this value/.test(a.title)),
    undefined,
    'no wrap of a dash-led name',
  );
  const fix = getCodeActions(doc, diagnostics, d).find((a) => /space after/.test(a.title));
  if (!fix) return undefined;
  assert.ok(fix.isPreferred);
  const after = applyEdits(text, fix.edits);
  assert.deepEqual(messages(after, 'yaml'), [], after);
  return after;
}

test('`-id` under its key is a list item that lost its space: the fix writes the space (wrapping kept the dash in the name)', () => {
  const block = (lines: string): string =>
    `${H}  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: a\n        tableName: t\n        columns:\n${lines}`;
  assert.equal(dashFix(block('          -id\n')), block('          - id\n'));
  // Several items, a comment after the last, CRLF: a space after each dash, nothing else changes.
  const two = block('          -id\n          -amount # money\n').replace(/\n/g, '\r\n');
  assert.equal(dashFix(two), two.replace('-id', '- id').replace('-amount', '- amount'));
  // `lint --fix` applies it.
  assert.equal(fixAll(block('          -id\n'), 'yaml', analyze).text, block('          - id\n'));
  // On the key's line a name that starts with a dash cannot be told from a lost space: no fix at all.
  assert.equal(dashFix(tables('-id')), undefined);
  // A line of the value that is not a dash-led name: no fix (the value is not a list that lost its spaces).
  assert.equal(dashFix(block('          -id\n          amount\n')), undefined);
});
