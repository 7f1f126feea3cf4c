// Reading the JSON Schema: the one description of the format. Features ask this module for keys,
// variants, enum values and documentation; none of them keeps a list of its own. The engine reads its
// copy (unions as `oneOf` + `discriminator`), written by scripts/gen-schema.mjs beside the published
// schemas/assistant-config.schema.json (the same definitions, unions in the shape generic validators read).
import schemaJson from '../generated/assistant-config.engine.schema.json';
import type { Node } from '../parser/ast';
import { resolve, scalarText } from '../parser/ast';
import { readValue } from './merge';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  markdownDescription?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  enumDescriptions?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  discriminator?: { propertyName: string };
  default?: unknown;
  defaultSnippets?: { label: string; description?: string; body: unknown }[];
  definitions?: Record<string, Schema>;
  minProperties?: number;
  maxProperties?: number;
  /** What the field is to the service where variants name it differently (an annotation of the engine's copy). */
  serviceMeaning?: 'address' | 'model' | 'region';
  /** What a string names in the service's database, matched by name (an annotation of the engine's copy). */
  names?: 'schema' | 'table' | 'column' | 'function';
  /** A list whose empty value the spec gives a meaning: all of them (`columns: []`; engine's copy). */
  emptyMeansAll?: boolean;
}

export const rootSchema = schemaJson as unknown as Schema;
const definitions = rootSchema.definitions ?? {};

export function definition(name: string): Schema | undefined {
  return definitions[name];
}

/** Each key's `serviceMeaning`, over all definitions: `baseUrl`, `endpoint` → 'address'; `model`, `modelId` → 'model'; `cloudLocation`, `regionName` → 'region'. */
const MEANINGS: ReadonlyMap<string, NonNullable<Schema['serviceMeaning']>> = new Map(
  Object.values(definitions).flatMap((d) =>
    Object.entries(d.properties ?? {}).flatMap(([k, p]) => (p.serviceMeaning ? [[k, p.serviceMeaning] as const] : [])),
  ),
);

/** What the field `key` is to the service, when variants name that differently. */
export function serviceMeaningOf(key: string): Schema['serviceMeaning'] {
  return MEANINGS.get(key);
}

/** The keys of the fields that hold the LLM API's address, in any definition. */
export const ADDRESS_KEYS: ReadonlySet<string> = new Set(
  [...MEANINGS].filter(([, m]) => m === 'address').map(([k]) => k),
);

/** Follows `$ref` (local definitions only). */
export function deref(s: Schema | undefined): Schema | undefined {
  let cur = s;
  for (let i = 0; cur?.$ref && i < 16; i++) cur = definitions[cur.$ref.replace('#/definitions/', '')];
  return cur;
}

/** Name of the definition that a (possibly referencing) schema stands for. */
export function definitionNameOf(s: Schema | undefined): string | undefined {
  const inner = s?.$ref ? s.$ref.replace('#/definitions/', '') : undefined;
  if (inner) return inner;
  const d = deref(unwrapNullable(s));
  return d?.title;
}

/** Each schema's unwrapNullable, null standing for undefined (one lookup per call: it is called per node). */
const unwrapCache = new Map<Schema, Schema | null>();

/** `anyOf: [X, {type: null}]` stands for X (or null). Returns X, dereferenced. */
export function unwrapNullable(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  let r = unwrapCache.get(s);
  if (r === undefined) unwrapCache.set(s, (r = unwrapNullableUncached(s) ?? null));
  return r ?? undefined;
}

function unwrapNullableUncached(s: Schema | undefined): Schema | undefined {
  const d = deref(s);
  if (d?.anyOf && d.anyOf.length === 2 && d.anyOf.some(isNullSchema)) {
    const other = d.anyOf.find((x) => !isNullSchema(x));
    return deref(other);
  }
  return d;
}

function isNullSchema(s: Schema): boolean {
  return s.type === 'null';
}

