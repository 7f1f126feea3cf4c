// Switching the variant of a discriminated object (`provider` of an LLM, `type` of a schema selector):
// the refactoring offered on the discriminator's value, and the fix of `missing-discriminator`.
// The fields the new variant does not allow go, the ones both variants share stay, and the new
// variant's required fields are added. Done in two passes (remove and retag; re-read the mapping;
// insert) so that the insertions see the mapping as it will be; the result is one edit.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { isMergeKey, mergeSources } from '../../model/merge';
import { getProperty, nodeAt, pathOf, resolve, stringValue } from '../../parser/ast';
import type { Union, Variant } from '../../model/schema';
import { schemaAtPath, serviceMeaningOf } from '../../model/schema';
import type { TextEdit } from '../types';
import { composeInObject } from './compose';
import {
  addProperties,
  removeProperties,
  renderBlock,
  renderInlineValue,
  replaceScalar,
  scalar,
  setValue,
} from './edits';
import { indentUnit } from '../indent';
import { columnOf, eolOf } from '../../parser/lineIndex';
import {
  anchorsUsedElsewhere,
  holdsLiteralSecret,
  objectOfDiagnostic,
  presentMisspelt,
  sharingAliases,
  valueAt,
} from './find';
import { entriesFor, variantEntries } from './placeholders';
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
  // Between variants only: an unknown or empty value has its quick fixes (one action per intent).
  if (!union.variants.some((v) => v.value === current)) return [];
  return union.variants.filter((v) => v.value !== current).map((v) => switchTo(doc, obj, prop, union, v));
}

