// Settings of the `assistantConfig` section, with defaults, read from whatever the client sends.
import type { ValidationOptions } from '../service';
// A light module imported directly: importing the index would load the whole service at startup.
import { DEFAULT_OPTIONS } from '../service/validation/rule';
import { isSuppressible } from '../service/codes';

export interface Settings {
  envNotSet: boolean;
  validation: Omit<ValidationOptions, 'env'>;
  inlayHints: boolean;
  codeLens: boolean;
  /** Connection settings Test Connection needs that are still empty (names only, never values). */
  connectionMissing: string[];
  /** Files that are not open, checked from disk (`workspace/diagnostic`); opt-in. */
  workspaceDiagnostics: WorkspaceDiagnosticsSettings;
  /** `assistantConfig.detectByContent`: a file is an AssistantConfig file by its top-level `kind` too. */
  detectByContent: boolean;
  /**
   * Settings given in a form the server cannot use (a string where a list belongs, a number out of
   * range, an unknown code), each with what applies instead: told to the user, never ignored silently.
   * Names and kinds only, never a value.
   */
  problems: string[];
}

export interface WorkspaceDiagnosticsSettings {
  enabled: boolean;
  /** The most files one workspace report covers (the walk stops there). */
  maxFiles: number;
  /** Milliseconds one request may spend checking files; the next request goes on where it stopped. */
  timeBudgetMs: number;
}

const CONNECTION_REQUIRED = ['baseUrl', 'tokenRefreshUrl', 'projectId'] as const;

export const DEFAULT_SETTINGS: Settings = {
  envNotSet: true,
  validation: { ...DEFAULT_OPTIONS },
  inlayHints: true,
  codeLens: true,
  connectionMissing: [...CONNECTION_REQUIRED],
  workspaceDiagnostics: { enabled: false, maxFiles: 10_000, timeBudgetMs: 5_000 },
  detectByContent: true,
  problems: [],
};

/** What a setting's value is, for a message (never the value itself, which may be anything). */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number') return Number.isFinite(v) ? `the number ${String(v)}` : 'a number that is not finite';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return String(v);
  return typeof v === 'object' ? 'an object' : typeof v;
}

/** Accepts the section object (`{ diagnostics: {...}, limits: {...} }`), the same wrapped in `{ assistantConfig: ... }`, or dotted keys, with or without the section name. */
export function readSettings(raw: unknown): Settings {
  const r0 = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  // Also wrapped in its section's name (`{ assistantConfig: {...} }`), as many clients send
  // `initializationOptions.settings` and `didChangeConfiguration`.
  const inner = r0.assistantConfig;
  const r = (inner && typeof inner === 'object' ? inner : r0) as Record<string, unknown>;
  // A setting may be written nested, dotted or both, at any level (`diagnostics.envNotSet`, and,
  // as settings.json writes them and Sublime LSP or coc users copy them, with the section name:
  // `assistantConfig.diagnostics.envNotSet`, `"assistantConfig.diagnostics": { "envNotSet": … }`).
  const lookup = (obj: unknown, parts: readonly string[]): unknown => {
    if (parts.length === 0) return obj;
    if (!obj || typeof obj !== 'object') return undefined;
    const o = obj as Record<string, unknown>;
    for (let k = parts.length; k >= 1; k--) {
      const key = parts.slice(0, k).join('.');
      if (Object.prototype.hasOwnProperty.call(o, key)) {
        const found = lookup(o[key], parts.slice(k));
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const get = (path: string): unknown => {
    const parts = path.split('.');
    const v = lookup(r, parts);
    return v !== undefined ? v : lookup(r0, ['assistantConfig', ...parts]);
  };
  const d = DEFAULT_OPTIONS;
  const problems: string[] = [];
  const num = (name: string, def: number, min: number): number => {
    const v = get(name);
    if (typeof v === 'number' && Number.isFinite(v) && v >= min) return Math.floor(v);
    if (v !== undefined && v !== null)
      problems.push(
        `assistantConfig.${name} is ${kindOf(v)}, not a number of at least ${String(min)}: the default ${String(def)} applies`,
      );
    return def;
  };
  /** A boolean setting: only `false` turns a default-on setting off (and only `true` a default-off one on). */
  const bool = (name: string, def: boolean): boolean => {
    const v = get(name);
    if (typeof v === 'boolean') return v;
    if (v !== undefined && v !== null)
      problems.push(`assistantConfig.${name} is ${kindOf(v)}, not true or false: the default ${String(def)} applies`);
    return def;
  };
  const suppress = suppressList(get('suppress'), problems);
  return {
    envNotSet: bool('diagnostics.envNotSet', true),
    inlayHints: bool('inlayHints.enabled', true),
    codeLens: bool('codeLens.enabled', true),
    detectByContent: bool('detectByContent', true),
    connectionMissing: CONNECTION_REQUIRED.filter((k) => {
      const v = get(`connection.${k}`);
      return typeof v !== 'string' || v.trim() === '';
    }),
    workspaceDiagnostics: {
      enabled: bool('workspaceDiagnostics.enabled', false),
      maxFiles: num('workspaceDiagnostics.maxFiles', DEFAULT_SETTINGS.workspaceDiagnostics.maxFiles, 1),
      timeBudgetMs: num('workspaceDiagnostics.timeBudgetMs', DEFAULT_SETTINGS.workspaceDiagnostics.timeBudgetMs, 0),
    },
    validation: {
      maxFallbackDepth: num('validation.maxFallbackDepth', d.maxFallbackDepth, 1),
      maxFallbackDepthSource: 'setting assistantConfig.validation.maxFallbackDepth',
      maxFileSize: num('limits.maxFileSize', d.maxFileSize, 1024),
      maxNestingDepth: num('limits.maxNestingDepth', d.maxNestingDepth, 16),
      maxAliasExpansion: num('limits.maxAliasExpansion', d.maxAliasExpansion, 1000),
      ...suppress,
    },
    problems,
  };
}

/**
 * `assistantConfig.suppress`: codes silenced in every file. One code written alone (`"env-not-set"`,
 * as a Lua or TOML config slips) counts as a list of one, and codes joined by commas
 * (`"literal-secret,env-not-set"`, as `--suppress CODE[,CODE]` writes them) as a list of each
 * (REVIEW8 K13f); what is not a code that can be silenced is told in `problems`.
 */
function suppressList(v: unknown, problems: string[]): { suppress?: string[] } {
  if (v === undefined || v === null) return {};
  const list: unknown[] = (typeof v === 'string' ? [v] : Array.isArray(v) ? v : []).flatMap((c: unknown) =>
    typeof c === 'string' && c.includes(',')
      ? c
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [c],
  );
  if (typeof v !== 'string' && !Array.isArray(v)) {
    problems.push(`assistantConfig.suppress is ${kindOf(v)}, not a list of codes: nothing is silenced by it`);
    return {};
  }
  const codes: string[] = [];
  for (const c of list) {
    if (typeof c === 'string' && isSuppressible(c)) codes.push(c);
    else
      problems.push(
        typeof c === 'string' && /^[a-z0-9-]{1,64}$/.test(c)
          ? `assistantConfig.suppress: '${c}' is not a code that can be silenced (see 'assistant-config explain'): it is ignored`
          : `assistantConfig.suppress holds ${kindOf(c)} that is not a code: it is ignored`,
      );
  }
  return codes.length > 0 ? { suppress: codes } : {};
}
