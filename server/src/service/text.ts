// Small text helpers shared by features: closest match and human lists.

// Three rows of the distance table, reused from call to call (grown when a word is longer): the
// CLI asks for thousands of distances on a large repository.
let rows = new Int32Array(3 * 64);

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  const w = n + 1;
  if (rows.length < 3 * w) rows = new Int32Array(3 * w);
  const t = rows;
  // Rows i-2, i-1 and i live at offsets p2, p1 and c (rotating).
  let p2 = 0;
  let p1 = w;
  let c = 2 * w;
  for (let j = 0; j <= n; j++) t[p1 + j] = j;
  for (let i = 1; i <= m; i++) {
    t[c] = i;
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(t[p1 + j]! + 1, t[c + j - 1]! + 1, t[p1 + j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) v = Math.min(v, t[p2 + j - 2]! + 1);
      t[c + j] = v;
    }
    const old = p2;
    p2 = p1;
    p1 = c;
    c = old;
  }
  return t[p1 + n]!;
}

/** The candidate closest to `word`, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const wBare = withoutSeparators(w);
  let best: string | undefined;
  let bestScore = Infinity;
  let bestRaw = Infinity;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const raw = editDistance(w, lc);
    let d = raw;
    if (w.length >= 3 && (lc.startsWith(w) || w.startsWith(lc))) d = Math.min(d, 1);
    if (d > 0.5 && withoutSeparators(lc) === wBare) d = 0.5;
    // A word left out (`blockHigh` for `blockOnlyHigh`): the typed letters in order, nothing else.
    if (w.length >= 4 && lc.length > w.length && isSubsequence(w, lc))
      d = Math.min(d, 0.75 + (lc.length - w.length) / 4);
    // On a tie, the nearer spelling wins: `valueFromEnvv` is `valueFromEnv` (one letter), not
    // `value` (a prefix of it).
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

/** `s` without `_` and `-` (the same string when it has none: no allocation, no regular expression). */
function withoutSeparators(s: string): string {
  return s.includes('_') || s.includes('-') ? s.replace(/[_-]/g, '') : s;
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
}

export function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}
