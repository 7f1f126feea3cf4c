// lsp/textDocument.ts keeps the open documents: after any sequence of edits (ranged, reversed, out of
// range, whole-text), every answer equals that of a document opened afresh on the same text (as
// vscode-languageserver-textdocument's TextDocument.create reads it: '\r\n', '\r' and '\n' each end a
// line). Not the package's `update`: it loses count when an edit makes a '\r' and a '\n' meet (REVIEW8
// K19), so the edits below put line breaks of every kind next to each other at random places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { OpenDocument } from '../../server/src/lsp/textDocument';
import { testSeed } from '../seed';

const PIECES = ['a', 'key: v', ' ', '\n', '\r\n', '\r', '\r', '\n', '- x\n', '😀', '\t', '#'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((xs) => xs.join(''));
// Inserted text: often one line break alone (typed), or pieces of them.
const inserted = fc.oneof(
  fc.constantFrom('', '\r', '\n', '\r\n', '\n\r', 'x\r', '\nx'),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((xs) => xs.join('')),
);

function same(ours: OpenDocument, text: string, version: number, what: string): void {
  const fresh = TextDocument.create('file:///a.yaml', 'yaml', version, text);
  assert.equal(ours.getText(), text, what);
  assert.equal(ours.lineCount, fresh.lineCount, what);
  assert.equal(ours.version, version, what);
  for (let o = -1; o <= text.length + 1; o++)
    assert.deepEqual(ours.positionAt(o), fresh.positionAt(o), `${what}: positionAt(${o})`);
  for (let line = -1; line <= fresh.lineCount + 1; line++)
    for (let character = -1; character <= 12; character++) {
      const p = { line, character };
      assert.equal(ours.offsetAt(p), fresh.offsetAt(p), `${what}: offsetAt(${JSON.stringify(p)})`);
    }
  const range = { start: { line: 0, character: 1 }, end: { line: 2, character: 3 } };
  assert.equal(ours.getText(range), fresh.getText(range), what);
}

const crlfs = (t: string): number => t.split('\r\n').length - 1;

/** The text a ranged change makes, its offsets read on a document opened afresh on `before`. */
function applied(before: string, start: Position, end: Position, text: string): string {
  const fresh = TextDocument.create('file:///a.yaml', 'yaml', 1, before);
  let a = fresh.offsetAt(start);
  let b = fresh.offsetAt(end);
  if (a > b) [a, b] = [b, a];
  return before.slice(0, a) + text + before.slice(b);
}

test('the open documents answer as a document opened afresh on the same text, after random edits (seeded)', () => {
  const seed = testSeed('open document property', 4242, 'FUZZ_SEED');
  // A change: a range on lines of the document (as a client sends; characters may run past a line's
  // end, lines past the last one, and the range may be given end first), or the whole text.
  const change = fc.record({
    full: fc.integer({ min: 0, max: 9 }),
    lines: fc.tuple(
      fc.double({ min: -0.1, max: 1.2, maxExcluded: true, noNaN: true }),
      fc.double({ min: -0.1, max: 1.2, maxExcluded: true, noNaN: true }),
    ),
    characters: fc.tuple(fc.nat(10), fc.nat(10)),
    text: inserted,
  });
  let checked = 0;
  let joined = 0;
  fc.assert(
    fc.property(text, fc.array(change, { maxLength: 12 }), fc.boolean(), (initial, changes, early) => {
      const ours = new OpenDocument('file:///a.yaml', 'yaml', 1, initial);
      let expected = initial;
      // Line starts computed before the first edit, or by it.
      if (early) same(ours, expected, 1, 'opened');
      let version = 1;
      for (const c of changes) {
        const n = TextDocument.create('file:///a.yaml', 'yaml', 1, expected).lineCount;
        let ev: TextDocumentContentChangeEvent;
        if (c.full === 0) {
          ev = { text: c.text };
          expected = c.text;
        } else {
          const start = { line: Math.floor(c.lines[0] * n), character: c.characters[0] };
          const end = { line: Math.floor(c.lines[1] * n), character: c.characters[1] };
          ev = { range: { start, end }, text: c.text };
          const before = expected;
          expected = applied(before, start, end, c.text);
          // A '\r\n' made of a '\r' and a '\n' that the edit brought together.
          if (crlfs(expected) > crlfs(before) + crlfs(c.text)) joined++;
        }
        version++;
        ours.update([ev], version);
        same(ours, expected, version, `after ${JSON.stringify(ev)} from ${JSON.stringify(initial)}`);
        checked++;
      }
    }),
    { seed, numRuns: 300 },
  );
  assert.ok(checked > 1000, `${checked} edits compared`);
  assert.ok(joined > 100, `${joined} edits joined a CR and a LF`);
});

test('an edit that joins a lone CR and a LF into one line break (REVIEW8 K19)', () => {
  const cases: [string, Position, Position, string, string][] = [
    // text, range start, range end, inserted, expected text
    ['a\rb', { line: 1, character: 0 }, { line: 1, character: 0 }, '\n', 'a\r\nb'],
    ['a\nb', { line: 0, character: 1 }, { line: 0, character: 1 }, '\r', 'a\r\nb'],
    ['a\rx\nb', { line: 1, character: 0 }, { line: 1, character: 1 }, '', 'a\r\nb'],
    ['a\rx\nb', { line: 1, character: 0 }, { line: 1, character: 1 }, 'y\r', 'a\ry\r\nb'],
    ['a\r\rb', { line: 1, character: 0 }, { line: 1, character: 0 }, '\n\n', 'a\r\n\n\rb'],
  ];
  for (const [before, start, end, insert, after] of cases) {
    const ours = new OpenDocument('file:///c.yaml', 'yaml', 1, before);
    assert.ok(ours.lineCount > 1); // line starts known before the edit, as on a document already queried
    ours.update([{ range: { start, end }, text: insert }], 2);
    same(ours, after, 2, `${JSON.stringify(insert)} into ${JSON.stringify(before)}`);
  }
});

test('the line starts of a large text: LF, CRLF and lone CR', () => {
  const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}: ${'x'.repeat(i % 7)}`);
  for (const eol of ['\n', '\r\n']) {
    for (const t of [lines.join(eol), lines.join(eol) + eol, lines.join(eol) + '\r' + lines.join(eol)]) {
      const ours = new OpenDocument('file:///b.yaml', 'yaml', 1, t);
      const theirs = TextDocument.create('file:///b.yaml', 'yaml', 1, t);
      assert.equal(ours.lineCount, theirs.lineCount);
      for (let o = 0; o <= t.length; o += 37) assert.deepEqual(ours.positionAt(o), theirs.positionAt(o));
      for (let line = 0; line < theirs.lineCount; line += 13) {
        const p = { line, character: 5 };
        assert.equal(ours.offsetAt(p), theirs.offsetAt(p));
      }
    }
  }
});
