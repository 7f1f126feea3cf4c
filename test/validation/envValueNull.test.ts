// REVIEW8 K13c: `apiKey: {value: null, valueFromEnv: K}` is one finding, env-value-conflict, whose one
// fix removes `value: null` (it gave that and an invalid-type 'found an empty value' on the null). An
// explicit null is said as null, not "empty", and is no credential to mask.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { Language } from '../../server/src/parser';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { messageMasker, secretRanges } from '../../server/src/service/secretRanges';
import { parse } from '../../server/src/parser';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const OPTIONS = { ...DEFAULT_OPTIONS, env: { isDefined: (n: string) => n === 'VENDOR_A_API_KEY' } };

const shapes: { name: string; text: string; written: string; language?: Language }[] = [
  {
    name: 'flow',
    text: `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: null, valueFromEnv: VENDOR_A_API_KEY}\n`,
    written: "'value: null'",
  },
  {
    name: 'block, ~, comments',
    text: `${H}  llm:\n    provider: vendor_a\n    apiKey: # the key\n      value: ~ # was the literal\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    written: "'value: ~'",
  },
  {
    name: 'block after the name, Null, CRLF',
    text: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n      value: Null\n`.replace(
      /\n/g,
      '\r\n',
    ),
    written: "'value: Null'",
  },
  {
    name: 'empty value',
    text: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    written: "an empty 'value'",
  },
  {
    name: 'through an alias to a null',
    text: `${H}  featureFlags: {none: &n null}\n  llm:\n    provider: vendor_a\n    apiKey: {value: *n, valueFromEnv: VENDOR_A_API_KEY}\n`,
    written: "'value: *n'",
  },
  {
    name: 'JSON',
    text: '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a",\n  "apiKey": {"value": null, "valueFromEnv": "VENDOR_A_API_KEY"}}}}\n',
    written: "'value: null'",
    language: 'json',
  },
];

for (const s of shapes) {
  test(`K13c ${s.name}: one env-value-conflict naming the null, one fix that removes it`, () => {
    const language = s.language ?? 'yaml';
    const { doc, diagnostics } = analyze(s.text, language, OPTIONS);
    const codes = diagnostics.map((d) => d.code).filter((c) => c !== 'unused-anchor');
    assert.deepEqual(codes, ['env-value-conflict'], JSON.stringify(diagnostics));
    const d = diagnostics.find((x) => x.code === 'env-value-conflict')!;
    assert.ok(d.message.includes(`'apiKey' has 'valueFromEnv' and ${s.written} beside it`), d.message);
    assert.doesNotMatch(d.message, /found an empty value|keep exactly one/);
    const actions = getCodeActions(doc, diagnostics, d, {}).filter((a) => a.diagnostic === d);
    assert.equal(actions.length, 1, actions.map((a) => a.title).join(' | '));
    const fix = actions[0]!;
    assert.ok(fix.isPreferred);
    assert.match(fix.title, /^Remove (the empty 'value'|'value: .+') \(keep 'valueFromEnv'\)$/);
    const out = applyEdits(s.text, fix.edits);
    const after = analyze(out, language, OPTIONS).diagnostics.filter((x) => x.code !== 'unused-anchor');
    assert.deepEqual(after, [], out);
    // Only the null went: the name, the comments and the line endings are as written.
    const data = (language === 'json' ? JSON.parse(out) : parseYaml(out)) as {
      definition: { llm: { apiKey: unknown } };
    };
    assert.deepEqual(data.definition.llm.apiKey, { valueFromEnv: 'VENDOR_A_API_KEY' });
    for (const comment of s.text.match(/# the key/g) ?? []) assert.ok(out.includes(comment));
    if (s.text.includes('\r\n')) assert.doesNotMatch(out.replace(/\r\n/g, ''), /\n/);
  });
}

test('K13c: a literal beside valueFromEnv is still "both", with both fixes', () => {
  const secret = ['pw', 'Kilo', 'Sierra', String(7 * 6)].join('-');
  const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: ${secret}, valueFromEnv: VENDOR_A_API_KEY}\n`;
  const { doc, diagnostics } = analyze(text, 'yaml', OPTIONS);
  const d = diagnostics.find((x) => x.code === 'env-value-conflict')!;
  assert.match(d.message, /has both 'value' and 'valueFromEnv'; keep exactly one\.$/);
  const titles = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } })
    .filter((a) => a.diagnostic === d)
    .map((a) => a.title);
  assert.ok(titles.includes("Keep 'value' (remove 'valueFromEnv')"), titles.join(' | '));
});

test('K13c: an explicit null where a string belongs is said as null; nothing written, as empty', () => {
  const typeMessage = (value: string): string =>
    analyze(`${H}  llm:\n    provider: vendor_a\n    apiKey: {value: ${value}}\n`, 'yaml', OPTIONS).diagnostics.find(
      (d) => d.code === 'invalid-type',
    )?.message ?? '';
  assert.match(typeMessage('null'), /must be a string; found null\.$/);
  assert.match(typeMessage('~'), /must be a string; found null\.$/);
  assert.match(typeMessage(''), /must be a string; found an empty value\.$/);
});

test('K13c: a null is no credential: not masked, nor the word null in messages; a tag before it still is', () => {
  const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: null, valueFromEnv: VENDOR_A_API_KEY}\n`;
  const doc = parse(text, 'yaml');
  assert.deepEqual(secretRanges(doc), []);
  assert.equal(messageMasker(doc)("remove 'value: null'"), "remove 'value: null'");
  const tag = ['!Xq7', 'Lm2Rt9'].join('');
  const tagged = parse(`${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${tag} null\n`, 'yaml');
  const shown = secretRanges(tagged).map((r) => tagged.text.slice(r.offset, r.offset + r.length));
  assert.ok(
    shown.some((t) => t.includes(tag)),
    JSON.stringify(shown),
  );
});

test('REVIEW14-user U4: an empty or blank quoted value is no credential: not masked, so a code frame shows its quotes', () => {
  for (const empty of ['""', "''", '"  "']) {
    const doc = parse(`${H}  llm:\n    provider: vendor_a\n    apiKey: {value: ${empty}}\n`, 'yaml');
    assert.deepEqual(secretRanges(doc), [], empty);
  }
  // A tag before it keeps it masked (the tag may be the secret, as above).
  const tag = ['!Xq7', 'Lm2Rt9'].join('');
  const tagged = parse(`${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${tag} ""\n`, 'yaml');
  assert.ok(secretRanges(tagged).some((r) => tagged.text.slice(r.offset, r.offset + r.length).includes(tag)));
});
