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

/**
 * Client → server: the variable names of the workspace's `.env` files, for a server that cannot read
 * files (the web-worker build; the browser client reads them through the workspace file system).
 * Names only: values never travel.
 */
export const DOTENV_NAMES_NOTIFICATION = 'assistantConfig/dotenvNames';
export interface DotenvNamesParams {
  /** The names of the workspace folders' top `.env` files (for documents outside every folder). */
  names: string[];
  /**
   * Every `.env` the client found in the workspace, by URI, with its names: each document then takes
   * the nearest one up from it within its folder, as on the desktop. Older clients leave it out.
   * `empty`: those of its names it sets to nothing (`NAME=`), for env-empty (older clients leave it out).
   */
  files?: { uri: string; names: string[]; empty?: string[] }[];
}

/**
 * Client → server: the project config files (`.assistant-config.yaml`) of the workspace, by URI, with
 * their text, for a server that cannot read files (the web-worker build; the browser client finds
 * them with the workspace file search and reads them through the workspace file system). Sent again
 * when one is created, changed or deleted, or a file they extend changes; each report replaces the last.
 */
export const PROJECT_CONFIGS_NOTIFICATION = 'assistantConfig/projectConfigs';
export interface ProjectConfigsParams {
  files: { uri: string; text: string }[];
}

/**
 * Server → client: the text of each file a reported project config `extends` that the report did
 * not hold (another name than `.assistant-config.yaml`, or one search did not find); `null` for a
 * file that cannot be read. The client watches them and reports again when one changes.
 */
export const READ_PROJECT_CONFIGS_REQUEST = 'assistantConfig/readProjectConfigs';
export interface ReadProjectConfigsParams {
  uris: string[];
}
export type ReadProjectConfigsResult = { uri: string; text: string | null }[];

/** The largest project config a client reads for the server (a larger one is reported as unreadable). */
export const MAX_PROJECT_CONFIG_BYTES = 1024 * 1024;

/**
 * Client → server: what Test Connection reads from the active document (its first syntax error, or
 * its `aiPrimitivesLlm.provider` and where that is written). The server reads it with the CLI's
 * functions, so the editor's Test Connection bundles carry no parser. The document's text travels
 * as it does in didOpen/didChange; no credential (they stay in the extension host).
 */
export const CONNECTION_CONFIG_REQUEST = 'assistantConfig/connectionConfig';
export interface ConnectionConfigParams {
  text: string;
  language: 'yaml' | 'json';
  /** The document's file name, as the report names it. */
  file: string;
}
/** A document with a syntax error (`line 3, column 7: …`) is refused: its provider is not read. */
export type ConnectionConfigFacts = { provider: string; source: string } | { syntaxError: string };

export interface InitializationOptions {
  trusted?: boolean;
  /**
   * Where the extension's docs/codes/ pages are, ending in `/` (the client knows where it is
   * installed: a file: URL on the desktop, the extension's own URL in the browser). Each
   * diagnostic's codeDescription links its page there; it wins over the server's own guess.
   */
  docsBase?: string;
  /** Settings for editors without workspace/configuration. */
  settings?: unknown;
  /**
   * The command ids the client runs itself (the VS Code extension: Test Connection, its settings
   * editor, the suggest widget). A code lens or completion item whose command is not among them is
   * not sent: other editors (Neovim, Helix…) hand unknown commands to the server, which cannot run them.
   */
  clientCommands?: string[];
  /**
   * Whether the client shows a code lens with an empty command as a label (VS Code). Other clients
   * get such a lens with a command the server runs (it shows the lens's text as a message).
   */
  labelLenses?: boolean;
}

/**
 * How the title of the server's fix for `kind-missing` / `version-missing` starts: the VS Code
 * client's "add the header" command asks the server for its code actions and applies this one, so
 * that the header goes where the fix puts it (after `%YAML` and `---`; REVIEW8 K16).
 */
export const HEADER_FIX_TITLE = 'Add the header';

/** The commands the VS Code client runs itself (sent as `clientCommands`). */
export const VSCODE_CLIENT_COMMANDS: readonly string[] = [
  'assistantConfig.testConnection',
  'workbench.action.openSettings',
  'editor.action.triggerSuggest',
];

/**
 * A YAML text without a top-level `kind` that still reads like an AssistantConfig: a top-level
 * `definition:` holding an `llm:` mapping whose `provider:` is one of `providers` (the values the
 * schema gives). A line scan of the head, no parser: it only decides whether to offer a choice.
 */
export function looksLikeConfigWithoutKind(head: string, providers: ReadonlySet<string>): boolean {
  if (/^\uFEFF?\s*[{[]/.test(head) || /^\uFEFF?kind[ \t]*:/m.test(head)) return false;
  const lines = head.split(/\r?\n/);
  let inDefinition = false;
  let llmIndent = -1;
  for (const raw of lines) {
    const line = raw.replace(/^\uFEFF/, '');
    if (/^\s*(#.*)?$/.test(line)) continue;
    const indent = line.length - line.trimStart().length;
    const key = /^\s*([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*(?:#.*)?$/.exec(line);
    if (indent === 0) {
      inDefinition = !!key && key[1] === 'definition' && !key[2];
      llmIndent = -1;
      continue;
    }
    if (!inDefinition || !key) continue;
    if (llmIndent < 0) {
      if (key[1] === 'llm' && !key[2]) llmIndent = indent;
      continue;
    }
    if (indent <= llmIndent) {
      llmIndent = key[1] === 'llm' && !key[2] ? indent : -1;
      continue;
    }
    if (key[1] === 'provider' && key[2] !== undefined) {
      const value = key[2].replace(/^(["'])(.*)\1$/, '$2');
      if (providers.has(value)) return true;
    }
  }
  return false;
}

/**
 * The provider values of `LlmConfig`'s variants, read from the published JSON Schema (never a second
 * list): the `enum` of its `provider`, one value per variant.
 */
export function providerValuesFromSchema(schema: unknown): string[] {
  type Def = { properties?: Record<string, { enum?: unknown[] }> };
  const defs = (schema as { definitions?: Record<string, Def> } | undefined)?.definitions ?? {};
  return (defs.LlmConfig?.properties?.provider?.enum ?? []).filter((v): v is string => typeof v === 'string');
}
