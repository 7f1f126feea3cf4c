// Walks the tree beside the schema: every mapping, list and scalar is visited with the schema that
// applies at its place (a discriminated object's variant resolved). Rules and features build on it.
import type { Node, PropertyNode } from '../parser/ast';
import { resolve } from '../parser/ast';
import type { Resolved, Schema } from './schema';
import { rootSchema, resolveFor, propertySchema, itemSchema, unwrapNullable } from './schema';

export interface Visit {
  node: Node;
  /** The schema expected at this place, before variant resolution. */
  expected: Schema | undefined;
  resolved: Resolved;
  /** The property whose value this is, if any. */
  prop: PropertyNode | undefined;
  /** How many objects of the same discriminated union enclose this one directly (fallback chains). */
  chainDepth: number;
}

/** Calls `visit` for each node, parents before children. Each alias target is walked once at most. */
export function walkTyped(root: Node | undefined, visit: (v: Visit) => void): void {
  const r = resolve(root);
  if (!r) return;
  const seenTargets = new Set<Node>();
  type Item = { node: Node | undefined; expected: Schema | undefined; prop: PropertyNode | undefined; parentUnion: string | undefined; chainDepth: number };
  const stack: Item[] = [{ node: root, expected: rootSchema, prop: undefined, parentUnion: undefined, chainDepth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    let node = item.node;
    if (node?.type === 'alias') {
      const t = node.target;
      if (!t || seenTargets.has(t)) continue;
      seenTargets.add(t);
      node = t;
    }
    if (!node) continue;
    // Only mappings can select a variant; scalars and lists skip the union lookup.
    const resolved = node.type === 'object' ? resolveFor(item.expected, node) : { schema: unwrapNullable(item.expected) };
    const unionName = resolved.union?.name;
    const chainDepth = unionName && unionName === item.parentUnion ? item.chainDepth + 1 : unionName ? 1 : 0;
    visit({ node, expected: item.expected, resolved, prop: item.prop, chainDepth });
    if (node.type === 'object') {
      for (let i = node.properties.length - 1; i >= 0; i--) {
        const p = node.properties[i]!;
        stack.push({ node: p.value, expected: propertySchema(resolved.schema, p.key.value), prop: p, parentUnion: unionName, chainDepth });
      }
    } else if (node.type === 'array') {
      const is = itemSchema(resolved.schema);
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], expected: is, prop: undefined, parentUnion: undefined, chainDepth: 0 });
    }
  }
}
