// Schema validation with the precompiled ajv validator, and the translation of ajv's errors into
// one precise, variant-named diagnostic per mistake.
import type { ErrorObject } from 'ajv';
import validateSchema from '../../generated/validator';
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { getProperty, resolve } from '../../parser/ast';
import { lineEnd } from '../../parser/lineIndex';
import { charNote, plainReading, quotedWithNote, showInvisibleChars } from '../chars';
import { locate } from '../../model/locate';
import { hasLoopingMerge, hasUnresolvedMerge, isMergeKey, readProperty } from '../../model/merge';
import type { Located } from '../../model/locate';
import {
  rootSchema,
  definition,
  schemaAtPath,
  labelOf,
  enumValuesOf,
  definitionNameOf,
  unwrapNullable,
  typesOf,
  propertySchema,
  unionOf,
  credentialKeys,
  isEnvNameProperty,
  serviceMeaningOf,
} from '../../model/schema';
import type { AtPath, Resolved, Schema, Union } from '../../model/schema';
import type { Diagnostic } from '../codes';
import { copyWith, diag } from '../codes';
import {
  closest,
  closestMatches,
  editDistance,
  gluedKey,
  holdsMoreThanAKey,
  isSlip,
  orList,
  quoteList,
  scoreOf,
} from '../text';
import { atAlias } from './throughAlias';
import { keyHomeNote, singleHome } from '../../model/keyHome';
import { ofVariant, variantAround } from '../../model/variantAround';
import type { Reading } from '../yaml11';
import { describeReading, numberText, plainText, quotedBoolean, reading11 } from '../yaml11';
import { credentialShapes, maskShapes } from '../credentialShapes';
import { readsAsVariableName } from '../envNames';

export function schemaDiagnostics(doc: ParsedDocument, value: unknown): Diagnostic[] {
  if (validateSchema(value)) return [];
  const errors = validateSchema.errors ?? [];
  // (Indentation slips are said once, over every finding: validation/indentSlip.ts.)
  return [...translate(doc, errors), ...underUnknownVariants(doc, value, errors, { lifts: MAX_LIFTS })];
}

/** At most this many values are validated again under a union whose variant is unknown. */
const MAX_LIFTS = 32;

/**
 * ajv stops at a union whose discriminator is unknown (`provider: vendr_a`): nothing under it is
 * checked, so one typo would hide every mistake in its fallback chain. A property that every variant
 * declares alike and that holds the same union (`fallback`) is still checked: its value is validated
 * in the unknown one's place, and the errors found there are reported at their real path.
 */