function switchTo(doc: ParsedDocument, obj: ObjectNode, tag: PropertyNode, union: Union, v: Variant): Fix {
  const allowed = v.schema.properties ?? {};
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(allowed, k);
  const notAllowed = obj.properties.filter((p) => p !== tag && !has(p.key.value));
  // A field the new variant names differently keeps its value, moved to the new variant's field of
  // the same `serviceMeaning` in the schema: `model` ⇄ `modelId` (the model), `baseUrl` ⇄ `endpoint`
  // (the address of the API, REVIEW8 K13a).
  const carried = new Map<PropertyNode, string>();
  for (const p of notAllowed) {
    const meaning = serviceMeaningOf(p.key.value);
    if (meaning === undefined || !isScalarValue(p)) continue;
    const other = Object.keys(allowed).find(
      (o) => serviceMeaningOf(o) === meaning && !getProperty(obj, o) && ![...carried.values()].includes(o),
    );
    if (other !== undefined) carried.set(p, other);
  }
  // A literal credential is never dropped: it stays (reported as not allowed) for the user to move.
  const kept = notAllowed.filter((p) => !carried.has(p) && (holdsLiteralSecret(p) || anchorsUsedElsewhere(doc, [p])));
  const dropped = notAllowed.filter((p) => !carried.has(p) && !kept.includes(p));
  const first = [
    setValue(doc, tag, v.value),
    ...removeProperties(doc, obj, dropped),
    ...[...carried].map(([p, k]) => replaceScalar(doc, p.key, k)),
  ];
  // A block that merges this one (`<<: *fallback`) and writes keys of its own the new variant does not
  // allow (`model: large-model`): the user's text in another place. Renamed as here when the new
  // variant names it differently (`model` becomes `modelId` there too), otherwise kept and said.
  const renamedAs = new Map([...carried].map(([p, k]) => [p.key.value, k]));
  const elsewhere: TextEdit[] = [];
  const merging: string[] = [];
  for (const p of mergingOwnKeys(doc, obj, union.property, has)) {
    const k = renamedAs.get(p.key.value);
    const outside = p.offset >= obj.offset + obj.length || p.offset + p.length <= obj.offset;
    if (k !== undefined && outside && !getProperty(p.parent, k)) elsewhere.push(replaceScalar(doc, p.key, k));
    else if (!merging.includes(p.key.value)) merging.push(p.key.value);
  }
  const edits = [...thenAddRequired(doc, obj, first, v), ...elsewhere];
  const gone = [...new Set(dropped.map((p) => p.key.value))];
  const moved = [...carried].map(([p, k]) => `'${p.key.value}' becomes '${k}'`);
  const keptNames = [...new Set(kept.map((p) => p.key.value))];
  const notes = [
    ...(gone.length > 0 ? [`removes ${names(gone)}`] : []),
    ...moved,
    ...(keptNames.length > 0 ? [`keeps ${names(keptNames)}: a literal secret or a shared anchor`] : []),
    ...(merging.length > 0 ? [`keeps ${names(merging)} of a block that merges it`] : []),
    // (An anchored block: every alias and merge of it switches too, REVIEW15-user U16.)
    ...sharedNote(doc, obj),
  ];
  return {
    title: `Switch ${union.property} to '${v.value}'${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
    edits,
  };
}

/**
 * `shared by 3 aliases and 1 merge: all switch`, for a mapping that aliases (`*fallback`) and merges
 * (`<<: *fallback`) read, itself or through a node that holds it: the switch edits the anchored text,
 * so every use changes (REVIEW15-user U16). None for a mapping no alias reads.
 */
function sharedNote(doc: ParsedDocument, obj: ObjectNode): string[] {
  const all = sharingAliases(doc, obj);
  const merges = all.filter((a) => {
    const p = a.parent?.type === 'array' ? a.parent.parent : a.parent;
    return p?.type === 'property' && isMergeKey(p);
  }).length;
  const aliases = all.length - merges;
  const parts = [
    ...(aliases > 0 ? [`${String(aliases)} alias${aliases === 1 ? '' : 'es'}`] : []),
    ...(merges > 0 ? [`${String(merges)} merge${merges === 1 ? '' : 's'}`] : []),
  ];
  return parts.length > 0 ? [`shared by ${parts.join(' and ')}: all switch`] : [];
}

/**
 * The keys, not allowed by the new variant, that the mappings merging `obj` through `<<` write of
 * their own (a mapping with its own discriminator is its own variant, left out).
 */
function mergingOwnKeys(
  doc: ParsedDocument,
  obj: ObjectNode,
  discriminator: string,
  allowed: (k: string) => boolean,
): PropertyNode[] {
  const out: PropertyNode[] = [];
  const seen = new Set<Node>();
  const stack: (Node | undefined)[] = [doc.root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n || seen.has(n) || n.type === 'alias') continue;
    seen.add(n);
    if (n.type === 'array') stack.push(...n.items);
    if (n.type !== 'object') continue;
    for (const p of n.properties) stack.push(p.value);
    if (n === obj || getProperty(n, discriminator)) continue;
    if (!n.properties.some((p) => mergeSources(p)?.includes(obj))) continue;
    for (const p of n.properties) if (!isMergeKey(p) && !allowed(p.key.value)) out.push(p);
  }
  return out;
}

/** A string or number, written here or through an alias (`baseUrl: *u`): renaming the key keeps either. */
function isScalarValue(p: PropertyNode): boolean {
  const t = resolve(p.value)?.type;
  return t === 'string' || t === 'number';
}

/** Applies `first`, then adds the variant's required fields the mapping still lacks; one edit in all. */
function thenAddRequired(doc: ParsedDocument, obj: ObjectNode, first: TextEdit[], v: Variant): TextEdit[] {
  const unit = indentUnit(doc);
  const order = Object.keys(v.schema.properties ?? {});
  return composeInObject(doc, obj, first, (doc1, obj1) => {
    // (Never a second copy of a key written under a misspelling: its rename is offered instead.)
    const missing = (v.schema.required ?? []).filter(
      (k) => !getProperty(obj1, k) && !presentMisspelt(obj1, k, v.schema),
    );
    return addProperties(doc1, obj1, entriesFor(v.schema, missing, obj1), order, unit);
  });
}

/** `missing-discriminator`: one fix per variant, adding the discriminator and the variant's required fields. */
export const missingDiscriminator: FixProvider = (doc, d) => {
  const key = d.data?.missing?.[0];
  const site = objectOfDiagnostic(
    doc,
    d,
    (vis, obj) => key !== undefined && vis.resolved.union?.property === key && !getProperty(obj, key),
  );
  const union = site?.resolved.union;
  if (!site || !union) return [];
  const obj = site.obj;
  const present = obj.properties.map((p) => p.key.value);
  // Variants that allow every key already written come first; the best one is preferred when it alone fits.
  const misfits = (v: Variant): number =>
    present.filter((k) => !Object.prototype.hasOwnProperty.call(v.schema.properties ?? {}, k)).length;
  const ranked = [...union.variants].sort((a, b) => misfits(a) - misfits(b));
  const bestUnique = ranked.length > 1 && misfits(ranked[0]!) === 0 && misfits(ranked[1]!) > 0;
  return ranked.map((v, i): Fix => {
    const order = Object.keys(v.schema.properties ?? {});
    const first = addProperties(doc, obj, [{ key: union.property, value: scalar(v.value) }], order);
    const fix: Fix = {
      title: `Add ${union.property} '${v.value}' and its required fields`,
      edits: thenAddRequired(doc, obj, first, v),
    };
    if (i === 0 && bestUnique) fix.isPreferred = true;
    return fix;
  });
};

/**
 * `invalid-type` on an empty value where a discriminated mapping belongs (`llm:` with nothing after
 * it): the same offers as for `llm: {}`, one per variant, writing the mapping in place.
 */
export const emptyVariant: FixProvider = (doc, d) => {
  const node = valueAt(doc, d.offset);
  const prop = node?.parent;
  if (!node || node.type !== 'null' || prop?.type !== 'property') return [];
  const union = schemaAtPath(doc.root, pathOf(node)).union;
  if (!union) return [];
  const text = doc.text;
  const eol = eolOf(text);
  const unit = indentUnit(doc);
  const indent = ' '.repeat(columnOf(text, prop.key.offset));
  return union.variants.map((v): Fix => {
    const entry = {
      key: prop.key.value,
      value: { kind: 'object' as const, entries: variantEntries(union, v, v.schema.required ?? []) },
    };
    // The property rendered whole, then only what follows its key is written over the empty value.
    const rendered = renderBlock(doc, entry, indent, unit, eol);
    const after = rendered.slice(rendered.indexOf(':') + 1);
    const at = prop.colonOffset >= 0 ? prop.colonOffset + 1 : node.offset;
    const end = Math.max(at, node.offset + node.length);
    const newText = prop.parent.flow && doc.language === 'yaml' ? ` ${renderInlineValue(doc, entry.value)}` : after;
    return {
      title: `Add ${union.property} '${v.value}' and its required fields`,
      edits: [{ offset: at, length: end - at, newText }],
    };
  });
};

/**
 * `unknown-discriminator` (a misspelt, unknown, empty or non-string `provider`/`type`): set it to a
 * variant and add that variant's required fields it lacks, as placeholders that keep their diagnostic.
 * Nothing the user wrote is removed (a field the variant does not allow stays, reported, for the user
 * to move or delete). With a suggestion (a near miss), that variant alone; otherwise one fix per variant,
 * those whose fields are already written first, preferred when one alone allows every field present.
 */
export function retagActions(
  doc: ParsedDocument,
  tag: PropertyNode,
  union: Union,
  suggestion: string | undefined,
  among?: readonly string[],
): Fix[] {
  const obj = tag.parent;
  const present = obj.properties.filter((p) => p.key.value !== union.property).map((p) => p.key.value);
  const misfits = (v: Variant): number =>
    present.filter((k) => !Object.prototype.hasOwnProperty.call(v.schema.properties ?? {}, k)).length;
  const suggested = union.variants.find((v) => v.value === suggestion);
  // Equally close variants (`cloud_d`): those alone, none preferred (REVIEW5 H20: which cloud decides the credentials).
  const tied = among && union.variants.filter((v) => among.includes(v.value));
  const ranked = suggested
    ? [suggested]
    : [...(tied && tied.length > 0 ? tied : union.variants)].sort((a, b) => misfits(a) - misfits(b));
  const bestUnique =
    suggested !== undefined ||
    (!tied?.length && ranked.length > 1 && misfits(ranked[0]!) === 0 && misfits(ranked[1]!) > 0);
  return ranked.map((v, i): Fix => {
    const missing = (v.schema.required ?? []).filter((k) => !getProperty(obj, k) && !presentMisspelt(obj, k, v.schema));
    const title = `Change '${union.property}' to '${v.value}'${missing.length > 0 ? ` and add ${names(missing)}` : ''}`;
    const set = setValue(doc, tag, v.value);
    // (Nothing to add: the one edit on the value, not a diff of the re-read mapping.)
    const fix: Fix = { title, edits: missing.length > 0 ? thenAddRequired(doc, obj, [set], v) : [set] };
    if (missing.length > 0)
      fix.withoutPlaceholders = { title: `Change '${union.property}' to '${v.value}'`, edits: [set] };
    if (i === 0 && bestUnique) fix.isPreferred = true;
    return fix;
  });
}

/**
 * `unknown-property` on a key that another variant of the mapping's union has (`endpoint` under
 * `provider: hosted`, a key of cloud_a; REVIEW7 J3): switch to each variant that has it, the
 * variants read from the schema. Nothing the user wrote is removed (keys the new variant does not
 * allow stay, reported, and the title names them); the new variant's required fields are added as
 * placeholders that keep their diagnostic. Preferred only when one variant alone has the key, every
 * other key written fits it, no rename is offered instead, and the mapping is not shared by an alias
 * (the switch would change every use). Never `--fix` (`editorOnly`): which provider the user meant is
 * theirs to say.
 */
export function switchForKey(doc: ParsedDocument, prop: PropertyNode, renameOffered: boolean): Fix[] {
  const obj = prop.parent;
  if (!doc.root) return [];
  const union = schemaAtPath(doc.root, pathOf(obj)).union;
  const tag = union ? getProperty(obj, union.property) : undefined;
  if (!union || !tag) return [];
  const current = stringValue(tag.value);
  if (!union.variants.some((v) => v.value === current)) return [];
  const key = prop.key.value;
  const allows = (v: Variant, k: string): boolean => Object.prototype.hasOwnProperty.call(v.schema.properties ?? {}, k);
  const owners = union.variants.filter((v) => v.value !== current && allows(v, key));
  if (owners.length === 0) return [];
  const written = [...new Set(obj.properties.filter((p) => p !== tag && !isMergeKey(p)).map((p) => p.key.value))];
  const uses = sharingAliases(doc, obj).length;
  const shared = sharedNote(doc, obj);
  return owners.map((v): Fix => {
    const misfits = written.filter((k) => k !== union.property && !allows(v, k));
    const missing = (v.schema.required ?? []).filter((k) => !getProperty(obj, k) && !presentMisspelt(obj, k, v.schema));
    const set = setValue(doc, tag, v.value);
    const notes = [
      `${owners.length === 1 ? 'the' : 'a'} ${union.property} with '${key}'`,
      ...(missing.length > 0 ? [`adds ${names(missing)}`] : []),
      ...(misfits.length > 0
        ? [`${names(misfits)} ${misfits.length === 1 ? 'stays' : 'stay'}, not allowed there`]
        : []),
      ...shared,
    ];
    return {
      title: `Switch ${union.property} to '${v.value}' (${notes.join('; ')})`,
      edits: missing.length > 0 ? thenAddRequired(doc, obj, [set], v) : [set],
      isPreferred: owners.length === 1 && misfits.length === 0 && !renameOffered && uses === 0,
      editorOnly: true,
    };
  });
}
