// Incremental reparse. Typing inside one scalar (a value or a key) that lies on one line: the scalar is re-read
// alone. A structural edit in YAML (Enter, deleting or pasting lines, indenting a block): the smallest
// enclosing block collection whose first line the edit leaves alone is re-read from its lines (up to
// the next line indented less), through the fast path, and put in place of the old one when it ends
// exactly where the old one ended (shifted by the edit). Either way the tree is patched in place and
// every later offset shifted; when neither applies (the edit changes the outer structure, touches an
// anchor or an alias, ...) this returns undefined and the caller parses the whole text again.
// A document with syntax problems is patched too when the fast path placed them (`zones`: the broken
// block entries it handed to the full parser, each read alone): an edit away from them patches as above
// and moves them; an edit inside one re-reads a block that holds it whole, broken entries included.
import { parseDocument, isScalar } from 'yaml';
import type { Node, ObjectNode, ArrayNode, ParsedDocument, PropertyNode, SyntaxProblem } from './ast';
import { nodeAt, scalarText } from './ast';
import { fastParseJson } from './fastJson';
import { fastParseYaml } from './fastYaml';
import { DEFAULT_LIMITS, handOff } from './yaml';
import { IRREGULAR_SPACE, needsIndentRepair } from './indentRepair';
import { needsAlignRepair } from './alignRepair';
import { needsColonRepair } from './colonRepair';
import type { ParseLimits } from './yaml';

type ScalarFields =
  | { type: 'string'; value: string; quoted: boolean }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' };

/** Where each patched document was patched: the scalar changed in place, or the block put in. */
const patches = new WeakMap<ParsedDocument, Node>();

/**
 * The node `applyEdit` changed to make `doc` (a scalar rewritten in place, or a block put in place of
 * the old one); what encloses it changed too, everything else only moved. Undefined for a document
 * that `applyEdit` did not make.
 */
export function patchedAt(doc: ParsedDocument): Node | undefined {
  return patches.get(doc);
}

