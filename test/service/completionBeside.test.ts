// Completion next to content already on the line (REVIEW8 K18): right after `key:` before an anchor,
// a tag or a flow collection; before a value already there (`harassment:| blockNone`); at the first
// character of a JSON member (`|"kind"`). Property, like the reviewer's completion fuzzer: at every
// such position and at a seeded sample of all others, every offered item applied alone adds no
// syntax error and no duplicate key, and an item offered right after a colon (YAML) or on a key's
// opening quote (JSON) gives the same text as the same item one column further in.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { parse } from '../../server/src/parser';
import type { Language } from '../../server/src/parser';
import { doComplete } from '../../server/src/service/completion';
import { validate } from '../../server/src/service/validation';
import type { CompletionEntry, EnvInfo } from '../../server/src/service/types';
import { ROOT, applyCompletion, mulberry32 } from '../helpers';

const ENV: EnvInfo = {
  names: () => ['VENDOR_A_API_KEY', 'CLOUD_A_API_KEY'],
  isDefined: () => true,
  sourceOf: () => 'environment',
};

const complete = (text: string, language: Language, offset: number): CompletionEntry[] =>
  doComplete(parse(text, language), offset, { env: ENV }).items;

/** Anchors with comments on their lines, flow mappings after keys, tags, lists of overrides (REVIEW8 K18a material). */
const PROD = readFileSync(join(ROOT, 'test/fixtures/editor/prod-anchors.assistant.yaml'), 'utf8');
const EVERYTHING_YAML = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');
const EVERYTHING_JSON = readFileSync(join(ROOT, 'examples/everything.assistant.json'), 'utf8');

const DOCS: [string, string, Language][] = [
  ['anchors with comments, flow mappings, tags (YAML)', PROD, 'yaml'],
  ['the same in CRLF', PROD.replace(/\n/g, '\r\n'), 'yaml'],
  ['examples/everything.assistant.yaml', EVERYTHING_YAML, 'yaml'],
  ['examples/everything.assistant.json', EVERYTHING_JSON, 'json'],
  ['examples/everything.assistant.json on one line', JSON.stringify(JSON.parse(EVERYTHING_JSON)), 'json'],
];

/** Syntax errors and duplicate keys (ours and, for YAML, the `yaml` package's): what an insertion must not add. */
function breakage(text: string, language: Language): number {
  const ours = validate(parse(text, language)).filter(
    (d) =>
      d.code === 'syntax-error' ||
      d.code === 'duplicate-key' ||
      (d.code === 'unknown-property' && /space is missing/.test(d.message)),
  ).length;
  return language === 'yaml' ? ours + parseDocument(text, { uniqueKeys: true }).errors.length : ours;
}

/**
 * Where content already stands next to the cursor: after each colon and in the spaces after it, on
 * the first character of each line's content and of each quoted string, before flow brackets,
 * anchors, aliases and tags.
 */
function besidePositions(text: string): number[] {
  const out = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ':') {
      out.add(i + 1);
      if (text[i + 1] === ' ') out.add(i + 2);
    }
    if ('{[&*!"\''.includes(c)) out.add(i);
    if ((i === 0 || text[i - 1] === '\n') && text[i] !== '\n') {
      let j = i;
      while (text[j] === ' ' || text[j] === '-') j++;
      out.add(j);
    }
  }
  return [...out].sort((a, b) => a - b);
}

const SEED = 0x4b18;

describe(`completion beside content already there: no item breaks the file (REVIEW8 K18, seed ${SEED.toString(16)})`, () => {
  for (const [name, text, language] of DOCS)
    test(name, () => {
      console.log(`  seed ${SEED.toString(16)}`);
      const rnd = mulberry32(SEED);
      const before = breakage(text, language);
      const positions = new Set(besidePositions(text));
      // A seeded fifth of all the other positions.
      for (let o = 0; o <= text.length; o++) if (rnd() < 0.2) positions.add(o);
      const bad: string[] = [];
      let applied = 0;
      for (const offset of positions) {
        for (const e of complete(text, language, offset)) {
          applied++;
          const out = applyCompletion(text, e);
          if (breakage(out, language) > before)
            bad.push(`${offset} ${JSON.stringify(text.slice(offset - 12, offset))}|… '${e.label}'`);
        }
      }
      console.log(`  ${name}: ${positions.size} positions, ${applied} items applied`);
      assert.ok(applied > 200, 'items are offered at all');
      assert.deepEqual(bad, []);
    });
});

/**
 * Pairs of offsets where the same item must give the same text: YAML, right after a colon and on the
 * first character of the value already on the line; JSON, on a key's opening quote and one column in.
 */
