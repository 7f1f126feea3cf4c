// propertySchema reads a schema's own properties from a map (keys read from a document are new
// strings, which a map hashes once, where an object lookup must intern them first): it must give
// what the plain lookup gave for every key, the schema's own, unknown ones and names an object
// inherits (`constructor`, `toString`, `__proto__`). Checked over every schema object of the
// JSON Schema and keys drawn from all of its property names, mangled, and inherited names (seeded).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { definition, propertySchema, rootSchema, unwrapNullable, unionOf } from '../../server/src/model/schema';
import type { Schema } from '../../server/src/model/schema';
import { fixedSeed } from '../parser/yamlArbitraries';

const SEED = fixedSeed('propertySchema', 0x9409);

/** propertySchema as it was: the plain object lookup. */
function reference(s: Schema | undefined, key: string): Schema | undefined {
  const d = unwrapNullable(s);
  const p = d?.properties?.[key];
  if (p) return p;
  if (d?.additionalProperties && typeof d.additionalProperties === 'object') return d.additionalProperties;
  // The union case is left to the real function (same code after the lookup): compared only when
  // the lookup found nothing and the schema is no union.
  return undefined;
}

const schemas: Schema[] = [];
const keys = new Set<string>(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '', 'x']);
const walk = (v: unknown): void => {
  if (typeof v !== 'object' || v === null) return;
  if (!Array.isArray(v)) {
    schemas.push(v as Schema);
    for (const k of Object.keys((v as Schema).properties ?? {})) keys.add(k);
  }
  for (const c of Object.values(v)) walk(c);
};
walk(rootSchema);

test('propertySchema gives the plain lookup for every schema and key, inherited names included', () => {
  assert.ok(schemas.length > 50 && keys.size > 50, `${schemas.length} schemas, ${keys.size} keys`);
  assert.ok(definition('EnvironmentValue'));
  const key = fc.oneof(
    fc.constantFrom(...keys),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom('', 'x', '_', 'S')).map(([k, s]) => k + s),
    fc.string({ maxLength: 8 }),
  );
  fc.assert(
    fc.property(fc.nat({ max: schemas.length - 1 }), fc.array(key, { maxLength: 20 }), (i, ks) => {
      const s = schemas[i]!;
      for (const k of ks) {
        const got = propertySchema(s, k);
        const want = reference(s, k);
        if (want !== undefined || !unionOf(unwrapNullable(s))) assert.equal(got, want, k);
      }
    }),
    { seed: SEED, numRuns: 3000 },
  );
});
