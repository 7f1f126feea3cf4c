// An indentation slip (REVIEW5 H8, REVIEW6 I3, I9): a key whose value is empty where a mapping
// belongs, followed at its own column by keys its mapping has (`apiKey:` then `valueFromEnv: K` at
// apiKey's column; `llm:` then `provider: hosted`; `fallback:` then `provider: vendor_a`, a second
// `provider` in the LLM; `featureFlags:` then `my_beta: true`). One mistake: the lines are not indented.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { pathOf, resolve } from '../../parser/ast';
import type { Schema } from '../../model/schema';
import { propertySchema, schemaAtPath, typesOf, unionOf, unwrapNullable } from '../../model/schema';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';
import { closest } from '../text';

export interface IndentSlip {
  /** The key with the empty value (`apiKey:`). */
  holder: PropertyNode;
  /** The keys written at its column that belong under it, in order. */
  strays: PropertyNode[];
  /**
   * For each stray, the key it goes under: the holder, or a stray left empty before it whose mapping
   * takes it and the holder's does not (`llm:`, `provider:`, `apiKey:`, `valueFromEnv:` all at one
   * column: a slip inside the slip, two levels at once).
   */
  under: PropertyNode[];
  /** The strays that repeat a key written above the holder (`provider` under an empty `fallback:`). */
  repeats: string[];
  /**
   * The mapping's discriminator is among the repeats and names another variant than its first copy
   * (`provider: hosted` … `specificLlm:` then `provider: vendor_b`): the mapping is read as the
   * stray's variant, and what is said about its own keys under that variant is the slip's doing.
   */
  variantChanged: boolean;
  /** The keys the mapping has as the user meant it (the variant of its first discriminator). */
  meantKeys: ReadonlySet<string>;
  /**
   * With `variantChanged`: how messages name the variant the mapping is read as (`provider 'cloud_a'`,
   * the stray's) and the one the user meant (`provider 'vendor_a'`, the first copy's).
   */
  labels?: { read: string; meant: string };
}

/** The keys a mapping of schema `s` may have, whatever its variant. */
export function keysOfSchema(s: Schema | undefined): Set<string> {
  const out = new Set(Object.keys(unwrapNullable(s)?.properties ?? {}));
  const union = unionOf(s);
  if (union) for (const v of union.variants) for (const k of Object.keys(v.schema.properties ?? {})) out.add(k);
  return out;
}

/**
 * A value written as nothing: `key:` alone, or with only an anchor or a tag (`apiKey: &k`,
 * `apiKey: !!map`), which G22 made the same as `key:` for completion and Enter (REVIEW6 I9).
 */
function isEmpty(v: Node | undefined): boolean {
  return v === undefined || (v.length === 0 && (v.type === 'null' || (v.type === 'string' && !v.quoted)));
}

/** Whether a value's node fits the types of a schema (an alias, an empty value: yes). */
function fits(n: Node | undefined, s: Schema | boolean): boolean {
  if (typeof s === 'boolean') return s;
  const types = typesOf(s);
  if (types.length === 0) return true;
  const v = resolve(n);
  if (!v || v.type === 'null' || v.type === 'alias') return true;
  if (v.type === 'number') return types.includes('number') || types.includes('integer');
  return types.includes(v.type);
}

/** What the mapping under a holder accepts. */
interface Child {
  schema: Schema;
  named: Set<string>;
  /** `additionalProperties`: any other key, with a value of this schema (`tables`' lists, flags). */
  free: Schema | boolean;
}

/**
 * Every slip in mapping `obj`, in one pass over its keys (a mapping with thousands of unknown keys
 * is read a bounded number of times, not once per key: test/service/validationLinear.test.ts).
 *
 * After a key whose value is empty and whose schema wants a mapping (the holder), the keys at its
 * column are read in turn. A key the holder's mapping has and the parent does not, and a key that
 * repeats one written above the holder (the later copy is the one read, so the user's own copy above
 * is lost; it is the one the holder waits for), is evidence of the slip. A key both have, written
 * once, goes with the slip only when evidence follows it. The run ends at a key the holder's mapping
 * does not have (a parent's key, or one neither has: a misspelt key after a slip is ordinary).
 */
