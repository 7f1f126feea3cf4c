// Reading past a key (or a list item) indented a column or two off from its siblings (REVIEW8 J5):
//
//     tables:
//       - schemaName: public
//        tableName: orders        <- one column short of schemaName
//         columns: [id]
//
// YAML has no place for such a line: the `yaml` package reports it in its own words ("All mapping
// items must start at the same column", "Implicit keys need to be on a single line", "Sequence item
// without - indicator"…), often several times, reads the item as two and the schema then asks for keys
// that are there (a fix offered to add `llm` to an item that has it, one line down). The lines are read
// again at the column of the block they most likely belong to (the nearest open block of their kind;
// between two equally near, the one whose schema takes the key, else the deeper one), and the slip is
// one problem that names the key and where it belongs, with the lines to move (`realign`): the fix moves
// them, nothing else. A repair that reads no better than the text as it stands is not taken.
import type { SyntaxProblem } from './ast';
import type { Parsed } from './indentRepair';
import { OffsetMap, remap } from './indentRepair';

/** A path into the document: keys and list indexes. */
export type Seg = string | number;

/**
 * Whether the mapping at `path` (in the document's schema) takes `key`; undefined when the schema does
 * not say (no schema, a path it does not know). `written`: the plain values the mapping's keys have on
 * their lines (its `provider`, say). Consulted where two readings are equally near.
 */
export type KeyFits = (
  path: readonly Seg[],
  key: string,
  written?: ReadonlyMap<string, string>,
) => boolean | 'custom' | undefined;

/** `true`: the schema names the key there; 'custom': a mapping of the user's own keys takes it. */
function takes(keyFits: KeyFits | undefined, path: readonly Seg[], key: string, written?: ReadonlyMap<string, string>) {
  const fits = keyFits?.(path, key, written);
  return fits === 'custom' ? true : fits;
}

/** The syntax messages a misaligned line gives (the `yaml` package's wording). */
const TRIGGERS = [
  'All mapping items must start at the same column',
  'Implicit keys need to be on a single line',
  'Nested mappings are not allowed in compact mappings',
  'Sequence item without - indicator',
  'All sequence items must start at the same column',
  'Unexpected scalar at node end',
  'A block sequence may not be used as an implicit map key',
  'Implicit map keys need to be followed by map values',
  'Block scalars with more-indented leading empty lines must use an explicit indentation indicator',
];

function isTrigger(p: SyntaxProblem): boolean {
  if ((p.kind ?? 'syntax') !== 'syntax' || p.irregularSpace) return false;
  return TRIGGERS.includes(p.message) || p.message.startsWith('Unexpected ');
}

/** Whether `text`, read into `parsed`, has a misaligned line to read again (cheap when it has no such problem). */
export function needsAlignRepair(text: string, parsed: Parsed): boolean {
  return slipsToRepair(text, parsed).length > 0;
}

/** The slips that explain some of `first`'s syntax problems. */
function slipsToRepair(text: string, first: Parsed, keyFits?: KeyFits): Slip[] {
  if (!first.problems.some(isTrigger) || /^[ ]*\t/m.test(text)) return [];
  const triggers = first.problems.filter(isTrigger);
  return findSlips(text, keyFits).filter(
    (s) => s.moves.length > 0 && triggers.some((p) => p.offset >= s.from && p.offset <= s.to),
  );
}

interface Frame {
  /** The column of the block's keys or dashes (as the lines are read: moved lines at their new column). */
  col: number;
  kind: 'map' | 'seq';
  path: Seg[];
  /** map: the keys written so far, in order. */
  keys: string[];
  /** seq: the items written so far. */
  items: number;
  /** seq: the key that holds the list (its label in messages). */
  label: string | undefined;
  /** map: the plain values written on their key's line (a `provider:` says which variant the block is). */
  scalars?: Map<string, string>;
}

interface Opener {
  /** The column of the `key:` or `-` whose value is the block that follows, and its line. */
  col: number;
  index: number;
  path: Seg[];
  dash: boolean;
  label: string | undefined;
}

interface Line {
  start: number;
  /** Offset of the first character after the indentation. */
  content: number;
  indent: number;
  /** The line without its indentation and line break. */
  text: string;
}

