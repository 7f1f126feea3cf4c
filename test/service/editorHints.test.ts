// Inlay hints, code lenses, document links and on-type formatting as pure functions, on files shaped
// like users write them (comments, block scalars, anchors shared between LLM blocks, CRLF, JSON).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser';
import { inlayHints, codeLenses, documentLinks, onTypeFormat, applyEdits } from '../../server/src/service';
import type { EnvInfo } from '../../server/src/service';
import { ROOT, cursor } from '../helpers';

const TEAM = readFileSync(join(ROOT, 'test/fixtures/editor/team.assistant.yaml'), 'utf8');
const env: EnvInfo = {
  names: () => ['CLOUD_B_SERVICE_ACCOUNT_KEY_JSON'],
  isDefined: (n) => n === 'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON' || n === 'FROM_DOTENV',
  sourceOf: (n) =>
    n === 'FROM_DOTENV' ? 'workspace .env' : n === 'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON' ? 'environment' : undefined,
};
const whole = (t: string) => ({ offset: 0, length: t.length });

for (const [name, text] of [
  ['LF', TEAM],
  ['CRLF', TEAM.replace(/\n/g, '\r\n')],
] as const) {
  test(`${name}: inlay hints after valueFromEnv (set, where, never the value) and after fallback providers`, () => {
    const hints = inlayHints(parse(text, 'yaml'), whole(text), { env });
    const at = (h: { offset: number }) => text.slice(text.lastIndexOf('\n', h.offset - 1) + 1, h.offset).trim();
    assert.deepEqual(
      hints.map((h) => [at(h), h.label]),
      [
        ['valueFromEnv: CLOUD_B_SERVICE_ACCOUNT_KEY_JSON', '✓ set in environment'],
        ['provider: vendor_a', 'fallback 1'],
        ['valueFromEnv: VENDOR_A_API_KEY', '✗ not set'],
        ['provider: hosted', 'fallback 2'],
      ],
    );
  });

  test(`${name}: inlay hints only for the requested range`, () => {
    const from = text.indexOf('fallback: &secondary');
    const to = text.indexOf('model: large-model');
    const hints = inlayHints(parse(text, 'yaml'), { offset: from, length: to - from }, { env });
    assert.deepEqual(
      hints.map((h) => h.label),
      ['fallback 1'],
    );
  });

  test(`${name}: code lenses show the chain and Test Connection, or Configure connection…`, () => {
    const doc = parse(text, 'yaml');
    const ready = codeLenses(doc, { testConnectionAvailable: true, missingSettings: [] });
    assert.deepEqual(
      ready.map((l) => [text.slice(l.offset, l.offset + l.length), l.title, l.command?.id]),
      [
        ['llm', 'cloud_b → vendor_a → hosted', undefined],
        ['llm', 'Test Connection', 'assistantConfig.testConnection'],
      ],
    );
    const missing = codeLenses(doc, { testConnectionAvailable: true, missingSettings: ['baseUrl'] });
    assert.deepEqual(missing[1]!.command, {
      id: 'workbench.action.openSettings',
      arguments: ['assistantConfig.connection'],
    });
    assert.equal(missing[1]!.title, 'Configure connection…');
    assert.equal(codeLenses(doc, { testConnectionAvailable: false, missingSettings: [] }).length, 1);
  });
}

test('inlay hint from .env, and valueFromEnv in JSON', () => {
  const json =
    '{"definition": {"llm": {"provider": "vendor_a", "apiKey": {"valueFromEnv": "FROM_DOTENV"}, "fallback": {"provider": "hosted"}}}}';
  const hints = inlayHints(parse(json, 'json'), whole(json), { env });
  assert.deepEqual(
    hints.map((h) => [h.label, json.slice(0, h.offset).slice(-13)]),
    [
      ['✓ set in .env', '"FROM_DOTENV"'],
      ['fallback 1', 'der": "hosted"'.slice(-13)],
    ],
  );
  assert.deepEqual(
    inlayHints(parse(json, 'json'), whole(json), {}).map((h) => h.label),
    ['fallback 1'],
    'no env: no env hints',
  );
});

test('a fallback chain through an alias that loops is cut, and shown as looping', () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &a\n    provider: vendor_a\n    fallback:\n      provider: hosted\n      fallback: *a\n';
  const lens = codeLenses(parse(text, 'yaml'), { testConnectionAvailable: false, missingSettings: [] });
  assert.equal(lens[0]!.title, 'vendor_a → hosted → … (loops)');
});

