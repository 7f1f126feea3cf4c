// `lint --format gitlab`: a GitLab Code Quality report, the JSON file a job names under
// `artifacts: reports: codequality:`, from which GitLab shows findings in the merge request's widget
// and beside the changed lines (REVIEW14 F7).
//
// What GitLab reads (docs/ci/testing/code_quality.md, "Code Quality report format"; its parser
// lib/gitlab/ci/parsers/codequality/code_climate.rb): a JSON array (no byte order mark) of objects with
// `description`, `check_name`, `fingerprint`, `severity` (info, minor, major, critical or blocker),
// `location.path` (relative to the repository) and `location.lines.begin`. Each object is checked
// against app/validators/json_schemas/codeclimate.json, and the first that does not pass ends the
// reading: the rest of the report is dropped. Findings are kept by fingerprint, so two with the same
// fingerprint show as one; the merge request widget compares the fingerprints of the source branch's
// report with the target branch's, so a fingerprint that changes when unrelated lines move makes a
// finding read as fixed and new again.
//
// The fingerprint is the MD5 of the code, the file's path from the repository's top and the message,
// with an occurrence number among the findings of the file with the same three (a file with the same
// typo twice has two findings). Not the line: an edit above a finding keeps it. Not the text of the
// line: a finding on a credential would put a hash of it in an artifact. A message that quotes a line
// number has it taken out first.
//
// A run that failed (exit 2: a path that cannot be read, a project config with mistakes, no
// AssistantConfig file in a directory named) has no field of its own in this format, and an empty array
// reads as "no findings" (in the merge request: every finding of the target branch fixed). So each
// failure is an entry of its own, severity `blocker`, check_name `run-failed`, at the file it names
// (else at the directory the command ran in), with stderr's message; the exit status is 2 as ever.
// Files a walk found that were removed before they were read are `info` entries (`not-checked`).
import { isAbsolute, relative, sep } from 'node:path';
import { SOURCE } from '../service';
import type { Severity } from '../service';
import { crypto } from './crypto';
import { visible } from './visible';
import type { FileReport, RunOutcome } from './report';
import { jsonStream, streamedArray } from './jsonStream';
import type { ReportStream } from './jsonStream';

export type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export const GITLAB_SEVERITY: Record<Severity, GitlabSeverity> = {
  error: 'major',
  warning: 'minor',
  information: 'info',
  hint: 'info',
};

/** check_name of an entry saying the run failed (exit 2). */
export const RUN_FAILED = 'run-failed';
/** check_name of an entry saying a file was not checked (removed after the walk listed it). */
export const NOT_CHECKED = 'not-checked';

export interface GitlabIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: GitlabSeverity;
  location: { path: string; lines: { begin: number; end?: number } };
}

/**
 * Where paths are named from: CI_PROJECT_DIR (as written and resolved, when it holds the working
 * directory), else the top of the git repository the working directory is in, else the working
 * directory. CI_PROJECT_DIR first: it is where GitLab cloned the project, whose paths the report's
 * links are made from, also when the job runs in a subdirectory, when the checkout has no `.git`
 * (GIT_STRATEGY: none with the sources fetched otherwise) or when the file is inside a submodule
 * (another repository for git, a path of this project for GitLab).
 */
export function gitlabRoots(
  cwd: string,
  projectDir: readonly string[] | undefined,
  gitTop: string | undefined,
): string[] {
  const holds = (root: string): boolean => {
    const rel = relative(root, cwd);
    return !rel.startsWith('..') && !isAbsolute(rel);
  };
  const ci = (projectDir ?? []).filter(holds);
  if (ci.length > 0) return ci;
  if (gitTop !== undefined && holds(gitTop)) return [gitTop];
  return [cwd];
}

/** A path as the report names it: from the first root that holds it, with `/`; else as displayed. */
export function gitlabPath(path: string, displayPath: string, roots: readonly string[]): string {
  if (isAbsolute(path))
    for (const root of roots) {
      const rel = relative(root, path);
      if (rel === '') return '.';
      if (!rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
    }
  return displayPath.split(sep).join('/');
}

/** The message as fingerprinted: a line number it quotes would change with edits above the finding. */
function stableMessage(message: string): string {
  return message.replace(/\b(lines?) \d+(?:\s*[-–]\s*\d+)?/g, '$1 #');
}

/**
 * Builds the report's entries file by file (the lint prints each file's as it comes), keeping the
 * fingerprints given so far so that every entry has its own.
 */
export class GitlabReport {
  private readonly seen = new Set<string>();

  constructor(private readonly roots: readonly string[]) {}

  /** The fingerprint of the `key`'s next occurrence: its MD5, then with a count until unused. */
  private fingerprint(key: string): string {
    for (let n = 0; ; n++) {
      const f = crypto()
        .createHash('md5')
        .update(n === 0 ? key : `${key}\0${n}`)
        .digest('hex');
      if (!this.seen.has(f)) {
        this.seen.add(f);
        return f;
      }
    }
  }

  /** One file's entries. */
  issuesOf(r: FileReport): GitlabIssue[] {
    const path = gitlabPath(r.path, r.displayPath, this.roots);
    const out: GitlabIssue[] = [];
    for (const f of r.findings) {
      out.push({
        description: `${visible(f.message)} (${SOURCE} ${f.code})`,
        check_name: f.code,
        fingerprint: this.fingerprint(`${SOURCE}\0${f.code}\0${path}\0${stableMessage(f.message)}`),
        severity: GITLAB_SEVERITY[f.severity],
        location: { path, lines: f.endLine > f.line ? { begin: f.line, end: f.endLine } : { begin: f.line } },
      });
    }
    return out;
  }

  /** The entries of how the run ended: its failures (exit 2) and the files not checked. */
  issuesOfRun(run: RunOutcome, cwd: string): GitlabIssue[] {
    const out: GitlabIssue[] = [];
    const here = gitlabPath(cwd, '.', this.roots);
    if (run.exitCode === 2)
      run.failures.forEach((message, i) => {
        const at = run.failurePaths?.[i];
        const path = at === undefined ? here : gitlabPath(at, at, this.roots);
        out.push({
          description: `${SOURCE}: the run failed (exit 2), its report is not complete: ${visible(message)}`,
          check_name: RUN_FAILED,
          fingerprint: this.fingerprint(`${SOURCE}\0${RUN_FAILED}\0${path}\0${stableMessage(message)}`),
          severity: 'blocker',
          location: { path, lines: { begin: 1 } },
        });
      });
    for (const k of run.skipped ?? []) {
      const path = gitlabPath(k.path, k.displayPath, this.roots);
      out.push({
        description: `${SOURCE}: ${visible(k.message)}`,
        check_name: NOT_CHECKED,
        fingerprint: this.fingerprint(`${SOURCE}\0${NOT_CHECKED}\0${path}`),
        severity: 'info',
        location: { path, lines: { begin: 1 } },
      });
    }
    return out;
  }
}

/** The report printed as the run goes (jsonStream.ts): a file's entries as it comes, the run's last. */
export function gitlabStream(cwd: string, roots: readonly string[]): ReportStream {
  const g = new GitlabReport(roots);
  return jsonStream(
    () => streamedArray(),
    (r) => g.issuesOf(r),
    (run) => g.issuesOfRun(run, cwd),
  );
}
