// Walks the tree beside the schema: every mapping, list and scalar is visited with the schema that
// applies at its place (a discriminated object's variant resolved). Rules and features build on it.
import type { Node, PropertyNode } from '../parser/ast';
import type { Resolved, Schema } from './schema';
import { readProperties } from './merge';
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
  /** The schema of the mapping this is a value of (its variant resolved), when it is a property's value. */
  owner?: Schema | undefined;
  /** The first alias (or `<<` merge value) on the way to this node: its text is the anchor's, shared. */
  via?: Node | undefined;
}

interface Item {
  node: Node | undefined;
  owner: Schema | undefined;
  expected: Schema | undefined;
  prop: PropertyNode | undefined;
  parentUnion: string | undefined;
  chainDepth: number;
  via: Node | undefined;
  /** A list item reached without an alias: its findings depend on its subtree and `expected` only. */
  unit: boolean;
}

/**
 * Offered each list item (a mapping or a list) that the walk reaches without an alias, when the walk
 * gets to it: answering true means the caller has dealt with that subtree (replayed what it found
 * there before), and the walk does not descend into it.
 */
export type UnitHook = (node: Node, expected: Schema | undefined) => boolean;

/**
 * Calls `visit` for each node, parents before their children, as a loader reads the document: a
 * duplicate key's last occurrence only, YAML merge keys applied (model/merge.ts). A node reached
 * through aliases is walked once per schema it is reached with (an `apiKey: *ref` is checked as an
 * EnvironmentValue even when the anchor was first used elsewhere); the expansion bound that
 * validation checks first keeps that finite and small. Scalars are visited in place, without a
 * stack entry: on large files most nodes are scalars.
 */
export function walkTyped(
  root: Node | undefined,
  visit: (v: Visit) => void,
  units?: UnitHook,
  rootExpected: Schema | undefined = rootSchema,
): void {
  if (!root) return;
  const seenTargets = new Map<Node, Set<Schema | undefined>>();
  const stack: Item[] = [
    {
      node: root,
      owner: undefined,
      expected: rootExpected,
      prop: undefined,
      parentUnion: undefined,
      chainDepth: 0,
      via: undefined,
      unit: false,
    },
  ];
  const scalar = (
    node: Node,
    expected: Schema | undefined,
    prop: PropertyNode | undefined,
    owner: Schema | undefined,
    via: Node | undefined,
  ): void => {
    visit({
      node,
      expected,
      resolved: { schema: unwrapNullable(expected) },
      prop,
      chainDepth: 0,
      owner,
      ...(via ? { via } : {}),
    });
  };
  while (stack.length > 0) {
    const item = stack.pop()!;
    let node = item.node;
    if (item.unit && units && node && units(node, item.expected)) continue;
    let via = item.via;
    if (node?.type === 'alias') {
      via ??= node;
      const t = node.target;
      if (!t) continue;
      let seen = seenTargets.get(t);
      if (!seen) seenTargets.set(t, (seen = new Set()));
      if (seen.has(item.expected)) continue;
      seen.add(item.expected);
      node = t;
    }
    if (!node) continue;
    if (node.type !== 'object' && node.type !== 'array') {
      scalar(node, item.expected, item.prop, item.owner, via);
      continue;
    }
    // Only mappings can select a variant.
    const resolved =
      node.type === 'object' ? resolveFor(item.expected, node) : { schema: unwrapNullable(item.expected) };
    const unionName = resolved.union?.name;
    const chainDepth = unionName && unionName === item.parentUnion ? item.chainDepth + 1 : unionName ? 1 : 0;
    visit({
      node,
      expected: item.expected,
      resolved,
      prop: item.prop,
      chainDepth,
      owner: item.owner,
      ...(via ? { via } : {}),
    });
    if (node.type === 'object') {
      const obj = node;
      const props = readProperties(node);
      const owner = resolved.schema;
      for (let i = props.length - 1; i >= 0; i--) {
        const p = props[i]!;
        const v = p.value;
        // A property merged in by `<<` is the merged mapping's text: reached through the merge value.
        const pVia =
          via ??
          (p.parent !== obj ? obj.properties.find((q) => q.key.value === '<<' && !q.key.quoted)?.value : undefined);
        const expected = propertySchema(resolved.schema, p.key.value);
        if (v && v.type !== 'object' && v.type !== 'array' && v.type !== 'alias') scalar(v, expected, p, owner, pVia);
        else
          stack.push({ node: v, owner, expected, prop: p, parentUnion: unionName, chainDepth, via: pVia, unit: false });
      }
    } else {
      const is = itemSchema(resolved.schema);
      for (let i = node.items.length - 1; i >= 0; i--) {
        const it = node.items[i]!;
        // Scalar list items (columns, function names…) are not visited: no rule needs them.
        if (it.type === 'object' || it.type === 'array' || it.type === 'alias')
          stack.push({
            node: it,
            owner: undefined,
            expected: is,
            prop: undefined,
            parentUnion: undefined,
            chainDepth: 0,
            via,
            unit: via === undefined && it.type !== 'alias',
          });
      }
    }
  }
}
