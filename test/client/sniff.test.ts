// The content sniff that decides whether a YAML/JSON file is an AssistantConfig file (issue 16;
// REVIEW7 J1: one rule and one window for the CLI, the server and the client): top-level
// `kind: AssistantConfig` only, read from the head of the file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SNIFF_CHARS,
  declaresAssistantConfigKind as declares,
  kindNamesAssistantConfig,
  looksLikeConfigWithoutKind,
  providerValuesFromSchema,
} from '../../server/src/shared';
import { associatedLanguage, matchesAssociation } from '../../client/src/glob';
import { ROOT } from '../helpers';

const head = (t: string): boolean => declares(t);

describe('sniff: YAML', () => {
  test('kind on the first line', () => assert.ok(head('kind: AssistantConfig\nversion: v2\n')));
  test('comments and blank lines before kind', () =>
    assert.ok(head('# project config\n\n# owner: data team\n\nkind: AssistantConfig\nversion: v2\n')));
  test('kind after other top-level keys, with a block scalar before it', () =>
    assert.ok(
      head(
        'version: v2\ndefinition:\n  instructions: |\n    kind: not this one\n    Be brief.\nkind: AssistantConfig\n',
      ),
    ));
  test('quoted value, trailing comment, document start', () => {
    assert.ok(head("kind: 'AssistantConfig'\n"));
    assert.ok(head('kind: "AssistantConfig"   # the only kind\n'));
    assert.ok(head('---\nkind: AssistantConfig\n'));
  });
  test('a BOM before kind', () => assert.ok(head('\uFEFFkind: AssistantConfig\nversion: v2\n')));
  test('CRLF line ends', () => {
    assert.ok(head('# c\r\n\r\nkind: AssistantConfig\r\nversion: v2\r\n'));
    assert.ok(head('\uFEFF# c\r\nkind: AssistantConfig\r\n'));
  });
  test('kind nested deeper than the top level does not match', () => {
    assert.equal(head('apiVersion: v1\nmetadata:\n  kind: AssistantConfig\n'), false);
    assert.equal(head('items:\n  - kind: AssistantConfig\n'), false);
    assert.equal(head('spec:\n    kind: AssistantConfig\n'), false);
  });
  test('another kind, or the word elsewhere, does not match', () => {
    assert.equal(head('kind: Deployment\n'), false);
    assert.equal(head('# kind: AssistantConfig\nkind: Service\n'), false);
    assert.equal(head('kind: AssistantConfigV3\n'), false);
    assert.equal(head('name: kind: AssistantConfig\n'), false);
    assert.equal(head(''), false);
  });
});

describe('sniff: a misspelt kind still counts, so that it is reported rather than left unchecked (REVIEW18-user U6)', () => {
  test('slips of the name: case, separators, a letter dropped, added, replaced or swapped', () => {
    for (const v of [
      'AssistantConfg',
      'AsistantConfig',
      'AssitantConfig',
      'AssistantConifg',
      'AssistentConfig',
      'assistantconfig',
      'assistant-config',
      'Assistant_Config',
      'ASSISTANT.CONFIG',
      'AssistantKonfig',
    ])
      assert.ok(kindNamesAssistantConfig(v), v);
  });
  test('other kinds do not: a longer name that holds the whole of it, a far one, a part', () => {
    for (const v of [
      'AssistantConfigV3',
      'AssistantConfigs',
      'AssistantConfigMap',
      'AssistantCfg',
      'Assistant',
      'Config',
      'ConfigMap',
      'Deployment',
      '',
    ])
      assert.equal(kindNamesAssistantConfig(v), false, v);
  });
  test('in every form the sniff reads: block, quoted, with a comment, CRLF, JSON, JSONC, a YAML flow mapping', () => {
    assert.ok(head('# prod\nkind: AssistantConfg\nversion: v2\n'));
    assert.ok(head("kind: 'Assistant-Config'   # typed by hand\r\nversion: v2\r\n"));
    assert.ok(head('kind: "AsistantConfig"\n'));
    assert.ok(head('{\n  "version": "v2",\n  "kind": "assistantconfig"\n}\n'));
    assert.ok(head('// c\n{"kind": "AssistantConfg"}'));
    assert.ok(head('{kind: AssistantConifg, version: v2, definition: {llm: {provider: hosted}}}\n'));
  });
  test('still only at the top level', () => {
    assert.equal(head('metadata:\n  kind: AssistantConfg\n'), false);
    assert.equal(head('{"spec": {"kind": "AssistantConfg"}}'), false);
    assert.equal(head('# kind: AssistantConfg\nkind: Service\n'), false);
  });
});

