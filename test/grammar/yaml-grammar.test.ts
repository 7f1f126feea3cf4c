// The AssistantConfig YAML grammar (source.assistantconfig) on top of the YAML grammar: scopes of sample lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockTypes,
  loadGrammar,
  primitives,
  providers,
  safetyKeys,
  selectorTypes,
  tokenize,
  YAML_SCOPE,
  OUR_SCOPES,
  OURS,
} from './helpers';

const S = {
  tag: 'entity.name.tag.yaml',
  colon: 'punctuation.separator.key-value.mapping.yaml',
  plain: 'string.unquoted.plain.out.yaml',
  plainIn: 'string.unquoted.plain.in.yaml',
  dq: 'string.quoted.double.yaml',
  sq: 'string.quoted.single.yaml',
  comment: 'comment.line.number-sign.yaml',
  ...OUR_SCOPES,
};
const yaml = (text: string) => tokenize(YAML_SCOPE, text);

describe('YAML grammar: loading', () => {
  it('loads with the YAML base grammar', async () => {
    const g = await loadGrammar(YAML_SCOPE);
    assert.ok(g);
    const doc = await yaml('foo: bar');
    assert.ok(doc.allScopes().has(YAML_SCOPE));
  });
  it('the schema lists are what the format says', () => {
    assert.equal(providers.length, 7);
    assert.deepEqual([...selectorTypes].sort(), ['all', 'fixed', 'llm_selector']);
    assert.equal(blockTypes.length, 4);
    assert.deepEqual([...primitives].sort(), ['classify', 'extract', 'summarize', 'visualize']);
    assert.equal(safetyKeys.length, 5);
  });
});

describe('YAML grammar: header', () => {
  it('marks kind and AssistantConfig', async () => {
    const d = await yaml(
      '# yaml-language-server: $schema=../schemas/assistant-config.schema.json\nkind: AssistantConfig',
    );
    d.has(1, 'kind', [S.plain, S.tag, S.kindKey]);
    d.has(1, ':', S.colon);
    d.has(1, 'AssistantConfig', [S.plain, S.kindValue]);
  });
  it('marks version and v2', async () => {
    const d = await yaml('kind: AssistantConfig\nversion: v2');
    d.has(1, 'version', [S.tag, S.versionKey]);
    d.has(1, 'v2', [S.plain, S.versionValue]);
  });
  it('on the first line of a document marks the value and leaves the key to the YAML grammar', async () => {
    // No rule matches at the very start of a document: VS Code's YAML grammar begins its document rule there
    // (and marks the key inside its own key scope); this YAML grammar keeps its plain key scopes.
    const d = await yaml('kind: AssistantConfig\n---\nkind: AssistantConfig');
    d.has(0, 'kind', [S.plain, S.tag]);
    d.has(0, 'AssistantConfig', S.kindValue);
    d.has(2, 'kind', S.kindKey);
    d.has(2, 'AssistantConfig', S.kindValue);
  });
  it('marks quoted header values and keys', async () => {
    const d = await yaml(`kind: "AssistantConfig"\nversion: 'v2'\n"kind": AssistantConfig\n'version': "v2"`);
    d.has(0, 'AssistantConfig', [S.dq, S.kindValue]);
    d.has(0, '"', [S.dq, 'punctuation.definition.string.begin.yaml']);
    d.has(1, 'v2', [S.sq, S.versionValue]);
    d.has(2, 'kind', [S.tag, S.kindKey]);
    d.has(2, 'AssistantConfig', S.kindValue);
    d.has(3, 'version', [S.tag, S.versionKey]);
    d.has(3, 'v2', [S.dq, S.versionValue]);
  });
  it('marks a header followed by a comment, and the comment stays a comment', async () => {
    const d = await yaml('kind: AssistantConfig   # the header\nversion: v2 #v');
    d.has(0, 'AssistantConfig', S.kindValue);
    d.has(0, 'the header', S.comment);
    d.has(0, '#', 'punctuation.definition.comment.yaml');
    d.has(1, 'v2', S.versionValue);
    d.has(1, '#v', S.comment);
  });
  it('marks the top-level kind key but not a wrong value', async () => {
    const d = await yaml('---\nkind: AssistantConfigs\nversion: v3');
    d.has(1, 'kind', S.kindKey);
    d.lacks(1, 'AssistantConfigs', OURS);
    d.has(1, 'AssistantConfigs', S.plain);
    d.has(2, 'version', S.versionKey);
    d.lacks(2, 'v3', OURS);
  });
  it('does not mark an indented kind (not the header)', async () => {
    const d = await yaml('definition:\n  kind: AssistantConfig');
    d.lacks(1, 'kind', OURS);
    d.lacks(1, 'AssistantConfig', OURS);
    d.has(1, 'kind', S.tag);
  });
  it('marks the kind and version values in a flow mapping', async () => {
    const d = await yaml('{ kind: AssistantConfig, version: v2, definition: { llm: { provider: hosted } } }');
    d.has(0, 'kind', S.tag);
    d.has(0, 'AssistantConfig', [S.plainIn, S.kindValue]);
    d.has(0, 'v2', S.versionValue);
    d.has(0, 'hosted', S.provider);
  });
});

