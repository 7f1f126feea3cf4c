// Where a key that a mapping does not allow is a field: one or two levels below that mapping, read from
// the schema (`enable_automations` written in `definition` is a field of `featureFlags`; `tables` of
// `schemaSelector` when its `type` is `fixed`; `columns` of an item of its `tables`). The message of
// `unknown-property` says so, instead of only "not allowed" or a far-fetched "did you mean".
import type { Schema, Union } from './schema';
import { unionOf, unwrapNullable } from './schema';

/** One place under the mapping where the key is a field. */
export interface KeyHome {
  /** The keys from the mapping down to the object that has the field (one or two). */
  path: string[];
  /** For each step of `path`, whether it goes into the items of a list. */
  items: boolean[];
  /** For each step of `path`, the discriminator values that allow what follows (undefined: every variant, or no union). */
  variants: (VariantsNote | undefined)[];
}

export interface VariantsNote {
  property: string;
  values: string[];
}

/** An object schema one step below: the property's schema, through a list's items, possibly a union. */
interface Step {
  key: string;
  items: boolean;
  /** The object schemas there (one, or a union's variants). */
  schemas: { schema: Schema; variant?: string }[];
  union?: Union;
}

function stepsFrom(schema: Schema): Step[] {
  const out: Step[] = [];
  for (const [key, p] of Object.entries(schema.properties ?? {})) {
    let t = unwrapNullable(p);
    let items = false;
    if (t?.type === 'array' && t.items) {
      t = unwrapNullable(t.items);
      items = true;
    }
    if (!t) continue;
    const union = unionOf(t);
    if (union)
      out.push({ key, items, union, schemas: union.variants.map((v) => ({ schema: v.schema, variant: v.value })) });
    else if (t.properties) out.push({ key, items, schemas: [{ schema: t }] });
  }
  return out;
}

/** Which of the step's schemas declare `key` (by name: a map's free keys, `additionalProperties`, do not count). */
function declaring(step: Step, key: string): { schema: Schema; variant?: string }[] {
  return step.schemas.filter((s) => Object.prototype.hasOwnProperty.call(s.schema.properties ?? {}, key));
}

function note(step: Step, which: { variant?: string }[]): VariantsNote | undefined {
  if (!step.union || which.length === step.schemas.length) return undefined;
  return { property: step.union.property, values: which.flatMap((w) => (w.variant === undefined ? [] : [w.variant])) };
}

const cache = new Map<Schema, Map<string, KeyHome[]>>();

/**
 * The places one or two levels below a mapping of schema `schema` where `key` is a field: the nearest
 * level that has any (none when the mapping itself allows the key, or nothing near does).
 */
export function keyHomes(schema: Schema | undefined, key: string): KeyHome[] {
  const s = unwrapNullable(schema);
  if (!s?.properties || Object.prototype.hasOwnProperty.call(s.properties, key)) return [];
  let byKey = cache.get(s);
  if (!byKey) cache.set(s, (byKey = new Map<string, KeyHome[]>()));
  let homes = byKey.get(key);
  if (homes) return homes;
  homes = [];
  const steps = stepsFrom(s);
  for (const step of steps) {
    const which = declaring(step, key);
    if (which.length > 0) homes.push({ path: [step.key], items: [step.items], variants: [note(step, which)] });
  }
  if (homes.length === 0) {
    for (const step of steps)
      for (const under of step.schemas)
        for (const inner of stepsFrom(under.schema)) {
          const which = declaring(inner, key);
          if (which.length === 0) continue;
          const outer: VariantsNote | undefined =
            step.union && step.schemas.length > 1
              ? { property: step.union.property, values: [under.variant!] }
              : undefined;
          const home: KeyHome = {
            path: [step.key, inner.key],
            items: [step.items, inner.items],
            variants: [outer, note(inner, which)],
          };
          // One home per path: a field reached through several variants of the outer union (`llm`
          // of `schemaSelector` in one variant only, `fallback` of an `llm` in every provider).
          const same = homes.find((h) => h.path[0] === home.path[0] && h.path[1] === home.path[1]);
          if (!same) homes.push(home);
          else if (same.variants[0] && outer) same.variants[0].values.push(...outer.values);
        }
    // Reached through every variant of the outer union: no need to name them.
    for (const h of homes) {
      const step = steps.find((st) => st.key === h.path[0]);
      if (h.variants[0] && step && h.variants[0].values.length === step.schemas.length) h.variants[0] = undefined;
    }
  }
  byKey.set(key, homes);
  return homes;
}

