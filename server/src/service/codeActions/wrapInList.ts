// `invalid-type` on one name where a list of names belongs (`columns: id`): the fix wraps it in a
// list, `columns: [id]` (REVIEW8 K17), the obvious intent; the value is kept as written.
import type { ParsedDocument } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { itemSchema, schemaAtPath, typesOf } from '../../model/schema';
import type { Diagnostic } from '../codes';
import { valueAt } from './find';
import type { Fix } from './provider';
import type { TextEdit } from '../types';
import { lineStart } from '../../parser/lineIndex';
import { isAllWildcard } from '../validation/rules/wildcardName';
import { emptyListFix } from './wildcardName';

/** Text a YAML flow list can hold as a plain item: nothing it would read as a separator, comment or collection. */
const FLOW_PLAIN = /^[^\s,[\]{}#&*!|>'"%@`?:-][^,[\]{}#]*$/;

export function wrapInList(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const node = valueAt(doc, d.offset);
  const p = node?.parent;
  // (An anchored value would take its anchor to the list; a tagged one is the tag fix's.)
  if (node?.type !== 'string' || p?.type !== 'property' || node.anchor !== undefined) return [];
  const here = schemaAtPath(doc.root, pathOf(node));
  if (!typesOf(here.schema).includes('array') || !typesOf(itemSchema(here.schema)).includes('string')) return [];
  // `columns: "*"`: no name to wrap (`["*"]` would ask for a column named `*`: REVIEW15-user U1); where
  // the spec gives the empty list a meaning, the user picks it in the editor; never `--fix`.
  if (node.value.includes('*') && itemSchema(here.schema)?.names) {
    if (!here.schema?.emptyMeansAll || !isAllWildcard(node.value)) return [];
    return [emptyListFix(p.key.value, node.offset, node.length)];
  }
  const src = doc.text.slice(node.offset, node.offset + node.length);
  // `-fct_events` on the line under its key: a list item that lost the space after its dash (YAML
  // reads a plain string). The space makes it the item meant; wrapping it would keep the dash in the
  // name (`["-fct_events"]`: a clean file naming a table that does not exist). On the key's line
  // (`columns: -id`) it cannot be told from a name that starts with a dash: no fix.
  if (!node.quoted && doc.language === 'yaml' && /^-[^\s-]/.test(src)) {
    if (lineStart(doc.text, node.offset) <= p.key.offset) return [];
    const lines = src.split(/\r?\n/);
    const edits: TextEdit[] = [];
    let at = node.offset;
    for (const line of lines) {
      const dash = at + line.length - line.trimStart().length;
      if (!/^-[^\s-]/.test(line.trimStart())) return [];
      edits.push({ offset: dash + 1, length: 0, newText: ' ' });
      at += line.length + (doc.text[at + line.length] === '\r' ? 2 : 1);
    }
    return [
      {
        title:
          edits.length > 1 ? "Insert a space after each '-' (list items)" : "Insert a space after '-' (a list item)",
        edits,
        isPreferred: true,
        valueAsWritten: true,
      },
    ];
  }
  // One line, written as the value itself (no block scalar, no folded plain scalar).
  if (/[\r\n]/.test(src) || /^[|>]/.test(src)) return [];
  let item: string;
  if (node.quoted || doc.language === 'json') {
    if (!/^(["']).*\1$/.test(src)) return [];
    item = src;
  } else {
    // A plain scalar: as written where a flow list reads it alike (`id`), else in double quotes
    // (`a, b` stays one name: the fix does not guess that it meant two).
    item = FLOW_PLAIN.test(src) && !src.includes(': ') && src === node.value ? src : JSON.stringify(node.value);
  }
  const key = p.key.value;
  return [
    {
      // (The value is not in the title: it may be a credential pasted in the wrong place.)
      title: `Make '${key}' a list holding this value`,
      edits: [{ offset: node.offset, length: node.length, newText: `[${item}]` }],
      isPreferred: true,
    },
  ];
}
