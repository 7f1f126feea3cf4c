// The moves of `unknown-property` (a key to the one place it belongs: under a key of its mapping, or
// one level up, beside the key that holds it) where the mapping or its new place is not a YAML block
// mapping: JSON (pretty or one-line, any indentation, CRLF) and YAML flow mappings (REVIEW16-user N2,
// REVIEW15-user U6). The property is moved as written, from its key to the end of its value, byte for
// byte: only the indentation of its continuation lines follows the key to its new column (in JSON
// no string holds a line break; a YAML scalar that spans lines is moved as it is). It is removed from
// its mapping with its comma (removeProperties: the comments on its lines stay where they were) and
// inserted into the target with one. Where that cannot be certain (a YAML block value going into a
// flow mapping, a comment inside an empty target, an alias that would read another anchor), no move.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import type { TextEdit } from '../types';
import {
  commaAfter,
  commentsIn,
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
  /** A block value written in flow style (`src` is not the text as written). */
  restyled?: true;
}

/** A property moved under another name (its field's: `system_instructions` as `systemInstructions`). */
export interface Renamed {
  prop: PropertyNode;
  to: string;
}

/** The entry with its key written `renamed.to` when it is the renamed property's (JSON: quoted). */
function renamedEntry(doc: ParsedDocument, e: Entry | undefined, renamed: Renamed | undefined): Entry | undefined {
  if (!e || !renamed || e.prop !== renamed.prop) return e;
  const k = doc.language === 'json' ? JSON.stringify(renamed.to) : yamlScalar(renamed.to);
  // (The key's length as written: the source starts with it.)
  return { ...e, src: k + e.src.slice(e.prop.key.length) };
}

/**
 * A scalar's source as it can stand in a flow collection: quoted on one line, or plain on one line
 * without what ends a flow scalar (`,`, brackets, braces) or starts a comment.
 */
function flowSafe(doc: ParsedDocument, n: Node, src: string): boolean {
  if (/[\r\n]/.test(src) || src === '') return false;
  if (n.type === 'string' && n.quoted) return true;
  return !/[,[\]{}]|\s#|^[|>&*!%@`]/.test(src);
}

/**
 * A block mapping or list in flow style (`{provider: vendor_a, apiKey: {valueFromEnv: KEY}}`), each
 * key and scalar as written; undefined when one cannot be (a block scalar, a scalar over lines or with
 * a flow indicator, an anchor, alias, tag or merge key: kept as written, no move).
 */
