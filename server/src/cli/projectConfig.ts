// The project config for the CLI: found by walking up from each file (the nearest
// .assistant-config.yaml), or the one given by --config, or none with --no-config.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve as resolvePath } from 'node:path';
import {
  nearNameNotice,
  parseProjectConfig,
  PROJECT_CONFIG_FILE,
  ProjectConfigResolver,
} from '../service/projectConfig';
import type { ProjectConfig } from '../service/projectConfig';
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

  constructor(
    private readonly io: CliIO,
    private readonly choice: ConfigChoice,
  ) {
    if (choice.kind === 'file') {
      const abs = resolvePath(io.cwd, choice.path);
      const text = readIfFile(abs);
      if (text === undefined) throw new UsageError(`cannot read the config file '${visible(choice.path)}'.`);
      // As ESLint reads `-c`: the include and exclude patterns of a config given on the command line
      // are relative to the working directory, not to the file's own directory. A shared config
      // (`--config ../shared/ac.yaml`, the usual monorepo and CI use) otherwise matched nothing below
      // the directory being linted, and the gate passed on no file (REVIEW3 F10).
      this.fixed = { ...parseProjectConfig(abs, text), dir: io.cwd };
    }
  }

  /** The config in force for a file (for standard input: the current directory's). */
  forFile(path: string): ProjectConfig | undefined {
    const cfg =
      this.choice.kind === 'none' ? undefined : this.choice.kind === 'file' ? this.fixed : this.resolver.forFile(path);
    if (cfg && cfg.problems.length > 0 && !this.reported.has(cfg.path)) {
      this.reported.add(cfg.path);
      this.failed = true;
      const where = visiblePath(relative(this.io.cwd, cfg.path) || cfg.path);
      for (const p of cfg.problems) this.io.stderr(`assistant-config: ${where}: ${visible(p)}\n`);
    }
    return cfg;
  }
}

/**
 * Tells that a directory named on the command line holds no AssistantConfig file: an error (exit 2,
 * as ESLint does: a CI gate must not pass on files it never saw) unless
 * --no-error-on-unmatched-pattern made it a warning. Says where include patterns are read from, the
 * usual reason (REVIEW3 F10). Returns whether it is an error.
 */
export function reportEmptyDirectory(
  io: CliIO,
  configs: CliProjectConfig,
  dir: string,
  target: string,
  asError: boolean,
): boolean {
  const cfg = configs.forFile(join(dir, PROJECT_CONFIG_FILE));
  const hint =
    cfg && cfg.include.length > 0
      ? ` (the include patterns of ${visiblePath(relative(io.cwd, cfg.path) || cfg.path)} are relative to ${visiblePath(relative(io.cwd, cfg.dir) || '.')})`
      : '';
  io.stderr(
    `assistant-config: ${asError ? 'error' : 'warning'}: no AssistantConfig files found in '${visible(target)}'${hint}\n`,
  );
  return asError;
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
