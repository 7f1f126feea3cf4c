// SARIF 2.1.0 output of lint results, for code-scanning dashboards.
import { CODES, SOURCE } from '../service';
import type { DiagnosticCode } from '../service';
import type { FileReport, Finding, RunOutcome } from './report';
import { VERSION } from './version';
import { jsonStream, streamedArray } from './jsonStream';
import type { ReportStream } from './jsonStream';
import { codeDocMarkdown } from '../service/codeDocs';
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const SRCROOT = '%SRCROOT%';

/** Where a file is: relative to `cwd` (%SRCROOT%: the working directory, or GITHUB_WORKSPACE above it), as GitHub code scanning expects;
 * an absolute file URI only for a file outside it. */
function artifactLocation(path: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (path === '<stdin>') return { uri: path };
  const rel = relative(cwd, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return { uri: pathToFileURL(path).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

const LEVEL = { error: 'error', warning: 'warning', information: 'note', hint: 'note' } as const;

/**
 * The run's `invocations` (SARIF 2.1.0 §3.20): whether it succeeded and, when it did not (exit 2),
 * what went wrong as error notifications. Appendix I of the spec: a consumer must not take the results
 * of an invocation with `executionSuccessful: false` as complete. GitHub code scanning processes such
 * an upload as an unsuccessful execution (its API answers `failed`, "unsuccessful execution", and the
 * upload step fails) and does not close the alerts it has (github/codeql-action#1393, #1732): a run
 * that never read the files must not read as "all alerts fixed" (REVIEW9 K9).
 */
function invocations(run: RunOutcome, cwd: string): unknown[] {
  // A file a directory walk found and that was removed before it was read is a note (REVIEW11 C8):
  // not checked, no failure of the run.
  const notes = [
    ...run.failures.map((text) => ({ level: 'error', message: { text } })),
    ...(run.skipped ?? []).map((k) => ({
      level: 'note',
      message: { text: k.message },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(k.path, cwd) } }],
    })),
  ];
  return [
    {
      executionSuccessful: run.exitCode !== 2,
      exitCode: run.exitCode,
      ...(notes.length > 0 ? { toolExecutionNotifications: notes } : {}),
    },
  ];
}

export function toSarif(results: readonly FileReport[], cwd: string, run?: RunOutcome): unknown {
  const codes = Object.keys(CODES) as DiagnosticCode[];
  return sarifSkeleton(
    results.flatMap((r) => resultsOf(r, codes, cwd)),
    cwd,
    run,
  );
}

/**
 * The SARIF log printed as the run goes (jsonStream.ts): the results file by file, the invocation
 * (how the run ended) after them.
 */
export function sarifStream(cwd: string): ReportStream {
  const codes = Object.keys(CODES) as DiagnosticCode[];
  return jsonStream(
    (run) => sarifSkeleton(streamedArray(), cwd, run),
    (r) => resultsOf(r, codes, cwd),
  );
}

function sarifSkeleton(results: unknown, cwd: string, run: RunOutcome | undefined): unknown {
  const codes = Object.keys(CODES) as DiagnosticCode[];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: SOURCE,
            version: VERSION,
            // (No informationUri: the project publishes no site. Each rule carries its whole page, the
            // text of `assistant-config explain CODE`, which code-scanning alert pages show as help.)
            rules: codes.map((c) => ({
              id: c,
              name: c,
              shortDescription: { text: CODES[c].doc },
              fullDescription: { text: CODES[c].doc },
              help: { text: codeDocMarkdown(c), markdown: codeDocMarkdown(c) },
              defaultConfiguration: { level: LEVEL[CODES[c].severity] },
            })),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(cwd).href.replace(/\/?$/, '/') } },
        columnKind: 'utf16CodeUnits',
        results,
        // After the results: known once the run is over, and the results are printed as it goes.
        ...(run ? { invocations: invocations(run, cwd) } : {}),
      },
    ],
  };
}

/** One file's results, those a suppression silenced included. */
function resultsOf(r: FileReport, codes: readonly DiagnosticCode[], cwd: string): unknown[] {
  const result = (d: Finding & { suppression?: { kind: string; justification?: string } }) => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: LEVEL[d.severity],
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(r.path, cwd),
          region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
        },
      },
    ],
    // Silenced results stay in the log, marked as such (SARIF 2.1.0 §3.27.23).
    ...(d.suppression
      ? {
          suppressions: [
            {
              kind: d.suppression.kind,
              ...(d.suppression.justification ? { justification: d.suppression.justification } : {}),
            },
          ],
        }
      : {}),
  });
  return [...r.findings.map(result), ...(r.suppressed ?? []).map(result)];
}
