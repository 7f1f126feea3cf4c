// `not-an-object` on an empty document: write the skeleton the top level requires
// (kind, version and a definition with the smallest LLM).
import { rootSchema } from '../../model/schema';
import { renderDocument } from './edits';
import { eolOf } from '../../parser/lineIndex';
import { placeholderFor } from './placeholders';
import type { FixProvider } from './provider';
import { names } from './provider';

export const emptyDocument: FixProvider = (doc, d) => {
  if (doc.root) return [];
  const keys = d.data?.missing ?? rootSchema.required ?? [];
  if (keys.length === 0) return [];
  const entries = keys.map((k) => ({ key: k, value: placeholderFor(rootSchema.properties?.[k], k, undefined) }));
  const text = doc.text;
  const body = renderDocument(doc, entries);
  const blank = text.trim() === '';
  const sep = blank || text.endsWith('\n') ? '' : eolOf(text);
  const edit = blank
    ? { offset: 0, length: text.length, newText: body }
    : { offset: text.length, length: 0, newText: sep + body };
  return [
    { title: `Add the ${rootSchema.title ?? 'document'} skeleton (${names(keys)})`, edits: [edit], isPreferred: true },
  ];
};
