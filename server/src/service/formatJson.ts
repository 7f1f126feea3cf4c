// JSON formatting as Prettier prints JSON (its `json` parser, default options), so that a repository
// running Prettier and `format` does not see them undo each other (REVIEW5 H13):
// - an object or array is printed on one line (`{ "a": 1 }`, `[1, 2]`) when it fits the print width
//   (80 columns, counted from the start of its line, with the comma after it; a wide character, CJK or
//   an emoji, counts 2 columns as Prettier counts it: textWidth.ts);
// - an object is printed one property a line when the user wrote a line break between its `{` and its
//   first key (the user's choice, Prettier's `objectWrap: "preserve"`), and so is every object or array
//   that holds one printed so;
// - an array of two or more objects (or arrays) that all have two or more entries is printed one item
//   a line; an array of numbers fills its lines;
// - a blank line written between two properties or items is kept (one);
// - strings, numbers and keys as written; the indentation is the editor's (two spaces for the CLI).
// Comments and trailing commas (JSON with comments, REVIEW14 F2): only whitespace changes. An object or
// array that holds a comment or ends with a trailing comma is printed one entry a line, the comma kept
// after its last entry; a comment on an entry's line stays after it (and its comma), a comment on a
// line of its own stays on a line of its own, before the entry that follows it; the objects and arrays
// around them are printed as above (Prettier keeps `"apiKey": { "valueFromEnv": "X" },` on one line
// too; it drops the comma). A comment between an entry and its comma stays there (where Prettier puts
// a block comment). A comment elsewhere (between a key and its value, or a line below its entry and
// above the comma) is left to the caller, as is a text whose tokens printing would not keep as written.
import { createScanner, parseTree, SyntaxKind } from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import { textWidth } from './textWidth';

export interface JsonPrintOptions {
  /** One level of indentation (`  `, `\t`). */
  indent: string;
  /** Its width, in columns (a tab counts as the tab size, as Prettier counts it). */
  indentWidth: number;
  eol: string;
}

/** Prettier's default print width. */
const WIDTH = 80;

/** The formatted text, ending with one line break; undefined when the text does not read as one JSON value. */
export function formatJsonText(text: string, options: JsonPrintOptions): string | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || errors.length > 0) return undefined;
  const comments = commentsOf(text);
  const places = placeComments(root, text, comments);
  if (places === undefined) return undefined;
  const flat = new Map<Node, number>();
  const broken = new Set<Node>();
  measure(root, text, flat, broken, places.gaps);
  const out: string[] = [];
  const slice = (c: Span): string => text.slice(c.offset, c.end);
  /** Blank lines kept: one where the line before `offset`'s is empty. */
  const blankBefore = (offset: number): boolean => {
    const start = text.lastIndexOf('\n', offset - 1);
    if (start < 0) return false;
    const prev = text.lastIndexOf('\n', start - 1);
    return text.slice(prev + 1, start).trim() === '';
  };
  const raw = (n: Node): string => text.slice(n.offset, n.offset + n.length);
  /** `n` on one line. */
  const printFlat = (n: Node): void => {
    const children = n.children ?? [];
    if (n.type === 'object') {
      if (children.length === 0) {
        out.push('{}');
        return;
      }
      out.push('{ ');
      children.forEach((p, k) => {
        if (k > 0) out.push(', ');
        out.push(raw(p.children![0]!), ': ');
        printFlat(p.children![1]!);
      });
      out.push(' }');
    } else if (n.type === 'array') {
      out.push('[');
      children.forEach((c, k) => {
        if (k > 0) out.push(', ');
        printFlat(c);
      });
      out.push(']');
    } else out.push(raw(n));
  };
  /** `n` starting at `column` at indentation `level`, `trailing` columns (a comma) after it on its line. */
  const print = (n: Node, level: number, column: number, trailing: number): void => {
    const children = n.children ?? [];
    const gaps = places.gaps.get(n);
    if (
      (n.type !== 'object' && n.type !== 'array') ||
      (children.length === 0 && !gaps) ||
      (!broken.has(n) && column + flat.get(n)! + trailing <= WIDTH)
    ) {
      printFlat(n);
      return;
    }
    const inner = options.indent.repeat(level + 1);
    const innerColumn = (level + 1) * options.indentWidth;
    const newline = options.eol + inner;
    if (gaps) {
      // Comments or a trailing comma: one entry a line, each comment where it was (see above).
      out.push(n.type === 'object' ? '{' : '[');
      let first = true;
      for (let k = 0; k <= children.length; k++) {
        for (const c of gaps.before[k]!) {
          out.push(!first && blankBefore(c.offset) ? options.eol : '', newline, slice(c));
          first = false;
        }
        if (k === children.length) break;
        const child = children[k]!;
        const last = k === children.length - 1;
        const comma = !last || gaps.trailingComma;
        out.push(!first && blankBefore(child.offset) ? options.eol : '', newline);
        first = false;
        // What follows the entry on its line counts against the width: the comma and a comment before
        // it (Prettier counts a block comment; a line comment after the comma it does not).
        let after = comma ? 1 : 0;
        for (const c of gaps.beforeComma[k]!) after += 1 + textWidth(slice(c).split('\n')[0]!);
        if (n.type === 'object') {
          const key = raw(child.children![0]!);
          out.push(key, ': ');
          print(child.children![1]!, level + 1, innerColumn + textWidth(key) + 2, after);
        } else print(child, level + 1, innerColumn, after);
        for (const c of gaps.beforeComma[k]!) out.push(' ', slice(c));
        if (comma) out.push(',');
        for (const c of gaps.after[k]!) out.push(' ', slice(c));
      }
      out.push(options.eol, options.indent.repeat(level), n.type === 'object' ? '}' : ']');
      return;
    }
    if (n.type === 'object') {
      out.push('{');
      children.forEach((p, k) => {
        const last = k === children.length - 1;
        const key = raw(p.children![0]!);
        out.push(newline, key, ': ');
        print(p.children![1]!, level + 1, innerColumn + textWidth(key) + 2, last ? 0 : 1);
        if (!last) {
          out.push(',');
          if (blankAfter(text, p)) out.push(options.eol);
        }
      });
    } else if (concise(n)) {
      // Numbers fill the lines: the next one joins the line when it fits there with its comma.
      out.push('[', newline);
      let column = innerColumn;
      children.forEach((c, k) => {
        const item = raw(c) + (k === children.length - 1 ? '' : ',');
        if (k > 0) {
          const fits = column + 1 + item.length <= WIDTH;
          out.push(fits ? ' ' : newline);
          column = fits ? column + 1 : innerColumn;
        }
        out.push(item);
        column += item.length;
      });
    } else {
      out.push('[');
      children.forEach((c, k) => {
        const last = k === children.length - 1;
        out.push(newline);
        print(c, level + 1, innerColumn, last ? 0 : 1);
        if (!last) {
          out.push(',');
          if (blankAfter(text, c)) out.push(options.eol);
        }
      });
    }
    out.push(options.eol, options.indent.repeat(level), n.type === 'object' ? '}' : ']');
  };
  for (const c of places.before) out.push(slice(c), options.eol);
  if (places.before.length > 0 && blankBefore(root.offset)) out.push(options.eol);
  print(root, 0, 0, 0);
  for (const c of places.after) out.push(c.sameLine ? ' ' : options.eol, slice(c));
  out.push(options.eol);
  const printed = out.join('');
  // Only whitespace may change: a text whose tokens (comments, commas) printing would not keep in
  // order is left to the caller.
  if ((comments.length > 0 || places.gaps.size > 0) && tokensOf(printed).join('\0') !== tokensOf(text).join('\0'))
    return undefined;
  return printed;
}

