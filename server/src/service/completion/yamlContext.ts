// YAML block context from indentation: which mapping the cursor's key belongs to, read from the
// lines around the cursor (YAML structure is indentation), so it works on half-typed lines and on
// documents whose tree is partial. The tree is consulted for the nodes, by position or by path.
import type { ParsedDocument, Node, ObjectNode } from '../../parser/ast';
import { nodeAt, resolve } from '../../parser/ast';
import type { CursorContext } from './context';
import { indentUnit } from '../indent';
import { jsonContext } from './jsonContext';
import type { Line } from './yamlText';
import {
  blockBelow,
  inFlow,
  isPlainWord,
  noValueOnLine,
  previousContentLine,
  readLine,
  siblingsBelow,
} from './yamlText';
import { columnOf, lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';
import { nodeAtPath, pathAbove } from './yamlPath';

function treeKeys(obj: ObjectNode, offset: number, into: Map<string, string | undefined>): void {
  for (const p of obj.properties) {
    // The key being typed is not yet a sibling.
    if (offset >= p.key.offset && offset <= p.key.offset + p.key.length) continue;
    if (into.has(p.key.value)) continue;
    const v = resolve(p.value);
    into.set(p.key.value, v?.type === 'string' ? v.value : undefined);
  }
}

export function yamlContext(doc: ParsedDocument, offset: number): CursorContext | undefined {
  const text = doc.text;
  const lineFrom = lineStart(text, offset);
  if (inFlow(text, lineFrom, offset)) return jsonContext(doc, offset);
  // Inside a flow collection or a quoted scalar opened on an earlier line: a block key would cut it.
  // (Flow lines inside a block collection must stand deeper than its line; nothing fits left of that.)
  const open = openAbove(doc, offset, lineFrom);
  if (open === 'quoted') return undefined;
  if (open) return offset - lineFrom > indentOfLine(text, open.offset) ? jsonContext(doc, offset) : undefined;
  if (inBlockScalar(doc, offset, offset - lineFrom)) return undefined;
  const lineTo = lineEnd(text, lineFrom);
  const line = readLine(text, lineFrom, lineTo);
  const unit = indentUnit(doc).length;
  const col = line.keyCol;
  const keyStartAbs = lineFrom + col;
  if (offset < keyStartAbs) {
    // Cursor in the indentation (or on a blank line): the key would start at the cursor's column.
    if (text.slice(lineFrom, offset).trim() !== '' || text.slice(offset, lineTo).trim() !== '') return undefined;
    return keyContext(doc, offset, { ...line, keyCol: offset - lineFrom, dashes: [] }, offset, offset, false, unit);
  }
  // `-|`: the item marker needs its space before anything can follow.
  if (line.dashes.length > 0 && offset === keyStartAbs && text[offset - 1] === '-') return undefined;
  if (line.key !== undefined && line.colon < offset) {
    return valueContext(doc, offset, line, unit);
  }
  // Key position: the word from the key column to the cursor, and on to its end.
  let end = offset;
  let keyHasColon = false;
  // Right before a flow collection, an anchor, a tag, an alias or a block scalar header (`- |{a: 1}`):
  // a key inserted there would be glued to it (REVIEW8 K18a).
  if (NOT_A_KEY_START.test(text[offset] ?? '')) return undefined;
  if (line.key !== undefined) {
    end = line.keyEnd;
    keyHasColon = true;
  } else {
    while (end < lineTo && !/[\s:#]/.test(text[end]!)) end++;
  }
  const typed = text.slice(keyStartAbs, offset);
  const quote = typed[0] === '"' || typed[0] === "'" ? typed[0] : undefined;
  if (!quote && !isPlainWord(typed)) return undefined;
  if (quote && typed.indexOf(quote, 1) !== -1) return undefined;
  return keyContext(doc, offset, line, keyStartAbs, end, keyHasColon, unit, quote);
}

/** A flow collection or a quoted scalar that starts before the cursor's line and ends after the cursor. */
function openAbove(doc: ParsedDocument, offset: number, lineFrom: number): Node | 'quoted' | undefined {
  let flow: Node | undefined;
  for (let n = nodeAt(doc.root, offset); n;) {
    if (n.offset < lineFrom && offset < n.offset + n.length) {
      // The outermost flow collection: the line it starts on is what its later lines must be deeper than.
      if ((n.type === 'object' || n.type === 'array') && n.flow) flow = n;
      else if (n.type === 'string' && n.quoted) return 'quoted';
    }
    const p: Node['parent'] = n.parent;
    n = p?.type === 'property' ? p.parent : p;
  }
  return flow;
}

function indentOfLine(text: string, offset: number): number {
  const from = lineStart(text, offset);
  let i = from;
  while (text.charCodeAt(i) === 32) i++;
  return i - from;
}

/**
 * Whether the cursor is in the text of a `|` or `>` block scalar (as deep as its content), or on a
 * line between its header and the last line of its text: a key written there, even at a column
 * where keys stand, would cut the text off and make it another key's value.
 */
function inBlockScalar(doc: ParsedDocument, offset: number, col: number): boolean {
  const n = nodeAt(doc.root, offset);
  const text = doc.text;
  if (n?.type !== 'string' || n.offset >= offset || (text[n.offset] !== '|' && text[n.offset] !== '>')) return false;
  // Content indentation: that of the first non-empty line after the header.
  const cursorLine = lineStart(text, offset);
  const end = n.offset + n.length;
  let pos = nextLineStart(text, n.offset);
  while (pos < end) {
    const line = readLine(text, pos, lineEnd(text, pos));
    if (line.indent < line.end - line.start) {
      if (col >= line.indent || pos > cursorLine) return true;
      // Below the first text line, shallower than the text: inside it while more text follows.
      for (let p = nextLineStart(text, cursorLine); p < end && p > cursorLine; p = nextLineStart(text, p))
        if (text.slice(p, lineEnd(text, p)).trim() !== '') return true;
      return false;
    }
    pos = nextLineStart(text, line.end);
  }
  return true;
}

function keyContext(
  doc: ParsedDocument,
  offset: number,
  line: Line,
  start: number,
  end: number,
  keyHasColon: boolean,
  unit: number,
  quote?: '"' | "'",
): CursorContext | undefined {
  const siblings = new Map<string, string | undefined>();
  const found = pathAbove(doc, line, line.keyCol, siblings);
  if (found.misaligned) return undefined;
  const path = found.path;
  const node = found.object ?? nodeAtPath(doc.root, path);
  const object = node?.type === 'object' ? node : undefined;
  // The mapping's keys stand at another column (a top-level key typed indented above `kind:`).
  const first = object && !object.flow ? object.properties[0] : undefined;
  if (first && columnOf(doc.text, first.key.offset) !== line.keyCol) return undefined;
  if (object && !object.flow) treeKeys(object, offset, siblings);
  siblingsBelow(doc.text, nextLineStart(doc.text, line.end), line.keyCol, siblings);
  const ctx: CursorContext = {
    mode: 'key',
    language: 'yaml',
    path,
    siblings,
    keyHasColon,
    replace: { offset: start, length: end - start },
    prefix: doc.text.slice(start + (quote ? 1 : 0), offset),
    indent: line.keyCol,
    unit,
    commaBefore: false,
    commaAfter: false,
  };
  if (object) ctx.object = object;
  if (quote) ctx.quote = quote;
  if (!keyHasColon) {
    const rest = doc.text.slice(end, lineEnd(doc.text, end));
    if (/^[ \t]+#/.test(rest)) ctx.commentAfter = { offset: end, text: rest.trimEnd() };
  }
  if (!keyHasColon) {
    const below = blockBelow(doc.text, nextLineStart(doc.text, line.end), line.keyCol);
    if (below === 'broken') return undefined;
    if (below === 'block') {
      // The deeper lines below are the value of the key on the line above (`definition:`, then its
      // block): a key here, at that key's column or left of it, would take them from it. An anchor or
      // a tag on that line (`llm: &main`, `llm: !!map`) is no value: the block is still its value.
      const above = previousContentLine(doc.text, line.start);
      if (above?.key !== undefined && above.keyCol >= line.keyCol && noValueOnLine(doc.text, above)) return undefined;
      ctx.blockBelow = true;
    }
  }
  return ctx;
}

/** What cannot follow a completion's insertion on the key's own line: node properties, aliases, collections, block scalars. */
const NOT_A_KEY_START = /[{}[\],&*!|>%@`]/;

function valueContext(doc: ParsedDocument, offset: number, line: Line, unit: number): CursorContext | undefined {
  const text = doc.text;
  let start = line.colon + 1;
  while (start < offset && (text[start] === ' ' || text[start] === '\t')) start++;
  const typed = text.slice(start, offset);
  const quote = typed[0] === '"' || typed[0] === "'" ? typed[0] : undefined;
  let end = offset;
  if (typed === '') {
    // Nothing typed yet, the cursor just after the colon or in the spaces before a value already on
    // the line (`harassment:| blockNone`): the item replaces that value, as it does with the cursor
    // on its first character; before an anchor, a tag, an alias, a flow collection or a block
    // scalar header nothing fits (an LLM block inserted there would leave `&primary` to the new
    // value and duplicate the keys below it; REVIEW8 K18a, d).
    let v = offset;
    while (v < line.end && (text[v] === ' ' || text[v] === '\t')) v++;
    const c = text[v];
    if (v < line.end && c !== '#') {
      if (NOT_A_KEY_START.test(c!)) return undefined;
      if (c === '"' || c === "'") {
        const close = closingQuote(text, v, line.end);
        if (close === -1) return undefined;
        end = close + 1;
      } else {
        end = v;
        while (end < line.end && !/[\s#]/.test(text[end]!)) end++;
      }
    }
  } else if (quote) {
    if (typed.indexOf(quote, 1) !== -1) return undefined;
    const close = text.indexOf(quote, offset);
    end = close !== -1 && close < line.end ? close + 1 : offset;
    if (close === -1 || close >= line.end) while (end < line.end && !/\s/.test(text[end]!)) end++;
  } else {
    if (!isPlainWord(typed)) return undefined;
    while (end < line.end && !/[\s#]/.test(text[end]!)) end++;
  }
  // The value is already there as a block below the key: anything inserted here would clash with it.
  if (
    text.slice(end, line.end).trim() === '' &&
    blockBelow(text, nextLineStart(text, line.end), line.keyCol) !== 'none'
  )
    return undefined;
  const ownerSiblings = new Map<string, string | undefined>();
  const found = pathAbove(doc, line, line.keyCol, ownerSiblings);
  if (found.misaligned) return undefined;
  const ownerPath = found.path;
  const owner = found.object ?? nodeAtPath(doc.root, ownerPath);
  if (owner?.type === 'object') treeKeys(owner, offset, ownerSiblings);
  siblingsBelow(text, nextLineStart(text, line.end), line.keyCol, ownerSiblings);
  const ctx: CursorContext = {
    mode: 'value',
    language: 'yaml',
    path: [...ownerPath, line.key!],
    ownerSiblings,
    spaceBefore: start === line.colon + 1 && start === offset,
    keyIndent: line.keyCol,
    replace: { offset: start, length: end - start },
    prefix: text.slice(start + (quote ? 1 : 0), offset),
    indent: line.keyCol,
    unit,
    commaBefore: false,
    commaAfter: false,
  };
  if (owner) ctx.owner = owner;
  if (quote) ctx.quote = quote;
  return ctx;
}

/** The quote closing the scalar opened at `from` (`''` inside single quotes, `\"` inside double), or -1 on this line. */
function closingQuote(text: string, from: number, limit: number): number {
  const q = text[from];
  for (let i = from + 1; i < limit; i++) {
    if (q === '"' && text[i] === '\\') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}