export interface Slip {
  /** The lines moved (their starts) and by how many columns (negative: to the left). */
  moves: { line: number; delta: number }[];
  /** Offset and length of what the problem points at (the key, or the item's `-`). */
  offset: number;
  length: number;
  /** The keys on the slipped lines (not their children), or [] for list items. */
  keys: string[];
  /** The key already at the column the lines belong to (the block's first), if any. */
  sibling: string | undefined;
  /** Where the block is: `'llm'`, "this item of 'tables'", 'the top level'. */
  where: string;
  delta: number;
  dash: boolean;
  children: boolean;
  /** Start of the line before the slip and end of the lines it moves: the problems it explains lie in between. */
  from: number;
  to: number;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  for (let ls = 0; ls <= text.length;) {
    const nl = text.indexOf('\n', ls);
    let le = nl < 0 ? text.length : nl;
    const next = nl < 0 ? text.length + 1 : nl + 1;
    if (le > ls && text[le - 1] === '\r') le--;
    let q = ls;
    while (q < le && text[q] === ' ') q++;
    out.push({ start: ls, content: q, indent: q - ls, text: text.slice(q, le) });
    ls = next;
  }
  return out;
}

/** A block key at the start of `s`: its text, and the rest after `:` (trimmed, comment removed). */
const KEY =
  /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{}[\],&*!|>%@`?:-][^#]*?|[?:-][^\s#'"{}[\],&*!|>%@`][^#]*?))[ \t]*:(?=[ \t]|$)/;

function keyAt(s: string): { key: string; length: number; rest: string } | undefined {
  const m = KEY.exec(s);
  if (!m) return undefined;
  const key = m[1] ?? m[2]?.replace(/''/g, "'") ?? m[3]!;
  const length = m[1] !== undefined || m[2] !== undefined ? (m[1] ?? m[2])!.length + 2 : m[3]!.length;
  return { key, length, rest: stripComment(s.slice(m[0].length)).trim() };
}

function stripComment(s: string): string {
  const i = s.search(/(^|[ \t])#/);
  return i < 0 ? s : s.slice(0, i);
}

/** A value that leaves the key's block open: nothing, or only an anchor and/or a tag. */
function opens(rest: string): boolean {
  return /^((&|!)\S*\s*)*$/.test(rest);
}

/** A block scalar header (`|`, `>-`, `|2`), after an optional anchor or tag. */
function blockHeader(rest: string): boolean {
  return /^((&|!)\S*\s+)*[|>][0-9+-]*$/.test(rest);
}

/** Unbalanced flow brackets or an unclosed quote at the start of a value: it goes on below. */
function continues(rest: string): boolean {
  const c = rest[0];
  if (c === '"') return !/^"(?:[^"\\]|\\.)*"/.test(rest);
  if (c === "'") return !/^'(?:[^']|'')*'/.test(rest);
  if (c !== '[' && c !== '{') return false;
  return flowDepth(rest, 0) > 0;
}

function flowDepth(s: string, depth: number): number {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === '#' && (i === 0 || s[i - 1] === ' ')) break;
  }
  return depth;
}

function whereOf(path: readonly Seg[], label: (path: readonly Seg[]) => string | undefined): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the top level';
  if (typeof last === 'number') {
    const list = label(path.slice(0, -1));
    return list ? `this item of '${list}'` : 'this list item';
  }
  return `'${last}'`;
}

/** A key line that closed deeper blocks: it may be the one that slipped left out of one of them. */
interface Closer {
  index: number;
  line: Line;
  col: number;
  key: string;
  length: number;
  /** The block it was read in, and the blocks open before it closed them. */
  frame: Frame;
  stack: Frame[];
  /** The slips found before it, and the content line above it. */
  slipsBefore: number;
  prev: number;
  /** The `key:` on the line above, left empty by it: the key may be the first of that block, slipped left. */
  empty: Opener | undefined;
}

/** How far a block's first line looks ahead for the column its other lines stand at. */
const LOOK_AHEAD = 200;

/**
 * The misaligned lines of `text`, read as YAML's block structure: each line's column must be that of a
 * block open above it (a sibling key, a next item), or deeper than a `key:` or `-` left open on the
 * line above. Lines in block scalars, multi-line quoted scalars and flow collections are skipped.
 * Three shapes of one slip:
 * - a line at no open block's column: it goes to the nearest open block of its kind;
 * - a block's first line at another column than the lines after it (most of them agree): the first
 *   line goes to theirs;
 * - a key at an outer block's column that closed an inner block, followed by a line at the inner
 *   block's column, when the schema puts the key in the inner block and not the outer one (`modelId`
 *   at definition's column between the LLM's keys): the key goes back.
 */
