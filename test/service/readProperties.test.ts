// readProperties gives a small mapping with no merge key and no key twice as it stands (a speed-up:
// no set and no copy per mapping): the same properties, in the same order, as the general reading
// (own last occurrences, then merged ones not overridden). Seeded property test on mappings drawn
// from a few keys, with merge keys (`<<: *a`, `<<: [*a, *b]`, a quoted "<<") and copies, small and large.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from '../../server/src/parser';
import type { Node, ObjectNode, PropertyNode } from '../../server/src/parser/ast';
import { mergeSources, readProperties } from '../../server/src/model/merge';
import { fixedSeed } from '../parser/yamlArbitraries';

const SEED = fixedSeed('readProperties', 0x4eadd);

/** readProperties as it was: a set and a copy for every mapping. */
function reference(obj: ObjectNode, depth = 0): PropertyNode[] {
  const seen = new Set<string>();
  const own: PropertyNode[] = [];
  let merges: ObjectNode[][] | undefined;
  for (let i = obj.properties.length - 1; i >= 0; i--) {
    const p = obj.properties[i]!;
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
  if (!merges || depth >= 16) return own;
  for (const sources of merges)
    for (const s of sources) {
      if (s === obj) continue;
      for (const p of reference(s, depth + 1)) {
        if (seen.has(p.key.value)) continue;
        seen.add(p.key.value);
        own.push(p);
      }
    }
  return own;
}

test('readProperties reads what the general reading reads, mappings small and large, with and without merges', () => {
  const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', '<<', '"<<"');
  const entries = fc.array(fc.tuple(key, fc.nat({ max: 9 })), { minLength: 0, maxLength: 18 });
  fc.assert(
    fc.property(entries, entries, (base, entries) => {
      const value = (k: string, v: number): string =>
        k === '<<' ? (v % 3 === 0 ? '[*base, *base2]' : v % 3 === 1 ? '*base' : String(v)) : String(v);
      const text =
        'base: &base {a: 1, z: 2}\nbase2: &base2\n' +
        (base.length > 0 ? base.map(([k, v]) => `  ${k === '<<' ? 'q' : k}: ${v}\n`).join('') : '  y: 0\n') +
        'it:\n' +
        (entries.length > 0 ? entries.map(([k, v]) => `  ${k}: ${value(k, v)}\n`).join('') : '  x: 0\n');
      const doc = parse(text, 'yaml');
      let mappings = 0;
      const walk = (n: Node | undefined): void => {
        if (n?.type !== 'object') return;
        mappings++;
        assert.deepEqual(readProperties(n), reference(n), text);
        for (const p of n.properties) walk(p.value);
      };
      walk(doc.root);
      assert.ok(mappings >= 3, text);
    }),
    { seed: SEED, numRuns: 800 },
  );
});
