// The moves of `unknown-property` (a key to the one place it belongs: under a key of its mapping, or
// one level up, beside the key that holds it) where the mapping or its new place is not a YAML block
// mapping: JSON (pretty or one-line, any indentation, CRLF) and YAML flow mappings (REVIEW16-user N2,
// REVIEW15-user U6). The property is moved as written, from its key to the end of its value, byte for
// byte: only the indentation of its continuation lines follows the key to its new column (in JSON
// no string holds a line break; a YAML scalar that spans lines is moved as it is). It is removed from
// its mapping with its comma (removeProperties: the comments on its lines stay where they were) and
// inserted into the target with one. Where that cannot be certain (a YAML block value going into a
// flow mapping, a comment inside an empty target, an alias that would read another anchor), no move.
import type { ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import type { TextEdit } from '../types';
import {
  commaAfter,
  contentEnd,
  blockEnd,
  inDocumentEol,
  outsideScalars,
  removeProperties,
  restIsBlank,
} from './edits';
import { yamlScalar } from './edits';
import { eolOf, isLineLeading, lineEnd, lineStart } from '../../parser/lineIndex';
import { aliasesBrokenByMove } from './find';
import { indentUnit } from '../indent';

/** A property's text to write elsewhere, and the indentation of its line (undefined when it does not start its line). */
interface Entry {
  prop: PropertyNode;
  src: string;
  indent: string | undefined;
}

/** The blanks before `offset` on its line, when only blanks are there. */
function lineIndent(text: string, offset: number): string | undefined {
  const lead = text.slice(lineStart(text, offset), offset);
  return /^[ \t]*$/.test(lead) ? lead : undefined;
}

/**
 * The property's text, key to value end; undefined when it cannot be written as it is where it goes:
 * into a flow mapping (`flowTarget`) a YAML block property must be one line holding a value that reads
 * the same there (no block scalar or block collection, no plain scalar with a flow indicator), and
 * into a YAML block mapping a flow property must be one line.
 */
function entryOf(doc: ParsedDocument, p: PropertyNode, flowTarget: boolean): Entry | undefined {
  const text = doc.text;
  const end = contentEnd(text, p);
  const src = text.slice(p.key.offset, end);
  const entry = { prop: p, src, indent: lineIndent(text, p.key.offset) };
  if (doc.language === 'json') return entry;
  const v = p.value;
  // (An explicit key `? k`, an empty value `k:`: not moved.)
  if (
    !v ||
    v.length === 0 ||
    p.colonOffset < 0 ||
    /\?\s*$/.test(text.slice(lineStart(text, p.key.offset), p.key.offset))
  )
    return undefined;
  const sameStyle = p.parent.flow === flowTarget;
  if (sameStyle) return entry;
  if (/[\r\n]/.test(src)) return undefined;
  if (!flowTarget) return entry;
  // Into a flow mapping: no block collection or block scalar, and no plain key or scalar holding what
  // ends a flow scalar there (`,`, brackets, braces).
  if (!p.key.quoted && /[,[\]{}]/.test(p.key.value)) return undefined;
  if ((v.type === 'object' || v.type === 'array') && !v.flow) return undefined;
  if (v.type === 'object' || v.type === 'array' || v.type === 'alias') return entry;
  if (v.type === 'string' && v.quoted) return entry;
  return /^[|>]|[,[\]{}]/.test(text.slice(v.offset, v.offset + v.length)) ? undefined : entry;
}

/**
 * `e`'s text with each continuation line's indentation `e.indent` replaced by `to` (deeper lines keep
 * their extra indentation); as written when a line break is inside a scalar, or a line is less indented.
 */
function shifted(doc: ParsedDocument, e: Entry, to: string | undefined): string {
  if (e.indent === undefined || to === undefined || e.indent === to || !e.src.includes('\n')) return e.src;
  const from = e.prop.key.offset;
  const outside = outsideScalars(doc, from, from + e.src.length);
  for (let i = e.src.indexOf('\n'); i >= 0; i = e.src.indexOf('\n', i + 1)) if (outside[i] !== '\n') return e.src;
  const lines = e.src.split('\n');
  const out = [lines[0]!];
  for (const l of lines.slice(1)) {
    if (l.startsWith(e.indent)) out.push(to + l.slice(e.indent.length));
    else if (l.replace(/\r$/, '').trim() === '') out.push(l);
    else return e.src;
  }
  return out.join('\n');
}

/**
 * Whether the document writes `key: value` (a blank after the colon) rather than `"key":value`; in YAML
 * always (a plain `type:fixed` is one scalar there, not a key and its value).
 */
function spaced(doc: ParsedDocument, p: PropertyNode): boolean {
  return doc.language === 'yaml' || p.colonOffset < 0 || /\s/.test(doc.text[p.colonOffset + 1] ?? ' ');
}

/**
 * Edits that insert the entries into the flow mapping or JSON object `obj`, after `after` (its last
 * property when undefined); undefined when that place is not certain (a comment alone in an empty `{}`).
 */
function insertInto(
  doc: ParsedDocument,
  obj: ObjectNode,
  entries: readonly Entry[],
  after: PropertyNode | undefined,
): TextEdit[] | undefined {
  const text = doc.text;
  const eol = eolOf(text);
  const sp = spaced(doc, entries[0]!.prop) ? ' ' : '';
  const props = obj.properties;
  if (props.length === 0) {
    const open = text.indexOf('{', obj.offset);
    const close = text.lastIndexOf('}', obj.offset + obj.length - 1);
    if (open < 0 || close <= open || text.slice(open + 1, close).trim() !== '') return undefined;
    const base = /^[ \t]*/.exec(text.slice(lineStart(text, open)))![0];
    const oneLine =
      doc.root === undefined || !text.slice(doc.root.offset, doc.root.offset + doc.root.length).includes('\n');
    if (doc.language === 'json' && !oneLine) {
      const inner = base + indentUnit(doc);
      const body = entries.map((e) => inner + shifted(doc, e, inner)).join(`,${eol}`);
      return [{ offset: open + 1, length: close - open - 1, newText: `${eol}${body}${eol}${base}` }];
    }
    return [
      { offset: open + 1, length: close - open - 1, newText: `${sp}${entries.map((e) => e.src).join(`,${sp}`)}${sp}` },
    ];
  }
  const ref = after ?? props[props.length - 1]!;
  const leading = isLineLeading(text, ref.key.offset);
  const indent = leading ? lineIndent(text, ref.key.offset) : undefined;
  const multiline = leading && lineStart(text, obj.offset) !== lineStart(text, ref.key.offset);
  const end = contentEnd(text, ref);
  const inline = entries.map((e) => `,${sp}${e.src}`).join('');
  if (!multiline || indent === undefined) return [{ offset: end, length: 0, newText: inline }];
  const lines = entries.map((e) => `${eol}${indent}${shifted(doc, e, indent)}`);
  const comma = commaAfter(text, end);
  if (comma >= 0 && restIsBlank(text, comma + 1))
    return [{ offset: lineEnd(text, comma), length: 0, newText: lines.map((l) => `${l},`).join('') }];
  // More entries (or the closing brace) follow on the line: insert in place.
  if (!restIsBlank(text, comma >= 0 ? comma + 1 : end)) return [{ offset: end, length: 0, newText: inline }];
  const body = lines.join(',');
  const le = lineEnd(text, end);
  if (le === end) return [{ offset: end, length: 0, newText: `,${body}` }];
  return [
    { offset: end, length: 0, newText: ',' },
    { offset: le, length: 0, newText: body },
  ];
}

/** The edits, or undefined when an alias would read another anchor after them. */
function checked(
  doc: ParsedDocument,
  moved: readonly PropertyNode[],
  at: number,
  edits: TextEdit[],
): TextEdit[] | undefined {
  if (doc.language === 'yaml') {
    const spans = moved.map((p) => ({ from: p.key.offset, to: contentEnd(doc.text, p) }));
    if (aliasesBrokenByMove(doc.root, spans, at).length > 0) return undefined;
  }
  return inDocumentEol(doc.text, edits);
}

/**
 * The properties `ps` (of one mapping, in text order) moved to the end of the mapping held by
 * `target` (a flow mapping or JSON object, maybe empty), each removed where it was.
 */
export function flowMoveInto(
  doc: ParsedDocument,
  ps: readonly PropertyNode[],
  target: PropertyNode,
): TextEdit[] | undefined {
  const v = target.value;
  if (v?.type !== 'object' || !v.flow || ps.length === 0) return undefined;
  const entries: Entry[] = [];
  for (const p of ps) {
    const e = entryOf(doc, p, true);
    if (!e) return undefined;
    entries.push(e);
  }
  const ins = insertInto(doc, v, entries, undefined);
  if (!ins) return undefined;
  const removal = removeProperties(doc, ps[0]!.parent, ps);
  if (overlaps(removal, ins)) return undefined;
  return checked(doc, ps, ins[0]!.offset, [...removal, ...ins]);
}

/**
 * The properties `ps` (of one flow mapping or JSON object, in text order) written in the first one's
 * place under a new key `home` (with the discriminator `tag` the home needs first), the others removed.
 */
export function flowMoveUnderNew(
  doc: ParsedDocument,
  ps: readonly PropertyNode[],
  home: string,
  tag: { property: string; value: string } | undefined,
): TextEdit[] | undefined {
  const text = doc.text;
  const first = ps[0];
  if (!first || !first.parent.flow) return undefined;
  const entries: Entry[] = [];
  for (const p of ps) {
    const e = entryOf(doc, p, true);
    if (!e) return undefined;
    entries.push(e);
  }
  const json = doc.language === 'json';
  const k = (s: string): string => (json ? JSON.stringify(s) : yamlScalar(s));
  const sp = spaced(doc, first) ? ' ' : '';
  // (Inside the braces, the mapping's own padding: `{ a: 1 }` or `{a: 1}`.)
  const open = doc.text.indexOf('{', first.parent.offset);
  const pad = open >= 0 && /[ \t]/.test(doc.text[open + 1] ?? '') ? ' ' : '';
  const tagText = tag ? `${k(tag.property)}:${sp}${k(tag.value)}` : undefined;
  const indent = entries[0]!.indent;
  const multiline =
    json && indent !== undefined && lineStart(text, first.parent.offset) !== lineStart(text, first.key.offset);
  let body: string;
  if (multiline) {
    const eol = eolOf(text);
    const inner = indent + indentUnit(doc);
    const items = [...(tagText ? [tagText] : []), ...entries.map((e) => shifted(doc, e, inner))];
    body = `{${eol}${items.map((s) => inner + s).join(`,${eol}`)}${eol}${indent}}`;
  } else {
    const items = [...(tagText ? [tagText] : []), ...entries.map((e) => e.src)];
    body = `{${pad}${items.join(`,${sp}`)}${pad}}`;
  }
  const edits: TextEdit[] = [
    {
      offset: first.key.offset,
      length: contentEnd(text, first) - first.key.offset,
      newText: `${k(home)}:${sp}${body}`,
    },
  ];
  if (ps.length > 1) {
    const removal = removeProperties(doc, first.parent, ps.slice(1));
    if (overlaps(removal, edits)) return undefined;
    edits.push(...removal);
  }
  return checked(doc, ps, first.key.offset, edits);
}

/**
 * `prop` moved out of its mapping to just after `holder` (the key that holds the mapping) in the
 * mapping holding that: into a flow mapping or JSON object after `holder`'s value, or, in a YAML block
 * mapping, on a line of its own after `holder`'s block.
 */
export function flowMoveUp(doc: ParsedDocument, prop: PropertyNode, holder: PropertyNode): TextEdit[] | undefined {
  const text = doc.text;
  const outer = holder.parent;
  const e = entryOf(doc, prop, outer.flow);
  if (!e) return undefined;
  let ins: TextEdit[] | undefined;
  if (outer.flow) ins = insertInto(doc, outer, [e], holder);
  else {
    const indent = lineIndent(text, holder.key.offset);
    if (indent === undefined) return undefined;
    const eol = eolOf(text);
    const at = blockEnd(text, holder, contentEnd(text, holder));
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    ins = [{ offset: at, length: 0, newText: `${lead}${indent}${e.src}${eol}` }];
  }
  if (!ins) return undefined;
  const removal = removeProperties(doc, prop.parent, [prop]);
  if (overlaps(removal, ins)) return undefined;
  return checked(doc, [prop], ins[0]!.offset, [...removal, ...ins]);
}

/** Whether an edit of `a` and one of `b` overlap (touching is fine; an insert inside a removal is not). */
function overlaps(a: readonly TextEdit[], b: readonly TextEdit[]): boolean {
  return a.some((x) =>
    b.some((y) => {
      const xs = x.offset;
      const xe = x.offset + x.length;
      const ys = y.offset;
      const ye = y.offset + y.length;
      if (x.length === 0 && y.length === 0) return false;
      if (x.length === 0) return xs > ys && xs < ye;
      if (y.length === 0) return ys > xs && ys < xe;
      return xs < ye && ys < xe;
    }),
  );
}
