// REVIEW4 G22: a new line right under `llm: &main` (an anchor or a tag on the key line, how shared
// LLM blocks start) was offered `definition` keys at the key's column, whose acceptance took the
// LLM's block (`llm` and every `*main` became null). Such a line is read like `llm:` alone: at the
// key's column nothing (a key there would take the block), one level deeper the LLM's own keys.
// REVIEW4 G28: hover in indentation, after a colon or at the end of a line named the block above.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'yaml';
import { parse } from '../../server/src/parser';
import { doComplete, doHover } from '../../server/src/service';
import { applyCompletion } from '../helpers';
import type { EnvInfo } from '../../server/src/service/types';

const ENV: EnvInfo = { names: () => ['K'], isDefined: () => true, sourceOf: () => 'environment' };
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

/** The document with the user's new line under `head` at `col` (its whitespace typed), the LLM's keys below, then two aliases of `&main` when `head` sets it. */
function under(head: string, col: number, eol = '\n'): { text: string; offset: number } {
  const lines = [
    ...HEAD.trimEnd().split('\n'),
    head,
    ' '.repeat(col),
    '    provider: vendor_a',
    '    apiKey: {valueFromEnv: K}',
    ...(head.includes('&main')
      ? ['  aiPrimitivesLlm: *main', '  threadTitleGeneration: {enable: true, llm: *main}']
      : ['  maxAssistantActions: 3']),
    '',
  ];
  const text = lines.join(eol);
  const offset = text.indexOf(head) + head.length + eol.length + col;
  return { text, offset };
}

/** `definition` read the way any YAML loader reads it (aliases resolved). */
function definitionOf(text: string): Record<string, unknown> {
  const doc = parseDocument(text);
  assert.deepEqual(
    doc.errors.map((e) => e.message),
    [],
  );
  return (doc.toJS({ maxAliasCount: -1 }) as { definition: Record<string, unknown> }).definition;
}

const HEADS = [
  '  llm: &main',
  '  llm: !!map',
  '  llm: &main !!map',
  '  llm: !!map &main',
  '  llm: &main   # shared by the primitives',
  '  llm: !custom',
];

describe('G22: completion under a key line that holds only an anchor or a tag', () => {
  for (const eol of ['\n', '\r\n'])
    for (const head of HEADS) {
      const name = `${JSON.stringify(head)}${eol === '\r\n' ? ', CRLF' : ''}`;
      test(`${name}: nothing at the key's column (a key there would take the LLM's block)`, () => {
        const { text, offset } = under(head, 2, eol);
        assert.deepEqual(
          doComplete(parse(text, 'yaml'), offset, { env: ENV }).items.map((e) => e.label),
          [],
        );
        // Half-typed there: still nothing (the plain `llm:` behaves the same way).
        const typed = text.slice(0, offset) + 'max' + text.slice(offset);
        assert.deepEqual(
          doComplete(parse(typed, 'yaml'), offset + 3, { env: ENV }).items.map((e) => e.label),
          [],
        );
      });
      test(`${name}: one level deeper, the LLM's own keys; each accepted keeps the LLM and its aliases`, () => {
        const { text, offset } = under(head, 4, eol);
        const items = doComplete(parse(text, 'yaml'), offset, { env: ENV }).items;
        const labels = items.map((e) => e.label);
        assert.ok(labels.includes('model'), labels.join(', '));
        for (const l of labels)
          assert.ok(!['maxAssistantActions', 'systemInstructions', 'schemaSelector'].includes(l), labels.join(', '));
        for (const e of items) {
          const def = definitionOf(applyCompletion(text, e));
          const llm = def.llm as Record<string, unknown> | null;
          assert.equal(llm?.provider, 'vendor_a', `'${e.label}' keeps the LLM a mapping`);
          if (head.includes('&main')) {
            assert.equal((def.aiPrimitivesLlm as Record<string, unknown>).provider, 'vendor_a', e.label);
            const ttg = def.threadTitleGeneration as { llm: Record<string, unknown> };
            assert.equal(ttg.llm.provider, 'vendor_a', e.label);
          }
        }
      });
    }

  test('a plain `llm:` is unchanged: nothing at its column, its keys deeper', () => {
    const at2 = under('  llm:', 2);
    assert.deepEqual(doComplete(parse(at2.text, 'yaml'), at2.offset, { env: ENV }).items, []);
    const at4 = under('  llm:', 4);
    assert.ok(
      doComplete(parse(at4.text, 'yaml'), at4.offset, { env: ENV })
        .items.map((e) => e.label)
        .includes('model'),
    );
  });

  test('an anchored key in a list item: nothing at its column, its keys deeper', () => {
    const text = `${HEAD}  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n      llm: &small\n      \n        provider: hosted\n  aiPrimitivesLlm: *small\n`;
    const offset = text.indexOf('&small\n') + 7 + 6;
    assert.deepEqual(
      doComplete(parse(text, 'yaml'), offset, { env: ENV }).items.map((e) => e.label),
      [],
    );
  });

  test('a key whose value is on its line still lets a sibling be offered below it', () => {
    // `&main` then a scalar: the line's value is written; the next line at its column is a sibling.
    const text = `${HEAD}  llm: &main\n    provider: hosted\n  maxAssistantActions: &n 3\n  \n  aiPrimitivesLlm: *main\n`;
    const offset = text.indexOf('3\n  \n') + 4;
    const labels = doComplete(parse(text, 'yaml'), offset, { env: ENV }).items.map((e) => e.label);
    assert.ok(labels.includes('featureFlags'), labels.join(', '));
  });
});

