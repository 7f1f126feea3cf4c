// lsp/textDocument.ts keeps the open documents: after any sequence of edits (ranged, reversed, out of
// range, whole-text), every answer equals that of vscode-languageserver-textdocument's TextDocument,
// whose contract and update algorithm it follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { OpenDocument } from '../../server/src/lsp/textDocument';
import { testSeed } from '../seed';

const PIECES = ['a', 'key: v', ' ', '\n', '\r\n', '\r', '- x\n', '😀', '\t', '#'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((xs) => xs.join(''));

function same(ours: OpenDocument, theirs: TextDocument, what: string): void {
  const t = theirs.getText();
  assert.equal(ours.getText(), t, what);
  assert.equal(ours.lineCount, theirs.lineCount, what);
  assert.equal(ours.version, theirs.version, what);
  for (let o = -1; o <= t.length + 1; o++)
    assert.deepEqual(ours.positionAt(o), theirs.positionAt(o), `${what}: positionAt(${o})`);
  for (let line = -1; line <= theirs.lineCount + 1; line++)
    for (let character = -1; character <= 12; character++) {
      const p = { line, character };
      assert.equal(ours.offsetAt(p), theirs.offsetAt(p), `${what}: offsetAt(${JSON.stringify(p)})`);
    }
  const range = { start: { line: 0, character: 1 }, end: { line: 2, character: 3 } };
  assert.equal(ours.getText(range), theirs.getText(range), what);
}

test('the open documents answer as vscode-languageserver-textdocument does, after random edits (seeded)', () => {
  const seed = testSeed('open document property', 4242, 'FUZZ_SEED');
  // A change: a range on lines of the document (as a client sends; characters may run past a line's
  // end, and the range may be given end first), or the whole text.
  const change = fc.record({
    full: fc.boolean(),
    lines: fc.tuple(
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    ),
    characters: fc.tuple(fc.nat(10), fc.nat(10)),
    text,
  });
  let checked = 0;
  fc.assert(
    fc.property(text, fc.array(change, { maxLength: 10 }), fc.boolean(), (initial, changes, early) => {
      const ours = new OpenDocument('file:///a.yaml', 'yaml', 1, initial);
      const theirs = TextDocument.create('file:///a.yaml', 'yaml', 1, initial);
      // Line starts computed before the first edit, or by it.
      if (early) same(ours, theirs, 'opened');
      let version = 1;
      for (const c of changes) {
        const n = theirs.lineCount;
        const ev: TextDocumentContentChangeEvent = c.full
          ? { text: c.text }
          : {
              range: {
                start: { line: Math.floor(c.lines[0] * n), character: c.characters[0] },
                end: { line: Math.floor(c.lines[1] * n), character: c.characters[1] },
              },
              text: c.text,
            };
        version++;
        ours.update([ev], version);
        TextDocument.update(theirs, [ev], version);
        same(ours, theirs, `after ${JSON.stringify(ev)} on ${JSON.stringify(initial)}`);
        checked++;
      }
    }),
    { seed, numRuns: 300 },
  );
  assert.ok(checked > 1000, `${checked} edits compared`);
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
