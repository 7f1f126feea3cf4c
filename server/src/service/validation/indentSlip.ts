// An indentation slip (REVIEW5 H8): a key whose value is empty where a mapping belongs, followed at
// its own column by keys its mapping has and its parent does not (`apiKey:` then `valueFromEnv: K`
// at apiKey's column; `llm:` then `provider: hosted`). One mistake: the lines are not indented.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { nodeAt, pathOf } from '../../parser/ast';
import type { Resolved, Schema } from '../../model/schema';
import { propertySchema, schemaAtPath, typesOf, unionOf, unwrapNullable } from '../../model/schema';

export interface IndentSlip {
  /** The key with the empty value (`apiKey:`). */
  holder: PropertyNode;
  /** The keys written at its column that belong under it, in order. */
  strays: PropertyNode[];
}

/** The keys a mapping of `resolved` may have (every variant's when the variant is not known). */
function keysOf(resolved: Resolved): Set<string> {
  const out = new Set(Object.keys(unwrapNullable(resolved.schema)?.properties ?? {}));
  if (resolved.union && !resolved.variant)
    for (const v of resolved.union.variants) for (const k of Object.keys(v.schema.properties ?? {})) out.add(k);
  return out;
}

/** The keys a mapping of schema `s` may have, whatever its variant. */
function keysOfSchema(s: Schema | undefined): Set<string> {
  const out = new Set(Object.keys(unwrapNullable(s)?.properties ?? {}));
  const union = unionOf(s);
  if (union) for (const v of union.variants) for (const k of Object.keys(v.schema.properties ?? {})) out.add(k);
  return out;
}

function isEmpty(v: Node | undefined): boolean {
  return v === undefined || (v.type === 'null' && v.length === 0 && v.anchor === undefined);
}

/** The slip `prop` is one of the stray keys of, if any. */
export function indentSlipAt(doc: ParsedDocument, prop: PropertyNode): IndentSlip | undefined {
  const obj: ObjectNode = prop.parent;
  if (obj.flow || doc.language !== 'yaml') return undefined;
  const at = schemaAtPath(doc.root, pathOf(obj));
  const own = unwrapNullable(at.schema);
  if (!own || own.additionalProperties !== false) return undefined;
  const parentKeys = keysOf(at);
  const props = obj.properties;
  const i = props.indexOf(prop);
  if (i < 0 || parentKeys.has(prop.key.value)) return undefined;
  let j = i - 1;
  while (j >= 0 && !parentKeys.has(props[j]!.key.value)) j--;
  const holder = props[j];
  if (!holder || !isEmpty(holder.value)) return undefined;
  const hs = propertySchema(at.schema, holder.key.value);
  if (!typesOf(hs).includes('object')) return undefined;
  const holderKeys = keysOfSchema(hs);
  const strays: PropertyNode[] = [];
  for (let k = j + 1; k < props.length && !parentKeys.has(props[k]!.key.value); k++) {
    if (!holderKeys.has(props[k]!.key.value)) return undefined;
    strays.push(props[k]!);
  }
  return strays.includes(prop) ? { holder, strays } : undefined;
}

/** The property whose key starts at `offset`. */
export function propertyWithKeyAt(doc: ParsedDocument, offset: number): PropertyNode | undefined {
  const n = nodeAt(doc.root, offset);
  const p = n?.parent;
  return n?.type === 'string' && p?.type === 'property' && p.key === n && n.offset === offset ? p : undefined;
}