function underUnknownVariants(
  doc: ParsedDocument,
  value: unknown,
  errors: readonly ErrorObject[],
  budget: { lifts: number },
  real: (path: string) => string = (p) => p,
): Diagnostic[] {
  // `value` may itself be a lifted copy: `real` maps its paths to the document's.
  const out: Diagnostic[] = [];
  for (const e of errors) {
    if (e.keyword !== 'discriminator') continue; // an unknown, empty, missing or non-string tag
    const path = e.instancePath;
    const segs = path.split('/').slice(1).map(unescapePointer);
    const holder = valueAt(value, segs);
    // Nothing to lift (most mistakes: a misspelt provider without a fallback): no key of the mapping
    // holds a union anywhere in the schema, so none holds this one; the look-ups below are skipped.
    if (!isRecord(holder) || !mayLift(holder)) continue;
    const resolved = schemaAtPath(doc.root, locate(doc.root, real(path)).segments);
    const union = resolved.union;
    if (!union) continue;
    for (const [key, sub] of Object.entries(holder)) {
      const ps = propertySchema(resolved.schema, key);
      if (!ps || unionOf(ps) !== union || !isRecord(sub)) continue;
      if (budget.lifts-- <= 0) return out;
      const lifted = replaceAt(value, segs, 0, sub);
      if (validateSchema(lifted)) continue;
      const under = (p: string): boolean => p === path || p.startsWith(path + '/');
      const at = `${real(path)}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const realLifted = (p: string): string => (under(p) ? at + p.slice(path.length) : real(p));
      const found = (validateSchema.errors ?? []).filter((x) => under(x.instancePath));
      out.push(
        ...translate(
          doc,
          found.map((x) => ({ ...x, instancePath: realLifted(x.instancePath) })),
        ),
      );
      out.push(...underUnknownVariants(doc, lifted, found, budget, realLifted));
    }
  }
  return out;
}

/**
 * Whether a mapping has a key that some schema types as a discriminated union (`fallback`,
 * `specificLlm`): only such a key can hold a value to lift. Always yes when some schema takes keys of
 * the user's own whose values are a union.
 */
function mayLift(holder: Record<string, unknown>): boolean {
  const keys = (unionKeys ??= keysHoldingUnions());
  if (keys === null) return true;
  for (const k in holder) if (Object.prototype.hasOwnProperty.call(holder, k) && keys.has(k)) return true;
  return false;
}

/** The keys whose schema is a union in any schema (read once); null when keys of the user's own may hold one. */
let unionKeys: Set<string> | null | undefined;

export function keysHoldingUnions(): Set<string> | null {
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const stack: unknown[] = [rootSchema];
  while (stack.length > 0) {
    const s = stack.pop();
    if (!s || typeof s !== 'object' || seen.has(s)) continue;
    seen.add(s);
    const o = s as Schema;
    if (o.properties && typeof o.properties === 'object')
      for (const [k, p] of Object.entries(o.properties)) if (unionOf(p)) out.add(k);
    if (o.additionalProperties && typeof o.additionalProperties === 'object' && unionOf(o.additionalProperties))
      return null;
    for (const v of Object.values(s)) stack.push(v);
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const unescapePointer = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

function valueAt(v: unknown, segs: readonly string[]): unknown {
  let cur = v;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isRecord(cur)) cur = cur[s];
    else return undefined;
  }
  return cur;
}

/** `v` with the value at `segs[i…]` replaced by `by`: copies along the path, shares the rest. */
function replaceAt(v: unknown, segs: readonly string[], i: number, by: unknown): unknown {
  if (i === segs.length) return by;
  const s = segs[i]!;
  if (Array.isArray(v)) {
    const copy = [...(v as unknown[])];
    copy[Number(s)] = replaceAt(copy[Number(s)], segs, i + 1, by);
    return copy;
  }
  if (isRecord(v)) return { ...v, [s]: replaceAt(v[s], segs, i + 1, by) };
  return v;
}

function isUmbrella(e: ErrorObject): boolean {
  return e.keyword === 'anyOf' || e.keyword === 'oneOf' || (e.keyword === 'type' && e.params.type === 'null');
}

function translate(doc: ParsedDocument, errors: ErrorObject[]): Diagnostic[] {
  const root = doc.root;
  const byPath = new Map<string, ErrorObject[]>();
  // Every path that has an error below it (at a path it is a proper prefix of, errors left to a rule
  // below included): each path's prefixes, once, so that the question is a look-up, not a scan of
  // every other path (thousands of items each missing a field made that quadratic, REVIEW2 E19).
  const above = new Set<string>();
  for (const e of errors) {
    const p = e.instancePath;
    for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) above.add(p.slice(0, i));
  }
  // The keys of each mapping with an unknown one, read once (not once per unknown key).
  const mappings = new Map<ObjectNode, MappingKeys>();
  const keysOf = (obj: ObjectNode): MappingKeys => {
    let k = mappings.get(obj);
    if (!k) mappings.set(obj, (k = mappingKeys(obj)));
    return k;
  };
  for (const e of errors) {
    // EnvironmentValue's "exactly one of" is reported by its own rule, with a better message.
    if ((e.keyword === 'minProperties' || e.keyword === 'maxProperties') && e.schemaPath.includes('EnvironmentValue'))
      continue;
    let list = byPath.get(e.instancePath);
    if (!list) byPath.set(e.instancePath, (list = []));
    list.push(e);
  }
  const out: Diagnostic[] = [];
  /** Stray keys one level up that a mapping below requires (writtenOneLevelUp), with that mapping's key. */
  const foldedUp = new Map<PropertyNode, string>();
  for (const [path, errs] of byPath) {
    const start = out.length;
    // (Located once: translatePath reads the same.)
    const loc = locate(root, path);
    const via = loc.via;
    translatePath(path, errs, loc);
    competingRenames(out, start);
    if (via) for (let i = start; i < out.length; i++) out[i] = atAlias(out[i]!, via);
  }
  if (foldedUp.size > 0) sayRequiredBelow(out, foldedUp);
  // `provider:` with no value: one diagnostic (the discriminator's, with its choices), not a type error too.
  const tags = new Set(out.filter((d) => d.code === 'unknown-discriminator').map((t) => `${t.offset}:${t.length}`));
  return tags.size === 0 ? out : out.filter((d) => d.code !== 'invalid-type' || !tags.has(`${d.offset}:${d.length}`));

  function translatePath(path: string, errs: ErrorObject[], loc: Located): void {
    const deeper = above.has(path);
    const substantive = errs.filter((e) => !isUmbrella(e));
    // anyOf/null-branch noise only speaks when nothing more precise was found at or below this path.
    const umbrellasOnly = substantive.length === 0;
    if (umbrellasOnly && deeper) return;
    // `apiKey: *vendorKey` with no `&vendorKey` above: the value is missing because the alias names
    // nothing, which `unresolved-alias` says on the alias; "found nothing" would say it again, wrongly
    // (REVIEW3 F9).
    if (loc.unresolved) return;
    const resolved = schemaAtPath(root, loc.segments);
    const typeErrs = errs.filter((e) => e.keyword === 'type');
    if (typeErrs.length > 0 && (substantive.some((e) => e.keyword === 'type') || umbrellasOnly)) {
      // `apiKey: sk-…`: the EnvironmentValue rule reports it as a literal credential, with its fix.
      if (
        resolved.schema === definition('EnvironmentValue') &&
        loc.node?.type === 'string' &&
        loc.node.value.trim() !== ''
      )
        return;
      // `{value: null, valueFromEnv: K}`: one finding, the EnvironmentValue rule's env-value-conflict,
      // whose fix removes `value: null` (REVIEW8 K13c); a type error on the null would be a second.
      if (loc.node?.type === 'null' && nullBesideFromEnv(root, loc)) return;
      out.push(missingSpaceInValue(loc, resolved) ?? typeDiagnostic(doc, loc, resolved, typeErrs));
      // A value of the wrong type says nothing more useful.
      return;
    }
    // A loop, not filter and map: optimised code's map makes a holey array, the interpreter's a
    // packed one, and the optimised code reading it was deoptimised at the first of the other kind.
    const allRequired: string[] = [];
    for (let i = 0; i < substantive.length; i++)
      if (substantive[i]!.keyword === 'required') allRequired.push(String(substantive[i]!.params.missingProperty));
    let required = allRequired;
    const union = resolved.union;
    // `{provider:vendor_a}`: one key, `provider` glued to its value by a missing space (REVIEW5 H19).
    // Said once, on that key; the key it stands for is not missing, nor is the glued one unknown.
    const glued = loc.node?.type === 'object' ? gluedKeys(loc.node, resolved) : new Map<PropertyNode, Glued>();
    for (const [prop, g] of glued) out.push(missingSpaceInKey(prop, g, resolved));
    if (glued.size > 0) required = required.filter((k) => ![...glued.values()].some((g) => g.meant === k));
    // `provder:` where `provider` is missing: one diagnostic on the misspelt key, not two.
    const renamed = misspellings(loc, resolved, required);
    for (const p of glued.keys()) renamed.delete(p);
    for (const [prop, meant] of renamed) {
      out.push(
        diag(
          'unknown-property',
          `${labelOf(resolved)} does not allow ${quotedKey(prop.key.value)}; did you mean '${meant}' (required)?`,
          prop.key.offset,
          prop.key.length,
          { data: { key: prop.key.value, suggestion: meant } },
        ),
      );
    }
    if (renamed.size > 0) required = required.filter((k) => ![...renamed.values()].includes(k));
    // `llm` left at the top level beside a `definition` that lacks it (a half-migrated v1 file): one
    // finding, the stray key's unknown-property "belongs under 'definition'" with its move, not also
    // "requires llm" here, whose fix would add a second `llm` for the move to collide with
    // (REVIEW15-user U6). Said on the stray key: 'definition' requires it.
    const strays = required.length > 0 ? writtenOneLevelUp(root, loc, required) : [];
    for (const p of strays) foldedUp.set(p, loc.prop!.key.value);
    if (strays.length > 0) required = required.filter((k) => !strays.some((p) => p.key.value === k));
    // `baseUrl` under `provider: cloud_a`, which lacks `endpoint`; `regionName` under `provider: cloud_b`,
    // which lacks `cloudLocation`: the same thing under another variant's name, one finding on that key
    // (its rename keeps the value), not also "requires endpoint" on the mapping (compare19). After the
    // keys written a level up: `cloudLocation` itself there is the better reading.
    const sameNamed =
      required.length > 0 ? sameMeaningWritten(loc, resolved, required) : new Map<string, PropertyNode>();
    if (sameNamed.size > 0) required = required.filter((k) => !sameNamed.has(k));
    const discriminatorErr = substantive.find((e) => e.keyword === 'discriminator');
    // A mapping whose `<<` merges in a mapping that holds it: the merge is cut (a `fallback-cycle` on
    // the alias), so what it lacks is that one mistake, not another (REVIEW3 F22).
    // Likewise a `<<: *name` whose anchor is not defined before it: what it would have brought is
    // missing because of that one mistake (`unresolved-alias`).
    const cut = loc.node?.type === 'object' && (hasLoopingMerge(loc.node) || hasUnresolvedMerge(loc.node));
    if (required.length > 0 && !cut) out.push(...requiredDiagnostics(doc, loc, resolved, union, required));
    if (discriminatorErr && discriminatorErr.params.error === 'mapping') out.push(unknownDiscriminator(loc, union));
    if (
      discriminatorErr &&
      discriminatorErr.params.error === 'tag' &&
      !allRequired.includes(String(discriminatorErr.params.tag))
    ) {
      out.push(discriminatorNotString(loc, union, String(discriminatorErr.params.tag)));
    }
    const renamedKeys = new Set([...renamed.keys(), ...glued.keys()].map((p) => p.key.value));
    if (discriminatorErr && union && loc.node?.type === 'object')
      out.push(...keysNoVariantAllows(keysOf(loc.node), resolved, union, renamedKeys));
    for (const e of substantive) {
      if (e.keyword === 'additionalProperties') {
        const key = String(e.params.additionalProperty);
        if (!renamedKeys.has(key) && loc.node?.type === 'object')
          out.push(...unknownProperty(keysOf(loc.node), resolved, key, loc.node));
      } else if (e.keyword === 'enum' || e.keyword === 'const') out.push(enumDiagnostic(loc, resolved, e));
      else if (!['required', 'discriminator', 'type'].includes(e.keyword))
        out.push(diag('invalid-type', `${subject(loc)} ${e.message ?? 'is not valid'}.`, ...valueRange(loc)));
    }
    for (const [k, p] of sameNamed) {
      const i = out.findIndex(
        (d) => d.code === 'unknown-property' && d.offset === p.key.offset && d.data?.sameMeaning === k,
      );
      const d = i < 0 ? undefined : out[i]!;
      if (d)
        out[i] = copyWith(d, {
          message: `${d.message.replace(/\.$/, '')}, which it requires: rename ${quotedKey(p.key.value)} to '${k}'.`,
        });
      // (Not said on the key after all: the mapping's own finding, as before.)
      else if (!cut) out.push(...requiredDiagnostics(doc, loc, resolved, union, [k]));
    }
    if (umbrellasOnly && typeErrs.length === 0)
      out.push(
        diag(
          'invalid-type',
          `${subject(loc)} does not match ${definitionNameOf(resolved.schema) ?? 'the schema'}.`,
          ...valueRange(loc),
        ),
      );
  }
}

/**
 * Keys of the mapping at `loc` that no variant allows and that are a likely misspelling of a missing
 * required key (`provder` for `provider`, `defintion`, `lm` for `llm`), each with the key meant.
 */
export function misspellings(loc: Located, resolved: Resolved, missing: readonly string[]): Map<PropertyNode, string> {
  const out = new Map<PropertyNode, string>();
  const obj = loc.node;
  if (obj?.type !== 'object' || missing.length === 0) return out;
  const allowed = new Set(Object.keys(unwrapNullable(resolved.schema)?.properties ?? {}));
  if (resolved.union && !resolved.variant)
    for (const v of resolved.union.variants) for (const k of Object.keys(v.schema.properties ?? {})) allowed.add(k);
  const left = [...missing];
  for (const p of obj.properties) {
    if (allowed.has(p.key.value) || p.key.value === '<<' || holdsMoreThanAKey(p.key.value)) continue;
    // (Only one clear match: with a tie the key is reported as unknown, naming each.)
    const found = closestMatches(p.key.value, left);
    const meant = found.tied.length === 1 ? found.best : undefined;
    if (!meant) continue;
    out.set(p, meant);
    left.splice(left.indexOf(meant), 1);
  }
  return out;
}

/**
 * Required keys the mapping at `loc` lacks whose `serviceMeaning` is that of one key written there that
 * its variant does not allow (`endpoint`, the address, where `baseUrl` is written under `provider:
 * cloud_a`), each with that key: one such key per meaning, written once.
 */
function sameMeaningWritten(loc: Located, resolved: Resolved, missing: readonly string[]): Map<string, PropertyNode> {
  const out = new Map<string, PropertyNode>();
  const obj = loc.node;
  if (obj?.type !== 'object' || !resolved.variant) return out;
  const allowed = unwrapNullable(resolved.schema)?.properties ?? {};
  for (const k of missing) {
    const m = serviceMeaningOf(k);
    if (m === undefined) continue;
    const written = obj.properties.filter(
      (p) => !Object.prototype.hasOwnProperty.call(allowed, p.key.value) && serviceMeaningOf(p.key.value) === m,
    );
    if (written.length === 1 && obj.properties.filter((p) => p.key.value === written[0]!.key.value).length === 1)
      out.set(k, written[0]!);
  }
  return out;
}

/**
 * The keys written one level up that the mapping at `loc` lacks and requires: in the mapping that
 * holds it (in its own text, not through an alias or a merge), a key that mapping does not allow and
 * whose one home is the key holding `loc` (`llm` beside `definition` at the top level). Their
 * `unknown-property` (with the move under that key) is the one finding (README: a key a small edit
 * away from a missing one is said on that key instead; this one is the key itself, a level up).
 */
function writtenOneLevelUp(root: Node | undefined, loc: Located, missing: readonly string[]): PropertyNode[] {
  const obj = loc.node;
  const holder = loc.prop;
  if (loc.via || obj?.type !== 'object' || holder?.value !== obj || loc.segments.length === 0) return [];
  const outer = holder.parent;
  const outerAt = schemaAtPath(root, loc.segments.slice(0, -1));
  const outerSchema = unwrapNullable(outerAt.schema);
  // (A key another variant of the outer mapping has, `apiKey` beside `provider: cloud_c`, is that
  // mapping's own slip, not one from below: its own finding says so, and the mapping below its.)
  const ofAVariant = (k: string): boolean =>
    outerAt.union?.variants.some((v) => Object.prototype.hasOwnProperty.call(v.schema.properties ?? {}, k)) ?? false;
  const allowed = outerSchema?.properties ?? {};
  const out: PropertyNode[] = [];
  for (const p of outer.properties) {
    const key = p.key.value;
    if (!missing.includes(key) || Object.prototype.hasOwnProperty.call(allowed, key) || ofAVariant(key)) continue;
    if (outer.properties.filter((q) => q.key.value === key).length !== 1) continue;
    if (singleHome(outerSchema, key)?.home === holder.key.value) out.push(p);
  }
  return out;
}

/** The unknown-property of each key folded up (writtenOneLevelUp) says that the mapping below requires it. */
function sayRequiredBelow(out: Diagnostic[], folded: ReadonlyMap<PropertyNode, string>): void {
  for (const [p, home] of folded) {
    const i = out.findIndex((d) => d.code === 'unknown-property' && d.offset === p.key.offset);
    if (i < 0) continue;
    const d = out[i]!;
    const at = `belongs under '${showInvisibleChars(home)}'.`;
    const said = `belongs under '${showInvisibleChars(home)}', which requires it and has none.`;
    out[i] = copyWith(d, {
      message: d.message.endsWith(at)
        ? d.message.slice(0, -at.length) + said
        : `${d.message} '${showInvisibleChars(home)}' requires it and has none.`,
    });
  }
}

/** The keys a mapping of `resolved` may have: its own, and (its variant unknown) every variant's. */
function keysAllowedIn(resolved: Resolved): Set<string> {
  const allowed = new Set(Object.keys(unwrapNullable(resolved.schema)?.properties ?? {}));
  if (resolved.union && !resolved.variant)
    for (const v of resolved.union.variants) for (const k of Object.keys(v.schema.properties ?? {})) allowed.add(k);
  return allowed;
}

/** A key glued to its value: the key meant, the name written before the colon, whether a rename is unsure. */
export interface Glued {
  meant: string;
  written: string;
  unsafe: boolean;
}

/**
 * Keys of `obj` that are a key it allows glued to a value by a missing space after the colon
 * (`{provider:vendor_a}`: one plain key, no value), each with the key it stands for; also a
 * misspelling of one (`{modle:gpt-4o}`: one clear closest key that is not written), whose rename
 * follows the rules of any rename (`unsafe`: not for `--fix`; two glued keys that both look like one
 * key are both unsure).
 */
export function gluedKeys(obj: ObjectNode, resolved: Resolved): Map<PropertyNode, Glued> {
  const out = new Map<PropertyNode, Glued>();
  let allowed: Set<string> | undefined;
  for (const p of obj.properties) {
    const v = resolve(p.value);
    if (p.key.quoted || (v !== undefined && v.type !== 'null') || v?.anchor !== undefined) continue;
    const written = gluedKey(p.key.value);
    if (written === undefined) continue;
    allowed ??= keysAllowedIn(resolved);
    const absent = (k: string): boolean => !obj.properties.some((o) => o.key.value === k);
    if (allowed.has(written)) {
      if (absent(written)) out.set(p, { meant: written, written, unsafe: false });
      continue;
    }
    const candidates = [...allowed].filter(absent);
    const { best, tied } = closestMatches(written, candidates);
    if (best !== undefined && tied.length === 1)
      out.set(p, { meant: best, written, unsafe: !renameIsSafe(written, candidates) });
  }
  const meants = [...out.values()].map((g) => g.meant);
  for (const g of out.values()) if (meants.filter((m) => m === g.meant).length > 1) g.unsafe = true;
  return out;
}

function missingSpaceInKey(prop: PropertyNode, g: Glued, resolved: Resolved): Diagnostic {
  // (What follows the colon is not repeated: it may be a credential, `apiKey:sk-…`.)
  const { meant, written } = g;
  const message =
    written === meant
      ? `A space is missing after '${meant}:': YAML reads '${meant}:…' as one key with no value, which ${labelOf(resolved)} does not allow. Write '${meant}: …'.`
      : `A space is missing after '${written}:', and ${labelOf(resolved)} has no key '${written}': YAML reads '${written}:…' as one key with no value. Did you mean '${meant}: …'?`;
  return diag('unknown-property', message, prop.key.offset, prop.key.length, {
    data: {
      key: prop.key.value,
      missingSpace: meant,
      ...(written !== meant ? { gluedAs: written } : {}),
      ...(g.unsafe ? { unsafeRename: true } : {}),
    },
  });
}

/** `schemaSelector:` + `type:all` below it: a string where a mapping belongs, one of its keys glued to its value. */
function missingSpaceInValue(loc: Located, resolved: Resolved): Diagnostic | undefined {
  const n = loc.node;
  if (n?.type !== 'string' || n.quoted || !typesOf(resolved.schema).includes('object')) return undefined;
  const meant = gluedKey(n.value);
  if (meant === undefined || !keysAllowedIn(resolved).has(meant)) return undefined;
  const what = definitionNameOf(resolved.schema);
  return diag(
    'invalid-type',
    `${subject(loc)} must be ${what ? `${what} (a mapping)` : 'a mapping'}; found a string: a space is missing after '${meant}:', so YAML reads '${meant}:…' as one string, not a key and its value. Write '${meant}: …'.`,
    n.offset,
    n.length,
    { data: { missingSpace: meant } },
  );
}

/** The value at `loc` as a message names it, with the variant in force: `'cloudProject' of provider 'cloud_b'` (REVIEW8 K17). */
function subject(loc: Located): string {
  const last = loc.segments[loc.segments.length - 1];
  if (last === undefined) return 'The document';
  const of = ofVariant(variantAround(loc.node ?? loc.prop?.key));
  return typeof last === 'number' ? `Item ${last + 1}${of}` : `'${last}'${of}`;
}

function valueRange(loc: Located, text?: string): [number, number] {
  const n = loc.node;
  if (n && (n.type === 'object' || n.type === 'array') && text !== undefined) {
    // A multi-line block value: its first line stands for it.
    const end = Math.min(lineEnd(text, n.offset), n.offset + n.length);
    let e = end;
    while (e > n.offset && /\s/.test(text[e - 1]!)) e--;
    return [n.offset, e - n.offset];
  }
  if (n) return [n.offset, Math.max(n.length, 0)];
  if (loc.prop) return [loc.prop.key.offset, loc.prop.key.length];
  return [0, 0];
}

/** The range of "the object" for messages about it as a whole: the key that holds it, else its first line. */
export function objectAnchorRange(
  doc: ParsedDocument,
  loc: { node: Node | undefined; prop: Located['prop'] },
): [number, number] {
  if (loc.prop) return [loc.prop.key.offset, loc.prop.key.length];
  const n = loc.node;
  if (n?.type === 'object' && n.properties.length > 0) {
    const first = n.properties[0]!;
    if (!n.flow) {
      // A list item or the root: point at its first key.
      return [first.key.offset, first.key.length];
    }
  }
  if (n) {
    const end = Math.min(lineEnd(doc.text, n.offset), n.offset + n.length);
    return [n.offset, Math.max(0, end - n.offset)];
  }
  return [0, 0];
}

/**
 * A value as a message quotes it: on one line, clipped, and a Unicode space in it named by its code
 * point (`hosted<U+00A0>`): it looks like a space everywhere, but YAML and JSON read it as text.
 */
function clip(s: string): string {
  // Credential shapes masked before the cut: a cut one may be too short to be found (a JWT cut after
  // 3 characters of its claims: `eyJ….y9z…`).
  const one = maskShapes(s).replace(/[^\S\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, ' ');
  const cut = one.length > 40 ? one.slice(0, 40) + '…' : one;
  return showInvisibleChars(cut);
}

/**
 * A key as a message quotes it: invisible characters shown as `<U+200B>` and named, look-alike
 * letters named (`'р' is U+0440 Cyrillic er, not 'p'`): REVIEW5 H22.
 */
function quotedKey(key: string): string {
  return quotedWithNote(key, 'key');
}

/**
 * What a message says of a value holding such a space: ` (it ends with U+00A0 no-break space, which
 * is part of the value)`, or nothing.
 */
function spaceNote(s: string): string {
  return charNote(s, 'value');
}

/**
 * The value at `loc` is the `value` of an EnvironmentValue mapping that also has `valueFromEnv`.
 * (A key merged in by `<<` belongs to its own mapping: that one is asked.)
 */
function nullBesideFromEnv(root: Node | undefined, loc: Located): boolean {
  const owner = loc.prop?.parent;
  return (
    loc.prop?.key.value === 'value' &&
    owner?.type === 'object' &&
    getProperty(owner, 'valueFromEnv') !== undefined &&
    schemaAtPath(root, loc.segments.slice(0, -1)).schema === definition('EnvironmentValue')
  );
}

function describeNode(n: Node | undefined): string {
  const r = resolve(n);
  switch (r?.type) {
    case 'object':
      return 'a mapping';
    case 'array':
      return 'a list';
    // The text is not repeated: a credential pasted where a mapping belongs must not reach a message.
    case 'string':
      return 'a string';
    case 'number':
      return `the number ${r.value}`;
    case 'boolean':
      return `${r.value}`;
    // An explicit `null` (or `~`) is not empty (REVIEW8 K13c): said as what it is.
    case 'null':
      return r.length > 0 ? 'null' : 'an empty value';
    default:
      return 'nothing';
  }
}

const typeWords: Record<string, string> = {
  object: 'a mapping',
  array: 'a list',
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'a boolean (true or false)',
  null: 'null',
};

function typeDiagnostic(doc: ParsedDocument, loc: Located, resolved: Resolved, errs: ErrorObject[]): Diagnostic {
  const n = loc.node;
  const wanted = new Set<string>();
  for (const e of errs) for (const t of String(e.params.type).split(',')) wanted.add(t);
  for (const t of typesOf(resolved.schema)) wanted.add(t);
  if (loc.segments.length === 0) {
    return diag(
      'not-an-object',
      `An AssistantConfig must be a mapping with kind, version and definition; found ${describeNode(n)}.`,
      ...objectAnchorRange(doc, loc),
    );
  }
  if (wanted.has('integer') && n?.type === 'number' && !Number.isInteger(n.value)) {
    return diag('not-integer', `${subject(loc)} must be a whole number; found ${n.value}.`, n.offset, n.length);
  }
  const name = definitionNameOf(resolved.schema);
  const isNamedObject = wanted.has('object') && name;
  const words = [...wanted]
    .filter((t) => !(t === 'number' && wanted.has('integer')))
    .map((t) => (t === 'object' && isNamedObject ? `${name} (a mapping)` : (typeWords[t] ?? t)));
  const list =
    words.length > 1
      ? `${words.slice(0, -1).join(', ')}, or ${words[words.length - 1]}`
      : (words[0] ?? 'something else');
  // The header's fix relabels only a slip in `lint --fix` (see nearHeader; REVIEW5 H9).
  const header = loc.segments.length === 1 && (loc.segments[0] === 'kind' || loc.segments[0] === 'version');
  const as11 = yaml11Typed(doc, n, wanted);
  if (as11)
    return diag(
      'invalid-type',
      `${subject(loc)} must be ${list}; found the string '${as11.src}', which only ${as11.loaders} read as ${describeReading(as11.r11)}${as11.write === undefined ? '' : `: write ${as11.write}`}.`,
      ...valueRange(loc, doc.text),
      as11.write === undefined ? undefined : { data: { yaml11: { quote: false, write: [as11.write] } } },
    );
  // `enable: trur`, `tue`, `flase`: a boolean misspelt, a string to every reader. One clear closest of
  // true and false: said, and its fix (also `lint --fix`) writes it, as for `enable: yes`.
  if (n?.type === 'string' && !n.quoted && doc.language === 'yaml' && wanted.has('boolean') && !wanted.has('string')) {
    const m = closestMatches(n.value, ['true', 'false']);
    if (m.best !== undefined && m.tied.length === 1 && n.value.length <= 8)
      return diag(
        'invalid-type',
        `${subject(loc)} must be ${list}; found the string '${n.value}'. Did you mean ${m.best}?`,
        ...valueRange(loc, doc.text),
        { data: { yaml11: { quote: false, write: [m.best] } } },
      );
  }
  // `enable: 'true'`, `"enable": "false"`: a boolean written in quotes, a string to every reader;
  // the fix writes it bare, as for `enable: yes` (REVIEW14-editor E6).
  if (n?.type === 'string' && n.quoted && wanted.has('boolean') && !wanted.has('string')) {
    const b = quotedBoolean(n.value);
    if (b)
      return diag(
        'invalid-type',
        `${subject(loc)} must be ${list}; found the string '${n.value}', in quotes, which every reader takes as text: ${b.sure ? '' : `if it meant ${b.value}, `}write ${b.value} without quotes.`,
        ...valueRange(loc, doc.text),
      );
  }
  // A plain number or boolean where a free string belongs (`cloudProject: 0123456`, `tableName:
  // 1e3`): said as written, not as read (123456, 1000), with a fix that quotes it (REVIEW6 I13).
  const s = unwrapNullable(resolved.schema);
  // (Not in a credential field: a number there is a secret to move, not a text to quote.)
  const last = loc.segments[loc.segments.length - 1];
  if (
    !header &&
    last !== 'value' &&
    !(typeof last === 'string' && credentialKeys().credentials.has(last)) &&
    (n?.type === 'number' || n?.type === 'boolean') &&
    wanted.has('string') &&
    s?.enum === undefined &&
    s?.const === undefined
  ) {
    const src = doc.text.slice(n.offset, n.offset + n.length);
    const read = String(n.value);
    return diag(
      'invalid-type',
      `${subject(loc)} must be ${list}; found ${n.type === 'number' ? `the number ${src}` : src}${src === read ? '' : ` (read as ${read})`}: quote it to keep it as written.`,
      ...valueRange(loc, doc.text),
      { data: { yaml11: { quote: true, write: [] }, lossless: true } },
    );
  }
  // A number said as the file writes it (`version: 2.0` is "the number 2.0", not 2: REVIEW15-user U13).
  const found = n?.type === 'number' ? `the number ${doc.text.slice(n.offset, n.offset + n.length)}` : describeNode(n);
  const near = header && nearHeader(n, loc.segments[0] as 'kind' | 'version', doc.text);
  return diag(
    'invalid-type',
    `${subject(loc)} must be ${list}; found ${found}.${near && loc.segments[0] === 'version' ? " Did you mean 'v2'?" : ''}`,
    ...valueRange(loc, doc.text),
    header && !near ? { data: { unsafeRename: true } } : undefined,
  );
}

/**
 * A plain string where a boolean or a number belongs that YAML 1.1 loaders read as one (`enable:
 * yes`, `maxAssistantActions: 1_000`): the message says so, and what to write (not for base 60,
 * `1:30`, whose meaning as a number is a guess).
 */
function yaml11Typed(
  doc: ParsedDocument,
  n: Node | undefined,
  wanted: ReadonlySet<string>,
): { src: string; r11: Reading; loaders: string; write: string | undefined } | undefined {
  if (n?.type !== 'string' || wanted.has('string')) return undefined;
  const src = plainText(doc, n);
  if (src === undefined || credentialShapes(src).length > 0) return undefined;
  const r11 = reading11(src);
  const loaders = /^[yYnN]$/.test(src)
    ? 'some YAML 1.1 loaders (Go yaml.v2)'
    : 'YAML 1.1 loaders (PyYAML, SnakeYAML, Go yaml.v2)';
  if (r11.kind === 'bool' && wanted.has('boolean')) return { src, r11, loaders, write: String(r11.value) };
  if ((r11.kind === 'int' || r11.kind === 'float') && (wanted.has('integer') || wanted.has('number'))) {
    const ok =
      Number.isFinite(r11.value) && r11.base !== 'sexagesimal' && (wanted.has('number') || Number.isInteger(r11.value));
    return { src, r11, loaders, write: ok ? numberText(r11.value) : undefined };
  }
  return undefined;
}

function requiredDiagnostics(
  doc: ParsedDocument,
  loc: Located,
  resolved: Resolved,
  union: Union | undefined,
  missing: string[],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (loc.segments.length === 0) {
    const anchor = objectAnchorRange(doc, loc);
    if (missing.includes('kind'))
      out.push(
        diag('kind-missing', "The document lacks 'kind: AssistantConfig'.", ...anchor, { data: { missing: ['kind'] } }),
      );
    if (missing.includes('version'))
      out.push(
        diag('version-missing', "The document lacks 'version: v2'.", ...anchor, { data: { missing: ['version'] } }),
      );
    missing = missing.filter((m) => m !== 'kind' && m !== 'version');
    if (missing.length === 0) return out;
  }
  if (union && missing.includes(union.property)) {
    out.push(
      diag(
        'missing-discriminator',
        `${union.name} requires '${union.property}': one of ${quoteList(union.values)}.`,
        ...objectAnchorRange(doc, loc),
        { data: { missing: [union.property] } },
      ),
    );
    missing = missing.filter((m) => m !== union.property);
    if (missing.length === 0) return out;
  }
  const label = labelOf(resolved);
  out.push(
    diag('missing-required', `${label} requires ${missing.join(', ')}.`, ...objectAnchorRange(doc, loc), {
      data: { missing },
    }),
  );
  return out;
}

/** No variant values (no union known). */
const NO_VALUES: readonly string[] = [];

function unknownDiscriminator(loc: Located, union: Union | undefined): Diagnostic {
  const obj = loc.node as ObjectNode;
  // Read as validation read it: a provider merged in by `<<: *anchor` is the merged one (then the
  // finding lies in the anchor and is reported as through an alias, validation/throughAlias.ts).
  const prop = union ? readProperty(obj, union.property) : undefined;
  const valueNode = resolve(prop?.value);
  const value = valueNode?.type === 'string' ? valueNode.value : '';
  const valid = union?.values ?? NO_VALUES;
  const range: [number, number] = valueNode ? [valueNode.offset, valueNode.length] : [obj.offset, 0];
  // `provider: ""` (a fix's placeholder, or cleared by hand) is said as `provider:` is: one
  // diagnostic, not "Unknown provider ''" and an empty-required beside it (REVIEW8 K3).
  if (union && valueNode?.type === 'string' && value.trim() === '')
    return throughMerge(
      obj,
      prop,
      diag(
        'unknown-discriminator',
        `'${union.property}' must be one of ${quoteList(valid)}; found ${value === '' ? 'an empty value' : 'a blank value'}.`,
        ...range,
      ),
    );
  const { hint, data } = suggest(value, valid);
  return throughMerge(
    obj,
    prop,
    diag(
      'unknown-discriminator',
      `Unknown ${union?.property ?? 'variant'} '${clip(value)}'${spaceNote(value)}.${hint} Valid values: ${quoteList(valid)}.`,
      ...range,
      data ? { data } : undefined,
    ),
  );
}

/**
 * The closest candidates to `word`: one (the `suggestion`, what a preferred fix and `--fix` write),
 * or several equally close (`suggestions`, each offered, none preferred: REVIEW5 H20), and the
 * message's " Did you mean …?".
 */
function suggest(
  word: string,
  candidates: readonly string[],
): {
  suggestion: string | undefined;
  hint: string;
  data: { suggestion: string } | { suggestions: string[] } | undefined;
} {
  const { best, tied } = closestMatches(word, candidates);
  if (best === undefined) return { suggestion: undefined, hint: '', data: undefined };
  if (tied.length === 1) return { suggestion: best, hint: ` Did you mean '${best}'?`, data: { suggestion: best } };
  return { suggestion: undefined, hint: ` Did you mean ${orList(tied)}?`, data: { suggestions: tied } };
}

/** A finding on a property merged in by `<<`: reported as made through that merge (validation/throughAlias.ts). */
function throughMerge(obj: ObjectNode, prop: PropertyNode | undefined, d: Diagnostic): Diagnostic {
  if (!prop || prop.parent === obj) return d;
  return atAlias(d, obj.properties.find((p) => isMergeKey(p))?.value);
}

function discriminatorNotString(loc: Located, union: Union | undefined, tag: string): Diagnostic {
  const obj = loc.node as ObjectNode;
  const prop = readProperty(obj, tag);
  const valueNode = resolve(prop?.value);
  const valid = union?.values ?? NO_VALUES;
  const range: [number, number] = valueNode
    ? [valueNode.offset, valueNode.length]
    : prop
      ? [prop.key.offset, prop.key.length]
      : [obj.offset, 0];
  return throughMerge(
    obj,
    prop,
    diag(
      'unknown-discriminator',
      `'${tag}' must be one of ${quoteList(valid)}; found ${describeNode(valueNode)}.`,
      ...range,
    ),
  );
}

let schemaKeys: Set<string> | undefined;

/** Every property name the schema knows anywhere (any definition, any variant). */
function keysAnywhere(): Set<string> {
  if (schemaKeys) return schemaKeys;
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (s: unknown): void => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    const o = s as { properties?: Record<string, unknown> };
    if (o.properties && typeof o.properties === 'object') for (const k of Object.keys(o.properties)) out.add(k);
    for (const v of Object.values(s)) walk(v);
  };
  walk(rootSchema);
  return (schemaKeys = out);
}

/**
 * Whether renaming the misspelt `key` to the suggestion is safe for `lint --fix`: the key is not
 * itself a valid key elsewhere in the schema (`instructions` is not a misspelt `systemInstructions`)
 * and only one candidate is within the edit distance. Otherwise the rename stays an editor fix.
 */
function renameIsSafe(key: string, candidates: readonly string[]): boolean {
  if (keysAnywhere().has(key)) return false;
  // Exactly a candidate once invisible characters and look-alikes are read away: certain (H22).
  const plain = plainReading(key);
  if (plain !== key && candidates.includes(plain)) return true;
  const near = candidates.filter((c) => closest(key, [c]) !== undefined);
  if (near.length === 1) return true;
  // Several are close by a looser reading (`value` is a prefix of `valueFromEnvv`): still one clear
  // match when it is the same spelling but for case, `_`/`-` or one letter, and every other is
  // three letters or more away.
  const bare = (s: string): string => s.toLowerCase().replace(/[_-]/g, '');
  const d = near.map((c) => editDistance(bare(key), bare(c))).sort((a, b) => a - b);
  return d.length >= 2 && d[0]! <= 1 && d[1]! >= 3;
}

/**
 * Keys of one mapping that are each a likely typo of the same name (`modle:` and `mdoel:`, both
 * `model`; REVIEW6 I7): renaming one of them decides which value the service reads, so no rename is
 * certain. Where several are equally close, each says so ("'modle' and 'mdoel' both look like
 * 'model': keep one"), its rename offered but not preferred, none applied by `--fix`; where one is
 * closer, that one keeps its rename and the others' are not applied by `--fix`. `out[start…]` holds
 * one path's diagnostics (one mapping's keys): a pass over them, grouped by name.
 */
function competingRenames(out: Diagnostic[], start: number): void {
  let groups: Map<string, number[]> | undefined;
  for (let i = start; i < out.length; i++) {
    const d = out[i]!;
    const s = d.data?.suggestion;
    if (d.code !== 'unknown-property' || typeof s !== 'string' || d.data?.missingSpace !== undefined) continue;
    groups ??= new Map<string, number[]>();
    const g = groups.get(s);
    if (g) g.push(i);
    else groups.set(s, [i]);
  }
  if (!groups) return;
  for (const [name, at] of groups) {
    const keys = [...new Set(at.map((i) => String(out[i]!.data?.key)))];
    if (keys.length < 2) continue;
    const score = new Map(keys.map((k) => [k, scoreOf(k, name) ?? { d: Infinity, raw: Infinity }]));
    const best = [...score.values()].reduce((a, b) => (b.d < a.d || (b.d === a.d && b.raw < a.raw) ? b : a));
    const tied = keys.filter((k) => score.get(k)!.d === best.d && score.get(k)!.raw === best.raw);
    for (const i of at) {
      const d = out[i]!;
      const key = String(d.data?.key);
      if (tied.length > 1 && tied.includes(key)) {
        const shown = tied.map(quotedKey);
        const both = `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]!} ${tied.length === 2 ? 'both' : 'all'}`;
        const message = d.message.replace(
          /[.;] [Dd]id you mean '[^']*'( \(required\))?\?/,
          (_m, required?: string) => `. ${both} look like '${name}'${required ?? ''}: keep one.`,
        );
        const { suggestion: _s, unsafeRename: _u, ...rest } = d.data!;
        out[i] = copyWith(d, { message, data: copyWith(rest, { suggestions: [name] }) });
      } else if (!tied.includes(key)) out[i] = copyWith(d, { data: copyWith(d.data, { unsafeRename: true }) });
    }
  }
}

