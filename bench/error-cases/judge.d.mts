// Types of bench/error-cases/judge.mjs (the benchmark's modules are plain ESM; these declarations serve the tests).

export interface Position {
  line: number;
  character: number;
}
export interface LspDiagnostic {
  range: { start: Position; end: Position };
  message: string;
  severity?: number;
  code?: string | number;
}
export interface ErrorSpec {
  at?: string;
  atAny?: string[];
  names: string[];
  alsoAt?: string[];
}
export interface Case {
  file: string;
  what: string;
  errors: ErrorSpec[];
  text: string;
}
export interface Judged {
  count: number;
  errors: number;
  found: number;
  named: number;
  extra: number;
  perError: { found: boolean; named: boolean }[];
  diagnostics: LspDiagnostic[];
}
export const RULES: string[];
export function loadCases(dir: string): Case[];
export function targetRange(text: string, spec: string): { start: Position; end: Position };
export function names(message: string, n: string): boolean;
export function judgeCase(c: Case, diagnostics: LspDiagnostic[]): Judged;
export function verdict(ours: Judged, peer: Judged | null): string;
