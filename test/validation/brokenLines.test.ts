// A tab in the indentation (editors such as Notepad and nano insert them) is one syntax error per
// line, not a cascade: what the parser guesses on such a line (a key at the top level) and the
// "empty value" of the key whose children they are would only repeat it (REVIEW2 E12).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';

const codes = (text: string): string[] => analyze(text, 'yaml').diagnostics.map((d) => d.code);

test('tabs in the indentation give the syntax errors only', () => {
  assert.deepEqual(codes('kind: AssistantConfig\nversion: v2\ndefinition:\n\tllm:\n\t\tprovider: hosted\n'), [
    'syntax-error',
    'syntax-error',
  ]);
  assert.deepEqual(
    codes(
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n\ttype: all\n',
    ),
    ['syntax-error'],
  );
});

test('a mistake on a readable line is still reported beside a broken one', () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hostd}\n  contextWindowLimit: 0\n  schemaSelector:\n\ttype: all\n';
  assert.deepEqual(codes(text), ['unknown-discriminator', 'non-positive-limit', 'syntax-error']);
});
