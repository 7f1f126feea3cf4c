// Variable names known to the server: its process environment and the `.env` files of the workspace
// (only in a trusted workspace). Each document takes the `.env` of its own project, found as the
// CLI finds it (dotenvLookup.ts: the nearest walking up from the document, never above the top
// of its git work tree), so that the editor and `assistant-config lint` agree on every file, a
// monorepo's packages included. Values are never kept: a `.env` is read again, whole, only when a
// quick fix that moves a secret into it is asked for (dotenvFor), and given to the service.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DotenvFile, EnvInfo, GitignoreFile } from '../service';
import type { EnvLookup } from '../service/validation/rule';
// A light module imported directly: importing the index would load the whole service at startup.
import { dotenvNames, UNTRUSTED } from '../service/dotenv';
import {
  DotenvLookup,
  dotenvProblemMessage,
  dotenvShownFrom,
  gitTracks,
  homeDirOf,
  readDotenvFile,
} from './dotenvLookup';
import type { EnvSet, GitIgnored } from './dotenvLookup';
import { askGit } from './git';

/** What the protocol layer needs to know about variables; Node and web-worker servers fill it differently. */
export interface ServerEnv extends EnvInfo, EnvLookup {
  /** Reads the `.env` files of the given folders again (none in an untrusted workspace). */
  reload(folderUris: string[], trusted: boolean): void;
  /**
   * Names of `.env` variables reported by a client that reads the files itself (the browser's): the
   * folders' top `.env` names, and each `.env` file's where the client reports them by file.
   */
  setReportedNames?(
    names: readonly string[],
    files?: readonly { uri: string; names: readonly string[]; empty?: readonly string[] }[],
  ): void;
  /**
   * The `.env` a fix may write for a document (see WorkspaceEnv.dotenvFor). A server that cannot
   * read or write it (the web worker's) leaves this out: then no fix moves a secret.
   */
  dotenvFor?(
    docUri: string,
    canCreate: boolean,
  ): (DotenvFile & { uri: string; gitignore?: GitignoreFile & { uri: string } }) | undefined;
  /**
   * What a document's checks, hover, completion and hints know of variables: the environment and the
   * document's own `.env`. Left out (the web worker's): the server-wide answers serve every document.
   */
  forDocument?(docUri: string): EnvInfo & EnvLookup;
  /** The `.env` a document takes (or the one a fix would create): env-not-set links to it. */
  dotenvUri?(docUri: string): string | undefined;
  /**
   * Files whose changes call for a reload (globs): a server that reads them asks the client to watch
   * them. Left out (the web worker's): its client reports the names itself.
   */
  readonly watchedFiles?: readonly string[];
  /** Where to tell the user of a `.env` that exists but is not read (too large, unreadable): once per file. */
  onWarning?(listener: (message: string) => void): void;
}

/**
 * Whether git ignores `.env` in `dir`: undefined when `dir` is not in a git work tree (or git is
 * missing); 'tracked' when it is not ignored because git tracks it (committed or staged).
 */
export function gitIgnoresDotenv(dir: string): GitIgnored {
  try {
    askGit(['rev-parse', '--is-inside-work-tree'], dir);
  } catch {
    return undefined;
  }
  try {
    // Exit 0: ignored; 1: not ignored (a tracked .env is reported as not ignored too).
    askGit(['check-ignore', '-q', '.env'], dir);
    return true;
  } catch (e) {
    return (e as { status?: number }).status === 1 ? (gitTracks(dir) ? 'tracked' : false) : undefined;
  }
}