/** A mapping's keys: those present, and the properties that write each (a duplicate writes it twice). */
interface MappingKeys {
  present: Set<string>;
  byKey: Map<string, PropertyNode[]>;
  /** The first `<<` merge key, if any. */
  merge: PropertyNode | undefined;
}

function mappingKeys(obj: ObjectNode): MappingKeys {
  const byKey = new Map<string, PropertyNode[]>();
  for (const p of obj.properties) {
    const list = byKey.get(p.key.value);
    if (list) list.push(p);
    else byKey.set(p.key.value, [p]);
  }
  return { present: new Set(byKey.keys()), byKey, merge: obj.properties.find(isMergeKey) };
}

/**
 * Under a union whose discriminator is unknown or unusable (`provider: vendr_a`, or merged in so by
 * `<<: *anchor`), ajv checks no key. A key of the mapping's own that no variant allows and that is
 * a near miss of a key some variant has (`provder: vendor_b` next to a `<<`, `modle`) is a typo
 * whatever the variant: reported with that key (REVIEW2 E16). Other keys no variant has (those of
 * a provider this schema does not know) wait for a known provider, as before; keys merged in are
 * the anchor's, reported at their own place.
 */
function keysNoVariantAllows(
  keys: MappingKeys,
  resolved: Resolved,
  union: Union,
  skip: ReadonlySet<string>,
): Diagnostic[] {
  const allowed = keysOfAnyVariant(resolved.schema, union);
  const candidates = allowed.list.filter((k) => !keys.present.has(k));
  const label = labelOf(resolved);
  const out: Diagnostic[] = [];
  for (const [key, props] of keys.byKey) {
    if (allowed.set.has(key) || key === '<<' || skip.has(key) || holdsMoreThanAKey(key)) continue;
    const { suggestion, hint, data } = suggest(key, candidates);
    if (data === undefined) continue;
    const unsafe = suggestion !== undefined && !renameIsSafe(key, candidates);
    for (const p of props)
      out.push(
        diag(
          'unknown-property',
          `${label} does not allow ${quotedKey(key)} for any ${union.property}.${hint}`,
          p.key.offset,
          p.key.length,
          { data: { key, ...data, ...(unsafe ? { unsafeRename: true } : {}) } },
        ),
      );
  }
  return out;
}

