// Edits where a list item starts or between items: on a list item's first line (the line of its
// dash), on a comment or blank line between items. parser/incremental.ts re-reads only the items
// around such an edit (`reitems`); the tests that check it is exact draw these edits.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

const ITEM_LINE = /^ *- /;
const COMMENT_LINE = /^ *#/;

/**
 * An edit drawn from numbers in [0, 1) on the first line at or after line `a × lines` that is an item's
 * first line (kinds 0-4) or a comment line (kinds 5-8): Enter at its end or in its middle, the line
 * deleted, an item's lines pasted before it, a character typed, a new item typed after it, the comment
 * turned into content... Undefined when the text has no such line.
 */
export function itemEdit(text: string, kind: number, a: number, b: number): Edit | undefined {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineAt = (i: number) => {
    const ls = starts[i]!;
    const le = i + 1 < starts.length ? starts[i + 1]! : text.length;
    return { ls, le, body: text.slice(ls, le).replace(/\r?\n$/, '') };
  };
  const want = kind <= 4 ? ITEM_LINE : COMMENT_LINE;
  const n = starts.length;
  const from = Math.floor(a * n);
  let line = -1;
  for (let k = 0; k < n && line < 0; k++) if (want.test(lineAt((from + k) % n).body)) line = (from + k) % n;
  if (line < 0) return undefined;
  const { ls, le, body } = lineAt(line);
  const indent = /^ */.exec(body)![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const mid = ls + indent.length + Math.floor(b * (body.length - indent.length + 1));
  switch (kind) {
    case 0: // Enter at the end of an item's first line (the editor keeps the item's content indentation)
      return { start: ls + body.length, end: ls + body.length, text: eol + indent + '  ' };
    case 1: // a new item typed after it
      return { start: ls + body.length, end: ls + body.length, text: `${eol}${indent}- new_item_${Math.floor(b * 9)}` };
    case 2: // the item's first line deleted
      return { start: ls, end: le, text: '' };
    case 3: {
      // the item's first line and up to 4 more pasted before it (a duplicated item)
      const to = Math.min(n, line + 1 + Math.floor(b * 5));
      const chunk = text.slice(ls, to < n ? starts[to]! : text.length);
      return { start: ls, end: ls, text: chunk.endsWith('\n') ? chunk : chunk + eol };
    }
    case 4: // a character typed on it, or its dash taken away
      return b < 0.2
        ? { start: ls + indent.length, end: ls + indent.length + 2, text: '' }
        : { start: mid, end: mid, text: b < 0.6 ? 'x' : ': ' };
    case 5: // a character typed in the comment
      return { start: Math.max(mid, ls + indent.length + 1), end: Math.max(mid, ls + indent.length + 1), text: 'x' };
    case 6: // Enter at the end of the comment
      return { start: ls + body.length, end: ls + body.length, text: eol + indent };
    case 7: // the comment deleted
      return { start: ls, end: le, text: '' };
    default: // the comment turned into content ('#' deleted), or a blank line put after it
      return b < 0.5
        ? { start: ls + indent.length, end: ls + indent.length + 1, text: '' }
        : { start: le, end: le, text: eol };
  }
}
