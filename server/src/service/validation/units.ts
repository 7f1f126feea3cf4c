// Incremental validation. A list item (a mapping or a list) that holds no anchor, no alias and no
// merge key anywhere inside is a "unit": what validation finds in it depends on its own subtree and
// on the schema it is checked against, nothing else (a rule keeps no state across nodes, see
// rule.ts; the walk starts each list item afresh, see model/typedWalk.ts). On a large file almost
// all of the text is in such items (the tables of a schema selector, say). The cache keeps, per
// unit, its plain value (for the schema validator), its node counts and the rule findings in it with
// their offsets relative to the unit; an edit drops the units that contain what it changed
// (`changed`), and the next validation walks only the rest: the document outside units and the
// changed units. Units after the edit moved with it: their findings are replayed shifted.
// test/validation/incremental.test.ts checks, after random edit sequences, that the result equals a
// validation without the cache, exactly.
import type { Node, PropertyNode } from '../../parser/ast';
import type { Schema } from '../../model/schema';
import type { UnitValue, UnitValues } from '../../model/value';
import type { Diagnostic } from '../codes';
import type { ValidationOptions } from './rule';

/** A finding as a rule reported it, with its `once` key. */
export interface Recorded {
  d: Diagnostic;
  once?: string | undefined;
}

interface Entry extends UnitValue {
  pure: boolean;
  /** Findings per schema the unit was walked with; offsets as they were when `base` was the unit's offset. */
  findings?: Map<Schema | undefined, { base: number; list: Recorded[] }>;
}

export class UnitCache implements UnitValues {
  private entries = new WeakMap<Node, Entry>();
  private optionsKey: string | undefined;
  private env: ValidationOptions['env'];
  /** How many times a unit's findings were replayed rather than found again (for tests and the benchmark). */
  replayed = 0;

  /** Keeps what was cached only when the options that rules read are the same as last time. */
  prepare(options: ValidationOptions): void {
    const key = `${options.maxFallbackDepth}:${options.maxAliasExpansion}:${options.maxNestingDepth}`;
    if (key !== this.optionsKey || options.env !== this.env) {
      this.clear();
      this.optionsKey = key;
      this.env = options.env;
    }
  }

  /** Forgets everything (the environment or the settings changed). */
  clear(): void {
    this.entries = new WeakMap();
  }

  /** The tree was patched at `node` (a scalar changed in place, or a block put in): every unit that contains it is stale. */
  changed(node: Node | PropertyNode | undefined): void {
    for (let n: Node | PropertyNode | undefined = node; n; n = n.parent) {
      if (n.type !== 'property') this.entries.delete(n);
    }
  }

  /** The cache entry of a list item that is a unit, created on first sight; undefined for any other node. */
  unit(node: Node): Entry | undefined {
    let e = this.entries.get(node);
    if (!e) this.entries.set(node, (e = { pure: pure(node) }));
    return e.pure ? e : undefined;
  }

  isUnit(node: Node): boolean {
    return (node.type === 'object' || node.type === 'array') && this.unit(node) !== undefined;
  }

  /** What the rules found in `node` (a unit) when walked with `expected`, shifted to where it is now. */
  findings(node: Node, expected: Schema | undefined): Recorded[] | undefined {
    const f = this.entries.get(node)?.findings?.get(expected);
    if (!f) return undefined;
    this.replayed++;
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