/** The keys a mapping of `schema` may have under some variant of `union`, in schema order: the schema's own, then each variant's. */
interface AnyVariantKeys {
  set: ReadonlySet<string>;
  list: readonly string[];
}

/** Worked out once per schema and union (the schema is static; a repository repeats the same mistake in many files). */
const anyVariantKeys = new Map<Union, Map<Schema | undefined, AnyVariantKeys>>();

function keysOfAnyVariant(schema: Schema | undefined, union: Union): AnyVariantKeys {
  let bySchema = anyVariantKeys.get(union);
  if (!bySchema) anyVariantKeys.set(union, (bySchema = new Map<Schema | undefined, AnyVariantKeys>()));
  let keys = bySchema.get(schema);
  if (!keys) {
    const set = new Set(Object.keys(unwrapNullable(schema)?.properties ?? {}));
    for (const v of union.variants) for (const k of Object.keys(v.schema.properties ?? {})) set.add(k);
    bySchema.set(schema, (keys = { set, list: [...set] }));
  }
  return keys;
}

function unknownProperty(keys: MappingKeys, resolved: Resolved, key: string, obj: ObjectNode): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const p of keys.byKey.get(key) ?? []) out.push(unknownPropertyAt(keys, resolved, key, p));
  if (out.length === 0) {
    // The key came in through a YAML merge key: said on the `<<`, as the mapping merged in would say
    // it at its own key (so that, where that mapping is checked in the same variant itself, the two
    // are one finding and the merge site's is dropped, as for an alias: validation/index.ts finish).
    const merge = keys.merge;
    const merged = readProperty(obj, key);
    const source = merged?.parent;
    if (merge && merged && source?.type === 'object') {
      const own = unknownPropertyAt(mappingKeys(source), resolved, key, merged);
      // Shared text (`<<: *base`, also a key `&base` merges from another anchor): said on the `<<` key,
      // which brings it in, with no fix (it would edit every mapping that merges it); an inline merged
      // mapping is the user's text here, said at its key (with its fix).
      const d = atAlias(own, merge.value);
      out.push(d.offset === own.offset ? own : copyWith(d, { offset: merge.key.offset, length: merge.key.length }));
    }
  }
  return out;
}

