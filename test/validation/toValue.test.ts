// What toValue finds as it converts, besides the value, on seeded random YAML with anchors on
// scalars, mappings and lists, aliases to them (nested, repeated, inside other targets), merge keys,
// loops back to an enclosing anchor and undefined aliases:
// - the expanded size (what refuses an alias bomb before a validator walks it), computed from the
//   conversion's own walk plus one walk of each alias target: checked against a naive reference that
//   expands every alias by walking again (no memo), with small and large limits;
// - which list items are units for the editor's cache (no anchor, alias or merge key inside), learnt
//   by the conversion instead of a walk of each item: checked against that definition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import type { Node } from '../../server/src/parser/ast';
import { toValue } from '../../server/src/model/value';
import { UnitCache } from '../../server/src/service/validation/units';
import { mulberry32 } from '../helpers';
import { testSeed } from '../seed';

/** Every node counts 1; an alias counts what its target expands to, 1 when it loops or is undefined. */
function reference(root: Node | undefined, limit: number): number {
  const enclosing = new Set<Node>();
  const size = (n: Node | undefined): number => {
    if (!n) return 1;
    if (n.type === 'alias') return !n.target || enclosing.has(n.target) ? 1 : size(n.target);
    if (n.type !== 'object' && n.type !== 'array') return 1;
    enclosing.add(n);
    let s = 1;
    if (n.type === 'object') for (const p of n.properties) s = Math.min(limit + 1, s + size(p.value));
    else for (const it of n.items) s = Math.min(limit + 1, s + size(it));
    enclosing.delete(n);
    return s;
  };
  return size(root);
}

function randomDoc(rnd: () => number): string {
  /** Anchors whose node is complete (an alias to one is an expansion) and enclosing ones (a loop). */
  const closed: string[] = [];
  const open: string[] = [];
  let next = 0;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const value = (indent: string, depth: number): string => {
    const r = rnd();
    if (r < 0.25 && closed.length > 0) return ` *${pick(closed)}`;
    if (r < 0.27 && open.length > 0) return ` *${pick(open)}`;
    if (r < 0.3) return ` *nowhere${next}`;
    const anchor = rnd() < 0.35 ? `a${next++}` : undefined;
    const tag = anchor ? ` &${anchor}` : '';
    let out: string;
    if (depth > 3 || r < 0.5) out = `${tag} ${pick(['x', '1', 'true', '"q"', "''", 'null'])}`;
    else {
      if (anchor) open.push(anchor);
      const body: string[] = [];
      const n = 1 + Math.floor(rnd() * 3);
      const map = r < 0.75;
      for (let i = 0; i < n; i++) {
        const m = rnd();
        if (map && m < 0.1 && closed.length > 0) body.push(`${indent}  <<: *${pick(closed)}`);
        else if (map && m < 0.13) body.push(`${indent}  <<: {m${i}: x}`);
        else if (map && m < 0.16) body.push(`${indent}  &key${next++} kk${i}: x`);
        else if (map) body.push(`${indent}  k${i}:${value(indent + '  ', depth + 1)}`);
        else body.push(`${indent}  -${value(indent + '    ', depth + 1)}`);
      }
      if (anchor) open.pop();
      out = `${tag}\n${body.join('\n')}`;
    }
    if (anchor) closed.push(anchor);
    return out;
  };
  const lines: string[] = [];
  const keys = 2 + Math.floor(rnd() * 5);
  for (let i = 0; i < keys; i++) lines.push(`top${i}:${value('', 0)}`);
  return lines.join('\n') + '\n';
}

test('the expanded size equals a naive expansion on seeded documents with anchors and aliases', () => {
  const seed = testSeed('expandedSize', 0x5173, 'EXPANDED_SIZE_SEED');
  const rnd = mulberry32(seed);
  let withAliases = 0;
  let capped = 0;
  let cyclic = 0;
  for (let i = 0; i < 3000; i++) {
    const text = randomDoc(rnd);
    const doc = parse(text, 'yaml');
    for (const limit of [20, 1_000_000]) {
      const r = toValue(doc.root, limit);
      const got = r.expandedSize;
      if (r.cycles.length === 0) {
        assert.equal(got, reference(doc.root, limit), `case ${i}, limit ${limit}:\n${text}`);
        if (limit === 20 && got > limit) capped++;
      } else {
        // A loop makes the value infinite (an error of its own); the size only has to stay bounded
        // and be a count.
        cyclic++;
        assert.ok(got >= 1 && got <= limit + 1, `case ${i}, limit ${limit}: ${got}`);
      }
    }
    if (text.includes('*')) withAliases++;
  }
  // The corpus exercises what it claims to.
  assert.ok(withAliases > 1500, `${withAliases} documents with aliases`);
  assert.ok(capped > 100, `${capped} documents over the small limit`);
  console.log(`${withAliases} documents with aliases, ${capped} over the small limit, ${cyclic} cases with a loop`);
});

test('an alias bomb is measured, not expanded', () => {
  const rows = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 12; i++)
    rows.push(
      `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  const doc = parse(rows.join('\n') + '\n', 'yaml');
  const r = toValue(doc.root, 100_000);
  assert.equal(r.expandedSize, 100_001);
  assert.equal(r.value, undefined);
});

/** No anchor, alias or merge key (`<<`, also quoted) anywhere in the subtree: the definition of a unit. */
function pureByDefinition(n: Node): boolean {
  if (n.type === 'alias' || n.anchor !== undefined) return false;
  if (n.type === 'object')
    return n.properties.every(
      (p) => p.key.value !== '<<' && p.key.anchor === undefined && (!p.value || pureByDefinition(p.value)),
    );
  if (n.type === 'array') return n.items.every(pureByDefinition);
  return true;
}

function listItems(n: Node | undefined, out: Node[] = []): Node[] {
  if (n?.type === 'object') for (const p of n.properties) listItems(p.value, out);
  else if (n?.type === 'array')
    for (const it of n.items) {
      out.push(it);
      listItems(it, out);
    }
  return out;
}

test('the units the conversion learns are the list items with no anchor, alias or merge key inside', () => {
  const seed = testSeed('toValue units', 0x0917, 'TO_VALUE_UNITS_SEED');
  const rnd = mulberry32(seed);
  let pure = 0;
  let impure = 0;
  for (let i = 0; i < 2000; i++) {
    // Long lists too (chunks of 32 items), some with an anchor or alias in one item.
    const long = rnd() < 0.3;
    const extra = long
      ? `long:\n${Array.from({ length: 40 + Math.floor(rnd() * 60) }, (_, k) => (rnd() < 0.03 ? `  - {n: *a0}` : rnd() < 0.03 ? `  - &z${k} {n: ${k}}` : `  - {n: ${k}, m: [x]}`)).join('\n')}\n`
      : '';
    const text = randomDoc(rnd) + extra;
    const doc = parse(text, 'yaml');
    const units = new UnitCache();
    toValue(doc.root, 1_000_000, units);
    for (const it of listItems(doc.root)) {
      if (it.type !== 'object' && it.type !== 'array') continue;
      const want = pureByDefinition(it);
      assert.equal(units.seen(it), true, `case ${i}: an item the conversion did not see\n${text}`);
      assert.equal(units.isUnit(it), want, `case ${i}, item at ${it.offset}:\n${text}`);
      if (want) pure++;
      else impure++;
    }
  }
  console.log(`${pure} units, ${impure} list items that are not`);
  assert.ok(pure > 1000 && impure > 1000, `${pure} units, ${impure} not`);
});
