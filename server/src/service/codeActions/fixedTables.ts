// `duplicate-table`: remove the later entry, only when it repeats the first word for word (nothing
// the user wrote is lost: the first copy says the same) and no comment or anchor goes with it.
// Entries that differ (other columns) get no fix: which one the user meant is theirs to say.
import { nodeAt } from '../../parser/ast';
import type { ArrayNode, Node, Parent, ParsedDocument, PropertyNode } from '../../parser/ast';
import { lineStart, nextLineStart } from '../../parser/lineIndex';
import type { TextEdit } from '../types';
import { contentEnd } from './edits';
import { deletesComment } from './unknownProperty';
import type { FixProvider } from './provider';

export const duplicateTable: FixProvider = (doc, d) => {
  if (d.data?.identical !== true || d.data.throughAlias) return [];
  const item = itemAt(doc, d.offset);
  if (!item) return [];
  const { array, index } = item;
  const edit = removeItem(doc, array, index);
  if (!edit || deletesComment(doc, edit)) return [];
  const removed = doc.text.slice(edit.offset, edit.offset + edit.length);
  // An anchor defined in the entry may be used elsewhere: never removed with it.
  if (/(^|[\s[{,])&\S/.test(removed)) return [];
  const label = /^Table ('[^']*')/.exec(d.message)?.[1] ?? 'table';
  return [
    {
      title: `Remove the repeated entry of ${label} (the same as the first one: nothing is lost)`,
      edits: [edit],
      isPreferred: true,
    },
  ];
};

/** The list item that starts at `offset` (not the first of its list), with its list. */
function itemAt(doc: ParsedDocument, offset: number): { array: ArrayNode; index: number } | undefined {
  for (let n: Node | PropertyNode | undefined = nodeAt(doc.root, offset); n; n = n.parent) {
    const p: Parent = n.parent;
    if (p?.type === 'array' && n.type !== 'property') {
      const index = p.items.indexOf(n);
      return n.offset === offset && index > 0 ? { array: p, index } : undefined;
    }
  }
  return undefined;
}

/**
 * The edit that removes item `index` (not the first) of a list: in a flow list or JSON, from the end
 * of the item before it (its comma goes with it); in a YAML block list, its lines, from its `-`.
 */
function removeItem(doc: ParsedDocument, array: ArrayNode, index: number): TextEdit | undefined {
  const text = doc.text;
  const item = array.items[index]!;
  const end = contentEnd(text, item);
  if (array.flow || doc.language === 'json') {
    const from = contentEnd(text, array.items[index - 1]!);
    if (!/^\s*,\s*$/.test(text.slice(from, item.offset))) return undefined;
    return { offset: from, length: end - from, newText: '' };
  }
  const start = lineStart(text, item.offset);
  if (!/^[ \t]*-[ \t]+$/.test(text.slice(start, item.offset))) return undefined;
  // To the end of its last line, with the line break: the lines after it stay as they were.
  const stop = nextLineStart(text, end);
  if (!/^[ \t]*\r?\n?$/.test(text.slice(end, stop))) return undefined;
  return { offset: start, length: stop - start, newText: '' };
}
