// YAML block context from indentation: which mapping the cursor's key belongs to, read from the
// lines above the cursor (YAML structure is indentation), so it works on half-typed lines and on
// documents whose tree is partial. The tree is consulted afterwards, by path, for the nodes.
import type { ParsedDocument, Node, ObjectNode, ArrayNode, PropertyNode, StringNode } from '../../parser/ast';
import { nodeAt, pathOf, resolve } from '../../parser/ast';
import type { CursorContext, Segment } from './context';
import { detectIndentUnit } from './context';
import { jsonContext } from './jsonContext';

interface Line {
  start: number;
  end: number;
  indent: number;
  blank: boolean;
  /** Columns of `- ` item markers. */
  dashes: number[];
  /** Column after the item markers: where the line's key (or scalar) starts. */
  keyCol: number;
  key?: string;
  /** Absolute offsets of the key token (quotes included) and of its colon. */
  keyStart: number;
  keyEnd: number;
  colon: number;
  /** Text after the colon, comment stripped, trimmed. */
  valueText: string;
}

function lineEndAt(text: string, start: number): number {
  let e = text.indexOf('\n', start);
  if (e === -1) e = text.length;
  if (e > start && text.charCodeAt(e - 1) === 13) e--;
  return e;
}

function readLine(text: string, start: number, end: number): Line {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  const line: Line = { start, end, indent: i - start, blank: false, dashes: [], keyCol: 0, keyStart: -1, keyEnd: -1, colon: -1, valueText: '' };
  if (i >= end || text[i] === '#' || text.startsWith('---', i) || text.startsWith('...', i)) {
    line.blank = true;
    line.keyCol = line.indent;
    return line;
  }
  while (i < end && text[i] === '-' && (i + 1 >= end || text[i + 1] === ' ' || text[i + 1] === '\t')) {
    line.dashes.push(i - start);
    i++;
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
  }
  line.keyCol = i - start;
  line.keyStart = i;
  let j = i;
  const q = text[i];
  if (q === '"' || q === "'") {
    j = i + 1;
    while (j < end && text[j] !== q) j += text[j] === '\\' && q === '"' ? 2 : 1;
    if (j >= end) return line;
    const keyEnd = j + 1;
    let k = keyEnd;
    while (k < end && text[k] === ' ') k++;
    if (text[k] !== ':') return line;
    line.key = text.slice(i + 1, j);
    line.keyEnd = keyEnd;
    line.colon = k;
  } else {
    if (q === '{' || q === '[' || q === '?' || q === '|' || q === '>') return line;
    for (; j < end; j++) {
      const c = text[j];
      if (c === ':' && (j + 1 >= end || text[j + 1] === ' ' || text[j + 1] === '\t')) break;
      if (c === '#' && (text[j - 1] === ' ' || text[j - 1] === '\t')) return line;
    }
    if (j >= end) return line;
    line.key = text.slice(i, j).trimEnd();
    line.keyEnd = i + line.key.length;
    line.colon = j;
  }
  let v = text.slice(line.colon + 1, end);
  const hash = v.search(/(^|\s)#/);
  if (hash >= 0) v = v.slice(0, hash);
  line.valueText = unquote(v.trim());
  return line;
}

function unquote(s: string): string {
  if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s[s.length - 1] === s[0]) return s.slice(1, -1);
  return s;
}

type Want = { kind: 'map'; col: number } | { kind: 'seq'; col: number; index: number };

/** A mapping that sits behind item markers on a line is the first item of the innermost sequence. */
function enterDashes(line: Line, segs: Segment[]): Want | undefined {
  if (line.dashes.length === 0) return undefined;
  for (let k = line.dashes.length - 1; k > 0; k--) segs.unshift(0);
  return { kind: 'seq', col: line.dashes[0]!, index: 0 };
}

/** The property whose key starts exactly at `offset`, if the tree has it. */
function propertyAt(root: Node | undefined, offset: number): PropertyNode | undefined {
  const n = nodeAt(root, offset);
  if (n?.type === 'string' && n.offset === offset && n.parent?.type === 'property' && n.parent.key === n) return n.parent;
  return undefined;
}

/** The sequence item whose content starts exactly at `offset`, with its index. */
function itemAt(root: Node | undefined, line: Line): { array: ArrayNode; index: number } | undefined {
  if (line.dashes.length !== 1) return undefined;
  let n: Node | undefined;
  if (line.key !== undefined) n = propertyAt(root, line.keyStart)?.parent;
  else {
    const m = nodeAt(root, line.keyStart);
    n = m?.offset === line.keyStart && m.parent?.type === 'array' ? m : undefined;
  }
  const arr = n?.parent;
  if (!n || arr?.type !== 'array') return undefined;
  const index = arr.items.indexOf(n);
  return index >= 0 ? { array: arr, index } : undefined;
}

