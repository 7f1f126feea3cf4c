// Running the built CLI as a real process, with a clean environment.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers';

export const CLI = join(ROOT, 'dist/cli.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { input?: string; env?: Record<string, string>; cwd?: string } = {},
): RunResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...opts.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The secrets of which some run of `run` characters appears in `text` (case-insensitively), each
 * named by its first three characters and the run found: an empty list means nothing leaked.
 */
export function leakedRuns(text: string, secrets: readonly string[], run: number): string[] {
  const found: string[] = [];
  const lower = text.toLowerCase();
  for (const s of secrets) {
    const l = s.toLowerCase();
    for (let i = 0; i + run <= l.length; i++) {
      if (lower.includes(l.slice(i, i + run))) {
        found.push(`${s.slice(0, 3)}… (run ${l.slice(i, i + run)})`);
        break;
      }
    }
  }
  return found;
}
