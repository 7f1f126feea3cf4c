// Suppression comments: `# assistant-config-disable-next-line <code>[, <code>…] [-- reason]` silences
// those codes on the next line, `# assistant-config-disable <code>… [-- reason]` in the whole file.
// JSON has no comments: codes listed in the options (setting or CLI flag) are silenced in any file.
// Applied inside validation, so the editor and the CLI see the same result.
import type { ParsedDocument, Node } from '../parser/ast';
import { nodeAt } from '../parser/ast';
import { eolOf, isLineLeading, lineEnd, lineStart, nextLineStart } from '../parser/lineIndex';
import type { Diagnostic, DiagnosticCode } from './codes';
import { CODES, copyWith, diag, isSuppressible } from './codes';
import type { TextEdit } from './types';

export const DISABLE_NEXT_LINE = 'assistant-config-disable-next-line';
export const DISABLE_FILE = 'assistant-config-disable';

export interface SuppressionComment {
  kind: 'next-line' | 'file';
  /** The comment, from `#` to the end of the line (line break excluded). */
  offset: number;
  length: number;
  /** Each code as written, with its place in the text. */
  codes: { code: string; offset: number; length: number }[];
  reason?: string;
  /** For `next-line`: the range of the line it applies to. */
  target?: { start: number; end: number };
}

/** A diagnostic that a suppression silenced, with where that came from (for SARIF). */
export interface SuppressedDiagnostic extends Diagnostic {
  suppression: { kind: 'inSource' | 'external'; justification?: string };
}

export interface SuppressionResult {
  diagnostics: Diagnostic[];
  suppressed: SuppressedDiagnostic[];
}

const COMMENT = /#[ \t]*assistant-config-disable(-next-line)?(?=[ \t\r\n]|$)([^\r\n]*)/g;
const CODE = /[^\s,]+/g;

/** The suppression comments of a YAML document (a JSON document has none). */
export function findSuppressions(
  doc: ParsedDocument,
  includes: (text: string, needle: string) => boolean = (t, n) => t.includes(n),
): SuppressionComment[] {
  const text = doc.text;
  if (doc.language !== 'yaml' || !includes(text, 'assistant-config-disable')) return [];
  const out: SuppressionComment[] = [];
  COMMENT.lastIndex = 0;
  for (let m = COMMENT.exec(text); m; m = COMMENT.exec(text)) {
    const at = m.index;
    // A `#` starts a comment only at a line start or after a blank, and not inside a scalar
    // (a block scalar's text or a quoted string may well contain these words).
    const before = at === 0 ? '\n' : text[at - 1]!;
    if (!/[\s]/.test(before) || insideScalar(doc.root, at)) continue;
    const kind = m[1] ? 'next-line' : 'file';
    const rest = m[2] ?? '';
    const restStart = at + m[0].length - rest.length;
    const dash = rest.search(/(^|\s)--(\s|$)/);
    const codesPart = dash >= 0 ? rest.slice(0, dash) : rest;
    const reason =
      dash >= 0
        ? rest
            .slice(dash)
            .replace(/^\s*--/, '')
            .trim()
        : '';
    const codes: SuppressionComment['codes'] = [];
    CODE.lastIndex = 0;
    for (let c = CODE.exec(codesPart); c; c = CODE.exec(codesPart))
      codes.push({ code: c[0], offset: restStart + c.index, length: c[0].length });
    const s: SuppressionComment = { kind, offset: at, length: m[0].length, codes };
    if (reason) s.reason = reason;
    if (kind === 'next-line') s.target = nextLine(text, at);
    out.push(s);
  }
  return out;
}

function insideScalar(root: Node | undefined, offset: number): boolean {
  const n = nodeAt(root, offset);
  return !!n && n.type === 'string' && offset > n.offset && offset < n.offset + n.length;
}

function nextLine(text: string, from: number): { start: number; end: number } {
  const start = nextLineStart(text, from);
  return { start, end: lineEnd(text, start) };
}

/**
 * The diagnostic with how it was silenced: made by copyWith, not `{ ...d, suppression }` (a spread
 * with a key its source lacks gives every result a map of its own: service/codes.ts copyWith).
 */
function suppressedAs(d: Diagnostic, suppression: SuppressedDiagnostic['suppression']): SuppressedDiagnostic {
  return copyWith<SuppressedDiagnostic>(d as SuppressedDiagnostic, { suppression });
}

/**
 * Removes the diagnostics that a comment or the options silence, and adds a hint for each code in a
 * comment that silences nothing (or is not a code that can be silenced).
 */
