// Incremental validation. A list item (a mapping or a list) that holds no anchor, no alias and no
// merge key anywhere inside is a "unit": what validation finds in it depends on its own subtree and
// on the schema it is checked against, nothing else (a rule keeps no state across nodes, see
// rule.ts; the walk starts each list item afresh, see model/typedWalk.ts). On a large file almost
// all of the text is in such items (the tables of a schema selector, say). The cache keeps, per
// unit, its plain value (for the schema validator), its node counts and the rule findings in it with
// their offsets relative to the unit; an edit drops the units that contain what it changed
// (`changed`), and the next validation walks only the rest: the document outside units and the
// changed units. Units after the edit moved with it: their findings are replayed shifted.
// A list item that holds an anchor, alias or merge key (`llm: *fast`, `<<: *base`) is "held" instead:
// its value and findings depend also on the anchored nodes its aliases reach (`reached`), and its
// findings on which alias targets the walk had already walked with the same schema (typedWalk.ts
// `SeenTargets`). It is replayed while neither it nor those nodes changed (an edit inside an anchored
// node bumps its stamp), where the walk would decide on its targets as before; a finding made through
// an alias is kept relative to the node it points into (the anchor may be on the other side of an edit).
// test/validation/incremental.test.ts checks, after random edit sequences, that the result equals a
// validation without the cache, exactly.
import type { ArrayNode, Node, PropertyNode } from '../../parser/ast';
import type { Schema } from '../../model/schema';
import type { ChunkValue, HeldValue, UnitValue, UnitValues } from '../../model/value';
import type { SeenTargets } from '../../model/typedWalk';
import { CHUNK } from '../../model/value';
import type { Diagnostic } from '../codes';
import type { Candidate } from './commentCredentials';
import { lineEnd, lineStart } from '../../parser/lineIndex';
import type { ValidationOptions } from './rule';
import type { AnchorIndexHints, ItemMarks } from '../anchors';
import type { TabFindings } from './tabs';
import type { MergeKeyHints } from './mergeKeys';

const NONE: Recorded[] = [];

/** A finding as a rule reported it, with its `once` key. */
export interface Recorded {
  d: Diagnostic;
  once?: string | undefined;
}

/** Items [c × CHUNK, (c + 1) × CHUNK) of a long list, all units: what they hold together. */
interface Chunk extends ChunkValue {
  /** The items as they were (a list item put in place of another makes the chunk stale). */
  items: Node[];
  findings?: Map<Schema | undefined, { base: number; list: Recorded[] }>;
}

/** A list's items grouped by a key (`UnitCache.repeated`), as they were at the last call. */
interface Groups {
  keyOf: (item: Node) => string | undefined;
  items: Node[];
  keys: (string | undefined)[];
  /** Each key's items, in list order. */
  groups: Map<string, Node[]>;
  /** The keys of two items or more. */
  repeated: Set<string>;
  /** Items that are no units (an alias or anchor inside): their key may change with no edit inside them. */
  impure: number;
}

interface Entry extends UnitValue {
  pure: boolean;
  /** Findings per schema the unit was walked with; offsets as they were when `base` was the unit's offset. */
  findings?: Map<Schema | undefined, { base: number; list: Recorded[] }>;
  /** An item that is no unit (it holds an anchor, alias or merge key): what it gave while what it depends on stands. */
  held?: Held;
  /** The anchored nodes and aliases the item holds (service/anchors.ts reads them instead of the item). */
  marks?: ItemMarks;
}

/**
 * What a list item holding an anchor, alias or merge key gave, and what that depends on besides its own
 * subtree: the anchored nodes its aliases and merge keys reach, through any number of them, each with
 * its stamp (bumped by `changed` at each edit inside it) as it was then.
 */
interface Held extends HeldValue {
  deps: Node[];
  stamps: number[];
  /** `UnitCache.epoch` when the stamps were last found as they were (no stamp moved since: no need to look). */
  checked: number;
  /** Its merge keys that no loader can merge (validation/mergeKeys.ts). */
  merges?: PropertyNode[];
  /**
   * Findings per schema the item was walked with, offsets relative to `base`, and the walk's decisions
   * on the alias targets it reached (`SeenTargets.log`): replayed only where the walk would decide the same.
   */
  findings?: Map<Schema | undefined, { list: Anchored[]; log: SeenTargets['log'] }>;
}

/**
 * A finding of such an item, its offset and its related information's each relative to a node that
 * holds it (the item, an anchored node it reaches, or that node's key): a finding made through an alias
 * points into the anchored node, which an edit between the two moves apart.
 */
