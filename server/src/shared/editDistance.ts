// Edit distance (optimal string alignment), with no import: the shared module's content sniff uses it
// in the client's first bundle, the engine's closest-match helpers (service/text.ts) everywhere else.

// Three rows of the distance table, reused from call to call (grown when a word is longer): the
// CLI asks for thousands of distances on a large repository.
let rows = new Int32Array(3 * 64);

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  return editDistanceWithin(a, b, Infinity);
}

/**
 * editDistance(a, b) when it is at most `limit`; otherwise some number above `limit` (the table is
 * left as soon as a whole row is above it: a row's smallest entry never decreases down the table).
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  if (Math.abs(m - n) > limit) return limit + 1;
  const w = n + 1;
  if (rows.length < 3 * w) rows = new Int32Array(3 * w);
  const t = rows;
  let p2 = 0;
  let p1 = w;
  let c = 2 * w;
  for (let j = 0; j <= n; j++) t[p1 + j] = j;
  for (let i = 1; i <= m; i++) {
    t[c] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(t[p1 + j]! + 1, t[c + j - 1]! + 1, t[p1 + j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) v = Math.min(v, t[p2 + j - 2]! + 1);
      t[c + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    const old = p2;
    p2 = p1;
    p1 = c;
    c = old;
  }
  return t[p1 + n]!;
}
