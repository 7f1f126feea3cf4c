// A shortest edit script between two lists of lines, in linear space: Myers' O((N+M)D) algorithm
// with the "middle snake" refinement (E. W. Myers, An O(ND) Difference Algorithm and Its Variations,
// 1986, section 4b), as `diff` and `git diff` compute it. The quadratic LCS table it replaces gave up
// above 4 M cells (about 2,000 lines each side) and printed the whole file as one hunk (REVIEW4 G12).

export type EditOp = '=' | '-' | '+';

/**
 * Above this many steps (diagonals tried and lines compared, at most about (N+M)·D) for one part,
 * that part is given as deleted then inserted: a bound on the time for texts with little in common.
 */
const MAX_STEPS = 50_000_000;

/** '=' keep a line of `a`, '-' delete one, '+' insert one of `b`; within a change, deletions first. */
export function editScript(a: readonly string[], b: readonly string[]): EditOp[] {
  // Lines as numbers: comparing them is then one integer comparison.
  const ids = new Map<string, number>();
  const id = (line: string): number => {
    let n = ids.get(line);
    if (n === undefined) ids.set(line, (n = ids.size));
    return n;
  };
  const A = Int32Array.from(a, id);
  const B = Int32Array.from(b, id);
  const ops: EditOp[] = [];
  const push = (op: EditOp, count: number): void => {
    for (let k = 0; k < count; k++) ops.push(op);
  };
  // (An explicit stack: the parts are split in two at each level, so it stays short, but a
  // recursion over a long common run would not.)
  const stack: [number, number, number, number][] = [[0, A.length, 0, B.length]];
  // Parts are handled in order (left part, snake, right part), so the right part waits on the stack;
  // a snake is pushed as a part with nothing to compare ([x, u, -1, run]).
  while (stack.length > 0) {
    let [aLo, aHi, bLo, bHi] = stack.pop()!;
    if (bLo < 0) {
      push('=', bHi);
      continue;
    }
    let head = 0;
    while (aLo < aHi && bLo < bHi && A[aLo] === B[bLo]) {
      aLo++;
      bLo++;
      head++;
    }
    let tail = 0;
    while (aLo < aHi && bLo < bHi && A[aHi - 1] === B[bHi - 1]) {
      aHi--;
      bHi--;
      tail++;
    }
    push('=', head);
    if (tail > 0) stack.push([0, 0, -1, tail]);
    if (aLo === aHi || bLo === bHi) {
      push('-', aHi - aLo);
      push('+', bHi - bLo);
      continue;
    }
    const snake = middleSnake(A, aLo, aHi, B, bLo, bHi);
    if (!snake) {
      push('-', aHi - aLo);
      push('+', bHi - bLo);
      continue;
    }
    const [x, y, u, v] = snake;
    stack.push([u, aHi, v, bHi], [0, 0, -1, u - x], [aLo, x, bLo, y]);
  }
  // Within each run of changes, the deleted lines first, as `diff -u` prints them.
  for (let i = 0; i < ops.length;) {
    if (ops[i] === '=') {
      i++;
      continue;
    }
    let j = i;
    let minus = 0;
    while (j < ops.length && ops[j] !== '=') if (ops[j++] === '-') minus++;
    for (let k = i; k < j; k++) ops[k] = k - i < minus ? '-' : '+';
    i = j;
  }
  return ops;
}

/**
 * The middle snake of a shortest edit path from (aLo, bLo) to (aHi, bHi): from (x, y) to (u, v), a
 * run of equal lines (maybe empty) that splits the path into two with about half the edits each.
 * Undefined past the step bound.
 */
function middleSnake(
  A: Int32Array,
  aLo: number,
  aHi: number,
  B: Int32Array,
  bLo: number,
  bHi: number,
): [number, number, number, number] | undefined {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  const max = Math.ceil((n + m) / 2);
  const off = max + 1;
  // The furthest x reached on each diagonal k = x - y, forward from the start and backward from the
  // end (the backward search runs on both lists reversed; its diagonal k is the forward delta - k).
  const vf = new Int32Array(2 * max + 3);
  const vb = new Int32Array(2 * max + 3);
  let steps = 0;
  for (let d = 0; d <= max; d++) {
    if (steps > MAX_STEPS) return undefined;
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && vf[off + k - 1]! < vf[off + k + 1]!) ? vf[off + k + 1]! : vf[off + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      const y0 = y;
      while (x < n && y < m && A[aLo + x] === B[bLo + y]) {
        x++;
        y++;
      }
      steps += 1 + x - x0;
      vf[off + k] = x;
      const kb = delta - k;
      if (odd && kb >= -(d - 1) && kb <= d - 1 && x + vb[off + kb]! >= n) return [aLo + x0, bLo + y0, aLo + x, bLo + y];
    }
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && vb[off + k - 1]! < vb[off + k + 1]!) ? vb[off + k + 1]! : vb[off + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      const y0 = y;
      while (x < n && y < m && A[aHi - 1 - x] === B[bHi - 1 - y]) {
        x++;
        y++;
      }
      steps += 1 + x - x0;
      vb[off + k] = x;
      const kf = delta - k;
      if (!odd && kf >= -d && kf <= d && x + vf[off + kf]! >= n) return [aHi - x, bHi - y, aHi - x0, bHi - y0];
    }
  }
  return undefined;
}