interface Span {
  offset: number;
  end: number;
}

/** Where an object's or array's comments go, and whether its last entry has a comma after it. */
interface Gaps {
  /** before[k]: comments on lines of their own before entry k (k = the number of entries: before the bracket). */
  before: Span[][];
  /** after[k]: comments on entry k's line, after it and its comma. */
  after: Span[][];
  /** beforeComma[k]: comments on entry k's line between it and its comma (where Prettier puts a block comment). */
  beforeComma: Span[][];
  trailingComma: boolean;
}

interface Places {
  gaps: Map<Node, Gaps>;
  /** Comments before the document's value, and after it (`sameLine`: on its last line). */
  before: Span[];
  after: (Span & { sameLine: boolean })[];
}

/** The comments of a JSON text, in order. */
function commentsOf(text: string): Span[] {
  const out: Span[] = [];
  if (!text.includes('/')) return out;
  const scanner = createScanner(text, false);
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan())
    if (t === SyntaxKind.LineCommentTrivia || t === SyntaxKind.BlockCommentTrivia) {
      const offset = scanner.getTokenOffset();
      out.push({ offset, end: offset + scanner.getTokenLength() });
    }
  return out;
}

/** The text's tokens that are not whitespace, as written. */
function tokensOf(text: string): string[] {
  const scanner = createScanner(text, false);
  const out: string[] = [];
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan())
    if (t !== SyntaxKind.Trivia && t !== SyntaxKind.LineBreakTrivia)
      out.push(text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()));
  return out;
}

/**
 * Each comment's place (an object's or array's gap between entries, or before or after the document's
 * value) and the trailing commas; undefined when a comment is somewhere this printer does not keep it
 * as written (between a key and its value, before an entry's comma).
 */
