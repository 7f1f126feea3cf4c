// Variable names known to the server: its process environment and the workspace folders' `.env`
// files (only in a trusted workspace). Values are never kept.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnvInfo } from '../service';
// A light module imported directly: importing the index would load the whole service at startup.
import { dotenvNames } from '../service/dotenv';

/** What the protocol layer needs to know about variables; Node and web-worker servers fill it differently. */
export interface ServerEnv extends EnvInfo {
  /** Reads the `.env` files of the given folders again (none in an untrusted workspace). */
  reload(folderUris: string[], trusted: boolean): void;
  /** Names of `.env` variables reported by a client that reads the files itself (the browser's). */
  setReportedNames?(names: readonly string[]): void;
}

export class WorkspaceEnv implements ServerEnv {
  private fromDotenv = new Map<string, string>();

  constructor(private readonly processEnv: NodeJS.ProcessEnv = process.env) {}

  /** Re-reads the `.env` files of the given folders; an untrusted workspace reads none. */
  reload(folderUris: string[], trusted: boolean): void {
    this.fromDotenv = new Map();
    if (!trusted) return;
    for (const uri of folderUris) {
      if (!uri.startsWith('file:')) continue;
      const file = join(fileURLToPath(uri), '.env');
      try {
        if (!existsSync(file) || statSync(file).size > 1024 * 1024) continue;
        for (const n of dotenvNames(readFileSync(file, 'utf8'))) this.fromDotenv.set(n, '.env');
      } catch {
        // An unreadable .env is treated as absent.
      }
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

  sourceOf(name: string): string | undefined {
    if (this.fromDotenv.has(name)) return 'workspace .env';
    return Object.prototype.hasOwnProperty.call(this.processEnv, name) ? 'environment' : undefined;
  }
}
