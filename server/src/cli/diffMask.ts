// What a fix leaves of a secret the text had before it (REVIEW8 K9): a rename of `valu:` under
// `apiKey:` changes what the new text recognises as a secret, but the secret is the same text, and
// it must not be printed (a `+` line of `--fix-dry-run`, the frames of the report after `--fix`)
// because the new text no longer sees it as one. Carried over by the lines' edit script: a range on
// a line both texts keep is carried to the same place of the new line; in a run of changed lines,
// every occurrence of an old line's secret in the new lines of that run is a range.
import { maskRanges } from '../service/credentialShapes';
import type { Range } from '../service/credentialShapes';
import { editScript } from '../service/lineDiff';

/** The ranges of `to` that hold what `fromRanges` held in `from` (see above). */
export function carriedSecrets(from: string, fromRanges: readonly Range[], to: string): Range[] {
  return carry(from, fromRanges, to, true);
}

/**
 * `before` and `after` masked for a diff: each with its own ranges and the other's carried over, so
 * that a line both keep is masked alike on both sides (one context line), and a changed line of the
 * new side masks what the old side masked.
 */
export function maskBothSides(
  before: string,
  beforeRanges: readonly Range[],
  after: string,
  afterRanges: readonly Range[],
): { before: string; after: string } {
  return {
    before: maskRanges(before, [...beforeRanges, ...carry(after, afterRanges, before, false)]),
    after: maskRanges(after, [...afterRanges, ...carry(before, beforeRanges, after, true)]),
  };
}

/** `fromRanges` carried to `to`: on kept lines, and with `changed` in the changed lines too. */
function carry(from: string, fromRanges: readonly Range[], to: string, changed: boolean): Range[] {
  if (fromRanges.length === 0) return [];
  const a = lines(from);
  const b = lines(to);
  const aStart = starts(a);
  const bStart = starts(b);
  // The ranges' pieces by line: [line, column from, column to).
  const pieces = new Map<number, [number, number][]>();
  for (const r of fromRanges) {
    let line = lineOf(aStart, r.offset);
    for (let at = r.offset, end = r.offset + r.length; at < end && line < a.length; line++) {
      const stop = Math.min(end, aStart[line]! + a[line]!.length);
      let list = pieces.get(line);
      if (!list) pieces.set(line, (list = []));
      list.push([at - aStart[line]!, stop - aStart[line]!]);
      at = stop;
    }
  }
  const out: Range[] = [];
  const ops = editScript(a, b);
  let i = 0;
  let j = 0;
  for (let k = 0; k < ops.length;) {
    if (ops[k] === '=') {
      for (const [c0, c1] of pieces.get(i) ?? []) out.push({ offset: bStart[j]! + c0, length: c1 - c0 });
      i++;
      j++;
      k++;
      continue;
    }
    // A run of changes: the old lines' secrets (as written, and unquoted), wherever they stand in the new lines.
    const values = new Set<string>();
    const added: number[] = [];
    for (; k < ops.length && ops[k] !== '='; k++) {
      if (ops[k] === '-') {
        for (const [c0, c1] of pieces.get(i) ?? []) {
          const piece = a[i]!.slice(c0, c1)
            .replace(/\r?\n$/, '')
            .trim();
          for (const v of [piece, piece.replace(/^(["'])(.*)\1$/s, '$2')]) if (v.length > 0) values.add(v);
        }
        i++;
      } else added.push(j++);
    }
    if (!changed) continue;
    for (const at of added)
      for (const v of values)
        for (let p = b[at]!.indexOf(v); p >= 0; p = b[at]!.indexOf(v, p + 1))
          out.push({ offset: bStart[at]! + p, length: v.length });
  }
  return out;
}

/** The lines of a text, each with its line break. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function starts(ls: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0, at = 0; i < ls.length; at += ls[i]!.length, i++) out.push(at);
  return out;
}

/** The line (index into `lineStarts`) that holds `offset`. */
function lineOf(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
