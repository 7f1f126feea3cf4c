// One indentation detector for completion and quick fixes: in a file where the first nested
// mapping says 4 and most other steps say 2, both indent by 4.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { doComplete } from '../../server/src/service';
import { indentUnit } from '../../server/src/service/indent';

const mixed = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '    llm:',
  '      provider: hosted',
  '      fallback:',
  '        provider: hosted',
  '    ',
].join('\n');

test('indentUnit: the tree first, the lines of a broken document next, two spaces last', () => {
  assert.equal(indentUnit(parse(mixed, 'yaml')), '    ', 'the first nested mapping (definition → llm) decides');
  assert.equal(
    indentUnit(parse('a:\n   b: [\n   c:\n', 'yaml')),
    '   ',
    'no nested mapping in the tree: the lines decide',
  );
  assert.equal(indentUnit(parse('{\n\t"definition": {\n\t\t"llm": {}\n\t}\n}', 'json')), '\t', 'JSON indented by tabs');
  assert.equal(indentUnit(parse('', 'yaml')), '  ');
  assert.equal(indentUnit(parse('kind: AssistantConfig\n', 'yaml')), '  ');
});

test('completion indents a nested block by the same unit', () => {
  const offset = mixed.length;
  const items = doComplete(parse(mixed, 'yaml'), offset, {}).items;
  const nested = items.find((e) => /:\n/.test(e.insertText));
  assert.ok(nested, `an entry that opens a block: ${items.map((e) => e.label).join(', ')}`);
  const lines = nested.insertText.split('\n');
  const second = lines[1]!;
  assert.equal(
    second.length - second.trimStart().length,
    4 + 4,
    `key at column 4, its block one unit (4) deeper: ${JSON.stringify(nested.insertText)}`,
  );
});
