// Which `.env` a file's `valueFromEnv` names are checked against, in the CLI and in the editor alike:
// the `.env` of the file's own project, wherever the command runs and whichever folder the editor
// opened. The nearest `.env` walking up from the file's directory, never above the top of its git
// work tree (the first directory holding `.git`, a repository's or a submodule's): a `.env` outside
// the repository is not the project's. Outside git the walk goes up to the filesystem root (the
// project config is found the same way), but never from below into the home directory: `~/.env` is
// the user's own file (a shell's, a tool's), not a project's, so a file in `~/notes/` does not take
// its names and no fix appends a secret to it; a file in the home directory itself still takes the
// `.env` beside it (a dotfiles repository at `~` included). One `.env` per file, as dotenv and docker compose read
// one: a nearer `.env` (a monorepo package's) replaces, not extends, an outer one.
// Whether git ignores that `.env` (dotenv-not-ignored) is asked of git in the `.env`'s directory.
// Answers are kept per directory, so each `.env` is read once and each directory looked up once per
// run (the CLI) or until a `.env` changes (the server makes a new lookup), whatever the number of
// files; the CLI's worker threads get them as a snapshot (no file read again).
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DOTENV_TOO_LARGE, MAX_DOTENV_BYTES, parseDotenv } from '../service/dotenv';
import { askGit } from './git';

export { DOTENV_TOO_LARGE, dotenvProblemMessage } from '../service/dotenv';

/** Why a `.env` that exists is not read, besides the system's codes (EACCES…) and DOTENV_TOO_LARGE. */
export const DOTENV_NOT_REGULAR = 'not-a-regular-file';

/**
 * The text of a `.env`, as the CLI and the language server read it: a regular file of at most
 * MAX_DOTENV_BYTES, else an error whose `code` says why not. Opened without blocking and checked on
 * the open file: a named pipe (as secret managers serve `.env`) would block the read until something
 * writes, and `/dev/zero` would never end (REVIEW2 E26).
 */