interface Found {
  path: Segment[];
  /** The mapping in the tree, when a sibling key above the cursor placed it there. */
  object?: ObjectNode;
  /** The cursor's column is not that of the mapping the parent already has. */
  misaligned?: boolean;
}

function colOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** Column of the `- ` marker in front of a block sequence item, if there is one on its line. */
function dashCol(text: string, itemOffset: number): number | undefined {
  let j = itemOffset - 1;
  while (j >= 0 && text[j] === ' ') j--;
  return text[j] === '-' ? colOf(text, j) : undefined;
}

/** The nearest line above `lineStart` that holds content. */
function previousContentLine(text: string, lineStart: number): Line | undefined {
  let pos = lineStart;
  while (pos > 0) {
    const start = text.lastIndexOf('\n', pos - 2) + 1;
    const line = readLine(text, start, lineEndAt(text, start));
    if (!line.blank) return line;
    pos = start;
  }
  return undefined;
}

/**
 * The fast way: start from the tree node on the nearest content line above and climb its ancestors
 * until one stands at the wanted column. Cost: the depth of the tree, whatever the document's size.
 */
function climb(doc: ParsedDocument, from: Line, want: Want): Found | undefined {
  const text = doc.text;
  let n: Node | StringNode | undefined = nodeAt(doc.root, from.keyStart);
  if (!n || n.offset > from.keyStart) return undefined;
  for (let guard = 0; n && guard < 10000; guard++) {
    const par: Node['parent'] | StringNode['parent'] = n.parent;
    if (!par) return undefined;
    if (par.type === 'property') {
      const kc = colOf(text, par.key.offset);
      if (want.kind === 'map') {
        if (kc === want.col) return { path: pathOf(par.parent), object: par.parent };
        if (kc < want.col) {
          // A parent whose mapping already stands at another column: a key here would break it.
          const v = resolve(par.value);
          const first = v?.type === 'object' && !v.flow ? v.properties[0] : undefined;
          const misaligned = first !== undefined && colOf(text, first.key.offset) !== want.col;
          return { path: pathOf(par.key), ...(misaligned ? { misaligned } : {}) };
        }
      } else if (kc <= want.col) return { path: [...pathOf(par.key), 0] };
      n = par.parent;
      continue;
    }
    if (par.type === 'array' && !par.flow) {
      const dc = dashCol(text, n.offset);
      if (dc !== undefined && dc <= want.col) {
        const k = par.items.indexOf(n as Node);
        if (k < 0) return undefined;
        if (want.kind === 'seq' && dc === want.col) return { path: [...pathOf(par), k + 1] };
        if (want.kind === 'map' && dc < want.col) {
          const first = n.type === 'object' && !n.flow ? n.properties[0] : undefined;
          const misaligned = first !== undefined && colOf(text, first.key.offset) !== want.col;
          return { path: [...pathOf(par), k], ...(misaligned ? { misaligned } : {}) };
        }
        return undefined;
      }
    }
    n = par as Node;
  }
  return undefined;
}

/**
 * Path of the mapping whose keys stand at `col`, given the line the cursor is on. Lines are read
 * upwards by indentation until one of them is found in the tree (usually the line just above), so
 * the cost does not grow with the document; on a document whose tree disagrees, the scan goes on
 * to the top. Sibling keys seen on the way up are collected with their values.
 */
