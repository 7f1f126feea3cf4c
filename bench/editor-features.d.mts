// Types of bench/editor-features.mjs (the benchmark's modules are plain ESM; these declarations serve the tests).

export const TARGET_P95_MS: number;

export interface FeatureRow {
  name: string;
  n: number;
  median: number;
  p95: number;
  max: number;
  /** The server's CPU time per request (mean, from /proc; NaN without /proc). */
  cpuPerRequest: number;
  /** The p95 budget (ms); undefined for the rows no issue sets a budget for (anchors, outline, formatting). */
  target: number | undefined;
  pass: boolean | undefined;
  /** The most hints, lenses, links, references or rename edits in one answer. */
  count: number;
}

export function runEditorFeatures(opts?: { lines?: number; samples?: number; serverPath?: string }): Promise<{
  lines: number;
  bytes: number;
  openMs: number;
  diagnostics: number;
  rows: FeatureRow[];
  peakKb: number;
}>;
export function ensureBuilt(): void;
export function machineLine(): string;
export function fmtMs(ms: number): string;
