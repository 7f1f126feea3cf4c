// REVIEW6 I11, I12, I7, I6 at the service level: the fix engine (fixAll, shared by `lint --fix` and the
// editor's Fix all) and the code actions behind it.
// - I11: a rename of a key whose value is a mapping uncovers errors inside it; they are the file's
//   own (fixed in the next pass, or reported), not the rename's. A rename whose value becomes an
//   error that a safe fix repairs (`hate_speech: block_only_high`) is applied with that fix.
// - I12: the space after a glued key is written even when the value it separates is wrong.
// - I7: two keys of one mapping equally close to one name: neither rename is certain.
// - I6: under `%YAML 1.1`, no fix to the 1.2 reading; a date in a string field is an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { CAMEL, SNAKE } from './snakeCase';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
const run = (text: string, language: 'yaml' | 'json' = 'yaml') => fixAll(text, language, (t, l) => analyze(t, l));
const errors = (text: string, language: 'yaml' | 'json' = 'yaml'): Diagnostic[] =>
  analyze(text, language).diagnostics.filter((d) => d.severity === 'error');
test('I11: a snake_case config is fixed at every nesting level in one run, every value kept; a second run changes nothing', () => {
  const r = run(SNAKE);
  assert.equal(r.text, CAMEL);
  assert.deepEqual(errors(r.text), []);
  // Every rename and the three safety levels (case and separator slips).
  assert.equal(r.applied.length, 26, JSON.stringify(r.applied));
  assert.equal(r.applied.filter((a) => a.code === 'invalid-enum').length, 3);
  const again = run(r.text);
  assert.equal(again.text, r.text);
  assert.equal(again.applied.length, 0);
});

test('I11: the same in block style with comments, and in JSON', () => {
  const block = `${H}definition:\n  llm:\n    provider: vendor_c   # primary\n    api_key:\n      value_from_env: K   # from the vault\n    safety_settings:\n      # legal asked for this one\n      hate_speech: block_only_high\n      harassment: BLOCK_NONE\n`;
  const fixed = run(block).text;
  assert.equal(
    fixed,
    `${H}definition:\n  llm:\n    provider: vendor_c   # primary\n    apiKey:\n      valueFromEnv: K   # from the vault\n    safetySettings:\n      # legal asked for this one\n      hateSpeech: blockOnlyHigh\n      harassment: blockNone\n`,
  );
  assert.equal(run(fixed).text, fixed);
  const json = `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "api_key": {"value_from_env": "K"}}, "schema_selector": {"type": "fixed", "tables": [{"schema_name": "s", "table_name": "t", "columns": []}]}}}\n`;
  const out = run(json, 'json').text;
  assert.equal(
    out,
    `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"valueFromEnv": "K"}}, "schemaSelector": {"type": "fixed", "tables": [{"schemaName": "s", "tableName": "t", "columns": []}]}}}\n`,
  );
  assert.deepEqual(errors(out, 'json'), []);
});

test('I11: a rename that uncovers errors no fix repairs is kept and they are reported; one that makes its own value wrong is not', () => {
  // The mapping under the renamed key holds a key close to nothing: the rename is kept (the name is
  // right), the stranger inside is reported where it is.
  const text = `${H}definition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n    safety_settings: {zzz_unknown: 1, hate_speech: blockNone}\n`;
  const r = run(text);
  assert.match(r.text, /safetySettings: \{zzz_unknown: 1, hateSpeech: blockNone\}/);
  assert.ok(errors(r.text).some((d) => d.code === 'unknown-property' && d.message.includes("'zzz_unknown'")));
  assert.equal(run(r.text).text, r.text);
  // A scalar that the renamed field does not take, with no safe fix (a quoted "yes" for a boolean
  // flag): the rename would make an error of its own value; not applied.
  const own = `${H}definition:\n  llm: {provider: hosted}\n  threadTitleGeneration: {enabel: "maybe"}\n`;
  assert.equal(run(own).text, own);
  // A list where a mapping belongs: the error is the renamed value's as a whole, not inside it.
  const whole = `${H}definition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n    safety_settings: [blockNone]\n`;
  assert.equal(run(whole).text, whole);
});