export function findSlips(text: string, keyFits?: KeyFits): Slip[] {
  const lines = linesOf(text);
  const out: Slip[] = [];
  let stack: Frame[] = [];
  let opener: Opener | undefined;
  /** Lines deeper than `col` (as written) are a block scalar's text. */
  let scalarAbove = -1;
  /** Inside a multi-line flow collection or quoted scalar. */
  let flow = 0;
  let quote = '';
  /** Children of a moved line, moved with it: lines deeper than `col` (as written) by `delta`. */
  let carry: { col: number; delta: number; slip: Slip } | undefined;
  let closer: Closer | undefined;
  const labels = new Map<string, string>();
  const label = (path: readonly Seg[]): string | undefined => labels.get(path.join('\u0000'));
  const listName = (f: Frame): string => (label(f.path) ? `'${label(f.path)}'` : 'this list');
  let prevContent = 0;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const s = line.text;
    if (s === '') continue;
    // A comment, a block scalar's text, the rest of a quoted scalar or a flow collection: moved with
    // the lines they stand under, nothing else.
    let skip = true;
    if (scalarAbove >= 0 && line.indent > scalarAbove) {
      // (block scalar text)
    } else if (quote) {
      if ((quote === '"' ? /(^|[^\\])"/ : /'/).test(s)) quote = '';
    } else if (flow > 0) flow = flowDepth(s, flow);
    else if (!s.startsWith('#')) skip = false;
    if (skip) {
      if (carry && carry.delta !== 0 && line.indent > carry.col) {
        carry.slip.moves.push({ line: line.start, delta: carry.delta });
        carry.slip.to = Math.max(carry.slip.to, line.start + line.indent + s.length);
      }
      continue;
    }
    scalarAbove = -1;
    if (line.indent === 0 && /^(---|\.\.\.)(\s|$)|^%/.test(s)) {
      stack = [];
      opener = undefined;
      carry = undefined;
      closer = undefined;
      continue;
    }
    if (carry && line.indent <= carry.col) carry = undefined;
    const shift0 = carry ? carry.delta : 0;
    let c = line.indent + shift0;
    const dash = s[0] === '-' && (s.length === 1 || s[1] === ' ');
    const key = dash ? undefined : keyAt(s);
    if (!dash && !key) {
      // A plain scalar's next line, a stray word: it opens and closes nothing.
      prevContent = line.start;
      continue;
    }
    const kind = dash ? 'seq' : 'map';
    const end = line.start + line.indent + s.length;
    const closed = closer;
    if (closer && c <= closer.col) closer = undefined;
    let frame: Frame | undefined;
    let slip: Slip | undefined;
    if (stack.length === 0 || (opener && (c > opener.col || (c === opener.col && dash && !opener.dash)))) {
      // The document's first line, or the first of the block a `key:` or `-` above opened.
      frame = { col: c, kind, path: opener?.path ?? [], keys: [], items: 0, label: opener?.label };
      stack.push(frame);
      // Most of the block's lines at another column (deeper than the opener): this first line slipped.
      // (Not when the `key:` above may have slipped left out of a block this line's block would take
      // it back to: see `slippedLeft`.)
      const block = opener && !carry ? blockColumn(lines, li, c, opener.col, dash, step(lines)) : undefined;
      const reopens =
        block !== undefined &&
        !dash &&
        closed?.index === opener!.index &&
        (closed.stack.some(
          (x) =>
            x.col === block.col &&
            x.col > closed.col &&
            x.kind === 'map' &&
            takes(keyFits, x.path, closed.key, x.scalars) === true,
        ) ||
          // The block it left was empty (`alwaysInclude:` then `tables:` at its column): never opened,
          // it is not on the stack; the lines at the block's column are that block's (see slippedLeft).
          (closed.empty !== undefined &&
            block.col > closed.empty.col &&
            takes(keyFits, closed.empty.path, closed.key) === true));
      const to = reopens ? c : (block?.col ?? c);
      if (to !== c) {
        slip = {
          moves: [{ line: line.start, delta: to - c }],
          offset: line.content,
          length: key ? key.length : 1,
          keys: key ? [key.key] : [],
          sibling: key ? firstKeyAt(lines, li, to, opener!.col) : undefined,
          where: dash ? listName(frame) : whereOf(frame.path, label),
          delta: to - c,
          dash,
          children: false,
          from: prevContent,
          // (The lines after it are those the parser finds misplaced.)
          to: block!.end,
        };
        out.push(slip);
        frame.col = to;
        c = to;
      }
    } else {
      const before = stack;
      let k = stack.length;
      while (k > 0 && stack[k - 1]!.col > c) k--;
      let top = stack[k - 1];
      if (top && top.col === c && top.kind === 'seq' && !dash) {
        k--;
        top = stack[k - 1];
      }
      let back: Frame | undefined;
      if (top && top.col === c && top.kind === kind) {
        frame = top;
        stack = stack.slice(0, k);
        if (key && (k < before.length || opener) && !carry)
          closer = {
            index: li,
            line,
            col: c,
            key: key.key,
            length: key.length,
            frame: top,
            stack: before,
            slipsBefore: out.length,
            prev: prevContent,
            empty: opener && !opener.dash ? opener : undefined,
          };
      } else if (key && closed && (back = slippedLeft(closed, c, out.length, keyFits, lines, li))) {
        // The key above slipped left out of the block this line is in: it goes back there.
        const d = c - closed.col;
        out.push({
          moves: [{ line: closed.line.start, delta: d }],
          offset: closed.line.content,
          length: closed.length,
          keys: [closed.key],
          sibling: back.keys[0] ?? key.key,
          where: whereOf(back.path, label),
          delta: d,
          dash: false,
          children: false,
          from: closed.prev,
          to: end,
        });
        closed.frame.keys.pop();
        back.keys.push(closed.key);
        const at = closed.stack.indexOf(back);
        // (A block the key above left empty: it is opened now, under the key's own block.)
        stack = at >= 0 ? closed.stack.slice(0, at + 1) : [...stack.filter((x) => x.col < c), back];
        frame = back;
        closer = undefined;
      } else {
        // No block at this column takes the line: the nearest open block of its kind.
        let best: Frame | undefined;
        let bestIndex = -1;
        let bestScore = -1;
        for (let i = before.length - 1; i >= 0; i--) {
          const f = before[i]!;
          if (f.kind !== kind) continue;
          const d = Math.abs(f.col - c);
          const bd = best ? Math.abs(best.col - c) : Infinity;
          if (d > bd) continue;
          let score = 0;
          if (key) {
            // A block whose schema names the key wins over one of the user's own keys, which takes any
            // (`contextWindowLimit` one column from `definition` and from `featureFlags`: REVIEW15-user U20).
            const fits = keyFits?.(f.path, key.key, f.scalars);
            score = (fits === true ? 4 : fits === 'custom' ? 2 : 0) + (f.keys.includes(key.key) ? 0 : 1);
          }
          // Equally near: the better score, else the deeper (met first).
          if (d < bd || score > bestScore) {
            best = f;
            bestIndex = i;
            bestScore = score;
          }
        }
        // A line deeper than the block above it may be the next line of a value (`text: a long\n
        // sentence: with a colon`): a key only where the schema takes it.
        const deeper = top === undefined || c > top.col;
        // (A line at column 0 starts a top-level entry: never moved, whatever stands above it.)
        // Nor out of the block it stands in: a key under a list item whose first line lost its colon
        // (`- primitiveName visualize`, then `llm:`) is that item's, not an outer mapping's; nor into a
        // block that already has the key (the move would write it twice, and the copy read last would
        // replace the block's own). The line is the syntax error it is, and no fix moves it.
        if (
          !best ||
          c === 0 ||
          (deeper && key && takes(keyFits, best.path, key.key, best.scalars) === false) ||
          (deeper && top !== undefined && best.col < top.col) ||
          (key && best.kind === 'map' && best.keys.includes(key.key))
        ) {
          prevContent = line.start;
          opener = undefined;
          continue;
        }
        frame = best;
        stack = before.slice(0, bestIndex + 1);
        const delta = best.col - c;
        const own = delta + shift0;
        const moved = own !== 0 ? [{ line: line.start, delta: own }] : [];
        // A run of lines slipped alike is one slip.
        const last = out[out.length - 1];
        const sameRun =
          last !== undefined &&
          last.delta === delta &&
          last.dash === dash &&
          last.to >= prevContent &&
          last.sibling === (best.kind === 'map' ? best.keys[0] : undefined) &&
          carry === undefined;
        if (sameRun && key) {
          last.moves.push(...moved);
          last.keys.push(key.key);
          last.to = Math.max(last.to, end);
          slip = last;
        } else {
          slip = {
            moves: moved,
            offset: line.content,
            length: key ? key.length : 1,
            keys: key ? [key.key] : [],
            sibling: best.kind === 'map' ? best.keys[0] : undefined,
            where: best.kind === 'map' ? whereOf(best.path, label) : listName(best),
            delta,
            dash,
            children: false,
            from: prevContent,
            to: end,
          };
          out.push(slip);
        }
        c = best.col;
      }
    }
    if (!slip && carry) {
      if (shift0 !== 0) carry.slip.moves.push({ line: line.start, delta: shift0 });
      carry.slip.to = Math.max(carry.slip.to, end);
    }
    const shift = c - line.indent;
    prevContent = line.start;
    opener = undefined;
    // The line's own content: `- ` items, then a key or a value.
    let pos = 0;
    /** An item's first key on the dash line: its column as written. */
    let inlineKey = -1;
    let f = frame;
    let path: Seg[] = f.path;
    let lbl = f.label;
    const after = (m: Frame, k: { key: string; rest: string }): void => {
      if (/^[\w.-]+$/.test(k.rest)) (m.scalars ??= new Map()).set(k.key, k.rest);
      if (opens(k.rest)) {
        const p = [...m.path, k.key];
        labels.set(p.join('\u0000'), k.key);
        opener = { col: m.col, index: li, path: p, dash: false, label: k.key };
        lbl = k.key;
      } else if (blockHeader(k.rest)) scalarAbove = line.indent;
      else if (continues(k.rest)) startContinuation(k.rest);
    };
    const startContinuation = (v: string): void => {
      if (v[0] === '"' || v[0] === "'") quote = v[0];
      else flow = flowDepth(v, 0);
    };
    if (dash) {
      let lastDash = 0;
      for (;;) {
        const index = f.items++;
        path = [...f.path, index];
        lastDash = pos;
        pos++;
        while (s[pos] === ' ') pos++;
        const nested = s[pos] === '-' && (pos + 1 === s.length || s[pos + 1] === ' ');
        if (!nested) break;
        f = { col: line.indent + pos + shift, kind: 'seq', path, keys: [], items: 0, label: lbl };
        stack.push(f);
      }
      const rest = s.slice(pos);
      const k = keyAt(rest);
      if (k) inlineKey = line.indent + pos;
      if (!k) {
        const v = stripComment(rest).trim();
        if (opens(v)) opener = { col: line.indent + lastDash + shift, index: li, path, dash: true, label: lbl };
        else if (blockHeader(v)) scalarAbove = line.indent;
        else if (continues(v)) startContinuation(v);
      } else {
        const m: Frame = { col: line.indent + pos + shift, kind: 'map', path, keys: [k.key], items: 0, label: lbl };
        stack.push(m);
        after(m, k);
      }
    } else {
      f.keys.push(key!.key);
      after(f, key!);
    }
    const own = c - line.indent;
    if (slip && own !== 0 && slip.moves.some((m) => m.line === line.start)) {
      // The moved line's own lines: an item's stand under its first key and go with it; a key's go
      // with it when they would not stand deeper than its new column, or stood one step deeper than it
      // (the user's own layout, kept).
      const next = nextContent(lines, li + 1);
      if (next && next.indent > line.indent && (dash || opener)) {
        // (An item's lines already under its first key where it goes stay where they are.)
        const moveChildren =
          dash && inlineKey >= 0
            ? next.indent !== inlineKey + own
            : next.indent <= c || next.indent - line.indent === step(lines);
        carry = { col: line.indent, delta: moveChildren ? own : 0, slip };
        slip.children = moveChildren;
      }
    }
  }
  return out;
}

/**
 * The column the lines of a block stand at (lines of the block's kind, up to `LOOK_AHEAD` lines on):
 * `col`, the first line's own, unless it is alone there and the others stand at another column deeper
 * than `parent`. `end`: the end of the last line looked at.
 */
function blockColumn(
  lines: readonly Line[],
  from: number,
  col: number,
  parent: number,
  dash: boolean,
  unit: number,
): { col: number; end: number } {
  const counts = new Map<number, number>();
  let end = 0;
  // The lines under one of the block's own lines (an item's, a `key:`'s, a block scalar's) are not its:
  // those at or past the column of the first line under it (an item's: its content's column).
  let nest = Infinity;
  for (let i = from; i < lines.length && i < from + LOOK_AHEAD; i++) {
    const l = lines[i]!;
    if (l.text === '' || l.text.startsWith('#')) continue;
    if (l.indent >= nest) continue;
    // (A list's first item may stand at its key's column.)
    if (l.indent <= parent && i > from) break;
    const isDash = l.text[0] === '-' && (l.text.length === 1 || l.text[1] === ' ');
    const k = isDash ? undefined : keyAt(l.text);
    nest = Infinity;
    if (isDash) {
      const content = /^-\s*/.exec(l.text)![0].length;
      if (content < l.text.length && !l.text.slice(content).startsWith('#')) nest = l.indent + content;
    }
    if (k && (blockHeader(k.rest) || continues(k.rest))) nest = l.indent + 1;
    else if ((isDash && nest === Infinity) || (k && opens(k.rest))) {
      const next = nextContent(lines, i + 1);
      if (next && next.indent > l.indent) nest = next.indent;
    }
    if (isDash === dash && (dash || k)) counts.set(l.indent, (counts.get(l.indent) ?? 0) + 1);
    end = l.content + l.text.length;
  }
  // Only a first line alone at its column, against lines at another. The column one indentation step
  // past the opener wins when only one of the two is there; else two or more lines against one.
  if ((counts.get(col) ?? 0) > 1) return { col, end };
  const stepped = (c: number): boolean => c - parent === unit;
  let best = col;
  let most = 0;
  for (const [c, n] of counts) {
    if (c === col || c <= parent) continue;
    const wins = stepped(c) !== stepped(col) ? stepped(c) : n >= 2;
    if (wins && n > most) [best, most] = [c, n];
  }
  return { col: best, end };
}

/** The first key written at column `col` after line `from`, within the block deeper than `parent`. */
function firstKeyAt(lines: readonly Line[], from: number, col: number, parent: number): string | undefined {
  for (let i = from + 1; i < lines.length && i < from + LOOK_AHEAD; i++) {
    const l = lines[i]!;
    if (l.text === '' || l.text.startsWith('#')) continue;
    if (l.indent <= parent) break;
    if (l.indent === col) return keyAt(l.text)?.key;
  }
  return undefined;
}

/**
 * The block a key slipped left out of (`closed`), when a line below stands at that block's column `c`
 * and the schema puts the key there and not where it was read (or it repeats a key there).
 */
function slippedLeft(
  closed: Closer,
  c: number,
  slips: number,
  keyFits: KeyFits | undefined,
  lines: readonly Line[],
  at: number,
): Frame | undefined {
  if (slips !== closed.slipsBefore || !keyFits) return undefined;
  // Its own lines must stand deeper than where it goes.
  for (let i = closed.index + 1; i < at; i++) {
    const l = lines[i]!;
    if (l.text !== '' && l.indent <= c) return undefined;
  }
  const empty = closed.empty;
  const back =
    closed.stack.find((f) => f.col === c && f.kind === 'map' && f.col > closed.col) ??
    (empty && c > empty.col
      ? { col: c, kind: 'map' as const, path: empty.path, keys: [], items: 0, label: empty.label }
      : undefined);
  if (!back) return undefined;
  if (takes(keyFits, back.path, closed.key, back.scalars) !== true || back.keys.includes(closed.key)) return undefined;
  const read = closed.frame.keys.slice(0, -1);
  return takes(keyFits, closed.frame.path, closed.key, closed.frame.scalars) !== true || read.includes(closed.key)
    ? back
    : undefined;
}

function nextContent(lines: readonly Line[], from: number): Line | undefined {
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.text !== '' && !l.text.startsWith('#')) return l;
  }
  return undefined;
}

