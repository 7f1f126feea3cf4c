// Output formats of `lint`: text (code frames, optional colour), GitHub workflow commands, JUnit XML
// and JSON. Text and GitHub are streamed file by file; JSON and JUnit are whole documents.
import { isAbsolute, relative, sep } from 'node:path';
import type { Severity } from '../service';
import { SOURCE } from '../service';
import type { FileReport, Finding, RunOutcome } from './report';
import { jsonStream, streamedArray } from './jsonStream';
import type { ReportStream } from './jsonStream';
import { CONTROL, escapeControl, showInvisibles, visible, visiblePath } from './visible';

export { visible, visiblePath } from './visible';

export interface Counts {
  files: number;
  error: number;
  warning: number;
  information: number;
  hint: number;
}

export function emptyCounts(): Counts {
  return { files: 0, error: 0, warning: 0, information: 0, hint: 0 };
}

export function count(c: Counts, r: FileReport): void {
  c.files++;
  for (const f of r.findings) c[f.severity]++;
}

// Colour ------------------------------------------------------------------------------------------

/**
 * Colour on a terminal, as Node and most CLIs decide it: FORCE_COLOR wins (`0`/`false` turns it
 * off), then NO_COLOR (any non-empty value), then whether stdout is a TTY that is not `dumb`.
 */
export function useColour(env: NodeJS.ProcessEnv, isTTY: boolean, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}

type Style = (s: string) => string;
interface Palette {
  bold: Style;
  dim: Style;
  severity: Record<Severity, Style>;
}
const sgr =
  (open: number, close: number): Style =>
  (s) =>
    `\u001b[${open}m${s}\u001b[${close}m`;
const PLAIN: Palette = {
  bold: (s) => s,
  dim: (s) => s,
  severity: { error: (s) => s, warning: (s) => s, information: (s) => s, hint: (s) => s },
};
const COLOUR: Palette = {
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  severity: { error: sgr(31, 39), warning: sgr(33, 39), information: sgr(36, 39), hint: sgr(36, 39) },
};

// Text --------------------------------------------------------------------------------------------

/** One file's findings: a `path:line:col severity code message` line each, then its code frame. */
export function textOfFile(r: FileReport, colour: boolean): string {
  const p = colour ? COLOUR : PLAIN;
  let s = '';
  for (const f of r.findings) {
    const sev = p.severity[f.severity];
    // (A key or value the message quotes with an invisible character in it shows it as the frame does.)
    s += `${p.bold(`${visiblePath(r.displayPath)}:${f.line}:${f.column}`)} ${sev(f.severity)} ${p.dim(f.code)} ${showInvisibles(visible(f.message))}\n`;
    s += frameOf(f, p);
    s += '\n';
  }
  return s;
}

/** The finding's code frame (the text format's reports carry one: see buildReport's `frames`). */
function frameOf(f: Finding, p: Palette): string {
  const { frame, caret } = f;
  if (!frame || !caret) return '';
  const width = String(frame[frame.length - 1]?.line ?? f.line).length;
  const gutter = (n: string): string => p.dim(`${n.padStart(width)} |`);
  let s = '';
  for (const l of frame) {
    const here = l.line === f.line;
    s += `${here ? p.severity[f.severity]('>') : ' '} ${gutter(String(l.line))}${l.text ? ' ' + l.text : ''}\n`;
    if (here)
      s += `  ${gutter('')} ${' '.repeat(caret.start)}${p.severity[f.severity]('^'.repeat(Math.max(1, caret.end - caret.start)))}\n`;
  }
  return s;
}