export function applySuppressions(
  doc: ParsedDocument,
  diagnostics: Diagnostic[],
  external: readonly string[] = [],
  includes?: (text: string, needle: string) => boolean,
): SuppressionResult {
  const comments = findSuppressions(doc, includes);
  if (comments.length === 0 && external.length === 0) return { diagnostics, suppressed: [] };
  const used = new Set<string>();
  const externalSet = new Set(external);
  const kept: Diagnostic[] = [];
  const suppressed: SuppressedDiagnostic[] = [];
  for (const d of diagnostics) {
    if (!isSuppressible(d.code)) {
      kept.push(d);
      continue;
    }
    const by = comments.find(
      (c) =>
        c.codes.some((x) => x.code === d.code) &&
        (c.kind === 'file' || (c.target && d.offset >= c.target.start && d.offset <= c.target.end)),
    );
    if (by) {
      used.add(`${by.offset}:${d.code}`);
      suppressed.push(suppressedAs(d, { kind: 'inSource', ...(by.reason ? { justification: by.reason } : {}) }));
    } else if (externalSet.has(d.code)) {
      suppressed.push(suppressedAs(d, { kind: 'external' }));
    } else kept.push(d);
  }
  for (const c of comments) {
    if (c.codes.length === 0) {
      kept.push(
        diag(
          'unused-suppression',
          `This suppression names no code: write the code to silence after '${c.kind === 'file' ? DISABLE_FILE : DISABLE_NEXT_LINE}'.`,
          c.offset,
          c.length,
        ),
      );
      continue;
    }
    for (const x of c.codes) {
      if (used.has(`${c.offset}:${x.code}`)) continue;
      const message = !(x.code in CODES)
        ? `'${x.code}' is not a diagnostic code of AssistantConfig; this suppression silences nothing.`
        : !isSuppressible(x.code)
          ? `'${x.code}' cannot be silenced; this suppression has no effect.`
          : c.kind === 'file'
            ? `No '${x.code}' diagnostic in this file: this suppression is unused.`
            : `No '${x.code}' diagnostic on the next line: this suppression is unused.`;
      kept.push(diag('unused-suppression', message, x.offset, x.length));
    }
  }
  kept.sort((a, b) => a.offset - b.offset || a.length - b.length);
  return { diagnostics: kept, suppressed };
}

/** Edits that remove one code from a suppression comment, or the whole comment when it is the last. */
export function removeSuppressionEdits(doc: ParsedDocument, offset: number): TextEdit[] {
  const text = doc.text;
  const c = findSuppressions(doc).find((s) => offset >= s.offset && offset <= s.offset + s.length);
  if (!c) return [];
  const idx = c.codes.findIndex((x) => offset >= x.offset && offset <= x.offset + x.length);
  if (idx >= 0 && c.codes.length > 1) {
    const x = c.codes[idx]!;
    // Take the separator after the code (or before it, for the last one).
    if (idx < c.codes.length - 1)
      return [{ offset: x.offset, length: c.codes[idx + 1]!.offset - x.offset, newText: '' }];
    const prev = c.codes[idx - 1]!;
    return [
      { offset: prev.offset + prev.length, length: x.offset + x.length - (prev.offset + prev.length), newText: '' },
    ];
  }
  const start = lineStart(text, c.offset);
  const end = c.offset + c.length;
  if (isLineLeading(text, c.offset)) {
    // A comment on a line of its own: the line goes, with its line break.
    return [{ offset: start, length: nextLineStart(text, end) - start, newText: '' }];
  }
  // A comment after a value: the comment and the blanks before it go, the value stays.
  let from = c.offset;
  while (from > start && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  return [{ offset: from, length: end - from, newText: '' }];
}

/** Edits that insert `# assistant-config-disable-next-line <code>` above the line of `offset`. */
export function ignoreOnLineEdits(doc: ParsedDocument, code: DiagnosticCode, offset: number): TextEdit[] {
  // An empty document's diagnostic sits on the first line whatever is inserted: nothing to silence by line.
  if (doc.language !== 'yaml' || !isSuppressible(code) || !doc.root) return [];
  const text = doc.text;
  // Line 1 of a text that keeps its byte order mark (some LSP clients send it) begins after it: a
  // comment inserted before the mark would push it to line 2 (REVIEW3 F14).
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const start = Math.max(lineStart(text, offset), bom);
  // The line must begin outside any scalar: a comment line inside a block scalar would become text.
  if (start > bom && insideScalar(doc.root, start)) return [];
  const indent = /^[ \t]*/.exec(text.slice(start, start + 200))![0];
  // An existing suppression right above gets the code added instead of a second comment.
  const prev = findSuppressions(doc).find((s) => s.kind === 'next-line' && s.target?.start === start);
  if (prev) {
    if (prev.codes.some((x) => x.code === code)) return [];
    const last = prev.codes[prev.codes.length - 1];
    const at = last ? last.offset + last.length : prev.offset + prev.length;
    return [{ offset: at, length: 0, newText: last ? `, ${code}` : ` ${code}` }];
  }
  return [{ offset: start, length: 0, newText: `${indent}# ${DISABLE_NEXT_LINE} ${code}${eolOf(text)}` }];
}
