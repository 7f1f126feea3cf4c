// Edits on a list item's first line, or on a comment or blank line between items: the incremental
// parser re-reads the items around the edit, not the whole list (parser/incremental.ts, `reitems`).
// The patched tree must equal a fresh parse, and the items far from the edit must be the same nodes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '../../server/src/parser';
import type { ArrayNode, Node } from '../../server/src/parser/ast';
import { applyEdit } from '../../server/src/parser/incremental';
import { ROOT } from '../helpers';
import type * as GenerateModule from '../../bench/generate.mjs';
import { testSeed } from '../seed';
import { itemEdit } from '../validation/itemEdits';

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

/** The `tables` list of a generated config. */
function tablesOf(root: Node | undefined): ArrayNode {
  let n = root;
  for (const key of ['definition', 'schemaSelector', 'tables']) {
    assert.ok(n?.type === 'object', key);
    n = n.properties.find((p) => p.key.value === key)?.value;
  }
  assert.ok(n?.type === 'array', 'tables');
  return n;
}

test("edits on a table's first line and in the comment between tables re-read a few tables, not the list", async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const text = generate({ lines: 3000 }).text;
  const probe = tablesOf(parse(text, 'yaml').root);
  assert.ok(probe.items.length > 60, `${probe.items.length} tables`);
  const middle = probe.items[Math.floor(probe.items.length / 2)]!;
  const dashLine = text.lastIndexOf('\n', middle.offset) + 1;
  const eol = text.indexOf('\n', middle.offset);
  const comment = text.lastIndexOf('\n', dashLine - 2) + 1;
  assert.match(text.slice(comment, dashLine), /^ *# /, 'a comment line before the table');
  const indent = ' '.repeat(middle.offset - dashLine);
  for (const e of [
    { what: 'Enter at the end of the first line', start: eol, end: eol, text: '\n' + indent },
    { what: 'a character typed in the key', start: middle.offset + 2, end: middle.offset + 2, text: 'x' },
    {
      what: 'a new table typed after the first line',
      start: eol,
      end: eol,
      text: '\n' + indent.slice(2) + '- schemaName: s',
    },
    { what: 'the first line deleted', start: dashLine, end: eol + 1, text: '' },
    { what: 'the dash line pasted again', start: dashLine, end: dashLine, text: text.slice(dashLine, eol + 1) },
    {
      what: 'a character typed in the comment',
      start: comment + indent.length,
      end: comment + indent.length,
      text: 'x',
    },
    { what: 'Enter after the comment', start: dashLine - 1, end: dashLine - 1, text: '\n' },
    { what: 'the comment deleted', start: comment, end: dashLine, text: '' },
  ]) {
    const doc = parse(text, 'yaml');
    const before = tablesOf(doc.root);
    const first = before.items[0]!;
    const last = before.items[before.items.length - 1]!;
    const next = applyEdit(doc, e.start, e.end, e.text);
    assert.ok(next, `patched: ${e.what}`);
    assert.deepEqual(plain(next.root), plain(parse(next.text, 'yaml').root), e.what);
    // Local: the first and the last table are the nodes they were (the list was not read again).
    const after = tablesOf(next.root);
    assert.equal(after.items[0], first, e.what);
    assert.equal(after.items[after.items.length - 1], last, e.what);
    assert.equal(last.parent, after, e.what);
  }
});

test('item and comment edits on examples and generated files: patched ⇒ the tree of a fresh parse (seeded)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const docs = [
    ...readdirSync(join(ROOT, 'examples'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => readFileSync(join(ROOT, 'examples', f), 'utf8')),
    generate({ lines: 400 }).text,
    generate({ lines: 400, crlf: true, fallbackDepth: 3 }).text,
    generate({ lines: 200, mode: 'synthetic' }).text,
    '- a\n# one\n- b: 1\n  c: 2\n\n# two\n- [x,\n  y]\n- |\n  text\n# three\n- "q"\n',
    'k:\n- a\n# c\n- b\nm: 1\n',
  ];
  const seed = testSeed('item edits property', 21313, 'FUZZ_SEED');
  let patched = 0;
  let edits = 0;
  let eligible = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...docs),
      fc.array(
        fc.tuple(
          fc.nat(8),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      (text, seq) => {
        let doc = parse(text, 'yaml');
        for (const [kind, a, b] of seq) {
          const e = itemEdit(doc.text, kind, a, b);
          if (!e) continue;
          const next = applyEdit(doc, e.start, e.end, e.text);
          const newText = doc.text.slice(0, e.start) + e.text + doc.text.slice(e.end);
          const full = parse(newText, 'yaml');
          edits++;
          // Before and after the edit, a text without problems: what a patch could stand for.
          if (doc.problems.length === 0 && full.problems.length === 0) eligible++;
          if (next) {
            patched++;
            assert.equal(next.text, newText);
            assert.deepEqual(next.problems, full.problems, 'a patched document has the problems of a fresh parse');
            assert.deepEqual(plain(next.root), plain(full.root), `edit ${JSON.stringify(e)}`);
            doc = next;
          } else doc = full;
        }
      },
    ),
    { seed, numRuns: 400 },
  );
  console.log(`item and comment edits patched: ${patched} of ${edits} (${eligible} between texts without problems)`);
  // (Comment edits at the top of a file change the root: parsed afresh, as they should be.)
  assert.ok(patched > eligible / 5 && patched > 50, `patched ${patched} of ${eligible}`);
});
