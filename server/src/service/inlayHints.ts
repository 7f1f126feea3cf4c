// Inlay hints: after `valueFromEnv: NAME`, whether the variable is set and where (never its value);
// after a `provider` inside a `fallback`, how deep in the chain it is ("fallback 2"). Only the nodes
// inside the requested range are visited, so a hint request on a large file stays cheap.
import type { Node, ParsedDocument, PropertyNode } from '../parser/ast';
import type { ServiceContext } from './types';
import { maskShapes } from './credentialShapes';
import { dotenvNamed, notDefinedWhere } from './dotenv';
import { allDocuments } from '../parser/documents';

export interface InlayHintEntry {
  /** Where the hint is shown (just after the value). */
  offset: number;
  label: string;
  tooltip?: string;
}

export interface OffsetRange {
  offset: number;
  length: number;
}

/** The properties whose key starts inside `range`, in text order; subtrees outside it are skipped. */
export function propertiesInRange(root: Node | undefined, range: OffsetRange, visit: (p: PropertyNode) => void): void {
  if (!root) return;
  const from = range.offset;
  const to = range.offset + range.length;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'object') {
      const props = n.properties;
      // Properties are in text order: binary search the first one that can reach `from`.
      let lo = 0;
      let hi = props.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const p = props[mid]!;
        if (p.offset + p.length < from) lo = mid + 1;
        else hi = mid;
      }
      const children: Node[] = [];
      for (let i = lo; i < props.length; i++) {
        const p = props[i]!;
        if (p.offset > to) break;
        if (p.key.offset >= from && p.key.offset <= to) visit(p);
        const v = p.value;
        if (v && (v.type === 'object' || v.type === 'array')) children.push(v);
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    } else if (n.type === 'array') {
      const children: Node[] = [];
      for (const it of n.items) {
        if (it.offset > to) break;
        if (it.offset + it.length < from) continue;
        if (it.type === 'object' || it.type === 'array') children.push(it);
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
}

/** How many `fallback` keys lead to this mapping, counting only the unbroken chain right above it. */
export function fallbackDepth(obj: Node): number {
  let depth = 0;
  let cur: Node = obj;
  for (;;) {
    const holder = cur.parent;
    if (holder?.type !== 'property' || holder.key.value !== 'fallback') return depth;
    depth++;
    cur = holder.parent;
  }
}

export function inlayHints(doc: ParsedDocument, range: OffsetRange, ctx: ServiceContext = {}): InlayHintEntry[] {
  const out: InlayHintEntry[] = [];
  const visit = (p: PropertyNode): void => {
    const key = p.key.value;
    const v = p.value;
    if (!v || v.type !== 'string' || v.length === 0) return;
    if (key === 'valueFromEnv' && ctx.env && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v.value)) {
      const set = ctx.env.isDefined(v.value);
      const where = set ? ctx.env.sourceOf(v.value) : undefined;
      if (set && ctx.env.emptyInDotenv?.(v.value)) {
        out.push({
          offset: v.offset + v.length,
          label: '✗ empty in .env',
          tooltip: `${maskShapes(v.value)} is set in ${dotenvNamed(ctx.env.dotenvShown)} but empty.`,
        });
        return;
      }
      out.push({
        offset: v.offset + v.length,
        label: set ? `✓ set${where ? ` in ${where === 'workspace .env' ? '.env' : where}` : ''}` : '✗ not set',
        tooltip: set
          ? `${maskShapes(v.value)} is set${where ? ` (${where})` : ''}; its value is never shown.`
          : `${maskShapes(v.value)} is ${notDefinedWhere(ctx.env)}.`,
      });
    } else if (key === 'provider') {
      const depth = fallbackDepth(p.parent);
      if (depth > 0)
        out.push({
          offset: v.offset + v.length,
          label: `fallback ${depth}`,
          tooltip: `Used when the LLM ${depth === 1 ? 'above' : `${depth} levels above`} fails.`,
        });
    }
  };
  // Every AssistantConfig document of the file (a second one after `---` too).
  for (const d of allDocuments(doc, 'config')) propertiesInRange(d.root, range, visit);
  return out;
}