/**
 * A rename to a key whose value is a variable's name (`valueFromEnv`) of a key whose value is no
 * plausible one (REVIEW8 K9): `{valu: pw-Golf-Hotel-95, value: ""}` is a literal credential under a
 * half-typed `value`; renamed to `valueFromEnv`, the secret would pass for a variable's name (and
 * the frames that masked it would print it). A name is `$NAME`, `${NAME}` or capitals, digits and
 * `_`, not shaped like a credential; an empty value is renamed (nothing to read wrong).
 */
function namesNoVariable(owner: Schema | undefined, suggestion: string, p: PropertyNode): boolean {
  if (!isEnvNameProperty(owner, suggestion)) return false;
  const v = resolve(p.value);
  if (v === undefined || v.type === 'null') return false;
  if (v.type !== 'string') return true;
  return !readsAsVariableName(v.value);
}

/**
 * A closeness score (`scoreOf`) from which a rename is far-fetched when the key is a field just below:
 * `instructions` for `systemInstructions` (2.25, a word left out) stays; `tables` for
 * `maxTableArtifactSampleRows` (5.75, its letters spread over a longer name) goes.
 */
const FAR_FETCHED = 3;

/**
 * The key whose value is the mapping that holds `p`, when the mapping holding that key allows `key` and
 * lacks it: `p` was written a level too deep. `resolved` is the place's `schemaAtPath` (its `parent`:
 * the mapping above); only for a key written in that mapping's own text (not merged in).
 */