export interface Variant {
  /** The discriminating property, `provider` or `type`. */
  property: string;
  value: string;
  /** Definition name, e.g. `CloudBLlmConfig`. */
  name: string;
  schema: Schema;
  description: string;
}

export interface Union {
  property: string;
  name: string;
  variants: Variant[];
  /**
   * The variants' values, in order. One array for the union, made with it: a fresh `map` per
   * finding made arrays of two element kinds (the interpreter's packed, optimised code's holey), and
   * the optimised code reading them was deoptimised at the first of the other kind.
   */
  values: readonly string[];
}

const unionCache = new Map<Schema, Union>();

/** The discriminated union a schema stands for, if it is one. */
export function unionOf(s: Schema | undefined): Union | undefined {
  const d = unwrapNullable(s);
  if (!d?.discriminator || !d.oneOf) return undefined;
  return unionOfDefinition(d as Schema & { discriminator: { propertyName: string }; oneOf: Schema[] });
}

function unionOfDefinition(d: Schema & { discriminator: { propertyName: string }; oneOf: Schema[] }): Union {
  let u = unionCache.get(d);
  if (!u) {
    const property = d.discriminator.propertyName;
    const variants: Variant[] = [];
    for (const branch of d.oneOf) {
      const vs = deref(branch);
      const p = vs?.properties?.[property];
      if (!vs || typeof p?.const !== 'string') continue;
      variants.push({
        property,
        value: p.const,
        name: definitionNameOf(branch) ?? vs.title ?? p.const,
        schema: vs,
        description: p.enumDescriptions?.[0] ?? vs.markdownDescription ?? '',
      });
    }
    const values: string[] = [];
    for (let i = 0; i < variants.length; i++) values.push(variants[i]!.value);
    u = { property, name: d.title ?? 'object', variants, values };
    unionCache.set(d, u);
  }
  return u;
}

export interface Resolved {
  /** The schema that applies to the node: a variant's when a discriminator selects one. */
  schema: Schema | undefined;
  /** The union, when the node is a discriminated object. */
  union?: Union;
  /** The selected variant, when the discriminator is set to a known value. */
  variant?: Variant;
}

/** Each schema's Resolved when no variant is chosen (`{ schema: unwrapNullable(s) }`), one object per schema. */
const plainCache = new Map<Schema, Resolved>();
const NOTHING_RESOLVED: Resolved = { schema: undefined };

/**
 * `{ schema: unwrapNullable(s) }`, the same object for the same schema (the typed walk asks it at every
 * node): read it, never change it.
 */
export function plainResolved(s: Schema | undefined): Resolved {
  if (!s) return NOTHING_RESOLVED;
  let r = plainCache.get(s);
  if (!r) plainCache.set(s, (r = { schema: unwrapNullable(s) }));
  return r;
}

/** Which schema applies to an object, given the schema expected at its place. */
export function resolveFor(expected: Schema | undefined, node: Node | undefined): Resolved {
  const union = unionOf(expected);
  if (!union) return plainResolved(expected);
  const n = resolve(node);
  const tag = n?.type === 'object' ? readValue(n, union.property) : undefined;
  const value = tag?.type === 'string' ? tag.value : undefined;
  const variant = union.variants.find((v) => v.value === value);
  return { schema: variant?.schema ?? unwrapNullable(expected), union, variant };
}

/** Each schema's own properties in a map: keys read from a document are new strings, which a map hashes once. */
const ownPropertiesCache = new Map<Schema, Map<string, Schema>>();

export function propertySchema(s: Schema | undefined, key: string): Schema | undefined {
  const d = unwrapNullable(s);
  let own = d && ownPropertiesCache.get(d);
  if (d && !own) ownPropertiesCache.set(d, (own = new Map(Object.entries(d.properties ?? {}))));
  // (Any other key is looked up as before, inherited names included.)
  const p = own?.get(key) ?? d?.properties?.[key];
  if (p) return p;
  if (d?.additionalProperties && typeof d.additionalProperties === 'object') return d.additionalProperties;
  // A union whose variant is not known (a misspelt `provider`): a property that every variant
  // declares alike (`fallback`) still has its schema.
  return d ? commonProperty(d, key) : undefined;
}