describe('YAML grammar: provider', () => {
  for (const p of providers) {
    it(`marks provider: ${p}`, async () => {
      const d = await yaml(`llm:\n  provider: ${p}\n  fallback:\n    provider: ${p} # fallback`);
      d.has(1, 'provider', S.tag);
      d.lacks(1, 'provider', OURS);
      d.has(1, p, [S.plain, S.provider]);
      d.has(3, p, S.provider);
      d.has(3, 'fallback', S.comment);
    });
  }
  it('marks double- and single-quoted providers, and a quoted provider key', async () => {
    const d = await yaml(
      `llm:\n  provider: "vendor_a"\n  provider: 'cloud_c'\n  "provider": hosted\n  'provider': "vendor_b" # c`,
    );
    d.has(1, 'vendor_a', [S.dq, S.provider]);
    d.has(1, '"', 'punctuation.definition.string.begin.yaml', 0);
    d.has(1, '"', 'punctuation.definition.string.end.yaml', 1);
    d.has(2, 'cloud_c', [S.sq, S.provider]);
    d.has(3, 'provider', [S.dq, S.tag]);
    d.has(3, 'hosted', S.provider);
    d.has(4, 'vendor_b', [S.dq, S.provider]);
    d.has(4, 'c', S.comment);
  });
  it('marks a provider in a list item', async () => {
    const d = await yaml('fallbacks:\n  - provider: cloud_a\n  -   provider: "hosted"');
    d.has(1, '-', 'punctuation.definition.block.sequence.item.yaml');
    d.has(1, 'provider', S.tag);
    d.has(1, 'cloud_a', S.provider);
    d.has(2, 'hosted', S.provider);
  });
  it('marks providers in flow mappings, nested, with and without spaces', async () => {
    const d = await yaml(
      [
        'llm: { provider: vendor_a, apiKey: { valueFromEnv: VENDOR_A_API_KEY }, fallback: { provider: hosted } }',
        'llm: {provider: cloud_b}',
        'llm: {"provider": "vendor_c"}',
        "llm: [ { provider: 'hosted' } ]",
        'llm: {',
        '  provider: cloud_c,',
        '  modelId: m',
        '}',
        'after: value',
      ].join('\n'),
    );
    d.has(0, 'vendor_a', [S.plainIn, S.provider]);
    d.has(0, 'VENDOR_A_API_KEY', S.env);
    d.has(0, 'hosted', S.provider);
    d.has(0, '}', 'punctuation.definition.mapping.end.yaml', 2);
    d.has(1, 'cloud_b', S.provider);
    d.has(1, '}', 'punctuation.definition.mapping.end.yaml');
    d.has(2, 'vendor_c', [S.dq, S.provider]);
    d.has(3, 'hosted', [S.sq, S.provider]);
    d.has(5, 'cloud_c', S.provider);
    d.has(5, ',', 'punctuation.separator.mapping.yaml');
    d.has(6, 'modelId', S.tag);
    d.has(8, 'after', S.tag);
    d.lacks(8, 'after', /meta\.flow/);
  });
  it('does not mark an unknown or misspelt provider', async () => {
    const d = await yaml(
      [
        'provider: hosted_x',
        'provider: Hosted',
        'provider: vendor_d # c',
        'provider: "vendorA"',
        'provider: hosted extra',
        'llm: { provider: cloud_z }',
        'provider:hosted',
      ].join('\n'),
    );
    d.lacks(0, 'hosted_x', OURS);
    d.has(0, 'hosted_x', S.plain);
    d.lacks(1, 'Hosted', OURS);
    d.lacks(2, 'vendor_d', OURS);
    d.has(2, 'c', S.comment);
    d.lacks(3, 'vendorA', OURS);
    d.has(3, 'vendorA', S.dq);
    d.lacks(4, 'hosted extra', OURS);
    d.lacks(5, 'cloud_z', OURS);
    d.lacks(6, 'provider:hosted', OURS);
  });
  it('does not mark a provider value after another key', async () => {
    const d = await yaml('model: hosted\nmyprovider: hosted\nprovider_x: vendor_a\nfoo provider: hosted');
    d.lacks(0, 'hosted', OURS);
    d.lacks(1, 'hosted', OURS);
    d.lacks(2, 'vendor_a', OURS);
    d.lacks(3, 'hosted', OURS); // the key is "foo provider"
  });
  it('marks a provider with white space around the colon', async () => {
    const d = await yaml('llm:\n  provider :   cloud_a\n  provider:\tvendor_b');
    d.has(1, 'cloud_a', S.provider);
    d.has(2, 'vendor_b', S.provider);
  });
});

