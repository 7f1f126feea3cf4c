// A key glued to its value by a missing space after the colon (`{provider:vendor_a}`, `type:all`
// under `schemaSelector:`): the fix writes the space, so the value stays where the user wrote it
// (REVIEW5 H19: the rename this used to get dropped the value).
import type { Node, ParsedDocument, StringNode } from '../../parser/ast';
import { lineStart } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';
import type { TextEdit } from '../types';
import { propertyAtKey, valueAt } from './find';
import type { Fix } from './provider';

/** The edit that writes the space after `meant:` at the start of the scalar `n`, when its text is that. */
function spaceAfter(
  doc: ParsedDocument,
  n: StringNode | Node,
  meant: string,
  written: string = meant,
): TextEdit | undefined {
  const text = doc.text.slice(n.offset, n.offset + n.length);
  if (!text.startsWith(`${written}:`)) return undefined;
  // The whole scalar rewritten (not a bare insertion between key and value): the edit then lies in
  // the one property it makes, which is what `--fix`'s result check looks at.
  return { offset: n.offset, length: n.length, newText: `${meant}: ${text.slice(written.length + 1)}` };
}

/** The fix of a diagnostic that carries `missingSpace`, or none: a glued key (`unknown-property`, `near-miss-key`). */
export function missingSpaceInKey(doc: ParsedDocument, d: Diagnostic): Fix[] | undefined {
  const meant = d.data?.missingSpace;
  if (meant === undefined) return undefined;
  const prop = propertyAtKey(doc, d.offset);
  if (!prop || prop.key.value !== d.data?.key) return [];
  // `{modle:gpt-4o}`: the misspelt name renamed too (`unsafeRename` keeps an unsure one out of --fix).
  const written = d.data.gluedAs ?? meant;
  const edit = spaceAfter(doc, prop.key, meant, written);
  const title =
    written === meant
      ? `Insert a space after '${meant}:'`
      : `Rename '${written}' to '${meant}' and insert a space after the colon`;
  return edit ? [{ title, edits: [edit], isPreferred: true, valueAsWritten: true }] : [];
}

/**
 * `invalid-type` on a string where a mapping belongs (`type:all`): the space, when the string stands
 * on its own line under its key (then it becomes that mapping's first key); on the key's line,
 * `schemaSelector: type:all`, the pair in braces (`{type: all}`), since `key: a: b` is no YAML.
 */
export function missingSpaceInValue(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const meant = d.data?.missingSpace;
  if (meant === undefined) return [];
  const node = valueAt(doc, d.offset);
  const prop = node?.parent;
  if (node?.type !== 'string' || node.quoted || prop?.type !== 'property') return [];
  const title = `Insert a space after '${meant}:'`;
  const ownLine = lineStart(doc.text, node.offset) > prop.key.offset && !prop.parent.flow;
  if (ownLine) {
    const edit = spaceAfter(doc, node, meant);
    return edit ? [{ title, edits: [edit], isPreferred: true, valueAsWritten: true }] : [];
  }
  const text = doc.text.slice(node.offset, node.offset + node.length);
  const rest = text.slice(meant.length + 1);
  // Only a value that reads the same inside braces (no flow indicator, comment or line break in it).
  if (!text.startsWith(`${meant}:`) || /[,{}[\]#\r\n]/.test(rest)) return [];
  return [
    {
      title,
      edits: [{ offset: node.offset, length: node.length, newText: `{${meant}: ${rest}}` }],
      isPreferred: true,
      valueAsWritten: true,
    },
  ];
}
