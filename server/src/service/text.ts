// Small text helpers shared by features: closest match and human lists.

import { plainReading } from './chars';
export { editDistance, editDistanceWithin } from '../shared/editDistance';
import { editDistance, editDistanceWithin } from '../shared/editDistance';

/** The candidate closest to `word`, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  // `pro` + U+200B + `vider`, `рrovider` (Cyrillic er), `“hosted”`: exactly a candidate once the
  // invisible characters are removed and the look-alikes read as Latin (REVIEW5 H22).
  const plain = plainReading(word);
  if (plain !== word && candidates.includes(plain)) return plain;
  const w = word.toLowerCase();
  const wBare = withoutSeparators(w);
  // No candidate scoring above the largest limit (see the end) can be the answer, nor keep a closer
  // one from being it: the edit distance is only worked out up to that bound, or up to the best
  // score so far when lower (a worse candidate changes nothing). Where a rule below applies (a
  // prefix, a subsequence) the distance is the difference in length, exactly.
  let longest = word.length;
  for (const c of candidates) if (c.length > longest) longest = c.length;
  const cap = Math.max(2, Math.floor(longest / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  let bestRaw = Infinity;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const prefix = lc.startsWith(w) || w.startsWith(lc);
    // A word left out (`blockHigh` for `blockOnlyHigh`): the typed letters in order, nothing else.
    const sub = w.length >= 4 && lc.length > w.length && isSubsequence(w, lc);
    const bare = withoutSeparators(lc) === wBare;
    let raw: number;
    if (prefix || sub) raw = Math.abs(lc.length - w.length);
    else if (bare) raw = editDistance(w, lc);
    else {
      const bound = Math.min(cap, Math.floor(bestScore));
      raw = editDistanceWithin(w, lc, bound);
      if (raw > bound) continue;
    }
    let d = raw;
    if (w.length >= 3 && prefix) d = Math.min(d, 1);
    if (d > 0.5 && bare) d = 0.5;
    if (sub) d = Math.min(d, 0.75 + (lc.length - w.length) / 4);
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
  // A loop, not map and join: optimised code's map makes a holey array, the interpreter's a packed
  // one, and an optimised caller was deoptimised at the first of the other kind.
  let s = '';
  for (let i = 0; i < values.length; i++) s += i === 0 ? `'${values[i]!}'` : `, '${values[i]!}'`;
  return s;
}

/**
 * The key of `key:value` written without the space after the colon (`provider:vendor_a`, `type:all`):
 * YAML reads that as one plain scalar (in a flow mapping, one key with no value). Undefined when `s`
 * does not start with a plain key's name, a colon and a value character.
 */
export function gluedKey(s: string): string | undefined {
  const m = /^([A-Za-z_][\w-]*):(?=[^\s:/])/.exec(s);
  return m?.[1];
}

/**
 * Whether a key read from the file holds more than a key: a `:` or `=` in it, or a Unicode space
 * (`provider: vendor_a` with a no-break space is one key). Renaming such a key to a named one would
 * drop what follows, the value the user wrote (REVIEW5 H19): no rename is offered for it.
 */
