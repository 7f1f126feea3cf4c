// Types of scripts/test-runner.mjs.
export const DEFAULT_FILE_TIMEOUT_MS: number;
export function fileTimeoutFrom(
  env: Record<string, string | undefined>,
): { ms: number; error?: undefined } | { error: string; ms?: undefined };
export function runnerArgs(files: readonly string[], tap: string, fileTimeoutMs: number): string[];
export function closingLines(tapText: string, files: readonly string[], fileTimeoutMs: number, root?: string): string[];
