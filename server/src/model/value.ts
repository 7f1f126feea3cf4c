// Tree → plain JS value for ajv, with YAML aliases shared (not copied), loops cut and counted.
import type { Node, AliasNode, ArrayNode } from '../parser/ast';
import { isMergeKey } from './merge';

function set(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

export interface ValueResult {
  value: unknown;
  /** Aliases that point back at a node that encloses them: the value would be infinite. */
  cycles: AliasNode[];
  /** Aliases whose anchor is not defined before them. */
  unresolved: AliasNode[];
  /** How many nodes the value has once every alias is expanded (capped at `limit + 1`). */
  expandedSize: number;
}

/**
 * What a caller may know about a list item that holds no anchor, alias or merge key (a "unit"): its
 * value and node counts depend on its own subtree only, so they are kept across edits elsewhere
 * (service/validation/units.ts). `unit` answers undefined for any other node.
 */
export interface UnitValues {
  unit(node: Node): UnitValue | undefined;
  /**
   * Items [c × CHUNK, (c + 1) × CHUNK) of a long list, when every one of them is a unit: their values,
   * node counts and sizes together, so that an edit costs one check per chunk, not one per item.
   * `knownOnly`: only a chunk kept from before (whose items are the same), none made now.
   */
  chunk?(list: ArrayNode, c: number, knownOnly?: boolean): ChunkValue | undefined;
  /**
   * Whether the cache has seen this list item; when not, `learn` is told whether it is a unit as the
   * conversion walks it anyway (what `unit` would otherwise find by a walk of its own), and answers
   * like `unit`.
   */
  seen?(node: Node): boolean;
  learn?(node: Node, pure: boolean): UnitValue | undefined;
  /**
   * A list item that holds an anchor, an alias or a merge key: what its conversion gave when neither it
   * nor an anchored node it reaches through its aliases changed since (undefined: convert it).
   */
  held?(node: Node): HeldValue | undefined;
  /** Keeps what the conversion of such an item gave (no loop, no alias without its anchor in it). */
  hold?(node: Node, value: HeldValue): void;
}
/** A list item holding an alias: its value, node count, and its aliases' count and expanded size. */
export interface HeldValue {
  value: unknown;
  nodes: number;
  aliases: number;
  aliasSize: number;
  /** The limit the sizes were capped at. */
  sizeLimit: number;
}
/** Long lists are cached in chunks of this many items. */
export const CHUNK = 32;
export interface ChunkValue {
  values?: unknown[];
  nodes?: number;
  size?: number;
  sizeLimit?: number;
}
export interface UnitValue {
  value?: unknown;
  /** Nodes counted by the conversion. */
  nodes?: number;
  /** The expanded size (see `expanded`) and the limit it was capped at. */
  size?: number;
  sizeLimit?: number;
}

/**
 * Converts the tree in one pass. Only anchored nodes are memoised and tracked for loops (an alias
 * can only point at an anchor), so a document without aliases costs one walk and no maps. When
 * aliases exist, the expanded size is computed over the alias DAG, so an alias bomb is refused
 * before a validator walks it.
 */
export function toValue(root: Node | undefined, limit: number, units?: UnitValues): ValueResult {
  const cycles: AliasNode[] = [];
  const unresolved: AliasNode[] = [];
  // Only anchored nodes go in these: made on the first one (most documents have none).
  let memo: Map<Node, unknown> | undefined;
  let inProgress: Set<Node> | undefined;
  // Aliases met by the walk of the tree itself and the sum of their expanded sizes (capped): with
  // the walk's node count they give the expanded size without a second walk of the whole tree
  // (only alias targets are walked again, each once: `sizer` memoises anchored nodes).
  let aliases = 0;
  let aliasSize = 0;
  let nodes = 0;
  /** Anchors, aliases and merge keys met (what makes a list item no unit, see UnitValues). */
  let impure = 0;
  /** > 0 while a target is converted again for an alias (not memoised: an anchored scalar). */
  let inTarget = 0;
  let sizer: ((n: Node) => number) | undefined;

  const convert = (node: Node | undefined): unknown => {
    if (!node) return null;
    nodes++;
    if (node.type !== 'alias' && node.anchor !== undefined) impure++;
    switch (node.type) {
      case 'alias': {
        impure++;
        const top = inTarget === 0;
        if (top) aliases++;
        const t = node.target;
        if (!t) {
          unresolved.push(node);
          if (top) aliasSize = Math.min(limit + 1, aliasSize + 1);
          return null;
        }
        if (inProgress?.has(t)) {
          cycles.push(node);
          if (top) aliasSize = Math.min(limit + 1, aliasSize + 1);
          return null;
        }
        // The enclosing anchored nodes being converted are the ones an alias inside the target
        // would loop back to (as a walk from the root would have them in progress).
        if (top)
          aliasSize = Math.min(
            limit + 1,
            aliasSize + (sizer ??= sizeWith(limit, units, (n) => inProgress?.has(n) ?? false))(t),
          );
        if (memo?.has(t)) return memo.get(t);
        const before = nodes;
        inTarget++;
        try {
          return convert(t);
        } finally {
          inTarget--;
          nodes = before;
        }
      }
      case 'object': {
        const o: Record<string, unknown> = {};
        if (node.anchor) {
          (memo ??= new Map()).set(node, o);
          (inProgress ??= new Set()).add(node);
        }
        let merged: unknown[] | undefined;
        // Index loops here and below: every mapping of every file passes here, mostly before the
        // optimising compiler has this code (a cold run of the CLI), where for…of pays an iterator
        // and a result object per step.
        const props = node.properties;
        for (let i = 0; i < props.length; i++) {
          const p = props[i]!;
          const k = p.key.value;
          if (k === '<<') {
            impure++;
            // A merge key's mappings are applied after the mapping's own keys, which win (model/merge.ts).
            if (isMergeKey(p)) {
              (merged ??= []).push(convert(p.value));
              continue;
            }
          } else if (p.key.anchor !== undefined) impure++;
          // With the same key twice, the last occurrence is read; duplicates get their own diagnostic.
          // (`set` written out: this runs for every key of every file.)
          const v = convert(p.value);
          if (k === '__proto__') set(o, k, v);
          else o[k] = v;
        }
        if (merged) {
          const own = new Set(Object.keys(o));
          for (const m of merged) {
            for (const src of Array.isArray(m) ? m : [m]) {
              if (typeof src !== 'object' || src === null || Array.isArray(src)) continue;
              for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
                if (own.has(k) || Object.prototype.hasOwnProperty.call(o, k)) continue;
                set(o, k, v);
              }
            }
          }
        }
        if (node.anchor) inProgress!.delete(node);
        return o;
      }
      case 'array': {
        const a: unknown[] = new Array(node.items.length);
        if (node.anchor) {
          (memo ??= new Map()).set(node, a);
          (inProgress ??= new Set()).add(node);
        }
        const n = node.items.length;
        const chunked = units?.chunk && n >= CHUNK;
        for (let from = 0; from < n; from += CHUNK) {
          const to = Math.min(n, from + CHUNK);
          // A chunk not kept from before is asked for after its items are converted: by then the cache
          // knows which are units (learnt by the conversion), without a walk of each.
          let ch = chunked ? units.chunk!(node, from / CHUNK, units.learn !== undefined) : undefined;
          if (ch?.values && ch.nodes !== undefined) {
            for (let i = from; i < to; i++) a[i] = ch.values[i - from];
            nodes += ch.nodes;
            continue;
          }
          const start = nodes;
          for (let i = from; i < to; i++) a[i] = item(node.items[i]!);
          if (chunked && !ch && units.learn) ch = units.chunk!(node, from / CHUNK);
          if (ch) {
            ch.values = a.slice(from, to);
            ch.nodes = nodes - start;
          }
        }
        if (node.anchor) inProgress!.delete(node);
        return a;
      }
      case 'null':
        return null;
      default:
        return node.value;
    }
  };
  /**
   * An item holding an anchor, alias or merge key, converted now; its value kept when it is a value of
   * its own: no enclosing anchored node is being converted (an alias inside could loop back to it) and
   * no loop or alias without its anchor was found in it.
   */
  const holdNow = (it: Node): unknown => {
    const before = nodes;
    const a0 = aliases;
    const s0 = aliasSize;
    const c0 = cycles.length;
    const u0 = unresolved.length;
    const v = convert(it);
    if (cycles.length === c0 && unresolved.length === u0 && aliasSize <= limit)
      units!.hold!(it, {
        value: v,
        nodes: nodes - before,
        aliases: aliases - a0,
        aliasSize: aliasSize - s0,
        sizeLimit: limit,
      });
    return v;
  };
  /** A list item, through the unit cache when it is a unit. */
  const item = (it: Node): unknown => {
    if (!units || (it.type !== 'object' && it.type !== 'array')) return convert(it);
    // (Only at the top: within an alias's target, or an anchored node, what an item holds is not its own.)
    const top = inTarget === 0 && (inProgress === undefined || inProgress.size === 0);
    if (units.learn && !units.seen!(it)) {
      const before = nodes;
      const was = impure;
      const a0 = aliases;
      const s0 = aliasSize;
      const c0 = cycles.length;
      const u0 = unresolved.length;
      const v = convert(it);
      const u = units.learn(it, impure === was);
      if (u) {
        u.value = v;
        u.nodes = nodes - before;
      } else if (top && units.hold && cycles.length === c0 && unresolved.length === u0 && aliasSize <= limit)
        units.hold(it, {
          value: v,
          nodes: nodes - before,
          aliases: aliases - a0,
          aliasSize: aliasSize - s0,
          sizeLimit: limit,
        });
      return v;
    }
    const u = units.unit(it);
    if (!u) {
      if (!top || !units.held) return convert(it);
      const h = units.held(it);
      if (!h || h.sizeLimit !== limit) return holdNow(it);
      nodes += h.nodes;
      aliases += h.aliases;
      aliasSize = Math.min(limit + 1, aliasSize + h.aliasSize);
      return h.value;
    }
    if (u.nodes === undefined) {
      const before = nodes;
      u.value = convert(it);
      u.nodes = nodes - before;
    } else nodes += u.nodes;
    return u.value;
  };
  const value = convert(root);
  // Each node of the tree counts 1, an alias the size of what it stands for.
  const expandedSize = aliases === 0 ? nodes : Math.min(limit + 1, nodes - aliases + aliasSize);
  return { value: expandedSize > limit ? undefined : value, cycles, unresolved, expandedSize };
}

