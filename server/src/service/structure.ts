// Document structure: outline symbols, folding ranges and selection ranges, all from the tree.
import type { AliasNode, Node, ParsedDocument, PropertyNode } from '../parser/ast';
import { nodeAt, resolve } from '../parser/ast';
import { LineIndex } from '../parser/lineIndex';
import { allDocuments, documentAt } from '../parser/documents';
import { labelKeys } from '../model/schema';
import type { SymbolEntry, SymbolKind } from './types';
import { coversValue, maskShapes as maskMessage, secretRangesOf } from './secretRanges';
import type { Range } from './secretRanges';

const MAX_SYMBOLS = 50_000;

/** The outline of every document of the file (a multi-document file's, one after the other, as YAML tools show them). */
export function documentSymbols(doc: ParsedDocument): SymbolEntry[] {
  const out: SymbolEntry[] = [];
  let budget = MAX_SYMBOLS;
  for (const d of allDocuments(doc)) {
    const r = symbolsOf(d, budget);
    budget = r.budget;
    out.push(...r.symbols);
  }
  return out;
}

function symbolsOf(doc: ParsedDocument, budget: number): { symbols: SymbolEntry[]; budget: number } {
  const root = resolve(doc.root);
  if (!root) return { symbols: [], budget };
  // Literal secrets are never shown (as in hover): a scalar holding one has a masked detail, and
  // every other text is masked by shape (keys, values, URL user information).
  const secrets = secretRangesOf(doc);
  const detailOf = (n: Node | undefined): string | undefined => {
    const d = rawDetailOf(n);
    if (d === undefined) return undefined;
    if (n && n.type !== 'object' && n.type !== 'array' && holdsSecret(n, secrets)) return HIDDEN;
    const masked = oneLine(maskMessage(d));
    return masked.length > 60 ? masked.slice(0, 60) + '…' : masked;
  };
  const itemName = (n: Node | undefined, i: number): string => oneLine(maskMessage(rawItemName(n, i, secrets)));
  const childrenOf = (n: Node | undefined, depth: number): SymbolEntry[] => {
    if (!n || depth > 64 || budget <= 0) return [];
    if (n.type === 'object')
      return n.properties.map((p) => propertySymbol(p, depth)).filter((s): s is SymbolEntry => s !== undefined);
    if (n.type === 'array') {
      const out: SymbolEntry[] = [];
      n.items.forEach((it, i) => {
        if (budget-- <= 0) return;
        if (it.type === 'alias') {
          out.push(aliasSymbol(it));
          return;
        }
        const r = resolve(it);
        out.push({
          name: itemName(r, i) || `[${i}]`,
          kind: kindOf(r),
          offset: it.offset,
          length: it.length,
          selectionOffset: it.offset,
          selectionLength: Math.min(it.length, 1),
          children: childrenOf(r, depth + 1),
        });
      });
      return out;
    }
    return [];
  };
  // An alias is a leaf: the anchored subtree is outlined where it is written, once. Expanded here, a
  // few lines of aliases would give an outline of millions of symbols, lying outside their parents.
  const aliasDetail = (a: AliasNode): string => {
    const d = detailOf(a.target);
    return maskMessage(`*${a.name}`) + (d !== undefined ? ` (${d})` : '');
  };
  const aliasSymbol = (a: AliasNode): SymbolEntry => {
    const length = Math.min(a.length || a.name.length + 1, a.name.length + 1);
    return {
      name: maskMessage(`*${a.name}`),
      detail: detailOf(a.target),
      kind: kindOf(a.target),
      offset: a.offset,
      length,
      selectionOffset: a.offset,
      selectionLength: length,
      children: [],
    };
  };
  const propertySymbol = (p: PropertyNode, depth: number): SymbolEntry | undefined => {
    if (budget-- <= 0) return undefined;
    const v = resolve(p.value);
    return {
      // A key can be a secret too (pasted as `apiKey: {hunter2}`, secretRanges).
      name: holdsSecret(p.key, secrets) ? HIDDEN : maskMessage(p.key.value) || '(empty key)',
      detail: p.value?.type === 'alias' ? aliasDetail(p.value) : detailOf(v),
      kind: kindOf(v),
      offset: p.offset,
      length: Math.max(p.length, p.key.length),
      selectionOffset: p.key.offset,
      selectionLength: p.key.length,
      children: p.value?.type === 'alias' ? [] : childrenOf(v, depth + 1),
    };
  };
  const symbols = childrenOf(root, 0);
  return { symbols, budget };
}

function kindOf(n: Node | undefined): SymbolKind {
  if (!n || n.type === 'alias') return 'null';
  return n.type;
}

const HIDDEN = '********';

/**
 * A label on one line: a block scalar's text (`|`, `|2+` with its kept indentation and final lines) is
 * shown as a folded one (`>-`) is, its line breaks and runs of blanks one space, none around it.
 */
function oneLine(s: string): string {
  return /\s\s|[^ \S]|^\s|\s$/.test(s) ? s.replace(/\s+/g, ' ').trim() : s;
}

/** Whether a secret range covers the node's value (quotes aside); a part of it (a URL's user information) is masked by shape. */
function holdsSecret(n: Node, secrets: readonly Range[]): boolean {
  return coversValue(secrets, n);
}