function pathAbove(doc: ParsedDocument, cursorLine: Line, col: number, siblings: Map<string, string | undefined>): Found {
  const text = doc.text;
  const root = doc.root;
  const segs: Segment[] = [];
  let want: Want = enterDashes(cursorLine, segs) ?? { kind: 'map', col };
  const prev = root ? previousContentLine(text, cursorLine.start) : undefined;
  const quick = prev ? climb(doc, prev, want) : undefined;
  if (quick) {
    if (segs.length === 0 && want.kind === 'map' && quick.object) return quick;
    return { path: [...quick.path, ...segs], ...(quick.misaligned ? { misaligned: true } : {}) };
  }
  let collecting = want.kind === 'map';
  let pos = cursorLine.start;
  while (pos > 0) {
    const prevEnd = pos - 1;
    const start = text.lastIndexOf('\n', prevEnd - 1) + 1;
    pos = start;
    // Cheap indentation test first: most lines of a large document are deeper than what we look for.
    let i = start;
    while (i < prevEnd && text.charCodeAt(i) === 32) i++;
    if (i - start > want.col || i >= prevEnd) continue;
    const line = readLine(text, start, lineEndAt(text, start));
    if (line.blank || line.indent > want.col) continue;
    if (want.kind === 'map') {
      if (line.key !== undefined && line.keyCol === want.col) {
        if (collecting && !siblings.has(line.key)) siblings.set(line.key, line.valueText);
        const prop = propertyAt(root, line.keyStart);
        if (prop) return { path: [...pathOf(prop.parent), ...segs], ...(collecting ? { object: prop.parent } : {}) };
        const w = enterDashes(line, segs);
        if (w) {
          want = w;
          collecting = false;
        }
        continue;
      }
      if (line.key !== undefined && line.keyCol < want.col) {
        const prop = propertyAt(root, line.keyStart);
        if (prop) return { path: [...pathOf(prop.key), ...segs] };
        segs.unshift(line.key);
        want = enterDashes(line, segs) ?? { kind: 'map', col: line.keyCol };
        collecting = false;
        continue;
      }
      if (line.key === undefined && line.dashes.length > 0 && line.dashes[line.dashes.length - 1]! < want.col && line.keyCol >= want.col) {
        // `-` alone on its line, the item's mapping below it.
        want = enterDashes(line, segs)!;
        collecting = false;
      }
      continue;
    }
    if (line.dashes[0] === want.col && line.indent === want.col) {
      const item = itemAt(root, line);
      if (item) return { path: [...pathOf(item.array), item.index + want.index + 1, ...segs] };
      want.index++;
      continue;
    }
    if (line.key !== undefined && line.keyCol <= want.col) {
      const prop = propertyAt(root, line.keyStart);
      if (prop) return { path: [...pathOf(prop.key), want.index, ...segs] };
      segs.unshift(want.index);
      segs.unshift(line.key);
      want = enterDashes(line, segs) ?? { kind: 'map', col: line.keyCol };
    }
  }
  if (want.kind === 'seq') segs.unshift(want.index);
  return { path: segs };
}

/** Sibling keys below the cursor line, in the same mapping; bounded so a huge mapping stays cheap. */
function siblingsBelow(text: string, from: number, col: number, siblings: Map<string, string | undefined>, maxLines = 5000): void {
  let pos = from;
  for (let n = 0; n < maxLines && pos < text.length; n++) {
    const end = lineEndAt(text, pos);
    let i = pos;
    while (i < end && text.charCodeAt(i) === 32) i++;
    const next = text.indexOf('\n', end);
    if (i < end && i - pos <= col) {
      const line = readLine(text, pos, end);
      if (!line.blank) {
        if (line.indent < col || line.dashes.length > 0) return;
        if (line.key !== undefined && !siblings.has(line.key)) siblings.set(line.key, line.valueText);
      }
    }
    if (next === -1) return;
    pos = next + 1;
  }
}

/** The tree node at a path, following keys and indexes. */
export function nodeAtPath(root: Node | undefined, path: Segment[]): Node | undefined {
  let node = resolve(root);
  for (const seg of path) {
    if (typeof seg === 'number') node = node?.type === 'array' ? resolve(node.items[seg]) : undefined;
    else if (node?.type === 'object') {
      let found: Node | undefined;
      for (const p of node.properties) if (p.key.value === seg) found = resolve(p.value);
      node = found;
    } else node = undefined;
    if (!node) return undefined;
  }
  return node;
}

function treeKeys(obj: ObjectNode, offset: number, into: Map<string, string | undefined>): void {
  for (const p of obj.properties) {
    // The key being typed is not yet a sibling.
    if (offset >= p.key.offset && offset <= p.key.offset + p.key.length) continue;
    if (into.has(p.key.value)) continue;
    const v = resolve(p.value);
    into.set(p.key.value, v?.type === 'string' ? v.value : undefined);
  }
}