export function indentSlipsIn(doc: ParsedDocument, obj: ObjectNode): IndentSlip[] {
  if (obj.flow || doc.language !== 'yaml') return [];
  const at = schemaAtPath(doc.root, pathOf(obj));
  const own = unwrapNullable(at.schema);
  if (!own || own.additionalProperties !== false) return [];
  const props = obj.properties;
  // The variant the first copy of the discriminator names, when a later copy (the one read) names
  // another below a key left empty: the mapping as the user meant it, before a slipped `provider:`
  // under an empty `fallback:` replaced it.
  let meant: Schema | undefined;
  let labels: { read: string; meant: string } | undefined;
  if (at.union) {
    const tag = at.union.property;
    let first = -1;
    let last = -1;
    for (let k = 0; k < props.length; k++)
      if (props[k]!.key.value === tag) {
        if (first < 0) first = k;
        last = k;
      }
    const value = first >= 0 ? resolve(props[first]!.value) : undefined;
    const v =
      value?.type === 'string' && props.slice(first + 1, last).some((p) => isEmpty(p.value))
        ? at.union.variants.find((x) => x.value === value.value)
        : undefined;
    if (v && v !== at.variant) {
      meant = v.schema;
      if (at.variant) labels = { read: `${tag} '${at.variant.value}'`, meant: `${tag} '${v.value}'` };
    }
  }
  // The keys the mapping may have: the meant variant's, else those of the schema read (every
  // variant's when the variant is not known).
  const parentKeys = meant ? keysOfSchema(meant) : keysOfSchema(at.schema);
  // The parent's keys not written in the mapping: a free key close to one of them is that key
  // misspelt, not a flag (made when first needed).
  let absent: string[] | undefined;
  const out: IndentSlip[] = [];
  // The keys written above the current place, strays aside (what a stray may repeat).
  const above = new Set<string>();
  let i = 0;
  while (i < props.length) {
    const holder = props[i]!;
    i++;
    const hk = holder.key.value;
    const hs = parentKeys.has(hk) && isEmpty(holder.value) ? holderSchema(meant, at.schema, hk) : undefined;
    above.add(hk);
    if (!hs || !typesOf(hs).includes('object')) continue;
    const child = childOf(hs);
    // The run after the holder, up to its last piece of evidence.
    const inRun = new Set<string>();
    let last = -1;
    const repeats: string[] = [];
    const under: PropertyNode[] = [];
    // The strays left empty whose mapping the keys after them may belong to, innermost last, each with
    // what its mapping takes and the keys given to it so far ([0]: the holder's own).
    const levels: { holder: PropertyNode; child: Child; keys: Set<string> }[] = [{ holder, child, keys: inRun }];
    for (let j = i; j < props.length; j++) {
      const p = props[j]!;
      const k = p.key.value;
      // The holder's own key right after it is the holder's line doubled (a duplicated line, a paste:
      // `fallback:` twice, the block under the second): a duplicate key, which loaders read as the
      // second copy, as meant. Indenting the copy under the holder would nest the whole LLM one level
      // too deep (REVIEW14-user U12).
      if (j === i && k === hk) break;
      // A key that an inner level's mapping takes and the level around it does not take (or already
      // has): that level's, evidence of the slip.
      let level = 0;
      for (let n = levels.length - 1; n >= 1; n--) {
        const l = levels[n]!;
        const around = levels[n - 1]!;
        if (l.child.named.has(k) && !l.keys.has(k) && (!around.child.named.has(k) || around.keys.has(k))) {
          level = n;
          break;
        }
      }
      if (level > 0) {
        levels.length = level + 1;
        levels[level]!.keys.add(k);
        under.push(levels[level]!.holder);
        last = j;
        const inner = emptyObject(p, levels[level]!.child.schema);
        if (inner) levels.push({ holder: p, child: childOf(inner), keys: new Set() });
        continue;
      }
      levels.length = 1;
      let evidence: boolean;
      if (parentKeys.has(k)) {
        if (!child.named.has(k)) break;
        evidence = above.has(k);
        // (A key both have, written twice after the holder, is no evidence either way: it ends the
        // run, which keeps the rule linear in the mapping's keys.)
        if (!evidence && inRun.has(k)) break;
      } else if (child.named.has(k)) evidence = true;
      else if (
        child.free !== false &&
        fits(p.value, child.free) &&
        closest(k, (absent ??= absentKeys(parentKeys, props))) === undefined
      )
        evidence = true;
      else break;
      inRun.add(k);
      under.push(holder);
      if (evidence) {
        last = j;
        if (parentKeys.has(k)) repeats.push(k);
      }
      const inner = emptyObject(p, child.schema);
      if (inner) levels.push({ holder: p, child: childOf(inner), keys: new Set() });
    }
    if (last < 0) continue;
    const strays = props.slice(i, last + 1);
    const tag = at.union?.property;
    out.push({
      holder,
      strays,
      under: under.slice(0, strays.length),
      repeats: [...new Set(repeats)],
      variantChanged: meant !== undefined && tag !== undefined && repeats.includes(tag),
      meantKeys: parentKeys,
      ...(labels ? { labels } : {}),
    });
    i = last + 1;
  }
  return out;
}

