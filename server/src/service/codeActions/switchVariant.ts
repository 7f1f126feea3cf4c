// Switching the variant of a discriminated object (`provider` of an LLM, `type` of a schema selector):
// the refactoring offered on the discriminator's value, and the fix of `missing-discriminator`.
// The fields the new variant does not allow go, the ones both variants share stay, and the new
// variant's required fields are added. Done in two passes (remove and retag; re-read the mapping;
// insert) so that the insertions see the mapping as it will be; the result is one edit.
import type { ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { getProperty, nodeAt, pathOf, stringValue } from '../../parser/ast';
import type { Union, Variant } from '../../model/schema';
import { schemaAtPath } from '../../model/schema';
import type { TextEdit } from '../types';
import { composeInObject } from './compose';
import { addProperties, indentUnit, removeProperties, scalar, setValue } from './edits';
import { objectOfDiagnostic } from './find';
import { entriesFor } from './placeholders';
import type { Fix, FixProvider } from './provider';
import { names } from './provider';

/** The refactoring: one action per other variant, when `offset` is on a discriminator's key or value. */
export function switchVariantActions(doc: ParsedDocument, offset: number): Fix[] {
  if (!doc.root) return [];
  const n = nodeAt(doc.root, offset);
  const at = n?.parent?.type === 'property' ? n.parent : undefined;
  if (!at) return [];
  const obj = at.parent;
  const union = schemaAtPath(doc.root, pathOf(obj)).union;
  if (!union || at.key.value !== union.property) return [];
  // With the discriminator twice, the occurrence that is read (the last) is the one switched.
  const prop = getProperty(obj, union.property) ?? at;
  const current = stringValue(prop.value);
  return union.variants.filter((v) => v.value !== current).map((v) => switchTo(doc, obj, prop, union, v));
}

function switchTo(doc: ParsedDocument, obj: ObjectNode, tag: PropertyNode, union: Union, v: Variant): Fix {
  const allowed = v.schema.properties ?? {};
  const dropped = obj.properties.filter((p) => p !== tag && !Object.prototype.hasOwnProperty.call(allowed, p.key.value));
  const first = [setValue(doc, tag, v.value), ...removeProperties(doc, obj, dropped)];
  const edits = thenAddRequired(doc, obj, first, v);
  const gone = [...new Set(dropped.map((p) => p.key.value))];
  return { title: `Switch ${union.property} to '${v.value}'${gone.length > 0 ? ` (removes ${names(gone)})` : ''}`, edits };
}

/** Applies `first`, then adds the variant's required fields the mapping still lacks; one edit in all. */
function thenAddRequired(doc: ParsedDocument, obj: ObjectNode, first: TextEdit[], v: Variant): TextEdit[] {
  const unit = indentUnit(doc);
  const order = Object.keys(v.schema.properties ?? {});
  return composeInObject(doc, obj, first, (doc1, obj1) => {
    const missing = (v.schema.required ?? []).filter((k) => !getProperty(obj1, k));
    return addProperties(doc1, obj1, entriesFor(v.schema, missing, obj1), order, unit);
  });
}

/** `missing-discriminator`: one fix per variant, adding the discriminator and the variant's required fields. */
export const missingDiscriminator: FixProvider = (doc, d) => {
  const key = d.data?.missing?.[0];
  const site = objectOfDiagnostic(doc, d, (vis, obj) => key !== undefined && vis.resolved.union?.property === key && !getProperty(obj, key));
  const union = site?.resolved.union;
  if (!site || !union) return [];
  const obj = site.obj;
  const present = obj.properties.map((p) => p.key.value);
  // Variants that allow every key already written come first; the best one is preferred when it alone fits.
  const misfits = (v: Variant): number => present.filter((k) => !Object.prototype.hasOwnProperty.call(v.schema.properties ?? {}, k)).length;
  const ranked = [...union.variants].sort((a, b) => misfits(a) - misfits(b));
  const bestUnique = ranked.length > 1 && misfits(ranked[0]!) === 0 && misfits(ranked[1]!) > 0;
  return ranked.map((v, i): Fix => {
    const order = Object.keys(v.schema.properties ?? {});
    const first = addProperties(doc, obj, [{ key: union.property, value: scalar(v.value) }], order);
    const fix: Fix = { title: `Add ${union.property} '${v.value}' and its required fields`, edits: thenAddRequired(doc, obj, first, v) };
    if (i === 0 && bestUnique) fix.isPreferred = true;
    return fix;
  });
};
