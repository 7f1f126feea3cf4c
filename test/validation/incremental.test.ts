// Incremental validation (service/validation/units.ts): after any sequence of edits, the diagnostics
// the editor's cache answers (tree patched, unchanged list items replayed from the unit cache) equal
// those of a full validation of a fresh parse of the same text, exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from '../../server/src/lsp/documents';
import { warmEditPath } from '../../server/src/lsp/warmUp';
import {
  parseWithLimits,
  validate,
  DEFAULT_OPTIONS,
  UnitCache,
  exerciseShifts,
  applyEdit,
  patchedAt,
} from '../../server/src/service';
import type { ArrayNode, Node } from '../../server/src/parser/ast';
import type { ValidationOptions } from '../../server/src/service';
import { ROOT } from '../helpers';
import type * as GenerateModule from '../../bench/generate.mjs';
import { testSeed } from '../seed';
import { itemEdit } from './itemEdits';
import { repeatedItems } from '../../server/src/service/validation/units';

/** An environment where some names are set and some of those come from a .env git does not ignore. */
const env = {
  isDefined: (name: string) => name.length % 3 !== 0,
  exposedInDotenv: (name: string) => /KEY/.test(name),
};
const OPTION_SETS: ValidationOptions[] = [
  DEFAULT_OPTIONS,
  { ...DEFAULT_OPTIONS, env, maxFallbackDepth: 2 },
  { ...DEFAULT_OPTIONS, env, suppress: ['unused-anchor'] },
];

type Edit = { start: number; end: number; text: string };

const INSERTS = [
  'x',
  '',
  ' ',
  ':',
  ': ',
  '- ',
  '#',
  '"',
  '&a ',
  '*main_llm',
  '<<: *main_llm',
  '\n',
  '\t',
  '\u00a0',
  '\u00a0\u00a0\u00a0\u00a0',
  '{',
  ']',
  ',',
  '&',
  '*',
  '\uFFFD',
  ' # assistant-config-disable-next-line duplicate-key',
  '# assistant-config-disable empty-required',
  'assistant-',
  'config-disable',
];

/**
 * An edit drawn from numbers in [0, 1): Enter, delete or paste lines, indent, dedent, type or delete
 * characters; kinds 8 and up: on a list item's first line or a comment line (./itemEdits.ts).
 */
