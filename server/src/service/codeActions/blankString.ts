// `blank-string` on a word with spaces around it: the word alone. (An empty optional value or item
// gets no fix: removing it is the user's choice, and --fix never drops what was written.)
import { replaceScalar } from './edits';
import { valueAt } from './find';
import type { FixProvider } from './provider';

export const trimValue: FixProvider = (doc, d) => {
  const trimmed = d.data?.suggestion;
  const node = valueAt(doc, d.offset);
  if (trimmed === undefined || node?.type !== 'string' || node.value.trim() !== trimmed) return [];
  return [
    { title: `Remove the spaces around '${trimmed}'`, edits: [replaceScalar(doc, node, trimmed)], isPreferred: true },
  ];
};
