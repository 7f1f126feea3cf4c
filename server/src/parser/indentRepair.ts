// Reading past two invisible indentation mistakes, so that one mistake gives one diagnostic and the
// rest of the file is read as the user meant it (REVIEW2 E12, REVIEW3 F25):
// - a tab as the indentation of a block line (editors such as Notepad and nano insert them). YAML
//   forbids it; the `yaml` package then reads the lines after it wrongly (a healthy next key ends up
//   at the top level, "All mapping items must start at the same column"). The line is read again with
//   the tab as the spaces it most likely stands for (a width of 4, 8 or 2 that puts the line at a
//   column its neighbours make possible: a child of a `key:` above it, or the column of a key above),
//   and the tab error is its one problem;
// - a no-break space (U+00A0, pasted from a wiki or a document) or another Unicode space in the
//   indentation or between `key:` and its value. YAML reads it as text (`provider: hosted` is then one
//   string); the text is read with a plain space in its place, and the character is named (it looks
//   like a space in every editor and terminal) with a fix that writes the plain space.
// The tree's offsets are the text's own (mapped back where a tab was widened). Nothing changes for a
// text without such a line; a repair that reads no better than the text as it is is not taken.
import { nameOfChar } from './charNames';
import type { Node, SyntaxProblem } from './ast';
import { nodeAt } from './ast';

/** What `parseYaml` returns for a text; the repair reads the repaired text with the same reader. */
export interface Parsed {
  root: Node | undefined;
  problems: SyntaxProblem[];
  zones?: number[];
}

/** The Unicode spaces that look like a space and are text to YAML. */
const IRREGULAR = /[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000]/;
export const IRREGULAR_SPACE = IRREGULAR;
const IRREGULAR_G = /[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000]/g;
/** Whether `s` is made of those spaces only. */
export function onlyIrregularSpaces(s: string): boolean {
  return s.length > 0 && /^[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000]+$/.test(s);
}
/** `s` with those spaces as plain ones (an indentation copied for a new line). */
export function plainSpaces(s: string): string {
  return IRREGULAR.test(s) ? s.replace(IRREGULAR_G, ' ') : s;
}
export const TAB_MESSAGE = 'Tabs are not allowed as indentation';

/** `U+00A0 no-break space`: how a message names an invisible character (never the character itself). */
export function nameOfSpace(c: string): string {
  return nameOfChar(c);
}

/** How a tab-indented line in a block scalar is reported (REVIEW4 G18: with an indicator, `|2`, it cascaded). */
const UNDER_BLOCK = [
  'Block scalar lines must not be less indented than their explicit indentation indicator',
  'Block scalar lines must not be less indented than their first line',
];

/** The line start of a problem that a tab in its line's indentation causes, or -1. */
function tabLineOf(text: string, p: SyntaxProblem): number {
  if (p.message !== TAB_MESSAGE && !UNDER_BLOCK.includes(p.message)) return -1;
  const ls = text.lastIndexOf('\n', p.offset - 1) + 1;
  if (p.message === TAB_MESSAGE) return ls;
  let q = ls;
  while (text[q] === ' ' || text[q] === '\t') q++;
  return text.slice(ls, q).includes('\t') ? ls : -1;
}

/** Whether `text`, read into `parsed`, has a line the repair would read again (cheap when it has none). */
export function needsIndentRepair(text: string, parsed: Parsed, mayHoldIrregular = true): boolean {
  if (parsed.problems.length > 0 && parsed.problems.some((p) => tabLineOf(text, p) >= 0)) return true;
  return mayHoldIrregular && IRREGULAR.test(text) && irregularRuns(text, parsed.root).length > 0;
}

interface Run {
  /** Start and end of the characters replaced, in the text read. */
  start: number;
  end: number;
  where: 'indent' | 'value' | 'dash' | 'flow';
}

