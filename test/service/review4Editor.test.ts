// REVIEW4 editor findings: G10 (anchor completion showed a credential-shaped anchor name unmasked),
// G14 (a JSON file was told to write YAML). G18 (a tab line in a `|2` block scalar) is in
// test/validation/indentRepair.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, doComplete } from '../../server/src/service';

test('G10: completion after * masks a credential-shaped anchor name in its label, and still writes the name', () => {
  const name = 'Pq8Lm3Xw7Zk2Rt9Vn4Bc6Yd1Hf5Js0Ka2Ue';
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n    fallback: &${name}\n      provider: hosted\n  aiPrimitivesLlm: *\n  threadTitleGeneration:\n    enable: true\n    llm: &main {provider: hosted}\n`;
  const offset = text.indexOf('*\n') + 1;
  const items = doComplete(parse(text, 'yaml'), offset, { env: undefined }).items;
  const item = items.find((i) => i.insertText?.includes(name))!;
  assert.ok(item, 'the anchor is still offered');
  assert.ok(!item.label.includes(name.slice(0, 8)), item.label);
  assert.match(item.label, /^\*\*+$|^\*.*\*{4}/);
  const done = applyEdits(text, [
    { offset: item.replace!.offset, length: item.replace!.length, newText: item.insertText! },
  ]);
  assert.match(done, new RegExp(`aiPrimitivesLlm: \\*${name}\\n`));
});

test('G14: a JSON file is told the JSON to write, a YAML file the YAML', () => {
  const json = `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "cloud_c",\n      "modelId": "m",\n      "regionName": "eu-central-1",\n      "cloudAccessKeyId": "$AWS_ACCESS_KEY_ID",\n      "cloudSecretAccessKey": { "valueFromEnv": "K" }\n    }\n  }\n}\n`;
  const d = analyze(json, 'json').diagnostics.find((x) => x.code === 'invalid-type')!;
  assert.match(d.message, /write '"cloudAccessKeyId": \{ "valueFromEnv": "AWS_ACCESS_KEY_ID" \}'/);
  const yaml = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_c\n    modelId: m\n    regionName: eu-central-1\n    cloudAccessKeyId: \${AWS_ACCESS_KEY_ID}\n    cloudSecretAccessKey: {valueFromEnv: K}\n`;
  const y = analyze(yaml, 'yaml').diagnostics.find((x) => x.code === 'invalid-type')!;
  assert.match(y.message, /write 'cloudAccessKeyId: \{ valueFromEnv: AWS_ACCESS_KEY_ID \}'/);
});