export const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : w.endsWith('x') ? 'es' : 's'}`;

export function summaryLine(
  c: Counts,
  colour: boolean,
  fixed?: { files: number; fixes: number; held?: number },
  note?: string,
): string {
  const p = colour ? COLOUR : PLAIN;
  const err = plural(c.error, 'error');
  const warn = plural(c.warning, 'warning');
  const held = fixed?.held ? ` ${heldBack(fixed.held)};` : '';
  const fixes = fixed ? ` ${plural(fixed.fixes, 'fix')} applied in ${plural(fixed.files, 'file')};${held}` : '';
  return `${plural(c.files, 'file')} checked${note ? ` (${note})` : ''}:${fixes} ${fixed ? 'remaining ' : ''}${c.error ? p.severity.error(err) : err}, ${c.warning ? p.severity.warning(warn) : warn}, ${c.information} information.\n`;
}

/** `1 fix held back by a syntax error` (lint --fix: it edits a line that is one). */
export function heldBack(n: number): string {
  return `${plural(n, 'fix')} held back by ${n === 1 ? 'a syntax error' : 'syntax errors'}`;
}

// GitHub Actions ----------------------------------------------------------------------------------

export const GH_LEVEL: Record<Severity, string> = {
  error: 'error',
  warning: 'warning',
  information: 'notice',
  hint: 'notice',
};

/** Escaping of workflow command data and properties (as @actions/core does); other control characters shown escaped. */
export function ghData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(CONTROL, escapeControl);
}
export function ghProp(s: string): string {
  return ghData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`, one a finding. */
/**
 * GitHub Actions workflow commands. GitHub reads `file=` relative to the repository's root, so with
 * `workspace` (GITHUB_WORKSPACE) a file below it is named from there: a step run in a subdirectory
 * (`working-directory: packages/web`) still annotates the right file (REVIEW5 H10). The working
 * directory is always a real path; a workspace with a link in it (macOS runners: `/tmp` is
 * `/private/tmp`) is given as written and resolved (lint.ts githubWorkspaces).
 */
export function githubOfFile(r: FileReport, workspace?: string | readonly string[]): string {
  const file = ghFile(r, workspace);
  let s = '';
  for (const f of r.findings) {
    const props = [
      `file=${ghProp(file)}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${ghProp(`${SOURCE}(${f.code})`)}`,
    ];
    s += `::${GH_LEVEL[f.severity]} ${props.join(',')}::${ghData(f.message)}\n`;
  }
  return s;
}

