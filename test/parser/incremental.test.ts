// Incremental reparse: when it patches, the tree equals a full parse of the new text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, languageOf } from '../../server/src/parser';
import { applyEdit } from '../../server/src/parser/incremental';
import { ROOT } from '../helpers';
import type * as GenerateModule from '../../bench/generate.mjs';
import { testSeed } from '../seed';

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

const files = readdirSync(join(ROOT, 'examples')).map((f) => ({
  name: f,
  text: readFileSync(join(ROOT, 'examples', f), 'utf8'),
}));

test('typing inside a value patches the tree, equal to a full parse', () => {
  const text = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');
  const at = text.indexOf('model-001') + 5;
  const doc = parse(text, 'yaml');
  const next = applyEdit(doc, at, at, 'X');
  assert.ok(next, 'patched');
  assert.deepEqual(plain(next.root), plain(parse(next.text, 'yaml').root));
});

test('an edit that changes the first line of every enclosing block is declined', () => {
  const text = 'a:\n  b: c\n';
  const doc = parse(text, 'yaml');
  assert.equal(applyEdit(doc, 7, 7, ': d'), undefined);
  assert.equal(applyEdit(parse(text, 'yaml'), 7, 7, ' #x'), undefined);
  assert.equal(applyEdit(parse(text, 'yaml'), 2, 2, '\n'), undefined);
});

test('random one-character edits on every example: patched ⇒ identical to a full parse (seeded)', () => {
  const seed = testSeed('incremental property', 130013, 'FUZZ_SEED');
  let patched = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...files),
      fc.nat(),
      fc.nat(2),
      fc.constantFrom('a', 'Z', '1', '_', '-', '.', ' ', ':', '"', "'", '#', ',', '}', '', '0', 'e', 'x'),
      ({ name, text }, at, del, ins) => {
        const lang = languageOf(name, text);
        const start = at % (text.length + 1);
        const end = Math.min(text.length, start + del);
        const doc = parse(text, lang);
        const next = applyEdit(doc, start, end, ins);
        if (!next) return;
        patched++;
        const full = parse(next.text, lang);
        assert.deepEqual(next.problems, full.problems);
        assert.deepEqual(plain(next.root), plain(full.root), `${name} @${start}-${end} '${ins}'`);
      },
    ),
    { seed, numRuns: 1500 },
  );
  assert.ok(patched > 50, `the patch path engaged ${patched} times`);
});

// ---- structural edits (issue 13): Enter, deleting a line, pasting lines, indenting a block ----

type Edit = { start: number; end: number; text: string };

/** A structural edit of `text` drawn from `r` (numbers in [0, 1)): where and what. */
function structuralEdit(text: string, kind: number, a: number, b: number): Edit {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const line = Math.floor(a * starts.length);
  const ls = starts[line]!;
  const le = line + 1 < starts.length ? starts[line + 1]! : text.length;
  const body = text.slice(ls, le).replace(/\r?\n$/, '');
  const indent = /^ */.exec(body)![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  switch (kind) {
    case 0: // Enter at the end of a line, the editor keeping the indentation
      return { start: ls + body.length, end: ls + body.length, text: eol + indent };
    case 1: // Enter in the middle of a line
      return { start: ls + Math.floor(b * body.length), end: ls + Math.floor(b * body.length), text: eol + indent };
    case 2: // delete a line
      return { start: ls, end: le, text: '' };
    case 3: {
      // paste up to 5 lines copied from elsewhere, before this line
      const from = Math.floor(b * starts.length);
      const to = Math.min(starts.length - 1, from + 1 + Math.floor(b * 5));
      const chunk = text.slice(starts[from]!, to < starts.length ? starts[to]! : text.length);
      return { start: ls, end: ls, text: chunk.endsWith('\n') ? chunk : chunk + eol };
    }
    case 4: // indent a line by two spaces
      return { start: ls, end: ls, text: '  ' };
    case 5: // dedent a line
      return { start: ls, end: ls + Math.min(2, indent.length), text: '' };
    default: // type a character
      return { start: ls + Math.floor(b * body.length), end: ls + Math.floor(b * body.length), text: 'x' };
  }
}

const yamlFiles = files.filter((f) => f.name.endsWith('.yaml'));

test('structural edits (Enter, delete a line, paste lines, indent): after any sequence, the patched tree equals a fresh parse (fixed seed)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const docs = [
    ...yamlFiles.map((f) => f.text),
    generate({ lines: 300 }).text,
    generate({ lines: 300, crlf: true }).text,
    generate({ lines: 200, mode: 'synthetic' }).text,
  ];
  const seed = Number(process.env.FUZZ_SEED ?? 13013);
  console.log(`structural incremental property seed: ${seed} (replay with FUZZ_SEED=${seed})`);
  let patched = 0;
  let edits = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...docs),
      fc.array(
        fc.tuple(
          fc.nat(6),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      (text, seq) => {
        let doc = parse(text, 'yaml');
        for (const [kind, a, b] of seq) {
          const e = structuralEdit(doc.text, kind, a, b);
          const next = applyEdit(doc, e.start, e.end, e.text);
          const newText = doc.text.slice(0, e.start) + e.text + doc.text.slice(e.end);
          const full = parse(newText, 'yaml');
          edits++;
          if (next) {
            patched++;
            assert.equal(next.text, newText);
            assert.deepEqual(next.problems, full.problems, 'a patched document has the problems of a fresh parse');
            assert.deepEqual(plain(next.root), plain(full.root), `edit ${JSON.stringify(e)}`);
            doc = next;
          } else {
            doc = full;
          }
        }
      },
    ),
    { seed, numRuns: 400 },
  );
  console.log(`structural edits patched: ${patched} of ${edits}`);
  // Random edits often leave the text invalid (then later edits parse afresh): a share, not most.
  assert.ok(patched > edits / 10, `the block path engaged on ${patched} of ${edits} edits`);
});

