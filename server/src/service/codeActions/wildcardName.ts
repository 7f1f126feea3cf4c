// `wildcard-name` on a `columns` list holding only `*` (REVIEW15-user U1): the fix writes the empty
// list, which the spec gives as all columns. Editor-only (autofix 'no'): the `*` it replaces carries
// no name, but which columns the user wants is theirs to say. Not where a comment sits between the
// items (it would go with them).
import type { ParsedDocument } from '../../parser/ast';
import type { Diagnostic } from '../codes';
import { valueAt } from './find';
import type { Fix } from './provider';

export function allColumns(doc: ParsedDocument, d: Diagnostic): Fix[] {
  if (!d.data?.allWhenEmpty) return [];
  const item = valueAt(doc, d.offset);
  const list = item?.parent;
  if (list?.type !== 'array' || list.anchor !== undefined) return [];
  // A block list's node runs to the end of its last line: the edit stops at its last item.
  const last = list.items[list.items.length - 1];
  if (!last) return [];
  const end = list.flow ? list.offset + list.length : last.offset + last.length;
  // Between the items only `-`, `,`, brackets and whitespace: no comment is lost.
  let between = doc.text.slice(list.offset, end);
  for (const i of [...list.items].reverse())
    between = between.slice(0, i.offset - list.offset) + between.slice(i.offset - list.offset + i.length);
  if (!/^[\s\-,[\]]*$/.test(between)) return [];
  const key = list.parent?.type === 'property' ? list.parent.key.value : 'the list';
  return [emptyListFix(key, list.offset, end - list.offset)];
}

/** The text at `offset` replaced by `[]`, all columns: preferred in the editor, never `--fix`. */
export function emptyListFix(key: string, offset: number, length: number): Fix {
  return {
    title: `Write '${key}: []' (an empty list includes all columns)`,
    edits: [{ offset, length, newText: '[]' }],
    isPreferred: true,
    editorOnly: true,
  };
}
