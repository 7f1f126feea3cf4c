// One file's lint result in output terms: 1-based positions and the code frame's lines, with
// credentials masked. Small and structured-cloneable, so worker threads can build them and the
// main thread can print each file as soon as it is its turn, keeping no file text.
import { LineIndex } from '../parser';
import type { ParsedDocument } from '../parser';
import type { Diagnostic, DiagnosticCode, Severity } from '../service';
import { messageMasker, secretRanges } from '../service/secretRanges';
import type { Range } from '../service/secretRanges';
import { INVISIBLE, isInvisible, showInvisible } from './visible';

export interface FrameLine {
  /** 1-based line number. */
  line: number;
  text: string;
}

export interface Finding {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /**
   * One line of context before, the line itself, one line after (display text, masked, windowed).
   * Only in reports built for output that shows code frames (the text format, and `--cache`, whose
   * reports any format may print later).
   */
  frame?: FrameLine[];
  /** Where the caret goes under the finding's line, in display columns (0-based, end exclusive); with `frame`. */
  caret?: { start: number; end: number };
}

/**
 * How a lint run ended, for the reports a CI step uploads (SARIF, JUnit, JSON): its exit status and, when
 * it failed (exit 2: a path that cannot be read, a directory with no AssistantConfig file, a project
 * config with mistakes, a file that cannot be fixed), what stderr said about it.
 */
export interface RunOutcome {
  exitCode: number;
  failures: string[];
  /** The file or directory each failure is about, where there is one (absolute; same order as `failures`). */
  failurePaths?: (string | undefined)[];
  /** Files a directory walk found that were gone when read: not checked, no failure (REVIEW11 C8). */
  skipped?: Skipped[];
}

/** A file not checked, and why (the note stderr has). */
export interface Skipped {
  path: string;
  displayPath: string;
  message: string;
}

export interface FileReport {
  path: string;
  displayPath: string;
  findings: Finding[];
  /** Findings a suppression comment or --suppress silenced (SARIF lists them with `suppressions`). */
  suppressed?: (Finding & { suppression: { kind: 'inSource' | 'external'; justification?: string } })[];
  /**
   * With code frames: where the credentials masked in them are (offset, length pairs, no text), so
   * that `--cache` keeps positions only and rebuilds the frames from the file on a hit (`withFrames`).
   */
  masks?: number[];
}

const WINDOW = 120;

/**
 * Builds the report of one analysed file; `diagnostics` are those to show (after project rules).
 * Without `frames` (the JSON, SARIF, GitHub and JUnit formats print none) the findings carry no code
 * frame: positions and masked messages only, the lines around each finding are not read.
 * `carried`: more ranges of the text to mask (the secrets the text had before `--fix` changed it).
 */
export function buildReport(
  path: string,
  displayPath: string,
  doc: ParsedDocument,
  diagnostics: readonly Diagnostic[],
  frames = true,
  carried: readonly Range[] = [],
): FileReport {
  const text = doc.text;
  if (diagnostics.length === 0) return { path, displayPath, findings: [] };
  const li = new LineIndex(text);
  // The secrets are found in the whole text (a PEM body spans lines), masked only in the lines shown;
  // after --fix, with those of the text before the fixes (`carried`: cli/diffMask.ts).
  const secrets = carried.length > 0 ? [...secretRanges(doc), ...carried] : secretRanges(doc);
  const maskMessage = messageMasker(doc, secrets);
  // Loops, not map: optimised code's map makes a holey array, the interpreter's a packed one, and the
  // optimised code that had read only one kind of findings list was deoptimised at the first of the other.
  const findings: Finding[] = [];
  const bom = startsWithBom(text);
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    const s = li.positionAt(d.offset);
    const e = li.positionAt(d.offset + d.length);
    findings.push({
      code: d.code,
      severity: d.severity,
      message: maskMessage(d.message),
      line: s.line + 1,
      column: s.character + 1 - (bom && s.line === 0 && s.character > 0 ? 1 : 0),
      endLine: e.line + 1,
      endColumn: e.character + 1 - (bom && e.line === 0 && e.character > 0 ? 1 : 0),
    });
  }
  if (!frames) return { path, displayPath, findings };
  const used = new Set<Range>();
  const frame = framer(text, li, rangeIndex(secrets), used);
  const masks: number[] = [];
  const framed: Finding[] = [];
  for (let i = 0; i < findings.length; i++) framed.push(frame(findings[i]!));
  const report: FileReport = { path, displayPath, findings: framed };
  for (const r of used) masks.push(r.offset, r.length);
  if (masks.length > 0) report.masks = masks;
  return report;
}