/** The schema of `p`'s value in a mapping of schema `s` (any variant), when it is left empty and wants a mapping. */
function emptyObject(p: PropertyNode, s: Schema): Schema | undefined {
  if (!isEmpty(p.value)) return undefined;
  const k = p.key.value;
  const union = unionOf(s);
  const ps =
    propertySchema(s, k) ?? union?.variants.map((v) => propertySchema(v.schema, k)).find((x) => x !== undefined);
  return ps && typesOf(ps).includes('object') ? ps : undefined;
}

/** The keys of `keys` that no property of `props` writes. */
function absentKeys(keys: ReadonlySet<string>, props: readonly PropertyNode[]): string[] {
  const present = new Set<string>();
  for (const p of props) present.add(p.key.value);
  return [...keys].filter((k) => !present.has(k));
}

/** The schema of the holder's value: from the variant the user meant, else the one read. */
function holderSchema(meant: Schema | undefined, read: Schema | undefined, key: string): Schema | undefined {
  return (meant && propertySchema(meant, key)) ?? propertySchema(read, key);
}

const childCache = new Map<Schema, Child>();

function childOf(s: Schema): Child {
  let c = childCache.get(s);
  if (!c) {
    const d = unwrapNullable(s);
    const extra = d?.additionalProperties;
    c = { schema: s, named: keysOfSchema(s), free: extra === undefined ? false : extra };
    // A union (an LLM) is closed whatever its variants say.
    if (unionOf(s)) c.free = false;
    childCache.set(s, c);
  }
  return c;
}

/** Each document's slips by mapping, as its code actions ask (one diagnostic after another). */
const asked = new WeakMap<ParsedDocument, { text: string; slips: Map<ObjectNode, Map<PropertyNode, IndentSlip>> }>();

/**
 * The slip `prop` is one of the stray keys of, if any. A mapping's slips are found once per document
 * (`--fix` asks for each of its diagnostics in turn).
 */
export function indentSlipAt(doc: ParsedDocument, prop: PropertyNode): IndentSlip | undefined {
  let known = asked.get(doc);
  if (known?.text !== doc.text) asked.set(doc, (known = { text: doc.text, slips: new Map() }));
  let strays = known.slips.get(prop.parent);
  if (!strays) {
    strays = new Map();
    for (const s of indentSlipsIn(doc, prop.parent)) for (const q of s.strays) strays.set(q, s);
    known.slips.set(prop.parent, strays);
  }
  return strays.get(prop);
}

/** At most this many keys are named in a slip's message and its fix's title. */
const NAMED = 4;