describe('sniff: YAML that mentions kind without declaring it (no false positive)', () => {
  test('in a block scalar, literal or folded, at the top or deeper', () => {
    assert.equal(head('notes: |\n  kind: AssistantConfig\nother: 1\n'), false);
    assert.equal(head('notes: >-\n  kind: AssistantConfig\n\n  more\n'), false);
    assert.equal(head('a:\n  b: |\n    kind: AssistantConfig\n'), false);
  });
  test('in a comment, after a value or on its own line', () => {
    assert.equal(head('other: 1 # kind: AssistantConfig\n'), false);
    assert.equal(head('  # kind: AssistantConfig\nother: 1\n'), false);
  });
  test('in a quoted string', () => assert.equal(head('note: "kind: AssistantConfig"\n'), false));
});

describe('sniff: a YAML flow mapping at the top (REVIEW7 J1)', () => {
  test('on one line, kind first or last, plain or quoted', () => {
    assert.ok(head('{kind: AssistantConfig, version: v2, definition: {llm: {provider: hosted}}}\n'));
    assert.ok(head('{version: v2, definition: {llm: {provider: hosted}}, kind: AssistantConfig}'));
    assert.ok(head("{'kind': 'AssistantConfig'}"));
    assert.ok(head('{"kind": AssistantConfig}'));
    assert.ok(head('{"kind":"AssistantConfig", version: v2}'), 'a quoted key may have its colon adjacent');
  });
  test('across lines, after comments, directives and ---, with comments inside', () => {
    assert.ok(head('# header {\n%YAML 1.2\n---\n{\n  version: v2, # "quoted" {\n  kind:\n    AssistantConfig\n}\n'));
    assert.ok(head('--- {kind: AssistantConfig}\n'));
    assert.ok(head('\uFEFF  {\r\n  version: v2,\r\n  kind: AssistantConfig\r\n}\r\n'));
    assert.ok(head('--- # the config\n{kind: AssistantConfig}\n'));
  });
  test('values with flow indicators, colons and quotes inside scalars do not derail it', () => {
    assert.ok(head('{url: \'http://x/{a}\', note: "it\'s: \\"{", model: a:b, kind: AssistantConfig}'));
    assert.ok(head("{note: 'it''s {', kind: AssistantConfig}"));
    assert.ok(head('{list: [a, {b: c}], kind: AssistantConfig}'));
  });
  test('kind nested, as a value, inside a scalar, or not the whole value does not match', () => {
    assert.equal(head('{meta: {kind: AssistantConfig}}'), false);
    assert.equal(head('{a: kind, b: AssistantConfig}'), false);
    assert.equal(head('{a: kind: AssistantConfig}'), false);
    assert.equal(head('{note: "kind: AssistantConfig"}'), false);
    assert.equal(head("{note: 'kind: AssistantConfig'}"), false);
    assert.equal(head('{kind:AssistantConfig}'), false, 'a plain `kind:AssistantConfig` is one scalar');
    assert.equal(head('{kind: AssistantConfig extra}'), false);
    assert.equal(head('{kind: [AssistantConfig]}'), false);
    assert.equal(head('{kind: Deployment} # kind: AssistantConfig\n'), false);
    assert.equal(head('[{kind: AssistantConfig}]'), false);
    assert.equal(head('# c\n[{kind: AssistantConfig}]\n'), false);
    assert.equal(head('{a: 1}\n'), false);
  });
  test('unterminated or cut texts end the scan without a match', () => {
    for (const t of ['{', '{kind', '{kind:', '{kind: "Assist', "{a: 'x", '{a: 1 #', '{"a":', '{? '])
      assert.equal(head(t), false, t);
    assert.ok(head('{kind: AssistantConfig'), 'the head of a longer flow mapping');
  });
});