function keyOfMappingAbove(resolved: Resolved, p: PropertyNode, key: string): string | undefined {
  const holder = p.parent.parent;
  const at = resolved as AtPath;
  const above = at.parent;
  // (A key merged in by `<<` is not in the checked mapping's text: its holder is the merge, or an anchor's.)
  if (holder?.type !== 'property' || holder.value !== p.parent || at.node !== p.parent || !above) return undefined;
  const s = unwrapNullable(above.schema);
  if (!s?.properties || !Object.prototype.hasOwnProperty.call(s.properties, key)) return undefined;
  return holder.parent.properties.some((q) => q.key.value === key) ? undefined : holder.key.value;
}

/** `system_instructions` → `systemInstructions`; undefined for a key not in snake_case. */
function snakeToCamel(key: string): string | undefined {
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(key)) return undefined;
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `unknown-property` on the key of `p` (one occurrence of `key` in the mapping whose keys are `keys`). */
function unknownPropertyAt(keys: MappingKeys, resolved: Resolved, key: string, p: PropertyNode): Diagnostic {
  const allowed = Object.keys(unwrapNullable(resolved.schema)?.properties ?? {});
  const present = keys.present;
  const candidates = allowed.filter((k) => !present.has(k));
  let { suggestion, hint, data } = holdsMoreThanAKey(key)
    ? { suggestion: undefined, hint: '', data: undefined }
    : suggest(key, candidates);
  let owners = '';
  if (resolved.union) {
    const others = resolved.union.variants
      .filter((v) => v !== resolved.variant && v.schema.properties?.[key])
      .map((v) => v.value);
    if (others.length > 0)
      owners = ` ('${showInvisibleChars(key)}' belongs to ${resolved.union.property} ${quoteList(others)}.)`;
  }
  let home: { home: string; homeVariant?: { property: string; values: string[] }; homeAs?: string } | undefined;
  if (!owners) {
    // A field of an object just below (`enable_automations` of `featureFlags`): said where it goes.
    // A far-fetched rename beside it (`tables` as letters of `maxTableArtifactSampleRows`) is dropped.
    owners = keyHomeNote(resolved.schema, key, `'${showInvisibleChars(key)}'`);
    if (owners && suggestion !== undefined && (scoreOf(key, suggestion)?.d ?? Infinity) >= FAR_FETCHED)
      ({ suggestion, hint, data } = { suggestion: undefined, hint: '', data: undefined });
    const one = owners ? singleHome(resolved.schema, key) : undefined;
    if (one) home = one.variant ? { home: one.home, homeVariant: one.variant } : { home: one.home };
  }
  if (!owners && suggestion === undefined && data === undefined) {
    // A field of an object just below written in snake_case (`system_instructions` at the top level,
    // the field `systemInstructions` of `definition`): said so, and where it goes under that name.
    // (Not a field of another variant here, `api_key` under `provider: cloud_b`: that is not where it goes.)
    const camel = snakeToCamel(key);
    const ofVariant = resolved.union?.variants.some((v) => camel !== undefined && v.schema.properties?.[camel]);
    const one = camel === undefined || ofVariant ? undefined : singleHome(resolved.schema, camel);
    if (camel !== undefined && one) {
      owners = ` It is '${camel}' written in snake_case:${keyHomeNote(resolved.schema, camel, `'${camel}'`)}`;
      home = { home: one.home, ...(one.variant ? { homeVariant: one.variant } : {}), homeAs: camel };
    }
  }
  let up: { up: string } | undefined;
  if (!owners) {
    // A key of the mapping that holds this one, written a level too deep (`systemInstructions` under
    // `llm`, pasted with the LLM's keys): said to belong beside the key that holds it.
    const holder = keyOfMappingAbove(resolved, p, key);
    if (holder !== undefined) {
      owners = ` '${showInvisibleChars(key)}' belongs one level up, beside '${showInvisibleChars(holder)}'.`;
      up = { up: holder };
      if (suggestion !== undefined && (scoreOf(key, suggestion)?.d ?? Infinity) >= FAR_FETCHED)
        ({ suggestion, hint, data } = { suggestion: undefined, hint: '', data: undefined });
    }
  }
  const unsafe =
    suggestion !== undefined && (!renameIsSafe(key, candidates) || namesNoVariable(resolved.schema, suggestion, p));
  const label = labelOf(resolved);
  // The same thing under this variant's name (REVIEW14-user U3): `baseUrl` under `provider: cloud_a`,
  // whose address is `endpoint`; `modelId` where the model is `model`. From the schema's
  // `serviceMeaning`, as the provider switch carries them; one such key, not written yet.
  let meaning = '';
  let same: { sameMeaning: string } | undefined;
  const m = suggestion === undefined && resolved.variant ? serviceMeaningOf(key) : undefined;
  if (m) {
    const named = candidates.filter((k) => k !== key && serviceMeaningOf(k) === m);
    if (named.length === 1) {
      same = { sameMeaning: named[0]! };
      meaning = ` Under ${label}, the ${m} is '${named[0]!}'.`;
    }
  }
  // `maxItem: 50` beside `maxItems: 40` (REVIEW15-user U10): a near miss of a key that is written
  // too, so no rename is offered (it would make a duplicate); said, with the choice of which to keep.
  let rival: { competing: string } | undefined;
  if (suggestion === undefined && data === undefined && !owners && !same && !holdsMoreThanAKey(key)) {
    const { best, tied } = closestMatches(
      key,
      allowed.filter((k) => k !== key && present.has(k)),
    );
    if (best !== undefined && tied.length === 1) {
      rival = { competing: best };
      meaning += ` It looks like '${best}', which is set too: keep one of the two.`;
    }
  }
  // A key written only to hold an anchored block (`x-vendor-a: &vendorA`, docker-compose's habit,
  // merged below with `<<: *vendorA`, REVIEW18-user U7): said where an anchor goes instead.
  const anchor = p.value?.type === 'object' ? p.value.anchor : undefined;
  if (anchor !== undefined && suggestion === undefined && !owners && !meaning)
    meaning = ` If it is there to hold the anchor '&${anchor}': an anchor needs no key of its own; put it where the block is first used (as in 'llm: &${anchor}') and write '*${anchor}' or '<<: *${anchor}' where it is used again.`;
  return diag(
    'unknown-property',
    `${label} does not allow ${quotedKey(key)}.${hint}${owners}${meaning}`,
    p.key.offset,
    p.key.length,
    {
      data: { key, ...data, ...(unsafe ? { unsafeRename: true } : {}), ...home, ...up, ...same, ...rival },
    },
  );
}

