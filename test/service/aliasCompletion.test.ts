// Completion of alias names (REVIEW3 F17): after `*` and after `<<: `, the anchors defined before
// the cursor, nearest first, with the variant or kind each marks; never the anchor the cursor is in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { doComplete, applyEdits } from '../../server/src/service';
import type { CompletionEntry } from '../../server/src/service/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers';

/** `¦` marks the cursor. */
function complete(marked: string, eol = '\n'): { text: string; items: CompletionEntry[] } {
  const withEol = marked.replace(/\n/g, eol);
  const offset = withEol.indexOf('¦');
  assert.ok(offset >= 0);
  const text = withEol.slice(0, offset) + withEol.slice(offset + 1);
  return { text, items: doComplete(parse(text, 'yaml'), offset, { env: undefined }).items };
}
const labels = (items: CompletionEntry[]): string[] => items.map((i) => i.label);

const DOC = `kind: AssistantConfig   # the main file
version: v2
definition:
  # the shared LLM
  llm: &main_llm
    provider: hosted
  aiPrimitivesLlm: &ai-llm   # for primitives
    provider: vendor_a
    apiKey: {valueFromEnv: K}
  featureFlags: &flags [a, b]
  threadTitleGeneration:
    enable: true
    llm: LLM
`;

function at(value: string): string {
  return DOC.replace('llm: LLM', value);
}

for (const eol of ['\n', '\r\n']) {
  const name = eol === '\n' ? 'LF' : 'CRLF';
  test(`${name}: after '*' the anchors before the cursor, nearest first, with their variant`, () => {
    const { text, items } = complete(at('llm: *¦'), eol);
    assert.deepEqual(labels(items), ['*flags', '*ai-llm', '*main_llm']);
    const ai = items.find((i) => i.label === '*ai-llm')!;
    assert.match(ai.detail ?? '', /vendor_a/);
    assert.match(items.find((i) => i.label === '*main_llm')!.detail ?? '', /hosted/);
    assert.equal(items[0]!.kind, 'reference');
    // Accepting an item replaces the `*` typed and keeps everything else.
    const out = applyEdits(text, [{ ...ai.replace, newText: ai.insertText }]);
    assert.equal(out, at('llm: *ai-llm').replace(/\n/g, eol));
    assert.deepEqual(parse(out, 'yaml').problems, []);
  });

  test(`${name}: a partly typed name is replaced whole, also before a comment`, () => {
    const { text, items } = complete(at('llm: *ma¦in   # shared'), eol);
    const m = items.find((i) => i.label === '*main_llm')!;
    assert.equal(text.slice(m.replace.offset, m.replace.offset + m.replace.length), '*main');
    const out = applyEdits(text, [{ ...m.replace, newText: m.insertText }]);
    assert.equal(out, at('llm: *main_llm   # shared').replace(/\n/g, eol));
  });

  test(`${name}: after '<<: ' and '<<: *' only mappings, with a space inserted after a bare '<<:'`, () => {
    for (const v of ['llm:\n      <<: ¦', 'llm:\n      <<: *¦', 'llm: {<<: *¦}', 'llm:\n      <<: [*main_llm, ¦]']) {
      const { items } = complete(at(v), eol);
      assert.deepEqual(labels(items), ['*ai-llm', '*main_llm'], v);
    }
    const { text, items } = complete(at('llm:\n      <<:¦'), eol);
    const m = items.find((i) => i.label === '*main_llm')!;
    const out = applyEdits(text, [{ ...m.replace, newText: m.insertText }]);
    assert.equal(out, at('llm:\n      <<: *main_llm').replace(/\n/g, eol));
  });
}

test('only anchors before the cursor; a later one, and the one the cursor is inside, are not offered', () => {
  const doc = `kind: AssistantConfig
version: v2
definition:
  llm: &x
    provider: hosted
    fallback: *¦
  aiPrimitivesLlm: &later {provider: hosted}
`;
  assert.deepEqual(labels(complete(doc).items), []);
  // Inside &y, after &x: only x.
  const two = `kind: AssistantConfig
version: v2
definition:
  llm: &x
    provider: hosted
  aiPrimitivesLlm: &y
    provider: hosted
    fallback:
      <<: *¦
`;
  assert.deepEqual(labels(complete(two).items), ['*x']);
  // An anchor redefined: the name once, for the definition an alias here names.
  const redefined = `kind: AssistantConfig
version: v2
definition:
  llm: &m {provider: hosted}
  aiPrimitivesLlm: &m {provider: vendor_a, apiKey: {valueFromEnv: K}}
  threadTitleGeneration: {enable: true, llm: *¦}
`;
  const { items } = complete(redefined);
  assert.deepEqual(labels(items), ['*m']);
  assert.match(items[0]!.detail ?? '', /vendor_a/);
});

test('no alias items in a comment, a quoted string, after a word, or where a key goes', () => {
  for (const v of ['llm: LLM  # see *¦', 'llm: "a *¦"', "llm: 'it''s *¦'", 'llm: a*¦']) {
    const items = complete(at(v)).items;
    assert.ok(!items.some((i) => i.label.startsWith('*')), `${v}: ${labels(items).join(', ')}`);
  }
  // A value position that is not after '*' or a merge key keeps the ordinary completion.
  const { items } = complete(at('llm:\n      provider: ¦'));
  assert.ok(items.length > 0 && !items.some((i) => i.label.startsWith('*')), labels(items).join(', '));
});

test("'*' is a completion trigger character", () => {
  const src = readFileSync(join(ROOT, 'server/src/lsp/server.ts'), 'utf8');
  assert.match(src, /triggerCharacters: \[[^\]]*'\*'/);
});
