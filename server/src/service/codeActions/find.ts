// Finding the nodes a diagnostic speaks of, from its range and the schema.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { nodeAt, resolve } from '../../parser/ast';
import type { Resolved } from '../../model/schema';
import { walkTyped } from '../../model/typedWalk';
import type { Visit } from '../../model/typedWalk';

export interface ObjectSite {
  obj: ObjectNode;
  resolved: Resolved;
  /** The property whose value the object is, if any. */
  prop: PropertyNode | undefined;
}

/** The first object (in document order, aliases walked once) that `pred` accepts. */
export function findObject(doc: ParsedDocument, pred: (v: Visit, obj: ObjectNode) => boolean): ObjectSite | undefined {
  let found: ObjectSite | undefined;
  walkTyped(doc.root, (v) => {
    if (found || v.node.type !== 'object') return;
    if (pred(v, v.node)) found = { obj: v.node, resolved: v.resolved, prop: v.prop };
  });
  return found;
}

/** The property whose key starts at `offset`. */
export function propertyAtKey(doc: ParsedDocument, offset: number): PropertyNode | undefined {
  const n = nodeAt(doc.root, offset);
  const p = n?.parent;
  return n?.type === 'string' && p?.type === 'property' && p.key === n && n.offset === offset ? p : undefined;
}

/** The property whose key or value holds `offset`. */
export function propertyAt(doc: ParsedDocument, offset: number): PropertyNode | undefined {
  const n = nodeAt(doc.root, offset);
  const p = n?.parent;
  return p?.type === 'property' ? p : undefined;
}

/** The value node that starts at `offset` (a scalar a diagnostic points at). */
export function valueAt(doc: ParsedDocument, offset: number): Node | undefined {
  const n = nodeAt(doc.root, offset);
  if (!n || n.offset !== offset) return undefined;
  const p = n.parent;
  if (p?.type === 'property' && p.key === n) return undefined;
  return n;
}

/** The mapping at a path of keys and indexes (after a re-parse). */
export function objectAtPath(root: Node | undefined, path: readonly (string | number)[]): ObjectNode | undefined {
  let n = resolve(root);
  for (const seg of path) {
    if (typeof seg === 'number') n = n?.type === 'array' ? resolve(n.items[seg]) : undefined;
    else if (n?.type === 'object') {
      let next: Node | undefined;
      for (const p of n.properties) if (p.key.value === seg) { next = p.value; break; }
      n = resolve(next);
    } else n = undefined;
  }
  return n?.type === 'object' ? n : undefined;
}