const commonCache = new Map<Schema, Map<string, Schema | null>>();

/** The schema of `key` when every variant of the union `d` declares it, all alike; else undefined. */
function commonProperty(d: Schema, key: string): Schema | undefined {
  const u = unionOf(d);
  if (!u || u.variants.length === 0 || key === u.property) return undefined;
  let byKey = commonCache.get(d);
  if (!byKey) commonCache.set(d, (byKey = new Map<string, Schema | null>()));
  let r = byKey.get(key);
  if (r === undefined) {
    const first = u.variants[0]!.schema.properties?.[key];
    const text = first ? JSON.stringify(first) : undefined;
    r =
      first &&
      u.variants.every((v) => {
        const p = v.schema.properties?.[key];
        return p === first || (p !== undefined && JSON.stringify(p) === text);
      })
        ? first
        : null;
    byKey.set(key, r);
  }
  return r ?? undefined;
}

export function itemSchema(s: Schema | undefined): Schema | undefined {
  return unwrapNullable(s)?.items;
}

export interface EnumValue {
  value: string;
  description: string | undefined;
}

/** Values that a schema names: `enum`, `const`, and those of `anyOf` branches. `open` when any string is also allowed. */
export function enumValuesOf(s: Schema | undefined): { values: EnumValue[]; open: boolean } {
  const d = unwrapNullable(s);
  const values: EnumValue[] = [];
  let open = false;
  const add = (x: Schema | undefined): void => {
    const y = deref(x);
    if (!y) return;
    if (y.enum) y.enum.forEach((v, i) => values.push({ value: String(v), description: y.enumDescriptions?.[i] }));
    else if (y.const !== undefined)
      values.push({ value: scalarText(y.const), description: y.enumDescriptions?.[0] ?? y.markdownDescription });
    else if (y.anyOf) y.anyOf.forEach(add);
    else if (y.type === 'string') open = true;
  };
  add(d);
  return { values, open };
}

/** Each schema's typesOf (rules ask it of the schema at every scalar of every file). */
const typesCache = new WeakMap<Schema, readonly string[]>();
const NO_TYPES: readonly string[] = Object.freeze([]);

/** The JSON types a schema allows (`null` too when it is nullable); the same array for the same schema. */
export function typesOf(s: Schema | undefined): readonly string[] {
  if (!s) return NO_TYPES;
  let r = typesCache.get(s);
  if (r === undefined) typesCache.set(s, (r = Object.freeze(typesOfUncached(s))));
  return r;
}

function typesOfUncached(s: Schema): string[] {
  const d = unwrapNullable(s);
  if (!d) return [];
  if (d.anyOf) return [...new Set(d.anyOf.flatMap((x) => typesOf(x)))];
  const t = d.type;
  // (A copy: the schema's own `type` list is never changed.)
  const base = t === undefined ? [] : Array.isArray(t) ? [...t] : [t];
  const orig = deref(s);
  if (orig?.anyOf?.some(isNullSchema) && !base.includes('null')) base.push('null');
  return base;
}

export function docOf(s: Schema | undefined): string | undefined {
  return s?.markdownDescription ?? s?.description ?? deref(s)?.markdownDescription;
}

export interface AtPath extends Resolved {
  /** The schema the place expects, before a variant is chosen (what `schema` was resolved from). */
  expected?: Schema;
  /** The node at the path, when the document has one there. */
  node?: Node;
  /** The resolution of the mapping or list that holds the place. */
  parent?: Resolved;
}

export interface PathOptions {
  /**
   * Through a union whose variant is not known (no discriminator yet, as while typing), take the
   * key's schema from any variant that has it, instead of giving up.
   */
  anyVariant?: boolean;
}