function placeComments(root: Node, text: string, comments: readonly Span[]): Places | undefined {
  const places: Places = { gaps: new Map(), before: [], after: [] };
  const end = (n: Node): number => n.offset + n.length;
  /** The offset of the next token after `from` that is not whitespace or a comment (`text.length` at the end). */
  const nextToken = (from: number): number => {
    let at = from;
    // The first comment at or after `from` (binary search: comments are in order).
    let lo = 0;
    for (let hi = comments.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (comments[mid]!.offset < from) lo = mid + 1;
      else hi = mid;
    }
    for (let c = lo; at < text.length;) {
      const ch = text.charCodeAt(at);
      if (ch === 32 || ch === 9 || ch === 10 || ch === 13) at++;
      else if (c < comments.length && comments[c]!.offset === at) at = comments[c++]!.end;
      else break;
    }
    return at;
  };
  const gapsOf = (n: Node): Gaps => {
    let g = places.gaps.get(n);
    if (!g) {
      const count = n.children?.length ?? 0;
      g = {
        before: Array.from({ length: count + 1 }, () => []),
        after: Array.from({ length: count }, () => []),
        beforeComma: Array.from({ length: count }, () => []),
        trailingComma: false,
      };
      places.gaps.set(n, g);
    }
    return g;
  };
  // Trailing commas: after an object's or array's last entry.
  const commas = (n: Node): void => {
    const children = n.children ?? [];
    if (n.type !== 'object' && n.type !== 'array') return;
    for (const c of children) commas(n.type === 'object' ? c.children![1]! : c);
    const last = children[children.length - 1];
    if (last && text[nextToken(end(last))] === ',') gapsOf(n).trailingComma = true;
  };
  commas(root);
  for (const c of comments) {
    if (c.offset < root.offset) {
      places.before.push(c);
      continue;
    }
    if (c.offset >= end(root)) {
      places.after.push({ ...c, sameLine: !text.slice(end(root), c.offset).includes('\n') });
      continue;
    }
    let n = root;
    for (;;) {
      const children = n.children ?? [];
      const inside = children.find((ch) => ch.offset <= c.offset && c.offset < end(ch));
      if (inside) {
        const value = n.type === 'object' ? inside.children?.[1] : inside;
        if (!value || (value.type !== 'object' && value.type !== 'array')) return undefined;
        if (!(value.offset <= c.offset && c.offset < end(value))) return undefined;
        n = value;
        continue;
      }
      let k = 0;
      while (k < children.length && end(children[k]!) <= c.offset) k++;
      const g = gapsOf(n);
      if (k > 0) {
        const prev = children[k - 1]!;
        const comma = nextToken(end(prev));
        const sameLine = !text.slice(end(prev), c.offset).includes('\n');
        if (text[comma] === ',' && c.offset < comma) {
          // Between an entry and its comma: kept there when on the entry's line (the comma follows on it).
          if (!sameLine || text.slice(c.end, comma).includes('\n')) return undefined;
          g.beforeComma[k - 1]!.push(c);
          break;
        }
        if (sameLine) {
          g.after[k - 1]!.push(c);
          break;
        }
      }
      g.before[k]!.push(c);
      break;
    }
  }
  return places;
}

/**
 * The width of each object and array printed on one line (`flat`), and those that must be printed one
 * entry a line (`broken`): written so, or holding one that is. One pass, children first.
 */
function measure(
  n: Node,
  text: string,
  flat: Map<Node, number>,
  broken: Set<Node>,
  gaps: ReadonlyMap<Node, Gaps>,
): number {
  const children = n.children ?? [];
  if (n.type === 'object') {
    let width = children.length === 0 ? 2 : 4 + 2 * (children.length - 1);
    let hard = gaps.has(n) || (children.length > 0 && text.slice(n.offset, children[0]!.offset).includes('\n'));
    for (const [k, p] of children.entries()) {
      const [key, value] = [p.children![0]!, p.children![1]!];
      width +=
        textWidth(text.slice(key.offset, key.offset + key.length)) + 2 + measure(value, text, flat, broken, gaps);
      if (broken.has(value) || (k < children.length - 1 && blankAfter(text, p))) hard = true;
    }
    flat.set(n, width);
    if (hard) broken.add(n);
    return width;
  }
  if (n.type === 'array') {
    let width = 2 + 2 * Math.max(0, children.length - 1);
    let hard = gaps.has(n);
    for (const c of children) {
      width += measure(c, text, flat, broken, gaps);
      if (broken.has(c)) hard = true;
    }
    // Two or more objects (or arrays), each with two or more entries: one a line.
    const first = children[0]?.type;
    if (
      children.length > 1 &&
      (first === 'object' || first === 'array') &&
      children.every((c) => c.type === first && (c.children?.length ?? 0) > 1)
    )
      hard = true;
    flat.set(n, width);
    if (hard) broken.add(n);
    return width;
  }
  // A string may hold wide characters (numbers and literals are ASCII).
  return n.type === 'string' ? textWidth(text.slice(n.offset, n.offset + n.length)) : n.length;
}

/** An array of two or more numbers (Prettier fills their lines). */
const concise = (n: Node): boolean => (n.children?.length ?? 0) > 1 && n.children!.every((c) => c.type === 'number');

/** Whether an empty line follows the line where `n` (and the comma after it) ends. */
function blankAfter(text: string, n: Node): boolean {
  let at = n.offset + n.length;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === ',')) at++;
  if (text[at] === '\r') at++;
  if (text[at] !== '\n') return false;
  at++;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  return text[at] === '\n' || (text[at] === '\r' && text[at + 1] === '\n');
}
