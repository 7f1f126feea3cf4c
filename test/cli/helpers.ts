// Running the built CLI as a real process, with a clean environment.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
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
    // (Reports of a thousand files pass spawnSync's default of 1 MB.)
    maxBuffer: 1 << 28,
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

export interface PreCommitHook {
  id: string;
  entry: string;
  args?: string[];
  files: string;
}

/** A hook of the shipped `.pre-commit-hooks.yaml`. */
export function shippedHook(id: string): PreCommitHook {
  const hooks = parseYaml(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as PreCommitHook[];
  const hook = hooks.find((h) => h.id === id);
  if (!hook) throw new Error(`.pre-commit-hooks.yaml has no hook '${id}'`);
  return hook;
}

/**
 * Runs a hook as pre-commit runs it: its entry (split on blanks) and args, then the staged files its
 * `files` pattern selects, from the repository's root, with `assistant-config` on PATH (`bin`: a
 * directory holding a shim to the built CLI, made by cliShim).
 */
export function runHook(
  hook: PreCommitHook,
  repo: string,
  staged: string[],
  env: Record<string, string>,
): { code: number | null; out: string; files: string[] } {
  const files = staged.filter((f) => new RegExp(hook.files).test(f));
  const [cmd, ...rest] = [...hook.entry.split(/\s+/), ...(hook.args ?? []), ...files];
  const r = spawnSync(cmd!, rest, { cwd: repo, encoding: 'utf8', env });
  return { code: r.status, out: (r.stdout ?? '') + (r.stderr ?? ''), files };
}

/** A directory in `dir` holding `assistant-config`, a shim to the built CLI; returns it. */
export function cliShim(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'assistant-config'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'assistant-config'), 0o755);
  return bin;
}

/**
 * A git repository at `repo` holding this checkout's tracked files as they are in the working tree
 * (what pre-commit clones is a commit; this is the commit the working tree would make, so a hook
 * repository tested this way is the code under test, edits not yet committed included); returns the
 * commit's id.
 */
export function checkoutAsRepository(repo: string): string {
  const git = (cwd: string, ...args: string[]): string => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
      cwd,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${r.stderr}`);
    return r.stdout;
  };
  for (const f of git(ROOT, 'ls-files', '-z').split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(repo, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(repo, f));
  }
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'hooks');
  return git(repo, 'rev-parse', 'HEAD').trim();
}

/** The codes of each file's errors after `lint --format json DIR` (no project config, no env check), by file name. */
export function lintErrorsByFile(dir: string): Map<string, string[]> {
  const r = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', dir]);
  const report = JSON.parse(r.stdout) as {
    files: { path: string; diagnostics: { code: string; severity: string }[] }[];
  };
  return new Map(
    report.files.map((f) => [
      f.path.split(/[\\/]/).pop()!,
      f.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
    ]),
  );
}