test('document links on baseUrl and endpoint, quoted or not, YAML and JSON; none on other keys or non-URLs', () => {
  const yaml =
    'definition:\n  llm:\n    provider: vendor_b\n    baseUrl: https://llm.example.com/v1   # our gateway\n  other: https://not.a.link\n  schema:\n    endpoint: "http://localhost:8080/sql"\n    baseUrl: not a url\n';
  const links = documentLinks(parse(yaml, 'yaml'));
  assert.deepEqual(
    links.map((l) => [yaml.slice(l.offset, l.offset + l.length), l.target]),
    [
      ['https://llm.example.com/v1', 'https://llm.example.com/v1'],
      ['http://localhost:8080/sql', 'http://localhost:8080/sql'],
    ],
  );
  const json = '{"definition": {"llm": {"provider": "vendor_b", "baseUrl": "https://llm.example.com/v1"}}}';
  const jl = documentLinks(parse(json, 'json'));
  assert.equal(json.slice(jl[0]!.offset, jl[0]!.offset + jl[0]!.length), 'https://llm.example.com/v1');
});

function typeEnter(textWithCursor: string, eol = '\n'): string {
  const { text, offset } = cursor(textWithCursor.replace(/\n/g, eol));
  return applyEdits(text, onTypeFormat(parse(text, 'yaml'), offset, '\n', { tabSize: 2 }));
}

test("on-type formatting: indent after key:, continue a list item, keep the user's text", () => {
  assert.equal(typeEnter('definition:\n|'), 'definition:\n  ');
  assert.equal(typeEnter('definition:\n  llm:   # the main one\n  |'), 'definition:\n  llm:   # the main one\n    ');
  assert.equal(typeEnter('definition:\n  systemInstructions: >-\n|'), 'definition:\n  systemInstructions: >-\n    ');
  assert.equal(typeEnter('columns:\n  - name\n  |'), 'columns:\n  - name\n  - ');
  assert.equal(
    typeEnter('items:\n  - primitiveName: summarize\n|', '\r\n'),
    'items:\r\n  - primitiveName: summarize\r\n    ',
  );
  assert.equal(typeEnter('items:\n  - llm:\n|'), 'items:\n  - llm:\n      ');
  // Inside a block scalar nothing happens; a line with text after the cursor keeps it.
  assert.equal(typeEnter('a: >\n  - not a list\n  |'), 'a: >\n  - not a list\n  ');
  assert.equal(typeEnter('a:\n|b: 1\n'), 'a:\n  b: 1\n');
  assert.equal(typeEnter('a: "x # y:"\n|'), 'a: "x # y:"\n');
});

test('the code lens chain applies << merge keys as validation and the status item do (REVIEW3 F15)', () => {
  const lensOf = (text: string): string =>
    codeLenses(parse(text, 'yaml'), { testConnectionAvailable: false, missingSettings: [] })[0]!.title;
  const flowMerge =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    <<: {provider: cloud_c, modelId: m, regionName: r, cloudAccessKeyId: {valueFromEnv: A}, cloudSecretAccessKey: {valueFromEnv: S}}\n    fallback: {provider: hosted}\n';
  assert.equal(lensOf(flowMerge), 'cloud_c → hosted');
  const anchored = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  # the shared block',
    '  aiPrimitivesLlm: &base',
    '    provider: vendor_b   # main',
    '    apiKey: {valueFromEnv: B}',
    '    fallback: &fb',
    '      provider: cloud_c',
    '      fallback: {provider: hosted}',
    '  llm:',
    '    <<: *base   # everything but the provider',
    '    provider: vendor_a',
    '',
  ];
  for (const eol of ['\n', '\r\n']) {
    assert.equal(lensOf(anchored.join(eol)), 'vendor_a → cloud_c → hosted', JSON.stringify(eol));
  }
  // A merge list: the earlier mapping wins; the fallback comes from the later one.
  const list =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  aiPrimitivesLlm: &a {provider: vendor_b}\n  threadTitleGeneration: {llm: &b {provider: vendor_a, fallback: {provider: hosted}}}\n  llm: {<<: [*a, *b]}\n';
  assert.equal(lensOf(list), 'vendor_b → hosted');
  // A loop through a merge is cut and shown as such.
  const loop =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &x\n    provider: hosted\n    fallback:\n      <<: *x\n      provider: vendor_a\n';
  assert.equal(lensOf(loop), 'hosted → vendor_a → … (loops)');
  // `llm` itself merged into `definition`: the lens sits on that merge key.
  const merged = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  <<: {llm: {provider: hosted}}\n';
  const lens = codeLenses(parse(merged, 'yaml'), { testConnectionAvailable: false, missingSettings: [] });
  assert.equal(lens[0]!.title, 'hosted');
  assert.equal(merged.slice(lens[0]!.offset, lens[0]!.offset + lens[0]!.length), '<<');
});