function sameAsOneColumnIn(text: string, language: Language): { at: number; ref: number }[] {
  if (language === 'yaml')
    return [...text.matchAll(/:( +)(?=[A-Za-z0-9"'])/g)].map((m) => ({
      at: m.index + 1,
      ref: m.index + 1 + m[1]!.length,
    }));
  return [...text.matchAll(/"[A-Za-z$][A-Za-z0-9_]*"\s*:/g)].map((m) => ({ at: m.index, ref: m.index + 1 }));
}

describe('an item before a value already on the line (or on a JSON key) replaces it, as one column in (REVIEW8 K18b–d)', () => {
  for (const [name, text, language] of DOCS)
    test(name, () => {
      let compared = 0;
      const differ: string[] = [];
      for (const { at, ref } of sameAsOneColumnIn(text, language)) {
        const there = new Map(complete(text, language, ref).map((e) => [e.label, e]));
        for (const e of complete(text, language, at)) {
          const other = there.get(e.label);
          if (!other) {
            differ.push(`${at} '${e.label}' is not offered one column in`);
            continue;
          }
          compared++;
          const a = applyCompletion(text, e);
          const b = applyCompletion(text, other);
          if (a !== b) differ.push(`${at} '${e.label}': ${JSON.stringify(a.slice(at - 15, at + 30))}`);
        }
      }
      console.log(`  ${name}: ${compared} items compared`);
      assert.ok(compared > 20, 'items are compared at all');
      assert.deepEqual(differ, []);
    });
});

/** Items at the `|` marker (`¦` stands for a literal bar in the text). */
function at(marked: string, language: Language = 'yaml'): { text: string; items: CompletionEntry[] } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0);
  const text = (marked.slice(0, offset) + marked.slice(offset + 1)).replace(/¦/g, '|');
  return { text, items: complete(text, language, offset) };
}

describe('REVIEW8 K18: what is offered beside content', () => {
  const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
  const nothing: [string, string][] = [
    ['an anchor and a comment after `llm:`', `${HEAD}  llm:| &primary   # main\n    provider: hosted\n`],
    ['an anchor after `llm: `', `${HEAD}  llm: |&primary   # main\n    provider: hosted\n`],
    ['a tag after `llm:`', `${HEAD}  llm:| !!map\n    provider: hosted\n`],
    ['an alias after `aiPrimitivesLlm:`', `${HEAD}  llm: &m\n    provider: hosted\n  aiPrimitivesLlm:| *m\n`],
    ['a flow EnvironmentValue', `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:| {valueFromEnv: K}\n`],
    ['a flow mapping after `schemaSelector:`', `${HEAD}  schemaSelector:| {type: fixed, tables: []}\n`],
    ['a flow mapping after an item marker', `${HEAD}  overrideAiPrimitivesLlm:\n    - |{primitiveName: x}\n`],
    ['a block scalar header', `${HEAD}  systemInstructions:| ¦\n    Be brief.\n`],
  ];
  for (const [name, marked] of nothing)
    test(`nothing: ${name}`, () =>
      assert.deepEqual(
        at(marked).items.map((e) => e.label),
        [],
      ));

  test('`harassment:| blockMediumAndAbove`: the BlockType items replace the value', () => {
    const { text, items } = at(
      `${HEAD}  llm:\n    provider: vendor_c\n    safetySettings:\n      harassment:| blockMediumAndAbove   # strict\n`,
    );
    const none = items.find((e) => e.label === 'blockNone');
    assert.ok(none, items.map((e) => e.label).join(', '));
    assert.match(applyCompletion(text, none), /\n {6}harassment: blockNone {3}# strict\n$/);
  });

  test("`kind:| 'AssistantConfig'`: a quoted value is replaced whole", () => {
    const { text, items } = at(`kind:| 'AssistantConfig'\nversion: v2\n`);
    const kind = items.find((e) => e.label === 'AssistantConfig');
    assert.ok(kind);
    assert.equal(applyCompletion(text, kind), 'kind: AssistantConfig\nversion: v2\n');
  });

  test('JSON `|"kind"`: the item replaces the key; no member is inserted beside it', () => {
    const { text, items } = at(`{\n  |"kind": "AssistantConfig",\n  "version": "v2"\n}`, 'json');
    assert.deepEqual(
      items.map((e) => e.label),
      at(`{\n  "|kind": "AssistantConfig",\n  "version": "v2"\n}`, 'json').items.map((e) => e.label),
    );
    assert.ok(!items.some((e) => e.label === 'version'), 'a key present elsewhere is not offered');
    for (const e of items) {
      const out = applyCompletion(text, e);
      assert.equal(out.match(/"version"/g)?.length, 1, e.label);
      assert.equal(out.replace(/"[$A-Za-z]+": "AssistantConfig"/, ''), text.replace(/"kind": "AssistantConfig"/, ''));
    }
  });

  test('JSON `|"$schema"`: replaced, not inserted again', () => {
    const { text, items } = at(`{\n  |"$schema": "./s.json",\n  "kind": "AssistantConfig"\n}`, 'json');
    const schema = items.find((e) => e.label === '$schema');
    assert.ok(schema);
    assert.equal(applyCompletion(text, schema), text);
  });

  test('primitiveName: names overridden by another item come last and say so', () => {
    const { items } = at(
      `${HEAD}  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n      llm: {provider: hosted}\n    - primitiveName: |\n      llm: {provider: hosted}\n    - {primitiveName: extract, llm: {provider: hosted}}\n`,
    );
    const sorted = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? ''));
    const labels = sorted.map((e) => e.label);
    assert.deepEqual(labels.slice(-2).sort(), ['extract', 'summarize'], labels.join(', '));
    for (const e of sorted.slice(-2)) assert.match(e.detail ?? '', /already overridden/);
    for (const e of sorted.slice(0, -2)) assert.doesNotMatch(e.detail ?? '', /already overridden/);
    assert.ok(labels.includes('classify'));
  });
});
