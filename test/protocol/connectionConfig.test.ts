// assistantConfig/connectionConfig: the editor's Test Connection asks the server what the active
// document says (its first syntax error, or its aiPrimitivesLlm.provider and where it is written), so
// that the client bundles carry no parser. The answer is the CLI's reading of `--config`.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { CONNECTION_CONFIG_REQUEST } from '../../server/src/shared';
import type { ConnectionConfigFacts } from '../../server/src/shared';
import { connectionConfigFacts } from '../../server/src/service/connectionConfig';

let c: TestClient;
before(async () => {
  c = new TestClient();
  await c.initialize();
});
after(() => c.kill());

const ask = (p: unknown): Promise<ConnectionConfigFacts | null> => c.request(CONNECTION_CONFIG_REQUEST, p);

test('the provider and its line, as users write it: anchors, merge keys, comments, CRLF, JSON', async () => {
  const cases: [string, 'yaml' | 'json', ConnectionConfigFacts][] = [
    [
      '# team config\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &shared # the main one\n    provider: vendor_a\n  aiPrimitivesLlm:\n    <<: *shared\n',
      'yaml',
      { provider: 'vendor_a', source: 'aiPrimitivesLlm.provider in a.yaml, line 6' },
    ],
    [
      'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  aiPrimitivesLlm:\r\n    systemInstructions: |\r\n      be brief\r\n    provider: cloud_b\r\n',
      'yaml',
      { provider: 'cloud_b', source: 'aiPrimitivesLlm.provider in a.yaml, line 7' },
    ],
    [
      '{"kind":"AssistantConfig","version":"v2","definition":{"aiPrimitivesLlm":{"provider":"cloud_b"}}}',
      'json',
      { provider: 'cloud_b', source: 'aiPrimitivesLlm.provider in a.yaml, line 1' },
    ],
    [
      'kind: AssistantConfig\nversion: v2\n',
      'yaml',
      { provider: 'hosted', source: 'aiPrimitivesLlm.provider in a.yaml' },
    ],
  ];
  for (const [text, language, want] of cases) {
    assert.deepEqual(await ask({ text, language, file: 'a.yaml' }), want, text);
    assert.deepEqual(connectionConfigFacts(text, language, 'a.yaml'), want, 'the CLI reads the same');
  }
});

test('a syntax error is the answer (the provider is not read), YAML and JSON', async () => {
  const y = await ask({
    text: 'definition:\n  aiPrimitivesLlm: {provider: hosted\n  x: [1, 2\n',
    language: 'yaml',
    file: 'a',
  });
  assert.ok(y && 'syntaxError' in y, JSON.stringify(y));
  assert.match(y.syntaxError, /^line \d+, column \d+: /);
  const j = await ask({
    text: '{"definition": {"aiPrimitivesLlm": {"provider": "cloud_b",}\n oops',
    language: 'json',
    file: 'a',
  });
  assert.ok(j && 'syntaxError' in j, JSON.stringify(j));
});

test('bad parameters get a clear error, and the server goes on', async () => {
  for (const p of [null, {}, { text: 1, language: 'yaml', file: 'a' }, { text: '', language: 'toml', file: 'a' }]) {
    await assert.rejects(ask(p), (e: Error) =>
      /takes \{ text: string, language: "yaml" \| "json", file: string \}/.test(e.message),
    );
  }
  assert.deepEqual(await ask({ text: '', language: 'json', file: 'b.json' }), {
    provider: 'hosted',
    source: 'aiPrimitivesLlm.provider in b.json',
  });
});
