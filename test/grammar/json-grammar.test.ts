// The AssistantConfig JSON grammar (source.assistantconfig.json) on top of the JSON grammar: scopes of sample lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockTypes,
  JSON_SCOPE,
  loadGrammar,
  primitives,
  providers,
  safetyKeys,
  selectorTypes,
  tokenize,
  OUR_SCOPES,
  OURS,
} from './helpers';

const S = {
  key: 'support.type.property-name.json',
  string: 'string.quoted.double.json',
  value: 'meta.structure.dictionary.value.json',
  pairSep: 'punctuation.separator.dictionary.pair.json',
  colon: 'punctuation.separator.dictionary.key-value.json',
  ...OUR_SCOPES,
};
const json = (text: string) => tokenize(JSON_SCOPE, text);
const noInvalid = (scopes: Set<string>) =>
  assert.deepEqual(
    [...scopes].filter((s) => s.startsWith('invalid')),
    [],
  );

describe('JSON grammar', () => {
  it('loads with the JSON base grammar', async () => {
    assert.ok(await loadGrammar(JSON_SCOPE));
  });

  it('marks kind, version and their values', async () => {
    const d = await json('{\n  "kind": "AssistantConfig",\n  "version": "v2" // v2 only\n}');
    d.has(1, 'kind', [S.key, S.kindKey]);
    d.has(1, ':', S.colon);
    d.has(1, 'AssistantConfig', [S.string, S.kindValue]);
    d.has(1, ',', S.pairSep);
    d.has(2, 'version', [S.key, S.versionKey]);
    d.has(2, 'v2', [S.string, S.versionValue]);
    d.has(2, '// v2 only', 'comment.line.double-slash.js');
    noInvalid(d.allScopes());
  });

  it('does not mark a wrong kind or version', async () => {
    const d = await json('{ "kind": "Assistant", "version": "v1" }');
    d.lacks(0, 'kind', OURS);
    d.lacks(0, 'Assistant', OURS);
    d.has(0, 'Assistant', S.string);
    d.lacks(0, 'v1', OURS);
  });

  for (const p of providers) {
    it(`marks "provider": "${p}"`, async () => {
      const d = await json(`{ "llm": { "provider": "${p}", "fallback": { "provider": "${p}" } } }`);
      d.has(0, 'provider', S.key);
      d.lacks(0, 'provider', OURS);
      d.has(0, p, [S.string, S.provider]);
      d.has(0, p, S.provider, 1);
      d.has(0, 'fallback', S.key);
      noInvalid(d.allScopes());
    });
  }

  it('does not mark an unknown provider, or one inside another string', async () => {
    const d = await json(
      '{ "provider": "hosted_x", "systemInstructions": "provider: hosted", "model": "hosted", "provider": "Hosted" }',
    );
    d.lacks(0, 'hosted_x', OURS);
    d.has(0, 'hosted_x', S.string);
    d.lacks(0, 'provider: hosted', OURS);
    d.lacks(0, 'hosted', OURS, 2);
    d.lacks(0, 'Hosted', OURS);
    noInvalid(d.allScopes());
  });

  for (const t of selectorTypes) {
    it(`marks "type": "${t}"`, async () => {
      const d = await json(`{ "schemaSelector": { "type": "${t}" } }`);
      d.has(0, t, [S.string, S.type]);
    });
  }

  it('marks BlockTypes after every safety setting', async () => {
    const lines = safetyKeys.map(
      (k, i) => `  "${k}": "${blockTypes[i % blockTypes.length] ?? ''}"${i < safetyKeys.length - 1 ? ',' : ''}`,
    );
    const d = await json(['{', ...lines, '}'].join('\n'));
    safetyKeys.forEach((k, i) => {
      d.has(i + 1, k, S.key);
      d.has(i + 1, blockTypes[i % blockTypes.length] ?? '', [S.string, S.blockType]);
    });
    noInvalid(d.allScopes());
  });

  it('marks the four primitives after primitiveName, not a custom one', async () => {
    const items = [...primitives, 'translate'].map(
      (p) => `{ "primitiveName": "${p}", "llm": { "provider": "hosted" } }`,
    );
    const d = await json(`{ "overrideAiPrimitivesLlm": [\n${items.join(',\n')}\n] }`);
    primitives.forEach((p, i) => d.has(i + 1, p, [S.string, S.primitive]));
    d.lacks(primitives.length + 1, 'translate', OURS);
    noInvalid(d.allScopes());
  });

  it('marks valueFromEnv names, not literal values', async () => {
    const d = await json('{ "apiKey": { "valueFromEnv": "VENDOR_A_API_KEY" }, "other": { "value": "sk-1" } }');
    d.has(0, 'VENDOR_A_API_KEY', [S.string, S.env]);
    d.has(0, 'valueFromEnv', S.key);
    d.lacks(0, 'sk-1', OURS);
  });

  it('keeps the JSON structure around marked pairs (commas, next keys, multi-line pairs)', async () => {
    const d = await json(
      ['{', '  "provider" :  "hosted" ,', '  "fallback": null,', '  "provider":', '    "hosted"', '}'].join('\n'),
    );
    d.has(1, 'hosted', S.provider);
    d.has(1, ',', S.pairSep);
    d.has(2, 'fallback', S.key);
    d.has(2, 'null', 'constant.language.json');
    // a value on the next line is left to the JSON grammar
    d.has(4, 'hosted', S.string);
    d.lacks(4, 'hosted', OURS);
    d.has(5, '}', 'punctuation.definition.dictionary.end.json');
    noInvalid(d.allScopes());
  });
});
