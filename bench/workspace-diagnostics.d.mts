// Types of bench/workspace-diagnostics.mjs (the benchmark's modules are plain ESM; these declarations serve the tests).

export function makeWorkspace(files: number): { dir: string; paths: string[]; envNames: string[]; withErrors: number };

export function runWorkspaceDiagnostics(opts?: {
  files?: number;
  keep?: boolean;
  serverPath?: string;
  timeBudgetMs?: number;
}): Promise<{
  files: number;
  requests: number;
  fullMs: number;
  firstReportMs: number;
  reported: number;
  withDiagnostics: number;
  expectedWithDiagnostics: number;
  unexpected: string[];
  unchangedPassMs: number;
  unchanged: number;
  hover: { n: number; median: number; p95: number; max: number };
  idlePeakKb: number;
  peakKb: number;
}>;
