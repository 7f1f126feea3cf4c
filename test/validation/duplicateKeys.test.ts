// The duplicate-key rule compares the keys of small mappings pair by pair and uses a map for large
// ones: both must report exactly what the map did (each ignored copy, in the same order, pointing at
// the copy that is read). Seeded property test on mappings of 2 to 20 keys drawn from a few names,
// so that copies are frequent, in YAML and JSON, nested and in lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from '../../server/src/parser';
import type { Node, ObjectNode } from '../../server/src/parser/ast';
import { validate } from '../../server/src/service/validation';
import { fixedSeed } from '../parser/yamlArbitraries';

const SEED = fixedSeed('duplicateKeys', 0xd0b1e);

/** The duplicate-key findings as the map-based rule gave them, for every mapping, parents first. */
function reference(root: Node | undefined): { offset: number; related: number }[] {
  const out: { offset: number; related: number }[] = [];
  const mappings: ObjectNode[] = [];
  const walk = (n: Node | undefined): void => {
    if (n?.type === 'object') {
      mappings.push(n);
      for (const p of n.properties) walk(p.value);
    } else if (n?.type === 'array') for (const it of n.items) walk(it);
  };
  walk(root);
  for (const m of mappings) {
    const last = new Map<string, number>();
    for (let i = m.properties.length - 1; i >= 0; i--) {
      const k = m.properties[i]!.key;
      const read = last.get(k.value);
      if (read === undefined) last.set(k.value, k.offset);
      else out.push({ offset: k.offset, related: read });
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

test('duplicate-key findings are those of a map over each mapping, small and large', () => {
  const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'enable', 'enable_x', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm');
  const mapping = fc.array(fc.tuple(key, fc.nat({ max: 99 })), { minLength: 2, maxLength: 20 });
  fc.assert(
    fc.property(mapping, fc.array(mapping, { maxLength: 3 }), fc.boolean(), (outer, items, json) => {
      let text: string;
      if (json) {
        const obj = (pairs: [string, number][]): string =>
          `{${pairs.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`;
        const flags = `{${outer.map(([k, v]) => `${JSON.stringify(k)}: ${v}, `).join('')}"list": [${items.map(obj).join(', ')}]}`;
        text = `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "featureFlags": ${flags}}}`;
      } else {
        const item = (pairs: [string, number][]): string =>
          pairs.map(([k, v], i) => `${i === 0 ? '      - ' : '        '}${k}: ${v}\n`).join('');
        text =
          'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  featureFlags:\n' +
          outer.map(([k, v]) => `    ${k}: ${v}\n`).join('') +
          (items.length > 0 ? '    list:\n' + items.map(item).join('') : '');
      }
      const doc = parse(text, json ? 'json' : 'yaml');
      assert.equal(doc.problems.length, 0, text);
      const found = validate(doc)
        .filter((d) => d.code === 'duplicate-key')
        .map((d) => ({ offset: d.offset, related: d.related![0]!.offset }));
      assert.deepEqual(found, reference(doc.root), text);
    }),
    { seed: SEED, numRuns: 800 },
  );
});
