// One file's lint: the editor's analysis with the project's rules applied, as a report.
import { analyze } from '../service';
import type { Diagnostic, ValidationOptions, ProjectConfig } from '../service';
import { applyProjectRules } from '../service/projectConfig';
import type { ParsedDocument } from '../parser';
import { buildReport } from './report';
import type { FileReport } from './report';

/** The editor's analysis with the project's rules applied (codes turned off, severities changed). */
export function analyzeWith(text: string, language: 'yaml' | 'json', options: ValidationOptions, cfg: ProjectConfig | undefined): { doc: ParsedDocument; diagnostics: Diagnostic[] } {
  const r = analyze(text, language, options);
  return { doc: r.doc, diagnostics: applyProjectRules(r.diagnostics, cfg) };
}

export function lintText(path: string, displayPath: string, text: string, language: 'yaml' | 'json', options: ValidationOptions, cfg?: ProjectConfig): FileReport {
  const { doc, diagnostics } = analyzeWith(text, language, options, cfg);
  return buildReport(path, displayPath, doc, diagnostics);
}