/** `'a'`, `'a' and 'b'`, `'a', 'b', 'c' and 17 more keys`. */
export function slipKeys(keys: readonly string[]): string {
  const q = keys.slice(0, keys.length > NAMED + 1 ? NAMED : keys.length).map((k) => `'${k}'`);
  if (q.length < keys.length) return `${q.join(', ')} and ${keys.length - q.length} more keys`;
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]!}`;
}

/** What the holder's empty value makes the rest say about it. */
const HOLDER_SHAPE = new Set<string>([
  'invalid-type',
  'missing-discriminator',
  'unknown-discriminator',
  'missing-required',
  'tag-mismatch',
]);

/**
 * The diagnostics with each slip said once, on its first stray key ("indent these lines under
 * 'apiKey'"), in place of what the slip makes the rest say: the strays' "does not allow", the holder's
 * "found an empty value" (or "requires provider", or its tag's mismatch), the "Duplicate key" on the
 * copies above that the strays repeat (whose removal would delete what the user meant: REVIEW6 I3),
 * and, when a stray `provider:` changed the variant the mapping is read as, what is said of the
 * mapping's own keys under that variant.
 *
 * Recognised where a stray is reported (an unknown key, or the copy a duplicate-key finding says is
 * read); each mapping's slips are found once, whatever its number of unknown keys.
 */
export function withIndentSlips(doc: ParsedDocument, ds: Diagnostic[]): Diagnostic[] {
  if (doc.language !== 'yaml' || !doc.root) return ds;
  const byMapping = new Map<ObjectNode, Map<PropertyNode, IndentSlip>>();
  // (Not nodeAt per diagnostic: it reads a mapping's keys in turn, so thousands of unknown keys in one
  // mapping cost their number squared.)
  let keysAt: Map<number, PropertyNode> | undefined;
  let found: Set<IndentSlip> | undefined;
  const strayAt = (offset: number): void => {
    const p = (keysAt ??= propertiesByKeyOffset(doc.root)).get(offset);
    if (!p) return;
    let strays = byMapping.get(p.parent);
    if (!strays) {
      strays = new Map();
      for (const s of indentSlipsIn(doc, p.parent)) for (const q of s.strays) strays.set(q, s);
      byMapping.set(p.parent, strays);
    }
    const slip = strays.get(p);
    if (slip) (found ??= new Set()).add(slip);
  };
  for (const d of ds) {
    if (d.data?.throughAlias) continue;
    if (d.code === 'unknown-property' && !d.data?.missingSpace) strayAt(d.offset);
    else if (d.code === 'duplicate-key' && d.related?.[0]) strayAt(d.related[0].offset);
  }
  if (!found) return ds;
  const slips = [...found];
  const strayKeys = new Set<number>();
  for (const s of slips) for (const p of s.strays) strayKeys.add(p.key.offset);
  // The copies above a slip that its strays repeat (each a duplicate-key finding), and, where a stray
  // `provider` changed the variant, the mapping's own keys and the key that holds it: one pass over
  // each mapping's keys, whatever its number of slips.
  const repeated = new Set<number>();
  const ownKeys = new Set<number>();
  // The mapping's other keys, unknown to the variant the user meant too: said of that variant (the
  // first `provider`), not of the one the stray copy makes it read as.
  const relabel = new Map<number, { read: string; meant: string }>();
  const holderKeys = new Set<number>();
  const byParent = new Map<ObjectNode, IndentSlip[]>();
  for (const s of slips) {
    const list = byParent.get(s.holder.parent);
    if (list) list.push(s);
    else byParent.set(s.holder.parent, [s]);
  }
  for (const [obj, list] of byParent) {
    // For each repeated key, the last holder (by offset) whose strays repeat it.
    const lastHolder = new Map<string, number>();
    let changed: IndentSlip | undefined;
    for (const s of list) {
      for (const k of s.repeats) lastHolder.set(k, Math.max(lastHolder.get(k) ?? -1, s.holder.key.offset));
      if (s.variantChanged) changed = s;
    }
    for (const p of obj.properties) {
      if (strayKeys.has(p.key.offset)) continue;
      const h = lastHolder.get(p.key.value);
      if (h !== undefined && p.key.offset < h) repeated.add(p.key.offset);
      if (changed?.meantKeys.has(p.key.value)) ownKeys.add(p.key.offset);
      else if (changed?.labels) relabel.set(p.key.offset, changed.labels);
    }
    const owner = obj.parent;
    if (changed && owner?.type === 'property') holderKeys.add(owner.key.offset);
  }
  // Each holder's place, from its key to its first stray (disjoint ranges, by offset).
  // (And each stray left empty that strays go under: a slip inside the slip.)
  const places = slips
    .flatMap((s) => {
      const own = [{ from: s.holder.key.offset, to: s.strays[0]!.key.offset, key: s.holder.key.offset }];
      const seen = new Set<PropertyNode>([s.holder]);
      s.strays.forEach((p, i) => {
        const u = s.under[i]!;
        if (seen.has(u)) return;
        seen.add(u);
        own.push({ from: u.key.offset, to: p.key.offset, key: u.key.offset });
      });
      return own;
    })
    .sort((x, y) => x.from - y.from);
  const holderPlace = (offset: number): { from: number; to: number; key: number } | undefined => {
    let lo = 0;
    let hi = places.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (places[mid]!.from <= offset) lo = (at = mid) + 1;
      else hi = mid - 1;
    }
    const r = at >= 0 ? places[at] : undefined;
    return r && offset < r.to ? r : undefined;
  };
  const out = ds.filter((d) => {
    if (d.code === 'unknown-property' && (strayKeys.has(d.offset) || ownKeys.has(d.offset))) return false;
    if (d.code === 'duplicate-key' && repeated.has(d.offset)) return false;
    if (holderKeys.has(d.offset) && (d.code === 'missing-required' || d.code === 'missing-discriminator')) return false;
    // The holder's own "found an empty value" (or "requires provider", its tag's mismatch, or "does
    // not allow" when a stray `provider` read the mapping as a variant without it): the same slip.
    const place = HOLDER_SHAPE.has(d.code) || d.code === 'unknown-property' ? holderPlace(d.offset) : undefined;
    if (place && (d.code !== 'unknown-property' || d.offset === place.key)) return false;
    // The same said at an alias of the holder's anchored empty value (`apiKey: &key` … `apiKey: *key`).
    const via = d.data?.throughAlias && HOLDER_SHAPE.has(d.code) ? d.related?.[0] : undefined;
    return !(via && holderPlace(via.offset));
  });
  if (relabel.size > 0)
    for (let i = 0; i < out.length; i++) {
      const d = out[i]!;
      const l = d.code === 'unknown-property' ? relabel.get(d.offset) : undefined;
      if (l && d.message.startsWith(`${l.read} does not allow`))
        out[i] = { ...d, message: l.meant + d.message.slice(l.read.length) };
    }
  for (const s of slips) {
    const under = `'${s.holder.key.value}'`;
    const first = s.strays[0]!;
    const last = s.strays[s.strays.length - 1]!;
    const own = s.strays.filter((_, i) => s.under[i] === s.holder);
    const keys = slipKeys(own.map((p) => p.key.value));
    const what = `${keys} ${own.length === 1 ? 'belongs' : 'belong'}`;
    const deeper = nestedPart(s);
    const lines = /\n/.test(doc.text.slice(first.key.offset, last.offset + last.length).trimEnd());
    const replaced =
      s.repeats.length > 0
        ? ` As written, ${s.repeats.length === 1 ? 'it replaces' : 'they replace'} the ${slipKeys(s.repeats)} above.`
        : '';
    out.push(
      diag(
        'unknown-property',
        `${what} under ${under} (its value is empty), not beside it${deeper}: indent ${lines ? 'these lines' : 'this line'} under ${under}.${replaced}`,
        first.key.offset,
        first.key.length,
        { data: { key: first.key.value, indentUnder: s.holder.key.value } },
      ),
    );
  }
  return out;
}

/**
 * `, and 'valueFromEnv' under 'apiKey'`: the strays that go under another stray left empty (a slip
 * inside the slip), by the key they go under; '' when there are none.
 */
export function nestedPart(s: IndentSlip): string {
  const groups = new Map<PropertyNode, string[]>();
  s.strays.forEach((p, i) => {
    const u = s.under[i]!;
    if (u === s.holder) return;
    const g = groups.get(u);
    if (g) g.push(p.key.value);
    else groups.set(u, [p.key.value]);
  });
  if (groups.size === 0) return '';
  return `, and ${[...groups].map(([u, ks]) => `${slipKeys(ks)} under '${u.key.value}'`).join(', ')}`;
}

/** Every property of the tree (aliases not followed) by the offset of its key. */
function propertiesByKeyOffset(root: Node | undefined): Map<number, PropertyNode> {
  const out = new Map<number, PropertyNode>();
  const stack: (Node | undefined)[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n?.type === 'object')
      for (const p of n.properties) {
        out.set(p.key.offset, p);
        stack.push(p.value);
      }
    else if (n?.type === 'array') for (const x of n.items) stack.push(x);
  }
  return out;
}
