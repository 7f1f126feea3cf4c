// Small text helpers shared by features: closest match and human lists.

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  let prev2 = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** The candidate closest to `word`, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    let d = editDistance(w, lc);
    if (w.length >= 3 && (lc.startsWith(w) || w.startsWith(lc))) d = Math.min(d, 1);
    if (lc.replace(/[_-]/g, '') === w.replace(/[_-]/g, '')) d = Math.min(d, 0.5);
    // A word left out (`blockHigh` for `blockOnlyHigh`): the typed letters in order, nothing else.
    if (w.length >= 4 && lc.length > w.length && isSubsequence(w, lc))
      d = Math.min(d, 0.75 + (lc.length - w.length) / 4);
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(word.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
}

export function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}
