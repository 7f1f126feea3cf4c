// An indentation slip (REVIEW5 H8): a key whose value is empty where a mapping belongs, followed at
// its own column by keys its mapping has and its parent does not (`apiKey:` then `valueFromEnv: K`
// at apiKey's column; `llm:` then `provider: hosted`). One mistake: the lines are not indented.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
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

/**
 * Every slip in mapping `obj`, in one pass over its keys (a mapping with thousands of unknown keys
 * is read once, not once per key: test/service/validationLinear.test.ts).
 */
export function indentSlipsIn(doc: ParsedDocument, obj: ObjectNode): IndentSlip[] {
  if (obj.flow || doc.language !== 'yaml') return [];
  const at = schemaAtPath(doc.root, pathOf(obj));
  const own = unwrapNullable(at.schema);
  if (!own || own.additionalProperties !== false) return [];
  const parentKeys = keysOf(at);
  const props = obj.properties;
  const out: IndentSlip[] = [];
  let i = 0;
  while (i < props.length) {
    const holder = props[i]!;
    i++;
    if (!parentKeys.has(holder.key.value)) continue;
    // The keys after `holder` up to the next key of the parent.
    let end = i;
    while (end < props.length && !parentKeys.has(props[end]!.key.value)) end++;
    if (end === i || !isEmpty(holder.value)) continue;
    const hs = propertySchema(at.schema, holder.key.value);
    if (!typesOf(hs).includes('object')) continue;
    const holderKeys = keysOfSchema(hs);
    const strays = props.slice(i, end);
    if (strays.every((p) => holderKeys.has(p.key.value))) out.push({ holder, strays });
  }
  return out;
}

/** The slip `prop` is one of the stray keys of, if any. */
export function indentSlipAt(doc: ParsedDocument, prop: PropertyNode): IndentSlip | undefined {
  return indentSlipsIn(doc, prop.parent).find((s) => s.strays.includes(prop));
}
