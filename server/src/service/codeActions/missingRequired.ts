// `missing-required`, `kind-missing`, `version-missing`: add the fields the type or variant requires,
// each where the schema's order puts it, with placeholder values.
import type { AliasNode, ObjectNode, ParsedDocument } from '../../parser/ast';
import { getProperty, stringValue } from '../../parser/ast';
import type { Resolved } from '../../model/schema';
import { enumValuesOf, labelOf, propertySchema, rootSchema, unwrapNullable } from '../../model/schema';
import { isMergeKey } from '../../model/merge';
import type { Visit } from '../../model/typedWalk';
import type { Diagnostic } from '../codes';
import { addProperties, yamlScalar } from './edits';
import type { NewEntry } from './edits';
import { objectOfDiagnostic, presentMisspelt, sharingAliases } from './find';
import type { ObjectSite } from './find';
import { entriesFor } from './placeholders';
import type { Fix, FixProvider } from './provider';
import { names } from './provider';
import { moveStraysUnder } from './unknownProperty';
import { HEADER_FIX_TITLE } from '../../shared/protocol';

/** The mapping that lacks `missing`: the one the diagnostic's range anchors, whose schema requires them. */
export function siteMissing(doc: ParsedDocument, d: Diagnostic, missing: readonly string[]): ObjectSite | undefined {
  return objectOfDiagnostic(doc, d, (v: Visit, obj: ObjectNode) => {
    const required = unwrapNullable(v.resolved.schema)?.required ?? [];
    return missing.every((k) => required.includes(k) && !getProperty(obj, k));
  });
}

export function addMissing(
  doc: ParsedDocument,
  d: Diagnostic,
  missing: readonly string[],
  title: (entries: NewEntry[], site: ObjectSite) => string,
): Fix[] {
  if (missing.length === 0) return [];
  const site = siteMissing(doc, d, missing);
  if (!site) return [];
  const schema = site.resolved.schema;
  const entries = entriesFor(
    schema,
    missing.filter((k) => !presentMisspelt(site.obj, k, schema)),
    site.obj,
  );
  if (entries.length === 0) return [];
  const order = Object.keys(unwrapNullable(schema)?.properties ?? {});
  const edits = addProperties(doc, site.obj, entries, order);
  return edits.length > 0 ? [{ title: title(entries, site), edits, isPreferred: true }] : [];
}

/**
 * `missing-required`: the fields added where the diagnostic is. On a mapping that aliases use (an
 * anchor merged with `<<: *base` or aliased whole), that is still where they belong (the anchored
 * mapping lacks them itself, and written on each user instead they would be written many times while
 * the anchor stayed wrong), but every user gets them: the title says so (REVIEW10 L10), and the fix is
 * not preferred when a mapping that merges it sets another variant (there the fields would not fit).
 */
export const missingRequired: FixProvider = (doc, d) => {
  // (Set by the title, which addMissing asks once it has the mapping.)
  const seen = { misfit: false };
  const fixes = addMissing(doc, d, d.data?.missing ?? [], (entries, site) => {
    const owner = site.resolved.variant ? ` of ${labelOf(site.resolved)}` : '';
    const shared = sharingAliases(doc, site.obj);
    seen.misfit = shared.some((a) => mergesAnotherVariant(a, site.resolved));
    return `Add the required field${entries.length > 1 ? 's' : ''} ${names(entries.map((e) => e.key))}${owner}${sharedNote(site.obj, shared)}`;
  });
  // Keys of the missing field written beside it (`llm`, `systemInstructions`… at the top level, no
  // `definition`): moving them under a new one is the fix; an empty one added is not preferred.
  const site = fixes.length > 0 ? siteMissing(doc, d, d.data?.missing ?? []) : undefined;
  const moves = site ? (d.data?.missing ?? []).flatMap((k) => moveStraysUnder(doc, site.obj, k)) : [];
  return seen.misfit || moves.length > 0
    ? [...moves.slice(0, 1), ...fixes.map((f) => ({ ...f, isPreferred: false }))]
    : fixes;
};

/** ` to '&base' (shared: its 2 aliases get them too)`; nothing for a mapping no alias uses. */
function sharedNote(obj: ObjectNode, aliases: readonly AliasNode[]): string {
  if (aliases.length === 0) return '';
  const anchors = [...new Set(aliases.map((a) => a.name))];
  const n = aliases.length;
  const uses = n === 1 ? 'its alias gets them too' : `its ${String(n)} aliases get them too`;
  if (anchors.length === 1 && obj.anchor === anchors[0]) return ` to '&${anchors[0]!}' (shared: ${uses})`;
  const held = anchors.map((a) => `'&${a}'`).join(', ');
  return ` (shared: inside ${held}; ${n === 1 ? 'an alias gets' : `${String(n)} aliases get`} them too)`;
}

/** The alias is merged (`<<: *base`, `<<: [*a, *base]`) into a mapping that sets the union's discriminator to another value. */
function mergesAnotherVariant(alias: AliasNode, resolved: Resolved): boolean {
  const union = resolved.union;
  if (!union) return false;
  let holder = alias.parent;
  if (holder?.type === 'array') holder = holder.parent;
  if (holder?.type !== 'property' || !isMergeKey(holder)) return false;
  const own = stringValue(getProperty(holder.parent, union.property)?.value);
  return own !== undefined && own !== resolved.variant?.value;
}

/**
 * `kind-missing` / `version-missing`: one fix for both, that adds the header lines missing at the top
 * (`kind: AssistantConfig`, `version: v2`).
 */
export const addHeader: FixProvider = (doc, d) => {
  const root = doc.root;
  if (root?.type !== 'object') return [];
  // The header: the top level's required keys that have one possible value (from the schema).
  const header = (rootSchema.required ?? []).filter((k) => {
    const { values, open } = enumValuesOf(propertySchema(rootSchema, k));
    return values.length === 1 && !open && !getProperty(root, k);
  });
  return addMissing(
    doc,
    d,
    header,
    (entries) =>
      `${HEADER_FIX_TITLE} ${entries.map((e) => `'${e.key}: ${e.value.kind === 'scalar' ? yamlScalar(e.value.value) : '…'}'`).join(' and ')}`,
  );
};
