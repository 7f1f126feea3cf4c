// compare19 (bench/errors-vs-peers.mjs, case y32): a key glued to its value by a missing space in a
// block mapping (`    provider:vendor_a` with keys below it) is one plain text to YAML, and the key
// lines below it more of that text. It was said as the `yaml` package's "Implicit keys need to be on a
// single line" over two lines, and "LlmConfig requires 'provider'" beside it: neither named the space.
// The line is now read with the space (parser/colonRepair.ts, as a key that lost its colon is), and the
// slip is one problem on the key that says so; the keys below are read as written. A glued
// `valueFromEnv:NAME` standing alone under a credential key was called a literal credential; it is the
// variable's name with a space missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const findings = (text: string): string[] =>
  analyze(text, 'yaml')
    .diagnostics.filter((d) => d.code !== 'env-not-set')
    .map((d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}`);

test('y32: `provider:vendor_a` above the LLM’s other keys: one finding on `provider:` that names the space (LF, CRLF)', () => {
  const text = `${H}  llm:\n    provider:vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`;
  for (const t of [text, crlf(text)]) {
    const ds = analyze(t, 'yaml').diagnostics.filter((d) => d.code !== 'env-not-set');
    assert.deepEqual(findings(t), ['syntax-error provider:']);
    assert.match(ds[0]!.message, /^A space is missing after 'provider:'.*Write 'provider: …'\.$/);
    // The value is not repeated (it may be a credential).
    assert.doesNotMatch(ds[0]!.message, /vendor_a/);
  }
  // Written with the space, nothing is said.
  assert.deepEqual(findings(text.replace('provider:vendor_a', 'provider: vendor_a')), []);
});

test('y32: the rest of the file is read as written: a misspelt key below the glued one is still said, once', () => {
  const text = `${H}  llm:\n    provider:cloud_a\n    endpont: https://my-resource.cloud-a.example/\n    apiKey: {valueFromEnv: CLOUD_A_API_KEY}\n  maxAssistantActions:5\n`;
  assert.deepEqual(findings(text), [
    'syntax-error provider:',
    'unknown-property endpont',
    'syntax-error maxAssistantActions:',
  ]);
  const ds = analyze(text, 'yaml').diagnostics;
  assert.match(ds.find((d) => d.code === 'unknown-property')!.message, /did you mean 'endpoint'/);
});

test('what is not a glued key is left as it was: prose slipped out of a block, an address, a key with its space', () => {
  // A line of instructions at the column of the keys (capitalised, a sentence): not a key.
  const prose = `${H}  systemInstructions: |\n    Answer briefly.\n  Note:keep it short.\n  llm:\n    provider: hosted\n`;
  assert.ok(!findings(prose).some((f) => f.includes('space is missing')));
  assert.ok(
    analyze(prose, 'yaml').diagnostics.every((d) => !/A space is missing/.test(d.message)),
    JSON.stringify(analyze(prose, 'yaml').diagnostics),
  );
  // `https://…` on a line of its own: not `https: //…`.
  const url = `${H}  llm:\n    provider: hosted\n  https://example.com/docs\n  maxItems: 3\n`;
  assert.ok(analyze(url, 'yaml').diagnostics.every((d) => !/A space is missing after 'https:'/.test(d.message)));
});

test('a glued `valueFromEnv:NAME` alone under apiKey: a missing space, not a literal credential; the fix writes the space', () => {
  const text = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv:VENDOR_A_API_KEY\n`;
  for (const t of [text, crlf(text)]) {
    const ds = analyze(t, 'yaml').diagnostics.filter((d) => d.code !== 'env-not-set');
    assert.deepEqual(
      ds.map((d) => d.code),
      ['invalid-type'],
    );
    assert.match(ds[0]!.message, /a space is missing after 'valueFromEnv:'/);
    const fixes = fixesFor(t, ds[0]!);
    assert.equal(fixes[0]!.title, "Insert a space after 'valueFromEnv:'");
    assert.equal(fixes[0]!.preferred, true);
    assert.equal(fixes[0]!.result, t.replace('valueFromEnv:VENDOR', 'valueFromEnv: VENDOR'));
  }
  // A credential glued to `value:` is a literal credential still; so is one glued to valueFromEnv.
  for (const v of ['value:sk-live-0123456789abcdefABCDEF', 'valueFromEnv:sk-live-0123456789abcdefABCDEF']) {
    const t = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      ${v}\n`;
    assert.ok(
      analyze(t, 'yaml').diagnostics.some((d) => d.code === 'literal-secret'),
      v,
    );
  }
});