/**
 * The report kept by `--cache` (positions, masked messages and the masks' positions), with its code
 * frames built again from the file's text, as `buildReport` builds them: the cache holds no line of
 * the file.
 */
export function withFrames(report: FileReport, text: string): FileReport {
  const masks: Range[] = [];
  for (let k = 0; k + 1 < (report.masks?.length ?? 0); k += 2)
    masks.push({ offset: report.masks![k]!, length: report.masks![k + 1]! });
  const frame = framer(text, new LineIndex(text), rangeIndex(masks), new Set());
  const out: FileReport = { ...report, findings: report.findings.map(frame) };
  if (report.suppressed) out.suppressed = report.suppressed.map((f) => ({ ...frame(f), suppression: f.suppression }));
  return out;
}

/**
 * Whether the text starts with a byte order mark (a Windows editor's UTF-8 BOM). The columns of the
 * first line are counted after it, and its code frames do not show it: editors do not show it either,
 * and a column that counts it points one character right of the finding in the editor, in a GitHub
 * annotation and in code scanning (REVIEW18-user U1).
 */
function startsWithBom(text: string): boolean {
  return text.charCodeAt(0) === 0xfeff;
}

/**
 * Adds its code frame to a finding (1-based positions in `text`, the first line's counted after a byte
 * order mark); `used` collects the secrets masked in frames.
 */
function framer(
  text: string,
  li: LineIndex,
  secretsIn: (from: number, to: number) => Range[],
  used: Set<Range>,
): (f: Finding) => Finding {
  const lineText = (line: number): string => {
    const start = li.offsetAt({ line, character: 0 });
    const next = line + 1 < li.lineCount ? li.offsetAt({ line: line + 1, character: 0 }) : text.length;
    const inside = secretsIn(start, next);
    for (const r of inside) used.add(r);
    const t = maskedSlice(text, start, next, inside).replace(/\r?\n$|\r$/, '');
    return line === 0 && startsWithBom(text) ? t.slice(1) : t;
  };
  return (bare) => {
    const s = { line: bare.line - 1, character: bare.column - 1 };
    const e = { line: bare.endLine - 1, character: bare.endColumn - 1 };
    const own = lineText(s.line);
    // The frame of an undecodable line (a UTF-16 file read as UTF-8: NULs between the letters, or
    // mostly U+FFFD) is garbage (REVIEW5 H14d): the message says what to do, without a frame.
    if (bare.code === 'invalid-encoding' && undecodable(own)) return bare;
    const endChar = e.line === s.line ? e.character : own.length;
    const win = windowOf(own, s.character, Math.max(endChar, s.character + 1));
    const show = (line: number): FrameLine => {
      const t = lineText(line);
      return { line: line + 1, text: displayText(t, win.from, Math.min(t.length, win.from + WINDOW)) };
    };
    const frame: FrameLine[] = [];
    if (s.line > 0) frame.push(show(s.line - 1));
    frame.push(show(s.line));
    if (s.line + 1 < li.lineCount && !(s.line + 1 === li.lineCount - 1 && lineText(s.line + 1) === ''))
      frame.push(show(s.line + 1));
    const caretStart = displayWidth(own, win.from, s.character) + (win.from > 0 ? 1 : 0);
    const caretEnd = caretStart + Math.max(1, displayWidth(own, s.character, Math.min(endChar, win.to)));
    // (The message may quote a value, `Unknown provider 'sk-…'`: masked as the frame is.)
    return { ...bare, frame, caret: { start: caretStart, end: caretEnd } };
  };
}

