// Variables as a web-worker server knows them: it has no process environment and cannot read
// files, so the only names are those of the `.env` files the client read through the workspace file
// system and reported (names, never values). Without such a report, no variable is known.
import type { ServerEnv } from './env';

export class ReportedEnv implements ServerEnv {
  private reported = new Set<string>();
  private trusted = true;

  reload(_folderUris: string[], trusted: boolean): void {
    this.trusted = trusted;
    if (!trusted) this.reported = new Set();
  }

  setReportedNames(names: readonly string[]): void {
    this.reported = this.trusted ? new Set(names) : new Set();
  }

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
