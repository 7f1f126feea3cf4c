// editDistance (reused typed rows) against the plain table, on random words over a small alphabet (so
// that matches and transpositions are frequent), and the did-you-mean results it feeds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { closest, editDistance } from '../../server/src/service/text';
import { fixedSeed } from '../parser/yamlArbitraries';

const SEED = fixedSeed('editDistance', 0xed17);

/** Optimal string alignment distance, written out as a full table. */
function reference(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([]);
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        d[i]!.push(i + j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]!.push(v);
    }
  }
  return d[a.length]![b.length]!;
}

test('editDistance equals the full table on random words, long and short, in any order of calls', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'é'), maxLength: 90 });
  fc.assert(
    fc.property(word, word, (a, b) => {
      assert.equal(editDistance(a, b), reference(a, b));
      assert.equal(editDistance(b, a), reference(a, b));
    }),
    { seed: SEED, numRuns: 1500 },
  );
});

test('did-you-mean keeps its answers', () => {
  assert.equal(editDistance('provdier', 'provider'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(closest('maxFalbackDepth', ['maxFallbackDepth', 'include', 'exclude']), 'maxFallbackDepth');
  assert.equal(closest('zzzzzz', ['include', 'exclude']), undefined);
});