test('I11: a rename never makes a text inside the renamed mapping a literal credential', () => {
  // `api_key: {value: MY_KEY}` under its real name would make the variable's name a literal value.
  const text = `${H}definition:\n  llm:\n    provider: vendor_a\n    api_key: {valu: sk-proj-${'Ab3dE6gH9jK2mN5pQ8rS'}T1vW4xY7zA0bC3dE6f}\n`;
  const r = run(text);
  assert.doesNotMatch(r.text, /\bvalue: sk-proj/, r.text);
});

test('I12: the space after a glued key is written when the value is wrong too; the value is then fixed or reported', () => {
  const cases: [string, string][] = [
    ['  llm: {provider:hostd}\n', '  llm: {provider: hosted}\n'],
    [
      '  llm: {provider: hosted}\n  threadTitleGeneration: {enable:yes}\n',
      '  llm: {provider: hosted}\n  threadTitleGeneration: {enable: true}\n',
    ],
    ['  llm: {provider:azure}\n', '  llm: {provider: azure}\n'],
    ['  llm:\n    provider:hostd\n', '  llm:\n    provider: hosted\n'],
  ];
  for (const [before, after] of cases) {
    const r = run(`${H}definition:\n${before}`);
    assert.equal(r.text, `${H}definition:\n${after}`, before);
    assert.equal(run(r.text).text, r.text);
  }
  // The value's own error stays reported (no provider is called 'azure').
  assert.ok(errors(`${H}definition:\n  llm: {provider: azure}\n`).some((d) => d.code === 'unknown-discriminator'));
});

test('I7: two keys equally close to one name: the message says so, each rename offered, none preferred, --fix leaves both', () => {
  const text = `${H}definition:\n  llm:\n    provider: vendor_a\n    modle: gpt-4o\n    mdoel: gpt-4o-mini\n    apiKey: {valueFromEnv: K}\n`;
  const ds = errors(text).filter((d) => d.code === 'unknown-property');
  assert.equal(ds.length, 2);
  for (const d of ds) {
    assert.match(d.message, /'modle' and 'mdoel' both look like 'model'(?: \(required\))?: keep one\.$/, d.message);
    assert.doesNotMatch(d.message, /\.\./);
    const fixes = fixesFor(text, d);
    assert.equal(fixes.length, 1, JSON.stringify(fixes));
    assert.match(fixes[0]!.title, /^Rename '(modle|mdoel)' to 'model'$/);
    assert.equal(fixes[0]!.preferred, false);
  }
  assert.equal(run(text).text, text);
  // Three at the top level, and a required key (`provider`) two keys compete for.
  const three = `${H}definition:\n  llm: {provider: hosted}\n  systemInstructions1: a\n  systemInstructions2: b\n  systemInstructions3: c\n`;
  for (const d of errors(three)) assert.match(d.message, /all look like 'systemInstructions': keep one\./);
  assert.equal(run(three).text, three);
  const req = `${H}definition:\n  llm:\n    provder: hosted\n    provdier: vendor_a\n`;
  assert.equal(run(req).text, req);
});

test('I7: when one of two keys is clearly closer, that one is renamed and the other left', () => {
  const text = `${H}definition:\n  llm:\n    provider: vendor_a\n    Model: gpt-4o\n    mdl: gpt-4o-mini\n    apiKey: {valueFromEnv: K}\n`;
  const r = run(text);
  assert.match(r.text, /\n {4}model: gpt-4o\n {4}mdl: gpt-4o-mini\n/, r.text);
  assert.equal(run(r.text).text, r.text);
});