/** The top of the git work tree holding `dir` (the first directory up from it that holds `.git`). */
function gitTopOf(dir: string): string | undefined {
  for (let d = dir; ;) {
    if (existsSync(join(d, '.git'))) return d;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/**
 * The `.gitignore` at the top of the repository holding a `.env` (`docDir`: where titles name it
 * from): its text (none: to be created, when the client can create files); undefined when it cannot
 * be read as a regular file of a `.env`'s size at most, or outside git.
 */
function gitignoreFor(
  dotenv: string,
  docDir: string,
  canCreate: boolean,
): (GitignoreFile & { uri: string }) | undefined {
  const top = gitTopOf(dirname(dotenv));
  if (top === undefined) return undefined;
  const file = join(top, '.gitignore');
  const it = { uri: pathToFileURL(file).href, shown: dotenvShownFrom(docDir, file) };
  try {
    if (!existsSync(file)) return canCreate ? { ...it, text: undefined } : undefined;
    return { ...it, text: readDotenvFile(file) };
  } catch {
    return undefined;
  }
}

/** Whether `dir` is `top` or lies below it. */
function within(dir: string, top: string): boolean {
  return dir === top || dir.startsWith(top.endsWith(sep) ? top : top + sep);
}

function sameDir(a: string, b: string | undefined): boolean {
  if (b === undefined) return false;
  const strip = (p: string): string => (p.length > 1 && p.endsWith(sep) ? p.slice(0, -1) : p);
  return strip(a) === strip(b);
}

/** The home directory as the server's environment names it (HOME, USERPROFILE), else the system's. */
function homeOf(env: NodeJS.ProcessEnv): string | undefined {
  const h = env.HOME ?? env.USERPROFILE;
  if (h) return h;
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

export class WorkspaceEnv implements ServerEnv {
  /**
   * A `.env` defines names; a `.gitignore`, or the repository's own `.git/info/exclude` (which
   * `git check-ignore` reads too), decides whether git ignores it (dotenv-not-ignored).
   */
  readonly watchedFiles = ['**/.env', '**/.gitignore', '**/.git/info/exclude'] as const;
  private fromDotenv = new Map<string, string>();
  /** Folder path → whether git ignores its `.env` (see gitIgnoresDotenv). */
  private ignored = new Map<string, GitIgnored>();
  /** Names defined in a `.env` that git does not ignore. */
  private exposed = new Set<string>();
  private folders: string[] = [];
  private trusted = false;
  /**
   * Each document's `.env` (a new lookup on each reload: a `.env` changed, appeared or went). None is
   * read before the first reload (the workspace counts as untrusted until then).
   */
  private lookup = new DotenvLookup();
  /** `.env` path → whether git ignores it (asked once per reload). */
  private ignoredFile = new Map<string, GitIgnored>();
  /** Views by directory: they differ by the `.env` taken and how messages name it from there. */
  private readonly views = new Map<string, EnvInfo & EnvLookup>();
  /** The environment only: an untrusted workspace (no `.env` read). */
  private readonly processOnly: EnvInfo & EnvLookup;
  /** The environment only: a file in a workspace folder for which no `.env` exists. */
  private readonly noDotenv: EnvInfo & EnvLookup;
  private warn: (message: string) => void = () => undefined;
  /** `.env` files (and why) the user was told of: once each for the server's life, reloads included. */
  private readonly told = new Set<string>();

  /** The home directory, where no fix creates a `.env` (REVIEW5 H24). */
  private readonly home: string | undefined;

  constructor(
    private readonly processEnv: NodeJS.ProcessEnv = process.env,
    private readonly gitIgnored: (dir: string) => GitIgnored = gitIgnoresDotenv,
  ) {
    this.home = homeOf(processEnv);
    // (Untrusted: messages say that only the environment was checked, and why; REVIEW16-user N11.)
    this.processOnly = this.viewOf(undefined, undefined, UNTRUSTED);
    this.noDotenv = this.viewOf(undefined, null);
  }

  private newLookup(): DotenvLookup {
    return new DotenvLookup(
      (file, code) => {
        this.problem(file, code);
      },
      (file) => this.ignoredAt(file),
      undefined,
      homeDirOf(this.processEnv),
    );
  }

  onWarning(listener: (message: string) => void): void {
    this.warn = listener;
  }

  private problem(file: string, code: string): void {
    const key = `${file}\u0000${code}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    this.warn(dotenvProblemMessage(this.shown(file), code));
  }

  /** A `.env` as the warning about it names it: relative to its workspace folder (`packages/api/.env`), else in full. */
  shown(file: string): string {
    const folder = this.folderOf(file);
    return folder === undefined ? file : relative(folder, file).split(sep).join('/');
  }

  private ignoredAt(file: string): GitIgnored {
    if (!this.ignoredFile.has(file)) this.ignoredFile.set(file, this.gitIgnored(dirname(file)));
    return this.ignoredFile.get(file);
  }

  /** The environment and one `.env` (none: the environment only), as the service asks; `shown` names the `.env`. */
  private viewOf(set: EnvSet | undefined, shown: string | null | undefined, notRead?: string): EnvInfo & EnvLookup {
    const processEnv = this.processEnv;
    const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(processEnv, name);
    const fromDotenv = (name: string): boolean => set?.names.has(name) === true;
    return {
      *names() {
        if (set) yield* set.names;
        for (const n of Object.keys(processEnv)) if (!fromDotenv(n)) yield n;
      },
      isDefined: (name) => fromDotenv(name) || has(name),
      emptyInDotenv: (name) => set?.empty.has(name) === true && !has(name),
      exposedInDotenv: (name) =>
        fromDotenv(name) && set!.exposed().has(name) ? (set!.tracked() ? 'tracked' : true) : false,
      sourceOf: (name) => (fromDotenv(name) ? 'workspace .env' : has(name) ? 'environment' : undefined),
      ...(shown !== undefined ? { dotenvShown: shown } : {}),
      ...(notRead !== undefined ? { dotenvNotRead: notRead } : {}),
    };
  }

  /** The document's path when its `.env` may be read (a trusted workspace, a file on disk). */
  private pathOf(docUri: string): string | undefined {
    return this.trusted ? localPath(docUri) : undefined;
  }

  /**
   * A file in a workspace folder: the environment and its own `.env` (none found: the environment
   * only, as the CLI); an untitled document or a file outside every folder without a `.env` of its
   * own: the workspace folders' `.env` files, as before there were documents' own.
   */
  forDocument(docUri: string): EnvInfo & EnvLookup {
    if (!this.trusted) return this.processOnly;
    const path = this.pathOf(docUri);
    // Not a file (untitled): the workspace folders' `.env` files, as for no document.
    if (path === undefined) return this;
    const set = this.lookup.forFile(path);
    if (set.path === undefined) return this.folderOf(path) === undefined ? this : this.noDotenv;
    const dir = dirname(path);
    let v = this.views.get(dir);
    if (!v) {
      v = this.viewOf(set, dotenvShownFrom(dir, set.path));
      this.views.set(dir, v);
    }
    return v;
  }

  /**
   * The `.env` a document takes, else where a fix would create one (REVIEW5 H24): never in the
   * filesystem's root, the home directory or above the document's project, whatever folder the
   * editor sends (Neovim's root falls back to the current directory, often `/` or `$HOME`). In a
   * git work tree: the top of the document's workspace folder when the folder lies within the
   * repository, else the repository's top. Outside git: the top of the workspace folder when it
   * holds the document and is neither `/` nor the home directory, else beside the document.
   */
  private dotenvPath(path: string): string | undefined {
    const nearest = this.lookup.forFile(path).path;
    if (nearest !== undefined) return nearest;
    // (A document outside every workspace folder gets no new `.env`, as before.)
    const folder = this.folderOf(path);
    if (folder === undefined) return undefined;
    const docDir = dirname(path);
    const top = gitTopOf(docDir);
    if (top !== undefined) return join(within(folder, top) ? folder : top, '.env');
    if (folder === dirname(folder) || sameDir(folder, this.home)) return join(docDir, '.env');
    return join(folder, '.env');
  }

  /** The innermost workspace folder holding a file. */
  private folderOf(path: string): string | undefined {
    return this.folders
      .filter((f) => path.startsWith(f.endsWith(sep) ? f : f + sep))
      .sort((a, b) => b.length - a.length)[0];
  }

  dotenvUri(docUri: string): string | undefined {
    const path = this.pathOf(docUri);
    const file = path === undefined ? undefined : this.dotenvPath(path);
    return file === undefined ? undefined : pathToFileURL(file).href;
  }

  /** Re-reads the `.env` files of the given folders; an untrusted workspace reads none. */
  reload(folderUris: string[], trusted: boolean): void {
    this.fromDotenv = new Map();
    this.exposed = new Set();
    this.ignored = new Map();
    this.ignoredFile = new Map();
    this.lookup = this.newLookup();
    this.views.clear();
    this.trusted = trusted;
    this.folders = folderUris.map(localPath).filter((p): p is string => p !== undefined);
    if (!trusted) return;
    for (const dir of this.folders) {
      const file = join(dir, '.env');
      const ignored = this.gitIgnored(dir);
      this.ignored.set(dir, ignored);
      let text: string;
      try {
        // Anything but a regular file (a named pipe…) is no .env, as in the walk (dotenvLookup.ts).
        if (!existsSync(file) || !statSync(file).isFile()) continue;
        text = readDotenvFile(file);
      } catch (e) {
        this.problem(file, (e as NodeJS.ErrnoException).code ?? 'error');
        continue;
      }
      for (const n of dotenvNames(text)) {
        this.fromDotenv.set(n, '.env');
        if (ignored === false || ignored === 'tracked') this.exposed.add(n);
      }
    }
  }

  /**
   * The `.env` a document takes (see forDocument), else a new one at the top of its workspace folder,
   * for the fix that moves a secret into it: undefined in an untrusted workspace, outside any folder
   * without a `.env`, or when it cannot be read or created.
   */
  dotenvFor(
    docUri: string,
    canCreate: boolean,
  ): (DotenvFile & { uri: string; gitignore?: GitignoreFile & { uri: string } }) | undefined {
    const path = this.pathOf(docUri);
    if (path === undefined) return undefined;
    const file = this.dotenvPath(path);
    if (file === undefined) return undefined;
    // A tracked .env is not ignored, and is said so in the fix's title (REVIEW7 J8).
    const ignored = this.ignoredAt(file);
    const gitIgnored = ignored === undefined ? undefined : ignored === true;
    const tracked = ignored === 'tracked' ? { gitTracked: true } : {};
    // Not ignored (nor tracked): the repository's .gitignore, to which the fix also adds `.env` (REVIEW8 K15).
    const gitignore = ignored === false ? gitignoreFor(file, dirname(path), canCreate) : undefined;
    const git = {
      ...(gitIgnored !== undefined ? { gitIgnored } : {}),
      ...tracked,
      ...(gitignore ? { gitignore } : {}),
    };
    const uri = pathToFileURL(file).href;
    const shown = dotenvShownFrom(dirname(path), file);
    try {
      if (!existsSync(file)) return canCreate ? { uri, shown, text: undefined, ...git } : undefined;
      // Too large or not a regular file: no fix writes to it (the user was told when it was looked up).
      const text = readDotenvFile(file);
      return { uri, shown, text, ...git };
    } catch {
      return undefined;
    }
  }

  // Without a document (none of the server's own calls): the workspace folders' top `.env` files.
  *names(): Iterable<string> {
    const seen = new Set<string>();
    for (const n of this.fromDotenv.keys()) {
      seen.add(n);
      yield n;
    }
    for (const n of Object.keys(this.processEnv)) if (!seen.has(n)) yield n;
  }

  isDefined(name: string): boolean {
    return this.fromDotenv.has(name) || Object.prototype.hasOwnProperty.call(this.processEnv, name);
  }

  exposedInDotenv(name: string): boolean {
    return this.exposed.has(name);
  }

  sourceOf(name: string): string | undefined {
    if (this.fromDotenv.has(name)) return 'workspace .env';
    return Object.prototype.hasOwnProperty.call(this.processEnv, name) ? 'environment' : undefined;
  }
}

/**
 * The local path of a `file:` URI; undefined for other schemes and for one Node cannot read as a path
 * here (`file://server/share/…` on Linux or macOS: a host other than localhost), which is then a
 * document without a path, as an `untitled:` one (REVIEW10 L7: it threw, failing `initialize` for such a
 * workspace folder and every request on such a document).
 */
export function localPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