interface Anchored {
  d: Diagnostic;
  once?: string | undefined;
  /** The node each offset is relative to: the finding's own, then its related information's, in order. */
  at: (Node | PropertyNode['key'])[];
}

export class UnitCache implements UnitValues, AnchorIndexHints, TabFindings, MergeKeyHints {
  private entries = new WeakMap<Node, Entry>();
  private chunks = new WeakMap<ArrayNode, (Chunk | undefined)[]>();
  /** Where each anchored node's `&name` is, relative to the node (anchored nodes are never patched). */
  private marks = new WeakMap<Node, number>();
  private lists = new WeakMap<ArrayNode, Groups>();
  /** Per list with groups: its items that an edit changed inside since the last `repeated` call. */
  private touched = new WeakMap<ArrayNode, Set<Node>>();
  /**
   * Strings known not to occur in the text of length `textLength`, and strings known to occur, with
   * the offset of one occurrence (kept across edits by `textEdited`).
   */
  private absent = new Set<string>();
  private present = new Map<string, number>();
  private textLength = -1;
  private optionsKey: string | undefined;
  private env: ValidationOptions['env'];
  /** Per anchored node, a count bumped at each edit inside it (what items aliasing it check). */
  private stamps = new WeakMap<Node, number>();
  /** Bumped with any stamp. */
  private epoch = 0;
  /** How many times a unit's findings were replayed rather than found again (for tests and the benchmark). */
  replayed = 0;
  /** How many of those were items holding an anchor, alias or merge key. */
  replayedHeld = 0;
  /** How many items holding an anchor, alias or merge key were walked again, and why: changed, a dependency changed, the walk's decisions differ. */
  heldWalked = 0;

  /** Keeps what was cached only when the options that rules read are the same as last time. */
  prepare(options: ValidationOptions): void {
    const key = `${options.maxFallbackDepth}:${options.maxFallbackDepthSource ?? ''}:${options.maxAliasExpansion}:${options.maxNestingDepth}`;
    if (key !== this.optionsKey || options.env !== this.env) {
      this.clear();
      this.optionsKey = key;
      this.env = options.env;
    }
  }

  /** Forgets everything (the environment or the settings changed). */
  clear(): void {
    this.tabs = undefined;
    this.entries = new WeakMap();
    this.chunks = new WeakMap();
    this.marks = new WeakMap();
    this.lists = new WeakMap();
    this.touched = new WeakMap();
  }

  /**
   * The text changed: [start, end) of `before` became `inserted`. A string absent before can only
   * occur now across the inserted text, read here from the pieces of `before` (reading the new text
   * would copy the whole of it).
   */
  textEdited(before: string, start: number, end: number, inserted: string): void {
    if (before.length !== this.textLength) this.textReplaced();
    this.commentsEdited(before, start, end, inserted);
    this.tabsEdited(before, start, end, inserted);
    for (const needle of this.absent) {
      const l = needle.length - 1;
      const around = before.slice(Math.max(0, start - l), start) + inserted + before.slice(end, end + l);
      if (around.includes(needle)) this.absent.delete(needle);
    }
    // An occurrence the edit did not touch is still there, moved when it was after the edit.
    const delta = inserted.length - (end - start);
    for (const [needle, at] of this.present) {
      if (at + needle.length <= start) continue;
      if (at >= end) this.present.set(needle, at + delta);
      else this.present.delete(needle);
    }
    this.textLength = before.length + delta;
  }

  /**
   * The comment candidates of the text of length `length` (validation/commentCredentials.ts), with the
   * lines an edit touched since, to be read again: typing does not scan every comment of a large file.
   */
  private comments: { length: number; candidates: Candidate[]; dirty?: { from: number; text: string } } | undefined;

  /** The comment findings kept for a text of this length, and the region to read again, if any. */
  commentsFor(length: number): { candidates: Candidate[]; dirty?: { from: number; text: string } } | undefined {
    return this.comments?.length === length ? this.comments : undefined;
  }

  recordComments(length: number, candidates: Candidate[]): void {
    this.comments = { length, candidates };
  }

