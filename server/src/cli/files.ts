// Which files the CLI reads: named files, and in directories the AssistantConfig files.
import { readdirSync, statSync, readFileSync, existsSync, realpathSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { globMatches, isExcluded, isIncluded } from '../service/projectConfig';
import type { ProjectConfig } from '../service/projectConfig';
import { declaresAssistantConfigKind } from '../shared';

const BY_NAME = /(\.assistant\.(ya?ml|json)|(^|[\\/])assistant-config\.(ya?ml|json))$/i;
const CANDIDATE = /\.(ya?ml|json)$/i;
const SKIP = new Set(['node_modules', '.git']);

/** Whether a file is an AssistantConfig file: by its name, or by a top-level `kind: AssistantConfig`. */
export function isAssistantConfigFile(path: string, text?: string): boolean {
  if (BY_NAME.test(path)) return true;
  if (!CANDIDATE.test(path)) return false;
  const t = text ?? safeRead(path);
  return t !== undefined && declaresAssistantConfigKind(t);
}

function safeRead(path: string): string | undefined {
  try {
    if (statSync(path).size > 64 * 1024 * 1024) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** What a directory walk needs to decide: the project config of a file (include/exclude). */
export interface WalkOptions {
  configOf?: (file: string) => ProjectConfig | undefined;
  /** Stop after this many files (the editor's workspace diagnostics are bounded; the CLI walks all). */
  limit?: number;
  /** Also files whose top level says `kind: AssistantConfig`, whatever their name (default true). */
  byContent?: boolean;
}

interface IgnoreRule {
  /** The directory of the .gitignore the rule comes from. */
  base: string;
  pattern: string;
  negate: boolean;
  dirOnly: boolean;
}

/** The rules of one .gitignore (comments, blank lines, `!negation`, `dir/` only for directories). */
function readIgnore(dir: string): IgnoreRule[] {
  let text: string;
  try {
    text = readFileSync(join(dir, '.gitignore'), 'utf8');
  } catch {
    return [];
  }
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    if (line.startsWith('\\#') || line.startsWith('\\!')) line = line.slice(1);
    const dirOnly = line.endsWith('/');
    rules.push({ base: dir, pattern: dirOnly ? line.slice(0, -1) : line, negate, dirOnly });
  }
  return rules;
}

/** Whether git would ignore `path` under these rules (the last matching rule wins, as in git). */
function ignored(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean {
  let result = false;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    const rel = relative(r.base, path).split(sep).join('/');
    if (rel.startsWith('..') || rel === '') continue;
    if (globMatches(r.pattern, rel)) result = !r.negate;
  }
  return result;
}

/** The .gitignore rules of the directories above `dir`, up to the repository root (the one with .git). */
function ancestorRules(dir: string): IgnoreRule[] {
  const chain: string[] = [];
  let d = dirname(dir);
  let guard = 0;
  while (guard++ < 64) {
    chain.unshift(d);
    if (existsSync(join(d, '.git'))) break;
    const up = dirname(d);
    if (up === d) return []; // not in a repository: parent .gitignore files do not apply
    d = up;
  }
  return existsSync(join(dir, '.git')) ? [] : chain.flatMap(readIgnore);
}

/** An errno code in words, as `ls` and `cat` say it ('EACCES' → 'permission denied'). */
export function errnoText(code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'not a directory';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'input/output error';
    case 'ENXIO':
      return 'not a regular file (no such device or address)';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on device';
    default:
      return code ?? 'error';
  }
}

/** The errno text of a caught file-system error. */
export function errorText(e: unknown): string {
  return errnoText((e as NodeJS.ErrnoException | undefined)?.code);
}

/**
 * The AssistantConfig files below `dir`, sorted: skipping node_modules, .git (and our build output)
 * and what .gitignore files ignore; with a project config, its `include` decides which files are
 * checked and its `exclude` removes some. Symbolic links are followed once the tree itself is walked:
 * a file (or directory) that the walk reaches by its own path is reported there, never under a link
 * to it, and a link to what the walk already has adds nothing; a link to elsewhere is reported under
 * the link's path. Each real directory is walked once and each real file listed once (so
 * `ln -s . dir/self` is no loop). A directory that cannot be read is told to `onError` (the walk
 * goes on with the rest).
 */
export function collectFiles(
  dir: string,
  options: WalkOptions = {},
  onError?: (path: string, error: string) => void,
): string[] {
  const out: string[] = [];
  const seenDirs = new Set<string>();
  const seenFiles = new Set<string>();
  const real = (p: string): string | undefined => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const limit = options.limit ?? Infinity;
  /** Symbolic links (and entries of unknown type), followed after the tree itself. */
  let deferred: { p: string; depth: number; rules: IgnoreRule[] }[] = [];
  // One readdir with file types per directory and no stat or realpath per file: a regular file's
  // real path is its real directory's plus its name (each real directory is walked once), so only
  // symbolic links (and entries of unknown type) cost a stat and a realpath.
  const walk = (d: string, depth: number, rules: IgnoreRule[]): void => {
    if (depth > 32 || out.length >= limit) return;
    let rd: string;
    let entries: Dirent[];
    try {
      rd = realpathSync(d);
      if (seenDirs.has(rd)) return;
      seenDirs.add(rd);
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      onError?.(d, errorText(e));
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const here = entries.some((e) => e.name === '.gitignore') ? [...rules, ...readIgnore(d)] : rules;
    // d and rd are normalised paths and a name has no separator: a concatenation is their join.
    const dPrefix = d.endsWith(sep) ? d : d + sep;
    const rdPrefix = rd.endsWith(sep) ? rd : rd + sep;
    for (const e of entries) {
      if (out.length >= limit) return;
      const n = e.name;
      if (SKIP.has(n)) continue;
      const p = dPrefix + n;
      if (e.isDirectory()) {
        if (!ignored(here, p, true)) walk(p, depth + 1, here);
      } else if (e.isFile()) {
        if (!ignored(here, p, false) && wanted(p, options) && !seenFiles.has(rdPrefix + n)) {
          seenFiles.add(rdPrefix + n);
          out.push(p);
        }
      } else deferred.push({ p, depth, rules: here });
    }
  };
  const follow = ({ p, depth, rules }: { p: string; depth: number; rules: IgnoreRule[] }): void => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return; // a dangling link: nothing to check
    }
    if (st.isDirectory()) {
      if (!ignored(rules, p, true)) walk(p, depth + 1, rules);
    } else if (st.isFile() && !ignored(rules, p, false) && wanted(p, options)) {
      const rf = real(p) ?? p;
      if (!seenFiles.has(rf)) {
        seenFiles.add(rf);
        out.push(p);
      }
    }
  };
  const start = normalize(dir);
  walk(start, 0, ancestorRules(start));
  // Links in the order met, each pass after the tree (and what earlier links reached) is walked.
  while (deferred.length > 0 && out.length < limit) {
    const next = deferred;
    deferred = [];
    for (const l of next) if (out.length < limit) follow(l);
  }
  // The walk's order (depth first, names sorted in each directory) for links followed late too.
  const key = (p: string): string => p.split(sep).join('\0');
  return out.length > 1
    ? out
        .map((p) => [key(p), p] as const)
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .map((x) => x[1])
    : out;
}

function wanted(file: string, options: WalkOptions): boolean {
  const cfg = options.configOf?.(file);
  if (cfg && isExcluded(cfg, file)) return false;
  if (cfg && cfg.include.length > 0) return isIncluded(cfg, file);
  return options.byContent === false ? BY_NAME.test(file) : isAssistantConfigFile(file);
}
