// `misaligned-indent`: a key or a list item a column or two off its block (parser/alignRepair.ts). The
// text was read with the lines where they belong; the fix moves them there: spaces added or removed
// at the start of each line, nothing else.
import type { TextEdit } from '../types';
import type { FixProvider } from './provider';

export const realign: FixProvider = (doc, d) => {
  // (The document read as the diagnostic says: the same slip, at the same place.)
  const p = doc.problems.find((x) => x.realign && x.offset === d.offset && x.message === d.message);
  if (!p?.realign) return [];
  const text = doc.text;
  const edits: TextEdit[] = [];
  for (const m of p.realign.moves) {
    const line = p.offset + m.at;
    if (m.delta > 0) edits.push({ offset: line, length: 0, newText: ' '.repeat(m.delta) });
    else if (text.slice(line, line - m.delta) === ' '.repeat(-m.delta))
      edits.push({ offset: line, length: -m.delta, newText: '' });
    else return [];
  }
  return edits.length > 0 ? [{ title: p.realign.title, edits, isPreferred: true, movesOnly: true }] : [];
};