function isPlainWord(s: string): boolean {
  return /^[^\s:#{}[\],&*!|>%@`]*$/.test(s);
}

/** Whether the text before the cursor on its line opens a flow collection that is still open. */
function inFlow(text: string, lineStart: number, offset: number): boolean {
  let depth = 0;
  let q = '';
  for (let i = lineStart; i < offset; i++) {
    const c = text[i]!;
    if (q) {
      if (c === q) q = '';
    } else if (c === '"' || c === "'") q = c;
    else if (c === '#' && (i === lineStart || /\s/.test(text[i - 1]!))) return false;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth = Math.max(0, depth - 1);
  }
  return depth > 0;
}

export function yamlContext(doc: ParsedDocument, offset: number): CursorContext | undefined {
  const text = doc.text;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (inFlow(text, lineStart, offset)) return jsonContext(doc, offset);
  if (inBlockScalar(doc, offset, offset - lineStart)) return undefined;
  const lineEnd = lineEndAt(text, lineStart);
  const line = readLine(text, lineStart, lineEnd);
  const unit = detectIndentUnit(text);
  const col = line.keyCol;
  const keyStartAbs = lineStart + col;
  if (offset < keyStartAbs) {
    // Cursor in the indentation (or on a blank line): the key would start at the cursor's column.
    if (text.slice(lineStart, offset).trim() !== '' || text.slice(offset, lineEnd).trim() !== '') return undefined;
    return keyContext(doc, offset, { ...line, keyCol: offset - lineStart, dashes: [] }, offset, offset, false, unit);
  }
  // `-|`: the item marker needs its space before anything can follow.
  if (line.dashes.length > 0 && offset === keyStartAbs && text[offset - 1] === '-') return undefined;
  if (line.key !== undefined && line.colon < offset) {
    return valueContext(doc, offset, line, unit);
  }
  // Key position: the word from the key column to the cursor, and on to its end.
  let end = offset;
  let keyHasColon = false;
  if (line.key !== undefined) {
    end = line.keyEnd;
    keyHasColon = true;
  } else {
    while (end < lineEnd && !/[\s:#]/.test(text[end]!)) end++;
  }
  const typed = text.slice(keyStartAbs, offset);
  const quote = typed[0] === '"' || typed[0] === "'" ? (typed[0] as '"' | "'") : undefined;
  if (!quote && !isPlainWord(typed)) return undefined;
  if (quote && typed.indexOf(quote, 1) !== -1) return undefined;
  return keyContext(doc, offset, line, keyStartAbs, end, keyHasColon, unit, quote);
}

/** Whether the cursor is in the text of a `|` or `>` block scalar (as deep as its content). */
function inBlockScalar(doc: ParsedDocument, offset: number, col: number): boolean {
  const n = nodeAt(doc.root, offset);
  const text = doc.text;
  if (n?.type !== 'string' || n.offset >= offset || (text[n.offset] !== '|' && text[n.offset] !== '>')) return false;
  // Content indentation: that of the first non-empty line after the header.
  let pos = nextLineStart(text, n.offset);
  while (pos < n.offset + n.length) {
    const line = readLine(text, pos, lineEndAt(text, pos));
    if (line.indent < line.end - line.start) return col >= line.indent;
    pos = nextLineStart(text, line.end);
  }
  return true;
}

/**
 * Whether the next content line is deeper than `col` (the key being typed already has a block
 * below it), and whether that block is well formed as its value: a later line between `col` and the
 * block's indentation would make any key here break the document.
 */
function blockBelow(text: string, from: number, col: number): 'none' | 'block' | 'broken' {
  let pos = from;
  let inner = -1;
  for (let n = 0; n < 2000 && pos < text.length; n++) {
    const line = readLine(text, pos, lineEndAt(text, pos));
    pos = nextLineStart(text, line.end);
    if (line.blank) continue;
    if (inner < 0) {
      if (line.indent <= col) return 'none';
      inner = line.indent;
      continue;
    }
    if (line.indent <= col) return 'block';
    if (line.indent < inner) return 'broken';
  }
  return inner < 0 ? 'none' : 'block';
}

function keyContext(doc: ParsedDocument, offset: number, line: Line, start: number, end: number, keyHasColon: boolean, unit: number, quote?: '"' | "'"): CursorContext | undefined {
  const siblings = new Map<string, string | undefined>();
  const found = pathAbove(doc, line, line.keyCol, siblings);
  if (found.misaligned) return undefined;
  const path = found.path;
  const node = found.object ?? nodeAtPath(doc.root, path);
  const object = node?.type === 'object' ? node : undefined;
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
    const below = blockBelow(doc.text, nextLineStart(doc.text, line.end), line.keyCol);
    if (below === 'broken') return undefined;
    if (below === 'block') ctx.blockBelow = true;
  }
  return ctx;
}

function nextLineStart(text: string, end: number): number {
  const nl = text.indexOf('\n', end);
  return nl === -1 ? text.length : nl + 1;
}

function valueContext(doc: ParsedDocument, offset: number, line: Line, unit: number): CursorContext | undefined {
  const text = doc.text;
  let start = line.colon + 1;
  while (start < offset && (text[start] === ' ' || text[start] === '\t')) start++;
  const typed = text.slice(start, offset);
  const quote = typed[0] === '"' || typed[0] === "'" ? (typed[0] as '"' | "'") : undefined;
  let end = offset;
  if (quote) {
    if (typed.indexOf(quote, 1) !== -1) return undefined;
    const close = text.indexOf(quote, offset);
    end = close !== -1 && close < line.end ? close + 1 : offset;
    if (close === -1 || close >= line.end) while (end < line.end && !/\s/.test(text[end]!)) end++;
  } else {
    if (!isPlainWord(typed)) return undefined;
    while (end < line.end && !/[\s#]/.test(text[end]!)) end++;
  }
  const ownerSiblings = new Map<string, string | undefined>();
  const found = pathAbove(doc, line, line.keyCol, ownerSiblings);
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