function randomEdit(text: string, kind: number, a: number, b: number, ins: string): Edit {
  if (kind >= 17) return wordEdit(text, kind - 17, a, b) ?? randomEdit(text, 6, a, b, ins);
  if (kind >= 8) {
    const e = itemEdit(text, kind - 8, a, b);
    if (e) return e;
  }
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const line = Math.floor(a * starts.length);
  const ls = starts[line]!;
  const le = line + 1 < starts.length ? starts[line + 1]! : text.length;
  const body = text.slice(ls, le).replace(/\r?\n$/, '');
  const indent = /^ */.exec(body)![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const at = ls + Math.floor(b * (body.length + 1));
  switch (kind) {
    case 0:
      return { start: ls + body.length, end: ls + body.length, text: eol + indent };
    case 1:
      return { start: ls, end: le, text: '' };
    case 2: {
      // paste up to 5 lines copied from elsewhere (a duplicate key, a second column list…)
      const from = Math.floor(b * starts.length);
      const to = Math.min(starts.length - 1, from + 1 + Math.floor(b * 5));
      const chunk = text.slice(starts[from]!, to < starts.length ? starts[to]! : text.length);
      return { start: ls, end: ls, text: chunk.endsWith('\n') ? chunk : chunk + eol };
    }
    case 3:
      return { start: ls, end: ls, text: '  ' };
    case 4:
      return { start: ls, end: ls + Math.min(2, indent.length), text: '' };
    case 5: // delete a few characters
      return { start: at, end: Math.min(ls + body.length, at + 1 + Math.floor(a * 3)), text: '' };
    default: // type or replace a character
      return { start: at, end: kind === 6 ? at : Math.min(ls + body.length, at + 1), text: ins };
  }
}

/**
 * An edit inside a word of the line at or after `a × lines` that has one, as typing in a value or key
 * does (the tree stays patched): kind 0 a letter typed, 1 a letter deleted, 2 a digit typed (`*llm_4` →
 * `*llm_48`: another anchor, or none), 3 the word's last letter replaced, 4 a letter typed in an anchored
 * value (or the value replaced by a number or a boolean). Undefined when no line has a word.
 */
function wordEdit(text: string, kind: number, a: number, b: number): Edit | undefined {
  if (kind === 4) {
    // A letter typed in an anchored value (`schemaName: &s_40 reporting_schema_3`): its aliases read it.
    const re = /&[\w-]+ +([A-Za-z0-9_]{2,})/g;
    re.lastIndex = Math.floor(a * text.length);
    const m = re.exec(text) ?? /&[\w-]+ +([A-Za-z0-9_]{2,})/.exec(text);
    if (!m) return undefined;
    const from = m.index + m[0].length - m[1]!.length;
    // Now and then the value made one its field refuses (a number, a boolean): findings at each alias.
    if (b < 0.3) return { start: from, end: from + m[1]!.length, text: b < 0.15 ? '12' : 'true' };
    const at = from + Math.floor(b * (m[1]!.length + 1));
    return { start: at, end: at, text: 'q' };
  }
  const words: number[] = [];
  const re = /[A-Za-z0-9_]{2,}/g;
  const from = Math.floor(a * text.length);
  re.lastIndex = from;
  for (let m = re.exec(text); m && words.length < 8; m = re.exec(text)) words.push(m.index, m[0].length);
  if (words.length === 0) return undefined;
  const w = Math.floor(b * (words.length / 2)) * 2;
  const start = words[w]!;
  const len = words[w + 1]!;
  const at = start + 1 + Math.floor(b * (len - 1));
  switch (kind) {
    case 0:
      return { start: at, end: at, text: 'q' };
    case 1:
      return { start: at, end: at + 1, text: '' };
    case 2:
      return { start: start + len, end: start + len, text: String(Math.floor(b * 10)) };
    default:
      return { start: start + len - 1, end: start + len, text: 'z' };
  }
}

/**
 * Tabs as a hand-edited file has them: in comments and quoted strings (text), after a key's colon and
 * at the end of lines (unportable-tab findings), in a plain value (a finding too).
 */
function withTabs(text: string): string {
  let n = 0;
  return text
    .replace(/# /g, '#\t')
    .replace(/tableName: "sales/g, 'tableName: "sales\t')
    .replace(/(\w): (?=\w)/g, (all: string, c: string) => (++n % 3 === 0 ? `${c}:\t` : all))
    .replace(/(columns:|tables:)(\r?\n)/g, '$1\t$2')
    .replace(/(schemaName: 'reporting_schema_\d+)'/g, (all: string, v: string) =>
      ++n % 5 === 0 ? `${v.replace("'", '')}\tx` : all,
    );
}

function positionEdit(doc: TextDocument, e: Edit) {
  return { range: { start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, text: e.text };
}

test('incremental validation: after random edit sequences, the cached diagnostics equal a full validation of a fresh parse (seeded)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const examples = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(ROOT, 'examples', f), 'utf8'));
  const generated: { text: string; lang: 'yaml' | 'json' }[] = [
    { text: generate({ lines: 250 }).text, lang: 'yaml' },
    { text: generate({ lines: 250, crlf: true, errors: true }).text, lang: 'yaml' },
    { text: generate({ lines: 250, fallbackDepth: 4, errors: true }).text, lang: 'yaml' },
    { text: generate({ lines: 150, mode: 'synthetic', errors: true }).text, lang: 'yaml' },
    { text: generate({ lines: 150, format: 'json', errors: true }).text, lang: 'json' },
    // More than two chunks of tables (CHUNK list items are cached together).
    { text: generate({ lines: 800, errors: true }).text, lang: 'yaml' },
    { text: generate({ lines: 800, crlf: true, fallbackDepth: 2 }).text, lang: 'yaml' },
  ];
  // The generated files (long lists of tables: what the cache is for) weigh as much as the examples.
  const docs = [...examples.map((text) => ({ text, lang: 'yaml' as const })), ...generated, ...generated];
  const seed = testSeed('incremental validation property', 1313, 'FUZZ_SEED');
  const { edits, withFindings, replayed } = incrementalProperty(docs, seed, 200);
  console.log(`incremental validation: ${edits} edits, ${withFindings} with findings, ${replayed} list items replayed`);
  // The property is not vacuous: findings were compared, and the cache answered for list items.
  assert.ok(withFindings > edits / 4, `${withFindings} of ${edits} edits left findings to compare`);
  // (An edit that leaves a syntax error makes the next ones parse afresh, with nothing to replay.)
  assert.ok(replayed > 100, `${replayed} list items replayed from the cache over ${edits} edits`);
});

test('incremental validation: a file with tabs on many lines, after random edit sequences, equals a full validation (seeded)', async () => {
  // unportable-tab reads again only the lines an edit touched (validation/tabs.ts): the findings elsewhere
  // are moved, in a file with tabs in comments, quoted strings, plain values, after colons and at line ends.
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const docs: { text: string; lang: 'yaml' }[] = [
    { text: withTabs(generate({ lines: 400, errors: true }).text), lang: 'yaml' },
    { text: withTabs(generate({ lines: 300, crlf: true }).text), lang: 'yaml' },
    { text: withTabs(generate({ lines: 200, mode: 'synthetic' }).text), lang: 'yaml' },
  ];
  const seed = testSeed('incremental validation property, tabs', 1717, 'FUZZ_SEED');
  const { edits, replayed, tabs } = incrementalProperty(docs, seed, 80);
  console.log(
    `incremental validation, tabs: ${edits} edits, ${tabs} unportable-tab findings compared, ${replayed} list items replayed`,
  );
  assert.ok(tabs > edits * 10, `${tabs} unportable-tab findings compared over ${edits} edits`);
  assert.ok(replayed > 100, `${replayed} list items replayed from the cache over ${edits} edits`);
});

test('incremental validation: anchor-heavy files (aliased LLM blocks, merged tables, anchored values), after random edit sequences, equal a full validation (seeded)', async () => {
  // A list item holding an anchor, alias or merge key is replayed from the cache while neither it nor an
  // anchored node it reaches changed, and where the walk decides on its alias targets as before
  // (validation/units.ts `held`): typing inside an anchored block, in an aliasing item, far from both,
  // Enter, deleted and pasted lines, aliases and anchors typed and deleted.
  const { anchorHeavy } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const team = readFileSync(join(ROOT, 'examples', 'team.assistant.yaml'), 'utf8');
  const docs: { text: string; lang: 'yaml' }[] = [
    { text: anchorHeavy('llm', 500).text, lang: 'yaml' },
    { text: anchorHeavy('llm', 400, { crlf: true }).text, lang: 'yaml' },
    { text: anchorHeavy('merge', 450).text, lang: 'yaml' },
    { text: anchorHeavy('scalar', 500).text, lang: 'yaml' },
    { text: anchorHeavy('scalar', 300, { crlf: true }).text, lang: 'yaml' },
    { text: team, lang: 'yaml' },
  ];
  const inserts = [...INSERTS, '*llm_0', '&llm_4 ', '*tbl_0', '<<: *tbl_10', '*s_0', '&s_0 ', 'x', 'x', 'y'];
  const seed = testSeed('incremental validation property, anchors', 1919, 'FUZZ_SEED');
  // Edits inside words weigh more here (kinds 17 and up: a patched tree is what the cache serves).
  const kinds = fc.oneof(fc.nat(16), fc.integer({ min: 17, max: 21 }), fc.integer({ min: 17, max: 21 }));
  // (Places spread evenly over the file: fast-check's doubles gather near 0, the first lines.)
  const spread = fc.integer({ min: 0, max: 999_999 }).map((n) => n / 1_000_000);
  const { edits, withFindings, replayed, held } = incrementalProperty(docs, seed, 150, inserts, kinds, spread);
  console.log(
    `incremental validation, anchors: ${edits} edits, ${withFindings} with findings, ${replayed} list items replayed, ${held.replayed} of them holding an anchor or alias (${held.walked} such items walked again)`,
  );
  assert.ok(withFindings > edits / 4, `${withFindings} of ${edits} edits left findings to compare`);
  assert.ok(held.replayed > edits, `${held.replayed} items holding an alias replayed over ${edits} edits`);
  assert.ok(held.walked > edits / 4, `${held.walked} items holding an alias walked again over ${edits} edits`);
});

/** Random edit sequences on `docs`: after each, the cache's diagnostics equal a full validation's. */
function incrementalProperty(
  docs: readonly { text: string; lang: 'yaml' | 'json' }[],
  seed: number,
  numRuns: number,
  inserts: readonly string[] = INSERTS,
  kinds: fc.Arbitrary<number> = fc.nat(16),
  unit: fc.Arbitrary<number> = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
): { edits: number; withFindings: number; replayed: number; tabs: number; held: { replayed: number; walked: number } } {
  let edits = 0;
  let tabs = 0;
  let withFindings = 0;
  let replayed = 0;
  const held = { replayed: 0, walked: 0 };
  fc.assert(
    fc.property(
      fc.constantFrom(...docs),
      fc.nat(OPTION_SETS.length - 1),
      fc.array(fc.tuple(kinds, unit, unit, fc.constantFrom(...inserts), fc.nat(9)), { minLength: 1, maxLength: 8 }),
      ({ text, lang }, optionSet, seq) => {
        let options = OPTION_SETS[optionSet]!;
        const cache = new AnalysisCache(() => options);
        const uri = `file:///t.assistant.${lang}`;
        let doc = TextDocument.create(uri, lang === 'json' ? 'assistantconfig-json' : 'assistantconfig', 1, text);
        cache.parsed(doc);
        cache.diagnostics(doc);
        for (const [kind, a, b, ins, other] of seq) {
          const e = randomEdit(doc.getText(), kind, a, b, ins);
          cache.recordChange(uri, doc.version + 1, e);
          doc = TextDocument.update(doc, [positionEdit(doc, e)], doc.version + 1);
          // Now and then the settings change between edits (the server then drops cached findings).
          if (other === 0) {
            options = OPTION_SETS[(OPTION_SETS.indexOf(options) + 1) % OPTION_SETS.length]!;
            cache.invalidateDiagnostics();
          }
          // Now and then two edits arrive before the diagnostics are asked for.
          if (other === 1) continue;
          const got = cache.diagnostics(doc);
          const want = validate(parseWithLimits(doc.getText(), lang, options), options);
          edits++;
          if (want.length > 0) withFindings++;
          for (const d of want) if (d.code === 'unportable-tab') tabs++;
          assert.deepEqual(got, want, `after ${JSON.stringify(e)} on ${JSON.stringify(doc.getText().slice(0, 80))}…`);
        }
        replayed += cache.unitsReplayed(uri);
        held.replayed += cache.heldStats(uri).replayed;
        held.walked += cache.heldStats(uri).walked;
      },
    ),
    { seed, numRuns },
  );
  return { edits, withFindings, replayed, tabs, held };
}

test('incremental validation: findings inside unchanged list items move with an edit above them', () => {
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  systemInstructions: hello',
    '  schemaSelector:',
    '    type: fixed',
    '    tables:',
    '      - schemaName: s',
    '        tableName: a',
    '        tableName: b',
    '      - schemaName: ""',
    '        tableName: c',
    '',
  ].join('\n');
  const units = new UnitCache();
  let doc = parseWithLimits(text, 'yaml', DEFAULT_OPTIONS);
  const before = validate(doc, DEFAULT_OPTIONS, units);
  const codes = before.map((d) => d.code);
  assert.ok(codes.includes('duplicate-key') && codes.includes('empty-required'), JSON.stringify(codes));
  // A letter typed in a value above the tables: the findings after it move by one, from the cache.
  const at = text.indexOf('hello');
  const next = text.slice(0, at) + 'x' + text.slice(at);
  const cache = new AnalysisCache(() => DEFAULT_OPTIONS);
  let td = TextDocument.create('file:///a.assistant.yaml', 'assistantconfig', 1, text);
  cache.diagnostics(td);
  cache.recordChange(td.uri, 2, { start: at, end: at, text: 'x' });
  td = TextDocument.update(td, [{ range: { start: td.positionAt(at), end: td.positionAt(at) }, text: 'x' }], 2);
  doc = parseWithLimits(next, 'yaml', DEFAULT_OPTIONS);
  const got = cache.diagnostics(td);
  assert.deepEqual(got, validate(doc, DEFAULT_OPTIONS));
  assert.deepEqual(
    got.map((d) => d.offset),
    before.map((d) => (d.offset > at ? d.offset + 1 : d.offset)),
  );
  assert.ok(cache.unitsReplayed(td.uri) >= 2, 'both tables replayed from the cache');
});

test('the unit cache knows a string is absent only until an edit could have made it, even by joining two pieces', () => {
  const units = new UnitCache();
  let text = 'a: assistant- b\nc: d\n';
  const needle = 'assistant-config-disable';
  assert.equal(units.includes(text, needle), false);
  assert.equal(units.includes(text, needle), false, 'remembered');
  // Typing elsewhere keeps it known absent.
  units.textEdited(text, 18, 18, 'x');
  text = text.slice(0, 18) + 'x' + text.slice(18);
  assert.equal(units.includes(text, needle), false);
  // 'config-disable' typed right after 'assistant-' makes the word across the edit's edge.
  const at = text.indexOf('assistant-') + 'assistant-'.length;
  units.textEdited(text, at, at, 'config-disable');
  text = text.slice(0, at) + 'config-disable' + text.slice(at);
  assert.equal(units.includes(text, needle), true);
  // Deleting what separated two halves joins them too.
  let t2 = 'x: assistant-config-\u00a7disable\n';
  const u2 = new UnitCache();
  assert.equal(u2.includes(t2, needle), false);
  const cut = t2.indexOf('\u00a7');
  u2.textEdited(t2, cut, cut + 1, '');
  t2 = t2.slice(0, cut) + t2.slice(cut + 1);
  assert.equal(u2.includes(t2, needle), true);
  // A text the cache was not told of (same length, other content) is read again.
  const u3 = new UnitCache();
  assert.equal(u3.includes('&&&', '*'), false);
  u3.textReplaced();
  assert.equal(u3.includes('**&', '*'), true);
});

test('the unit cache knows a string is present only while the edits leave one occurrence alone', () => {
  const units = new UnitCache();
  let text = 'a: &x 1\nb: 2\n';
  const edit = (start: number, end: number, ins: string): void => {
    units.textEdited(text, start, end, ins);
    text = text.slice(0, start) + ins + text.slice(end);
  };
  assert.equal(units.includes(text, '&'), true);
  edit(0, 0, 'zz'); // before the occurrence: it moves
  assert.equal(units.includes(text, '&'), true);
  edit(text.indexOf('&'), text.indexOf('&') + 1, ''); // the occurrence deleted: read again
  assert.equal(units.includes(text, '&'), false);
  edit(text.length, text.length, '&'); // typed again at the end
  assert.equal(units.includes(text, '&'), true);
});

test('incremental validation on a long list of tables: typing, Enter, deleting and duplicating lines, cached chunks equal a full validation (seeded)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const base = generate({ lines: 1200, errors: true }).text;
  const seed = testSeed('incremental validation chunks property', 31313, 'FUZZ_SEED');
  let edits = 0;
  let withFindings = 0;
  let replayed = 0;
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.nat(12),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          fc.constantFrom('x', '', '"', ' ', 'é'),
        ),
        {
          minLength: 1,
          maxLength: 10,
        },
      ),
      fc.nat(OPTION_SETS.length - 1),
      (seq, optionSet) => {
        const options = OPTION_SETS[optionSet]!;
        const cache = new AnalysisCache(() => options);
        const uri = 'file:///long.assistant.yaml';
        let doc = TextDocument.create(uri, 'assistantconfig', 1, base);
        cache.diagnostics(doc);
        for (const [kind, a, ins] of seq) {
          const text = doc.getText();
          const starts = [0];
          for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
          const line = Math.floor(a * (starts.length - 1));
          const ls = starts[line]!;
          const le = starts[line + 1]!;
          const body = text.slice(ls, le - 1);
          const indent = /^ */.exec(body)![0];
          // Edits that keep the YAML well formed (mostly), so that the tree is patched, not parsed afresh.
          const word = /\w$/.test(body);
          const item = /^ *- [\w"']+$/.test(body) || /^ *#/.test(body);
          // Kinds 4 and up: on a table's first line or the comment before it (./itemEdits.ts).
          const onItem = kind >= 4 ? itemEdit(text, kind - 4, a, a * 7 - Math.floor(a * 7)) : undefined;
          const e: Edit = onItem
            ? onItem
            : kind === 0 && word
              ? { start: le - 2, end: ins === '' ? le - 1 : le - 2, text: ins === '' || ins === ' ' ? '' : ins } // in the last word
              : kind === 1 || (kind === 0 && !word)
                ? { start: le - 1, end: le - 1, text: '\n' + indent } // Enter
                : kind === 2 && item
                  ? { start: ls, end: le, text: '' } // delete a column line or a comment
                  : { start: ls, end: ls, text: body + '\n' }; // duplicate the line (a duplicate key, a column twice)
          cache.recordChange(uri, doc.version + 1, e);
          doc = TextDocument.update(doc, [positionEdit(doc, e)], doc.version + 1);
          const got = cache.diagnostics(doc);
          const want = validate(parseWithLimits(doc.getText(), 'yaml', options), options);
          edits++;
          if (want.length > 0) withFindings++;
          assert.deepEqual(got, want, `after ${JSON.stringify(e)}`);
        }
        replayed += cache.unitsReplayed(uri);
      },
    ),
    { seed, numRuns: 60 },
  );
  console.log(`incremental validation (chunks): ${edits} edits, ${replayed} list items replayed`);
  // Edits on a table's first line re-read a few tables: the others are replayed.
  assert.ok(replayed > edits * 2, `${replayed} list items replayed from the cache over ${edits} edits`);
  assert.ok(withFindings > edits / 2, `${withFindings} of ${edits} compared findings`);
});

