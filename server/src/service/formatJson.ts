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
// A text with comments is left to the caller (Prettier moves some comments; we keep them where written).
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

/** Whether the text holds a comment (then the caller formats it as before: comments stay where written). */
export function hasJsonComment(text: string): boolean {
  const scanner = createScanner(text, false);
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan())
    if (t === SyntaxKind.LineCommentTrivia || t === SyntaxKind.BlockCommentTrivia) return true;
  return false;
}

/** The formatted text, ending with one line break; undefined when the text does not read as one JSON value. */
export function formatJsonText(text: string, options: JsonPrintOptions): string | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length > 0) return undefined;
  const flat = new Map<Node, number>();
  const broken = new Set<Node>();
  measure(root, text, flat, broken);
  const out: string[] = [];
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
    if (
      (n.type !== 'object' && n.type !== 'array') ||
      children.length === 0 ||
      (!broken.has(n) && column + flat.get(n)! + trailing <= WIDTH)
    ) {
      printFlat(n);
      return;
    }
    const inner = options.indent.repeat(level + 1);
    const innerColumn = (level + 1) * options.indentWidth;
    const newline = options.eol + inner;
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
  print(root, 0, 0, 0);
  out.push(options.eol);
  return out.join('');
}

/**
 * The width of each object and array printed on one line (`flat`), and those that must be printed one
 * entry a line (`broken`): written so, or holding one that is. One pass, children first.
 */
function measure(n: Node, text: string, flat: Map<Node, number>, broken: Set<Node>): number {
  const children = n.children ?? [];
  if (n.type === 'object') {
    let width = children.length === 0 ? 2 : 4 + 2 * (children.length - 1);
    let hard = children.length > 0 && text.slice(n.offset, children[0]!.offset).includes('\n');
    for (const [k, p] of children.entries()) {
      const [key, value] = [p.children![0]!, p.children![1]!];
      width += textWidth(text.slice(key.offset, key.offset + key.length)) + 2 + measure(value, text, flat, broken);
      if (broken.has(value) || (k < children.length - 1 && blankAfter(text, p))) hard = true;
    }
    flat.set(n, width);
    if (hard) broken.add(n);
    return width;
  }
  if (n.type === 'array') {
    let width = 2 + 2 * Math.max(0, children.length - 1);
    let hard = false;
    for (const c of children) {
      width += measure(c, text, flat, broken);
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
