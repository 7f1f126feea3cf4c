// `irregular-whitespace`: a no-break space (or another Unicode space) where YAML needs a plain one.
// The text was already read with plain spaces there (parser/indentRepair.ts): the fix writes them.
// `unportable-tab`: a tab where YAML separates tokens, which PyYAML refuses: a space, or nothing at a line's end.
import { onlyIrregularSpaces } from '../../parser/indentRepair';
import type { FixProvider } from './provider';

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
    if (!found.includes('\t') || /[\r\n]/.test(found)) return [];
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