test('Enter, delete a line and paste 5 lines inside a table of a realistic config are patched, not re-parsed', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const text = generate({ lines: 1000 }).text;
  const at = text.indexOf('\n', text.indexOf('- order_total_t4'));
  const doc = parse(text, 'yaml');
  for (const e of [
    { start: at, end: at, text: '\n          ' },
    { start: at + 1, end: text.indexOf('\n', at + 1) + 1, text: '' },
    { start: at + 1, end: at + 1, text: '          - a\n          - b\n          - c\n          - d\n          - e\n' },
  ]) {
    const next = applyEdit(parse(text, 'yaml'), e.start, e.end, e.text);
    assert.ok(next, `patched: ${JSON.stringify(e)}`);
    assert.deepEqual(plain(next.root), plain(parse(next.text, 'yaml').root));
  }
  assert.ok(doc.root);
});

// ---- scalars over several lines (stress seed 821912721: a patched tree hid two syntax errors) ----

test('deleting the indentation of a plain scalar continuation line is not patched: a fresh parse reports the syntax error', () => {
  // Read alone, 'b\nc' is one fine scalar; in place, 'c' at column 0 is an implicit key with no value.
  const text = 'a: b\n  c\nd: e\n';
  for (const [start, end, ins] of [
    [5, 7, ''],
    [5, 7, '{'],
  ] as const) {
    const newText = text.slice(0, start) + ins + text.slice(end);
    assert.notDeepEqual(parse(newText, 'yaml').problems, [], `${JSON.stringify(newText)} has a syntax error`);
    assert.equal(applyEdit(parse(text, 'yaml'), start, end, ins), undefined, JSON.stringify(newText));
  }
  // The same for a quoted scalar over two lines.
  assert.equal(applyEdit(parse('a: "b\n  c"\n', 'yaml'), 6, 8, ''), undefined);
  // Typing inside a one-line scalar ('e') is still patched.
  const next = applyEdit(parse(text, 'yaml'), 13, 13, 'x');
  assert.ok(next, 'patched');
  assert.deepEqual(plain(next.root), plain(parse(next.text, 'yaml').root));
});

