// Variable names known to the server: its process environment and the workspace folders' `.env`
// files (only in a trusted workspace). Values are never kept: a `.env` is read again, whole, only
// when a quick fix that moves a secret into it is asked for (dotenvFor), and given to the service.
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DotenvFile, EnvInfo } from '../service';
import type { EnvLookup } from '../service/validation/rule';
// A light module imported directly: importing the index would load the whole service at startup.
import { dotenvNames } from '../service/dotenv';

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
  private fromDotenv = new Map<string, string>();
  /** Folder path → whether git ignores its `.env` (see gitIgnoresDotenv). */
  private ignored = new Map<string, boolean | undefined>();
  /** Names defined in a `.env` that git does not ignore. */
  private exposed = new Set<string>();
  private folders: string[] = [];
  private trusted = false;

  constructor(
    private readonly processEnv: NodeJS.ProcessEnv = process.env,
    private readonly gitIgnored: (dir: string) => boolean | undefined = gitIgnoresDotenv,
  ) {}

  /** Re-reads the `.env` files of the given folders; an untrusted workspace reads none. */
  reload(folderUris: string[], trusted: boolean): void {
    this.fromDotenv = new Map();
    this.exposed = new Set();
    this.ignored = new Map();
    this.trusted = trusted;
    this.folders = folderUris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    if (!trusted) return;
    for (const dir of this.folders) {
      const file = join(dir, '.env');
      const ignored = this.gitIgnored(dir);
      this.ignored.set(dir, ignored);
      try {
        if (!existsSync(file) || statSync(file).size > MAX_DOTENV) continue;
        for (const n of dotenvNames(readFileSync(file, 'utf8'))) {
          this.fromDotenv.set(n, '.env');
          if (ignored === false) this.exposed.add(n);
        }
      } catch {
        // An unreadable .env is treated as absent.
      }
    }
  }

  /**
   * The `.env` of the workspace folder holding a document, for the fix that moves a secret into it:
   * undefined in an untrusted workspace, outside any folder, or when it cannot be read or created.
   */
  dotenvFor(docUri: string, canCreate: boolean): (DotenvFile & { uri: string }) | undefined {
    if (!this.trusted || !docUri.startsWith('file:')) return undefined;
    const path = fileURLToPath(docUri);
    const dir = this.folders
      .filter((f) => path.startsWith(f.endsWith(sep) ? f : f + sep))
      .sort((a, b) => b.length - a.length)[0];
    if (!dir) return undefined;
    const file = join(dir, '.env');
    const gitIgnored = this.ignored.get(dir);
    const uri = pathToFileURL(file).href;
    try {
      if (!existsSync(file))
        return canCreate ? { uri, text: undefined, ...(gitIgnored !== undefined ? { gitIgnored } : {}) } : undefined;
      if (statSync(file).size > MAX_DOTENV) return undefined;
      return { uri, text: readFileSync(file, 'utf8'), ...(gitIgnored !== undefined ? { gitIgnored } : {}) };
    } catch {
      return undefined;
    }
  }

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