const steps = new WeakMap<readonly Line[], number>();

/** The document's most frequent indentation step (2 when it says nothing). */
function step(lines: readonly Line[]): number {
  let s = steps.get(lines);
  if (s !== undefined) return s;
  const counts = new Map<number, number>();
  let prev = -1;
  for (let i = 0; i < lines.length && i < 400; i++) {
    const l = lines[i]!;
    if (l.text === '' || l.text.startsWith('#')) continue;
    if (prev >= 0 && l.indent > prev && l.indent - prev <= 8)
      counts.set(l.indent - prev, (counts.get(l.indent - prev) ?? 0) + 1);
    prev = l.indent;
  }
  // (Equally frequent: 2, then 4, then the smaller: a short text says little.)
  const rank = (k: number): number => (k === 2 ? 0 : k === 4 ? 1 : 2 + k);
  s = 2;
  let best = 0;
  for (const [k, n] of counts) if (n > best || (n === best && rank(k) < rank(s))) [s, best] = [k, n];
  steps.set(lines, s);
  return s;
}

/** How a slip is said: the key, where it belongs, and what to do. */
export function slipMessage(s: Slip): string {
  const n = Math.abs(s.delta);
  const cols = `${n} column${n === 1 ? '' : 's'}`;
  const more = s.delta > 0 ? 'less' : 'more';
  const these = s.moves.length > 1 ? 'these lines' : 'this line';
  const todo = `${s.delta > 0 ? 'indent' : 'unindent'} ${these} by ${n} space${n === 1 ? '' : 's'}`;
  if (s.dash) return `This item of ${s.where} is indented ${cols} ${more} than the items above it: ${todo}.`;
  const keys = quoteKeys(s.keys);
  const verb = s.keys.length === 1 ? 'belongs' : 'belong';
  const are = s.keys.length === 1 ? 'is' : 'are';
  if (s.sibling)
    return `${keys} ${verb} with '${s.sibling}' in ${s.where}, but ${are} indented ${cols} ${more}: ${todo}.`;
  return `${keys} ${verb} in ${s.where}, but ${are} indented ${cols} ${more} than its keys: ${todo}.`;
}

