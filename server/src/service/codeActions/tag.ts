// Tags of the wrong kind (REVIEW5 H5). `tag-mismatch`: a core tag on a value of another kind
// (`llm: !!str {provider: hosted}`): the fix removes the tag, which loses nothing (this tool reads the
// value as written with or without it). And a guard on every fix: one that writes a mapping or a list
// where a tagged scalar stood (`apiKey: !!str $KEY` → `{ valueFromEnv: KEY }`) removes the scalar's
// tag too, so no fix writes `!!str { … }`, which YAML 1.1 loaders refuse.
import { coreTagKind } from '../../parser/coreTags';
import type { TextEdit } from '../types';
import type { Fix, FixProvider } from './provider';

const blank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Removes the tag at [offset, offset + length) and the blanks after it (before it, at the end of a line). */
function removeTag(text: string, offset: number, length: number): TextEdit {
  let start = offset;
  let end = offset + length;
  while (blank(text[end])) end++;
  const next = text[end];
  if (next === undefined || next === '\n' || next === '\r') while (blank(text[start - 1])) start--;
  return { offset: start, length: end - start, newText: '' };
}

export const tagMismatch: FixProvider = (doc, d) => {
  const src = doc.text.slice(d.offset, d.offset + d.length);
  if (!src.startsWith('!') || coreTagKind(src) === undefined) return [];
  return [{ title: `Remove the tag '${src}'`, edits: [removeTag(doc.text, d.offset, d.length)], isPreferred: true }];
};

/** `unsupported-tag` (`model: !custom gpt-4o`): remove the tag where the value without it is what the field takes. */
export const unsupportedTag: FixProvider = (doc, d) => {
  const src = doc.text.slice(d.offset, d.offset + d.length);
  if (!src.startsWith('!') || d.data?.removable !== true) return [];
  return [{ title: `Remove the tag '${src}'`, edits: [removeTag(doc.text, d.offset, d.length)], isPreferred: true }];
};

/** Where the token ending at `end` starts (tokens end at blanks, line breaks and flow indicators). */
function tokenStart(text: string, end: number): number {
  let s = end;
  while (s > 0 && !/[\s[\]{},]/.test(text[s - 1]!)) s--;
  return s;
}

/** The scalar tag (`!!str`, `!<tag:yaml.org,2002:int>`…) written before the value at `offset` on its line, past an anchor. */
function scalarTagBefore(text: string, offset: number): { offset: number; length: number } | undefined {
  let i = offset;
  while (blank(text[i - 1])) i--;
  let s = tokenStart(text, i);
  if (text[s] === '&' && s < i) {
    i = s;
    while (blank(text[i - 1])) i--;
    s = tokenStart(text, i);
  }
  if (s >= i || text[s] !== '!') return undefined;
  return coreTagKind(text.slice(s, i)) === 'scalar' ? { offset: s, length: i - s } : undefined;
}

/** Whether an edit writes a collection: a flow mapping or list, or block content starting on the next line. */
const writesCollection = (e: TextEdit): boolean => /^[ \t]*[[{]/.test(e.newText) || /^\r?\n/.test(e.newText);

/** The fix, with the scalar tag removed before each value it turns into a collection. */
export function withoutScalarTags(text: string, fix: Fix): Fix {
  let extra: TextEdit[] | undefined;
  for (const e of fix.edits) {
    if (e.length === 0 || !writesCollection(e)) continue;
    const tag = scalarTagBefore(text, e.offset);
    if (!tag) continue;
    let end = tag.offset + tag.length;
    while (blank(text[end]) && end < e.offset) end++;
    (extra ??= []).push({ offset: tag.offset, length: end - tag.offset, newText: '' });
  }
  const inner = fix.withoutPlaceholders ? withoutScalarTags(text, fix.withoutPlaceholders) : undefined;
  if (!extra && inner === fix.withoutPlaceholders) return fix;
  const out: Fix = { ...fix, edits: [...(extra ?? []), ...fix.edits].sort((a, b) => a.offset - b.offset) };
  if (inner) out.withoutPlaceholders = inner;
  return out;
}

/** A provider whose fixes pass through `withoutScalarTags`. */
export function droppingScalarTags(p: FixProvider): FixProvider {
  return (doc, d, ctx) => p(doc, d, ctx).map((f) => withoutScalarTags(doc.text, f));
}
