// The shared edit toolkit of the quick fixes: insert properties into a mapping, remove properties,
// replace a scalar or a key — in YAML block mappings, YAML flow mappings and JSON objects, keeping
// the document's indentation, line endings and comments.
import { plainSpaces } from '../../parser/indentRepair';
import type { Node, ObjectNode, ParsedDocument, PropertyNode, StringNode } from '../../parser/ast';
import type { TextEdit } from '../types';
import { indentUnit } from '../indent';
import { columnOf, eolOf, isLineLeading, lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';

/** A value to write: a scalar, an empty list, or a mapping of entries. */
export type NewValue =
  | { kind: 'scalar'; value: string | number | boolean | null }
  | { kind: 'array' }
  | { kind: 'object'; entries: NewEntry[] };

export interface NewEntry {
  key: string;
  value: NewValue;
}

export const scalar = (value: string | number | boolean | null): NewValue => ({ kind: 'scalar', value });

/**
 * Edits whose inserted line breaks are the document's (`\r\n` in a CRLF file): a provider that builds
 * text on a piece of the document that holds no line break would insert `\n`, which editors that apply
 * edits as given (Neovim, Helix, Emacs) would leave as mixed line endings.
 */
export function inDocumentEol<E extends TextEdit>(text: string, edits: E[]): E[] {
  if (eolOf(text) !== '\r\n' || !edits.some((e) => /(^|[^\r])\n/.test(e.newText))) return edits;
  return edits.map((e) => ({ ...e, newText: e.newText.replace(/\r?\n/g, '\r\n') }));
}

/** Applies edits (offsets into the original text) and returns the new text. Edits must not overlap. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.offset - b.e.offset || a.e.length - b.e.length || a.i - b.i);
  let out = '';
  let pos = 0;
  for (const { e } of sorted) {
    if (e.offset < pos || e.offset + e.length > text.length)
      throw new Error(`Overlapping or out-of-range edit at ${e.offset}`);
    out += text.slice(pos, e.offset) + e.newText;
    pos = e.offset + e.length;
  }
  return out + text.slice(pos);
}

// ---------------------------------------------------------------------------------------------
// Text geometry

/** Whether nothing but blanks and a comment follows `offset` on its line. */
export function restIsBlank(text: string, offset: number): boolean {
  return /^\s*(#.*|\/\/.*|\/\*.*\*\/\s*)?$/.test(text.slice(offset, lineEnd(text, offset)));
}

/** Where the visible content of a node ends: YAML block collections and scalars carry trailing blanks. */
export function contentEnd(text: string, n: Node | PropertyNode): number {
  if (n.type === 'property') {
    const keyEnd = Math.max(n.key.offset + n.key.length, n.colonOffset + 1);
    return n.value ? Math.max(keyEnd, contentEnd(text, n.value)) : keyEnd;
  }
  if (n.type === 'object' && !n.flow && n.properties.length > 0)
    return contentEnd(text, n.properties[n.properties.length - 1]!);
  if (n.type === 'array' && !n.flow && n.items.length > 0) return contentEnd(text, n.items[n.items.length - 1]!);
  let e = n.offset + n.length;
  // A keep-chomped block scalar (`|+`, `>+`) owns the blank lines after its text (its value ends
  // with their line breaks): it ends with them, before its own last line break, so that what is
  // inserted after it goes after them (REVIEW2 E25). Other chompings drop those lines' breaks.
  if (keepsTrailingLines(text, n)) {
    if (text[e - 1] === '\n') e--;
    if (text[e - 1] === '\r') e--;
    return Math.max(e, lineEnd(text, n.offset));
  }
  while (e > n.offset + 1 && /\s/.test(text[e - 1]!)) e--;
  return e;
}

/** A YAML block scalar with the keep indicator in its header (`|+`, `>2+`, `|+ # note`). */
function keepsTrailingLines(text: string, n: Node): boolean {
  if (n.type !== 'string' || n.quoted) return false;
  const m = /^[|>]([0-9+-]*)/.exec(text.slice(n.offset, n.offset + 4));
  return m !== null && m[1]!.includes('+');
}

/** The first `,` after `from`, skipping blanks and comments; -1 when something else comes first. */
export function commaAfter(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ',') return i;
    if (/\s/.test(c)) i++;
    else if (c === '#' || text.startsWith('//', i)) i = lineEnd(text, i);
    else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else return -1;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Rendering

const RESERVED = /^(true|false|yes|no|on|off|y|n|null|~)$/i;

/** A YAML scalar: plain when that reads back as the same string, double-quoted otherwise. */
export function yamlScalar(v: string | number | boolean | null): string {
  if (typeof v !== 'string') return String(v);
  if (/^[A-Za-z_$][A-Za-z0-9_.\-/$]*$/.test(v) && !RESERVED.test(v)) return v;
  return JSON.stringify(v);
}

function keyText(doc: ParsedDocument, key: string): string {
  return doc.language === 'json' ? JSON.stringify(key) : yamlScalar(key);
}

function scalarText(doc: ParsedDocument, v: string | number | boolean | null): string {
  return doc.language === 'json' ? JSON.stringify(v) : yamlScalar(v);
}

/** An entry on one line: `key: value`, nested mappings in flow style. */
function renderInline(doc: ParsedDocument, e: NewEntry): string {
  return `${keyText(doc, e.key)}: ${renderInlineValue(doc, e.value)}`;
}

export function renderInlineValue(doc: ParsedDocument, v: NewValue): string {
  if (v.kind === 'scalar') return scalarText(doc, v.value);
  if (v.kind === 'array') return '[]';
  if (v.entries.length === 0) return '{}';
  return `{ ${v.entries.map((e) => renderInline(doc, e)).join(', ')} }`;
}

/** An entry whose first line starts at `indent`; nested mappings on their own lines. */
export function renderBlock(doc: ParsedDocument, e: NewEntry, indent: string, unit: string, eol: string): string {
  const key = keyText(doc, e.key);
  const v = e.value;
  if (v.kind !== 'object' || v.entries.length === 0) return `${key}: ${renderInlineValue(doc, v)}`;
  const inner = indent + unit;
  if (doc.language === 'json') {
    return `${key}: {${eol}${v.entries.map((x) => inner + renderBlock(doc, x, inner, unit, eol)).join(`,${eol}`)}${eol}${indent}}`;
  }
  return `${key}:${v.entries.map((x) => eol + inner + renderBlock(doc, x, inner, unit, eol)).join('')}`;
}

/** A whole document made of entries (for an empty file). */
export function renderDocument(doc: ParsedDocument, entries: NewEntry[]): string {
  const eol = eolOf(doc.text);
  const unit = indentUnit(doc);
  if (doc.language === 'json')
    return `{${eol}${entries.map((e) => unit + renderBlock(doc, e, unit, unit, eol)).join(`,${eol}`)}${eol}}${eol}`;
  return entries.map((e) => renderBlock(doc, e, '', unit, eol) + eol).join('');
}

// ---------------------------------------------------------------------------------------------
// Edits

/** Replaces a scalar (value or key) with `value`, keeping YAML quote style unless `fresh`. */
export function replaceScalar(doc: ParsedDocument, node: Node | StringNode, value: string, fresh = false): TextEdit {
  let newText: string;
  if (doc.language === 'json') newText = JSON.stringify(value);
  else {
    const q = !fresh && node.type === 'string' && node.quoted ? doc.text[node.offset] : undefined;
    if (q === "'") newText = `'${value.replace(/'/g, "''")}'`;
    else if (q === '"') newText = JSON.stringify(value);
    else newText = yamlScalar(value);
    const block = node.type === 'string' && !node.quoted ? blockScalarRange(doc.text, node) : undefined;
    if (block) return { offset: node.offset, length: block.length, newText: newText + block.comment };
  }
  return { offset: node.offset, length: node.length, newText };
}

/**
 * A YAML block scalar (`|`, `>-`, … with its text on the next lines): its range ends with its last
 * line break (and any blank lines it keeps). A plain value written in its place must keep that line
 * break, or the next key joins its line; a comment after the header (`>- # note`) is kept too.
 */
function blockScalarRange(text: string, node: Node | StringNode): { length: number; comment: string } | undefined {
  const c = text[node.offset];
  if (c !== '|' && c !== '>') return undefined;
  let end = node.offset + node.length;
  while (end > node.offset && /\s/.test(text[end - 1]!)) end--;
  const header = text.slice(node.offset, Math.min(lineEnd(text, node.offset), end));
  const hash = header.search(/\s#/);
  const comment = hash >= 0 ? ' ' + header.slice(hash).trim() : '';
  return { length: end - node.offset, comment };
}

/** Sets the value of a property, whether it has one (`key: x`) or not (`key:`). */
export function setValue(doc: ParsedDocument, prop: PropertyNode, value: string): TextEdit {
  const v = prop.value;
  if (v && v.length > 0) return replaceScalar(doc, v, value);
  const at = prop.colonOffset >= 0 ? prop.colonOffset + 1 : prop.key.offset + prop.key.length;
  return { offset: at, length: 0, newText: ` ${scalarText(doc, value)}` };
}

/**
 * Removes properties of one mapping, with their nested lines and (in JSON) commas; the comments on the
 * removed lines stay, on lines of their own (unless `keepComments` is false: a move that carries them).
 */
export function removeProperties(
  doc: ParsedDocument,
  obj: ObjectNode,
  remove: readonly PropertyNode[],
  keepComments = true,
): TextEdit[] {
  const text = doc.text;
  const props = obj.properties;
  const gone = new Set(remove);
  const edits: TextEdit[] = [];
  let keyIndent = '';
  // (Without keepComments: for a move that writes the comments where the properties go.)
  const del = (from: number, to: number, newText = ''): void => {
    if (to > from || newText)
      edits.push(
        keepComments
          ? keepingComments(doc, from, to, newText, keyIndent)
          : { offset: from, length: to - from, newText },
      );
  };
  for (let a = 0; a < props.length; a++) {
    if (!gone.has(props[a]!)) continue;
    let b = a;
    while (b + 1 < props.length && gone.has(props[b + 1]!)) b++;
    const first = props[a]!;
    const last = props[b]!;
    const next = props[b + 1];
    const prev = props[a - 1];
    const lastEnd = contentEnd(text, last);
    // The comments on the removed lines stay, on lines of their own at the key's indentation.
    keyIndent = isLineLeading(text, first.key.offset)
      ? plainSpaces(text.slice(lineStart(text, first.key.offset), first.key.offset))
      : ' '.repeat(columnOf(text, first.key.offset));
    if (!obj.flow) {
      const end = blockEnd(text, last, lastEnd);
      if (isLineLeading(text, first.key.offset))
        del(leadingComments(text, lineStart(text, first.key.offset), columnOf(text, first.key.offset)), end);
      // The first key of a `- ` list item: the next kept key moves up onto the dash's line.
      else if (next) del(first.key.offset, next.key.offset);
      else del(first.key.offset, lineEnd(text, lastEnd), '{}');
    } else {
      const trailingComma = commaAfter(text, lastEnd);
      const stop = trailingComma >= 0 ? trailingComma + 1 : lastEnd;
      const leading =
        isLineLeading(text, first.key.offset) &&
        (!next || isLineLeading(text, next.key.offset)) &&
        restIsBlank(text, stop);
      if (next) {
        if (leading) del(lineStart(text, first.key.offset), nextLineStart(text, stop));
        else del(first.key.offset, next.key.offset);
      } else if (prev) {
        const prevEnd = contentEnd(text, prev);
        const comma = commaAfter(text, prevEnd);
        if (leading && comma >= 0 && comma < lineStart(text, first.key.offset)) {
          del(comma, comma + 1);
          del(lineStart(text, first.key.offset), nextLineStart(text, stop));
        } else del(prevEnd, stop);
      } else if (leading) del(lineStart(text, first.key.offset), nextLineStart(text, stop));
      else del(first.key.offset, stop);
    }
    a = b;
  }
  return edits;
}

/**
 * The comments (YAML `#`; JSON `//` and `/* … *\/`) in [from, to) outside every scalar, in order. A
 * block scalar's header comment (`|- # note`) counts; a `#` inside a quoted or plain scalar does not.
 */
export function commentsIn(doc: ParsedDocument, from: number, to: number): string[] {
  if (to <= from) return [];
  const rest = outsideScalars(doc, from, to);
  const out: string[] = [];
  const re = doc.language === 'json' ? /\/\/[^\r\n]*|\/\*[\s\S]*?(\*\/|$)/g : /(?<=^|\s)#[^\r\n]*/g;
  for (const m of rest.matchAll(re)) out.push(m[0].trimEnd());
  return out;
}

/**
 * The text of [from, to) with the scalars (keys and values) in it blanked out: what is left is syntax
 * and comments. A block scalar's header line (`|- # note`) is left as written.
 */
export function outsideScalars(doc: ParsedDocument, from: number, to: number): string {
  const text = doc.text;
  const chars = text.slice(from, to).split('');
  const blank = (a: number, b: number): void => {
    for (let i = Math.max(a, from); i < Math.min(b, to); i++) chars[i - from] = ' ';
  };
  const scalar = (n: { offset: number; length: number }): void => {
    const c = text[n.offset];
    // A block scalar's text starts on the line after its header, which may hold a comment.
    if (doc.language === 'yaml' && (c === '|' || c === '>')) blank(nextLineStart(text, n.offset), n.offset + n.length);
    else blank(n.offset, n.offset + n.length);
  };
  const stack: (Node | undefined)[] = [doc.root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n || n.offset > to || n.offset + n.length < from) continue;
    if (n.type === 'object')
      for (const p of n.properties) {
        scalar(p.key);
        stack.push(p.value);
      }
    else if (n.type === 'array') stack.push(...n.items);
    else if (n.type !== 'alias') scalar(n);
  }
  return chars.join('');
}

/**
 * A deletion of [from, to) (replaced by `newText`) that keeps the comments it would delete: when it
 * takes whole lines, each comment goes on a line of its own at `indent`; inside a line, the comments
 * follow `newText`, and what came after the deletion starts a new line at its own column.
 */
function keepingComments(doc: ParsedDocument, from: number, to: number, newText: string, indent: string): TextEdit {
  const comments = commentsIn(doc, from, to);
  if (comments.length === 0) return { offset: from, length: to - from, newText };
  const text = doc.text;
  const eol = eolOf(text);
  const lineComment = (c: string): boolean => !c.startsWith('/*');
  if (from === lineStart(text, from) && (to === text.length || to === lineStart(text, to))) {
    const endsWithBreak = to > from && text[to - 1] === '\n';
    const body = comments.map((c) => indent + c).join(eol);
    return { offset: from, length: to - from, newText: newText + body + (endsWithBreak ? eol : '') };
  }
  const atLineEnd = to === text.length || text[to] === '\n' || text[to] === '\r';
  const after = atLineEnd ? '' : eol + ' '.repeat(columnOf(text, to));
  const before = from > 0 && !/\s/.test(text[from - 1]!) ? ' ' : '';
  let out = newText;
  let sep = newText === '' ? before : ' ';
  for (const c of comments) {
    out += sep + c;
    sep = lineComment(c) ? eol + indent : ' ';
  }
  const last = comments[comments.length - 1]!;
  if (!atLineEnd) out += lineComment(last) ? after : ' ';
  return { offset: from, length: to - from, newText: out };
}

/**
 * Start of the comment lines right above a block property's line (no blank line between) at its
 * column: they speak of that key and go with it.
 */
export function leadingComments(text: string, start: number, col: number): number {
  let at = start;
  while (at > 0) {
    const prev = lineStart(text, at - 1);
    const m = /^([ \t]*)#/.exec(text.slice(prev, at));
    if (!m || m[1]!.length !== col) break;
    at = prev;
  }
  return at;
}

/** End of a block property's lines: its last line, and comment lines below it indented under it. */
export function blockEnd(text: string, prop: PropertyNode, contentEndOffset: number): number {
  const col = columnOf(text, prop.key.offset);
  let end = nextLineStart(text, contentEndOffset);
  while (end < text.length) {
    const le = lineEnd(text, end);
    const line = text.slice(end, le);
    const m = /^(\s*)#/.exec(line);
    if (!m || m[1]!.length <= col) break;
    end = nextLineStart(text, end);
  }
  return end;
}

/** The offset of the `?` when the key at `keyOffset` is an explicit block key (`? key`), else `keyOffset`. */
function explicitKeyStart(text: string, keyOffset: number): number {
  const m = /\?[ \t]+$/.exec(text.slice(lineStart(text, keyOffset), keyOffset));
  return m ? keyOffset - m[0].length : keyOffset;
}

export type Anchor = { after: PropertyNode } | { before: PropertyNode } | 'end';

/** Inserts entries into a mapping, after or before one of its properties, or at its end. */
export function insertProperties(
  doc: ParsedDocument,
  obj: ObjectNode,
  entries: readonly NewEntry[],
  anchor: Anchor,
  unit = indentUnit(doc),
): TextEdit[] {
  if (entries.length === 0) return [];
  const text = doc.text;
  const eol = eolOf(text);
  const props = obj.properties;
  if (props.length === 0) return insertIntoEmpty(doc, obj, entries, unit, eol);
  if (anchor === 'end') anchor = { after: props[props.length - 1]! };
  const ref = 'after' in anchor ? anchor.after : anchor.before;
  // A block key written as an explicit key (`? definition` / `: value`) starts at its `?`.
  const refStart = obj.flow ? ref.key.offset : explicitKeyStart(text, ref.key.offset);
  const keyCol = columnOf(text, refStart);
  const leading = isLineLeading(text, refStart);
  // (A no-break space there is not copied: parser/indentRepair.ts.)
  const indent = leading ? plainSpaces(text.slice(lineStart(text, refStart), refStart)) : ' '.repeat(keyCol);
  if (!obj.flow) {
    const render = (e: NewEntry): string => renderBlock(doc, e, indent, unit, eol);
    if ('after' in anchor)
      return [
        {
          offset: lineEnd(text, contentEnd(text, ref)),
          length: 0,
          newText: entries.map((e) => eol + indent + render(e)).join(''),
        },
      ];
    if (leading)
      return [
        {
          offset: lineStart(text, refStart),
          length: 0,
          newText: entries.map((e) => indent + render(e) + eol).join(''),
        },
      ];
    return [{ offset: refStart, length: 0, newText: entries.map((e) => render(e) + eol + indent).join('') }];
  }
  const multiline = leading && lineStart(text, obj.offset) !== lineStart(text, ref.key.offset);
  const render = (e: NewEntry): string =>
    multiline && doc.language === 'json' ? renderBlock(doc, e, indent, unit, eol) : renderInline(doc, e);
  if ('before' in anchor) {
    if (multiline)
      return [
        {
          offset: lineStart(text, ref.key.offset),
          length: 0,
          newText: entries.map((e) => `${indent}${render(e)},${eol}`).join(''),
        },
      ];
    return [{ offset: ref.key.offset, length: 0, newText: entries.map((e) => `${render(e)}, `).join('') }];
  }
  const end = contentEnd(text, ref);
  if (!multiline) return [{ offset: end, length: 0, newText: entries.map((e) => `, ${render(e)}`).join('') }];
  const comma = commaAfter(text, end);
  if (comma >= 0 && restIsBlank(text, comma + 1))
    return [
      { offset: lineEnd(text, comma), length: 0, newText: entries.map((e) => `${eol}${indent}${render(e)},`).join('') },
    ];
  // More entries (or the closing brace) follow on the line: insert in place.
  if (!restIsBlank(text, comma >= 0 ? comma + 1 : end))
    return [{ offset: end, length: 0, newText: entries.map((e) => `, ${renderInline(doc, e)}`).join('') }];
  const body = entries.map((e) => `${eol}${indent}${render(e)}`).join(',');
  const le = lineEnd(text, end);
  if (le === end) return [{ offset: end, length: 0, newText: `,${body}` }];
  return [
    { offset: end, length: 0, newText: ',' },
    { offset: le, length: 0, newText: body },
  ];
}

function insertIntoEmpty(
  doc: ParsedDocument,
  obj: ObjectNode,
  entries: readonly NewEntry[],
  unit: string,
  eol: string,
): TextEdit[] {
  const text = doc.text;
  const open = text.indexOf('{', obj.offset);
  const close = text.lastIndexOf('}', obj.offset + obj.length - 1);
  if (open < 0 || close < open) return [];
  // A document written on one line stays on one line.
  const oneLine =
    doc.root !== undefined && !text.slice(doc.root.offset, doc.root.offset + doc.root.length).includes('\n');
  if (doc.language === 'json' && !oneLine) {
    const base = /^[ \t]*/.exec(text.slice(lineStart(text, open)))![0];
    const inner = base + unit;
    const body = entries.map((e) => inner + renderBlock(doc, e, inner, unit, eol)).join(`,${eol}`);
    return [{ offset: open + 1, length: close - open - 1, newText: `${eol}${body}${eol}${base}` }];
  }
  return [
    { offset: open + 1, length: close - open - 1, newText: ` ${entries.map((e) => renderInline(doc, e)).join(', ')} ` },
  ];
}

/**
 * Inserts entries where a reader expects them: each after the last property that comes before it in
 * `order` (the schema's order of properties), else before the first property.
 */
export function addProperties(
  doc: ParsedDocument,
  obj: ObjectNode,
  entries: readonly NewEntry[],
  order: readonly string[],
  unit = indentUnit(doc),
): TextEdit[] {
  if (entries.length === 0) return [];
  const props = obj.properties;
  if (props.length === 0) return insertProperties(doc, obj, entries, 'end', unit);
  const rank = (k: string): number => order.indexOf(k);
  const groups = new Map<PropertyNode | undefined, NewEntry[]>();
  const sorted = [...entries].sort((a, b) => rank(a.key) - rank(b.key));
  for (const e of sorted) {
    let anchor: PropertyNode | undefined;
    for (const p of props) if (rank(p.key.value) < rank(e.key)) anchor = p;
    let g = groups.get(anchor);
    if (!g) groups.set(anchor, (g = []));
    g.push(e);
  }
  const edits: TextEdit[] = [];
  for (const [anchor, group] of groups)
    edits.push(...insertProperties(doc, obj, group, anchor ? { after: anchor } : { before: props[0]! }, unit));
  return edits;
}

/** One edit that turns `before` into `after`: the changed middle, common prefix and suffix kept. */
export function diffEdit(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let s = 0;
  while (s < before.length && s < after.length && before[s] === after[s]) s++;
  let e = 0;
  while (e < before.length - s && e < after.length - s && before[before.length - 1 - e] === after[after.length - 1 - e])
    e++;
  return [{ offset: s, length: before.length - s - e, newText: after.slice(s, after.length - e) }];
}
