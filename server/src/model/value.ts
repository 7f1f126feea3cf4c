// Tree → plain JS value for ajv, with YAML aliases shared (not copied), loops cut and counted.
import type { Node, AliasNode } from '../parser/ast';
import { resolve } from '../parser/ast';

export interface ValueResult {
  value: unknown;
  /** Aliases that point back at a node that encloses them: the value would be infinite. */
  cycles: AliasNode[];
  /** Aliases whose anchor is not defined before them. */
  unresolved: AliasNode[];
  /** How many nodes the value has once every alias is expanded (capped at `limit + 1`). */
  expandedSize: number;
}

/** Converts the tree. Stops expanding (and reports a size above `limit`) on alias bombs. */
export function toValue(root: Node | undefined, limit: number): ValueResult {
  const cycles: AliasNode[] = [];
  const unresolved: AliasNode[] = [];
  const memo = new Map<Node, unknown>();
  const sizes = new Map<Node, number>();
  const inProgress = new Set<Node>();

  // Expanded size first (memoised over the alias DAG), so a bomb is refused before it is built.
  const sizeOf = (n: Node | undefined): number => {
    if (!n) return 1;
    if (n.type === 'alias') {
      if (!n.target) {
        unresolved.push(n);
        return 1;
      }
      if (inProgress.has(n.target)) {
        cycles.push(n);
        return 1;
      }
      return sizeOf(n.target);
    }
    const known = sizes.get(n);
    if (known !== undefined) return known;
    let s = 1;
    if (n.type === 'object' || n.type === 'array') {
      inProgress.add(n);
      if (n.type === 'object') for (const p of n.properties) s = Math.min(limit + 1, s + sizeOf(p.value));
      else for (const it of n.items) s = Math.min(limit + 1, s + sizeOf(it));
      inProgress.delete(n);
    }
    sizes.set(n, s);
    return s;
  };
  const expandedSize = sizeOf(root);
  if (expandedSize > limit) return { value: undefined, cycles, unresolved, expandedSize };

  const cyclic = new Set(cycles);
  const convert = (node: Node | undefined): unknown => {
    if (!node) return null;
    if (node.type === 'alias') {
      if (cyclic.has(node) || !node.target) return null;
      return convert(resolve(node));
    }
    const known = memo.get(node);
    if (known !== undefined) return known;
    let v: unknown;
    switch (node.type) {
      case 'object': {
        const o: Record<string, unknown> = {};
        memo.set(node, o);
        for (const p of node.properties) {
          // The first occurrence wins for validation; duplicates get their own diagnostic.
          if (!Object.prototype.hasOwnProperty.call(o, p.key.value)) {
            Object.defineProperty(o, p.key.value, { value: convert(p.value), enumerable: true, writable: true, configurable: true });
          }
        }
        return o;
      }
      case 'array': {
        const a: unknown[] = [];
        memo.set(node, a);
        for (const it of node.items) a.push(convert(it));
        return a;
      }
      case 'null':
        v = null;
        break;
      default:
        v = node.value;
    }
    return v;
  };
  return { value: convert(root), cycles, unresolved, expandedSize };
}
