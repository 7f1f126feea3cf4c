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
};

function num(v: unknown, def: number, min: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= min ? Math.floor(v) : def;
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
  return {
    envNotSet: get('diagnostics.envNotSet') !== false,
    inlayHints: get('inlayHints.enabled') !== false,
    codeLens: get('codeLens.enabled') !== false,
    detectByContent: get('detectByContent') !== false,
    connectionMissing: CONNECTION_REQUIRED.filter((k) => {
      const v = get(`connection.${k}`);
      return typeof v !== 'string' || v.trim() === '';
    }),
    workspaceDiagnostics: {
      enabled: get('workspaceDiagnostics.enabled') === true,
      maxFiles: num(get('workspaceDiagnostics.maxFiles'), DEFAULT_SETTINGS.workspaceDiagnostics.maxFiles, 1),
      timeBudgetMs: num(
        get('workspaceDiagnostics.timeBudgetMs'),
        DEFAULT_SETTINGS.workspaceDiagnostics.timeBudgetMs,
        0,
      ),
    },
    validation: {
      maxFallbackDepth: num(get('validation.maxFallbackDepth'), d.maxFallbackDepth, 1),
      maxFallbackDepthSource: 'setting assistantConfig.validation.maxFallbackDepth',
      maxFileSize: num(get('limits.maxFileSize'), d.maxFileSize, 1024),
      maxNestingDepth: num(get('limits.maxNestingDepth'), d.maxNestingDepth, 16),
      maxAliasExpansion: num(get('limits.maxAliasExpansion'), d.maxAliasExpansion, 1000),
      ...suppressList(get('suppress')),
    },
  };
}

/** `assistantConfig.suppress`: codes silenced in every file; anything else in the list is ignored. */
function suppressList(v: unknown): { suppress?: string[] } {
  if (!Array.isArray(v)) return {};
  const codes = v.filter((c): c is string => typeof c === 'string' && isSuppressible(c));
  return codes.length > 0 ? { suppress: codes } : {};
}
