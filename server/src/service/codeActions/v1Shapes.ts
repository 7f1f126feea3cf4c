// `invalid-type` on a v1 shape whose v2 form keeps every word (REVIEW15-user U9), read from the schema,
// never from a list of fields:
// - a boolean where a mapping belongs that has one boolean field and requires nothing else
//   (`threadTitleGeneration: true` → `threadTitleGeneration: { enable: true }`);
// - a list of names where a mapping of booleans belongs (`featureFlags: [a, b]` → `{ a: true, b: true }`,
//   a block list item by item, `- a # note` → `a: true # note`): each name listed is on.
// Preferred, so `lint --fix` applies them: the value and every comment stay. None on an anchored or
// tagged value, an item that is not a one-line name, a name listed twice, or a flow list with a comment.
import type { ArrayNode, Node, ParsedDocument } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { columnOf, lineStart } from '../../parser/lineIndex';
import { schemaAtPath, typesOf, unwrapNullable } from '../../model/schema';
import type { Schema } from '../../model/schema';
import type { Diagnostic } from '../codes';
import type { TextEdit } from '../types';
import { commentsIn, yamlScalar } from './edits';
import { valueAt } from './find';
import { indentUnit } from '../indent';
import type { Fix } from './provider';

/** The mapping schema expected where `node` stands, when the value there must be one. */
function mappingExpected(doc: ParsedDocument, node: Node): Schema | undefined {
  const here = unwrapNullable(schemaAtPath(doc.root, pathOf(node)).schema);
  const types = typesOf(here);
  return types.includes('object') && !types.includes('array') && !types.includes('boolean') ? here : undefined;
}

const keyText = (doc: ParsedDocument, k: string): string =>
  doc.language === 'json' ? JSON.stringify(k) : yamlScalar(k);

/** `threadTitleGeneration: true` → `threadTitleGeneration: { enable: true }`. */
export function booleanIntoField(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const node = valueAt(doc, d.offset);
  const p = node?.parent;
  if (node?.type !== 'boolean' || p?.type !== 'property' || node.anchor !== undefined) return [];
  const src = doc.text.slice(node.offset, node.offset + node.length);
  if (src !== String(node.value)) return [];
  const s = mappingExpected(doc, node);
  if (!s) return [];
  const fields = Object.entries(s.properties ?? {}).filter(([, f]) => typesOf(f).includes('boolean'));
  if (fields.length !== 1) return [];
  const field = fields[0]![0];
  if ((s.required ?? []).some((r) => r !== field)) return [];
  const written = `{ ${keyText(doc, field)}: ${src} }`;
  return [
    {
      title: `Write '${p.key.value}: ${written}'`,
      edits: [{ offset: node.offset, length: node.length, newText: written }],
      isPreferred: true,
    },
  ];
}

/** `featureFlags: [a, b]` → `featureFlags: { a: true, b: true }` (a block list: each `- a` → `a: true`). */
export function listIntoFlags(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const node = valueAt(doc, d.offset);
  const p = node?.parent;
  if (node?.type !== 'array' || p?.type !== 'property' || node.anchor !== undefined) return [];
  const s = mappingExpected(doc, node);
  if (!s || s.additionalProperties === false) return [];
  const fields = Object.values(s.properties ?? {});
  if (fields.length === 0 || !fields.every((f) => typesOf(f).includes('boolean'))) return [];
  if (typeof s.additionalProperties === 'object' && !typesOf(s.additionalProperties).includes('boolean')) return [];
  const names = itemNames(doc, node);
  if (!names) return [];
  const edits = node.flow ? flowEdits(doc, node, names) : blockEdits(doc, node, names);
  if (!edits) return [];
  return [
    {
      title: `Make '${p.key.value}' a mapping: each name listed set to true`,
      edits,
      isPreferred: true,
    },
  ];
}

/** Each item's text as a key, when every item is a one-line name written once (its source, quotes kept). */
function itemNames(doc: ParsedDocument, node: ArrayNode): string[] | undefined {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of node.items) {
    if (item.type !== 'string' || item.anchor !== undefined || seen.has(item.value)) return undefined;
    const src = doc.text.slice(item.offset, item.offset + item.length);
    if (/[\r\n]/.test(src) || item.value.trim() === '') return undefined;
    // A plain name reads the same as a key; a quoted one keeps its quotes (JSON: always).
    if (doc.language === 'json' ? !src.startsWith('"') : !item.quoted && src !== yamlScalar(item.value))
      return undefined;
    seen.add(item.value);
    out.push(src);
  }
  return out;
}

function flowEdits(doc: ParsedDocument, node: ArrayNode, names: readonly string[]): TextEdit[] | undefined {
  if (commentsIn(doc, node.offset, node.offset + node.length).length > 0) return undefined;
  const newText = names.length === 0 ? '{}' : `{ ${names.map((n) => `${n}: true`).join(', ')} }`;
  return [{ offset: node.offset, length: node.length, newText }];
}

/** Each `- name` line becomes `name: true` at the column the mapping's keys take; comments stay. */
function blockEdits(doc: ParsedDocument, node: ArrayNode, names: readonly string[]): TextEdit[] | undefined {
  const text = doc.text;
  const holder = node.parent;
  if (holder?.type !== 'property' || doc.language !== 'yaml') return undefined;
  const holderCol = columnOf(text, holder.key.offset);
  const edits: TextEdit[] = [];
  for (let i = 0; i < node.items.length; i++) {
    const item = node.items[i]!;
    const from = lineStart(text, item.offset);
    const lead = /^( *)- +$/.exec(text.slice(from, item.offset));
    if (!lead) return undefined;
    const dash = lead[1]!.length;
    const col = dash > holderCol ? dash : holderCol + indentUnit(doc).length;
    edits.push({
      offset: from,
      length: item.offset + item.length - from,
      newText: `${' '.repeat(col)}${names[i]!}: true`,
    });
  }
  return edits;
}
