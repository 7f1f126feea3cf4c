// `unknown-discriminator` fixes are variant changes: the variant whose fields are written ranks first
// (preferred when it alone fits), the chosen variant's required fields are added as placeholders, and
// nothing the user wrote is removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';

const CLOUD_B =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: true\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson:\n      valueFromEnv: CLOUD_B_SERVICE_ACCOUNT_KEY_JSON\n';

function fixesFor(text: string) {
  const { doc, diagnostics } = analyze(text, 'yaml');
  const d = diagnostics.find((x) => x.code === 'unknown-discriminator');
  assert.ok(d, 'an unknown-discriminator diagnostic');
  return getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }).filter((a) => a.diagnostic === d);
}

test('a non-string provider with cloud_b fields: cloud_b first and preferred, nothing removed', () => {
  const actions = fixesFor(CLOUD_B);
  assert.equal(actions[0]?.title, "Change 'provider' to 'cloud_b'");
  assert.equal(actions[0]?.isPreferred, true);
  assert.equal(actions.filter((a) => a.isPreferred).length, 1);
  const out = applyEdits(CLOUD_B, actions[0]!.edits);
  assert.equal(analyze(out, 'yaml').diagnostics.filter((x) => x.severity === 'error').length, 0, out);
  for (const a of actions) {
    const text = applyEdits(CLOUD_B, a.edits);
    for (const kept of ['modelId: m', 'cloudProject: p', 'cloudLocation: l', 'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON'])
      assert.ok(text.includes(kept), `${a.title} keeps ${kept}`);
  }
});

test('switching to another variant adds its required fields as placeholders that keep a diagnostic', () => {
  const a = fixesFor(CLOUD_B).find((x) => x.title.startsWith("Change 'provider' to 'vendor_c'"));
  assert.ok(a);
  assert.match(a.title, /and add 'apiKey'/);
  const out = applyEdits(CLOUD_B, a.edits);
  const after = analyze(out, 'yaml').diagnostics;
  assert.ok(out.includes('apiKey:\n      valueFromEnv: '), out);
  assert.ok(!after.some((x) => x.code === 'missing-required'), after.map((x) => x.message).join('\n'));
  assert.ok(!after.some((x) => x.code === 'unknown-discriminator'));
});

test('a duplicate provider, the read one null: the fix edits the read occurrence and ranks vendor_c first', () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  aiPrimitivesLlm:\n    provider: vendor_c\n    model: ""\n    apiKey:\n      valueFromEnv: K\n    safetySettings: null\n    provider: null\n';
  const actions = fixesFor(text);
  assert.equal(actions[0]?.title, "Change 'provider' to 'vendor_c'");
  assert.equal(actions[0]?.isPreferred, true);
  const out = applyEdits(text, actions[0]!.edits);
  assert.ok(out.endsWith('    safetySettings: null\n    provider: vendor_c\n'), out);
});
