// One file's lint: the editor's analysis with the project's rules applied, as a report.
import { analyze } from '../service';
import type { Diagnostic, SuppressedDiagnostic, ValidationOptions, ProjectConfig } from '../service';
import { applyProjectRules } from '../service/projectConfig';
import type { ParsedDocument } from '../parser';
import { messageMasker } from '../service/secretRanges';
import type { Range } from '../service/secretRanges';
import { buildReport } from './report';
import type { FileReport } from './report';

/** The editor's analysis with the project's rules applied (codes turned off, severities changed). */
export function analyzeWith(
  text: string,
  language: 'yaml' | 'json',
  options: ValidationOptions,
  cfg: ProjectConfig | undefined,
): { doc: ParsedDocument; diagnostics: Diagnostic[]; suppressed: SuppressedDiagnostic[] } {
  const r = analyze(text, language, options);
  return { doc: r.doc, diagnostics: applyProjectRules(r.diagnostics, cfg), suppressed: r.suppressed };
}

export function lintText(
  path: string,
  displayPath: string,
  text: string,
  language: 'yaml' | 'json',
  options: ValidationOptions,
  cfg?: ProjectConfig,
  frames = true,
  carried: readonly Range[] = [],
): FileReport {
  const { doc, diagnostics, suppressed } = analyzeWith(text, language, options, cfg);
  const report = buildReport(path, displayPath, doc, diagnostics, frames, carried);
  if (suppressed.length === 0) return report;
  // Silenced findings stay in the report for SARIF, each with the suppression that silenced it.
  const silenced = buildReport(path, displayPath, doc, suppressed, frames, carried);
  // A suppression's reason is the user's text (SARIF prints it as the justification): masked as the
  // messages are, the document's secrets and every credential-shaped piece (REVIEW8 K20).
  const mask = messageMasker(doc);
  const out: FileReport = {
    ...report,
    suppressed: silenced.findings.map((f, i) => {
      const s = suppressed[i]!.suppression;
      return { ...f, suppression: s.justification ? { ...s, justification: mask(s.justification) } : s };
    }),
  };
  if (silenced.masks) out.masks = [...(report.masks ?? []), ...silenced.masks];
  return out;
}
