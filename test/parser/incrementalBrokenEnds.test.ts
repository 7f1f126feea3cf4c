// REVIEW4 G23: a syntax error on the last line of a list item or of a mapping (a half-typed key, an
// unclosed `[`/`{`), the next line indented less, fell off the incremental path: its broken entry
// (zone) ends exactly where the re-read lines end, and such a zone was taken as running past them,
// so every keystroke re-read the whole list (a whole-file read on a large config). A zone that ends
// at a line indented less than the re-read block (or at the list's next item) lies inside it: that
// line ends every entry the fast path hands over. The patched document must equal a fresh parse
// (tree, problems, zones), and the items far from the edit must be the same nodes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '../../server/src/parser';
import type { ArrayNode, Node, ParsedDocument } from '../../server/src/parser/ast';
import { applyEdit } from '../../server/src/parser/incremental';
import { ROOT } from '../helpers';
import type * as GenerateModule from '../../bench/generate.mjs';
import { testSeed } from '../seed';

interface Edit {
  start: number;
  end: number;
  text: string;
}

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

function tablesOf(root: Node | undefined): ArrayNode {
  let n = root;
  for (const key of ['definition', 'schemaSelector', 'tables']) {
    assert.ok(n?.type === 'object', key);
    n = n.properties.find((p) => p.key.value === key)?.value;
  }
  assert.ok(n?.type === 'array', 'tables');
  return n;
}

/** The patched document of an edit, asserted equal to a fresh parse of its text; undefined when not patched. */
function patchAndCompare(doc: ParsedDocument, e: Edit, what: string): ParsedDocument | undefined {
  const next = applyEdit(doc, e.start, e.end, e.text);
  if (!next) return undefined;
  const full = parse(doc.text.slice(0, e.start) + e.text + doc.text.slice(e.end), 'yaml');
  assert.equal(next.text, full.text, what);
  assert.deepEqual(plain(next.root), plain(full.root), what);
  assert.deepEqual(next.problems, full.problems, what);
  assert.deepEqual(next.zones, full.zones, what);
  return next;
}

/** The broken shapes, as lines put before a list item's dash line (the next line is that item, indented less). */
const SHAPES: { name: string; lines: (ind: string) => string[]; cursor: 'end' }[] = [
  {
    name: 'a half-typed key, last line of the item',
    lines: (i) => [`${i}- schemaName: sales`, `${i}  tableName: t`, `${i}  col`],
    cursor: 'end',
  },
  {
    name: 'a half-typed key after a scalar value',
    lines: (i) => [`${i}- schemaName: sales`, `${i}  tab`],
    cursor: 'end',
  },
  {
    name: 'a half-typed key after a flow value',
    lines: (i) => [`${i}- schemaName: sales`, `${i}  columns: [a, b]`, `${i}  tab`],
    cursor: 'end',
  },
  {
    name: 'a half-typed key after a quoted value',
    lines: (i) => [`${i}- schemaName: sales`, `${i}  tableName: "t"`, `${i}  tab`],
    cursor: 'end',
  },
  {
    name: 'an unclosed flow sequence, last line of the item',
    lines: (i) => [`${i}- schemaName: sales`, `${i}  tableName: t`, `${i}  columns: [a`],
    cursor: 'end',
  },
  {
    name: 'an unclosed flow mapping as the item',
    lines: (i) => [`${i}- {schemaName: sales, tableName: t`],
    cursor: 'end',
  },
  {
    name: 'an unclosed flow sequence, then a sibling key',
    lines: (i) => [`${i}- schemaName: sales`, `${i}  columns: [a`, `${i}  tableName: t`],
    cursor: 'end',
  },
];

