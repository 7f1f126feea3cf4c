// YAML merge keys (`<<: *base`, `<<: [*a, *b]`), applied the way YAML 1.1 loaders (PyYAML, SnakeYAML,
// js-yaml, Go's yaml, the `yaml` package with `merge: true`) apply them: the mapping's own keys win,
// then the merged mappings in order (an earlier one wins over a later one). A quoted `"<<"` is an
// ordinary key, and so is `<<` whose value is not a mapping or a list of mappings. JSON has no
// merge keys (its keys are always quoted). With the same key twice, the last occurrence is read.
import type { Node, ObjectNode, PropertyNode } from '../parser/ast';
import { getProperty, resolve } from '../parser/ast';

/** How deep merged mappings that merge others are followed (a loop through aliases is cut). */
const MAX_MERGE_DEPTH = 16;

/** The mappings a `<<` property merges in, or undefined when it is not a merge key. */
export function mergeSources(p: PropertyNode): ObjectNode[] | undefined {
  if (p.key.quoted || p.key.value !== '<<') return undefined;
  const v = resolve(p.value);
  if (v?.type === 'object') return [v];
  if (v?.type !== 'array' || v.items.length === 0) return undefined;
  const out: ObjectNode[] = [];
  for (const it of v.items) {
    const o = resolve(it);
    if (o?.type !== 'object') return undefined;
    out.push(o);
  }
  return out;
}

/**
 * Whether merging `source` into `obj` closes a loop: `source` holds `obj` (`&x {…, fallback: {<<: *x}}`).
 * The value a validator reads cuts such a merge (model/value.ts: the alias is a `fallback-cycle`),
 * so every reader here cuts it as well.
 */
export function mergeLoops(source: ObjectNode, obj: ObjectNode): boolean {
  return source.offset <= obj.offset && obj.offset + obj.length <= source.offset + source.length;
}

/** Whether `obj` merges in a mapping that holds it (the merge is cut, see mergeLoops). */
export function hasLoopingMerge(obj: ObjectNode): boolean {
  for (const p of obj.properties) {
    if (p.key.value !== '<<') continue;
    const sources = mergeSources(p);
    if (sources?.some((s) => mergeLoops(s, obj))) return true;
  }
  return false;
}

/** Whether `obj` has a `<<` whose value (or an item of its list) is an alias with no anchor before it. */
export function hasUnresolvedMerge(obj: ObjectNode): boolean {
  for (const p of obj.properties) {
    if (p.key.value !== '<<' || p.key.quoted) continue;
    const v = p.value;
    if (v?.type === 'alias' && !v.target) return true;
    if (v?.type === 'array' && v.items.some((it) => it.type === 'alias' && !it.target)) return true;
  }
  return false;
}

export function isMergeKey(p: PropertyNode): boolean {
  return mergeSources(p) !== undefined;
}

/** The property `key` as a loader reads it: the mapping's own (last) occurrence, else a merged one. */
export function readProperty(obj: ObjectNode, key: string, depth = 0): PropertyNode | undefined {
  const own = getProperty(obj, key);
  if (own && !isMergeKey(own)) return own;
  if (depth >= MAX_MERGE_DEPTH || !obj.properties.some((p) => p.key.value === '<<')) return undefined;
  for (const p of obj.properties) {
    const sources = mergeSources(p);
    if (!sources) continue;
    for (const s of sources) {
      const found = mergeLoops(s, obj) ? undefined : readProperty(s, key, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function readValue(obj: ObjectNode | undefined, key: string): Node | undefined {
  return obj ? resolve(readProperty(obj, key)?.value) : undefined;
}

const SMALL = 12;

/** No merge key and no key twice (compared pair by pair: for small mappings, cheaper than a set). */
function plain(props: readonly PropertyNode[]): boolean {
  for (let i = 0; i < props.length; i++) {
    const k = props[i]!.key.value;
    if (k === '<<') return false;
    for (let j = i + 1; j < props.length; j++) if (props[j]!.key.value === k) return false;
  }
  return true;
}

/**
 * The properties a loader reads, in document order: the mapping's own (a duplicate's last
 * occurrence only; merge keys left out), then merged ones that the mapping does not override.
 * Without merge keys and duplicates, that is the mapping's own list (not to be changed).
 */
export function readProperties(obj: ObjectNode, depth = 0): readonly PropertyNode[] {
  const props = obj.properties;
  if (props.length <= SMALL && plain(props)) return props;
  const seen = new Set<string>();
  const own: PropertyNode[] = [];
  let merges: ObjectNode[][] | undefined;
  for (let i = props.length - 1; i >= 0; i--) {
    const p = props[i]!;
    const sources = mergeSources(p);
    if (sources) {
      (merges ??= []).unshift(sources);
      continue;
    }
    if (seen.has(p.key.value)) continue;
    seen.add(p.key.value);
    own.push(p);
  }
  own.reverse();
  if (!merges || depth >= MAX_MERGE_DEPTH) return own;
  for (const sources of merges) {
    for (const s of sources) {
      if (mergeLoops(s, obj)) continue;
      for (const p of readProperties(s, depth + 1)) {
        if (seen.has(p.key.value)) continue;
        seen.add(p.key.value);
        own.push(p);
      }
    }
  }
  return own;
}