describe('G28: no hover over indentation, after a colon or at the end of a line', () => {
  const TEXT = `${HEAD}  llm: &main\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm:\n    <<: *main\n    provider: cloud_b       # switch\n  threadTitleGeneration:\n    enable: true\n  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n      llm: *main\n`;
  const doc = parse(TEXT, 'yaml');
  /** Hover at line `l` (0-based), column `c`; the bold name it documents, or undefined. */
  const at = (l: number, c: number): string | undefined => {
    const lines = TEXT.split('\n');
    let off = c;
    for (let i = 0; i < l; i++) off += lines[i]!.length + 1;
    const h = doHover(doc, off, { env: ENV });
    return h ? (/^\*\*([^*]+)\*\*/.exec(h.contents)?.[1] ?? h.contents.split('\n')[0]) : undefined;
  };
  test('indentation of a key line: nothing (was the block above, or its parent)', () => {
    assert.equal(at(6, 0), undefined); // `  aiPrimitivesLlm:` (was llm)
    assert.equal(at(6, 1), undefined); // (was definition)
    assert.equal(at(7, 0), undefined); // `    <<: *main`
    assert.equal(at(8, 0), undefined); // `    provider: cloud_b` (was aiPrimitivesLlm)
    assert.equal(at(9, 0), undefined); // `  threadTitleGeneration:` (was aiPrimitivesLlm)
    assert.equal(at(12, 2), undefined); // indentation before `- `
    assert.equal(at(12, 5), undefined); // after `- `
  });
  test('after the colon and at the end of a line: nothing (was the enclosing mapping)', () => {
    assert.equal(at(3, 6), undefined); // `  llm: &main`, the space before &
    assert.equal(at(6, 18), undefined); // end of `  aiPrimitivesLlm:`
    assert.equal(at(8, 24), undefined); // between the value and its comment
    assert.equal(at(0, 5), undefined); // `kind: AssistantConfig`
  });
  test('keys, values, anchors, aliases and flow brackets still documented', () => {
    assert.equal(at(6, 2), 'aiPrimitivesLlm');
    assert.equal(at(6, 17), 'aiPrimitivesLlm'); // on the colon
    assert.equal(at(8, 4), 'provider');
    assert.equal(at(8, 14), 'CloudBLlmConfig');
    assert.match(at(3, 7) ?? '', /Anchor `&main`/);
    assert.match(at(7, 9) ?? '', /Alias/);
    assert.equal(at(5, 12), 'apiKey'); // `{` of the flow mapping
    assert.equal(at(12, 6), 'primitiveName');
  });
  test('JSON: whitespace between tokens shows nothing, keys are documented', () => {
    const json =
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "hosted"}\n  }\n}\n';
    const jd = parse(json, 'json');
    assert.equal(doHover(jd, json.indexOf('"llm"') - 2, {}), undefined);
    assert.match(doHover(jd, json.indexOf('"llm"') + 1, {})?.contents ?? '', /\*\*llm\*\*/);
  });
});