/** The document after replacing [start, end) of `prev.text` with `newText`, or undefined. */
export function applyEdit(
  prev: ParsedDocument,
  start: number,
  end: number,
  newText: string,
  limits: ParseLimits = DEFAULT_LIMITS,
): ParsedDocument | undefined {
  if (!prev.root || end < start || end > prev.text.length) return undefined;
  if (prev.problems.length > 0 && !placed(prev)) return undefined;
  const zones = prev.zones;
  if (zones !== undefined && zones.length > 0) {
    // A broken entry with an unclosed quote reads differently when no quote follows it anywhere: an edit
    // that writes or deletes a quote after one is not patched (one inside is read again with its block).
    if (zones[1]! < start && (/["']/.test(newText) || /["']/.test(prev.text.slice(start, end)))) return undefined;
  }
  return (
    scalarEdit(prev, start, end, newText) ??
    (prev.language === 'yaml' ? blockEdit(prev, start, end, newText, limits) : undefined)
  );
}

/** Whether every problem of `prev` lies in one of its zones (the entries handed over with their problems). */
function placed(prev: ParsedDocument): boolean {
  const zones = prev.zones;
  if (zones === undefined) return false;
  return prev.problems.every((p) => p.kind === 'syntax' && inZones(zones, p.offset, p.offset));
}

/** Whether [start, end] touches one of `zones` (ends included). */
function inZones(zones: readonly number[] | undefined, start: number, end: number): boolean {
  if (zones === undefined) return false;
  for (let i = 0; i < zones.length; i += 2) if (start <= zones[i + 1]! && end >= zones[i]!) return true;
  return false;
}

/**
 * Whether a zone of `prev` straddles [from, to) (lies partly in it): then that text cannot be re-read alone.
 * A zone that ends at `to` lies inside only when it starts at or after `closedFrom`: the caller passes it
 * when the line at `to` ends every entry of the re-read text (it is indented less than the re-read block,
 * or is the next item of the re-read list), so the fast path hands over the same pieces there as in place;
 * a zone that starts on the block's first line may be that of the entry holding the block (`a: b` and
 * a broken line below it: the block `b…` is then the full parser's reading of that entry). Otherwise what
 * follows could join it.
 */
function zoneAcross(prev: ParsedDocument, from: number, to: number, closedFrom = Infinity): boolean {
  const zones = prev.zones;
  if (zones === undefined) return false;
  for (let i = 0; i < zones.length; i += 2) {
    const zs = zones[i]!;
    const ze = zones[i + 1]!;
    if (ze > from && zs < to && (zs < from || ze > to || (ze === to && zs < closedFrom))) return true;
  }
  return false;
}

/**
 * The problems and zones of the document after an edit that re-read [from, oldEnd) of `prev` (now
 * `fresh`, read at `base`, its offsets relative to it) and moved what follows by `delta`. An old problem
 * goes with its zone: kept when the zone ends before the re-read text (a zone may end exactly where it
 * starts, its problem at that offset), moved when the zone starts after it, dropped when the zone was read
 * again (a zone may end exactly where the re-read text ends, its problem there). Undefined when that is not
 * known: a problem at the offset where a zone read again meets one that was not.
 */
function movedProblems(
  prev: ParsedDocument,
  from: number,
  oldEnd: number,
  delta: number,
  fresh?: { problems: SyntaxProblem[]; zones: number[]; base: number },
): Pick<ParsedDocument, 'problems' | 'zones'> | undefined {
  if (prev.problems.length === 0 && (fresh === undefined || fresh.problems.length === 0)) return { problems: [] };
  const before: SyntaxProblem[] = [];
  const after: SyntaxProblem[] = [];
  const zones: number[] = [];
  const old = prev.zones ?? [];
  for (const p of prev.problems) {
    const side = sideOf(old, p.offset, from, oldEnd);
    if (side === undefined) return undefined;
    if (side < 0) before.push(p);
    else if (side > 0) after.push({ ...p, offset: p.offset + delta });
  }
  const problems = before;
  for (let i = 0; i < old.length; i += 2) if (old[i + 1]! <= from) zones.push(old[i]!, old[i + 1]!);
  if (fresh) {
    for (const p of fresh.problems) problems.push({ ...p, offset: p.offset + fresh.base });
    for (const z of fresh.zones) zones.push(z + fresh.base);
  }
  for (const p of after) problems.push(p);
  for (let i = 0; i < old.length; i += 2) if (old[i]! >= oldEnd) zones.push(old[i]! + delta, old[i + 1]! + delta);
  return problems.length > 0 ? { problems, zones } : { problems };
}

/**
 * Where a problem at `offset` of the old text goes when [from, oldEnd) is read again: -1 before it (kept),
 * 1 after it (moved), 0 inside (read again), by the zone that holds it (`zones` flat, in order, ends
 * included); by its offset when no zone holds it. Undefined when it lies where two zones on different
 * sides meet.
 */
function sideOf(zones: readonly number[], offset: number, from: number, oldEnd: number): number | undefined {
  // The first zone that ends at or after the offset (zones are in document order and do not overlap).
  let lo = 0;
  let hi = zones.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zones[2 * mid + 1]! < offset) lo = mid + 1;
    else hi = mid;
  }
  let side: number | undefined;
  for (let i = 2 * lo; i < zones.length && zones[i]! <= offset; i += 2) {
    const s = zones[i + 1]! <= from ? -1 : zones[i]! >= oldEnd ? 1 : 0;
    if (side !== undefined && side !== s) return undefined;
    side = s;
  }
  return side ?? (offset < from ? -1 : offset >= oldEnd ? 1 : 0);
}

/** Whether the old text after `from` holds the quote `q` (34 or 39), for a block re-read alone (see `fastParseYaml`). */
function quoteAfter(old: string, from: number): (q: number) => boolean {
  return (q) => old.indexOf(q === 34 ? '"' : "'", from) >= 0;
}

function scalarEdit(prev: ParsedDocument, start: number, end: number, newText: string): ParsedDocument | undefined {
  if (!prev.root) return undefined;
  if (/[\r\n]/.test(newText) || /[\r\n]/.test(prev.text.slice(start, end))) return undefined;
  // A control character is a problem the scalar alone does not show; a broken entry is read again whole.
  if (CONTROL.test(newText) || inZones(prev.zones, start, end)) return undefined;
  const node = nodeAt(prev.root, start);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'alias') return undefined;
  // (An anchored scalar too: its `&name` stands before it, and the aliases bound to it stay bound; the
  // unit cache is told through `patchedAt`, as for any scalar.)
  if (start < node.offset || end > node.offset + node.length || node.length === 0) return undefined;
  const text = prev.text.slice(0, start) + newText + prev.text.slice(end);
  const delta = newText.length - (end - start);
  // Read from the old text's pieces: reading the new text would flatten it (a copy of the whole file).
  const token = prev.text.slice(node.offset, start) + newText + prev.text.slice(end, node.offset + node.length);
  // A scalar over several lines (plain or quoted) is read against the indentation of its context:
  // alone, a continuation line at column 0 or starting with '{' reads fine where in place it is a
  // syntax error. Such an edit is not local: the caller (blockEdit, else a full parse) reads it in context.
  if (/[\r\n]/.test(token)) return undefined;
  // A scalar with a Unicode space that YAML may need as a plain one is read in its context (blockEdit).
  if (IRREGULAR_SPACE.test(token)) return undefined;
  const isKey = node.parent?.type === 'property' && node.parent.key === node;
  const fresh = prev.language === 'json' ? readJsonScalar(token) : readYamlScalar(token, node, isKey);
  if (!fresh || (isKey && fresh.type !== 'string')) return undefined;
  if (isKey && (node.parent as PropertyNode).colonOffset < 0) return undefined;
  const moved = movedProblems(prev, end, end, delta);
  if (!moved) return undefined;

  // Patch the scalar in place; then shift everything after the edit, and grow what contains it.
  const target = node;
  Object.assign(target, fresh, { offset: node.offset, length: token.length, parent: node.parent });
  if (fresh.type !== 'string') delete (target as { quoted?: boolean }).quoted;
  if (fresh.type === 'null' || fresh.type === 'string') delete (target as { value?: unknown }).value;
  if (fresh.type !== 'null') (target as { value: unknown }).value = fresh.value;
  if (delta !== 0) shift(prev.root, end, delta, target, target.offset);
  const doc: ParsedDocument = {
    text,
    language: prev.language,
    root: prev.root,
    ...moved,
  };
  patches.set(doc, target);
  return doc;
}

