// Which files the CLI reads: named files, and in directories the AssistantConfig files.
import { readdirSync, statSync, readFileSync, existsSync, realpathSync, openSync, readSync, closeSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { globMatches, isExcluded, isIncluded } from '../service/projectConfig';
import type { ProjectConfig } from '../service/projectConfig';
import { declaresAssistantConfigKind, SNIFF_CHARS } from '../shared';
import { visiblePath } from './visible';

const BY_NAME = /(\.assistant\.(ya?ml|json)|(^|[\\/])assistant-config\.(ya?ml|json))$/i;
const CANDIDATE = /\.(ya?ml|json)$/i;
const SKIP = new Set(['node_modules', '.git']);

/**
 * How the output names files: relative to the working directory, `relative(cwd, file) || file`,
 * worked out once per directory rather than once per file (10,000 files in a directory outside the
 * working directory took 10,000 relative() calls). A file's name is appended to its directory's
 * relative path, which is relative() of the file itself unless the directory is the working
 * directory or one of its ancestors (then the name may be a step of the working directory's own
 * path, and relative() is asked). `path` is node:path (tests give path.posix and path.win32).
 */
export function displayPaths(
  cwd: string,
  path: { relative(from: string, to: string): string; sep: string } = { relative, sep },
): (file: string) => string {
  const psep = path.sep;
  const prefix = cwd.endsWith(psep) ? cwd : cwd + psep;
  let lastDir: string | undefined;
  let lastRel = '';
  let lastUp = true;
  return (f) => {
    if (f.startsWith(prefix) && f.length > prefix.length) return f.slice(prefix.length);
    const i = f.lastIndexOf(psep);
    const dir = i > 0 ? f.slice(0, i) : '';
    // (A root's direct child, `/x` or `C:\x`: as relative() says.)
    if (dir.indexOf(psep) < 0) return path.relative(cwd, f) || f;
    if (dir !== lastDir) {
      lastDir = dir;
      lastRel = path.relative(cwd, dir);
      lastUp = lastRel.split(psep).every((s) => s === '..' || s === '');
    }
    return lastUp ? path.relative(cwd, f) || f : lastRel + psep + f.slice(i + 1);
  };
}

/**
 * Whether a file is an AssistantConfig file: by its name, or by a top-level `kind: AssistantConfig`
 * (the shared rule and window of the server and the VS Code client, README "Which files"). Only the
 * head of the file that rule looks at is read.
 */
export function isAssistantConfigFile(path: string, text?: string): boolean {
  if (BY_NAME.test(path)) return true;
  if (!CANDIDATE.test(path)) return false;
  const t = text ?? readHead(path);
  return t !== undefined && declaresAssistantConfigKind(t);
}

/**
 * The first SNIFF_CHARS characters of a file (UTF-8), or fewer if it is shorter: at most 3 bytes
 * make one UTF-16 code unit, so 3 × SNIFF_CHARS bytes and one character's worth more hold them all
 * (a character cut at the end of what was read lies past the window).
 */
function readHead(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(3 * SNIFF_CHARS + 3);
    let got = 0;
    for (let n = 1; n > 0 && got < buf.length; got += n) n = readSync(fd, buf, got, buf.length - got, null);
    return buf.toString('utf8', 0, got);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What a directory walk needs to decide: the project config of a file (include/exclude). */
export interface WalkOptions {
  /**
   * The project config in force for a file. It must be the same for every file of a directory (a
   * project config applies to the directory it is found from): the walk asks it once per directory,
   * with the first file of that directory it considers, and uses the answer for the others.
   */
  configOf?: (file: string) => ProjectConfig | undefined;
  /** Stop after this many files (the editor's workspace diagnostics are bounded; the CLI walks all). */
  limit?: number;
  /** Also files whose top level says `kind: AssistantConfig`, whatever their name (default true). */
  byContent?: boolean;
  /** Told each symbolic link the walk does not follow because it leads outside the walked directory. */
  onOutsideLink?: (link: string) => void;
  /**
   * Told each file the project config's `include` names that the walk skips because git ignores it
   * (a file in an ignored directory is not looked for: the walk does not enter it).
   */
  onIgnoredIncluded?: (file: string, config: ProjectConfig) => void;
}

interface IgnoreRule {
  /** The directory of the .gitignore the rule comes from. */
  base: string;
  pattern: string;
  negate: boolean;
  dirOnly: boolean;
}

/**
 * The rules of one .gitignore (comments, blank lines, `!negation`, `dir/` only for directories), or
 * of a repository's `.git/info/exclude` (the same syntax, relative to the repository's top).
 */
function readIgnore(dir: string, file = '.gitignore'): IgnoreRule[] {
  let text: string;
  try {
    text = readFileSync(isAbsolute(file) ? file : join(dir, file), 'utf8');
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

/**
 * `ignored(rules, dir + sep + name, isDir)` for the entries of one directory, with each rule's
 * path from its .gitignore's directory to `dir` worked out once for the directory, not per entry
 * (a directory of 10,000 files under a .gitignore asked `relative()` 10,000 times per rule).
 */
function ignoreTest(rules: readonly IgnoreRule[], dir: string): (name: string, isDir: boolean) => boolean {
  if (rules.length === 0) return () => false;
  const prefixes = new Map<string, string>();
  for (const r of rules)
    if (!prefixes.has(r.base)) {
      // The rules' directories are `dir` or above it (on the path the walk took), so `base/…/dir/name`
      // relative to `base` is `…/dir/` and the name: relative() of a name never adds `..` nor drops it.
      const up = relative(r.base, dir).split(sep).join('/');
      prefixes.set(r.base, up === '' ? '' : up + '/');
    }
  return (name, isDir) => {
    let result = false;
    for (const r of rules) {
      if (r.dirOnly && !isDir) continue;
      const rel = prefixes.get(r.base)! + name;
      if (rel.startsWith('..') || rel === '') continue;
      if (globMatches(r.pattern, rel)) result = !r.negate;
    }
    return result;
  };
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
  return existsSync(join(dir, '.git')) ? [] : [...readExclude(chain[0]!), ...chain.flatMap((c) => readIgnore(c))];
}

/**
 * The rules of a repository's own exclude file, `.git/info/exclude` at its top `dir` (git reads them
 * below every .gitignore: a .gitignore's rule comes after them and wins). A `.git` file (a linked
 * worktree, a submodule) names the git directory (`gitdir: …`); a worktree's exclude file is in the
 * common directory its `commondir` names, as git reads it (REVIEW6 I8).
 */
function readExclude(dir: string): IgnoreRule[] {
  return readIgnore(dir, join(gitCommonDir(dir) ?? join(dir, '.git'), 'info', 'exclude'));
}

/** The git directory whose info/exclude applies to the top `dir` when `.git` there is a file. */
function gitCommonDir(dir: string): string | undefined {
  let gitdir: string;
  try {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(join(dir, '.git'), 'utf8'));
    if (!m) return undefined;
    gitdir = resolve(dir, m[1]!);
  } catch {
    // A directory (the usual case), or nothing.
    return undefined;
  }
  try {
    return resolve(gitdir, readFileSync(join(gitdir, 'commondir'), 'utf8').trim());
  } catch {
    return gitdir;
  }
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
 * checked and its `exclude` removes some. A symbolic link that leads outside `dir` is not followed
 * (REVIEW5 H21: whoever adds `x.assistant.yaml -> /proc/self/environ` or `-> ~/.aws/credentials` to a
 * repository must not have CI print those lines in code frames, nor `--fix` rewrite them; Prettier
 * skips links when it expands directories too); it is told to `options.onOutsideLink`. A file named
 * on the command line is read wherever it leads. Links inside `dir` are followed once the tree itself is walked:
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
  // The real path of each file listed by the tree walk (out[k] itself when its directory's path is
  // real), kept as a list: the set of them is only needed once a symbolic link is followed.
  const reals: string[] = [];
  let seenFiles: Set<string> | undefined;
  const seen = (): Set<string> => (seenFiles ??= new Set(reals));
  /** Files listed after a symbolic link was followed (then the list is sorted again). */
  let late = 0;
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
  // symbolic links (and entries of unknown type) cost a stat and a realpath. What depends on the
  // directory (its project config, the .gitignore rules' paths to it) is worked out once for it.
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
    let here = rules;
    // A repository's top: its .git/info/exclude, then its .gitignore (the later rule wins, as in git).
    if (entries.some((e) => e.name === '.git' && (e.isDirectory() || e.isFile()))) here = [...here, ...readExclude(d)];
    if (entries.some((e) => e.name === '.gitignore')) here = [...here, ...readIgnore(d)];
    const isIgnored = ignoreTest(here, d);
    // d and rd are normalised paths and a name has no separator: a concatenation is their join.
    const dPrefix = d.endsWith(sep) ? d : d + sep;
    const rdPrefix = rd.endsWith(sep) ? rd : rd + sep;
    const realDir = rdPrefix === dPrefix;
    let wants: ((file: string) => boolean) | undefined;
    for (const e of entries) {
      if (out.length >= limit) return;
      const n = e.name;
      if (SKIP.has(n)) continue;
      if (e.isDirectory()) {
        if (!isIgnored(n, true)) walk(dPrefix + n, depth + 1, here);
      } else if (e.isFile()) {
        if (isIgnored(n, false)) {
          if (options.onIgnoredIncluded) ignoredIncluded(dPrefix + n, options);
          continue;
        }
        const p = dPrefix + n;
        wants ??= wantedIn(p, options);
        if (!wants(p)) continue;
        const rp = realDir ? p : rdPrefix + n;
        if (seenFiles) {
          // A link followed earlier may have listed this file already.
          if (seenFiles.has(rp)) continue;
          seenFiles.add(rp);
          late++;
        } else reals.push(rp);
        out.push(p);
      } else deferred.push({ p: dPrefix + n, depth, rules: here });
    }
  };
  const follow = ({ p, depth, rules }: { p: string; depth: number; rules: IgnoreRule[] }): void => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return; // a dangling link: nothing to check
    }
    const target = real(p);
    if (target === undefined || !inside(target)) {
      if ((st.isDirectory() && !ignored(rules, p, true)) || (st.isFile() && !ignored(rules, p, false)))
        options.onOutsideLink?.(p);
      return;
    }
    if (st.isDirectory()) {
      if (!ignored(rules, p, true)) walk(p, depth + 1, rules);
    } else if (st.isFile() && !ignored(rules, p, false) && wantedIn(p, options)(p)) {
      const rf = real(p) ?? p;
      const s = seen();
      if (!s.has(rf)) {
        s.add(rf);
        out.push(p);
        late++;
      }
    }
  };
  const start = normalize(dir);
  const root = real(start) ?? start;
  const rootPrefix = root.endsWith(sep) ? root : root + sep;
  /** Whether a real path lies in the walked directory. */
  const inside = (rp: string): boolean => rp === root || rp.startsWith(rootPrefix);
  walk(start, 0, ancestorRules(start));
  // Links in the order met, each pass after the tree (and what earlier links reached) is walked.
  while (deferred.length > 0 && out.length < limit) {
    const next = deferred;
    deferred = [];
    seen();
    for (const l of next) if (out.length < limit) follow(l);
  }
  // The walk's order (depth first, names sorted in each directory) for links followed late too. The
  // tree walk alone lists files in that order already (a name has no separator and sorts after its
  // directory's own path), so only files that links added call for a sort.
  if (!late || out.length < 2) return out;
  const key = (p: string): string => p.split(sep).join('\0');
  return out
    .map((p) => [key(p), p] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map((x) => x[1]);
}

/** Tells `onIgnoredIncluded` of an ignored file when its project config's `include` names it. */
function ignoredIncluded(file: string, options: WalkOptions): void {
  const cfg = options.configOf?.(file);
  if (cfg && cfg.include.length > 0 && isIncluded(cfg, file) && !isExcluded(cfg, file))
    options.onIgnoredIncluded?.(file, cfg);
}

/**
 * A note on stderr, once a walk is done, of the files a project config's `include` names that git
 * ignores (REVIEW15 U17): they are not checked, as every file git ignores, so that a personal
 * `*.local.assistant.yaml` with a real key or a build directory does not reach CI's reports; but a
 * generated config the service reads must not be skipped without a word. Naming the file checks it.
 */
export function ignoredIncludedNotes(io: { cwd: string; stderr(text: string): void }): {
  onIgnoredIncluded: (file: string, config: ProjectConfig) => void;
  flush: () => void;
} {
  const byConfig = new Map<string, string[]>();
  return {
    onIgnoredIncluded: (file, config) => {
      const from = config.from?.include ?? config.path;
      const list = byConfig.get(from) ?? [];
      list.push(file);
      byConfig.set(from, list);
    },
    flush: () => {
      const shown = (p: string): string => visiblePath(relative(io.cwd, p) || p);
      for (const [from, files] of byConfig) {
        const n = files.length;
        const names = files.slice(0, 5).map((f) => `'${shown(f)}'`);
        io.stderr(
          `assistant-config: note: ${n === 1 ? '1 file' : `${String(n)} files`} that the include patterns of ${shown(from)} name ${n === 1 ? 'is' : 'are'} ignored by git and not checked: ${names.join(', ')}${n > 5 ? ` and ${String(n - 5)} more` : ''} (name a file on the command line to check it)\n`,
        );
      }
      byConfig.clear();
    },
  };
}

/** Tells a link a directory walk did not follow (stderr; a notice, not an error: the run goes on). */
export function outsideLink(io: { cwd: string; stderr(text: string): void }): (link: string) => void {
  return (link) => {
    io.stderr(
      `assistant-config: skipped '${visiblePath(relative(io.cwd, link) || link)}': a symbolic link to outside the directory (name it on the command line to check it)\n`,
    );
  };
}

/** Whether a file of the directory of `first` is to be checked (its project config asked once). */
function wantedIn(first: string, options: WalkOptions): (file: string) => boolean {
  const cfg = options.configOf?.(first);
  if (cfg && cfg.include.length > 0) return (file) => !isExcluded(cfg, file) && isIncluded(cfg, file);
  const byName = options.byContent === false;
  if (cfg && cfg.exclude.length > 0)
    return (file) => !isExcluded(cfg, file) && (byName ? BY_NAME.test(file) : isAssistantConfigFile(file));
  return byName ? (file) => BY_NAME.test(file) : (file) => isAssistantConfigFile(file);
}