function flowText(doc: ParsedDocument, n: Node): string | undefined {
  const text = doc.text;
  const src = text.slice(n.offset, n.offset + n.length).trimEnd();
  if ('anchor' in n && n.anchor !== undefined) return undefined;
  if (n.type === 'alias') return undefined;
  if (n.type === 'object' || n.type === 'array') {
    if (n.flow)
      return /[\r\n]/.test(src) || /#/.test(outsideScalars(doc, n.offset, n.offset + n.length)) ? undefined : src;
    const parts: string[] = [];
    if (n.type === 'object')
      for (const q of n.properties) {
        const k = text.slice(q.key.offset, q.key.offset + q.key.length);
        if (!q.value || q.key.value === '<<' || !flowSafe(doc, q.key, k)) return undefined;
        if (
          text
            .slice(q.colonOffset + 1, q.value.offset)
            .replace(/#[^\r\n]*/g, '')
            .trim() !== ''
        )
          return undefined;
        const v = flowText(doc, q.value);
        if (v === undefined) return undefined;
        parts.push(`${k}: ${v}`);
      }
    else
      for (const x of n.items) {
        const v = flowText(doc, x);
        if (v === undefined) return undefined;
        parts.push(v);
      }
    return n.type === 'object' ? `{${parts.join(', ')}}` : `[${parts.join(', ')}]`;
  }
  if (n.type === 'null') return src === '' ? undefined : src;
  return flowSafe(doc, n, src) ? src : undefined;
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
  // A block mapping or list going into a flow mapping (`llm:` and its lines beside `definition: {…}`):
  // written in flow style, every scalar as written (keep18).
  if (flowTarget && (v.type === 'object' || v.type === 'array') && !v.flow) {
    const keySrc = text.slice(p.key.offset, p.key.offset + p.key.length);
    const body = flowText(doc, v);
    if (!body || !flowSafe(doc, p.key, keySrc)) return undefined;
    const tag = text
      .slice(p.colonOffset + 1, v.offset)
      .replace(/#[^\r\n]*/g, '')
      .trim();
    if (tag !== '') return undefined;
    return { ...entry, src: `${keySrc}: ${body}`, restyled: true };
  }
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
  comments: readonly string[] = [],
): { edits: TextEdit[]; carried: boolean; at?: number } | undefined {
  const r = insertEntries(doc, obj, entries, after, comments);
  return r && (Array.isArray(r) ? { edits: r, carried: false } : r);
}

/**
 * insertInto's edits; with `carried` when the entries go on lines of their own and `comments` (the
 * comments of the lines the entries leave) are written on lines right above the first one.
 */
function insertEntries(
  doc: ParsedDocument,
  obj: ObjectNode,
  entries: readonly Entry[],
  after: PropertyNode | undefined,
  comments: readonly string[],
): TextEdit[] | { edits: TextEdit[]; carried: true; at?: number } | undefined {
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
      const above = comments.map((c) => `${inner}${c}${eol}`).join('');
      const body = entries.map((e) => inner + shifted(doc, e, inner)).join(`,${eol}`);
      return {
        edits: [{ offset: open + 1, length: close - open - 1, newText: `${eol}${above}${body}${eol}${base}` }],
        carried: true,
      };
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
  if (!multiline || indent === undefined)
    return (
      (comments.length > 0 && expanded(doc, obj, ref, entries, comments)) || [
        { offset: end, length: 0, newText: inline },
      ]
    );
  const above = comments.map((c) => `${eol}${indent}${c}`).join('');
  const lines = entries.map((e, i) => `${i === 0 ? above : ''}${eol}${indent}${shifted(doc, e, indent)}`);
  const comma = commaAfter(text, end);
  if (comma >= 0 && restIsBlank(text, comma + 1))
    return {
      edits: [{ offset: lineEnd(text, comma), length: 0, newText: lines.map((l) => `${l},`).join('') }],
      carried: true,
    };
  // More entries (or the closing brace) follow on the line: insert in place.
  if (!restIsBlank(text, comma >= 0 ? comma + 1 : end)) return [{ offset: end, length: 0, newText: inline }];
  const body = lines.join(',');
  const le = lineEnd(text, end);
  if (le === end) return { edits: [{ offset: end, length: 0, newText: `,${body}` }], carried: true };
  return {
    edits: [
      { offset: end, length: 0, newText: ',' },
      { offset: le, length: 0, newText: body },
    ],
    carried: true,
  };
}

/**
 * A one-line mapping (`{ "a": 1 }`) written over lines, one entry a line, to take entries that bring
 * comments (a line comment cannot stand inside one line): its entries as written, each on a line one
 * level in, the new ones after `ref` with the comments on lines right above them, the closing brace at
 * the indentation of the line that opens it. Undefined when the mapping holds a comment or does not
 * stand on one line.
 */
function expanded(
  doc: ParsedDocument,
  obj: ObjectNode,
  ref: PropertyNode,
  entries: readonly Entry[],
  comments: readonly string[],
): { edits: TextEdit[]; carried: true; at: number } | undefined {
  const text = doc.text;
  const open = obj.offset;
  const close = obj.offset + obj.length - 1;
  if (text[open] !== '{' || text[close] !== '}' || lineStart(text, open) !== lineStart(text, close)) return undefined;
  if (commentsIn(doc, open, close + 1).length > 0) return undefined;
  // (YAML: only the value of a key that starts its line, `key: {…}`, so that the lines inside stand
  // deeper than the block around it and the closing brace at the key's column closes it.)
  if (
    doc.language === 'yaml' &&
    !/^[ \t]*("[^"]*"|'[^']*'|[^\s#\-?[{][^#]*?)[ \t]*:[ \t]*$/.test(text.slice(lineStart(text, open), open))
  )
    return undefined;
  const eol = eolOf(text);
  const base = /^[ \t]*/.exec(text.slice(lineStart(text, open)))![0];
  const inner = base + indentUnit(doc);
  const items: string[] = [];
  for (const p of obj.properties) {
    items.push(inner + text.slice(p.key.offset, contentEnd(text, p)));
    if (p !== ref) continue;
    entries.forEach((e, i) =>
      items.push(`${i === 0 ? comments.map((c) => `${inner}${c}${eol}`).join('') : ''}${inner}${e.src}`),
    );
  }
  return {
    edits: [{ offset: open, length: close + 1 - open, newText: `{${eol}${items.join(`,${eol}`)}${eol}${base}}` }],
    carried: true,
    at: contentEnd(text, ref),
  };
}

/**
 * The removal of `ps` from their mapping for a move whose insertion can carry their comments: the
 * edits with the comments of the removed text dropped (no comment kept in place), the comment lines
 * right above the first key at its column removed too, and those comments in text order.
 */
function removalCarrying(
  doc: ParsedDocument,
  ps: readonly PropertyNode[],
  entries: readonly Entry[],
): { edits: TextEdit[]; comments: string[] } {
  const text = doc.text;
  const edits = removeProperties(doc, ps[0]!.parent, ps, false);
  const first = ps[0]!;
  const keyLine = lineStart(text, first.key.offset);
  const out = [...edits];
  // (JSON: the `//` and one-line `/* */` lines right above the key, at its column; a YAML block
  // removal takes its `#` lines itself.)
  if (doc.language === 'json' || first.parent.flow) {
    const indent = lineIndent(text, first.key.offset);
    let from = keyLine;
    while (indent !== undefined && from > 0) {
      const prev = lineStart(text, from - 1);
      const line = text.slice(prev, from).replace(/\r?\n$/, '');
      const m = /^([ \t]*)(\/\/.*|\/\*.*\*\/[ \t]*|#.*)$/.exec(line);
      if (!m || m[1] !== indent || (doc.language === 'json') !== !m[2]!.startsWith('#')) break;
      from = prev;
    }
    if (from < keyLine && edits.some((e) => e.offset === keyLine))
      out.push({ offset: from, length: keyLine - from, newText: '' });
  }
  // (Not those inside an entry written as it is: they move with its text.)
  const asWritten = entries
    .filter((e) => !e.restyled)
    .map((e) => ({ from: e.prop.key.offset, to: contentEnd(doc.text, e.prop) }));
  const comments = out
    .sort((a, b) => a.offset - b.offset)
    .flatMap((e) => {
      const pieces: string[] = [];
      let at = e.offset;
      for (const w of asWritten) {
        if (w.to <= at || w.from >= e.offset + e.length) continue;
        pieces.push(...commentsIn(doc, at, Math.max(at, w.from)));
        at = Math.max(at, w.to);
      }
      return [...pieces, ...commentsIn(doc, at, e.offset + e.length)];
    });
  return { edits: out, comments };
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
  renamed?: Renamed,
): TextEdit[] | undefined {
  const v = target.value;
  if (v?.type !== 'object' || !v.flow || ps.length === 0) return undefined;
  const entries: Entry[] = [];
  for (const p of ps) {
    const e = renamedEntry(doc, entryOf(doc, p, true), renamed);
    if (!e) return undefined;
    entries.push(e);
  }
  // The comments of the lines that move go with them where the entries get lines of their own.
  const carrying = removalCarrying(doc, ps, entries);
  let ins = insertInto(doc, v, entries, undefined, carrying.comments);
  if (ins?.carried && overlaps(carrying.edits, ins.edits)) ins = insertInto(doc, v, entries, undefined);
  if (!ins) return undefined;
  const removal = ins.carried ? carrying.edits : removeProperties(doc, ps[0]!.parent, ps);
  if (overlaps(removal, ins.edits)) return undefined;
  return checked(doc, ps, ins.at ?? ins.edits[0]!.offset, [...removal, ...ins.edits]);
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
  renamed?: Renamed,
): TextEdit[] | undefined {
  const text = doc.text;
  const first = ps[0];
  if (!first || !first.parent.flow) return undefined;
  const entries: Entry[] = [];
  for (const p of ps) {
    const e = renamedEntry(doc, entryOf(doc, p, true), renamed);
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
  const ownLines = indent !== undefined && lineStart(text, first.parent.offset) !== lineStart(text, first.key.offset);
  // The comments of each key that moves (the comment lines right above it at its column, the one after
  // it on its line) go with it, on lines of the new mapping: they were left where the keys had been.
  const notes = ownLines ? entries.map((e) => carriedNotes(doc, e.prop)) : [];
  const carry = notes.some((n) => n.above.length > 0 || n.after !== undefined);
  const multiline = ownLines && (json || carry);
  let body: string;
  if (multiline) {
    const eol = eolOf(text);
    const inner = indent + indentUnit(doc);
    const items = [
      ...(tagText ? [{ lines: [], src: tagText, after: undefined }] : []),
      ...entries.map((e, i) => ({
        lines: carry ? notes[i]!.above : [],
        src: shifted(doc, e, inner),
        after: carry ? notes[i]!.after : undefined,
      })),
    ];
    body = `{${eol}${items
      .map(
        (it, i) =>
          `${it.lines.map((c) => `${inner}${c}${eol}`).join('')}${inner}${it.src}${i < items.length - 1 ? ',' : ''}${it.after !== undefined ? ` ${it.after}` : ''}`,
      )
      .join(eol)}${eol}${indent}}`;
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
  if (multiline && carry) {
    // Where the first key was: its comment lines above it and the comment after it go (they are in the body).
    const n = notes[0]!;
    if (n.aboveFrom < lineStart(text, first.key.offset))
      edits.push({ offset: n.aboveFrom, length: lineStart(text, first.key.offset) - n.aboveFrom, newText: '' });
    if (n.afterAt !== undefined)
      edits.push({ offset: n.afterAt, length: lineEnd(text, n.afterAt) - n.afterAt, newText: '' });
  }
  if (ps.length > 1) {
    const removal = removeProperties(doc, first.parent, ps.slice(1), !(multiline && carry));
    if (multiline && carry)
      // (The comment lines above the others, unless the removal takes them already.)
      for (const [i, p] of ps.entries()) {
        const from = notes[i]!.aboveFrom;
        const to = lineStart(text, p.key.offset);
        if (i === 0 || from >= to) continue;
        const cut = { offset: from, length: to - from, newText: '' };
        if (!overlaps([cut], removal)) removal.push(cut);
      }
    if (overlaps(removal, edits)) return undefined;
    edits.push(...removal);
  }
  return checked(doc, ps, first.key.offset, edits);
}

/**
 * The comments that go with a property of a mapping written over lines when it moves: the comment
 * lines right above its key at its column (`aboveFrom`: where they start), and the comment after it
 * on its last line (after its comma: `afterAt`, where the blanks before it start), when only blanks
 * and a comma stand between them.
 */
function carriedNotes(
  doc: ParsedDocument,
  p: PropertyNode,
): { above: string[]; aboveFrom: number; after?: string; afterAt?: number } {
  const text = doc.text;
  const json = doc.language === 'json';
  const keyLine = lineStart(text, p.key.offset);
  const indent = lineIndent(text, p.key.offset);
  const above: string[] = [];
  let from = keyLine;
  while (indent !== undefined && from > 0) {
    const prev = lineStart(text, from - 1);
    const line = text.slice(prev, from).replace(/\r?\n$/, '');
    const m = /^([ \t]*)(\/\/.*|\/\*.*\*\/[ \t]*|#.*)$/.exec(line);
    if (!m || m[1] !== indent || json !== !m[2]!.startsWith('#')) break;
    above.unshift(m[2]!.trimEnd());
    from = prev;
  }
  const end = contentEnd(text, p);
  const rest = text.slice(end, lineEnd(text, end));
  // (A lone CR counts as a blank there: a CRLF file annotated by a tool that split it on LF.)
  const m = json
    ? /^([ \t\r]*,?)([ \t\r]*)(\/\/.*|\/\*.*?\*\/)[ \t\r]*$/.exec(rest)
    : /^([ \t\r]*,?)([ \t\r]+)(#.*)$/.exec(rest);
  const after = m && commentsIn(doc, end, lineEnd(text, end)).length === 1 ? m[3]!.trimEnd() : undefined;
  return {
    above,
    aboveFrom: from,
    ...(after !== undefined ? { after, afterAt: end + m![1]!.length } : {}),
  };
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
  // The comments of the lines that move go with them where the entry gets a line of its own.
  const carrying = removalCarrying(doc, [prop], [e]);
  let ins: { edits: TextEdit[]; carried: boolean; at?: number } | undefined;
  if (outer.flow) {
    ins = insertInto(doc, outer, [e], holder, carrying.comments);
    if (ins?.carried && overlaps(carrying.edits, ins.edits)) ins = insertInto(doc, outer, [e], holder);
  } else {
    const indent = lineIndent(text, holder.key.offset);
    if (indent === undefined) return undefined;
    const eol = eolOf(text);
    const at = blockEnd(text, holder, contentEnd(text, holder));
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    // (Into a YAML block mapping: `#` comments only; a JSON one cannot hold a block mapping.)
    const above = carrying.comments.every((c) => c.startsWith('#'))
      ? carrying.comments.map((c) => `${indent}${c}${eol}`).join('')
      : undefined;
    ins = {
      edits: [{ offset: at, length: 0, newText: `${lead}${above ?? ''}${indent}${e.src}${eol}` }],
      carried: above !== undefined,
    };
  }
  if (!ins) return undefined;
  const removal = ins.carried ? carrying.edits : removeProperties(doc, prop.parent, [prop]);
  if (overlaps(removal, ins.edits)) return undefined;
  return checked(doc, [prop], ins.at ?? ins.edits[0]!.offset, [...removal, ...ins.edits]);
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
