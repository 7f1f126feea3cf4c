// `irregular-whitespace`: a no-break space (or another Unicode space) where YAML needs a plain one.
// The text was already read with plain spaces there (parser/indentRepair.ts): the fix writes them.
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