/**
 * A header value that is only a slip of `v2` / `AssistantConfig`: case, blanks, quotes, a missing
 * `v`; for kind also separators and up to two typed letters (`AsistantConfig`, `assistant-config`).
 */
function nearHeader(n: Node | undefined, key: 'kind' | 'version', text?: string): boolean {
  // A number is judged as written (`2.0` is not a slip of `2`).
  let written =
    n?.type === 'string'
      ? n.value
      : n?.type === 'number' && text
        ? text.slice(n.offset, n.offset + n.length)
        : undefined;
  if (written === undefined) return false;
  // (A zero-width space or a Cyrillic letter pasted into the header is a slip too: REVIEW5 H22.)
  written = plainReading(written);
  if (key === 'version') {
    // (`2.0`, `v2.0`, `"2.0.0"`: version 2 written as a release number, REVIEW15-user U13; not `2.1`.)
    const v = written.toLowerCase().replace(/[\s'"]/g, '');
    return /^v?2(?:\.0+)*$/.test(v);
  }
  if (n?.type !== 'string') return false;
  const k = written.toLowerCase().replace(/[\s'"_-]/g, '');
  return k.length >= 12 && editDistance(k, 'assistantconfig') <= 2;
}

/** charNote of a string node's value ('' for other nodes). */
function charNoteOf(n: Node | undefined): string {
  return n?.type === 'string' ? charNote(n.value, 'value') : '';
}

function enumDiagnostic(loc: Located, resolved: Resolved, e: ErrorObject): Diagnostic {
  const n = loc.node;
  const valueText = n?.type === 'string' ? clip(n.value) : describeNode(n);
  const range = valueRange(loc);
  const key = loc.segments[loc.segments.length - 1];
  // The header's fix may relabel only a near miss in `lint --fix` (REVIEW5 H9): `v1`, `v3` or
  // `ProjectConfig` say what the file is written for; rewriting them is the user's decision (the
  // editor's quick fix still offers it).
  if (loc.segments.length === 1 && key === 'kind')
    return diag('kind-invalid', `'kind' must be 'AssistantConfig'; found '${valueText}'${charNoteOf(n)}.`, ...range, {
      data: { suggestion: 'AssistantConfig', ...(nearHeader(n, 'kind') ? {} : { unsafeRename: true }) },
    });
  if (loc.segments.length === 1 && key === 'version')
    return diag(
      'version-unsupported',
      `Version '${valueText}'${charNoteOf(n)} is not supported: only v2 is described.${nearHeader(n, 'version') ? " Did you mean 'v2'?" : ''}`,
      ...range,
      {
        data: { suggestion: 'v2', ...(nearHeader(n, 'version') ? {} : { unsafeRename: true }) },
      },
    );
  const values =
    e.keyword === 'const' ? [String(e.params.allowedValue)] : (e.params.allowedValues as unknown[]).map(String);
  const { values: named } = enumValuesOf(resolved.schema);
  const all = named.length > 0 ? named.map((v) => v.value) : values;
  const { hint, data: suggested } = n?.type === 'string' ? suggest(n.value, all) : { hint: '', data: undefined };
  // `--fix` writes only a slip: `blockSome` is near `blockNone` and means the opposite (REVIEW6 I4).
  const data =
    suggested && 'suggestion' in suggested && n?.type === 'string' && !isSlip(n.value, suggested.suggestion)
      ? { ...suggested, unsafeRename: true }
      : suggested;
  const title = definitionNameOf(resolved.schema);
  // (Named with its key where a variant is in force: `'harassment' of 'safetySettings' under provider 'cloud_b'`.)
  const of = typeof key === 'string' ? ofVariant(variantAround(n ?? loc.prop?.key)) : '';
  return diag(
    'invalid-enum',
    `${of ? `'${key}'${of}: ` : ''}'${valueText}'${n?.type === 'string' ? spaceNote(n.value) : ''} is not a valid ${title ?? String(key ?? 'value')}.${hint} Valid values: ${quoteList(all)}.`,
    ...range,
    data ? { data } : undefined,
  );
}
