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