function noteText(v: VariantsNote | undefined): string {
  if (!v) return '';
  const shown =
    v.values.length <= 3 ? v.values.join(' or ') : `${v.values.slice(0, 2).join(', ')} or ${v.values.length - 2} more`;
  return ` (${v.property}: ${shown})`;
}

/**
 * `under 'schemaSelector' (type: fixed)`, `in an item of 'overrideAiPrimitivesLlm'`, `in an item of
 * 'tables' in 'schemaSelector' (type: fixed)`; `notes` false leaves out the variants (said once for all homes).
 */
function describeHome(h: KeyHome, notes: boolean): string {
  const parts: string[] = [];
  for (let i = h.path.length - 1; i >= 0; i--) {
    const q = notes ? noteText(h.variants[i]) : '';
    const first = i === h.path.length - 1;
    parts.push(
      h.items[i] ? `${first ? 'in ' : ''}an item of '${h.path[i]}'${q}` : `${first ? 'under ' : ''}'${h.path[i]}'${q}`,
    );
  }
  return parts.join(' in ');
}

/** The one home right below the mapping (a key of the mapping itself, not in a list), for the fix that moves the key there. */
export function singleHome(
  schema: Schema | undefined,
  key: string,
): { home: string; variant?: VariantsNote } | undefined {
  const homes = keyHomes(schema, key);
  const h = homes.length === 1 ? homes[0]! : undefined;
  if (!h || h.path.length !== 1 || h.items[0]) return undefined;
  return h.variants[0] ? { home: h.path[0]!, variant: h.variants[0] } : { home: h.path[0]! };
}

/** The message's sentence: `'tables' belongs under 'schemaSelector' (type: fixed).` (empty when there is no home near). */
export function keyHomeNote(schema: Schema | undefined, key: string, shown: string): string {
  const homes = keyHomes(schema, key);
  if (homes.length === 0) return '';
  if (homes.length > 3) {
    // Many (`value` of each credential field of each provider): the fields, then where they are.
    const distinct = (xs: string[]): string[] => [...new Set(xs)];
    const or = (xs: string[]): string =>
      xs.length === 1
        ? `'${xs[0]!}'`
        : `${xs
            .slice(0, -1)
            .map((x) => `'${x}'`)
            .join(', ')} or '${xs[xs.length - 1]!}'`;
    const inner = distinct(homes.map((h) => h.path[h.path.length - 1]!));
    const outer = distinct(homes.filter((h) => h.path.length > 1).map((h) => h.path[0]!));
    const fields = inner.length > 4 ? [...inner.slice(0, 4), `${inner.length - 4} more`] : inner;
    return ` ${shown} belongs under ${or(fields)}${outer.length > 0 ? ` in ${or(outer)}` : ''}.`;
  }
  const notesOf = (h: KeyHome): string => h.variants.map(noteText).join('|');
  // The same providers for every home (`model` under 'llm' or under 'aiPrimitivesLlm'): said once, at the end.
  const shared = homes.length > 1 && homes.every((h) => notesOf(h) === notesOf(homes[0]!));
  const listed = homes.map((h) => describeHome(h, !shared));
  const where = listed.length === 1 ? listed[0]! : `${listed.slice(0, -1).join(', ')} or ${listed[listed.length - 1]!}`;
  const note = shared ? homes[0]!.variants.map(noteText).join('') : '';
  return ` ${shown} belongs ${where}${note}.`;
}
