// Which mapping the cursor is in: from the nearest content line above, climb the tree until a node
// stands at the cursor's column; when the tree disagrees with the text (a broken document), read the
// lines upwards by indentation instead.
import type { ParsedDocument, Node, ObjectNode, ArrayNode, PropertyNode, StringNode } from '../../parser/ast';
import { nodeAt, pathOf, resolve } from '../../parser/ast';
import type { Segment } from './context';
import type { Line } from './yamlText';
import { dashCol, noValueOnLine, previousContentLine, readLine } from './yamlText';
import { columnOf, lineEnd, lineStart } from '../../parser/lineIndex';

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
  if (n?.type === 'string' && n.offset === offset && n.parent?.type === 'property' && n.parent.key === n)
    return n.parent;
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

/**
 * Whether a key's value is already written above the cursor's line (a scalar, a flow collection, an
 * alias): nothing can be added under it as a block. An empty value (`key:`, `key: &anchor`,
 * `key: !!tag`) is not written; a flow collection still open on the cursor's line is left to the
 * flow rules.
 */
function writtenOnItsLine(value: Node | undefined, cursorLineStart: number): boolean {
  // A half-typed key on the cursor's line is, to the parser, the value of the key above it.
  if (!value || value.offset >= cursorLineStart) return false;
  if (value.type === 'object' || value.type === 'array')
    return value.flow && value.offset + value.length <= cursorLineStart;
  return value.type === 'alias' || value.length > 0;
}

/** The text fallback of `writtenOnItsLine`: the line has a value after its colon, anchors and tags aside. */
function valueOnLine(text: string, line: Line): boolean {
  return !noValueOnLine(text, line);
}

export interface Found {
  path: Segment[];
  /** The mapping in the tree, when a sibling key above the cursor placed it there. */
  object?: ObjectNode;
  /** The cursor's column is not that of the mapping the parent already has. */
  misaligned?: boolean;
}

/**
 * The fast way: start from the tree node on the nearest content line above and climb its ancestors
 * until one stands at the wanted column. Cost: the depth of the tree, whatever the document's size.
 * `at` is the start of the cursor's line.
 */
function climb(doc: ParsedDocument, from: Line, want: Want, at: number): Found | undefined {
  const text = doc.text;
  let n: Node | StringNode | undefined = nodeAt(doc.root, from.keyStart);
  if (!n || n.offset > from.keyStart) return undefined;
  for (let guard = 0; guard < 10000; guard++) {
    const par: Node['parent'] = n.parent;
    if (!par) return undefined;
    // A key inside a flow collection (its later lines) is no block key: the collection's own key is.
    if (par.type === 'property' && par.parent.flow) {
      n = par.parent;
      continue;
    }
    if (par.type === 'property') {
      const kc = columnOf(text, par.key.offset);
      if (want.kind === 'map') {
        if (kc === want.col) return { path: pathOf(par.parent), object: par.parent };
        if (kc < want.col) {
          // A parent whose mapping already stands at another column, or whose value is already
          // written on its line (a scalar, a flow collection, an alias): a key here would break it.
          if (writtenOnItsLine(par.value, at)) return { path: pathOf(par.key), misaligned: true };
          const v = resolve(par.value);
          const first = v?.type === 'object' && !v.flow ? v.properties[0] : undefined;
          const misaligned = first !== undefined && columnOf(text, first.key.offset) !== want.col;
          return { path: pathOf(par.key), ...(misaligned ? { misaligned } : {}) };
        }
      } else if (kc <= want.col)
        return { path: [...pathOf(par.key), 0], ...(writtenOnItsLine(par.value, at) ? { misaligned: true } : {}) };
      n = par.parent;
      continue;
    }
    if (par.type === 'array' && !par.flow) {
      const dc = dashCol(text, n.offset);
      if (dc !== undefined && dc <= want.col) {
        const k = par.items.indexOf(n);
        if (k < 0) return undefined;
        if (want.kind === 'seq' && dc === want.col) return { path: [...pathOf(par), k + 1] };
        if (want.kind === 'map' && dc < want.col) {
          const first = n.type === 'object' && !n.flow ? n.properties[0] : undefined;
          const misaligned = first !== undefined && columnOf(text, first.key.offset) !== want.col;
          return { path: [...pathOf(par), k], ...(misaligned ? { misaligned } : {}) };
        }
        return undefined;
      }
    }
    n = par;
  }
  return undefined;
}

/**
 * Path of the mapping whose keys stand at `col`, given the line the cursor is on. Lines are read
 * upwards by indentation until one of them is found in the tree (usually the line just above), so
 * the cost does not grow with the document; on a document whose tree disagrees, the scan goes on
 * to the top. Sibling keys seen on the way up are collected with their values.
 */
export function pathAbove(
  doc: ParsedDocument,
  cursorLine: Line,
  col: number,
  siblings: Map<string, string | undefined>,
): Found {
  const text = doc.text;
  const root = doc.root;
  const segs: Segment[] = [];
  let want: Want = enterDashes(cursorLine, segs) ?? { kind: 'map', col };
  const prev = root ? previousContentLine(text, cursorLine.start) : undefined;
  const quick = prev ? climb(doc, prev, want, cursorLine.start) : undefined;
  if (quick) {
    if (segs.length === 0 && want.kind === 'map' && quick.object) return quick;
    return { path: [...quick.path, ...segs], ...(quick.misaligned ? { misaligned: true } : {}) };
  }
  let collecting = want.kind === 'map';
  let pos = cursorLine.start;
  while (pos > 0) {
    const prevEnd = pos - 1;
    const start = lineStart(text, prevEnd);
    pos = start;
    // Cheap indentation test first: most lines of a large document are deeper than what we look for.
    let i = start;
    while (i < prevEnd && text.charCodeAt(i) === 32) i++;
    if (i - start > want.col || i >= prevEnd) continue;
    const line = readLine(text, start, lineEnd(text, start));
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
        const written = prop ? writtenOnItsLine(prop.value, cursorLine.start) : collecting && valueOnLine(text, line);
        if (written) return { path: [...(prop ? pathOf(prop.key) : [line.key]), ...segs], misaligned: true };
        if (prop) return { path: [...pathOf(prop.key), ...segs] };
        segs.unshift(line.key);
        want = enterDashes(line, segs) ?? { kind: 'map', col: line.keyCol };
        collecting = false;
        continue;
      }
      if (
        line.key === undefined &&
        line.dashes.length > 0 &&
        line.dashes[line.dashes.length - 1]! < want.col &&
        line.keyCol >= want.col
      ) {
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
      if (prop && writtenOnItsLine(prop.value, cursorLine.start))
        return { path: [...pathOf(prop.key), want.index, ...segs], misaligned: true };
      if (prop) return { path: [...pathOf(prop.key), want.index, ...segs] };
      segs.unshift(want.index);
      segs.unshift(line.key);
      want = enterDashes(line, segs) ?? { kind: 'map', col: line.keyCol };
    }
  }
  if (want.kind === 'seq') segs.unshift(want.index);
  return { path: segs };
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