export function readDotenvFile(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | ((constants.O_NONBLOCK as number | undefined) ?? 0));
  try {
    const st = fstatSync(fd);
    const why = !st.isFile() ? DOTENV_NOT_REGULAR : st.size > MAX_DOTENV_BYTES ? DOTENV_TOO_LARGE : undefined;
    if (why !== undefined) throw Object.assign(new Error(`${file}: ${why}`), { code: why });
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The `.env` a file takes as messages and fix titles name it, in the CLI and the editor alike: its
 * path relative to the file's directory (`.env` beside it, `../../.env` at the top of a monorepo).
 * It depends neither on the current directory nor on the workspace folders, so a cached report
 * stays true wherever the command runs.
 */
export function dotenvShownFrom(fileDir: string, dotenvPath: string): string {
  return relative(fileDir, dotenvPath).split(sep).join('/');
}

/** The `.env` in force for the files of some directories. */
export interface EnvSet {
  /** The `.env` file's path; undefined: none (its files get names from the environment only). */
  readonly path: string | undefined;
  /** Names it defines. */
  readonly names: ReadonlySet<string>;
  /** Names it defines with an empty or blank value (`NAME=`, `NAME=""`): set, but to nothing. */
  readonly empty: ReadonlySet<string>;
  /** Names it defines while git does not ignore it (dotenv-not-ignored); asked of git on first use. */
  exposed(): ReadonlySet<string>;
  /** Whether git tracks it (committed, or staged by `git add`): its names are exposed, and already in the index. */
  tracked(): boolean;
}

/** The lookup's answers so far, for worker threads (structured-clone friendly). */
export interface DotenvSnapshot {
  sets: { path: string | undefined; names: string[]; empty: string[]; exposed: string[]; tracked: boolean }[];
  /** Directory → index in `sets`. */
  dirs: [string, number][];
  /** The home directory the walk stops below (see DotenvLookup's `home`). */
  home?: string;
}

/** The home directory as an environment names it (HOME, USERPROFILE), else the system's; undefined when there is none. */
export function homeDirOf(env: NodeJS.ProcessEnv): string | undefined {
  const h = env.HOME ?? env.USERPROFILE;
  if (h) return resolve(h);
  try {
    return resolve(homedir());
  } catch {
    return undefined;
  }
}

/**
 * Whether git ignores the `.env` at `file`: undefined outside a git work tree (or without git);
 * 'tracked' when git does not ignore it because it is tracked (committed, or staged by `git add`):
 * a pattern in .gitignore no longer keeps it out (REVIEW5 H17).
 */
export function gitIgnoresFile(file: string): GitIgnored {
  try {
    // Exit 0: ignored; 1: not ignored (a tracked .env counts as not ignored); 128: not in a work tree.
    askGit(['check-ignore', '-q', '.env'], dirname(file));
    return true;
  } catch (e) {
    return (e as { status?: number }).status === 1 ? (gitTracks(dirname(file)) ? 'tracked' : false) : undefined;
  }
}

/** What git says of a `.env`: ignored (true), not ignored (false), tracked, or undefined outside git. */
export type GitIgnored = boolean | 'tracked' | undefined;

/** Whether git's index holds `.env` in `dir` (committed or staged). */
export function gitTracks(dir: string): boolean {
  try {
    // --error-unmatch: exit 1 when the index does not hold the path.
    askGit(['ls-files', '--error-unmatch', '--', '.env'], dir);
    return true;
  } catch {
    return false;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
const NO_DOTENV: EnvSet = {
  path: undefined,
  names: EMPTY,
  empty: EMPTY,
  exposed: () => EMPTY,
  tracked: () => false,
};

function kind(path: string): 'file' | 'other' | 'none' {
  try {
    return statSync(path).isFile() ? 'file' : 'other';
  } catch {
    return 'none';
  }
}

export class DotenvLookup {
  private readonly byDir = new Map<string, EnvSet>();

  /**
   * `problem`: told once per `.env` that exists but cannot be read (its names then count as not set).
   * `gitIgnored`, `read`: whether git ignores a `.env`, and its text (replaceable in tests).
   * `home`: the home directory, which a walk from below it does not enter (undefined: none).
   */
  constructor(
    private readonly problem: (file: string, code: string) => void = () => undefined,
    private readonly gitIgnored: (file: string) => GitIgnored = gitIgnoresFile,
    private readonly read: (file: string) => string = readDotenvFile,
    private readonly home?: string,
  ) {}

  /** The directory asked last and its answer: files come directory by directory. */
  private lastDir = '';
  private lastSet: EnvSet = NO_DOTENV;

  /** The `.env` in force for a file (or for standard input standing for it). */
  forFile(path: string): EnvSet {
    const d = this.lastDir;
    // Another file of the directory asked last: no string made, no map looked up.
    if (
      d !== '' &&
      path.length > d.length + 1 &&
      path.startsWith(d) &&
      path[d.length] === sep &&
      !path.includes(sep, d.length + 1)
    )
      return this.lastSet;
    const dir = dirname(path);
    const set = this.forDir(dir);
    this.lastDir = dir;
    this.lastSet = set;
    return set;
  }

  /** The `.env` in force for the files of a directory (an absolute path). */
  forDir(dir: string): EnvSet {
    const known = this.byDir.get(dir);
    if (known) return known;
    const chain: string[] = [];
    let found: EnvSet | undefined;
    for (let d = dir; ;) {
      const k = this.byDir.get(d);
      if (k) {
        found = k;
        break;
      }
      chain.push(d);
      const file = join(d, '.env');
      if (kind(file) === 'file') {
        found = this.load(file);
        break;
      }
      // The top of a git work tree (`.git` is a directory, or a file in a worktree or submodule).
      if (kind(join(d, '.git')) !== 'none') break;
      const up = dirname(d);
      // (Not from below into the home directory: its `.env` is the user's, not a project's.)
      if (up === d || up === this.home) break;
      d = up;
    }
    const set = found ?? NO_DOTENV;
    for (const d of chain) this.byDir.set(d, set);
    return set;
  }

  private load(file: string): EnvSet {
    let names: ReadonlySet<string>;
    let empty: ReadonlySet<string> = EMPTY;
    try {
      // (The values are read here and dropped: only which names are set, and which to nothing, is kept.)
      const values = parseDotenv(this.read(file));
      names = new Set(values.keys());
      const blank = [...values].filter(([, v]) => v.trim() === '').map(([n]) => n);
      if (blank.length > 0) empty = new Set(blank);
    } catch (e) {
      this.problem(file, (e as NodeJS.ErrnoException).code ?? 'error');
      names = EMPTY;
    }
    let exposed: ReadonlySet<string> | undefined = names.size === 0 ? EMPTY : undefined;
    let tracked: boolean | undefined = names.size === 0 ? false : undefined;
    const ask = (): void => {
      const ignored = this.gitIgnored(file);
      exposed = ignored === false || ignored === 'tracked' ? names : EMPTY;
      tracked = ignored === 'tracked';
    };
    return {
      path: file,
      names,
      empty,
      exposed: () => {
        if (exposed === undefined) ask();
        return exposed!;
      },
      tracked: () => {
        if (tracked === undefined) ask();
        return tracked!;
      },
    };
  }

  /** The directories looked up so far and their `.env` (git asked now where it was not yet). */
  snapshot(): DotenvSnapshot {
    const index = new Map<EnvSet, number>();
    const sets: DotenvSnapshot['sets'] = [];
    const dirs: [string, number][] = [];
    for (const [dir, set] of this.byDir) {
      let i = index.get(set);
      if (i === undefined) {
        i = sets.length;
        index.set(set, i);
        sets.push({
          path: set.path,
          names: [...set.names],
          empty: [...set.empty],
          exposed: [...set.exposed()],
          tracked: set.tracked(),
        });
      }
      dirs.push([dir, i]);
    }
    return { sets, dirs, ...(this.home !== undefined ? { home: this.home } : {}) };
  }

  /** A lookup that starts from a snapshot (a worker's); directories it lacks are looked up as usual. */
  static from(snapshot: DotenvSnapshot): DotenvLookup {
    const lookup = new DotenvLookup(undefined, undefined, undefined, snapshot.home);
    const sets: EnvSet[] = snapshot.sets.map((s) => {
      const names = new Set(s.names);
      const empty = s.empty.length === 0 ? EMPTY : new Set(s.empty);
      const exposed = s.exposed.length === 0 ? EMPTY : new Set(s.exposed);
      return s.path === undefined && names.size === 0
        ? NO_DOTENV
        : { path: s.path, names, empty, exposed: () => exposed, tracked: () => s.tracked };
    });
    for (const [dir, i] of snapshot.dirs) lookup.byDir.set(dir, sets[i]!);
    return lookup;
  }
}