/** A tree as data: offsets, lengths and values, without the parent links (cycles). */
function plain(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(plain);
  if (n && typeof n === 'object')
    return Object.fromEntries(
      Object.entries(n)
        .filter(([k]) => k !== 'parent')
        .map(([k, v]) => [k, k === 'target' ? (v as { offset?: number } | undefined)?.offset : plain(v)]),
    );
  return n;
}

test("the warm-up's shift exercise leaves every tree exactly as it was (examples, generated files, JSON, CRLF)", async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const texts: { text: string; lang: 'yaml' | 'json' }[] = [
    ...readdirSync(join(ROOT, 'examples'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ text: readFileSync(join(ROOT, 'examples', f), 'utf8'), lang: 'yaml' as const })),
    { text: generate({ lines: 400 }).text, lang: 'yaml' },
    { text: generate({ lines: 400, crlf: true, fallbackDepth: 3 }).text, lang: 'yaml' },
    { text: generate({ lines: 200, format: 'json' }).text, lang: 'json' },
    { text: 'a: 1\n', lang: 'yaml' },
  ];
  let moved = 0;
  for (const { text, lang } of texts) {
    const doc = parseWithLimits(text, lang, DEFAULT_OPTIONS);
    assert.ok(doc.root, 'parsed');
    const before = plain(doc.root);
    exerciseShifts(doc.root);
    exerciseShifts(doc.root);
    assert.deepEqual(plain(doc.root), before);
    // The parents still hold their children (nothing was replaced).
    if (doc.root.type === 'object' && doc.root.properties[0]?.value) {
      assert.equal(doc.root.properties[0].value.parent, doc.root.properties[0]);
      moved++;
    }
  }
  assert.ok(moved > 3, `${moved} trees checked`);
});