  private commentsEdited(before: string, start: number, end: number, inserted: string): void {
    const c = this.comments;
    this.comments = undefined;
    // One edit since the candidates were found, of a few characters. A candidate depends on its own
    // line's text alone (whether it stands in a scalar is asked of each version's tree), so only the
    // lines the edit touched are read again, whatever was typed (a quote, a `#`, a line break).
    if (!c || c.dirty || c.length !== before.length || end - start > 256 || inserted.length > 256) return;
    const from = lineStart(before, start);
    const to = lineEnd(before, end);
    const delta = inserted.length - (end - start);
    const candidates: Candidate[] = [];
    for (const k of c.candidates) {
      if (k.offset + k.length < from) candidates.push(k);
      else if (k.hash >= to) candidates.push({ hash: k.hash + delta, offset: k.offset + delta, length: k.length });
    }
    this.comments = {
      length: before.length + delta,
      candidates,
      dirty: { from, text: before.slice(from, start) + inserted + before.slice(end, to) },
    };
  }

  /**
   * The unportable-tab findings for a text of this length (validation/tabs.ts), with, after one edit
   * whose tree was patched (`changed`), the region to read again. `patched` false: the text was
   * edited but no patch was told of (the tree was read afresh): nothing kept holds.
   */
  private tabs:
    | {
        length: number;
        found: readonly Diagnostic[];
        dirty?: { from: number; to: number; delta: number };
        patched?: boolean;
      }
    | undefined;

  tabsFor(
    length: number,
  ): { found: readonly Diagnostic[]; dirty?: { from: number; to: number; delta: number } } | undefined {
    const t = this.tabs;
    if (!t || t.length !== length || (t.dirty && !t.patched)) return undefined;
    return t;
  }

  recordTabs(length: number, found: readonly Diagnostic[]): void {
    this.tabs = { length, found };
  }

  private tabsEdited(before: string, start: number, end: number, inserted: string): void {
    const t = this.tabs;
    this.tabs = undefined;
    // One edit since the findings were made: its region, in the new text.
    if (!t || t.dirty || t.length !== before.length) return;
    const delta = inserted.length - (end - start);
    this.tabs = {
      length: before.length + delta,
      found: t.found,
      dirty: { from: start, to: start + inserted.length, delta },
      patched: false,
    };
  }

  /** The tree was read afresh (not patched): the tab findings are made again from the whole text. */
  treeReplaced(): void {
    this.tabs = undefined;
  }

  /** The text changed in a way `textEdited` was not told of. */
  textReplaced(): void {
    this.tabs = undefined;
    this.comments = undefined;
    this.absent.clear();
    this.present.clear();
    this.textLength = -1;
  }

  /** Whether `text` (the document's current text) contains `needle`, without reading it when that is known. */
  includes(text: string, needle: string): boolean {
    if (text.length === this.textLength) {
      if (this.absent.has(needle)) return false;
      if (this.present.has(needle)) return true;
    } else this.textReplaced();
    const at = text.indexOf(needle);
    this.textLength = text.length;
    if (at < 0) this.absent.add(needle);
    else this.present.set(needle, at);
    return at >= 0;
  }

  skipItem(n: Node): boolean {
    return this.isUnit(n);
  }

  skipChunk(list: ArrayNode, c: number): boolean {
    return this.chunk(list, c) !== undefined;
  }

  markOf(n: Node): number | undefined {
    return this.marks.get(n);
  }

  setMark(n: Node, relative: number): void {
    this.marks.set(n, relative);
  }

  mergesIn(item: Node): PropertyNode[] | undefined {
    return this.held(item)?.merges;
  }

  setMergesIn(item: Node, props: PropertyNode[]): void {
    const h = this.held(item);
    if (h) h.merges = props;
  }

  marksIn(item: Node): ItemMarks | undefined {
    return this.entries.get(item)?.marks;
  }

  /** (Kept with the item's entry: made by the conversion, dropped by an edit inside the item.) */
  setMarksIn(item: Node, marks: ItemMarks): void {
    const e = this.entries.get(item);
    if (e) e.marks = marks;
  }

