// The project config for the CLI: found by walking up from each file (the nearest
// .assistant-config.yaml), or the one given by --config, or none with --no-config.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve as resolvePath } from 'node:path';
import {
  loadProjectConfig,
  nearNameNotice,
  PROJECT_CONFIG_FILE,
  ProjectConfigResolver,
  ruleProblem,
} from '../service/projectConfig';
import type { ProjectConfig, RuleLevel } from '../service/projectConfig';
import type { DiagnosticCode } from '../service/codes';
import type { CliIO } from './io';
import { UsageError } from './io';
import { visible, visiblePath } from './visible';

export type ConfigChoice = { kind: 'walk' } | { kind: 'none' } | { kind: 'file'; path: string };

function readIfFile(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export class CliProjectConfig {
  // Never above the top of the file's git repository (`.git`: a directory, or a file in a worktree).
  // A `.assistant-config.yml` (or another near name) beside where the config is looked for is told
  // on standard error, once: it is not read (REVIEW5 H14a).
  private readonly resolver = new ProjectConfigResolver(readIfFile, (dir) => existsSync(join(dir, '.git')), {
    exists: existsSync,
    found: (path) => {
      this.io.stderr(`assistant-config: note: ${nearNameNotice(visiblePath(relative(this.io.cwd, path) || path))}\n`);
    },
  });
  private readonly fixed: ProjectConfig | undefined;
  private readonly reported = new Set<string>();
  /** Whether a project config in use had mistakes (reported on stderr): the command then exits 2. */
  failed = false;
  /** What was said on stderr about those mistakes (each line without its `assistant-config: `), for reports. */
  readonly failures: string[] = [];
  /** The config file each of `failures` is about. */
  readonly failurePaths: string[] = [];

  /**
   * The configs with the command line's `--rule` levels laid over their own (the command line
   * wins), one per config in force (`null`: a file with no project config), so that each stays the
   * same object for the lint cache and the per-directory lookups.
   */
  private readonly overridden = new Map<ProjectConfig | null, ProjectConfig>();

  constructor(
    private readonly io: CliIO,
    private readonly choice: ConfigChoice,
    /** `--rule CODE=LEVEL` (checked by parseRuleFlag). */
    private readonly rules: Partial<Record<DiagnosticCode, RuleLevel>> = {},
  ) {
    if (choice.kind === 'file') {
      const abs = resolvePath(io.cwd, choice.path);
      const text = readIfFile(abs);
      if (text === undefined) throw new UsageError(`cannot read the config file '${visible(choice.path)}'.`);
      // As ESLint reads `-c`: the include and exclude patterns of a config given on the command line
      // are relative to the working directory, not to the file's own directory. A shared config
      // (`--config ../shared/ac.yaml`, the usual monorepo and CI use) otherwise matched nothing below
      // the directory being linted, and the gate passed on no file (REVIEW3 F10).
      // (What it extends too: every pattern of the config given is then relative to the working directory.)
      this.fixed = { ...loadProjectConfig(abs, text, readIfFile), dir: io.cwd, includeDir: io.cwd, excludeDir: io.cwd };
    }
  }

  /** Tells a config's mistakes on stderr, once a file; the command then exits 2. */
  private tell(cfg: ProjectConfig): void {
    if (cfg.problems.length === 0 || this.reported.has(cfg.path)) return;
    this.reported.add(cfg.path);
    this.failed = true;
    const where = visiblePath(relative(this.io.cwd, cfg.path) || cfg.path);
    for (const p of cfg.problems) {
      this.failures.push(`${where}: ${visible(p)}`);
      this.failurePaths.push(cfg.path);
      this.io.stderr(`assistant-config: ${where}: ${visible(p)}\n`);
    }
  }

  /**
   * A project config file named on the command line (`lint .assistant-config.yaml`, to check it): read
   * as a project config and its mistakes told as when it applies (exit 2), or a note that it has none.
   * It is not an AssistantConfig: linted as one it got kind-missing, version-missing and an
   * unknown-property for each of its keys (REVIEW9 K7).
   */
  checkNamed(abs: string, shown: string): void {
    const text = readIfFile(abs);
    if (text === undefined) {
      this.failures.push(`cannot read the config file '${visible(shown)}'.`);
      this.failurePaths.push(abs);
      this.io.stderr(`assistant-config: cannot read the config file '${visible(shown)}'.\n`);
      this.failed = true;
      return;
    }
    const cfg = loadProjectConfig(abs, text, readIfFile);
    this.tell(cfg);
    if (cfg.problems.length === 0)
      this.io.stderr(
        `assistant-config: note: '${visible(shown)}' is a project config, not an AssistantConfig: checked as a project config, it has no mistakes\n`,
      );
  }

  /** The config in force for a file (for standard input: the current directory's). */
  forFile(path: string): ProjectConfig | undefined {
    const cfg =
      this.choice.kind === 'none' ? undefined : this.choice.kind === 'file' ? this.fixed : this.resolver.forFile(path);
    if (cfg) this.tell(cfg);
    if (Object.keys(this.rules).length === 0) return cfg;
    let o = this.overridden.get(cfg ?? null);
    if (!o) {
      // Without a project config: one that says nothing else (no patterns, no fallback bound).
      const base = cfg ?? { path: '', dir: this.io.cwd, rules: {}, include: [], exclude: [], problems: [] };
      o = { ...base, rules: { ...base.rules, ...this.rules } };
      this.overridden.set(cfg ?? null, o);
    }
    return o;
  }
}

/**
 * Tells that a directory named on the command line holds no AssistantConfig file: an error (exit 2,
 * as ESLint does: a CI gate must not pass on files it never saw) unless
 * --no-error-on-unmatched-pattern made it a warning. Says where include patterns are read from, the
 * usual reason (REVIEW3 F10). Returns what it said (without `assistant-config: error: `) when it is an
 * error, else undefined.
 */
export function reportEmptyDirectory(
  io: CliIO,
  configs: CliProjectConfig,
  dir: string,
  target: string,
  asError: boolean,
): string | undefined {
  const cfg = configs.forFile(join(dir, PROJECT_CONFIG_FILE));
  const from = cfg?.from?.include ?? cfg?.path ?? '';
  const hint =
    cfg && cfg.include.length > 0
      ? ` (the include patterns of ${visiblePath(relative(io.cwd, from) || from)} are relative to ${visiblePath(relative(io.cwd, cfg.includeDir ?? cfg.dir) || '.')})`
      : '';
  const message = `no AssistantConfig files found in '${visible(target)}'${hint}`;
  io.stderr(`assistant-config: ${asError ? 'error' : 'warning'}: ${message}\n`);
  return asError ? message : undefined;
}

/** --no-error-on-unmatched-pattern (lint and format). */
export const NO_ERROR_ON_EMPTY = '--no-error-on-unmatched-pattern';

export function parseConfigFlag(a: string, args: string[], i: number): { choice: ConfigChoice; i: number } | undefined {
  if (a === '--no-config') return { choice: { kind: 'none' }, i };
  if (a === '--config' || a.startsWith('--config=')) {
    if (a.includes('=')) return { choice: { kind: 'file', path: a.slice(a.indexOf('=') + 1) }, i };
    const v = args[i + 1];
    if (v === undefined) throw new UsageError('--config needs a FILE.');
    return { choice: { kind: 'file', path: v }, i: i + 1 };
  }
  return undefined;
}

/**
 * `--rule CODE=LEVEL[,CODE=LEVEL…]` (also `CODE:LEVEL`, as ESLint's `--rule 'code: level'`): the
 * levels of the project config's `rules`, checked the same way; a later one for the same code wins.
 */
export function parseRuleFlag(value: string, into: Partial<Record<DiagnosticCode, RuleLevel>>): void {
  const items = value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--rule needs CODE=LEVEL (e.g. --rule literal-secret=error).`);
  for (const item of items) {
    const m = /^([^=:\s]+)\s*[=:]\s*(\S*)$/.exec(item);
    if (!m)
      throw new UsageError(
        `--rule takes CODE=LEVEL, LEVEL one of off, info, warning, error (got '${visible(item)}'; e.g. --rule literal-secret=error).`,
      );
    const problem = ruleProblem(m[1]!, m[2] || undefined);
    if (problem !== undefined) throw new UsageError(`--rule: ${visible(problem)}.`);
    into[m[1] as DiagnosticCode] = m[2] as RuleLevel;
  }
}
