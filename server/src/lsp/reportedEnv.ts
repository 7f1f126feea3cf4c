// Variables as a web-worker server knows them: it has no process environment and cannot read
// files, so the only names are those of the `.env` files the client read through the workspace file
// system and reported (names, never values). Without such a report, no variable is known.
//
// A client that reports each `.env` file with its URI (DotenvNamesParams.files) gets what the
// desktop gives: each document takes the nearest reported `.env` walking up from its directory, never
// above the top of its workspace folder (there is no git in the browser to bound the walk); a file
// in a folder without one knows no variable, and env-not-set links to the `.env` it takes (or the
// folder's, where one would go). A document outside every folder, or a client that reports only the
// names of the folders' top `.env` files (DotenvNamesParams.names), gets those names.
import type { EnvInfo, EnvLookup } from '../service';
import type { ServerEnv } from './env';
import { NO_ENVIRONMENT, UNTRUSTED } from '../service/dotenv';

type View = EnvInfo & EnvLookup;

/** A `.env` the client reports: its URI, its names, and those it sets to nothing. */
export interface ReportedDotenv {
  uri: string;
  names: readonly string[];
  empty?: readonly string[];
}

/** A URI's directory part, without the trailing slash (`file:///w/a/x.yaml` → `file:///w/a`). */
function dirOf(uri: string): string | undefined {
  const i = uri.lastIndexOf('/');
  // Not past the authority (`scheme://authority`): no directory to take.
  const authorityEnd = uri.indexOf('://') >= 0 ? uri.indexOf('/', uri.indexOf('://') + 3) : -1;
  return i > authorityEnd && authorityEnd >= 0 ? uri.slice(0, i) : undefined;
}

/** An untrusted workspace: no `.env` is read, so no name is known, and messages say why. */
const UNTRUSTED_VIEW: View = {
  names: () => [],
  isDefined: () => false,
  sourceOf: () => undefined,
  dotenvNotRead: UNTRUSTED,
  environmentNotRead: NO_ENVIRONMENT,
};

export class ReportedEnv implements ServerEnv {
  private reported = new Set<string>();
  /** Directory URI (no trailing slash) of each reported `.env` → its names, and those it sets to nothing. */
  private byDir = new Map<string, { names: ReadonlySet<string>; empty: ReadonlySet<string> }>();
  /** Whether the client reports `.env` files by URI (none found is a report too). */
  private perFile = false;
  private folders: string[] = [];
  private trusted = true;
  private readonly views = new Map<string, View>();

  reload(folderUris: string[], trusted: boolean): void {
    this.folders = folderUris.map((u) => u.replace(/\/+$/, ''));
    this.trusted = trusted;
    this.views.clear();
    if (!trusted) {
      this.reported = new Set();
      this.byDir = new Map();
    }
  }

  setReportedNames(names: readonly string[], files?: readonly ReportedDotenv[]): void {
    this.views.clear();
    this.reported = this.trusted ? new Set(names) : new Set();
    this.byDir = new Map();
    this.perFile = files !== undefined;
    if (!this.trusted || !files) return;
    for (const f of files) {
      const dir = f.uri.endsWith('/.env') ? f.uri.slice(0, -'/.env'.length) : undefined;
      // (An empty name is one of its names: reported as such, it counts only where the file defines it.)
      if (dir !== undefined)
        this.byDir.set(dir, {
          names: new Set(f.names),
          empty: new Set((f.empty ?? []).filter((n) => f.names.includes(n))),
        });
    }
  }

  /** The innermost workspace folder holding a document. */
  private folderOf(docUri: string): string | undefined {
    return this.folders.filter((f) => docUri.startsWith(f + '/')).sort((a, b) => b.length - a.length)[0];
  }

  /** The directory of the nearest reported `.env` up from a document, within its folder, and how many levels up. */
  private nearest(docUri: string): { dir: string; up: number } | undefined {
    const folder = this.folderOf(docUri);
    let up = 0;
    for (let d = dirOf(docUri); d !== undefined; d = dirOf(d), up++) {
      if (this.byDir.has(d)) return { dir: d, up };
      if (d === folder) return undefined;
    }
    return undefined;
  }

  forDocument(docUri: string): View {
    // Untrusted: no name, and messages say no .env was read (REVIEW16-user N11).
    if (!this.trusted) return UNTRUSTED_VIEW;
    // A client that reports names only (or nothing), or a document outside every folder: the names.
    if (!this.perFile || this.folderOf(docUri) === undefined) return this;
    const found = this.nearest(docUri);
    const key = found ? `${found.dir}\u0000${String(found.up)}` : '';
    let v = this.views.get(key);
    if (!v) {
      const file = found ? this.byDir.get(found.dir) : undefined;
      const names = file?.names ?? new Set<string>();
      const empty = file?.empty ?? new Set<string>();
      v = {
        names: () => names,
        isDefined: (n) => names.has(n),
        // (No process environment here to define it otherwise: env-empty as on the desktop.)
        emptyInDotenv: (n) => empty.has(n),
        sourceOf: (n) => (names.has(n) ? 'workspace .env' : undefined),
        dotenvShown: found ? '../'.repeat(found.up) + '.env' : null,
        environmentNotRead: NO_ENVIRONMENT,
      };
      this.views.set(key, v);
    }
    return v;
  }

  dotenvUri(docUri: string): string | undefined {
    const found = this.perFile ? this.nearest(docUri) : undefined;
    if (found) return `${found.dir}/.env`;
    const folder = this.folderOf(docUri);
    return folder === undefined ? undefined : `${folder}/.env`;
  }

  /** Messages name the `.env` alone, and say why (the server-wide view; see forDocument's). */
  readonly environmentNotRead = NO_ENVIRONMENT;

  names(): Iterable<string> {
    return this.reported;
  }

  isDefined(name: string): boolean {
    return this.reported.has(name);
  }

  sourceOf(name: string): string | undefined {
    return this.reported.has(name) ? 'workspace .env' : undefined;
  }
}