  /** The tree was patched at `node` (a scalar changed in place, or a block put in): every unit that contains it is stale. */
  changed(node: Node | PropertyNode | undefined): void {
    // The tab findings' region grows to the patched node, and to the property holding it (its key
    // names a plain value's finding).
    const t = this.tabs;
    if (t?.dirty) {
      const at = node?.parent?.type === 'property' ? node.parent : node;
      if (!at || t.patched) this.tabs = undefined;
      else {
        t.dirty.from = Math.min(t.dirty.from, at.offset);
        t.dirty.to = Math.max(t.dirty.to, at.offset + at.length);
        t.patched = true;
      }
    }
    let child: Node | PropertyNode | undefined;
    for (let n: Node | PropertyNode | undefined = node; n; child = n, n = n.parent) {
      if (n.type === 'property') continue;
      this.entries.delete(n);
      // What aliases this node (or merges it) holds another value now.
      if (n.type !== 'alias' && n.anchor !== undefined) {
        this.stamps.set(n, (this.stamps.get(n) ?? 0) + 1);
        this.epoch++;
      }
      if (n.type === 'array' && child) {
        this.touched.get(n)?.add(child as Node);
        const list = this.chunks.get(n);
        const i = list ? n.items.indexOf(child as Node) : -1;
        if (list && i >= 0) list[Math.floor(i / CHUNK)] = undefined;
      }
    }
  }

  /**
   * Chunk `c` of a long list when all its items are units (checked, or made afresh), else undefined;
   * `knownOnly`: the chunk kept from before when its items are the same, none made now.
   */
  chunk(list: ArrayNode, c: number, knownOnly = false): Chunk | undefined {
    let all = this.chunks.get(list);
    if (!all) this.chunks.set(list, (all = []));
    const from = c * CHUNK;
    const to = Math.min(list.items.length, from + CHUNK);
    const known = all[c];
    if (known && known.items.length === to - from) {
      let same = true;
      for (let i = from; i < to && same; i++) same = known.items[i - from] === list.items[i];
      if (same) return known;
    }
    if (knownOnly) return undefined;
    for (let i = from; i < to; i++) {
      const it = list.items[i]!;
      if ((it.type !== 'object' && it.type !== 'array') || !this.unit(it)) {
        all[c] = undefined;
        return undefined;
      }
    }
    const fresh: Chunk = { items: list.items.slice(from, to) };
    all[c] = fresh;
    return fresh;
  }

  /** The rule findings of a chunk walked with `expected`, shifted to where its items are now. */
  chunkFindings(ch: Chunk, list: ArrayNode, c: number, expected: Schema | undefined): Recorded[] | undefined {
    const f = ch.findings?.get(expected);
    if (!f) return undefined;
    this.replayed += ch.items.length;
    if (f.list.length === 0) return NONE;
    const delta = list.items[c * CHUNK]!.offset - f.base;
    return f.list.map((r) => ({ d: shifted(r.d, delta), once: r.once }));
  }

  recordChunk(ch: Chunk, list: ArrayNode, c: number, expected: Schema | undefined, found: Recorded[]): void {
    (ch.findings ??= new Map()).set(expected, {
      base: list.items[c * CHUNK]!.offset,
      list: found.map((r) => ({ ...r, d: shifted(r.d, 0) })),
    });
  }

  /**
   * The items of `list` that share a key (`keyOf`, a function of the item's subtree; undefined: no
   * key) with another, one group per key in list order: what `repeatedItems` answers, kept across
   * edits. A call after an edit reads only the items that are new or changed inside since the last
   * call (the others found by identity from both ends of the list), not the whole list: a long list
   * of tables is checked for repeats at each keystroke. A list holding an alias or an anchor is read
   * whole each time (what such an item's key is can change with an edit elsewhere).
   */
  repeated(list: ArrayNode, keyOf: (item: Node) => string | undefined): Node[][] {
    const cur = list.items;
    const s = this.lists.get(list);
    const touched = this.touched.get(list);
    if (!s || !touched || s.keyOf !== keyOf || s.impure > 0) {
      const fresh: Groups = { keyOf, items: [], keys: [], groups: new Map(), repeated: new Set(), impure: 0 };
      this.regroup(fresh, cur, 0, 0, cur.length);
      this.lists.set(list, fresh);
      this.touched.set(list, new Set());
      return repeatedOf(fresh);
    }
    const old = s.items;
    const n = Math.min(old.length, cur.length);
    let p = 0;
    let q = 0;
    if (touched.size === 0) {
      while (p < n && old[p] === cur[p]) p++;
      while (q < n - p && old[old.length - 1 - q] === cur[cur.length - 1 - q]) q++;
    } else {
      while (p < n && old[p] === cur[p] && !touched.has(cur[p]!)) p++;
      while (q < n - p && old[old.length - 1 - q] === cur[cur.length - 1 - q] && !touched.has(cur[cur.length - 1 - q]!))
        q++;
    }
    touched.clear();
    this.regroup(s, cur, p, old.length - q, cur.length - q);
    return repeatedOf(s);
  }

