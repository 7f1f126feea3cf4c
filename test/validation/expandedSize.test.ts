// The expanded size toValue reports (what refuses an alias bomb before a validator walks it) is
// computed from the conversion's own walk plus one walk of each alias target. Checked here against
// a naive reference that expands every alias by walking again (no memo), on seeded random YAML with
// anchors on scalars, mappings and lists, aliases to them (nested, repeated, inside other targets),
// merge keys, loops back to an enclosing anchor and undefined aliases, with small and large limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import type { Node } from '../../server/src/parser/ast';
import { toValue } from '../../server/src/model/value';
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
        if (map && rnd() < 0.1 && closed.length > 0) body.push(`${indent}  <<: *${pick(closed)}`);
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