test('I6: under %YAML 1.1 the values read are the 1.1 ones: no yaml11 warning nor fix to the 1.2 reading; a date in a string field is an error with a quote fix', () => {
  const text = `%YAML 1.1\n---\n${H}definition:\n  llm: {provider: cloud_a, endpoint: "https://x.openai.azure.com/", apiKey: {valueFromEnv: K}, apiVersion: 2024-06-01}\n  schemaSelector: {type: fixed, tables: [{schemaName: no, tableName: 2024-01-01, columns: [on, 2024-01-02]}]}\n  threadTitleGeneration: {enable: yes}\n  maxAssistantActions: 010\n`;
  const ds = analyze(text, 'yaml').diagnostics;
  assert.deepEqual(
    ds.filter((d) => d.code === 'yaml11-ambiguous'),
    [],
  );
  const dates = ds.filter(
    (d) => d.code === 'invalid-type' && /a date under the document's %YAML 1\.1 directive/.test(d.message),
  );
  assert.deepEqual(
    dates.map((d) => text.slice(d.offset, d.offset + d.length)),
    ['2024-06-01', '2024-01-01', '2024-01-02'],
  );
  const quote = fixesFor(text, dates[0]!);
  assert.equal(quote[0]?.preferred, true);
  const r = run(text);
  assert.match(r.text, /maxAssistantActions: 010\n/);
  assert.match(r.text, /apiVersion: "2024-06-01"/);
  assert.match(r.text, /tableName: "2024-01-01", columns: \["on", "2024-01-02"\]/);
  assert.match(r.text, /enable: yes/);
  assert.deepEqual(errors(r.text), []);
  assert.equal(run(r.text).text, r.text);
  // Without the directive (YAML 1.2), the same document keeps its yaml11 warnings.
  const v12 = text.replace('%YAML 1.1\n---\n', '');
  assert.ok(
    analyze(v12, 'yaml').diagnostics.some((d) => d.code === 'yaml11-ambiguous' && d.message.includes('(octal)')),
  );
});

test('fix7: under %YAML 1.1 a key of the user own that 1.1 reads as a date, boolean or number is an error on the key; the fix quotes it as written (CRLF too)', () => {
  for (const eol of ['\n', '\r\n']) {
    const text = [
      '%YAML 1.1',
      '---',
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm: {provider: hosted}',
      '  featureFlags:',
      '    2024-06-01: true   # a date',
      '    yes: true',
      '    on: false',
      '    0755: true',
      '    "2024-06-02": true',
      '    release_1: true',
      '',
    ].join(eol);
    const keys = analyze(text, 'yaml').diagnostics.filter(
      (d) => d.code === 'invalid-type' && /^The key .* under the document's %YAML 1\.1 directive/.test(d.message),
    );
    assert.deepEqual(
      keys.map((d) => text.slice(d.offset, d.offset + d.length)),
      ['2024-06-01', 'yes', 'on', '0755'],
    );
    assert.match(keys[0]!.message, /is a date/);
    assert.match(keys[3]!.message, /the number 493 \(octal\)/);
    assert.equal(fixesFor(text, keys[1]!)[0]?.result.includes(`    "yes": true${eol}`), true);
    // --fix: every key quoted as written, the duplicate (yes and on are both true) gone with it.
    const r = run(text);
    for (const k of ['2024-06-01', 'yes', 'on', '0755']) assert.ok(r.text.includes(`    "${k}": `), r.text);
    assert.ok(r.text.includes('# a date'), 'the comment stays');
    assert.deepEqual(errors(r.text), []);
    assert.equal(run(r.text).text, r.text);
  }
  // Without the directive: the 1.2 warnings (yaml11-ambiguous), not these errors.
  const v12 =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  featureFlags:\n    on: true\n';
  assert.deepEqual(
    analyze(v12, 'yaml').diagnostics.map((d) => d.code),
    ['yaml11-ambiguous'],
  );
});
