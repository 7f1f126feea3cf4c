// Walks the tree beside the schema: every mapping, list and scalar is visited with the schema that
// applies at its place (a discriminated object's variant resolved). Rules and features build on it.
import type { ArrayNode, Node, Parent, PropertyNode } from '../parser/ast';
import { CHUNK } from './value';
import type { Resolved, Schema } from './schema';
import { readProperties } from './merge';
import { rootSchema, resolveFor, propertySchema, itemSchema, plainResolved } from './schema';

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
  /** Not a node: chunk `chunk` of this list's items (see WalkHooks). */
  chunkOf: ArrayNode | undefined;
  chunk: number;
}

/**
 * What a caller knows of list items (validation's unit cache). `item` is offered each list item (a
 * mapping or a list) that the walk reaches without an alias, when the walk gets to it: answering true
 * means the caller has dealt with that subtree (replayed what it found there before), and the walk
 * does not descend into it. `chunk` is offered items [c × CHUNK, (c + 1) × CHUNK) of a long list
 * reached without an alias, in their place in the walk, the same way.
 */
export interface WalkHooks {
  /** `seen`: the walk's record of alias targets walked so far (see `SeenTargets`). */
  item(node: Node, expected: Schema | undefined, seen: SeenTargets): boolean;
  chunk?(list: ArrayNode, c: number, expected: Schema | undefined): boolean;
}

/**
 * The alias targets a walk has walked through, per schema: a target reached again with a schema it was
 * walked with is not walked again. `log`, when set, gets each decision in order (the target, the schema,
 * whether it was the first): validation's cache replays what it found in a list item holding an alias
 * only where the same decisions would be made again (validation/units.ts).
 */
export interface SeenTargets {
  map: Map<Node, Set<Schema | undefined>>;
  log?: (Node | Schema | boolean | undefined)[];
}

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
  hooks?: WalkHooks,
  rootExpected: Schema | undefined = rootSchema,
  seen?: SeenTargets,
): void {
  if (!root) return;
  // Made at the first alias (most documents have none), or at the first list item offered to the hooks.
  let seenTargets: Map<Node, Set<Schema | undefined>> | undefined = seen?.map;
  const log = seen?.log;
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
      chunkOf: undefined,
      chunk: 0,
    },
  ];
  const pushItem = (it: Node, is: Schema | undefined, via: Node | undefined): void => {
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
        chunkOf: undefined,
        chunk: 0,
      });
  };
  // One Visit for the whole walk, filled in for each node (a visit is read while `visit` runs, never
  // kept: its `resolved` may be): no object per node, and every visit has the same keys in the same
  // order (`via` undefined when there is none), so the rules read them at one shape.
  const v: Visit = {
    node: root,
    expected: undefined,
    resolved: plainResolved(undefined),
    prop: undefined,
    chainDepth: 0,
    owner: undefined,
    via: undefined,
  };
  const scalar = (
    node: Node,
    expected: Schema | undefined,
    prop: PropertyNode | undefined,
    owner: Schema | undefined,
    via: Node | undefined,
  ): void => {
    v.node = node;
    v.expected = expected;
    v.resolved = plainResolved(expected);
    v.prop = prop;
    v.chainDepth = 0;
    v.owner = owner;
    v.via = via;
    visit(v);
  };
  while (stack.length > 0) {
    const item = stack.pop()!;
    const list = item.chunkOf;
    if (list) {
      if (hooks?.chunk?.(list, item.chunk, item.expected)) continue;
      const from = item.chunk * CHUNK;
      for (let i = Math.min(list.items.length, from + CHUNK) - 1; i >= from; i--)
        pushItem(list.items[i]!, item.expected, undefined);
      continue;
    }
    let node = item.node;
    if (item.unit && hooks && node) {
      seen ??= { map: (seenTargets ??= new Map<Node, Set<Schema | undefined>>()) };
      if (hooks.item(node, item.expected, seen)) continue;
    }
    let via = item.via;
    if (node?.type === 'alias') {
      via ??= node;
      const t = node.target;
      if (!t) continue;
      seenTargets ??= new Map<Node, Set<Schema | undefined>>();
      let targetSeen = seenTargets.get(t);
      if (!targetSeen) seenTargets.set(t, (targetSeen = new Set()));
      const first = !targetSeen.has(item.expected);
      if (log) log.push(t, item.expected, first);
      if (!first) continue;
      targetSeen.add(item.expected);
      node = t;
    }
    if (!node) continue;
    if (node.type !== 'object' && node.type !== 'array') {
      scalar(node, item.expected, item.prop, item.owner, via);
      continue;
    }
    // Only mappings can select a variant.
    const resolved = node.type === 'object' ? resolveFor(item.expected, node) : plainResolved(item.expected);
    const unionName = resolved.union?.name;
    const chainDepth = unionName && unionName === item.parentUnion ? item.chainDepth + 1 : unionName ? 1 : 0;
    v.node = node;
    v.expected = item.expected;
    v.resolved = resolved;
    v.prop = item.prop;
    v.chainDepth = chainDepth;
    v.owner = item.owner;
    v.via = via;
    visit(v);
    if (node.type === 'object') {
      const obj = node;
      const props = readProperties(node);
      const owner = resolved.schema;
      for (let i = props.length - 1; i >= 0; i--) {
        const p = props[i]!;
        const v = p.value;
        // A mapping that merges a mapping it lies in (`a: &x {b: {<<: *x}}`) would be walked again
        // and again through the merged property that holds it; the loop is reported once, at the
        // alias, by validation (`fallback-cycle`).
        if (p.parent !== obj && v && (v.type === 'object' || v.type === 'array') && encloses(v, obj)) continue;
        // A property merged in by `<<` is the merged mapping's text: reached through the merge value.
        const pVia =
          via ??
          (p.parent !== obj ? obj.properties.find((q) => q.key.value === '<<' && !q.key.quoted)?.value : undefined);
        const expected = propertySchema(resolved.schema, p.key.value);
        if (v && v.type !== 'object' && v.type !== 'array' && v.type !== 'alias') scalar(v, expected, p, owner, pVia);
        else
          stack.push({
            node: v,
            owner,
            expected,
            prop: p,
            parentUnion: unionName,
            chainDepth,
            via: pVia,
            unit: false,
            chunkOf: undefined,
            chunk: 0,
          });
      }
    } else {
      const is = itemSchema(resolved.schema);
      const n = node.items.length;
      if (hooks?.chunk && via === undefined && n >= CHUNK) {
        for (let c = Math.ceil(n / CHUNK) - 1; c >= 0; c--)
          stack.push({
            node: undefined,
            owner: undefined,
            expected: is,
            prop: undefined,
            parentUnion: undefined,
            chainDepth: 0,
            via: undefined,
            unit: false,
            chunkOf: node,
            chunk: c,
          });
      } else for (let i = n - 1; i >= 0; i--) pushItem(node.items[i]!, is, via);
    }
  }
}

/** Whether `outer` is `inner` or one of the collections it lies in. */
function encloses(outer: Node, inner: Node): boolean {
  for (let n: Node | Parent = inner; n; n = n.parent) if (n === outer) return true;
  return false;
}
