// Placeholder values for fields a fix inserts, read from the schema: "" for strings, [] for lists,
// the default or `true` for booleans, the one value of a closed enum of one ("" for more), a nested
// mapping of the required fields for objects, the discriminator left empty for a discriminated union, and
// `{ valueFromEnv: NAME }` for credentials (NAME suggested the way the literal-secret rule does).
import type { ObjectNode, StringNode } from '../../parser/ast';
import { keyNode, propertyNode } from '../../parser/ast';
import type { Schema, Union, Variant } from '../../model/schema';
import { definition, enumValuesOf, propertySchema, typesOf, unionOf, unwrapNullable } from '../../model/schema';
import { suggestEnvName } from '../envNames';
import type { NewEntry, NewValue } from './edits';
import { scalar } from './edits';

/** The keys of an EnvironmentValue that the env-value diagnostics speak of. */
export const LITERAL_KEY = 'value';
export const FROM_ENV_KEY = 'valueFromEnv';

export function envValueSchema(): Schema | undefined {
  return definition('EnvironmentValue');
}

const MAX_DEPTH = 8;

/**
 * A placeholder for the field `key` of `owner` (an existing mapping, or a stand-in built for one
 * that is being written), whose schema is `schema`.
 */
export function placeholderFor(
  schema: Schema | undefined,
  key: string,
  owner: ObjectNode | undefined,
  depth = 0,
): NewValue {
  // A union: its discriminator, empty. Choosing a variant (the smallest, `provider: hosted`) would
  // be a value nobody chose, and the config would look clean (REVIEW8 K6); `provider: ""` keeps
  // unknown-discriminator, whose fixes and the completion offer every variant.
  const union = unionOf(schema);
  if (union) return { kind: 'object', entries: [{ key: union.property, value: scalar('') }] };
  const d = unwrapNullable(schema);
  if (d && d === envValueSchema())
    return { kind: 'object', entries: [{ key: FROM_ENV_KEY, value: scalar(envNameFor(owner, key)) }] };
  // A closed set of values: the one there is, or none chosen ("", which keeps a diagnostic).
  const { values, open } = enumValuesOf(schema);
  if (values.length === 1 && !open) return scalar(values[0]!.value);
  if (values.length > 1 && !open) return scalar('');
  const def = d?.default;
  if (typeof def === 'string' || typeof def === 'number' || typeof def === 'boolean') return scalar(def);
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.includes('object')) {
    if (depth >= MAX_DEPTH || !d) return { kind: 'object', entries: [] };
    const stand = standIn(undefined);
    return {
      kind: 'object',
      entries: (d.required ?? []).map((k) => ({
        key: k,
        value: placeholderFor(propertySchema(d, k), k, stand, depth + 1),
      })),
    };
  }
  if (types.includes('array')) return { kind: 'array' };
  if (types.includes('string')) return scalar('');
  if (types.includes('boolean')) return scalar(true);
  if (types.includes('integer') || types.includes('number')) return scalar(0);
  return scalar(null);
}

/** Entries of a variant: its discriminator, then `keys` (required fields) with placeholders. */
export function variantEntries(union: Union, v: Variant, keys: readonly string[], depth = 0): NewEntry[] {
  const stand = standIn({ key: union.property, value: v.value });
  const out: NewEntry[] = [];
  if (keys.includes(union.property)) out.push({ key: union.property, value: scalar(v.value) });
  for (const k of keys) {
    if (k !== union.property) out.push({ key: k, value: placeholderFor(propertySchema(v.schema, k), k, stand, depth) });
  }
  return out;
}

/** Entries for `keys` of an existing mapping whose schema is `schema`. */
export function entriesFor(schema: Schema | undefined, keys: readonly string[], owner: ObjectNode): NewEntry[] {
  return keys.map((k) => ({ key: k, value: placeholderFor(propertySchema(schema, k), k, owner) }));
}

/** The variable name the literal-secret rule would suggest for the credential `key` of `owner`. */
export function envNameFor(owner: ObjectNode | undefined, key: string): string {
  const parent = owner ?? standIn(undefined);
  const holder = propertyNode(parent, keyNode(key, false, 0, 0), 0, 0);
  const env: ObjectNode = { type: 'object', offset: 0, length: 0, parent: holder, properties: [], flow: true };
  holder.value = env;
  return suggestEnvName(env);
}

/** A detached mapping standing for one not yet written, holding only its discriminator. */
function standIn(tag: { key: string; value: string } | undefined): ObjectNode {
  const obj: ObjectNode = { type: 'object', offset: 0, length: 0, parent: undefined, properties: [], flow: true };
  if (tag) {
    const p = propertyNode(obj, keyNode(tag.key, false, 0, 0), 0, 0);
    const value: StringNode = { type: 'string', value: tag.value, quoted: false, offset: 0, length: 0, parent: p };
    p.value = value;
    obj.properties.push(p);
  }
  return obj;
}