function readJsonScalar(token: string): ScalarFields | undefined {
  const r = fastParseJson(token, 1);
  const n = r?.root;
  if (!n || n.offset !== 0 || n.length !== token.length) return undefined;
  if (n.type === 'string') return { type: 'string', value: n.value, quoted: true };
  if (n.type === 'number') return { type: 'number', value: n.value };
  if (n.type === 'boolean') return { type: 'boolean', value: n.value };
  if (n.type === 'null') return { type: 'null' };
  return undefined;
}

const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`\s]/;

function readYamlScalar(token: string, old: Node, isKey: boolean): ScalarFields | undefined {
  if (token.length === 0 || /\s$/.test(token)) return undefined;
  // A block scalar's value depends on its indentation in context: re-read with its block (blockEdit).
  if (token[0] === '|' || token[0] === '>') return undefined;
  const wasQuoted = old.type === 'string' && old.quoted;
  if (!wasQuoted) {
    // A plain scalar must stay one plain scalar in its context.
    if (INDICATOR_START.test(token) || /: |:$| #|\t/.test(token)) return undefined;
    if (inFlow(old) && /[,[\]{}]/.test(token)) return undefined;
  } else {
    const q = token[0];
    if ((q !== '"' && q !== "'") || token[token.length - 1] !== q || token.length < 2) return undefined;
  }
  if (isKey && /:/.test(token) && !wasQuoted) return undefined;
  const doc = parseDocument(token, { uniqueKeys: false, strict: false });
  const c = doc.contents;
  if (
    doc.errors.length > 0 ||
    doc.warnings.length > 0 ||
    !isScalar(c) ||
    c.range[0] !== 0 ||
    c.range[1] !== token.length
  )
    return undefined;
  const quoted = c.type === 'QUOTE_DOUBLE' || c.type === 'QUOTE_SINGLE';
  if (quoted !== wasQuoted) return undefined;
  if (isKey) return { type: 'string', value: scalarText(c.value), quoted };
  const v = c.value;
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'boolean') return { type: 'boolean', value: v };
  if (typeof v === 'number') return { type: 'number', value: v };
  if (typeof v === 'bigint') return { type: 'number', value: Number(v) };
  if (typeof v === 'string') return { type: 'string', value: v, quoted };
  return undefined;
}

function inFlow(n: Node): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if ((p.type === 'object' || p.type === 'array') && p.flow) return true;
  }
  return false;
}

/**
 * Moves what starts at or after `at` (the old end of the edit) by `delta`; grows what contains the
 * scalar `edited`, which starts at `from`.
 */
function shift(root: Node, at: number, delta: number, edited: Node | undefined, from: number): void {
  // Containers that enclose the edited scalar are exactly those spanning its old range.
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'object') {
      if (n.offset <= from && n.offset + n.length >= at) n.length += delta;
      else if (n.offset >= at) n.offset += delta;
      // A collection that ends before the scalar holds nothing that moves.
      else if (n.offset + n.length < from) continue;
      for (const p of n.properties) {
        if (p.offset <= from && p.offset + p.length >= at) p.length += delta;
        else if (p.offset >= at) p.offset += delta;
        if (p.colonOffset >= at) p.colonOffset += delta;
        if (p.key !== edited && p.key.offset >= at) p.key.offset += delta;
        if (p.value) stack.push(p.value);
      }
    } else if (n.type === 'array') {
      if (n.offset <= from && n.offset + n.length >= at) n.length += delta;
      else if (n.offset >= at) n.offset += delta;
      else if (n.offset + n.length < from) continue;
      for (const it of n.items) stack.push(it);
    } else if (n !== edited && n.offset >= at) {
      n.offset += delta;
    }
  }
}

// ---- Structural edits: re-read the smallest enclosing block ----

type Block = ObjectNode | ArrayNode;

// eslint-disable-next-line no-control-regex -- control characters make problems the fast path does not report
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function blockEdit(
  prev: ParsedDocument,
  start: number,
  end: number,
  newText: string,
  limits: ParseLimits,
): ParsedDocument | undefined {
  if (CONTROL.test(newText)) return undefined;
  const old = prev.text;
  // The block collections from the root down that contain the edited range (a flow collection ends the descent).
  const chain: Block[] = [];
  let n: Node | undefined = prev.root;
  while (
    n &&
    (n.type === 'object' || n.type === 'array') &&
    !n.flow &&
    n.offset <= start &&
    end <= n.offset + n.length
  ) {
    chain.push(n);
    let next: Node | undefined;
    if (n.type === 'object') {
      for (const p of n.properties) {
        const v = p.value;
        if (v && v.offset <= start && end <= v.offset + v.length) {
          next = v;
          break;
        }
      }
    } else {
      for (const it of n.items) {
        if (it.offset <= start && end <= it.offset + it.length) {
          next = it;
          break;
        }
        if (it.offset > end) break;
      }
    }
    n = next;
  }
  const text = old.slice(0, start) + newText + old.slice(end);
  const delta = newText.length - (end - start);
  // The deepest first; the root is never re-read here (that is a full parse).
  for (let i = chain.length - 1; i >= 1 && i >= chain.length - 4; i--) {
    const b = chain[i]!;
    // In a block sequence, the items around the edit alone first: an edit on an item's first line or
    // between items would otherwise re-read the whole list (a list of thousands of tables, say).
    const r =
      (b.type === 'array' ? reitems(prev, text, b, i, start, end, newText, delta, limits) : undefined) ??
      reblock(prev, text, b, i, start, end, newText, delta, limits);
    if (r) return r;
  }
  return undefined;
}

/** Re-reads `c` (at nesting `depth`) from the new text; patches the tree and returns the document, or undefined. */
function reblock(
  prev: ParsedDocument,
  text: string,
  c: Block,
  depth: number,
  start: number,
  end: number,
  newText: string,
  delta: number,
  limits: ParseLimits,
): ParsedDocument | undefined {
  const inserted = newText.length;
  const old = prev.text;
  const firstLineEnd = old.indexOf('\n', c.offset);
  // The edit must leave the block's first line (its column, its kind) alone.
  if (firstLineEnd < 0 || start <= firstLineEnd) return undefined;
  if (hasAnchorOrAlias(c)) return undefined;
  let lineStart = c.offset;
  while (lineStart > 0 && old.charCodeAt(lineStart - 1) !== 10) lineStart--;
  const col = c.offset - lineStart;
  // The block's lines in the new text: up to the first content line indented less (or, for a sequence, a
  // non-item at its column). Read from a window of the new text made of the old text's pieces: reading
  // the new text itself would flatten it (a copy of the whole file) on every structural edit.
  const total = old.length + delta;
  let regionEnd = -1;
  let win = '';
  for (let size = 4096; regionEnd < 0; size *= 8) {
    const winEnd = Math.min(total, start + inserted + size);
    win = old.slice(c.offset, start) + newText + old.slice(end, winEnd - delta);
    regionEnd = scanRegion(win, c.offset, firstLineEnd + 1, col, c.type === 'array', winEnd === total);
  }
  if (start + inserted > regionEnd) return undefined;
  // The block ends at a line indented less than it: that line ends every entry in the block.
  const closed = regionEnd < total && indentAt(win, regionEnd - c.offset) < col;
  // The broken entries around must lie inside the block's lines, or outside.
  const oldRegionEnd = regionEnd - delta;
  if (zoneAcross(prev, lineStart, oldRegionEnd, closed ? firstLineEnd + 1 : Infinity)) return undefined;
  const snippet = ' '.repeat(col) + win.slice(0, regionEnd - c.offset);
  const r = fastParseYaml(snippet, { maxDepth: limits.maxDepth - depth }, handOff, quoteAfter(old, oldRegionEnd));
  // A tab or a Unicode space as indentation is read past with the whole text (parser/indentRepair.ts).
  if (r && (needsIndentRepair(snippet, r) || needsAlignRepair(snippet, r) || needsColonRepair(snippet, r)))
    return undefined;
  const fresh = r?.root;
  if (!fresh || fresh.type !== c.type || fresh.offset !== col) return undefined;
  // A broken entry read to the end of the block: in place, what follows could have changed how it reads,
  // unless the line after the block is indented less (a half-typed key, an unclosed `[`, as the last line).
  if (r.zones.length > 0 && r.zones[r.zones.length - 1]! >= snippet.length && regionEnd < total && !closed)
    return undefined;
  // It must end where the old block ended, moved by the edit: then nothing around it changes but offsets.
  const oldEnd = c.offset + c.length;
  if (lineStart + fresh.offset + fresh.length !== oldEnd + delta) return undefined;
  if (hasAnchorOrAlias(fresh)) return undefined;
  const moved = movedProblems(prev, lineStart, oldRegionEnd, delta, {
    problems: r.problems,
    zones: r.zones,
    base: lineStart,
  });
  if (!moved) return undefined;
  moveBy(fresh, lineStart);
  shiftAround(prev.root!, c, c.offset, oldEnd, delta);
  const parent = c.parent;
  fresh.parent = parent;
  if (parent?.type === 'property') parent.value = fresh;
  else if (parent?.type === 'array') parent.items[parent.items.indexOf(c)] = fresh;
  else return undefined;
  const doc: ParsedDocument = {
    text,
    language: prev.language,
    root: prev.root,
    ...moved,
  };
  patches.set(doc, fresh);
  return doc;
}

/**
 * An edit among the items of the block sequence `c` (at nesting `depth`) that `reblock` cannot keep
 * local (it touches an item's first line, or a comment or blank line between items): the items from
 * the one before the edit up to the next item the edit left alone (or the end of the list) are re-read
 * alone, through the fast path, and put in place of the old ones. Undefined when that cannot be shown
 * to equal a full parse: the edit reaches the line of that first item's dash, the re-read text does not
 * end where an old item started (or where the list ended, moved by the edit), anchors or aliases.
 */
function reitems(
  prev: ParsedDocument,
  text: string,
  c: ArrayNode,
  depth: number,
  start: number,
  end: number,
  newText: string,
  delta: number,
  limits: ParseLimits,
): ParsedDocument | undefined {
  const items = c.items;
  // The first item that reaches the edit; the one before it opens the re-read text.
  let k = 0;
  while (k < items.length && items[k]!.offset + items[k]!.length < start) k++;
  // A broken entry that takes the item before it along (see `BlockReader.recover`) reads, in place, with
  // the item before that one as its stand-in: the items are read again from there (an edit on the first
  // line of a broken item that ends before the edit: from two items before it).
  for (let a = k - 1; a >= 0 && a >= k - 3; a--) {
    const r = reitemsFrom(prev, text, c, a, depth, start, end, newText, delta, limits);
    if (r !== EARLIER) return r;
  }
  return undefined;
}

const EARLIER = 'earlier';

/**
 * `reitems` from item `a` on; `EARLIER` when the items are to be read from the one before: the edit is on
 * item `a`'s first line, or a broken entry read there starts with item `a` (in place, with the item before).
 */
function reitemsFrom(
  prev: ParsedDocument,
  text: string,
  c: ArrayNode,
  a: number,
  depth: number,
  start: number,
  end: number,
  newText: string,
  delta: number,
  limits: ParseLimits,
): ParsedDocument | typeof EARLIER | undefined {
  const old = prev.text;
  const items = c.items;
  const col = c.offset - lineStartOf(old, c.offset);
  if (a < 0) return undefined;
  const first = items[a]!;
  const la = lineStartOf(old, first.offset);
  const dash = la + col;
  if (
    old.charCodeAt(dash) !== 45 ||
    !/^ *$/.test(old.slice(la, dash)) ||
    !/^ *$/.test(old.slice(dash + 1, first.offset))
  )
    return undefined;
  const firstLineEnd = old.indexOf('\n', dash);
  if (firstLineEnd < 0) return undefined;
  if (start <= firstLineEnd) return a > 0 ? EARLIER : undefined;
  // Where the re-read text ends, in the new text: the line of the next item at the list's column after
  // the edit, or the end of the list.
  const inserted = newText.length;
  const total = old.length + delta;
  let stop: { at: number; item: boolean } | undefined;
  let win = '';
  for (let size = 4096; !stop; size *= 8) {
    const winEnd = Math.min(total, start + inserted + size);
    win = old.slice(la, start) + newText + old.slice(end, winEnd - delta);
    stop = scanItems(win, la, start + inserted, col, winEnd === total);
  }
  const oldEnd = c.offset + c.length;
  let m: number;
  let at: number;
  if (stop.item) {
    // The old item whose dash line starts there (the text after the edit is the old text, moved).
    at = stop.at - delta;
    m = a + 1;
    while (m < items.length && lineStartOf(old, items[m]!.offset) < at) m++;
    const next = items[m];
    if (!next || lineStartOf(old, next.offset) !== at || old.charCodeAt(at + col) !== 45) return undefined;
  } else {
    m = items.length;
    at = oldEnd;
  }
  for (let i = a; i < m; i++) if (hasAnchorOrAlias(items[i]!)) return undefined;
  // The broken entries around must lie inside the re-read lines, or outside.
  const oldStop = stop.at - delta;
  // (A zone from the item before on: the piece that took that item along, read again from the one before it.)
  if (zoneAcross(prev, la, oldStop, stop.item ? la : Infinity)) return a > 0 ? EARLIER : undefined;
  const snippet = win.slice(0, stop.at - la);
  const r = fastParseYaml(snippet, { maxDepth: limits.maxDepth - depth }, handOff, quoteAfter(old, oldStop));
  if (r && (needsIndentRepair(snippet, r) || needsAlignRepair(snippet, r) || needsColonRepair(snippet, r)))
    return undefined;
  const fresh = r?.root;
  if (!fresh || fresh.type !== 'array' || fresh.flow || fresh.offset !== col) return undefined;
  // (A broken entry read to the end of the re-read items: only when the next item follows, see `zoneAcross`.)
  if (r.zones.length > 0 && r.zones[r.zones.length - 1]! >= snippet.length && stop.at < total && !stop.item)
    return undefined;
  if (fresh.items.length === 0 || hasAnchorOrAlias(fresh)) return undefined;
  // A broken entry from the first item on: in place, where it is handed over depends on the item before.
  if (r.zones.length > 0 && r.zones[0] === 0 && a > 0) return EARLIER;
  // Up to the end of the list: the list must end where it ended, moved by the edit.
  if (!stop.item && la + fresh.offset + fresh.length !== oldEnd + delta) return undefined;
  const moved = movedProblems(prev, la, oldStop, delta, { problems: r.problems, zones: r.zones, base: la });
  if (!moved) return undefined;
  moveBy(fresh, la);
  shiftAround(prev.root!, undefined, dash, at, delta);
  for (const it of fresh.items) it.parent = c;
  items.splice(a, m - a, ...fresh.items);
  const doc: ParsedDocument = {
    text,
    language: prev.language,
    root: prev.root,
    ...moved,
  };
  patches.set(doc, c);
  return doc;
}

/** The indentation (spaces) of the line that starts at `p` of `text`. */
function indentAt(text: string, p: number): number {
  let q = p;
  while (text.charCodeAt(q) === 32) q++;
  return q - p;
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * In `win` (the new text from offset `base` on; `complete` when it runs to the end of the text), from
 * the first line that starts at or after `from`: the start of the first content line at column `col`
 * that is an item (`item`), or of the first one indented less or not an item (the list ends there).
 * Undefined when the window ends before that is known.
 */
function scanItems(
  win: string,
  base: number,
  from: number,
  col: number,
  complete: boolean,
): { at: number; item: boolean } | undefined {
  const len = win.length;
  let p = from - base;
  if (p > 0 && win.charCodeAt(p - 1) !== 10) {
    const nl = win.indexOf('\n', p);
    if (nl < 0) return complete ? { at: base + len, item: false } : undefined;
    p = nl + 1;
  }
  while (p < len) {
    let q = p;
    while (q < len && win.charCodeAt(q) === 32) q++;
    if (q >= len) break;
    const ch = win.charCodeAt(q);
    if (ch !== 10 && ch !== 13 && ch !== 35) {
      if (q + 1 >= len && !complete) return undefined;
      const ind = q - p;
      const item = ch === 45 && (q + 1 >= len || [32, 10, 13].includes(win.charCodeAt(q + 1)));
      if (ind < col) return { at: base + p, item: false };
      if (ind === col) return { at: base + p, item };
    }
    const nl = win.indexOf('\n', q);
    if (nl < 0) break;
    p = nl + 1;
  }
  return complete ? { at: base + len, item: false } : undefined;
}

/**
 * Where the block that starts on the line before `from` ends: the start of the first content line
 * indented less than `col` (or, for a sequence, a non-item at `col`). `win` is the new text from
 * offset `base` on; `complete` says whether it runs to the end of the text. -1 when the window ends
 * before that is known.
 */
function scanRegion(win: string, base: number, from: number, col: number, isArray: boolean, complete: boolean): number {
  const len = win.length;
  const unknown = complete ? base + len : -1;
  let p = from - base;
  while (p < len) {
    let q = p;
    while (q < len && win.charCodeAt(q) === 32) q++;
    if (q >= len) return unknown;
    const ch = win.charCodeAt(q);
    if (ch !== 10 && ch !== 13 && ch !== 35) {
      if (q + 1 >= len && !complete) return -1;
      const ind = q - p;
      const item = ch === 45 && (q + 1 >= len || [32, 10, 13].includes(win.charCodeAt(q + 1)));
      if (ind < col || (ind === col && isArray && !item)) return base + p;
    }
    const nl = win.indexOf('\n', q);
    if (nl < 0) return unknown;
    p = nl + 1;
  }
  return unknown;
}

function hasAnchorOrAlias(node: Node): boolean {
  if (node.type === 'alias' || node.anchor !== undefined) return true;
  if (node.type === 'object') {
    for (const p of node.properties) if (p.value && hasAnchorOrAlias(p.value)) return true;
  } else if (node.type === 'array') {
    for (const it of node.items) if (hasAnchorOrAlias(it)) return true;
  }
  return false;
}

/** Moves a subtree read from a snippet by `d`. */
function moveBy(node: Node, d: number): void {
  node.offset += d;
  if (node.type === 'object') {
    for (const p of node.properties) {
      p.offset += d;
      if (p.colonOffset >= 0) p.colonOffset += d;
      p.key.offset += d;
      if (p.value) moveBy(p.value, d);
    }
  } else if (node.type === 'array') {
    for (const it of node.items) moveBy(it, d);
  }
}

/**
 * Outside the re-read block `c` (which started at `from`, old end `at`): moves what starts at or after
 * `at`, grows what encloses `c`.
 */
function shiftAround(root: Node, c: Block | undefined, from: number, at: number, delta: number): void {
  if (delta === 0) return;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n === c) continue;
    if (n.type === 'object' || n.type === 'array') {
      const encloses = n.offset <= from && n.offset + n.length >= at;
      if (encloses) n.length += delta;
      else if (n.offset >= at) n.offset += delta;
      // A collection that ends before the block has nothing to move.
      if (!encloses && n.offset + n.length < from) continue;
      if (n.type === 'object') {
        for (const p of n.properties) {
          if (p.offset <= from && p.offset + p.length >= at) p.length += delta;
          else if (p.offset >= at) p.offset += delta;
          if (p.colonOffset >= at) p.colonOffset += delta;
          if (p.key.offset >= at) p.key.offset += delta;
          if (p.value) stack.push(p.value);
        }
      } else {
        for (const it of n.items) stack.push(it);
      }
    } else if (n.offset >= at) {
      n.offset += delta;
    }
  }
}

/**
 * Runs the offset shifts of both kinds of patch over `root` and back again, as if something before
 * the root, then a block and a scalar in its middle had grown by one character: the tree is left
 * exactly as it was. The server's warm-up (lsp/warmUp.ts) calls this on a document of its own until
 * both loops are compiled, with every node shape and every branch seen: on a large file, run cold
 * (or compiled again when a node shape the warm-up had not shown came up), they made the first
 * structural edit of a session several times slower than the next ones.
 */
export function exerciseShifts(root: Node): void {
  // As if a block before everything (at -1) had grown: every node moves (every node shape is seen).
  shiftAround(root, undefined, -1, 0, 1);
  shiftAround(root, undefined, -1, 1, -1);
  shift(root, 0, 1, undefined, -1);
  shift(root, 1, -1, undefined, -1);
  // A block and a scalar in the middle: what encloses them grows (the other branches).
  const mid = root.offset + (root.length >> 1);
  let block: Block | undefined;
  for (let n: Node | undefined = root; n && (n.type === 'object' || n.type === 'array') && !n.flow;) {
    if (n !== root) block = n;
    let next: Node | undefined;
    if (n.type === 'object') {
      for (const p of n.properties)
        if (p.value && p.value.offset <= mid && mid < p.value.offset + p.value.length) next = p.value;
    } else for (const it of n.items) if (it.offset <= mid && mid < it.offset + it.length) next = it;
    n = next;
  }
  if (block && block.length > 0) {
    const end = block.offset + block.length;
    shiftAround(root, block, block.offset, end, 1);
    shiftAround(root, block, block.offset, end + 1, -1);
  }
  const scalar = nodeAt(root, mid);
  if (scalar && scalar.type !== 'object' && scalar.type !== 'array' && scalar.length > 0) {
    const end = scalar.offset + scalar.length;
    shift(root, end, 1, scalar, scalar.offset);
    shift(root, end + 1, -1, scalar, scalar.offset);
  }
}
