// The editor's `source.fixAll` (on save, `"editor.codeActionsOnSave": {"source.fixAll": "explicit"}`):
// exactly what `lint --fix` applies (fixAll.ts: the same safe fixes, the same checks of each result,
// nothing with a placeholder, nothing that writes a `.env`), as one edit of the part that changes.
import type { Language } from '../parser/ast';
import type { AppliedFix, FixAllResult } from './fixAll';
import { fixAll } from './fixAll';
import type { TextEdit } from './types';

/**
 * The fixed text with the original's line endings: the fixes build their text with `\n`, so a file
 * written with CRLF only gets CRLF back (a mixed file keeps what each fix wrote).
 */
export function keepLineEndings(original: string, fixed: string): string {
  const crlf = (original.match(/\r\n/g) ?? []).length;
  const lf = (original.match(/(?<!\r)\n/g) ?? []).length;
  return crlf > 0 && lf === 0 ? fixed.replace(/\r?\n/g, '\r\n') : fixed;
}

/** One edit that turns `before` into `after`: the changed middle, never splitting a CRLF or a surrogate pair. */
export function minimalEdit(before: string, after: string): TextEdit | undefined {
  if (before === after) return undefined;
  const max = Math.min(before.length, after.length);
  let p = 0;
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  const splits = (t: string, i: number): boolean => {
    if (i <= 0 || i >= t.length) return false;
    const a = t.charCodeAt(i - 1);
    const b = t.charCodeAt(i);
    return (a === 13 && b === 10) || (a >= 0xd800 && a <= 0xdbff && b >= 0xdc00 && b <= 0xdfff);
  };
  while (p > 0 && (splits(before, p) || splits(after, p))) p--;
  while (s > 0 && (splits(before, before.length - s) || splits(after, after.length - s))) s--;
  return { offset: p, length: before.length - s - p, newText: after.slice(p, after.length - s) };
}

export interface FixAllEdit {
  /** Undefined when nothing is fixed. */
  edit: TextEdit | undefined;
  applied: AppliedFix[];
  /** The whole fixed text (line endings kept), as `lint --fix` writes it. */
  text: string;
}

export function fixAllEdit(text: string, language: Language, analyze: Parameters<typeof fixAll>[2]): FixAllEdit {
  const r: FixAllResult = fixAll(text, language, analyze);
  const after = keepLineEndings(text, r.text);
  return { edit: minimalEdit(text, after), applied: r.applied, text: after };
}
