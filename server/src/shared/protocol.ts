// Names and shapes shared by the VS Code client and the server (part of the shared module, see
// ./index.ts).

export const LANGUAGE_IDS = ['assistantconfig', 'assistantconfig-json'] as const;

/** Server → client: the state of a document, for the language status item. */
export const STATUS_NOTIFICATION = 'assistantConfig/status';
export interface StatusParams {
  uri: string;
  /** The variant in force for `definition.llm`, e.g. `cloud_b`, if set. */
  llmProvider?: string;
  errors: number;
  warnings: number;
}

/** Client → server: the workspace trust changed (untrusted: no `.env` is read). */
export const TRUST_NOTIFICATION = 'assistantConfig/trust';
export interface TrustParams {
  trusted: boolean;
}

export interface InitializationOptions {
  trusted?: boolean;
  /** Settings for editors without workspace/configuration. */
  settings?: unknown;
}

/**
 * Whether a YAML or JSON text says `kind: AssistantConfig` at its top level: a YAML line at column 0,
 * or a JSON `"kind": "AssistantConfig"` at the first level of the top object.
 */
export function declaresAssistantConfigKind(text: string): boolean {
  const head = text.length > 262144 ? text.slice(0, 262144) : text;
  if (/^kind[ \t]*:[ \t]*["']?AssistantConfig["']?[ \t]*(#.*)?\r?$/m.test(head)) return true;
  if (!/^\uFEFF?\s*\{/.test(head)) return false;
  // JSON: track nesting depth so a nested "kind" does not count.
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '"') {
      const end = head.indexOf('"', i + 1);
      if (end < 0) return false;
      if (depth === 1 && head.slice(i, end + 1) === '"kind"' && /^\s*:\s*"AssistantConfig"/.test(head.slice(end + 1, end + 40))) return true;
      i = end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return false;
}