  /** `g` for the list `cur`, where old items [p, oldEnd) became cur's [p, curEnd) and the rest are as they were. */
  private regroup(g: Groups, cur: readonly Node[], p: number, oldEnd: number, curEnd: number): void {
    for (let i = p; i < oldEnd; i++) {
      const k = g.keys[i];
      if (k === undefined) continue;
      const members = g.groups.get(k)!;
      members.splice(members.indexOf(g.items[i]!), 1);
      if (members.length === 0) g.groups.delete(k);
      if (members.length < 2) g.repeated.delete(k);
    }
    const added: (string | undefined)[] = [];
    for (let i = p; i < curEnd; i++) {
      const it = cur[i]!;
      if (!this.isUnit(it)) g.impure++;
      const k = g.keyOf(it);
      added.push(k);
      if (k === undefined) continue;
      const members = g.groups.get(k);
      if (!members) {
        g.groups.set(k, [it]);
        continue;
      }
      // In list order: the items of a group are few (one, mostly).
      let j = members.length;
      while (j > 0 && members[j - 1]!.offset > it.offset) j--;
      members.splice(j, 0, it);
      g.repeated.add(k);
    }
    g.keys = p === 0 && oldEnd === g.keys.length ? added : g.keys.slice(0, p).concat(added, g.keys.slice(oldEnd));
    g.items = cur.slice();
  }

  /** The cache entry of a list item that is a unit, created on first sight; undefined for any other node. */
  unit(node: Node): Entry | undefined {
    let e = this.entries.get(node);
    if (!e) this.entries.set(node, (e = { pure: pure(node) }));
    return e.pure ? e : undefined;
  }

  seen(node: Node): boolean {
    return this.entries.has(node);
  }

  /** The entry of a list item seen for the first time, whose purity the caller found (a unit's, when pure). */
  learn(node: Node, pure: boolean): Entry | undefined {
    const e: Entry = { pure };
    this.entries.set(node, e);
    return pure ? e : undefined;
  }

  held(node: Node): Held | undefined {
    const e = this.entries.get(node);
    const h = e?.held;
    if (!h) return undefined;
    if (h.checked === this.epoch) return h;
    for (let i = 0; i < h.deps.length; i++)
      if ((this.stamps.get(h.deps[i]!) ?? 0) !== h.stamps[i]) {
        e.held = undefined;
        return undefined;
      }
    h.checked = this.epoch;
    return h;
  }

  hold(node: Node, value: HeldValue): void {
    let e = this.entries.get(node);
    if (!e) this.entries.set(node, (e = { pure: false }));
    if (e.pure) return;
    const deps = reached(node);
    e.held = { ...value, deps, stamps: deps.map((d) => this.stamps.get(d) ?? 0), checked: this.epoch };
  }

  /**
   * What the rules found in `node` (an item `held` answers for) when walked with `expected`, shifted to
   * where it is now, when the walk would decide on the alias targets it reaches as it did then (the same
   * targets new and seen in `seen`); those decisions are then made in `seen`.
   */
  heldFindings(node: Node, expected: Schema | undefined, seen: SeenTargets): Recorded[] | undefined {
    const f = this.entries.get(node)?.held?.findings?.get(expected);
    if (!f) return undefined;
    const log = f.log!;
    const map = seen.map;
    // Each decision as recorded; a target first walked in this item is seen by its later aliases.
    let mine: Set<Schema | undefined>[] | undefined;
    for (let i = 0; i < log.length; i += 3) {
      const t = log[i] as Node;
      const e = log[i + 1] as Schema | undefined;
      const first = log[i + 2] as boolean;
      let set = map.get(t);
      const was = set?.has(e) ?? false;
      if (was === first) {
        // Undo what this call added: the item is walked instead.
        if (mine) for (let k = 0; k < mine.length; k++) mine[k]!.delete(log[k * 3 + 1] as Schema | undefined);
        return undefined;
      }
      if (!set) map.set(t, (set = new Set()));
      if (first) set.add(e);
      (mine ??= []).push(first ? set : EMPTY);
    }
    this.replayed++;
    this.replayedHeld++;
    if (f.list.length === 0) return NONE;
    return f.list.map((r) => {
      const d = shifted(r.d, r.at[0]!.offset);
      if (r.d.related) d.related = r.d.related.map((x, i) => ({ ...x, offset: x.offset + r.at[i + 1]!.offset }));
      return { d, once: r.once };
    });
  }

