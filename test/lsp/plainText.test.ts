// Snippets and Markdown as plain text, for clients that declared neither (REVIEW5 H4, H15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { snippetToPlain, markdownToPlain } from '../../server/src/lsp/plainText';

test('snippetToPlain: tab stops removed, defaults kept (nested too), choices and escapes', () => {
  const cases: [string, string][] = [
    ['modelId: ${1:<modelId>}', 'modelId: <modelId>'],
    [
      'provider: vendor_a\n    apiKey:\n      valueFromEnv: ${1:VENDOR_A_API_KEY}$0',
      'provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY',
    ],
    ['a: $1\nb: ${2}\nc: $0', 'a: \nb: \nc: '],
    ['x: ${1:outer ${2:inner} tail}', 'x: outer inner tail'],
    ['mode: ${1|block,blockNone,warn|}', 'mode: block'],
    ['mode: ${1|a\\,b,c|}', 'mode: a,b'],
    ['price: \\$5 and \\} and \\\\ end', 'price: $5 and } and \\ end'],
    ['"k": "${1:a \\} b}"', '"k": "a } b"'],
    ['${TM_FILENAME} ${VAR:def}', ' def'],
    ['${1/(.*)/$1/} t', ' t'],
    ['cost $ 5, ${ x}, $-, trailing $', 'cost $ 5, ${ x}, $-, trailing $'],
    ['unclosed ${1:abc', 'unclosed abc'],
    ['', ''],
  ];
  for (const [snippet, plain] of cases) assert.equal(snippetToPlain(snippet), plain, snippet);
});

test('markdownToPlain: code spans, bold, emphasis, links as text (url), headings, fences, escapes', () => {
  assert.equal(
    markdownToPlain(
      '**VendorALlmConfig** (`provider: vendor_a`)\n\nVendor A LLM API, authenticated with an API key.\n\nRequires `provider`, `apiKey`.',
    ),
    'VendorALlmConfig (provider: vendor_a)\n\nVendor A LLM API, authenticated with an API key.\n\nRequires provider, apiKey.',
  );
  assert.equal(
    markdownToPlain('See [the docs](https://example.com/a_b) and *this*.'),
    'See the docs (https://example.com/a_b) and this.',
  );
  assert.equal(markdownToPlain('[https://x.io](https://x.io)'), 'https://x.io');
  assert.equal(markdownToPlain('## Heading\ntext'), 'Heading\ntext');
  assert.equal(
    markdownToPlain('```yaml\nmodelId: <modelId>\n  **kept**\n```\nafter'),
    'modelId: <modelId>\n  **kept**\nafter',
  );
  // Names with underscores, globs and lone stars stay as written.
  assert.equal(markdownToPlain('VENDOR_A_API_KEY, *.yaml, 2 * 3, a\\*b'), 'VENDOR_A_API_KEY, *.yaml, 2 * 3, a*b');
  assert.equal(markdownToPlain('**<<** (YAML merge key): `` a`b ``'), '<< (YAML merge key): a`b');
  assert.equal(
    markdownToPlain('Variable `X` is **not set** in the environment.'),
    'Variable X is not set in the environment.',
  );
});
