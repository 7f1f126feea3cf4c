// `lint --cache`: each file's report is kept, keyed by a hash of its text and of everything else that
// decides it, so that a second run over unchanged files (a pre-commit hook, a CI job with a cached
// directory, a terminal) skips their analysis. As ESLint's `--cache`: one JSON file
// (.assistant-config-cache in the current directory, or --cache-location), written atomically at
// the end of the run. What a report depends on, and so what a hit must match:
// - the file's text (SHA-1) and its path (the report names it);
// - the project config in force for the file (its path and content as parsed);
// - what the environment check answered for the variables the file names (defined; exposed in a
//   .env that git does not ignore), with the file's own `.env` (its project's: lsp/dotenvLookup.ts):
//   kept per file, checked again on each hit against that file's `.env` as it is now. So a change
//   of one project's `.env` re-analyses only the files whose answers it changes (of that project,
//   or of a directory that a new or deleted `.env` moves to another one), not every file;
// - the run's settings: the tool's version and the hash of the code that runs, whether the
//   environment is checked, --suppress. A change of any of these empties the whole cache.
// The cache holds reports without their code frames (positions, masked messages, and where the
// credentials to mask are: offsets, no text), never file text: a hit builds the frames again from
// the file it has just read (REVIEW8 K2: the frames were kept, lines of the file in a file the
// README only advises to ignore in git). A cache that cannot be read is ignored; one that cannot be written costs only speed.
import { credentialShapes } from '../service/credentialShapes';
import { crypto } from './crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProjectConfig } from '../service/projectConfig';
import { withFrames } from './report';
import type { FileReport, Finding } from './report';
import { VERSION } from './version';

export const DEFAULT_CACHE_FILE = '.assistant-config-cache';

/** A report without its paths (they are the entry's key and the run's display) and without code frames. */
type Stored = Pick<FileReport, 'findings' | 'suppressed' | 'masks'>;

/** A finding without its code frame (the lines of the file). */
function bare<F extends Finding>(f: F): F {
  const { frame: _frame, caret: _caret, ...rest } = f;
  return rest as F;
}

interface Entry {
  /** Hash of the text and of the project config in force. */
  h: string;
  /** The environment check's answers the analysis used: variable name, then 1/0 defined, 1/0 exposed. */
  e?: string[];
  r: Stored;
}

/** What the environment check answers about one variable for one file (its `.env`), as the cache keeps it. */
export type EnvState = (path: string, name: string) => string;

interface CacheFileShape {
  tool: 'assistant-config lint';
  key: string;
  files: Record<string, Entry>;
}

/** The hash of the code that runs (the CLI bundle), read once: a rebuilt tool never trusts old reports. */
function codeHash(): string {
  try {
    return crypto().createHash('sha1').update(readFileSync(__filename)).digest('hex');
  } catch {
    return 'unknown';
  }
}

/** The key of a run's settings (everything but the file and its project config). */
export function runKey(settings: { envCheck: boolean; suppress: readonly string[] }): string {
  return crypto()
    .createHash('sha1')
    .update(
      JSON.stringify({
        version: VERSION,
        code: codeHash(),
        envCheck: settings.envCheck,
        suppress: [...settings.suppress].sort(),
      }),
    )
    .digest('hex');
}

export class LintCache {
  private readonly entries: Map<string, Entry>;
  private readonly configKeys = new WeakMap<ProjectConfig, string>();
  /** Reports found in the cache / analysed and stored this run (how the run went: ASSISTANT_CONFIG_TIMING). */
  hits = 0;
  stored = 0;

  constructor(
    readonly location: string,
    private readonly key: string,
    private readonly envState: EnvState,
    /** Whether reports found in the cache get their code frames back (the text format prints them). */
    private readonly frames = true,
  ) {
    this.entries = new Map();
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(location, 'utf8'));
    } catch {
      return;
    }
    const c = parsed as Partial<CacheFileShape> | null;
    if (c?.tool !== 'assistant-config lint' || c.key !== key || typeof c.files !== 'object') return;
    for (const [path, e] of Object.entries(c.files)) {
      if (typeof e.h === 'string' && Array.isArray(e.r.findings)) this.entries.set(path, e);
    }
  }

  private hashOf(text: string, cfg: ProjectConfig | undefined): string {
    const h = crypto().createHash('sha1').update(text);
    if (cfg) {
      let k = this.configKeys.get(cfg);
      if (k === undefined) {
        k = JSON.stringify(cfg);
        this.configKeys.set(cfg, k);
      }
      h.update('\0').update(k);
    }
    return h.digest('base64');
  }

  /** The stored report of this file with this text and project config, if any. */
  get(path: string, displayPath: string, text: string, cfg: ProjectConfig | undefined): FileReport | undefined {
    const e = this.entries.get(path);
    if (!e || e.h !== this.hashOf(text, cfg)) return undefined;
    if (
      e.e?.some((s) => {
        const at = s.indexOf('\0');
        return this.envState(path, s.slice(0, at)) !== s.slice(at + 1);
      })
    )
      return undefined;
    this.hits++;
    const r: FileReport = { path, displayPath, findings: e.r.findings };
    if (e.r.suppressed) r.suppressed = e.r.suppressed;
    if (e.r.masks) r.masks = e.r.masks;
    return this.frames && r.findings.length + (r.suppressed?.length ?? 0) > 0 ? withFrames(r, text) : r;
  }

  /**
   * Keeps a report; `envAsked`: the variables the environment check was asked about; `withheld`: it
   * was also asked about a string that may be a credential (FileLinter.envWithheld).
   */
  set(
    path: string,
    text: string,
    cfg: ProjectConfig | undefined,
    report: FileReport,
    envAsked: Iterable<string>,
    withheld = false,
  ): void {
    const names = [...envAsked];
    // A "name" shaped like a credential (`valueFromEnv: sk-…`, REVIEW5 H3), or a bare `apiKey:`
    // string that no variable is called (REVIEW7 J4), would be kept in clear to check it again next
    // time: such a file's report is not kept (it is an error, fixed soon).
    if (withheld || names.some((name) => credentialShapes(name).length > 0)) {
      this.entries.delete(path);
      return;
    }
    const r: Stored = { findings: report.findings.map(bare) };
    if (report.suppressed) r.suppressed = report.suppressed.map(bare);
    if (report.masks) r.masks = report.masks;
    const e = names.map((name) => `${name}\0${this.envState(path, name)}`);
    this.entries.set(path, e.length > 0 ? { h: this.hashOf(text, cfg), e, r } : { h: this.hashOf(text, cfg), r });
    this.stored++;
  }

  /** Writes the cache (temporary file, then rename); false when it cannot be written. */
  save(): boolean {
    if (this.stored === 0) return true;
    const data: CacheFileShape = {
      tool: 'assistant-config lint',
      key: this.key,
      files: Object.fromEntries(this.entries),
    };
    const tmp = `${this.location}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.location), { recursive: true });
      const fd = openSync(tmp, 'w', 0o600);
      try {
        writeSync(fd, JSON.stringify(data));
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.location);
      return true;
    } catch {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // Not even there (its directory could not be made).
      }
      return false;
    }
  }
}