test("the server's warm-up runs the incremental path (patched trees, list items replayed) on its own document", () => {
  const replayed = warmEditPath(DEFAULT_OPTIONS);
  // 14 edits on 40 tables: a patched edit replays most of the tables it did not touch.
  assert.ok(replayed > 14 * 15, `${replayed} list items replayed`);
});

test('duplicate tables in a long list: renaming, duplicating, deleting and aliasing entries, the cached grouping equals a full validation (seeded)', () => {
  // 150 tables (more than two chunks), names from a small set so that repeats come and go with edits.
  const lines = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: {provider: hosted}',
    '  schemaSelector:',
    '    type: fixed',
    '    tables:',
  ];
  for (let i = 0; i < 150; i++) {
    if (i % 7 === 3) lines.push(`      - {schemaName: s${i % 2}, tableName: t${(i * 13) % 140}, columns: []}`);
    else lines.push(`      - schemaName: s${i % 2}`, `        tableName: t${(i * 13) % 140}`, '        columns: [id]');
  }
  const base = lines.join('\n') + '\n';
  const seed = testSeed('incremental duplicate tables property', 41414, 'FUZZ_SEED');
  let edits = 0;
  let repeatsSeen = 0;
  const counts = new Set<number>();
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat(5), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.nat(39)), {
        minLength: 1,
        maxLength: 12,
      }),
      (seq) => {
        const options = DEFAULT_OPTIONS;
        const cache = new AnalysisCache(() => options);
        const uri = 'file:///tables.assistant.yaml';
        let doc = TextDocument.create(uri, 'assistantconfig', 1, base);
        cache.diagnostics(doc);
        for (const [kind, a, name] of seq) {
          const text = doc.getText();
          // The a-th `tableName: tN` of the text, and the item it is in.
          const names = [...text.matchAll(/tableName: (t\d+)/g)];
          const m = names[Math.floor(a * names.length)]!;
          const vStart = m.index + 'tableName: '.length;
          const vEnd = vStart + m[1]!.length;
          const ls = text.lastIndexOf('\n', m.index) + 1;
          const itemStart = text.lastIndexOf('      - ', m.index);
          const nextItem = text.indexOf('\n      - ', m.index);
          const itemEnd = nextItem < 0 ? text.length : nextItem + 1;
          const e: Edit =
            kind === 0
              ? { start: vStart, end: vEnd, text: `t${name}` } // renamed: a repeat made or undone
              : kind === 1
                ? { start: vEnd, end: vEnd, text: String(name % 10) } // a digit typed
                : kind === 2
                  ? { start: vEnd - 1, end: vEnd, text: '' } // a character deleted
                  : kind === 3
                    ? { start: itemStart, end: itemStart, text: text.slice(itemStart, itemEnd) } // the entry pasted again
                    : kind === 4
                      ? { start: itemStart, end: itemEnd, text: '' } // the entry deleted
                      : ls === itemStart // an entry given an anchor, or an alias to it added after it
                        ? { start: itemStart + 8, end: itemStart + 8, text: '&e ' }
                        : { start: itemEnd, end: itemEnd, text: '      - *e\n' };
          cache.recordChange(uri, doc.version + 1, e);
          doc = TextDocument.update(doc, [positionEdit(doc, e)], doc.version + 1);
          const got = cache.diagnostics(doc);
          const want = validate(parseWithLimits(doc.getText(), 'yaml', options), options);
          edits++;
          const repeats = want.filter((d) => d.code === 'duplicate-table').length;
          repeatsSeen += repeats;
          counts.add(repeats);
          assert.deepEqual(got, want, `after ${JSON.stringify(e)}`);
        }
      },
    ),
    { seed, numRuns: 80 },
  );
  console.log(`incremental duplicate tables: ${edits} edits, ${repeatsSeen} duplicate-table findings compared`);
  // The edits made and undid repeats: many different counts of findings were compared.
  assert.ok(repeatsSeen > edits * 5, `${repeatsSeen} duplicate-table findings over ${edits} edits`);
  assert.ok(counts.size >= 5, `${counts.size} different counts of duplicate-table findings`);
});