describe('YAML grammar: schemaSelector type', () => {
  for (const t of selectorTypes) {
    it(`marks type: ${t}`, async () => {
      const d = await yaml(`schemaSelector:\n  type: ${t}\nschemaSelector: { type: "${t}" }`);
      d.has(1, 'type', S.tag);
      d.has(1, t, [S.plain, S.type]);
      d.has(2, t, [S.dq, S.type]);
    });
  }
  it('does not mark an unknown type', async () => {
    const d = await yaml('  type: every\n  type: allx');
    d.lacks(0, 'every', OURS);
    d.lacks(1, 'allx', OURS);
  });
});

describe('YAML grammar: enum values', () => {
  for (const key of safetyKeys) {
    it(`marks a BlockType after ${key}`, async () => {
      const lines = blockTypes.map((b, i) => (i % 2 ? `  ${key}: "${b}"` : `  ${key}: ${b}  # why`));
      const d = await yaml(['safetySettings:', ...lines].join('\n'));
      blockTypes.forEach((b, i) => {
        d.has(i + 1, key, S.tag);
        d.has(i + 1, b, S.blockType);
      });
    });
  }
  it('does not mark an unknown BlockType or a BlockType after another key', async () => {
    const d = await yaml('  harassment: blockAll\n  model: blockNone\n  dangerous: classify');
    d.lacks(0, 'blockAll', OURS);
    d.lacks(1, 'blockNone', OURS);
    d.lacks(2, 'classify', OURS);
  });
  it('marks BlockTypes in a flow mapping', async () => {
    const d = await yaml('safetySettings: { harassment: blockNone, dangerous: "blockLowAndAbove" }');
    d.has(0, 'blockNone', [S.plainIn, S.blockType]);
    d.has(0, 'blockLowAndAbove', [S.dq, S.blockType]);
  });
  for (const p of primitives) {
    it(`marks the primitive ${p} after primitiveName`, async () => {
      const d = await yaml(
        `overrideAiPrimitivesLlm:\n  - primitiveName: ${p}\n    llm: { provider: hosted }\n  - { primitiveName: '${p}', llm: { provider: hosted } }`,
      );
      d.has(1, 'primitiveName', S.tag);
      d.has(1, p, [S.plain, S.primitive]);
      d.has(2, 'hosted', S.provider);
      d.has(3, p, [S.sq, S.primitive]);
    });
  }
  it('does not mark a custom primitive (LlmPrimitive is any string)', async () => {
    const d = await yaml('  - primitiveName: translate');
    d.lacks(0, 'translate', OURS);
    d.has(0, 'translate', S.plain);
  });
});