export function holdsMoreThanAKey(key: string): boolean {
  // (A zero-width space is no space: `pro` + U+200B + `vider` is one key, REVIEW5 H22.)
  return /[:=\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/.test(key);
}

/** How close `word` is to one candidate, as `closest` scores it (undefined: not a likely typo of it). */
export function scoreOf(word: string, c: string): { d: number; raw: number } | undefined {
  const w = word.toLowerCase();
  const lc = c.toLowerCase();
  const prefix = lc.startsWith(w) || w.startsWith(lc);
  const sub = w.length >= 4 && lc.length > w.length && isSubsequence(w, lc);
  const bare = withoutSeparators(lc) === withoutSeparators(w);
  const raw = prefix || sub ? Math.abs(lc.length - w.length) : editDistance(w, lc);
  let d = raw;
  if (w.length >= 3 && prefix) d = Math.min(d, 1);
  if (d > 0.5 && bare) d = 0.5;
  if (sub) d = Math.min(d, 0.75 + (lc.length - w.length) / 4);
  const limit = Math.max(2, Math.floor(Math.max(word.length, c.length) / 3));
  return d <= limit ? { d, raw } : undefined;
}

/** Whether `c` continues `word` (the word is its start, or its letters in order): a value typed half. */
function continues(word: string, c: string): boolean {
  const w = word.toLowerCase();
  const lc = c.toLowerCase();
  return lc.length > w.length && (lc.startsWith(w) || (w.length >= 4 && isSubsequence(w, lc)));
}

/**
 * The closest candidate (as `closest`) and every candidate as close as it, in the candidates' order:
 * several when they tie (`cloud_d` is one letter from each `cloud_…` provider), or when
 * the closest continues the word and so do others (`block` begins every `block…` value, `vendor`
 * every `vendor_…`: which one was meant is not known), unless the closest lacks only a letter and the
 * others more (`enable_visualization` is `enable_visualizations`, not `…_v2`). A fix is certain only when there is one
 * (README: "one clear closest match"; REVIEW5 H20).
 */
export function closestMatches(
  word: string,
  candidates: readonly string[],
): { best: string | undefined; tied: string[] } {
  // The same slip in many files (`provider: hostedx` in a repository's configs) is worked out once:
  // the answer depends on the word and the candidates alone. (A copy of `tied`: callers own it.) The
  // key gives each string's length before it: no two different questions share one. (A long word, a
  // key pasted whole, is not kept.)
  if (word.length > MEMO_WORD_MAX) return closestMatchesUncached(word, candidates);
  let key = `${word.length}:${word}`;
  for (let i = 0; i < candidates.length; i++) key += `,${candidates[i]!.length}:${candidates[i]!}`;
  let known = MATCHES.get(key);
  if (!known) {
    if (MATCHES.size >= MATCHES_KEPT) MATCHES.clear();
    MATCHES.set(key, (known = closestMatchesUncached(word, candidates)));
  }
  return { best: known.best, tied: known.tied.slice() };
}

/** closestMatches' answers by word and candidates (a bounded memo: cleared when full). */
const MATCHES = new Map<string, { best: string | undefined; tied: readonly string[] }>();
const MATCHES_KEPT = 256;
const MEMO_WORD_MAX = 128;

/** closestMatches worked out afresh (exported for the test that compares it with the memo's answers). */
export function closestMatchesUncached(
  word: string,
  candidates: readonly string[],
): { best: string | undefined; tied: string[] } {
  const best = closest(word, candidates);
  if (best === undefined) return { best, tied: [] };
  if (best !== word && best === plainReading(word)) return { best, tied: [best] };
  const top = scoreOf(word, best);
  const open = continues(word, best);
  const tied = candidates.filter((c) => {
    if (c === best) return true;
    const s = scoreOf(word, c);
    if (!s || !top) return false;
    // (A letter or so left off the end, `enable_visualization`: that one, when the others need more.)
    return (s.d === top.d && s.raw === top.raw) || (open && continues(word, c) && !(top.raw <= 1 && s.raw > top.raw));
  });
  return { best, tied };
}

/** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function orList(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]!}`;
}

/**
 * Whether `word` is a slip for `target` that `--fix` may write (REVIEW6 I4): the same but for case and
 * `_`/`-`, one letter wrong, missing or extra, two neighbours swapped, or letters left out in order
 * (`blockHigh` for `blockOnlyHigh`). `blockSome` is two letters from `blockNone` and means the
 * opposite: a suggestion, not a fix.
 */
export function isSlip(word: string, target: string): boolean {
  const w = withoutSeparators(word.toLowerCase());
  const t = withoutSeparators(target.toLowerCase());
  if (w === t) return true;
  const d = editDistanceWithin(w, t, 2);
  if (d <= 1) return true;
  if (d === 2 && w.length === t.length) {
    const diff: number[] = [];
    for (let i = 0; i < w.length && diff.length <= 2; i++) if (w[i] !== t[i]) diff.push(i);
    const [i, j] = diff;
    if (diff.length === 2 && i !== undefined && j === i + 1 && w[i] === t[j] && w[j] === t[i]) return true;
  }
  return w.length >= 4 && t.length > w.length && isSubsequence(w, t);
}