/** The title of the fix that moves a slip's lines. */
export function slipTitle(s: Slip): string {
  const with_ = s.children ? ' (with the lines under it)' : '';
  if (s.dash) return 'Align this item with the items above it';
  const keys = quoteKeys(s.keys);
  return s.sibling ? `Align ${keys} with '${s.sibling}'${with_}` : `Align ${keys} with the keys of ${s.where}${with_}`;
}

function quoteKeys(keys: readonly string[]): string {
  const q = keys.slice(0, keys.length > 5 ? 4 : keys.length).map((k) => `'${k}'`);
  if (q.length < keys.length) return `${q.join(', ')} and ${keys.length - q.length} more keys`;
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]!}`;
}

/**
 * The text read again with its misaligned lines where they belong, or undefined when it has none, or
 * the repair reads no better. Each slip explains the syntax problems between the line above it and the
 * end of the lines it moves; a slip that explains none is left alone.
 */
export function repairAlignment(
  text: string,
  first: Parsed,
  read: (t: string) => Parsed,
  keyFits?: KeyFits,
): Parsed | undefined {
  const slips = slipsToRepair(text, first, keyFits);
  if (slips.length === 0) return undefined;
  const moves = slips.flatMap((s) => s.moves).sort((a, b) => a.line - b.line);
  let repaired = '';
  let from = 0;
  const map = new OffsetMap();
  for (const m of moves) {
    repaired += text.slice(from, m.line);
    if (m.delta > 0) {
      map.add(m.line, 0, repaired.length, m.delta);
      repaired += ' '.repeat(m.delta);
      from = m.line;
    } else {
      map.add(m.line, -m.delta, repaired.length, 0);
      from = m.line - m.delta;
    }
  }
  repaired += text.slice(from);
  const r = read(repaired);
  if (r.problems.length >= first.problems.length) return undefined;
  if (!map.empty) remap(r.root, map);
  const problems: SyntaxProblem[] = r.problems.map((p) => {
    const start = map.toText(p.offset);
    return { ...p, offset: start, length: map.toText(p.offset + p.length) - start };
  });
  for (const s of slips)
    problems.push({
      offset: s.offset,
      length: s.length,
      message: slipMessage(s),
      kind: 'syntax',
      realign: { title: slipTitle(s), moves: s.moves.map((m) => ({ at: m.line - s.offset, delta: m.delta })) },
    });
  problems.sort((a, b) => a.offset - b.offset);
  return { root: r.root, problems };
}