describe('YAML grammar: valueFromEnv', () => {
  it('marks the variable name, plain and quoted, block and flow', async () => {
    const d = await yaml(
      [
        'apiKey:',
        '  valueFromEnv: VENDOR_A_API_KEY',
        '  valueFromEnv: "CLOUD_B_KEY_JSON" # secret',
        "  valueFromEnv: 'my-secret.name'",
        'apiKey: { valueFromEnv: CLOUD_C_ACCESS_KEY_ID }',
      ].join('\n'),
    );
    d.has(1, 'valueFromEnv', S.tag);
    d.lacks(1, 'valueFromEnv', OURS);
    d.has(1, 'VENDOR_A_API_KEY', [S.plain, S.env]);
    d.has(2, 'CLOUD_B_KEY_JSON', [S.dq, S.env]);
    d.has(2, 'secret', S.comment);
    d.has(3, 'my-secret.name', [S.sq, S.env]);
    d.has(4, 'CLOUD_C_ACCESS_KEY_ID', [S.plainIn, S.env]);
  });
  it('does not mark a literal value or an empty valueFromEnv', async () => {
    const d = await yaml('apiKey:\n  value: sk-123\n  valueFromEnv:\n  valueFromEnv: ""');
    d.lacks(1, 'sk-123', OURS);
    d.lacks(2, 'valueFromEnv', OURS);
    d.lacks(3, '""', OURS);
  });
});

describe('YAML grammar: stays YAML', () => {
  it('a plain YAML key keeps the YAML key scope and nothing of ours', async () => {
    const d = await yaml('definition:\n  systemInstructions: Answer briefly.\n  maxAssistantActions: 5');
    d.has(0, 'definition', [S.plain, S.tag]);
    d.lacks(0, 'definition', OURS);
    d.has(1, 'systemInstructions', [S.plain, S.tag]);
    d.has(1, 'Answer briefly.', S.plain);
    d.has(2, '5', 'constant.numeric.integer.yaml');
  });
  it('does not mark inside block scalars, quoted strings or comments', async () => {
    const d = await yaml(
      [
        'systemInstructions: |',
        '  provider: hosted',
        '  type: all',
        'note: "provider: hosted"',
        '# provider: hosted',
        '  # valueFromEnv: X',
        'kind: AssistantConfig',
      ].join('\n'),
    );
    d.has(1, 'provider: hosted', 'string.unquoted.block.yaml');
    d.lacks(1, 'hosted', OURS);
    d.lacks(2, 'all', OURS);
    d.lacks(3, 'hosted', OURS);
    d.has(3, 'provider: hosted', S.dq);
    d.has(4, 'provider: hosted', S.comment);
    d.lacks(4, 'hosted', OURS);
    d.lacks(5, 'X', OURS);
    // the block scalar ended: the header after it is marked again
    d.has(6, 'kind', S.kindKey);
    d.has(6, 'AssistantConfig', S.kindValue);
  });
  it('a whole document: every line after a marked one is still YAML', async () => {
    const d = await yaml(
      [
        'kind: AssistantConfig',
        'version: v2',
        'definition:',
        '  llm:',
        '    provider: vendor_c',
        '    model: some-model',
        '    apiKey:',
        '      valueFromEnv: VENDOR_C_API_KEY',
        '    safetySettings:',
        '      harassment: blockOnlyHigh',
        '    fallback:',
        '      provider: hosted',
        '  schemaSelector:',
        '    type: fixed',
        '    tables:',
        '      - schemaName: public',
        '        tableName: orders',
        '        columns: []',
        '  featureFlags:',
        '    enable_automations: true',
      ].join('\n'),
    );
    d.has(4, 'vendor_c', S.provider);
    d.has(5, 'model', S.tag);
    d.has(5, 'some-model', S.plain);
    d.has(7, 'VENDOR_C_API_KEY', S.env);
    d.has(9, 'blockOnlyHigh', S.blockType);
    d.has(11, 'hosted', S.provider);
    d.has(13, 'fixed', S.type);
    d.has(15, 'schemaName', S.tag);
    d.has(17, '[', 'punctuation.definition.sequence.begin.yaml');
    d.has(19, 'true', 'constant.language.boolean.yaml');
    assert.ok(![...d.allScopes()].some((s) => s.startsWith('invalid')), 'no invalid scopes');
  });
});
