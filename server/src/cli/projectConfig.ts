// The project config for the CLI: found by walking up from each file (the nearest
// .assistant-config.yaml), or the one given by --config, or none with --no-config.
import { readFileSync, statSync } from 'node:fs';
import { relative, resolve as resolvePath } from 'node:path';
import { parseProjectConfig, ProjectConfigResolver } from '../service/projectConfig';
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
  private readonly resolver = new ProjectConfigResolver(readIfFile);
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
      this.fixed = parseProjectConfig(abs, text);
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
