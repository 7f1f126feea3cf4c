// Results of the language service in editor-neutral terms: UTF-16 offsets, markdown strings.
// Only lsp/ converts them to protocol types.
import type { Diagnostic } from './codes';

export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}

export type CompletionKind =
  'property' | 'value' | 'enum' | 'snippet' | 'variable' | 'keyword' | 'module' | 'reference';

export interface CompletionEntry {
  label: string;
  kind: CompletionKind;
  /** One line shown beside the label (the type, or the variant). */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Text inserted over `replace`; a snippet (with $1, ${1:x}) when `snippet` is true. */
  insertText: string;
  snippet: boolean;
  replace: { offset: number; length: number };
  sortText?: string;
  filterText?: string;
  preselect?: boolean;
  /** Ask the editor to open completion again after inserting (e.g. after `provider: `). */
  retrigger?: boolean;
  /** Edits away from the cursor (JSON: the comma after the previous member, on its own line). */
  additionalEdits?: TextEdit[];
}

export interface CompletionResult {
  items: CompletionEntry[];
  isIncomplete: boolean;
}

export interface HoverResult {
  /** Markdown. */
  contents: string;
  offset: number;
  length: number;
}

export type CodeActionKind = 'quickfix' | 'refactor.rewrite' | 'source.fixAll';

export interface CodeActionEntry {
  title: string;
  kind: CodeActionKind;
  /** The diagnostic this action fixes, when it is a quick fix for one. */
  diagnostic?: Diagnostic;
  /** Other diagnostics the same edit fixes (one action per effect: `kind` and `version` missing get one fix). */
  alsoFixes?: Diagnostic[];
  edits: TextEdit[];
  /** Edits of the workspace `.env` (see ServiceContext.dotenv), created first when `create` is set. */
  dotenv?: DotenvEdit;
  /** Edits of the repository's `.gitignore` (see DotenvFile.gitignore), created first when `create` is set. */
  gitignore?: DotenvEdit;
  isPreferred?: boolean;
}

export interface DotenvEdit {
  create: boolean;
  edits: TextEdit[];
}

export type SymbolKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'key';

export interface SymbolEntry {
  name: string;
  detail?: string;
  kind: SymbolKind;
  offset: number;
  length: number;
  selectionOffset: number;
  selectionLength: number;
  children: SymbolEntry[];
}

/** Names of variables known from the environment and `.env` files, and whether one is set. */
export interface EnvInfo {
  names(): Iterable<string>;
  isDefined(name: string): boolean;
  /** Where a variable is defined, for hover (`environment`, `.env`); never its value. */
  sourceOf(name: string): string | undefined;
  /** Whether it is set in the document's `.env` to an empty value (see EnvLookup.emptyInDotenv). */
  emptyInDotenv?(name: string): boolean;
  /** The document's `.env` as messages name it (see EnvLookup.dotenvShown). */
  readonly dotenvShown?: string | null;
  /** Why no `.env` is read for the document (see EnvLookup.dotenvNotRead). */
  readonly dotenvNotRead?: string;
  /** Why no process environment is read (see EnvLookup.environmentNotRead). */
  readonly environmentNotRead?: string;
}

/**
 * The workspace `.env` of a document, as the host can reach it: the service reads and writes no
 * file. Hosts that cannot write it (an untrusted workspace, a browser without a file system, the CLI)
 * leave it out, and no fix that needs it is offered.
 */
export interface DotenvFile {
  /** Its text; undefined when it does not exist yet (a fix may create it). */
  text: string | undefined;
  /** false: a git workspace whose git does not ignore `.env`; true: ignored; undefined: unknown or not git. */
  gitIgnored?: boolean;
  /**
   * true: git tracks it (committed, or staged by `git add`): a secret moved into it is committed with
   * it (then `gitIgnored` is false too).
   */
  gitTracked?: boolean;
  /** The file as fix titles name it (`packages/api/.env`); left out: `.env`. */
  shown?: string;
  /**
   * The repository's `.gitignore`, given when git does not ignore the `.env` and does not track it:
   * the fix that writes a secret into the `.env` then also appends `.env` there (REVIEW8 K15).
   */
  gitignore?: GitignoreFile;
}

/** A repository's top `.gitignore`, as the host reads it. */
export interface GitignoreFile {
  /** Its text; undefined when it does not exist yet (the fix creates it). */
  text: string | undefined;
  /** The file as fix titles name it (`../.gitignore`); left out: `.gitignore`. */
  shown?: string;
}

export interface ServiceContext {
  env?: EnvInfo;
  dotenv?: DotenvFile;
}