/** The file as GitHub names it: from the workspace when it lies below it, else as displayed. */
export function ghFile(r: FileReport, workspace?: string | readonly string[]): string {
  // (Several: the workspace as written and its real path, REVIEW6 I14; the first that holds the file.)
  for (const w of typeof workspace === 'string' ? [workspace] : (workspace ?? [])) {
    if (!w || !isAbsolute(w) || !isAbsolute(r.path)) continue;
    const rel = relative(w, r.path);
    if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  return r.displayPath;
}

// JUnit -------------------------------------------------------------------------------------------

/**
 * Text safe in XML attribute values and content. A character XML 1.0 cannot carry, not even as a
 * character reference (a lone surrogate, U+FFFE, U+FFFF), is written as its `\\uXXXX` escape: the
 * reader sees that something stood there, as in the other formats, rather than a changed name.
 */
export function xmlEscape(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, (c) => escapeControl(c))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Text safe in an XML attribute value: as xmlEscape, and line breaks and tabs as character
 * references (a parser normalises raw ones in attributes to spaces). */
export function xmlAttr(s: string): string {
  return xmlEscape(s).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/**
 * JUnit XML as Jenkins, GitLab and Azure read it: one <testsuite> per file; each error or warning is
 * a failed <testcase> (type = severity); information is a passing testcase with <system-out>; a file
 * without findings is one passing testcase.
 */
export function junit(reports: readonly FileReport[], run?: RunOutcome): string {
  let failures = 0;
  let tests = 0;
  const suites = reports.map((r) => {
    // What the file and its messages quote is shown as the text format shows it (visible()): a key's
    // line break or bidi override must not reach a CI log that prints this XML (REVIEW3 F6).
    const path = xmlAttr(visiblePath(r.displayPath));
    const cases = r.findings.map((f) => {
      const name = xmlAttr(`${f.line}:${f.column} ${f.code}`);
      const message = visible(f.message);
      if (f.severity === 'error' || f.severity === 'warning') {
        const body = xmlEscape(
          `${visiblePath(r.displayPath)}:${f.line}:${f.column} ${f.severity} ${f.code} ${message}`,
        );
        return `    <testcase name="${name}" classname="${path}" time="0">\n      <failure message="${xmlAttr(message)}" type="${f.severity}">${body}</failure>\n    </testcase>\n`;
      }
      return `    <testcase name="${name}" classname="${path}" time="0">\n      <system-out>${xmlEscape(`${f.severity} ${f.code} ${message}`)}</system-out>\n    </testcase>\n`;
    });
    if (cases.length === 0) cases.push(`    <testcase name="${path}" classname="${path}" time="0" />\n`);
    const f = r.findings.filter((x) => x.severity === 'error' || x.severity === 'warning').length;
    failures += f;
    tests += cases.length;
    return `  <testsuite name="${path}" tests="${cases.length}" failures="${f}" errors="0" skipped="0" time="0">\n${cases.join('')}  </testsuite>\n`;
  });
  // A run that failed (exit 2: a path not read, no AssistantConfig file found, a project config with
  // mistakes) is an errored test of its own, so that a CI report of no findings does not read as all
  // clean (REVIEW9 K9).
  // A file a directory walk found and that was removed before it was read: a skipped testcase
  // (REVIEW11 C8), which CI reports show as such, not as a pass or a failure.
  for (const k of run?.skipped ?? []) {
    const path = xmlAttr(visiblePath(k.displayPath));
    suites.push(
      `  <testsuite name="${path}" tests="1" failures="0" errors="0" skipped="1" time="0">\n    <testcase name="${path}" classname="${path}" time="0">\n      <skipped message="${xmlAttr(k.message)}" />\n    </testcase>\n  </testsuite>\n`,
    );
    tests++;
  }
  const errors = run && run.exitCode === 2 ? 1 : 0;
  if (run && errors) {
    const said = run.failures.map((f) => visible(f));
    const message = xmlAttr(said[0] ?? `the run failed (exit ${run.exitCode})`);
    suites.push(
      `  <testsuite name="${SOURCE}" tests="1" failures="0" errors="1" skipped="0" time="0">\n    <testcase name="the run (exit ${run.exitCode})" classname="${SOURCE}" time="0">\n      <error message="${message}" type="exit ${run.exitCode}">${xmlEscape(said.join('\n'))}</error>\n    </testcase>\n  </testsuite>\n`,
    );
    tests++;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${SOURCE}" tests="${tests}" failures="${failures}" errors="${errors}" time="0">\n${suites.join('')}</testsuites>\n`;
}

// JSON --------------------------------------------------------------------------------------------

/**
 * The JSON report: `source` and `files` (one entry per file checked, its diagnostics), then how the
 * run ended, as SARIF's invocation and JUnit's errored testcase say it: `ok` is false when the run
 * failed (exit 2: a path not read, no AssistantConfig file found, a project config with mistakes, an
 * internal error), `exitCode` is the process's exit status, and `errors` holds what stderr said of
 * the failure (empty when `ok`), so that a report with no findings is not read as all clean;
 * `skipped` lists files a directory walk found that were gone when read (not checked, no failure).
 */
export function json(reports: readonly FileReport[], run?: RunOutcome): unknown {
  return jsonSkeleton(reports.map(jsonFile), run);
}

/** The JSON report printed as the run goes (jsonStream.ts): the same bytes as json()'s. */
export function jsonReportStream(): ReportStream {
  return jsonStream(
    (run) => jsonSkeleton(streamedArray(), run),
    (r) => [jsonFile(r)],
  );
}

function jsonFile(r: FileReport): unknown {
  return {
    path: r.displayPath,
    diagnostics: r.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      range: { start: { line: f.line, column: f.column }, end: { line: f.endLine, column: f.endColumn } },
    })),
  };
}

function jsonSkeleton(files: unknown, run: RunOutcome | undefined): unknown {
  const exitCode = run?.exitCode ?? 0;
  return {
    source: SOURCE,
    files,
    ok: exitCode !== 2,
    exitCode,
    errors: exitCode === 2 ? (run?.failures ?? []).map((message) => ({ message })) : [],
    // Files a directory walk found that were removed before they were read (REVIEW11 C8).
    skipped: (run?.skipped ?? []).map((k) => ({ path: k.displayPath, message: k.message })),
  };
}
