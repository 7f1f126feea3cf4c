// `extra-document`: an empty document (a `---` followed by nothing but comments) loses its `---`, which
// separates nothing; the comments stay where they are. A document with content gets no fix: removing
// it would drop what the user wrote, and this fix cannot write a new file.
import { lineStart, nextLineStart } from '../../parser/lineIndex';
import type { FixProvider } from './provider';

export const removeEmptyDocument: FixProvider = (doc, d) => {
  const p = doc.problems.find((x) => x.kind === 'extra-document' && x.offset === d.offset);
  const marker = p?.document?.marker;
  if (p === undefined || marker === undefined) return [];
  const at = p.offset + marker;
  if (!doc.text.startsWith('---', at)) return [];
  const start = lineStart(doc.text, at);
  const next = nextLineStart(doc.text, at);
  // The `---` alone on its line: the line goes; with a comment after it, only the marker.
  const alone = start === at && /^---[ \t]*\r?\n?$/.test(doc.text.slice(at, next));
  return [
    {
      title: 'Remove the `---` of the empty document (nothing else goes)',
      edits: [alone ? { offset: at, length: next - at, newText: '' } : { offset: at, length: 3, newText: '' }],
      isPreferred: true,
    },
  ];
};