test("a list's repeated keys after an edit read only the items the edit changed", () => {
  const items = Array.from({ length: 500 }, (_, i) => `  - {name: n${i % 450}}`);
  let doc = parseWithLimits(`list:\n${items.join('\n')}\n`, 'yaml', DEFAULT_OPTIONS);
  const units = new UnitCache();
  let reads = 0;
  const keyOf = (item: Node): string | undefined => {
    reads++;
    if (item.type !== 'object') return undefined;
    const v = item.properties.find((p) => p.key.value === 'name')?.value;
    return v?.type === 'string' ? v.value : undefined;
  };
  const list = (): ArrayNode => {
    const root = doc.root;
    assert.ok(root?.type === 'object');
    const v = root.properties[0]!.value;
    assert.ok(v?.type === 'array');
    return v;
  };
  const names = (groups: Node[][]): string[] => groups.map((g) => g.map((n) => keyOf(n)).join(',')).sort();
  const edit = (start: number, end: number, text: string): void => {
    const next = applyEdit(doc, start, end, text);
    assert.ok(next, 'the tree is patched');
    doc = next;
    units.changed(patchedAt(doc));
  };
  const check = (wantReads: number): void => {
    reads = 0;
    const got = units.repeated(list(), keyOf);
    assert.ok(reads <= wantReads, `${reads} items read, at most ${wantReads} expected`);
    let plainReads = 0;
    const want = names(
      repeatedItems(list().items, (n) => {
        plainReads++;
        return keyOf(n);
      }),
    );
    assert.equal(plainReads, 500);
    assert.deepEqual(names(got), want);
  };
  check(500); // the first call reads every item
  assert.equal(units.repeated(list(), keyOf).length, 50);
  // The first n7 renamed n300: n7's repeat is gone, n300 has one; one item read.
  const at = doc.text.indexOf('n7}');
  edit(at + 1, at + 2, '300');
  check(1);
  assert.equal(units.repeated(list(), keyOf).length, 50);
  // Then n8: a group of three.
  const at2 = doc.text.indexOf('n300}');
  edit(at2 + 1, at2 + 4, '8');
  check(1);
  assert.deepEqual(
    units
      .repeated(list(), keyOf)
      .map((g) => g.length)
      .sort(),
    [...Array<number>(48).fill(2), 3],
  );
  // Nothing changed: nothing read.
  check(0);
});