describe('sniff: JSON', () => {
  test('kind first, formatted or minified', () => {
    assert.ok(head('{\n  "kind": "AssistantConfig",\n  "version": "v2"\n}\n'));
    assert.ok(head('{"kind":"AssistantConfig","version":"v2"}'));
  });
  test('kind not first, after a nested object that has its own kind', () =>
    assert.ok(
      head(
        '{\n  "version": "v2",\n  "definition": { "kind": "Other", "llm": { "provider": "hosted" } },\n  "kind": "AssistantConfig"\n}',
      ),
    ));
  test('BOM and CRLF', () => assert.ok(head('\uFEFF{\r\n  "version": "v2",\r\n  "kind": "AssistantConfig"\r\n}\r\n')));
  test('escaped quotes inside strings do not derail the scan', () =>
    assert.ok(head('{"note": "say \\"kind\\": \\"AssistantConfig\\" {", "kind": "AssistantConfig"}')));
  test('JSONC comments before and between keys', () =>
    assert.ok(head('// config\n{\n  /* "kind": "x", { */\n  "kind": "AssistantConfig"\n}')));
  test('kind nested deeper than the top level does not match', () => {
    assert.equal(head('{"definition": {"kind": "AssistantConfig"}}'), false);
    assert.equal(head('[{"kind": "AssistantConfig"}]'), false);
    assert.equal(head('{"items": [{"kind": "AssistantConfig"}], "x": 1}'), false);
  });
  test('the string "kind" as a value does not match', () =>
    assert.equal(head('{"a": "kind", "b": "AssistantConfig"}'), false));
});

describe('sniff: a huge file is read only at its start', () => {
  const filler = (n: number): string => Array.from({ length: n }, (_, i) => `key${i}: value ${i}`).join('\n');
  test('kind within the head of a 5 MB file matches, past the head it does not', () => {
    const big = filler(300_000);
    assert.ok(big.length > 5_000_000);
    assert.ok(head(`kind: AssistantConfig\n${big}`));
    assert.equal(head(`${big}\nkind: AssistantConfig\n`), false, 'a kind far past the head is not looked for');
  });
  test('the limit is a hard bound: a kind that starts just inside but ends outside it does not match', () => {
    const pad = '#'.repeat(SNIFF_CHARS - 10) + '\n';
    assert.equal(head(`${pad}kind: AssistantConfig\n`), false);
    assert.ok(head(`${'#'.repeat(SNIFF_CHARS - 40)}\nkind: AssistantConfig\n`));
  });
});

