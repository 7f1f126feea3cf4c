// The LLM in force: one function for the status item (`llm`) and Test Connection (`aiPrimitivesLlm`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { llmProviderInForce } from '../../server/src/service';
import { providerFromConfigText } from '../../server/src/service/connectionConfig';

const yaml = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &base',
  '    provider: " cloud_b "',
  '  aiPrimitivesLlm: *base',
  '',
].join('\r\n');

test('llmProviderInForce follows aliases and trims, for both fields', () => {
  const root = parse(yaml, 'yaml').root;
  assert.equal(llmProviderInForce(root, 'llm'), 'cloud_b');
  assert.equal(llmProviderInForce(root, 'aiPrimitivesLlm'), 'cloud_b');
  assert.equal(providerFromConfigText(yaml, 'yaml'), 'cloud_b');
});

test('llmProviderInForce: absent, empty or not a string is undefined; Test Connection falls back to hosted', () => {
  for (const text of [
    '{"kind":"AssistantConfig","definition":{"llm":{"provider":""}}}',
    '{"definition":{"llm":{"provider":3}}}',
    '{"definition":[]}',
    '[]',
    '',
  ]) {
    assert.equal(llmProviderInForce(parse(text, 'json').root, 'llm'), undefined, text);
    assert.equal(providerFromConfigText(text.replace('"llm"', '"aiPrimitivesLlm"'), 'json'), 'hosted', text);
  }
});
