// Formatting that keeps comments: YAML through the `yaml` document model, JSON through jsonc-parser.
import { formatYamlText, sameYamlContent } from './formatYaml';
import { formatJsonText } from './formatJson';
import { format as formatJson } from 'jsonc-parser';
import type { ParsedDocument } from '../parser/ast';
import type { TextEdit } from './types';
import { eolOf } from '../parser/lineIndex';
import { editScript } from './lineDiff';
import { applyEdits } from './codeActions/edits';
import { messageMasker } from './secretRanges';

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
}

/**
 * The edits that format a document, or why it is left as it is (`refused`, one line for a message:
 * the CLI exits 2 with it, the editor shows it). No edits and no refusal: already formatted.
 */
export interface FormatOutcome {
  edits: TextEdit[];
  refused?: string;
  /**
   * The refusal is for problems the document's own diagnostics list (syntax errors, a safety limit):
   * each front end says where to see them in its own terms (the CLI: run lint; the editor: its
   * Problems panel, where they are already listed), REVIEW8 K21e.
   */
  listed?: 'syntax' | 'limit';
}

export function formatDocumentOutcome(doc: ParsedDocument, options: FormatOptions): FormatOutcome {
  // A document over a safety limit (size, nesting) is left alone: re-reading it whole to print it
  // again would cost what the limit is there to prevent (deep nesting prints quadratically).
  if (doc.problems.some((p) => p.kind === 'resource-limit'))
    return { edits: [], refused: 'it is over a safety limit', listed: 'limit' };
  // A document with syntax errors is left alone: reformatting it could lose what the user typed (and
  // a half-typed JSON value would be re-indented around the error; the CLI says why, exit 2).
  if (doc.problems.some((p) => p.kind === 'syntax'))
    return { edits: [], refused: 'it has syntax errors', listed: 'syntax' };
  if (doc.language === 'json') {
    // As Prettier prints it (formatJson.ts), comments and trailing commas kept; a comment where that
    // printer does not keep it as written: as before, each property on its line.
    const bom = doc.text.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
    const body = bom ? doc.text.slice(1) : doc.text;
    const printed = formatJsonText(body, {
      indent: options.insertSpaces ? ' '.repeat(options.tabSize) : '\t',
      indentWidth: options.tabSize,
      eol: eolOf(doc.text),
    });
    if (printed !== undefined) {
      const out = bom + printed;
      return { edits: lineEdits(doc.text, out) };
    }
    return {
      edits: formatJson(doc.text, undefined, {
        tabSize: options.tabSize,
        insertSpaces: options.insertSpaces,
        eol: eolOf(doc.text),
        insertFinalNewline: true,
      }).map((e) => ({ offset: e.offset, length: e.length, newText: e.content })),
    };
  }
  const indent = Math.max(1, Math.min(8, options.tabSize));
  const result = formatYamlText(doc.text, { indent });
  // A refusal may quote the document (an alias's name: `*sk-proj-…`): masked as every message is,
  // for the CLI's standard error and the editor's notification alike.
  if ('refused' in result) return { edits: [], refused: messageMasker(doc)(result.refused) };
  let out = result.text;
  const eol = eolOf(doc.text);
  if (eol === '\r\n') out = out.replace(/\r?\n/g, '\r\n');
  if (doc.text.charCodeAt(0) === 0xfeff) out = '\uFEFF' + out;
  return { edits: lineEdits(doc.text, out) };
}

/**
 * The edits that turn `text` into `out`, as small as a line diff makes them (REVIEW8 K13e): one per run
 * of changed lines (one a line when the run keeps its number of lines), less what its first and last
 * lines keep at their ends. An editor keeps the
 * cursor, selections and markers on the lines they do not touch (one edit replacing the whole text
 * moves them all), as yaml-language-server's and ESLint's edits do.
 */