test('G23: a half-typed key or an unclosed [ / { as the last line of a list item: typing there, Enter, typing far away and the repair are patched locally, each equal to a fresh parse', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const text = generate({ lines: 1200 }).text;
  const probe = tablesOf(parse(text, 'yaml').root);
  const middle = probe.items[Math.floor(probe.items.length / 2)]!;
  const dashLine = text.lastIndexOf('\n', middle.offset) + 1;
  const ind = text.slice(dashLine, text.indexOf('-', dashLine));
  for (const shape of SHAPES) {
    let doc = parse(text, 'yaml');
    const step = (e: Edit, what: string): void => {
      const before = tablesOf(doc.root);
      const first = before.items[0]!;
      const last = before.items[before.items.length - 1]!;
      const next = patchAndCompare(doc, e, `${shape.name}: ${what}`);
      assert.ok(next, `patched: ${shape.name}: ${what}`);
      // Local: the first and the last table are the nodes they were (the list was not read again).
      const after = tablesOf(next.root);
      assert.equal(after.items[0], first, `${shape.name}: ${what}`);
      assert.equal(after.items[after.items.length - 1], last, `${shape.name}: ${what}`);
      doc = next;
    };
    const inserted = shape.lines(ind).join('\n') + '\n';
    step({ start: dashLine, end: dashLine, text: inserted }, 'the lines pasted');
    assert.ok(doc.problems.length > 0 && doc.zones !== undefined, `${shape.name}: a placed syntax error`);
    // Typing at the end of the broken line (the cursor of the user who is typing it).
    const at = dashLine + inserted.length - 1;
    for (let i = 0; i < 6; i++) step({ start: at + i, end: at + i, text: 'xyz,]} '[i]! }, `typing ${i + 1}`);
    // Enter after it (the editor indents the new line), then Backspace.
    const eol = { start: at + 6, end: at + 6, text: `\n${ind}  ` };
    step(eol, 'Enter');
    step({ start: eol.start, end: eol.start + eol.text.length, text: '' }, 'Backspace');
    // Typing far after it and far before it, while it stands.
    const far = doc.text.indexOf('tableName:', at + 3000) + 12;
    step({ start: far, end: far, text: 'q' }, 'typing far after');
    const near = doc.text.lastIndexOf('tableName:', dashLine - 3000) + 12;
    step({ start: near, end: near, text: 'q' }, 'typing far before');
    // The repair: the pasted and typed lines deleted (they moved by the 'q' typed before them).
    const from = dashLine + 1;
    const to = doc.text.indexOf('\n', at + 1 + 6) + 1;
    step({ start: from, end: to, text: '' }, 'the repair');
    assert.deepEqual(doc.problems, [], `${shape.name}: repaired`);
  }
});

test('G23: a half-typed key or an unclosed [ / { as the last line of a mapping (the next key indented less): typing there re-reads that mapping, equal to a fresh parse', () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n  threadTitleGeneration:\n    enable: true\n  featureFlags:\n    enable_automations: true\n  maxAssistantActions: 3\n';
  for (const [name, line] of [
    ['a half-typed key', '    mod'],
    ['an unclosed flow sequence', '    tags: [a'],
    ['an unclosed flow mapping', '    fallback: {provider: hosted'],
  ] as const) {
    const at = text.indexOf('  threadTitleGeneration:');
    let doc = parse(text, 'yaml');
    const first = patchAndCompare(doc, { start: at, end: at, text: line + '\n' }, `${name}: pasted`);
    doc = first ?? parse(text.slice(0, at) + line + '\n' + text.slice(at), 'yaml');
    assert.ok(doc.problems.length > 0, name);
    const cursor = at + line.length;
    const definitionOf = (d: ParsedDocument): Node | undefined =>
      d.root?.type === 'object' ? d.root.properties.find((p) => p.key.value === 'definition')?.value : undefined;
    for (let i = 0; i < 4; i++) {
      const before = definitionOf(doc);
      const next = patchAndCompare(doc, { start: cursor + i, end: cursor + i, text: 'x' }, `${name}: typing ${i}`);
      assert.ok(next, `patched: ${name}: typing ${i}`);
      // Local: the LLM's mapping is read again, not all of `definition` (the whole file, in a large one).
      assert.equal(definitionOf(next), before, `${name}: typing ${i} re-read all of definition`);
      doc = next;
    }
  }
});

test('a syntax error whose broken entry ends where the re-read lines start keeps its problem (was dropped from a patched document)', () => {
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  schemaSelector:\n    type: fixed\n    tables:\n';
  const item = '      - schemaName: s1\n        tableName: t1\n';
  for (const bad of [
    '      - schemaName: sales\n        columns: [a\n',
    '      - {schemaName: sales, tableName: t\n',
    '      - schemaName: sales\n        col\n',
  ]) {
    const text = `${head}${item}${item}${bad}${item}      - schemaName: s3\n        tableName: t3\n${item}  maxAssistantActions: 3\n`;
    const doc = parse(text, 'yaml');
    assert.ok(doc.problems.length > 0 && doc.zones !== undefined, bad);
    const at = text.indexOf('t3') + 2;
    // Enter in the table after the next one: its list items are read again from the one after the broken one.
    const next = patchAndCompare(doc, { start: at, end: at, text: '\n        ' }, bad);
    assert.ok(next, `patched: ${bad}`);
    assert.equal(next.problems.length, doc.problems.length, bad);
  }
});

// ---- property: breaks at the end of an entry, edits while they stand, repairs ----

/** The lines (start offsets) whose next content line is indented less: the last line of an entry. */
function lastLines(text: string): number[] {
  const out: number[] = [];
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const indentOf = (s: number): number | undefined => {
    let q = s;
    while (text.charCodeAt(q) === 32) q++;
    const c = text.charCodeAt(q);
    return q >= text.length || c === 10 || c === 13 || c === 35 ? undefined : q - s;
  };
  let prev = -1;
  for (const s of starts) {
    const ind = indentOf(s);
    if (ind === undefined) continue;
    if (prev >= 0 && ind < indentOf(prev)!) out.push(prev);
    prev = s;
  }
  return out;
}