test('edits on texts with multi-line plain and quoted scalars (valid or not, before or after the edit): patched ⇒ no syntax error and the tree of a fresh parse (seeded)', () => {
  const seed = testSeed('incremental multi-line scalars property', 821912721, 'FUZZ_SEED');
  const lines = [
    'a: b',
    '  c d',
    'e: "f',
    '  g"',
    "h: 'i",
    "  j'",
    'k:',
    '  - l',
    '    m',
    '  - n: o',
    '      p',
    'q: r',
    'provider: hostedaba&a:apiKey:*a',
    '      valueFromEnvendor_a',
    '# note',
    's: t # u',
  ];
  const inserts = [
    '',
    '{',
    '}',
    '[',
    ']',
    ',',
    '#',
    '- ',
    ': ',
    ':',
    '"',
    "'",
    '&a ',
    '*a',
    ' ',
    '  ',
    'x',
    '\t',
    '\n',
    '\n  ',
  ];
  let patched = 0;
  let edits = 0;
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...lines), { minLength: 1, maxLength: 8 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.constantFrom(...inserts)), { minLength: 1, maxLength: 6 }),
      (ls, seq) => {
        let doc = parse(ls.join('\n') + '\n', 'yaml');
        for (const [at, del, ins] of seq) {
          const start = at % (doc.text.length + 1);
          const end = Math.min(doc.text.length, start + del);
          const newText = doc.text.slice(0, start) + ins + doc.text.slice(end);
          const next = applyEdit(doc, start, end, ins);
          const full = parse(newText, 'yaml');
          edits++;
          if (next) {
            patched++;
            const what = `${JSON.stringify(doc.text)} @${start}-${end} ${JSON.stringify(ins)}`;
            assert.equal(next.text, newText);
            assert.deepEqual(
              next.problems,
              full.problems,
              `a patched document has the problems of a fresh parse: ${what}`,
            );
            assert.deepEqual(plain(next.root), plain(full.root), what);
            doc = next;
          } else {
            doc = full;
          }
        }
      },
    ),
    { seed, numRuns: 1500 },
  );
  console.log(`multi-line scalar edits patched: ${patched} of ${edits}`);
  // Most random edits leave these small texts broken (then later edits parse afresh): a count, not a share.
  assert.ok(patched > 50, `the patch paths engaged on ${patched} of ${edits} edits`);
});

// ---- while the file has a syntax error (issue 13): the broken entries are placed (`zones`), edits go on patching ----

/** A typing error at line `a` of `text` (what `b` picks on the line), as an edit. */
function breakingEdit(text: string, kind: number, a: number, b: number): Edit {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const line = Math.floor(a * starts.length);
  const ls = starts[line]!;
  const le = line + 1 < starts.length ? starts[line + 1]! : text.length;
  const body = text.slice(ls, le).replace(/\r?\n$/, '');
  const indent = /^ */.exec(body)![0];
  const colon = body.indexOf(': ');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  switch (kind) {
    case 0: // an unterminated quote after a key
      return colon > 0 ? { start: ls + colon + 2, end: ls + colon + 2, text: '"ab' } : { start: ls, end: ls, text: '' };
    case 1: // a key without its colon
      return colon > 0 ? { start: ls + colon, end: ls + colon + 1, text: '' } : { start: ls, end: ls, text: '' };
    case 2: // a half-typed key on a new line
      return { start: le, end: le, text: indent + (b < 0.5 ? 'provid' : 'modelI: x') + eol };
    case 3: // a stray ']'
      return { start: ls + body.length, end: ls + body.length, text: ']' };
    case 4: // a tab at the line's start
      return { start: ls, end: ls, text: '\t' };
    default: // one space too many
      return { start: ls, end: ls, text: ' ' };
  }
}