/**
 * Runs of Unicode spaces in the indentation of a line, or right after the `:` of a plain key that
 * starts a line (`provider:` + U+00A0 + `hosted`); not inside a comment, a quoted or block scalar, or
 * a line that continues a multi-line scalar (there they are text the user wrote).
 */
function irregularRuns(text: string, root: Node | undefined): Run[] {
  const out: Run[] = [];
  IRREGULAR_G.lastIndex = 0;
  let lastLine = -1;
  for (let m = IRREGULAR_G.exec(text); m; m = IRREGULAR_G.exec(text)) {
    const i = m.index;
    const ls = text.lastIndexOf('\n', i - 1) + 1;
    // In a flow collection, after `{`, `[`, `,` or a key's `:` (H19: `{provider:` + U+00A0 + `vendor_a}`,
    // `[id,` + U+00A0 + `name]`): as many runs a line as there are.
    const flow = flowRun(text, root, i);
    if (flow) {
      out.push(flow);
      IRREGULAR_G.lastIndex = flow.end;
      continue;
    }
    if (ls === lastLine) continue; // one run a line at most: the first
    let q = ls;
    while (q < text.length && (text[q] === ' ' || text[q] === '\t' || IRREGULAR.test(text[q]!))) q++;
    let run: Run | undefined;
    // Right after a list's `-` at the start of the line's content (`-` + U+00A0 + `primitiveName: …`).
    const dashes = /^(?:-[ \t]+)*-$/.test(text.slice(q, i)) && i > q;
    if (dashes) {
      let e = i;
      while (e < text.length && IRREGULAR.test(text[e]!)) e++;
      const c = text[e];
      if (c !== undefined && c !== '\n' && c !== '\r' && c !== ' ' && c !== '#')
        run = { start: i, end: e, where: 'dash' };
    } else if (i < q) {
      // In the indentation, before something on the line.
      const c = text[q];
      if (c !== undefined && c !== '\n' && c !== '\r') {
        let s = i;
        while (s > ls && IRREGULAR.test(text[s - 1]!)) s--;
        let e = i;
        while (e < q && IRREGULAR.test(text[e]!)) e++;
        // Every Unicode space of the indentation: from the first to the last.
        let last = q;
        while (last > ls && !IRREGULAR.test(text[last - 1]!)) last--;
        run = { start: s, end: Math.max(e, last), where: 'indent' };
      }
    } else if (text[i - 1] === ':') {
      // Right after `key:`, where the key (after `- ` items) is a plain one that starts the line's content.
      let k = q;
      while (text[k] === '-' && text[k + 1] === ' ') k = skipSpaces(text, k + 1);
      const key = text.slice(k, i - 1);
      if (/^[^\s#&*!|>'"%@`{}[\],?:-][^#]*$/.test(key) && !key.includes(': ')) {
        let e = i;
        while (e < text.length && IRREGULAR.test(text[e]!)) e++;
        run = { start: i, end: e, where: 'value' };
      }
    }
    if (!run || insideText(root, run.start, ls)) continue;
    lastLine = ls;
    out.push(run);
  }
  return out;
}

/**
 * A run of Unicode spaces at `i` inside a flow collection (`{…}`, `[…]`) of plain scalars, right after
 * `{`, `[`, `,` or the `:` of a plain key, and before the next token: there YAML needs a plain space
 * and reads the character as text (`{provider:` + U+00A0 + `vendor_a}` is one key holding the value).
 */
function flowRun(text: string, root: Node | undefined, i: number): Run | undefined {
  const n = nodeAt(root, i);
  if (n?.type !== 'string' || n.quoted || i < n.offset || i >= n.offset + n.length) return undefined;
  // Inside a flow collection: the scalar's mapping or list, or its property's mapping, is a flow one.
  const holder = n.parent?.type === 'property' ? n.parent.parent : n.parent;
  if (!holder?.flow) return undefined;
  let s = i;
  while (s > n.offset && IRREGULAR.test(text[s - 1]!)) s--;
  let e = i;
  while (e < text.length && IRREGULAR.test(text[e]!)) e++;
  const before = text[s - 1];
  const after = text[e];
  if (after === undefined || /[\s,\]}#]/.test(after)) return undefined;
  if (s === n.offset) {
    // At the scalar's start: after `{`, `[` or `,` (plain spaces between).
    let b = s - 1;
    while (b >= 0 && (text[b] === ' ' || text[b] === '\t')) b--;
    return b >= 0 && /[{[,:]/.test(text[b]!) ? { start: s, end: e, where: 'flow' } : undefined;
  }
  // Inside the scalar: right after `key:` where the key is plain text of the scalar's own.
  if (before !== ':') return undefined;
  const key = text.slice(n.offset, s - 1);
  if (!/^[^\s#&*!|>'"%@`{}[\],?:-][^#:\s]*$/.test(key)) return undefined;
  return { start: s, end: e, where: 'value' };
}

function skipSpaces(text: string, p: number): number {
  while (text[p] === ' ') p++;
  return p;
}

/** Whether `at` lies in a scalar the user wrote there: quoted, a block scalar, or begun on a line above. */
function insideText(root: Node | undefined, at: number, lineStart: number): boolean {
  const n = nodeAt(root, at);
  if (n?.type !== 'string' || at < n.offset || at >= n.offset + n.length) return false;
  return n.quoted || n.offset < lineStart;
}

interface Widened {
  /** The tab line's indentation in the text, and the number of spaces it is read as. */
  start: number;
  end: number;
  spaces: number;
}

/** Per line start: its indentation column and the columns of its content after `- ` items. */
interface LineInfo {
  start: number;
  indent: number;
  cols: number[];
  opens: boolean;
}

/**
 * The spaces each tab-indented line stands for: the first of the widths 4, 8, 2 (tab stops) that puts
 * the line at a column the lines above make possible (under a `key:` or `-` that opens a block, deeper
 * than it; else the column of the line above or of one it is nested in). A line no width fits is left.
 */
function widenTabs(text: string, problems: readonly SyntaxProblem[], root: Node | undefined): Widened[] {
  const tabLines = new Set<number>();
  for (const p of problems) {
    const ls = tabLineOf(text, p);
    if (ls >= 0) tabLines.add(ls);
  }
  if (tabLines.size === 0) return [];
  const out: Widened[] = [];
  const lines: LineInfo[] = [];
  for (let ls = 0; ls < text.length;) {
    const nl = text.indexOf('\n', ls);
    const le = nl < 0 ? text.length : nl;
    let q = ls;
    while (q < le && (text[q] === ' ' || text[q] === '\t')) q++;
    const c = text[q];
    const content = c !== undefined && q < le && c !== '\r' && c !== '#';
    if (content && !insideText(root, q, ls)) {
      let indent = q - ls;
      if (tabLines.has(ls) && text.slice(ls, q).includes('\t')) {
        const spaces = fitTab(text.slice(ls, q), lines, text[q] === '-' && /[ \t\r\n]/.test(text[q + 1] ?? '\n'));
        if (spaces !== undefined) {
          out.push({ start: ls, end: q, spaces });
          indent = spaces;
        } else indent = expand(text.slice(ls, q), 8);
      }
      lines.push(lineInfo(text.slice(q, le), indent, ls));
    }
    ls = nl < 0 ? text.length : nl + 1;
  }
  return out;
}

function lineInfo(content: string, indent: number, start: number): LineInfo {
  const cols = [indent];
  let k = 0;
  while (content[k] === '-' && (content[k + 1] === ' ' || content[k + 1] === undefined)) {
    k++;
    while (content[k] === ' ') k++;
    cols.push(indent + k);
  }
  const bare = content.replace(/\s+#.*$/, '').trimEnd();
  // A `key:` or `-` with nothing after it (but an anchor or a tag), or a block scalar's header (`|2`, `>-`).
  const opens = /:(\s+[&!]\S*)*$/.test(bare) || /(^|\s)-$/.test(bare) || /(^|[\s:])[|>][0-9+-]*$/.test(bare);
  return { start, indent, cols, opens };
}

/** Tab stops every `w` columns. */
function expand(run: string, w: number): number {
  let col = 0;
  for (const ch of run) col = ch === '\t' ? (Math.floor(col / w) + 1) * w : col + 1;
  return col;
}

function fitTab(run: string, above: readonly LineInfo[], item: boolean): number | undefined {
  const prev = above[above.length - 1];
  if (!prev) return undefined;
  const deepest = prev.cols[prev.cols.length - 1]!;
  // A key never stands at the column of a `-` (only another item does).
  const dashes = (l: LineInfo): number[] => (item ? [] : l.cols.slice(0, -1));
  const near = (col: number): number | undefined => {
    if (prev.opens && col > deepest) return col; // a child of the `key:` or `-` above
    if (!dashes(prev).includes(col) && prev.cols.includes(col)) return col; // a sibling
    // Between a `-` and its item's first key: the item's next key.
    if (!item && prev.cols.length > 1 && col >= prev.indent && col <= deepest) return deepest;
    return undefined;
  };
  for (const w of [4, 8, 2]) {
    const col = near(expand(run, w));
    if (col !== undefined) return col;
  }
  // Else the column of a line the one above is nested in (a dedent).
  const allowed = new Set<number>();
  let limit = prev.indent;
  for (let j = above.length - 2; j >= 0 && limit > 0; j--) {
    const l = above[j]!;
    if (l.indent < limit) {
      for (const c of l.cols) if (!dashes(l).includes(c)) allowed.add(c);
      limit = l.indent;
    }
  }
  for (const w of [4, 8, 2]) if (allowed.has(expand(run, w))) return expand(run, w);
  return undefined;
}

/**
 * The text read again past tab and Unicode-space indentation, or undefined when there is nothing to
 * repair or the repair reads no better. `read` is the reader of the text as it stands (fast or full).
 */
export function repairIndentation(text: string, first: Parsed, read: (t: string) => Parsed): Parsed | undefined {
  const widened = widenTabs(text, first.problems, first.root);
  const runs = IRREGULAR.test(text) ? irregularRuns(text, first.root) : [];
  if (widened.length === 0 && runs.length === 0) return undefined;
  // The repaired text: tabs widened (offsets mapped back below), Unicode spaces as plain ones (same length).
  let repaired = text;
  if (runs.length > 0) repaired = replaceRuns(repaired, runs);
  const map = new OffsetMap();
  if (widened.length > 0) {
    let s = '';
    let from = 0;
    for (const w of widened) {
      s += repaired.slice(from, w.start) + ' '.repeat(w.spaces);
      map.add(w.start, w.end - w.start, s.length - w.spaces, w.spaces);
      from = w.end;
    }
    repaired = s + repaired.slice(from);
  }
  let r = read(repaired);
  const allRuns = [...runs];
  // A repaired line can show the next one for what it is (`provider:` fixed, `model:` + U+200B below
  // it is now a key's line): a few more rounds.
  for (let round = 0; round < 3; round++) {
    const more = irregularRuns(repaired, r.root);
    if (more.length === 0) break;
    repaired = replaceRuns(repaired, more);
    for (const m of more) allRuns.push({ ...m, start: map.toText(m.start), end: map.toText(m.end) });
    r = read(repaired);
  }
  // Not better read (more problems, counting the tab errors reported for the widened lines): the text as it stands.
  if (r.problems.length + widened.length > first.problems.length) return undefined;
  if (!map.empty) remap(r.root, map);
  const problems: SyntaxProblem[] = r.problems.map((p) => {
    const start = map.toText(p.offset);
    return { ...p, offset: start, length: map.toText(p.offset + p.length) - start };
  });
  for (const w of widened) {
    const tab = text.indexOf('\t', w.start);
    problems.push({
      offset: tab,
      length: text.lastIndexOf('\t', w.end - 1) + 1 - tab,
      message: TAB_MESSAGE,
      kind: 'syntax',
    });
  }
  for (const run of allRuns) problems.push(irregularProblem(text, run));
  problems.sort((a, b) => a.offset - b.offset);
  return { root: r.root, problems };
}

function replaceRuns(text: string, runs: readonly Run[]): string {
  let s = '';
  let from = 0;
  for (const run of [...runs].sort((a, b) => a.start - b.start)) {
    s += text.slice(from, run.start) + ' '.repeat(run.end - run.start);
    from = run.end;
  }
  return s + text.slice(from);
}

function irregularProblem(text: string, run: Run): SyntaxProblem {
  return irregularSpaceProblem(text.slice(run.start, run.end), run.start, run.where);
}

/** The problem of Unicode spaces `found` at `offset`, named (never printed: they look like spaces). */
export function irregularSpaceProblem(
  found: string,
  offset: number,
  where: 'indent' | 'value' | 'dash' | 'flow' | 'json',
): SyntaxProblem {
  const chars = [...new Set(found)];
  const count = found.length;
  const what =
    chars.length > 1
      ? `${count} Unicode spaces (${chars.map(nameOfSpace).join(', ')})`
      : count === 1
        ? `A ${nameOfSpace(chars[0]!)}`
        : `${count} × ${nameOfSpace(chars[0]!)}`;
  const message =
    where === 'indent'
      ? `${what} in the indentation: it looks like a space, but YAML reads it as text, so this line is not indented. Replace it with plain spaces.`
      : where === 'value'
        ? `${what} between the key and its value: it looks like a space, but YAML reads it as text, so the key and its value are read as one string. Replace it with a plain space.`
        : where === 'dash'
          ? `${what} after the list item's '-': it looks like a space, but YAML reads it as text, so this line is not a list item. Replace it with a plain space.`
          : where === 'flow'
            ? `${what} in a flow collection: it looks like a space, but YAML reads it as text, part of the value that follows. Replace it with a plain space.`
            : `${what}: it looks like a space, but JSON allows only plain spaces, tabs and line breaks between values. Replace it with a plain space.`;
  return { offset, length: count, message, kind: 'syntax', irregularSpace: true };
}

/** From offsets in the repaired text to offsets in the text, where tab indentations were widened. */
export class OffsetMap {
  private readonly spans: { textStart: number; textLen: number; start: number; len: number }[] = [];

  get empty(): boolean {
    return this.spans.length === 0;
  }

  add(textStart: number, textLen: number, start: number, len: number): void {
    this.spans.push({ textStart, textLen, start, len });
  }

  toText(x: number): number {
    const spans = this.spans;
    let lo = 0;
    let hi = spans.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]!.start <= x) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return x;
    const s = spans[k]!;
    if (x < s.start + s.len) return s.textStart + Math.min(x - s.start, s.textLen);
    return x - (s.start + s.len) + s.textStart + s.textLen;
  }
}

export function remap(node: Node | undefined, map: OffsetMap): void {
  if (!node) return;
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const end = map.toText(n.offset + n.length);
    n.offset = map.toText(n.offset);
    n.length = end - n.offset;
    if (n.type === 'object') {
      for (const p of n.properties) {
        const pEnd = map.toText(p.offset + p.length);
        p.offset = map.toText(p.offset);
        p.length = pEnd - p.offset;
        if (p.colonOffset >= 0) p.colonOffset = map.toText(p.colonOffset);
        const kEnd = map.toText(p.key.offset + p.key.length);
        p.key.offset = map.toText(p.key.offset);
        p.key.length = kEnd - p.key.offset;
        if (p.value) stack.push(p.value);
      }
    } else if (n.type === 'array') for (const it of n.items) stack.push(it);
  }
}
