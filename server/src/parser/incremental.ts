// Incremental reparse of the common edit: typing inside one scalar (a value or a key) on one line.
// The scalar is re-read alone, the tree is patched in place and every later offset shifted; any edit
// that could change the structure returns undefined and the caller parses the whole text again.
import { parseDocument, isScalar } from 'yaml';
import type { Node, ParsedDocument, PropertyNode } from './ast';
import { nodeAt } from './ast';
import { fastParseJson } from './fastJson';

type Scalar = Extract<Node, { type: 'string' | 'number' | 'boolean' | 'null' }>;
type ScalarFields = { type: 'string'; value: string; quoted: boolean } | { type: 'number'; value: number } | { type: 'boolean'; value: boolean } | { type: 'null' };

/** The document after replacing [start, end) of `prev.text` with `newText`, or undefined. */
export function applyEdit(prev: ParsedDocument, start: number, end: number, newText: string): ParsedDocument | undefined {
  if (prev.problems.length > 0 || !prev.root || end < start) return undefined;
  if (/[\r\n]/.test(newText) || /[\r\n]/.test(prev.text.slice(start, end))) return undefined;
  const node = nodeAt(prev.root, start);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'alias') return undefined;
  if (node.anchor || start < node.offset || end > node.offset + node.length || node.length === 0) return undefined;
  const text = prev.text.slice(0, start) + newText + prev.text.slice(end);
  const delta = newText.length - (end - start);
  const token = text.slice(node.offset, node.offset + node.length + delta);
  const isKey = node.parent?.type === 'property' && node.parent.key === node;
  const fresh = prev.language === 'json' ? readJsonScalar(token) : readYamlScalar(token, node, isKey);
  if (!fresh || (isKey && fresh.type !== 'string')) return undefined;
  if (isKey && (node.parent as PropertyNode).colonOffset < 0) return undefined;

  // Patch the scalar in place; then shift everything after the edit, and grow what contains it.
  const target = node as Scalar;
  Object.assign(target, fresh, { offset: node.offset, length: token.length, parent: node.parent });
  if (fresh.type !== 'string') delete (target as { quoted?: boolean }).quoted;
  if (fresh.type === 'null' || fresh.type === 'string') delete (target as { value?: unknown }).value;
  if (fresh.type !== 'null') (target as { value: unknown }).value = fresh.value;
  if (delta !== 0) shift(prev.root, end, delta, target);
  return { text, language: prev.language, root: prev.root, problems: [] };
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
  if (doc.errors.length > 0 || doc.warnings.length > 0 || !isScalar(c) || !c.range || c.range[0] !== 0 || c.range[1] !== token.length) return undefined;
  const quoted = c.type === 'QUOTE_DOUBLE' || c.type === 'QUOTE_SINGLE';
  if (quoted !== wasQuoted) return undefined;
  if (isKey) return { type: 'string', value: String(c.value ?? ''), quoted };
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

/** Moves what starts at or after `at` (the old end of the edit) by `delta`; grows what contains the scalar. */
function shift(root: Node, at: number, delta: number, edited: Node): void {
  // Containers that enclose the edited scalar are exactly those spanning its old range.
  const from = edited.offset;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'object') {
      if (n.offset <= from && n.offset + n.length >= at) n.length += delta;
      else if (n.offset >= at) n.offset += delta;
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
      for (const it of n.items) stack.push(it);
    } else if (n !== edited && n.offset >= at) {
      n.offset += delta;
    }
  }
}
