// Incremental reparse: when it patches, the tree equals a full parse of the new text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, languageOf } from '../../server/src/parser';
import { applyEdit } from '../../server/src/parser/incremental';
import { ROOT } from '../helpers';

function plain(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(plain);
  if (n && typeof n === 'object') return Object.fromEntries(Object.entries(n).filter(([k]) => k !== 'parent').map(([k, v]) => [k, plain(v)]));
  return n;
}

const files = readdirSync(join(ROOT, 'examples')).map((f) => ({ name: f, text: readFileSync(join(ROOT, 'examples', f), 'utf8') }));

test('typing inside a value patches the tree, equal to a full parse', () => {
  const text = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');
  const at = text.indexOf('model-001') + 5;
  const doc = parse(text, 'yaml');
  const next = applyEdit(doc, at, at, 'X');
  assert.ok(next, 'patched');
  assert.deepEqual(plain(next.root), plain(parse(next.text, 'yaml').root));
});

test('a structural edit is declined', () => {
  const text = 'a:\n  b: c\n';
  const doc = parse(text, 'yaml');
  assert.equal(applyEdit(doc, 7, 7, ': d'), undefined);
  assert.equal(applyEdit(parse(text, 'yaml'), 7, 7, ' #x'), undefined);
  assert.equal(applyEdit(parse(text, 'yaml'), 2, 2, '\n'), undefined);
});

test('random one-character edits on every example: patched ⇒ identical to a full parse (seeded)', () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  console.log(`incremental property seed: ${seed}`);
  let patched = 0;
  fc.assert(
    fc.property(fc.constantFrom(...files), fc.nat(), fc.nat(2), fc.constantFrom('a', 'Z', '1', '_', '-', '.', ' ', ':', '"', "'", '#', ',', '}', '', '0', 'e', 'x'), ({ name, text }, at, del, ins) => {
      const lang = languageOf(name, text);
      const start = at % (text.length + 1);
      const end = Math.min(text.length, start + del);
      const doc = parse(text, lang);
      const next = applyEdit(doc, start, end, ins);
      if (!next) return;
      patched++;
      const full = parse(next.text, lang);
      assert.deepEqual(full.problems, []);
      assert.deepEqual(plain(next.root), plain(full.root), `${name} @${start}-${end} '${ins}'`);
    }),
    { seed, numRuns: 1500 },
  );
  assert.ok(patched > 50, `the patch path engaged ${patched} times`);
});
