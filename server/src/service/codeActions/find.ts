// Finding the nodes a diagnostic speaks of, from its range and the schema.
import type { AliasNode, Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { nodeAt, resolve } from '../../parser/ast';
import type { Resolved, Schema } from '../../model/schema';
import { definition, rootSchema, unwrapNullable } from '../../model/schema';
import { walkTyped } from '../../model/typedWalk';
import type { Visit } from '../../model/typedWalk';
import type { Diagnostic } from '../codes';
import { closest } from '../text';
import { objectAnchorRange } from '../validation/schemaErrors';

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

/**
 * The object a diagnostic about a whole mapping speaks of (`missing-required` and the like): the one
 * whose anchor range (the key holding it, else its first key or line) is the diagnostic's range, else
 * the innermost one holding the diagnostic's start; in both cases one that `pred` accepts.
 */
export function objectOfDiagnostic(
  doc: ParsedDocument,
  d: Diagnostic,
  pred: (v: Visit, obj: ObjectNode) => boolean,
): ObjectSite | undefined {
  let exact: ObjectSite | undefined;
  let inner: ObjectSite | undefined;
  walkTyped(doc.root, (v) => {
    if (exact || v.node.type !== 'object' || !pred(v, v.node)) return;
    const obj = v.node;
    const [offset, length] = objectAnchorRange(doc, { node: obj, prop: v.prop });
    const site = { obj, resolved: v.resolved, prop: v.prop };
    if (offset === d.offset && length === d.length) exact = site;
    else if ((v.prop?.key.offset ?? obj.offset) <= d.offset && d.offset <= obj.offset + obj.length) inner = site;
  });
  return exact ?? inner;
}

/** The aliases that use this mapping: those that point at it, or at a node that holds it. */
export function sharingAliases(doc: ParsedDocument, obj: ObjectNode): AliasNode[] {
  const holders = new Set<Node>();
  for (let n: Node | PropertyNode | undefined = obj; n; n = n.parent) if (n.type !== 'property') holders.add(n);
  const out: AliasNode[] = [];
  const stack: (Node | undefined)[] = [doc.root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n?.type === 'alias') {
      if (n.target && holders.has(n.target)) out.push(n);
    } else if (n?.type === 'object') for (const p of n.properties) stack.push(p.value);
    else if (n?.type === 'array') stack.push(...n.items);
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The property whose key starts at `offset`. */
export function propertyAtKey(doc: ParsedDocument, offset: number): PropertyNode | undefined {
  const n = nodeAt(doc.root, offset);
  const p = n?.parent;
  return n?.type === 'string' && p?.type === 'property' && p.key === n && n.offset === offset ? p : undefined;
}

/** The value node that starts at `offset` (a scalar a diagnostic points at). */
export function valueAt(doc: ParsedDocument, offset: number): Node | undefined {
  const n = nodeAt(doc.root, offset);
  if (!n || n.offset !== offset) return undefined;
  const p = n.parent;
  if (p?.type === 'property' && p.key === n) return undefined;
  return n;
}

/** One step from a node to its child: a key (and which of equal keys), or a list index. */
export type Step = { key: string; nth: number } | number;

/** The steps from the root to `node`; unlike a path, they tell duplicate keys apart. */
export function stepsTo(node: Node): Step[] {
  const steps: Step[] = [];
  let cur: Node = node;
  for (;;) {
    const parent = cur.parent;
    if (!parent) break;
    if (parent.type === 'property') {
      const key = parent.key.value;
      const nth = parent.parent.properties.filter((p) => p.key.value === key).indexOf(parent);
      steps.unshift({ key, nth });
      cur = parent.parent;
    } else if (parent.type === 'array') {
      steps.unshift(parent.items.indexOf(cur));
      cur = parent;
    } else break;
  }
  return steps;
}

/** The mapping at `steps` (in a re-parsed document). */
export function objectAtSteps(root: Node | undefined, steps: readonly Step[]): ObjectNode | undefined {
  let n = root;
  for (const step of steps) {
    if (typeof step === 'number') n = n?.type === 'array' ? n.items[step] : undefined;
    else n = n?.type === 'object' ? n.properties.filter((p) => p.key.value === step.key)[step.nth]?.value : undefined;
  }
  return n?.type === 'object' ? n : undefined;
}

/**
 * Whether removing `props` would break an alias elsewhere: one of them holds an anchored node that an
 * alias outside them points at (the alias would lose its anchor).
 */
export function anchorsUsedElsewhere(doc: ParsedDocument, props: readonly PropertyNode[]): boolean {
  const inside = new Set<Node>();
  const stack: (Node | undefined)[] = props.map((p) => p.value);
  let anchored = false;
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n || inside.has(n)) continue;
    inside.add(n);
    if (n.type !== 'alias' && n.anchor) anchored = true;
    if (n.type === 'object') for (const p of n.properties) stack.push(p.value);
    else if (n.type === 'array') stack.push(...n.items);
  }
  if (!anchored) return false;
  let used = false;
  const walk: (Node | undefined)[] = [doc.root];
  while (walk.length > 0 && !used) {
    const n = walk.pop();
    if (!n || inside.has(n)) continue;
    if (n.type === 'alias') used = n.target !== undefined && inside.has(n.target);
    else if (n.type === 'object') for (const p of n.properties) walk.push(p.value);
    else if (n.type === 'array') walk.push(...n.items);
  }
  return used;
}