/**
 * The node count of a subtree with every alias expanded, memoised over anchored nodes, capped at
 * limit + 1; `enclosing` says which nodes enclose the alias being sized (an alias back to one is a
 * loop and counts 1).
 */
function sizeWith(limit: number, units: UnitValues | undefined, enclosing: (n: Node) => boolean): (n: Node) => number {
  const sizes = new Map<Node, number>();
  const inProgress = new Set<Node>();
  const sizeOf = (n: Node | undefined): number => {
    if (!n) return 1;
    if (n.type === 'alias') return !n.target || inProgress.has(n.target) || enclosing(n.target) ? 1 : sizeOf(n.target);
    if (n.type !== 'object' && n.type !== 'array') return 1;
    // Only anchored nodes can be an alias's target: only they are memoised and tracked for cycles.
    const anchored = n.anchor !== undefined;
    if (anchored) {
      const known = sizes.get(n);
      if (known !== undefined) return known;
      inProgress.add(n);
    }
    let s = 1;
    if (n.type === 'object') {
      const props = n.properties;
      for (let i = 0; i < props.length; i++) s = Math.min(limit + 1, s + sizeOf(props[i]!.value));
    } else {
      const count = n.items.length;
      const chunked = units?.chunk && count >= CHUNK;
      for (let from = 0; from < count; from += CHUNK) {
        const to = Math.min(count, from + CHUNK);
        const ch = chunked ? units.chunk!(n, from / CHUNK) : undefined;
        if (ch && ch.sizeLimit === limit) {
          s = Math.min(limit + 1, s + ch.size!);
          continue;
        }
        let part = 0;
        for (let i = from; i < to; i++) part = Math.min(limit + 1, part + itemSize(n.items[i]!));
        if (ch) {
          ch.size = part;
          ch.sizeLimit = limit;
        }
        s = Math.min(limit + 1, s + part);
      }
    }
    if (anchored) {
      inProgress.delete(n);
      sizes.set(n, s);
    }
    return s;
  };
  const itemSize = (it: Node): number => {
    const u = units && (it.type === 'object' || it.type === 'array') ? units.unit(it) : undefined;
    if (!u) return sizeOf(it);
    if (u.sizeLimit !== limit) {
      u.size = sizeOf(it);
      u.sizeLimit = limit;
    }
    return u.size!;
  };
  return sizeOf;
}
