// Under a union whose discriminator is unknown (`provider: vendr_a`), schemaErrors lifts the values of
// the keys that hold the same union (`fallback`) and checks them in its place. It first skips every
// mapping none of whose keys holds a union in any schema (keysHoldingUnions): that skip must never
// drop a lift, i.e. a key outside the set is never given a union by propertySchema, in any schema a
// mapping can be resolved to (every definition, every variant, every nested schema), through its own
// properties, additionalProperties or a property common to a union's variants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propertySchema, rootSchema, unionOf } from '../../server/src/model/schema';
import type { Schema } from '../../server/src/model/schema';
import { keysHoldingUnions } from '../../server/src/service/validation/schemaErrors';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { mulberry32 } from '../helpers';

/** Every schema object reachable from the root, and every property name written anywhere. */
function schemasAndKeys(): { schemas: Schema[]; keys: Set<string> } {
  const schemas: Schema[] = [];
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (s: unknown): void => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    if (!Array.isArray(s)) schemas.push(s as Schema);
    const props = (s as Schema).properties;
    if (props && typeof props === 'object') for (const k of Object.keys(props)) keys.add(k);
    for (const v of Object.values(s)) walk(v);
  };
  walk(rootSchema);
  return { schemas, keys };
}

test('keysHoldingUnions: no key outside it is given a union by any schema', () => {
  const held = keysHoldingUnions();
  // (null would mean every key may hold one: no skip at all, trivially safe; the schema has none such.)
  assert.ok(held, 'no schema takes keys of the user’s own whose values are a union');
  assert.ok(held.has('fallback'), 'fallback holds the LLM union');
  const { schemas, keys } = schemasAndKeys();
  const SEED = 0x11f7;
  console.log(`liftKeys seed ${SEED.toString(16)}`);
  const rnd = mulberry32(SEED);
  const letters = 'abcdefghijklmnopqrstuvwxyz_';
  const random = Array.from({ length: 200 }, () => {
    let s = '';
    for (let n = 1 + Math.floor(rnd() * 12); n > 0; n--) s += letters[Math.floor(rnd() * letters.length)]!;
    return s;
  });
  let checked = 0;
  for (const k of [...keys, ...random, '<<', '', 'provider', 'type']) {
    if (held.has(k)) continue;
    for (const s of schemas) {
      assert.equal(unionOf(propertySchema(s, k)), undefined, `key '${k}'`);
      checked++;
    }
  }
  assert.ok(checked > 1000, `${checked} pairs checked`);
});

test('a misspelt provider without a fallback is said once; with one, the fallback’s mistake is said too', () => {
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_ax\n';
  const alone = analyze(head + '    model: m\n', 'yaml', DEFAULT_OPTIONS).diagnostics.map((d) => d.code);
  assert.deepEqual(alone, ['unknown-discriminator']);
  // (vendor_a requires apiKey: the fallback lacks it.)
  const chained = analyze(head + '    fallback:\n      provider: vendor_a\n', 'yaml', DEFAULT_OPTIONS).diagnostics;
  assert.deepEqual(
    chained.map((d) => [d.code, d.message]),
    [
      ['unknown-discriminator', chained[0]!.message],
      ['missing-required', "provider 'vendor_a' requires apiKey."],
    ],
  );
});