export function lineEdits(text: string, out: string): TextEdit[] {
  if (text === out) return [];
  const lines = (t: string): string[] => t.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const a = lines(text);
  const b = lines(out);
  const edits: TextEdit[] = [];
  let ai = 0;
  let bi = 0;
  let offset = 0;
  const ops = editScript(a, b);
  for (let i = 0; i < ops.length;) {
    if (ops[i] === '=') {
      offset += a[ai++]!.length;
      bi++;
      i++;
      continue;
    }
    const start = offset;
    const removed: string[] = [];
    const inserted: string[] = [];
    for (; i < ops.length && ops[i] !== '='; i++) {
      if (ops[i] === '-') removed.push(a[ai++]!);
      else inserted.push(b[bi++]!);
    }
    if (removed.length === inserted.length) {
      // As many lines as before: one edit a line (a line re-indented is an edit of its indentation).
      removed.forEach((line, k) => {
        if (line !== inserted[k]) edits.push(trimmed(text, offset, offset + line.length, inserted[k]!));
        offset += line.length;
      });
    } else {
      offset += removed.join('').length;
      edits.push(trimmed(text, start, offset, inserted.join('')));
    }
  }
  return edits;
}

/** An edit of `text` from `start` to `end` less the characters its ends keep (never inside '\r\n' or a surrogate pair). */
function trimmed(text: string, start: number, end: number, newText: string): TextEdit {
  const split = (t: string, at: number): boolean => {
    const c = t.charCodeAt(at - 1);
    return (c === 13 && t.charCodeAt(at) === 10) || (c >= 0xd800 && c <= 0xdbff);
  };
  let p = 0;
  const max = Math.min(end - start, newText.length);
  while (p < max && text.charCodeAt(start + p) === newText.charCodeAt(p)) p++;
  while (p > 0 && (split(text, start + p) || split(newText, p))) p--;
  let q = 0;
  while (q < max - p && text.charCodeAt(end - 1 - q) === newText.charCodeAt(newText.length - 1 - q)) q++;
  while (q > 0 && (split(text, end - q) || split(newText, newText.length - q))) q--;
  return { offset: start + p, length: end - q - (start + p), newText: newText.slice(p, newText.length - q) };
}

/**
 * The edits that format the lines a range covers (`start`..`end`, offsets; a range ending at the start
 * of a line does not cover that line): those of the whole document's formatting that touch them, as
 * VS Code's JSON server does (jsonc-parser's formatting of a range keeps the edits that meet it).
 * yaml-language-server offers no range formatting. In YAML, indentation is structure: when the edits
 * kept alone would change the data or the comments (a block re-indented in part), the edits next to
 * them are taken too, up to the whole document's.
 */
export function formatRangeOutcome(
  doc: ParsedDocument,
  options: FormatOptions,
  range: { start: number; end: number },
): FormatOutcome {
  const whole = formatDocumentOutcome(doc, options);
  if (whole.refused !== undefined || whole.edits.length === 0) return whole;
  const text = doc.text;
  const start = Math.max(0, Math.min(range.start, range.end, text.length));
  let end = Math.min(text.length, Math.max(range.start, range.end));
  const from = text.lastIndexOf('\n', start - 1) + 1;
  if (end > start && end > 0 && text[end - 1] === '\n') end--;
  const eol = text.indexOf('\n', end);
  const to = eol < 0 ? text.length : eol + 1;
  const edits = [...whole.edits].sort((x, y) => x.offset - y.offset);
  const touches = (e: TextEdit): boolean =>
    e.length > 0 ? e.offset < to && e.offset + e.length > from : e.offset >= from && e.offset < to;
  let lo = edits.findIndex(touches);
  if (lo < 0) return { edits: [] };
  let hi = lo;
  while (hi + 1 < edits.length && touches(edits[hi + 1]!)) hi++;
  if (doc.language === 'json') return { edits: edits.slice(lo, hi + 1) };
  // (Each try reads the document again: a few, then the whole document's edits.)
  for (let tries = 0; tries < 4 && (lo > 0 || hi < edits.length - 1); tries++) {
    const some = edits.slice(lo, hi + 1);
    if (sameYamlContent(text, applyEdits(text, some))) return { edits: some };
    lo = Math.max(0, lo - 1);
    hi = Math.min(edits.length - 1, hi + 1);
  }
  const some = edits.slice(lo, hi + 1);
  return { edits: some.length === edits.length || sameYamlContent(text, applyEdits(text, some)) ? some : edits };
}

/** The edits that format a document; none when it is formatted already or cannot be formatted safely. */
export function formatDocument(doc: ParsedDocument, options: FormatOptions): TextEdit[] {
  return formatDocumentOutcome(doc, options).edits;
}