test('edits that break and repair the file (unterminated quotes, keys without colon, half-typed keys, stray `]`, tabs, bad indentation) and edits while it is broken: after any sequence, the patched document (tree, problems, zones) equals a fresh parse (fixed seed)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const docs = [
    ...yamlFiles.map((f) => f.text),
    generate({ lines: 300 }).text,
    generate({ lines: 300, crlf: true }).text,
  ];
  const seed = testSeed('incremental while broken property', 1313013, 'FUZZ_SEED');
  let patched = 0;
  let patchedBroken = 0;
  let withZones = 0;
  let noZones = 0;
  let brokenEdits = 0;
  let edits = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...docs),
      fc.array(
        fc.tuple(
          fc.nat(9),
          fc.nat(6),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ),
        { minLength: 1, maxLength: 10 },
      ),
      (text, seq) => {
        let doc = parse(text, 'yaml');
        const undo: Edit[] = [];
        for (const [what, kind, a, b] of seq) {
          let e: Edit;
          if (what < 3) {
            e = breakingEdit(doc.text, kind, a, b);
            undo.push({ start: e.start, end: e.start + e.text.length, text: doc.text.slice(e.start, e.end) });
          } else if (what < 5 && undo.length > 0) {
            // Repair: the last break undone (its offsets still hold when nothing else moved them).
            e = undo.pop()!;
            if (e.end > doc.text.length) continue;
          } else {
            e = structuralEdit(doc.text, kind, a, b);
            undo.length = 0;
          }
          const broken = doc.problems.length > 0;
          if (broken && doc.zones) withZones++;
          else if (broken) noZones++;
          const next = applyEdit(doc, e.start, e.end, e.text);
          const newText = doc.text.slice(0, e.start) + e.text + doc.text.slice(e.end);
          const full = parse(newText, 'yaml');
          edits++;
          if (broken) brokenEdits++;
          if (next) {
            patched++;
            if (broken) patchedBroken++;
            const what = `edit ${JSON.stringify(e)} on ${JSON.stringify(doc.text.slice(Math.max(0, e.start - 80), e.end + 80))}`;
            assert.equal(next.text, newText);
            assert.deepEqual(plain(next.root), plain(full.root), what);
            assert.deepEqual(next.problems, full.problems, what);
            assert.deepEqual(next.zones, full.zones, what);
            doc = next;
          } else {
            doc = full;
          }
        }
      },
    ),
    { seed, numRuns: 300 },
  );
  console.log(
    `edits while broken: ${brokenEdits} of ${edits} (problems placed in zones: ${withZones}, not: ${noZones}), of which patched ${patchedBroken}; all patched: ${patched}`,
  );
  // (A broken first line, the root indented above a line indented less, several documents: the whole text goes
  // to the full parser, its problems are not placed, and such a document is parsed afresh on each edit. The
  // random edits here break small files near their root often; the test below shows the patching itself.)
  assert.ok(patchedBroken > 0, `patched ${patchedBroken} of ${withZones} edits on a broken file`);
});

test('in a realistic config with a syntax error in one table (unterminated quote, key without colon, stray `]`, half-typed key): typing elsewhere and inside the broken entry, Enter, and the repair are patched, each equal to a fresh parse', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const text = generate({ lines: 1000 }).text;
  const at = text.indexOf('tableName:', Math.floor(text.length / 3));
  const le = text.indexOf('\n', at);
  const indent = ' '.repeat(at - text.lastIndexOf('\n', at) - 1);
  const breaks: Edit[] = [
    { start: le, end: le, text: ' "ab' },
    { start: at + 9, end: at + 10, text: '' },
    { start: le, end: le, text: ']' },
    { start: le + 1, end: le + 1, text: indent + 'provid\n' },
  ];
  for (const br of breaks) {
    let doc = parse(text, 'yaml');
    const step = (e: Edit, what: string): void => {
      const next = applyEdit(doc, e.start, e.end, e.text);
      assert.ok(next, `patched: ${what} after ${JSON.stringify(br)}`);
      const full = parse(next.text, 'yaml');
      assert.deepEqual(plain(next.root), plain(full.root), what);
      assert.deepEqual(next.problems, full.problems, what);
      assert.deepEqual(next.zones, full.zones, what);
      doc = next;
    };
    step(br, 'the break');
    assert.ok(doc.problems.length > 0 && doc.zones !== undefined, `a placed syntax error: ${JSON.stringify(br)}`);
    // Typing in a value far after it, then far before it.
    const after = doc.text.indexOf('tableName:', br.start + 2000) + 12;
    step({ start: after, end: after, text: 'x' }, 'typing after the broken entry');
    const before = doc.text.lastIndexOf('tableName:', br.start - 2000) + 12;
    step({ start: before, end: before, text: 'y' }, 'typing before the broken entry');
    // Enter far away.
    const eol = doc.text.indexOf('\n', doc.text.indexOf('columns:', br.start + 3000));
    step({ start: eol, end: eol, text: '\n' + indent }, 'Enter after the broken entry');
    // Typing inside the broken entry (at the end of what broke it), then the repair (the break moved by the 'y').
    const b0 = br.start + 1;
    const inside = b0 + br.text.trimEnd().length;
    step({ start: inside, end: inside, text: 'z' }, 'typing inside the broken entry');
    step({ start: b0, end: b0 + br.text.length + 1, text: text.slice(br.start, br.end) }, 'the repair');
    assert.deepEqual(doc.problems, [], `repaired: ${JSON.stringify(br)}`);
  }
});