/** A line that is not text read right: it holds NUL characters, or replacement characters are half of it. */
function undecodable(line: string): boolean {
  if (line.includes('\u0000')) return true;
  let bad = 0;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) === 0xfffd) bad++;
  return bad * 2 > line.length;
}

/**
 * The ranges that overlap [from, to): by offset, with the furthest end reached up to each, so that a
 * line's secrets are found without scanning every secret of the file for each line shown.
 */
function rangeIndex(ranges: readonly Range[]): (from: number, to: number) => Range[] {
  const sorted = ranges.slice().sort((a, b) => a.offset - b.offset);
  const reach: number[] = [];
  for (let k = 0, far = -1; k < sorted.length; k++)
    reach.push((far = Math.max(far, sorted[k]!.offset + sorted[k]!.length)));
  return (from, to) => {
    // The last range that starts before `to`, then back while one before may still reach `from`.
    let lo = 0;
    let hi = sorted.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.offset < to) lo = (last = mid) + 1;
      else hi = mid - 1;
    }
    const out: Range[] = [];
    for (let k = last; k >= 0 && reach[k]! > from; k--)
      if (sorted[k]!.offset + sorted[k]!.length > from) out.push(sorted[k]!);
    return out;
  };
}

/** `maskRanges(text, ranges).slice(from, to)`, without masking the rest of the text. */
export function maskedSlice(text: string, from: number, to: number, ranges: readonly Range[]): string {
  let chars: string[] | undefined;
  for (const r of ranges) {
    const a = Math.max(r.offset, from);
    const b = Math.min(r.offset + r.length, to);
    if (a >= b) continue;
    chars ??= text.slice(from, to).split('');
    for (let i = a - from; i < b - from; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = '*';
  }
  return chars ? chars.join('') : text.slice(from, to);
}

/** Long lines (minified JSON) are shown as a window around the finding. */
function windowOf(line: string, start: number, end: number): { from: number; to: number } {
  if (line.length <= WINDOW) return { from: 0, to: line.length };
  let from = Math.max(0, Math.min(start - 40, line.length - WINDOW));
  if (end - from > WINDOW) from = Math.max(0, start - 10);
  return { from, to: Math.min(line.length, from + WINDOW) };
}

function displayText(line: string, from: number, to: number): string {
  const body = line
    .slice(from, to)
    .replace(/\t/g, '  ')
    // Control characters, line separators and bidi overrides (one UTF-16 unit each: the caret holds).
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, '?')
    // A no-break space or another invisible character as `<U+00A0>` (displayWidth counts it so: the
    // caret holds): shown raw, `hosted` + U+00A0 reads as `hosted` and a trailing space.
    .replace(INVISIBLE, showInvisible);
  return (from > 0 ? '…' : '') + body + (to < line.length ? '…' : '');
}

/** Terminal columns of line[from, to): a tab is shown as two spaces, wide characters take two. */
function displayWidth(line: string, from: number, to: number): number {
  let w = 0;
  for (let i = from; i < to && i < line.length; i++) {
    const c = line.codePointAt(i)!;
    if (c > 0xffff) i++; // the low surrogate
    const shown =
      c <= 0xffff && isInvisible(String.fromCharCode(c)) ? showInvisible(String.fromCharCode(c)) : undefined;
    w += c === 9 ? 2 : shown !== undefined ? shown.length : columns(c);
  }
  return w;
}

/**
 * Columns a terminal gives a code point: 0 for combining marks and zero-width characters, 2 for East
 * Asian wide and fullwidth characters and emoji (Unicode's East_Asian_Width W and F, the common
 * blocks), 1 otherwise.
 */
function columns(c: number): number {
  if (c < 0x300) return 1;
  if ((c >= 0x300 && c <= 0x36f) || (c >= 0x200b && c <= 0x200f) || c === 0xfeff || (c >= 0xfe00 && c <= 0xfe0f))
    return 0;
  if (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf && c !== 0x303f) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f300 && c <= 0x1f64f) ||
    (c >= 0x1f900 && c <= 0x1f9ff) ||
    (c >= 0x20000 && c <= 0x3fffd)
  )
    return 2;
  return 1;
}
