// `irregular-whitespace`: a no-break space (or another Unicode space) where YAML needs a plain one.
// The text was already read with plain spaces there (parser/indentRepair.ts): the fix writes them.
// `unportable-tab`: a tab where YAML separates tokens, which PyYAML refuses: a space, or nothing at a line's end.
import { onlyIrregularSpaces } from '../../parser/indentRepair';
import type { Fix, FixProvider } from './provider';
import type { ParsedDocument } from '../../parser/ast';
import { parse } from '../../parser';
import { applyEdits } from './edits';
import type { TextEdit } from '../types';
import { valueAt } from './find';
import { lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';

export const irregularWhitespace: FixProvider = (doc, d) => {
  const found = doc.text.slice(d.offset, d.offset + d.length);
  if (!onlyIrregularSpaces(found)) return [];
  return [
    {
      title: found.length === 1 ? 'Replace it with a plain space' : `Replace them with ${found.length} plain spaces`,
      edits: [{ offset: d.offset, length: d.length, newText: ' '.repeat(found.length) }],
      isPreferred: true,
    },
  ];
};

/** `unportable-tab`: a space for each tab, or the white space at the end of a line removed. */
export const unportableTab: FixProvider = (doc, d) => {
  const found = doc.text.slice(d.offset, d.offset + d.length);
  // A plain one-line value holding a tab: the same text in double quotes, the tab written `\t`.
  if (d.data?.quoteValue) {
    if (!found.includes('\t')) return [];
    if (/[\r\n]/.test(found)) return quoteLines(doc, d.offset, found);
    return [
      {
        title: 'Write the value in double quotes (the tab as \\t)',
        edits: [{ offset: d.offset, length: d.length, newText: JSON.stringify(found) }],
        isPreferred: true,
      },
    ];
  }
  if (!/^[ \t]*\t[ \t]*$/.test(found)) return [];
  if (d.data?.trailing)
    return [
      {
        title:
          d.offset === 0 || doc.text[d.offset - 1] === '\n'
            ? 'Empty the line'
            : 'Remove the white space at the end of the line',
        edits: [{ offset: d.offset, length: d.length, newText: '' }],
        isPreferred: true,
      },
    ];
  return [
    {
      title: 'Replace the tab with a space',
      edits: [{ offset: d.offset, length: d.length, newText: found.replace(/\t/g, ' ') }],
      isPreferred: true,
    },
  ];
};

/**
 * A plain value over several lines holding a tab (REVIEW16 slips17). A tab in its text: the value in
 * double quotes on the same lines, in each line's text `\` and `"` escaped and a tab written `\t`
 * (blanks with a tab before or after a line's text, which both styles fold away, go). Only in the
 * blanks at the ends of its lines: those blanks removed. Offered only when the text then reads as the
 * same value (read again to make sure); nothing else changes.
 */
function quoteLines(doc: ParsedDocument, offset: number, found: string): Fix[] {
  const node = valueAt(doc, offset);
  if (node?.type !== 'string' || node.quoted) return [];
  const parts = found.split(/(\r?\n)/);
  const edits: TextEdit[] = [];
  let title: string;
  if (node.value.includes('\t')) {
    const quoted = parts
      .map((part, i) => {
        if (i % 2 === 1) return part;
        const m = /^([ \t]*)(.*?)([ \t]*)$/.exec(part)!;
        const blanks = (b: string): string => (b.includes('\t') ? '' : b);
        return blanks(m[1]!) + m[2]!.replace(/[\\"]/g, '\\$&').replace(/\t/g, '\\t') + blanks(m[3]!);
      })
      .join('');
    edits.push({ offset, length: found.length, newText: `"${quoted}"` });
    title = 'Write the value in double quotes (a tab in the text as \\t)';
  } else {
    let at = offset;
    for (const part of parts) {
      const trailing = /[ \t]*$/.exec(part)![0];
      if (trailing.includes('\t'))
        edits.push({ offset: at + part.length - trailing.length, length: trailing.length, newText: '' });
      at += part.length;
    }
    title = 'Remove the white space at the ends of its lines';
  }
  if (edits.length === 0) return [];
  const again = valueAt(parse(applyEdits(doc.text, edits), 'yaml'), offset);
  if (again?.type !== 'string' || again.value !== node.value) return [];
  return [{ title, edits, isPreferred: true }];
}

/**
 * `syntax-error` on text not indented under its block scalar's key (`data.indentText`, REVIEW16 slips17
 * U8): "Indent the text under 'key'", spaces put before each line of the run that is not blank. Lines
 * after the run are not touched. Not `lint --fix`: where the text ends is a guess.
 */
export const indentBlockText: FixProvider = (doc, d) => {
  const it = d.data?.indentText;
  if (!it || doc.language !== 'yaml' || it.by <= 0) return [];
  const text = doc.text;
  const edits: TextEdit[] = [];
  let s = lineStart(text, d.offset);
  // (Lines of prose above an unknown key's, between it and the block: `back` lines up.)
  for (let i = 0; i < (it.back ?? 0) && s > 0; i++) s = lineStart(text, s - 1);
  for (let i = 0; i < it.lines && s < text.length; i++) {
    if (text.slice(s, lineEnd(text, s)).trim() !== '') edits.push({ offset: s, length: 0, newText: ' '.repeat(it.by) });
    s = nextLineStart(text, s);
  }
  const title = it.like
    ? `Indent ${it.lines === 1 ? 'the line' : 'the lines'} like the text of '${it.under}'`
    : `Indent the text under '${it.under}'`;
  return edits.length === 0 ? [] : [{ title, edits, isPreferred: true }];
};