/** A break at the end of an entry: after the last line `l` of an entry, a line at its key column. */
function endBreak(text: string, kind: number, a: number): Edit | undefined {
  const lines = lastLines(text);
  if (lines.length === 0) return undefined;
  const ls = lines[Math.floor(a * lines.length)]!;
  const nl = text.indexOf('\n', ls);
  if (nl < 0) return undefined;
  const body = text.slice(ls, nl).replace(/\r$/, '');
  // The column of the line's key: after its item markers.
  const key = /^( *)(- +)*/.exec(body)!;
  const col = key[0].length;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const ind = ' '.repeat(col);
  const line = [
    `${ind}col`,
    `${ind}columns: [a`,
    `${ind}extra: {k: 1`,
    `${ind}- {schemaName: s, tableName: t`,
    `${ind}tab"`,
  ][kind % 5]!;
  return { start: nl + 1, end: nl + 1, text: line + eol };
}

test('breaks at the end of an entry (half-typed keys, unclosed [ and {), typing in them, Enter, other edits and repairs: patched ⇒ the document of a fresh parse (fixed seed)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const examples = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(ROOT, 'examples', f), 'utf8'));
  const docs = [
    ...examples,
    generate({ lines: 300 }).text,
    generate({ lines: 300, crlf: true }).text,
    // Tables written without comment lines between them: every item's last line is followed by the next dash.
    generate({ lines: 300 })
      .text.split('\n')
      .filter((l) => !/^ *#/.test(l))
      .join('\n'),
  ];
  const seed = testSeed('incremental breaks at the end of an entry property', 2323023, 'FUZZ_SEED');
  let patched = 0;
  let brokenEdits = 0;
  let patchedBroken = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...docs),
      fc.array(
        fc.tuple(
          fc.nat(9),
          fc.nat(5),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ),
        { minLength: 1, maxLength: 10 },
      ),
      (text, seq) => {
        let doc = parse(text, 'yaml');
        // Where the last break's line ends (the cursor of the user typing it), and how to undo it.
        let cursor = -1;
        const undo: Edit[] = [];
        for (const [what, kind, a, b] of seq) {
          let e: Edit | undefined;
          if (what < 3) {
            e = endBreak(doc.text, kind, a);
            if (!e) continue;
            cursor = e.start + e.text.replace(/\r?\n$/, '').length;
            undo.length = 0;
            undo.push({ start: e.start, end: e.start + e.text.length, text: '' });
          } else if (what < 6 && cursor >= 0) {
            // Typing at the end of the broken line: a character, a comma, a closing bracket, a space.
            const ch = ['x', ',', ']', '}', ' ', ': '][kind]!;
            e = { start: cursor, end: cursor, text: ch };
            cursor += ch.length;
            if (undo.length > 0) undo[0]!.end += ch.length;
          } else if (what < 7 && undo.length > 0) {
            e = undo.pop()!;
            cursor = -1;
            if (e.end > doc.text.length) continue;
          } else if (what < 8 && cursor >= 0) {
            // Enter after the broken line, at its indentation.
            const ls = doc.text.lastIndexOf('\n', cursor - 1) + 1;
            const ind = /^ */.exec(doc.text.slice(ls))![0];
            e = { start: cursor, end: cursor, text: '\n' + ind };
            cursor = -1;
            undo.length = 0;
          } else {
            // A character typed somewhere else.
            const at = Math.floor(b * doc.text.length);
            e = { start: at, end: at, text: 'q' };
            if (cursor >= at) cursor++;
            if (undo.length > 0 && undo[0]!.start >= at) {
              undo[0]!.start++;
              undo[0]!.end++;
            } else if (undo.length > 0 && undo[0]!.end > at) undo.length = 0;
          }
          const broken = doc.problems.length > 0;
          if (broken) brokenEdits++;
          const what1 = `edit ${JSON.stringify(e)} on ${JSON.stringify(doc.text.slice(Math.max(0, e.start - 120), e.end + 80))}`;
          const next = patchAndCompare(doc, e, what1);
          if (next) {
            patched++;
            if (broken) patchedBroken++;
            doc = next;
          } else doc = parse(doc.text.slice(0, e.start) + e.text + doc.text.slice(e.end), 'yaml');
        }
      },
    ),
    { seed, numRuns: 200 },
  );
  console.log(
    `breaks at the end of an entry: ${brokenEdits} edits while broken, ${patchedBroken} of them patched; all patched: ${patched}`,
  );
  assert.ok(patchedBroken > brokenEdits / 4, `patched ${patchedBroken} of ${brokenEdits} edits while broken`);
});