describe('looks like an AssistantConfig without kind (the quiet offer)', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/assistant-config.schema.json'), 'utf8')) as unknown;
  const providers = new Set(providerValuesFromSchema(schema));
  test('the provider values come from the schema: every LlmConfig variant', () => {
    const defs = (schema as { definitions: { LlmConfig: { allOf: { then: { $ref: string } }[] } } }).definitions;
    assert.equal(providers.size, defs.LlmConfig.allOf.length);
    assert.ok(providers.size >= 2);
  });
  const someProvider = [...providerValuesFromSchema(schema)][1]!;
  test('definition.llm.provider with a known value', () => {
    assert.ok(
      looksLikeConfigWithoutKind(
        `# mine\ndefinition:\n  instructions: |\n    hi\n  llm:\n    provider: ${someProvider}\n`,
        providers,
      ),
    );
    assert.ok(
      looksLikeConfigWithoutKind(
        `version: v2\r\ndefinition:\r\n  llm:\r\n    provider: "${someProvider}"  # chosen\r\n`,
        providers,
      ),
    );
  });
  test('not offered: unknown provider, wrong place, or kind already there', () => {
    assert.equal(
      looksLikeConfigWithoutKind('definition:\n  llm:\n    provider: nope_not_a_provider\n', providers),
      false,
    );
    assert.equal(looksLikeConfigWithoutKind(`llm:\n  provider: ${someProvider}\n`, providers), false);
    assert.equal(
      looksLikeConfigWithoutKind(`definition:\n  other:\n    provider: ${someProvider}\n`, providers),
      false,
    );
    assert.equal(
      looksLikeConfigWithoutKind(`kind: Deployment\ndefinition:\n  llm:\n    provider: ${someProvider}\n`, providers),
      false,
    );
    assert.equal(looksLikeConfigWithoutKind(`definition:\n  llm:\n    provider: ${someProvider}\n`, new Set()), false);
  });
});

describe('files.associations patterns', () => {
  test('a pattern without a slash matches the file name', () => {
    assert.ok(matchesAssociation('*.yaml', '/w/config/prod.yaml'));
    assert.ok(matchesAssociation('prod.{yaml,yml}', '/w/config/prod.yml'));
    assert.equal(matchesAssociation('*.yml', '/w/config/prod.yaml'), false);
  });
  test('a pattern with a slash matches the path', () => {
    assert.ok(matchesAssociation('**/config/*.yaml', '/w/config/prod.yaml'));
    assert.equal(matchesAssociation('**/deploy/*.yaml', '/w/config/prod.yaml'), false);
    assert.ok(matchesAssociation('/w/config/prod.yaml', '/w/config/prod.yaml'));
  });
  test('the language of the first matching pattern', () => {
    assert.equal(associatedLanguage({ '*.json': 'jsonc', '**/config/*.yaml': 'yaml' }, '/w/config/prod.yaml'), 'yaml');
    assert.equal(associatedLanguage({ '*.json': 'jsonc' }, '/w/config/prod.yaml'), undefined);
    assert.equal(associatedLanguage(undefined, '/w/a.yaml'), undefined);
  });
});

// Regression (issue 11): the hand-written scanner ignored `\"`, so a string holding an escaped quote
// followed by a brace hid the real `kind`. jsonc-parser's scanner reads it.
test('an escaped quote and a brace inside a string before "kind" (jsonc-parser scanner)', () => {
  assert.ok(declares('{"note":"say \\"{hi\\"","kind":"AssistantConfig"}'));
  assert.ok(declares('{"note":"a \\\\","kind":"AssistantConfig"}'), 'an escaped backslash closes nothing');
  assert.ok(!declares('{"note":"\\"kind\\":\\"AssistantConfig\\"","x":1}'), 'kind only inside a string');
  assert.ok(!declares('{"a":{"kind":"AssistantConfig"}}'), 'nested kind');
  assert.ok(!declares('[{"kind":"AssistantConfig"}]'), 'top-level array');
  assert.ok(!declares('{"kind":"Other","x":"AssistantConfig"}'));
  assert.ok(declares('// c\n{ /* "kind": "x" */ "kind" : "AssistantConfig" }'), 'comments');
  assert.ok(!declares('{"note":"unterminated'));
  assert.ok(declares('{"a":{"b":[1,{"c":2}]},"kind":/* c */"AssistantConfig"}'), 'after a nested value, a comment');
  assert.ok(!declares('{"x":"kind":"AssistantConfig"}'), '"kind" in a value position is not the key');
  assert.ok(!declares('{"kind":["AssistantConfig"]}'), 'the value is the string itself');
});
