// editDistance (reused typed rows) against the plain table, on random words over a small alphabet (so
// that matches and transpositions are frequent), and the did-you-mean results it feeds: closest works
// out distances only up to the bound that can matter (editDistanceWithin), and must answer what the
// full distances answer (seeded property tests on typos of candidates and on the schema's words).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { closest, editDistance, editDistanceWithin } from '../../server/src/service/text';
import schema from '../../schemas/assistant-config.schema.json';
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

/** closest as it was before it bounded the distances it works out: every distance in full. */
function referenceClosest(word: string, candidates: readonly string[]): string | undefined {
  const bare = (s: string): string => s.replace(/[_-]/g, '');
  const isSub = (short: string, long: string): boolean => {
    let i = 0;
    for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
    return i === short.length;
  };
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  let bestRaw = Infinity;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const raw = reference(w, lc);
    let d = raw;
    if (w.length >= 3 && (lc.startsWith(w) || w.startsWith(lc))) d = Math.min(d, 1);
    if (d > 0.5 && bare(lc) === bare(w)) d = 0.5;
    if (w.length >= 4 && lc.length > w.length && isSub(w, lc)) d = Math.min(d, 0.75 + (lc.length - w.length) / 4);
    if (d < bestScore || (d === bestScore && raw < bestRaw)) {
      bestScore = d;
      bestRaw = raw;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(word.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}

test('editDistanceWithin is editDistance up to its limit, and above the limit past it', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'é'), maxLength: 40 });
  fc.assert(
    fc.property(word, word, fc.nat({ max: 12 }), (a, b, limit) => {
      const full = reference(a, b);
      const within = editDistanceWithin(a, b, limit);
      if (full <= limit) assert.equal(within, full);
      else assert.ok(within > limit, `${within} for ${full} within ${limit}`);
    }),
    { seed: SEED, numRuns: 3000 },
  );
});

test('closest gives the answers of the full distances, on typos of candidates and random words', () => {
  const unit = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'A', 'B', '_', '-', 'é', 'İ');
  const word = fc.string({ unit, maxLength: 24 });
  /** A typo of `w`: a letter inserted, dropped, changed or swapped with the next, a part cut off or added. */
  const typo = (w: string): fc.Arbitrary<string> =>
    fc
      .tuple(fc.nat(), unit, fc.constantFrom('ins', 'del', 'sub', 'swap', 'head', 'tail', 'case', 'same'), word)
      .map(([at, ch, kind, other]) => {
        const i = w.length === 0 ? 0 : at % (w.length + 1);
        if (kind === 'ins') return w.slice(0, i) + ch + w.slice(i);
        if (kind === 'del') return w.slice(0, i) + w.slice(i + 1);
        if (kind === 'sub') return w.slice(0, i) + ch + w.slice(i + 1);
        if (kind === 'swap') return w.slice(0, i) + w.slice(i + 1, i + 2) + w.slice(i, i + 1) + w.slice(i + 2);
        if (kind === 'head') return w.slice(0, i);
        if (kind === 'tail') return w + other.slice(0, 5);
        if (kind === 'case') return w.toUpperCase();
        return w;
      });
  const typos = (w: string, n: number): fc.Arbitrary<string> =>
    n === 0 ? fc.constant(w) : typo(w).chain((t) => typos(t, n - 1));
  const input = word.chain((w) =>
    fc.tuple(
      fc.constant(w),
      fc.array(
        fc.oneof(
          word,
          fc.nat({ max: 4 }).chain((n) => typos(w, n)),
        ),
        { maxLength: 14 },
      ),
    ),
  );
  fc.assert(
    fc.property(input, ([w, candidates]) => {
      assert.equal(closest(w, candidates), referenceClosest(w, candidates));
    }),
    { seed: SEED, numRuns: 6000 },
  );
});

test("closest gives the answers of the full distances on the schema's keys and values, misspelt", () => {
  const vocabulary = [...new Set(JSON.stringify(schema).match(/[A-Za-z][A-Za-z0-9_-]{2,}/g) ?? [])];
  assert.ok(vocabulary.length > 100, `${vocabulary.length} words`);
  const pick = fc.constantFrom(...vocabulary);
  const mangled = fc.tuple(pick, fc.nat(), fc.nat(), fc.constantFrom('x', '_', 'e', 'E')).map(([v, a, b, ch]) => {
    const i = a % (v.length + 1);
    const j = b % (v.length + 1);
    return v.slice(0, Math.min(i, j)) + ch + v.slice(Math.max(i, j));
  });
  fc.assert(
    fc.property(fc.oneof(pick, mangled), fc.array(pick, { maxLength: 30 }), (w, candidates) => {
      assert.equal(closest(w, candidates), referenceClosest(w, candidates));
    }),
    { seed: SEED, numRuns: 3000 },
  );
});
