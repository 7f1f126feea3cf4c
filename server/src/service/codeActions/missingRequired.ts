// `missing-required`, `kind-missing`, `version-missing`: add the fields the type or variant requires,
// each where the schema's order puts it, with placeholder values.
import type { ObjectNode, ParsedDocument } from '../../parser/ast';
import { getProperty } from '../../parser/ast';
import { enumValuesOf, labelOf, propertySchema, rootSchema, unwrapNullable } from '../../model/schema';
import type { Visit } from '../../model/typedWalk';
import type { Diagnostic } from '../codes';
import { addProperties, yamlScalar } from './edits';
import type { NewEntry } from './edits';
import { objectOfDiagnostic, presentMisspelt } from './find';
import type { ObjectSite } from './find';
import { entriesFor } from './placeholders';
import type { Fix, FixProvider } from './provider';
import { names } from './provider';
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

export const missingRequired: FixProvider = (doc, d) =>
  addMissing(doc, d, d.data?.missing ?? [], (entries, site) => {
    const owner = site.resolved.variant ? ` of ${labelOf(site.resolved)}` : '';
    return `Add the required field${entries.length > 1 ? 's' : ''} ${names(entries.map((e) => e.key))}${owner}`;
  });

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
