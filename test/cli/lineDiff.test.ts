// The line diff of `format --diff` and `lint --fix-dry-run`: a shortest edit script at any size
// (REVIEW4 G12: above ~2,000 lines the quadratic table gave up and the whole file was one hunk).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editScript } from '../../server/src/service/lineDiff';
import { unifiedDiff } from '../../server/src/cli/fix';
import { testSeed } from '../seed';
import { mulberry32 as rng } from '../helpers';

const SEED = testSeed('line diff', 0x6d1f, 'LINE_DIFF_SEED');

/** The length of a longest common subsequence, by the table (small inputs only). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let next = new Array<number>(b.length + 1).fill(0);
  for (let i = a.length - 1; i >= 0; i--) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = b.length - 1; j >= 0; j--) row[j] = a[i] === b[j] ? next[j + 1]! + 1 : Math.max(next[j]!, row[j + 1]!);
    next = row;
  }
  return next[0]!;
}

/** `b` rebuilt from `a` by the script (every '=' on equal lines), and the number of edits. */
function apply(a: readonly string[], b: readonly string[], ops: readonly string[]): { out: string[]; edits: number } {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  let edits = 0;
  for (const op of ops) {
    if (op === '=') {
      assert.equal(a[i], b[j], 'a kept line is the same on both sides');
      out.push(a[i++]!);
      j++;
    } else if (op === '-') {
      i++;
      edits++;
    } else {
      out.push(b[j++]!);
      edits++;
    }
  }
  assert.equal(i, a.length, 'every line of the first text is used');
  return { out, edits };
}

test('the edit script turns one text into the other with the fewest edits (seeded small cases)', () => {
  const random = rng(SEED);
  for (let k = 0; k < 3000; k++) {
    const alphabet = 1 + Math.floor(random() * 6);
    const line = (): string => `l${Math.floor(random() * alphabet)}\n`;
    const a = Array.from({ length: Math.floor(random() * 14) }, line);
    const b = Array.from({ length: Math.floor(random() * 14) }, line);
    const ops = editScript(a, b);
    const { out, edits } = apply(a, b, ops);
    const name = JSON.stringify({ a, b, ops });
    assert.deepEqual(out, b, name);
    assert.equal(edits, a.length + b.length - 2 * lcsLength(a, b), `not a shortest script: ${name}`);
    // Within a change, the deleted lines come first (as diff -u prints them).
    assert.doesNotMatch(ops.join(''), /\+-/, name);
  }
});

test('a 12,000-line file with one line in four changed gives a hunk per change, not one for the whole file (REVIEW4 G12)', () => {
  const before = Array.from({ length: 12_000 }, (_, k) => `  - tableName: t${k}\n`).join('');
  const after = before
    .split('\n')
    .map((l, k) => (k % 4 === 1 && l !== '' ? l.replace('tableName', 'tableName:  ') : l))
    .join('\n');
  const diff = unifiedDiff('big.assistant.yaml', before, after);
  const minus = diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---')).length;
  assert.equal(minus, 3000, 'only the changed lines are removed');
  assert.equal(diff.split('\n').filter((l) => l.startsWith('@@')).length, 1, 'touching contexts merge into one hunk');
  // Changes far apart: a hunk each, with 3 lines of context.
  const sparse = before
    .split('\n')
    .map((l, k) => (k % 100 === 50 ? `${l}  # reviewed` : l))
    .join('\n');
  const hunks = unifiedDiff('big.assistant.yaml', before, sparse).split('\n');
  assert.equal(hunks.filter((l) => l.startsWith('@@')).length, 120);
  assert.equal(hunks.filter((l) => l.startsWith('@@ -48,7 +48,7 @@')).length, 1, hunks.slice(0, 12).join('\n'));
});
