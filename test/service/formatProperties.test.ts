// Property test of YAML formatting: hand-written documents (block scalars, scalars over several
// lines, flow collections, anchors and merges, tags, number literals, a second document) with comment
// lines inserted at every line, at every indentation, alone and in pairs (a column-0 comment then an
// indented one: REVIEW3 F1), at the end of a document and before `---`, plus seeded random
// insertions of comments and blank lines. For each: formatting twice gives the same text, every
// comment survives in order, and the data read by the `yaml` package is unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testSeed } from '../seed';
import { cases, comments, data, fmt, readable } from './formatCases';

const SEED = testSeed('format properties', 0xf0a7, 'FORMAT_PROPERTY_SEED');

const BASES: string[] = [
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main',
    '    provider: vendor_a',
    '    apiKey:',
    '      valueFromEnv: VENDOR_KEY',
    '  systemInstructions: >-',
    '    Be brief,',
    '    and cite the tables.',
    '',
    '      - an indented line',
    '    Never guess.',
    '  aiPrimitivesLlm: *main',
    '  maxAssistantActions: 012',
    '  contextWindowLimit: +4096',
    '  featureFlags:',
    '    ratio: 1e3',
    '    hex: 0x0C',
    '',
  ].join('\n'),
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '    llm: {provider: hosted}',
    '    schemaSelector:',
    '        type: fixed',
    '        tables:',
    '        -   schemaName: sales',
    '            tableName: orders',
    '        -   schemaName: fin',
    "            tableName: 'ledger'",
    '    systemInstructions: This is a long plain',
    '        scalar over several lines',
    '    selectorInstructions: "a quoted',
    '        one \\u00e9"',
    '---',
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:',
    '    provider: hosted',
    '    model: !!str 4',
    '  instructions: !!str |',
    '    Prefer fact tables.',
    '',
  ].join('\n'),
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:',
    '    <<: *shared',
    '    provider: hosted',
    '  fallback:',
    '    llm:',
    '      provider: hosted',
    '      fallback:',
    '        llm:',
    '          provider: vendor_a',
    '  list:',
    '    - a',
    '    - - nested',
    '      - items',
    '    - key: value',
    '      other: |',
    '        literal',
    '...',
    '---',
    '',
  ].join('\n'),
];

test('formatting is idempotent and keeps every comment and the data, comments anywhere (REVIEW3 F1)', () => {
  let checked = 0;
  let refused = 0;
  for (const [name, text] of cases(BASES, SEED)) {
    if (!readable(text)) continue;
    checked++;
    const once = fmt(text);
    if (once === undefined) {
      refused++;
      continue;
    }
    const twice = fmt(once);
    assert.equal(twice, once, `${name}: a second formatting changes the text\n--- input\n${text}\n--- once\n${once}`);
    assert.deepEqual(
      comments(once),
      comments(text),
      `${name}: the comments changed\n--- input\n${text}\n--- once\n${once}`,
    );
    assert.equal(data(once), data(text), `${name}: the data changed\n--- input\n${text}\n--- once\n${once}`);
  }
  console.log(`format properties: ${checked} documents checked, ${refused} refused`);
  assert.ok(checked > 800, `enough readable documents (${checked})`);
  // Refusing is safe but says the formatter failed the user: none of these documents needs it.
  assert.equal(refused, 0, 'documents the formatter refused');
});
