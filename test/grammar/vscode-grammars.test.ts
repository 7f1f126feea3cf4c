// The AssistantConfig grammars on top of VS Code's own YAML and JSON grammars (the ones users see in VS Code),
// from the VS Code build that test/e2e/setup.sh installs (see vscodeExtensionsDir; without it these tests fail
// and say so). Only our scopes are asserted,
// and that the YAML grammar's structure survives our rules (every line stays inside its document).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSON_SCOPE, providers, tokenize, YAML_SCOPE } from './helpers';

const OURS = /^(?!source\.).*\.assistantconfig$/;
const yaml = (text: string) => tokenize(YAML_SCOPE, text, 'vscode');

describe("with VS Code's YAML grammar", () => {
  const doc = [
    'kind: AssistantConfig # header',
    'version: "v2"',
    'definition:',
    '  systemInstructions: |',
    '    provider: hosted',
    '  llm:',
    '    provider: vendor_c',
    '    apiKey: { valueFromEnv: VENDOR_C_KEY }',
    '    safetySettings:',
    '      harassment: blockNone   # c',
    "    fallback: {provider: 'cloud_b', modelId: x}",
    '  overrideAiPrimitivesLlm:',
    '    - primitiveName: classify',
    '      llm: { "provider":"hosted" }',
    '  schemaSelector:',
    '    type: llm_selector',
    '    llm:',
    '      provider: hosted_x',
    '      fallback:',
    '        - provider: cloud_a',
  ].join('\n');

  it('marks the header on the first line, with the key inside the YAML key scope', async () => {
    const d = await yaml(doc);
    d.has(0, 'kind', ['entity.name.tag.yaml', 'keyword.other.kind.assistantconfig', 'meta.stream.yaml']);
    d.has(0, 'AssistantConfig', 'entity.name.type.kind.assistantconfig');
    d.has(0, 'header', 'comment.line.number-sign.yaml');
    d.has(1, 'version', 'keyword.other.version.assistantconfig');
    d.has(1, 'v2', ['string.quoted.double.yaml', 'constant.language.version.assistantconfig']);
  });

  it('marks values in block and flow mappings and lists, not unknown ones or block scalars', async () => {
    const d = await yaml(doc);
    d.lacks(4, 'hosted', OURS);
    d.has(6, 'vendor_c', 'constant.language.provider.assistantconfig');
    d.has(7, 'VENDOR_C_KEY', 'variable.other.environment.assistantconfig');
    d.has(9, 'blockNone', 'support.constant.enum.block-type.assistantconfig');
    d.has(9, '# c', 'comment.line.number-sign.yaml');
    d.has(10, 'cloud_b', ['string.quoted.single.yaml', 'constant.language.provider.assistantconfig']);
    d.has(12, 'classify', 'support.constant.enum.llm-primitive.assistantconfig');
    d.has(13, 'hosted', 'constant.language.provider.assistantconfig');
    d.has(15, 'llm_selector', 'constant.language.type.assistantconfig');
    d.lacks(17, 'hosted_x', OURS);
    d.has(19, 'cloud_a', 'constant.language.provider.assistantconfig');
  });

  it('keeps the YAML structure: every line is in the document, keys keep the key scope, nothing invalid', async () => {
    const d = await yaml(doc);
    d.lines.forEach((line, i) => {
      if (line.trim())
        for (const t of d.tokens[i] ?? [])
          assert.ok(t.scopes.includes('meta.stream.yaml'), `line ${i} "${t.text}" is outside the YAML stream`);
    });
    for (const [i, key] of [
      [2, 'definition'],
      [5, 'llm'],
      [6, 'provider'],
      [16, 'llm'],
    ] as const)
      d.has(i, key, ['meta.map.key.yaml', 'entity.name.tag.yaml']);
    assert.deepEqual(
      [...d.allScopes()].filter((s) => s.startsWith('invalid')),
      [],
    );
  });

  for (const p of providers) {
    it(`marks provider: ${p} on the first line too`, async () => {
      const d = await yaml(`provider: ${p}\nfallback:\n  provider: "${p}"`);
      d.has(0, p, 'constant.language.provider.assistantconfig');
      d.has(2, p, 'constant.language.provider.assistantconfig');
      d.has(1, 'fallback', 'meta.map.key.yaml');
    });
  }
});

describe("with VS Code's JSON grammar", () => {
  it('marks the header and values, and the JSON stays valid', async () => {
    const d = await tokenize(
      JSON_SCOPE,
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": { "llm": { "provider": "cloud_c", "cloudAccessKeyId": { "valueFromEnv": "AK" } } }\n}',
      'vscode',
    );
    d.has(1, 'kind', 'keyword.other.kind.assistantconfig');
    d.has(1, 'AssistantConfig', 'entity.name.type.kind.assistantconfig');
    d.has(2, 'v2', 'constant.language.version.assistantconfig');
    d.has(3, 'cloud_c', 'constant.language.provider.assistantconfig');
    d.has(3, 'AK', 'variable.other.environment.assistantconfig');
    assert.deepEqual(
      [...d.allScopes()].filter((s) => s.startsWith('invalid')),
      [],
    );
  });
});