/** The one schema walk: the schema expected at a path of keys and indexes from the root, resolving variants on the way. */
export function schemaAtPath(
  root: Node | undefined,
  path: readonly (string | number)[],
  options: PathOptions = {},
): AtPath {
  let expected: Schema | undefined = rootSchema;
  let node: Node | undefined = resolve(root);
  let parent: Resolved | undefined;
  for (const seg of path) {
    const r = resolveFor(expected, node);
    parent = r;
    if (typeof seg === 'number') {
      expected = itemSchema(r.schema);
      node = node?.type === 'array' ? resolve(node.items[seg]) : undefined;
    } else {
      let p = propertySchema(r.schema, seg);
      if (!p && options.anyVariant && r.union && !r.variant)
        p = r.union.variants.map((v) => propertySchema(v.schema, seg)).find((x) => x !== undefined);
      expected = p;
      node = node?.type === 'object' ? readValue(node, seg) : undefined;
    }
    if (!expected) return { schema: undefined, parent };
  }
  // Written out rather than spread (`{ ...resolveFor(…), expected }`): V8 copies a spread object
  // through a slow generic path, which made this ~10× the cost of the look-ups themselves (2.3 µs
  // of ~2.5 warm; each mistake's translation asks it two or three times). The same keys as the spread.
  const r = resolveFor(expected, node);
  const out: AtPath =
    r.union === undefined
      ? { schema: r.schema, expected }
      : { schema: r.schema, union: r.union, variant: r.variant, expected };
  if (node) out.node = node;
  if (parent) out.parent = parent;
  return out;
}

/** A label for an object's schema in messages: `provider 'cloud_b'` for a variant, else its title. */
export function labelOf(r: Resolved): string {
  if (r.variant) return `${r.variant.property} '${r.variant.value}'`;
  return r.schema?.title ?? 'this object';
}

/**
 * Whether `key` of an object of schema `owner` holds the name of an environment variable: the
 * EnvironmentValue property that the definition's own snippet fills in (`valueFromEnv`).
 */
export function isEnvNameProperty(owner: Schema | undefined, key: string): boolean {
  const env = definitions['EnvironmentValue'];
  if (!env || unwrapNullable(owner) !== env) return false;
  const body = env.defaultSnippets?.[0]?.body;
  return typeof body === 'object' && body !== null && Object.prototype.hasOwnProperty.call(body, key);
}

let credentialKeysCache: { credentials: ReadonlySet<string>; known: ReadonlySet<string> } | undefined;

/**
 * The keys that hold a credential in some variant (the properties typed EnvironmentValue anywhere
 * in the schema: `apiKey`, `cloudSecretAccessKey`…), and every property name the schema knows.
 * A secret is a secret whatever the provider: these name it even where a variant does not allow it.
 */
export function credentialKeys(): { credentials: ReadonlySet<string>; known: ReadonlySet<string> } {
  if (credentialKeysCache) return credentialKeysCache;
  const env = definitions['EnvironmentValue'];
  const credentials = new Set<string>();
  const known = new Set<string>();
  for (const def of Object.values(definitions)) {
    for (const [key, prop] of Object.entries(def.properties ?? {})) {
      known.add(key);
      if (env && unwrapNullable(prop) === env) credentials.add(key);
    }
  }
  credentialKeysCache = { credentials, known };
  return credentialKeysCache;
}

let labelKeysCache: string[] | undefined;

/**
 * Keys whose string value names what an object is, for outlines: the discriminators of the unions
 * (`provider`, `type`) and required keys that name one of a set of values (`primitiveName`).
 */
export function labelKeys(): string[] {
  if (labelKeysCache) return labelKeysCache;
  const keys = new Set<string>();
  for (const def of Object.values(definitions)) {
    if (def.discriminator) keys.add(def.discriminator.propertyName);
  }
  for (const def of Object.values(definitions)) {
    for (const key of def.required ?? []) {
      const { values } = enumValuesOf(def.properties?.[key]);
      if (values.length > 1 && !keys.has(key)) keys.add(key);
    }
  }
  labelKeysCache = [...keys];
  return labelKeysCache;
}
