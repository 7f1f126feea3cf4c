// `lint --format github`: the whole run as GitHub Actions reads it. The annotations (output.ts
// githubOfFile), a count after them as a CI linter prints one, and what GitHub does not show:
//
// GitHub keeps at most 10 error, 10 warning and 10 notice annotations per step and 50 per job (the
// sum over its steps); the others are in the step's log only ("Limitations",
// https://github.com/actions/toolkit/blob/main/docs/problem-matchers.md#limitations, which the
// workflow-command annotations share). A run with more says so in one notice, printed before the
// annotations so that it is one of the first ten notices, and, when GITHUB_STEP_SUMMARY names the
// step's summary file, lists every finding there as Markdown (REVIEW11 C7). A step's summary is at
// most 1 MiB ("Adding a job summary", https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary;
// above it the runner drops the whole summary: "$GITHUB_STEP_SUMMARY upload aborted, supports content
// up to a size of 1024k"), so the list stops short of that, counting what it leaves out.
import { appendFileSync, statSync } from 'node:fs';
import { SOURCE } from '../service';
import type { Severity } from '../service';
import type { FileReport, Skipped } from './report';
import { ghData, ghFile, ghProp, GH_LEVEL, githubOfFile, plural, summaryLine } from './output';
import type { Counts } from './output';
import { visible } from './visible';

/** Annotations of one kind (error, warning, notice) GitHub shows per step. */
export const ANNOTATIONS_PER_KIND = 10;
/** Annotations GitHub shows per job, all its steps together. */
export const ANNOTATIONS_PER_JOB = 50;
/** Bytes a step's summary may hold; more and GitHub drops all of it. */
export const STEP_SUMMARY_BYTES = 1024 * 1024;

export interface GithubRun {
  /** The reports as shown (--quiet: errors only). */
  reports: readonly FileReport[];
  /** Every finding of the run, shown or not (the summary line's count). */
  counts: Counts;
  /** Files found by a walk and removed before they were read (REVIEW11 C8). */
  skipped: readonly Skipped[];
  /** GITHUB_WORKSPACE as written and resolved (lint.ts githubWorkspaces). */
  workspaces: readonly string[] | undefined;
  /** --fix: what was applied (the summary line says it as the text format does). */
  fixed?: { files: number; fixes: number; held?: number };
  /** GITHUB_STEP_SUMMARY: the step's summary file, when the runner names one. */
  stepSummary: string | undefined;
  /** What made the run fail (exit 2), as stderr said it; and why it failed on warnings (--max-warnings). */
  failures?: readonly string[];
}

/** The annotations each kind would get: error, warning, notice. */
function annotationCounts(reports: readonly FileReport[]): Record<'error' | 'warning' | 'notice', number> {
  const n = { error: 0, warning: 0, notice: 0 };
  for (const r of reports) for (const f of r.findings) n[GH_LEVEL[f.severity] as keyof typeof n]++;
  return n;
}

/**
 * What `--format github` prints for the run (annotations, notices, the count) and whether to append
 * the list of findings to the step's summary (GitHub will not show them all, and there is one).
 */
export function githubReport(run: GithubRun): { stdout: string; summary: boolean } {
  const n = annotationCounts(run.reports);
  // Our own notices count among the notices of the step too.
  const notices = n.notice + run.skipped.length;
  const errors = n.error + (run.failures?.length ?? 0);
  const over = errors > ANNOTATIONS_PER_KIND || n.warning > ANNOTATIONS_PER_KIND || notices > ANNOTATIONS_PER_KIND;
  let out = '';
  const withSummary = over && run.stepSummary !== undefined && run.stepSummary !== '';
  if (over) {
    const kinds = [plural(n.error, 'error'), plural(n.warning, 'warning'), plural(n.notice, 'notice')].join(', ');
    const message = `${kinds} to annotate; GitHub shows at most ${ANNOTATIONS_PER_KIND} of each kind per step (${ANNOTATIONS_PER_JOB} per job), so some are not on the pull request: every finding is in this step's log${withSummary ? ' and in the job summary' : ''}.`;
    out += `::notice title=${ghProp(`${SOURCE}: more findings than GitHub shows`)}::${ghData(message)}\n`;
  }
  // Why the step fails when no finding says it (an unreadable path, a project config with a mistake,
  // too many warnings): an error annotation of its own, among the first, so that the pull request's
  // checks say it, not only the log (stderr said it there already).
  for (const f of run.failures ?? [])
    out += `::error title=${ghProp(`${SOURCE}: the run failed`)}::${ghData(visible(f))}\n`;
  for (const s of run.skipped) out += `::notice title=${ghProp(SOURCE)}::${ghData(s.message)}\n`;
  for (const r of run.reports) out += githubOfFile(r, run.workspaces);
  out += summaryLine(run.counts, false, run.fixed);
  return { stdout: out, summary: withSummary };
}

/**
 * Text as Markdown shows it literally: every ASCII punctuation character backslash-escaped
 * (CommonMark lets any be; `|` must be in a GFM table cell, `<` would start HTML, `@` a mention,
 * `:` and `.` an autolink), control characters shown escaped (visible()), line breaks as `\n`.
 */
export function markdownText(s: string): string {
  return visible(s).replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

const SEVERITY_WORD: Record<Severity, string> = {
  error: 'error',
  warning: 'warning',
  information: 'information',
  hint: 'hint',
};

/** The step summary's Markdown: a heading with the count, then a table of every finding shown. */
export function stepSummaryMarkdown(run: GithubRun, budget: number = STEP_SUMMARY_BYTES - 64 * 1024): string {
  const c = run.counts;
  let md = `### ${markdownText(`${SOURCE} lint: ${plural(c.files, 'file')} checked: ${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.information} information`)}\n\n`;
  md += `${markdownText(`GitHub shows at most ${ANNOTATIONS_PER_KIND} annotations of each kind per step; here is every finding.`)}\n\n`;
  md += '| Location | Severity | Code | Message |\n| --- | --- | --- | --- |\n';
  let size = Buffer.byteLength(md);
  let left = 0;
  for (const r of run.reports) {
    const file = ghFile(r, run.workspaces);
    for (const f of r.findings) {
      if (left > 0) {
        left++;
        continue;
      }
      const row = `| ${markdownText(`${file}:${f.line}:${f.column}`)} | ${SEVERITY_WORD[f.severity]} | ${markdownText(f.code)} | ${markdownText(f.message)} |\n`;
      const bytes = Buffer.byteLength(row);
      if (size + bytes > budget) {
        left = 1;
        continue;
      }
      md += row;
      size += bytes;
    }
  }
  if (left > 0)
    md += `\n${markdownText(`${plural(left, 'more finding')} not listed: a step summary holds at most 1 MiB; they are in the step's log.`)}\n`;
  for (const s of run.skipped) md += `\n${markdownText(s.message)}\n`;
  return md + '\n';
}

/**
 * Appends the summary to the step's summary file, within what it may still hold (other commands of
 * the step may have written to it); returns why it could not, or undefined.
 */
export function appendStepSummary(file: string, run: GithubRun): string | undefined {
  let used = 0;
  try {
    used = statSync(file).size;
  } catch {
    // Not there yet: the runner creates it, a command may too.
  }
  const budget = STEP_SUMMARY_BYTES - 64 * 1024 - used;
  if (budget < 4096) return 'the step summary is nearly full (GitHub takes at most 1 MiB)';
  try {
    appendFileSync(file, stepSummaryMarkdown(run, budget));
    return undefined;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? 'error';
  }
}
