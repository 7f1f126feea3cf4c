// Project configs as a web-worker server knows them: it cannot read files, so the browser client
// reports the workspace's `.assistant-config.yaml` files with their text
// (PROJECT_CONFIGS_NOTIFICATION), and the server asks it for the files they `extends` under other
// names (READ_PROJECT_CONFIGS_REQUEST) before it takes the report: the same loader as the CLI and the
// Node server then reads them from memory (ProjectConfigResolver with `read` below). Paths are the
// documents' URIs (the loader joins and walks them as it does paths); the walk up from a document
// stops at the top of its workspace folder (no git in the browser), as the `.env` walk does there.
import type { loadProjectConfig } from '../service';

/** A URI as a key: each path segment's percent-escapes decoded (`my%20rules.yaml` = `my rules.yaml`). */
export function configKey(uri: string): string {
  const m = /^([A-Za-z][\w+.-]+:\/\/[^/]*)(.*)$/.exec(uri);
  if (!m) return uri;
  const path = m[2]!
    .split('/')
    .map((seg) => {
      try {
        return decodeURIComponent(seg);
      } catch {
        return seg;
      }
    })
    .join('/');
  return m[1]! + path;
}

/** At most this many rounds of asking for extended files (a chain deeper than this is not a case we know). */
const MAX_ROUNDS = 16;

export class ReportedProjectConfigs {
  /** Key → text of each file the client reported or was asked for; null: not there. */
  private texts = new Map<string, string | null>();
  private generation = 0;

  /** The loader's `read`: a reported file's text, undefined for any other. */
  readonly read = (path: string): string | undefined => this.texts.get(path) ?? undefined;

  /**
   * Takes a report: asks `ask` for the files its configs extend that it does not hold (round after
   * round, for what those extend), then replaces what was held. Resolves to false when a later report
   * came meanwhile (this one was dropped).
   */
  async take(
    files: readonly { uri: string; text: string }[],
    ask: (uris: string[]) => Promise<readonly { uri: string; text: string | null }[]>,
    /** The loader (the engine's: this module stays out of the server's first chunk). */
    load: typeof loadProjectConfig,
  ): Promise<boolean> {
    const generation = ++this.generation;
    const texts = new Map<string, string | null>(files.map((f) => [configKey(f.uri), f.text]));
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const missing = new Set<string>();
      const read = (p: string): string | undefined => {
        const t = texts.get(p);
        if (t === undefined) missing.add(p);
        return t ?? undefined;
      };
      for (const [path, text] of [...texts]) if (text !== null) load(path, text, read);
      if (missing.size === 0) break;
      const asked = [...missing];
      for (const p of asked) texts.set(p, null);
      const answers = await ask(asked);
      if (generation !== this.generation) return false;
      for (const a of answers) {
        const key = configKey(a.uri);
        if (missing.has(key) && typeof a.text === 'string') texts.set(key, a.text);
      }
    }
    if (generation !== this.generation) return false;
    this.texts = texts;
    return true;
  }
}