  /** Keeps what the walk found in `node` (see `heldFindings`); nothing when a finding points where no node it depends on is. */
  recordHeld(node: Node, expected: Schema | undefined, list: Recorded[], log: SeenTargets['log']): void {
    const h = this.held(node);
    if (!h) return;
    const bases: (Node | PropertyNode['key'])[] = [node];
    for (const t of h.deps) {
      bases.push(t);
      if (t.parent?.type === 'property') bases.push(t.parent.key);
    }
    const baseOf = (offset: number, length: number): Node | PropertyNode['key'] | undefined => {
      for (const b of bases) if (offset >= b.offset && offset + length <= b.offset + b.length) return b;
      return undefined;
    };
    const out: Anchored[] = [];
    for (const r of list) {
      const at: (Node | PropertyNode['key'])[] = [];
      const b = baseOf(r.d.offset, r.d.length);
      if (!b) return;
      at.push(b);
      for (const x of r.d.related ?? []) {
        const c = baseOf(x.offset, x.length);
        if (!c) return;
        at.push(c);
      }
      const d = shifted(r.d, -b.offset);
      if (r.d.related) d.related = r.d.related.map((x, i) => ({ ...x, offset: x.offset - at[i + 1]!.offset }));
      out.push({ d, once: r.once, at });
    }
    (h.findings ??= new Map()).set(expected, { list: out, log });
  }

  isUnit(node: Node): boolean {
    return (node.type === 'object' || node.type === 'array') && this.unit(node) !== undefined;
  }

  /** What the rules found in `node` (a unit) when walked with `expected`, shifted to where it is now. */
  findings(node: Node, expected: Schema | undefined): Recorded[] | undefined {
    const f = this.entries.get(node)?.findings?.get(expected);
    if (!f) return undefined;
    this.replayed++;
    if (f.list.length === 0) return NONE;
    const delta = node.offset - f.base;
    return f.list.map((r) => ({ d: shifted(r.d, delta), once: r.once }));
  }

  record(node: Node, expected: Schema | undefined, list: Recorded[]): void {
    const e = this.unit(node);
    if (!e) return;
    (e.findings ??= new Map()).set(expected, {
      base: node.offset,
      list: list.map((r) => ({ ...r, d: shifted(r.d, 0) })),
    });
  }
}

/** A copy of `d` moved by `delta` (a copy even when 0: cached findings are never handed out to be changed). */
function shifted(d: Diagnostic, delta: number): Diagnostic {
  const out: Diagnostic = { ...d, offset: d.offset + delta };
  if (d.related) out.related = d.related.map((r) => ({ ...r, offset: r.offset + delta }));
  if (d.data) out.data = { ...d.data, ...(d.data.missing ? { missing: [...d.data.missing] } : {}) };
  return out;
}

function repeatedOf(g: Groups): Node[][] {
  const out: Node[][] = [];
  for (const k of g.repeated) out.push(g.groups.get(k)!.slice());
  return out;
}

/** The items of `items` that share a key with another, one group per key in list order (no cache). */
export function repeatedItems(items: readonly Node[], keyOf: (item: Node) => string | undefined): Node[][] {
  const groups = new Map<string, Node[]>();
  const out: Node[][] = [];
  for (const it of items) {
    const k = keyOf(it);
    if (k === undefined) continue;
    const members = groups.get(k);
    if (!members) groups.set(k, [it]);
    else {
      if (members.length === 1) out.push(members);
      members.push(it);
    }
  }
  return out;
}

const EMPTY = new Set<Schema | undefined>();

/**
 * The anchored nodes what `node` holds reaches through its aliases and merge keys, through any number
 * of them (an anchored block that aliases another), each once.
 */
function reached(node: Node): Node[] {
  const out: Node[] = [];
  const seen = new Set<Node>();
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'alias') {
      const t = n.target;
      if (t && !seen.has(t)) {
        seen.add(t);
        out.push(t);
        stack.push(t);
      }
    } else if (n.type === 'object') {
      for (const p of n.properties) if (p.value) stack.push(p.value);
    } else if (n.type === 'array') for (const it of n.items) stack.push(it);
  }
  return out;
}

/** No anchor, alias or merge key (`<<`) anywhere in the subtree. */
function pure(node: Node): boolean {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'alias' || n.anchor !== undefined) return false;
    if (n.type === 'object') {
      for (const p of n.properties) {
        if (p.key.value === '<<' || p.key.anchor !== undefined) return false;
        if (p.value) stack.push(p.value);
      }
    } else if (n.type === 'array') for (const it of n.items) stack.push(it);
  }
  return true;
}