/**
 * The aliases whose binding a move of lines would change: `spans` (text order, each whole lines of
 * whole properties) taken out and written, in their order, at `at` (an offset outside them, in the
 * text before the move; the first span's start when they go where the first one was). YAML binds an
 * alias to the last anchor of its name written before it, so after the move each alias must still
 * find its own anchor first; an alias left without one, or taken by another anchor of the same name,
 * is returned. An anchor moved down past an alias that uses it (REVIEW14-user U7: `llm: &primary`
 * moved under `definition` with the rest, in order, keeps every alias valid; moved below an alias, not).
 */
export function aliasesBrokenByMove(
  root: Node | undefined,
  spans: readonly { from: number; to: number }[],
  at: number,
): AliasNode[] {
  const anchors = new Map<string, Node[]>();
  const aliases: AliasNode[] = [];
  const seen = new Set<Node>();
  const stack: (Node | undefined)[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n || seen.has(n)) continue;
    seen.add(n);
    if (n.type === 'alias') {
      aliases.push(n);
      continue;
    }
    if (n.anchor !== undefined) anchors.set(n.anchor, [...(anchors.get(n.anchor) ?? []), n]);
    if (n.type === 'object') for (const p of n.properties) stack.push(p.key, p.value);
    else if (n.type === 'array') stack.push(...n.items);
  }
  // Where an offset is after the move, as [place, offset]: a moved one at `at`, before the text that
  // was at `at`, in its old order among the moved ones.
  const where = (o: number): [number, number] => (spans.some((s) => o >= s.from && o < s.to) ? [at - 0.5, o] : [o, 0]);
  const before = (a: [number, number], b: [number, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return aliases.filter((a) => {
    if (a.target === undefined) return false;
    const pos = where(a.offset);
    let bound: Node | undefined;
    let boundAt: [number, number] | undefined;
    for (const n of anchors.get(a.name) ?? []) {
      const p = where(n.offset);
      if (before(p, pos) && (!boundAt || before(boundAt, p))) {
        bound = n;
        boundAt = p;
      }
    }
    return bound !== a.target;
  });
}

let envKeys: Set<string> | undefined;

/** Keys that some type of the schema declares as an EnvironmentValue (`apiKey`, `cloudSecretAccessKey`…). */
function environmentValueKeys(): Set<string> {
  if (envKeys) return envKeys;
  envKeys = new Set();
  const env = definition('EnvironmentValue');
  for (const def of Object.values(rootSchema.definitions ?? {})) {
    for (const [k, p] of Object.entries(def.properties ?? {})) if (unwrapNullable(p) === env) envKeys.add(k);
  }
  return envKeys;
}

/**
 * Whether removing a property would take a credential out of the file: its value holds an
 * EnvironmentValue-shaped `value: <non-blank string>`, or it is a credential key written as a string.
 * Fixes that remove keys leave such a property in place (the user decides; see literal-secret).
 */
export function holdsLiteralSecret(prop: PropertyNode): boolean {
  const top = resolve(prop.value);
  if (top?.type === 'string' && top.value.trim() !== '' && environmentValueKeys().has(prop.key.value)) return true;
  const seen = new Set<Node>();
  const stack: (Node | undefined)[] = [top];
  while (stack.length > 0) {
    const n = resolve(stack.pop());
    if (!n || seen.has(n)) continue;
    seen.add(n);
    if (n.type === 'object') {
      for (const p of n.properties) {
        const v = resolve(p.value);
        if (p.key.value === 'value' && v?.type === 'string' && v.value.trim() !== '') return true;
        if (v?.type === 'string' && v.value.trim() !== '' && environmentValueKeys().has(p.key.value)) return true;
        stack.push(v);
      }
    } else if (n.type === 'array') stack.push(...n.items);
  }
  return false;
}

/**
 * Whether `key` is present in `obj` under a misspelling: a key that `schema` does not allow and that
 * is closest to `key`. Fixes that add required keys skip such a key (its rename is offered instead).
 */
export function presentMisspelt(obj: ObjectNode, key: string, schema: Schema | undefined): boolean {
  const allowed = unwrapNullable(schema)?.properties ?? {};
  return obj.properties.some(
    (p) =>
      !Object.prototype.hasOwnProperty.call(allowed, p.key.value) &&
      p.key.value !== key &&
      closest(p.key.value, [key]) === key,
  );
}
