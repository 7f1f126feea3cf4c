// A finding inside an anchored node, made while checking it through an alias (`apiKey: *primary`)
// or a merge key (`<<: *base`), is about that use: it is reported at the alias, with related
// information pointing into the anchor, and marked so that no fix edits the shared text (offering
// a fix only where every use of the anchor accepts the edit is left for later: no fix at all is safe).
import type { Node } from '../../parser/ast';
import type { Diagnostic } from '../codes';
import { copyWith } from '../codes';
import { isMergeKey } from '../../model/merge';

/** What atAlias appends to a moved diagnostic's message. */
export const ALIAS_SUFFIX = / \(through (?:alias '\*[^']*'|the merge key '<<: \*[^']*'|this merge key)\)$/;

/**
 * How a message names the use: `alias '*main'` for an alias used as a value, `the merge key '<<: *main'`
 * for one a merge key brings in (REVIEW14-user U5: "through alias" sent the reader looking for an
 * alias written as a value), `this merge key` for a list of them (`<<: [*a, *b]`).
 */
function useName(via: Node): string {
  if (via.type !== 'alias') return 'this merge key';
  const p = via.parent;
  return p?.type === 'property' && p.value === via && isMergeKey(p)
    ? `the merge key '<<: *${via.name}'`
    : `alias '*${via.name}'`;
}

/** The anchored nodes an alias or a merge value (`*a`, `[*a, *b]`) shares. */
function targets(via: Node): Node[] {
  if (via.type === 'alias') return via.target ? [via.target] : [];
  if (via.type === 'array') return via.items.flatMap((i) => (i.type === 'alias' && i.target ? [i.target] : []));
  return [];
}

/** What a moved finding's first related information says: where it was found (validation/index.ts finish reads it). */
export const FOUND_HERE = 'Found here, in the anchored node the alias uses';

/**
 * Every anchored node an anchored node brings in: itself, and the anchored nodes its own aliases and
 * merge keys use, through any number of them (`&cls` holding `<<: *mid`, `&mid` holding `<<: *base`).
 * Each is walked once (a cycle ends there); kept per node (most files never ask). An incremental
 * reparse never patches a block holding an anchor or alias in place (parser/incremental.ts), so the
 * list stays true for the node.
 */
const broughtIn = new WeakMap<Node, Node[]>();

function reachedFrom(target: Node): Node[] {
  const known = broughtIn.get(target);
  if (known) return known;
  const out: Node[] = [];
  const seen = new Set<Node>();
  const anchored: Node[] = [target];
  while (anchored.length > 0) {
    const t = anchored.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    out.push(t);
    const stack: Node[] = [t];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.type === 'alias') {
        if (n.target && !seen.has(n.target)) anchored.push(n.target);
      } else if (n.type === 'object') {
        for (const p of n.properties) if (p.value) stack.push(p.value);
      } else if (n.type === 'array') for (const i of n.items) stack.push(i);
    }
  }
  broughtIn.set(target, out);
  return out;
}

const within = (d: Diagnostic, n: Node): boolean => d.offset >= n.offset && d.offset + d.length <= n.offset + n.length;

/**
 * Whether the finding lies in text the alias brings in: inside the anchored node, or inside one that
 * node brings in itself through an alias or merge key of its own (REVIEW11 M1, M2: a key or value of
 * `&base` reached through `<<: *cls` where `&cls` holds `<<: *base`).
 */
function bringsIn(via: Node, d: Diagnostic): boolean {
  const ts = targets(via);
  for (const t of ts) if (within(d, t)) return true;
  for (const t of ts) for (const r of reachedFrom(t)) if (within(d, r)) return true;
  return false;
}

/**
 * The diagnostic as the use `via` sees it: moved to the alias when it lies in the shared text, and
 * in any case marked `throughAlias` (no fix: its edit would land in the anchored node).
 */
export function atAlias(d: Diagnostic, via: Node | undefined): Diagnostic {
  if (!via) return d;
  const inside = bringsIn(via, d);
  // At the alias's own key (`apiKey` of `apiKey: *primary`) it stays, but its fix would still edit the
  // anchor. Through an alias it says so, and points where the same finding stands at the anchor (the
  // anchored value's key): when it is there too, the copy is dropped and the anchor's finding lists
  // the alias (validation/index.ts finish; REVIEW8 K13m: one incomplete anchored LLM, one error).
  if (!inside) {
    const t = via.type === 'alias' ? via.target : undefined;
    if (!t) return copyWith(d, { data: copyWith(d.data, { throughAlias: true }) });
    const site = t.parent?.type === 'property' ? t.parent.key : t;
    return copyWith(d, {
      message: `${d.message} (through ${useName(via)})`,
      related: [
        { offset: site.offset, length: site.length, message: 'The anchored value the alias uses' },
        ...(d.related ?? []),
      ],
      data: copyWith(d.data, { throughAlias: true }),
    });
  }
  const through = useName(via);
  return copyWith(d, {
    message: `${d.message} (through ${through})`,
    offset: via.offset,
    length: via.length,
    related: [{ offset: d.offset, length: d.length, message: FOUND_HERE }, ...(d.related ?? [])],
    data: copyWith(d.data, { throughAlias: true }),
  });
}
