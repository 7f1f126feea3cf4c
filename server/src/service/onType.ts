// On-type formatting after Enter in YAML: one level deeper after `key:` (or `key: |`), and a new
// `- ` after a list item, as Red Hat YAML does. The edit replaces only the blanks before the cursor on
// the new line, so nothing the user wrote is touched.
import type { ParsedDocument } from '../parser/ast';
import { nodeAt } from '../parser/ast';
import { lineStart } from '../parser/lineIndex';
import type { TextEdit } from './types';

export interface OnTypeOptions {
  tabSize: number;
}

/** Only node properties (anchors `&a`, tags `!t`, `!!map`): the node itself is on the next lines. */
const NODE_PROPERTIES = /^(?:[&!][^\s]*[ \t]*)+$/;
/** `key:` followed by node properties and/or a block scalar indicator: the value starts below. */
const VALUE_BELOW = /:[ \t]+(?:[&!][^\s]*[ \t]+)*(?:[&!][^\s]*|[|>][-+0-9]*)$/;

export function onTypeFormat(doc: ParsedDocument, offset: number, ch: string, options: OnTypeOptions): TextEdit[] {
  if (ch !== '\n' || doc.language !== 'yaml') return [];
  const text = doc.text;
  const cur = lineStart(text, offset);
  if (cur === 0) return [];
  const before = text.slice(cur, offset);
  // Only blanks before the cursor on the new line (the editor's own indentation).
  if (!/^[ \t]*$/.test(before)) return [];
  const prevStart = lineStart(text, cur - 1);
  const prev = text.slice(prevStart, cur).replace(/\r?\n$/, '');
  // The previous line inside a block scalar (or a multi-line string) is text, not structure.
  const inString = nodeAt(doc.root, prevStart);
  if (inString?.type === 'string' && prevStart > inString.offset && prevStart < inString.offset + inString.length)
    return [];
  const code = stripComment(prev).replace(/\s+$/, '');
  if (code.trim() === '') return [];
  const indent = /^[ \t]*/.exec(prev)![0];
  // YAML indents with spaces only, whatever the editor's tab setting.
  const unit = ' '.repeat(Math.max(1, options.tabSize));
  let want: string | undefined;
  const item = /^([ \t]*)-([ \t]+)(.*)$/.exec(code);
  const itemColumn = item ? item[1]!.length + 1 + item[2]!.length : 0;
  if (/:$/.test(code) || VALUE_BELOW.test(code)) {
    // `key:`, `- key:`, `key: |`, `key: &anchor`, `key: !tag`: the value goes one level under the key.
    want = ' '.repeat(item ? itemColumn : indent.length) + unit;
  } else if (item && /^[^'"\s#][^:]*:[ \t]/.test(item[3]!)) {
    // `- key: value`: the next key of the same mapping.
    want = ' '.repeat(itemColumn);
  } else if (item && NODE_PROPERTIES.test(item[3]!)) {
    // `- &anchor` (or a tag): the item's mapping follows, at the item's content column.
    want = ' '.repeat(itemColumn);
  } else if (item && item[3] !== '') {
    // `- value`: the next item.
    want = `${item[1]!}-${item[2]!}`;
  }
  if (want === undefined || want === before) return [];
  return [{ offset: cur, length: before.length, newText: want }];
}

/** The line without a trailing `# comment` (a `#` inside quotes is kept). */
function stripComment(line: string): string {
  const at = commentStart(line);
  return at < 0 ? line : line.slice(0, at);
}

/**
 * Where a YAML line's comment starts (-1 without one): a `#` at the start or after a blank, outside
 * a quoted scalar. (Whether the line is text of a block scalar is for the caller to know.)
 */
export function commentStart(line: string): number {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    const prev = i === 0 ? ' ' : line[i - 1]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if ((c === '"' || c === "'") && /[\s:[{,-]/.test(prev)) quote = c;
    else if (c === '#' && (prev === ' ' || prev === '\t' || i === 0)) return i;
  }
  return -1;
}
