// Variable names known to the server: its process environment and the `.env` files of the workspace
// (only in a trusted workspace). Each document takes the `.env` of its own project, found as the
// CLI finds it (dotenvLookup.ts: the nearest walking up from the document, never above the top
// of its git work tree), so that the editor and `assistant-config lint` agree on every file, a
// monorepo's packages included. Values are never kept: a `.env` is read again, whole, only when a
// quick fix that moves a secret into it is asked for (dotenvFor), and given to the service.
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DotenvFile, EnvInfo } from '../service';
import type { EnvLookup } from '../service/validation/rule';
// A light module imported directly: importing the index would load the whole service at startup.
import { dotenvNames } from '../service/dotenv';
import { DotenvLookup } from './dotenvLookup';
import type { EnvSet } from './dotenvLookup';

const MAX_DOTENV = 1024 * 1024;

/** What the protocol layer needs to know about variables; Node and web-worker servers fill it differently. */
export interface ServerEnv extends EnvInfo, EnvLookup {
  /** Reads the `.env` files of the given folders again (none in an untrusted workspace). */
  reload(folderUris: string[], trusted: boolean): void;
  /** Names of `.env` variables reported by a client that reads the files itself (the browser's). */
  setReportedNames?(names: readonly string[]): void;
  /**
   * The `.env` a fix may write for a document (see WorkspaceEnv.dotenvFor). A server that cannot
   * read or write it (the web worker's) leaves this out: then no fix moves a secret.
   */
  dotenvFor?(docUri: string, canCreate: boolean): (DotenvFile & { uri: string }) | undefined;
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
}

/** Whether git ignores `.env` in `dir`: undefined when `dir` is not in a git work tree (or git is missing). */
export function gitIgnoresDotenv(dir: string): boolean | undefined {
  try {
    execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir, stdio: 'ignore', timeout: 3000 });
  } catch {
    return undefined;
  }
  try {
    // Exit 0: ignored; 1: not ignored (a tracked .env is reported as not ignored too).
    execFileSync('git', ['check-ignore', '-q', '.env'], { cwd: dir, stdio: 'ignore', timeout: 3000 });
    return true;
  } catch (e) {
    return (e as { status?: number }).status === 1 ? false : undefined;
  }
}

export class WorkspaceEnv implements ServerEnv {
  /** A `.env` defines names; a `.gitignore` decides whether git ignores it (dotenv-not-ignored). */
  readonly watchedFiles = ['**/.env', '**/.gitignore'] as const;
  private fromDotenv = new Map<string, string>();
  /** Folder path → whether git ignores its `.env` (see gitIgnoresDotenv). */
  private ignored = new Map<string, boolean | undefined>();
  /** Names defined in a `.env` that git does not ignore. */
  private exposed = new Set<string>();
  private folders: string[] = [];
  private trusted = false;
  /** Each document's `.env` (a new lookup on each reload: a `.env` changed, appeared or went). */
  private lookup = this.newLookup();
  /** `.env` path → whether git ignores it (asked once per reload). */
  private ignoredFile = new Map<string, boolean | undefined>();
  private readonly views = new Map<EnvSet, EnvInfo & EnvLookup>();
  private readonly processOnly: EnvInfo & EnvLookup;

  constructor(
    private readonly processEnv: NodeJS.ProcessEnv = process.env,
    private readonly gitIgnored: (dir: string) => boolean | undefined = gitIgnoresDotenv,
  ) {
    this.processOnly = this.viewOf(undefined);
  }

  private newLookup(): DotenvLookup {
    return new DotenvLookup(
      () => undefined,
      (file) => this.ignoredAt(file),
      // As the workspace .env files: one over 1 MB counts as empty.
      (file) => regularText(file) ?? '',
    );
  }

  private ignoredAt(file: string): boolean | undefined {
    if (!this.ignoredFile.has(file)) this.ignoredFile.set(file, this.gitIgnored(dirname(file)));
    return this.ignoredFile.get(file);
  }

  /** The environment and one `.env` (none: the environment only), as the service asks. */
  private viewOf(set: EnvSet | undefined): EnvInfo & EnvLookup {
    const processEnv = this.processEnv;
    const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(processEnv, name);
    const fromDotenv = (name: string): boolean => set?.names.has(name) === true;
    return {
      *names() {
        if (set) yield* set.names;
        for (const n of Object.keys(processEnv)) if (!fromDotenv(n)) yield n;
      },
      isDefined: (name) => fromDotenv(name) || has(name),
      exposedInDotenv: (name) => fromDotenv(name) && set!.exposed().has(name),
      sourceOf: (name) => (fromDotenv(name) ? 'workspace .env' : has(name) ? 'environment' : undefined),
    };
  }

  /** The document's path when its `.env` may be read (a trusted workspace, a file on disk). */
  private pathOf(docUri: string): string | undefined {
    return this.trusted && docUri.startsWith('file:') ? fileURLToPath(docUri) : undefined;
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
    if (set.path === undefined) return this.folderOf(path) === undefined ? this : this.processOnly;
    let v = this.views.get(set);
    if (!v) {
      v = this.viewOf(set);
      this.views.set(set, v);
    }
    return v;
  }

  /** The `.env` a document takes, else where a fix would create one: the top of its workspace folder. */
  private dotenvPath(path: string): string | undefined {
    const nearest = this.lookup.forFile(path).path;
    if (nearest !== undefined) return nearest;
    const dir = this.folderOf(path);
    return dir === undefined ? undefined : join(dir, '.env');
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
    this.folders = folderUris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    if (!trusted) return;
    for (const dir of this.folders) {
      const file = join(dir, '.env');
      const ignored = this.gitIgnored(dir);
      this.ignored.set(dir, ignored);
      try {
        const text = existsSync(file) ? regularText(file) : undefined;
        if (text === undefined) continue;
        for (const n of dotenvNames(text)) {
          this.fromDotenv.set(n, '.env');
          if (ignored === false) this.exposed.add(n);
        }
      } catch {
        // An unreadable .env is treated as absent.
      }
    }
  }

  /**
   * The `.env` a document takes (see forDocument), else a new one at the top of its workspace folder,
   * for the fix that moves a secret into it: undefined in an untrusted workspace, outside any folder
   * without a `.env`, or when it cannot be read or created.
   */
  dotenvFor(docUri: string, canCreate: boolean): (DotenvFile & { uri: string }) | undefined {
    const path = this.pathOf(docUri);
    const file = path === undefined ? undefined : this.dotenvPath(path);
    if (file === undefined) return undefined;
    const gitIgnored = this.ignoredAt(file);
    const uri = pathToFileURL(file).href;
    try {
      if (!existsSync(file))
        return canCreate ? { uri, text: undefined, ...(gitIgnored !== undefined ? { gitIgnored } : {}) } : undefined;
      const text = regularText(file);
      if (text === undefined) return undefined;
      return { uri, text, ...(gitIgnored !== undefined ? { gitIgnored } : {}) };
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
 * The text of a `.env` that is a regular file of at most MAX_DOTENV bytes, else undefined: a named
 * pipe (as secret managers serve `.env`) would block the server in its read until something writes,
 * and `/dev/zero` would never end (REVIEW2 E26).
 */
function regularText(file: string): string | undefined {
  const st = statSync(file);
  return st.isFile() && st.size <= MAX_DOTENV ? readFileSync(file, 'utf8') : undefined;
}