/** The detail before masking and cutting (a cut first could leave a credential too short to recognise). */
function rawDetailOf(n: Node | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === 'string') return n.value;
  if (n.type === 'number' || n.type === 'boolean') return String(n.value);
  if (n.type === 'object') {
    // A discriminated object shows its variant (or a primitive override its primitive).
    for (const key of labelKeys()) {
      const p = n.properties.find((x) => x.key.value === key);
      const v = resolve(p?.value);
      if (v?.type === 'string') return v.value;
    }
  }
  if (n.type === 'array') return `${n.items.length} item${n.items.length === 1 ? '' : 's'}`;
  return undefined;
}

function rawItemName(n: Node | undefined, i: number, secrets: readonly Range[]): string {
  if (n?.type === 'object') {
    const scalars = n.properties
      .map((p) => resolve(p.value))
      .filter((v) => v?.type === 'string' && !holdsSecret(v, secrets))
      .slice(0, 2) as { value: string }[];
    if (scalars.length > 0) return scalars.map((s) => s.value).join('.');
  }
  if (n && holdsSecret(n, secrets) && n.type !== 'array') return HIDDEN;
  if (n?.type === 'string' || n?.type === 'number' || n?.type === 'boolean') return String(n.value);
  return `[${i}]`;
}

export interface FoldingEntry {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}

export function foldingRanges(
  doc: ParsedDocument,
  lines: LineIndex = new LineIndex(doc.text),
  limit = 20_000,
): FoldingEntry[] {
  const out: FoldingEntry[] = [];
  // Every document's tree (a multi-document file's too); the comment runs below are the file's.
  const stack: Node[] = [];
  for (const d of allDocuments(doc)) if (d.root) stack.push(d.root);
  // Lines that are text of a multi-line scalar (a block scalar's `# Role` is no comment).
  const textLines: [number, number][] = [];
  while (stack.length > 0 && out.length < limit) {
    const n = stack.pop()!;
    if (n.type === 'string') {
      const nl = doc.text.indexOf('\n', n.offset);
      if (nl < 0 || nl >= n.offset + n.length) continue;
      // A block scalar (or a quoted string over lines) folds from its key's line to its last text.
      const first = lines.positionAt(n.offset).line;
      const last = lines.positionAt(lastContentOffset(doc.text, n.offset + n.length)).line;
      if (last > first) textLines.push([first + 1, last]);
      const start = foldStart(n, lines);
      if (last > start) out.push({ startLine: start, endLine: last });
      continue;
    }
    if (n.type !== 'object' && n.type !== 'array') continue;
    const startLine = foldStart(n, lines);
    const endLine = lines.positionAt(lastContentOffset(doc.text, n.offset + n.length)).line;
    const end = n.flow ? endLine - 1 : endLine;
    // The top level is the whole document: nothing to fold it into.
    if (end > startLine && n.parent) out.push({ startLine, endLine: end });
    if (n.type === 'object') for (const p of n.properties) if (p.value) stack.push(p.value);
    if (n.type === 'array') for (const it of n.items) stack.push(it);
  }
  // Runs of comment lines fold too.
  const text = doc.text;
  textLines.sort((a, b) => a[0] - b[0]);
  let t = 0;
  let runStart = -1;
  for (let line = 0; line < lines.lineCount; line++) {
    const s = lines.lineStart(line);
    while (t < textLines.length && textLines[t]![1] < line) t++;
    const inText = t < textLines.length && textLines[t]![0] <= line;
    const isComment = !inText && /^\s*(#|\/\/)/.test(text.slice(s, s + 200));
    if (isComment && runStart < 0) runStart = line;
    if (!isComment && runStart >= 0) {
      if (line - 1 > runStart) out.push({ startLine: runStart, endLine: line - 1, kind: 'comment' });
      runStart = -1;
    }
  }
  return out.sort((a, b) => a.startLine - b.startLine);
}

function foldStart(n: Node, lines: LineIndex): number {
  // A block mapping folds from the line of the key that holds it.
  const parent = n.parent;
  if (parent?.type === 'property' && !((n.type === 'object' || n.type === 'array') && n.flow))
    return lines.positionAt(parent.key.offset).line;
  return lines.positionAt(n.offset).line;
}

function lastContentOffset(text: string, end: number): number {
  let i = Math.min(end, text.length) - 1;
  while (i > 0 && /\s/.test(text[i]!)) i--;
  return Math.max(0, i);
}

export interface SelectionEntry {
  offset: number;
  length: number;
}

/** Ranges from the innermost (the word) outwards: key or value, property, mapping, enclosing property… */
export function selectionRanges(doc: ParsedDocument, offset: number): SelectionEntry[] {
  const out: SelectionEntry[] = [];
  const push = (o: number, l: number): void => {
    const last = out[out.length - 1];
    if (last && last.offset === o && last.length === l) return;
    if (last && (o > last.offset || o + l < last.offset + last.length)) return;
    out.push({ offset: o, length: l });
  };
  let cur: Node | PropertyNode | undefined = nodeAt(documentAt(doc, offset).root, offset);
  while (cur) {
    push(cur.offset, cur.length);
    cur = cur.parent;
  }
  if (out.length === 0 || out[out.length - 1]!.length < doc.text.length) push(0, doc.text.length);
  return out;
}
