// Types of bench/generate.mjs (the benchmark's modules are plain ESM; these declarations serve the tests).

export interface Position {
  line: number;
  character: number;
}

export interface GenerateOptions {
  /** Lines wanted (about; at least one table). Default 200. */
  lines?: number;
  format?: 'yaml' | 'json';
  /** YAML only: `realistic` (default: block scalars, anchors/aliases, comments, quoted strings with escapes, flow columns) or `synthetic` (the plain block subset). */
  mode?: 'realistic' | 'synthetic';
  /** CRLF line ends (realistic YAML). */
  crlf?: boolean;
  /** Depth of the `fallback` chain on the last override; 0 = none. */
  fallbackDepth?: number;
  /** An unknown provider and a table without its required `schemaName`. */
  errors?: boolean;
  /** Every provider variant in the overrides (primitive names then repeat). */
  variantsInOverrides?: boolean;
  /** Exact number of tables (overrides `lines`). */
  tables?: number;
}

export interface Generated {
  text: string;
  data: { kind: 'AssistantConfig'; version: 'v2'; definition: Record<string, unknown> };
  format: 'yaml' | 'json';
  mode: 'realistic' | 'synthetic';
  lines: number;
  tables: number;
  marks: {
    /** Start of the last `provider` value of the file (the deepest fallback when there is a chain). */
    providerValue: Position;
    /** On the last `provider` key. */
    providerKey: Position;
    /** On the `tableName` key of the last table. */
    tableKey: Position;
    /** Last character of a column name in the middle of the file. */
    edit: Position;
    /** A block-sequence column line in the middle of the file, followed by another (YAML; structural edits). */
    structLine?: number;
  };
  /** The `valueFromEnv` names the config uses. */
  envNames: string[];
}

export const PROVIDERS: readonly string[];
export const PRIMITIVES: readonly string[];
export const COLUMNS_PER_TABLE: number;
export function llmOf(provider: string, tag?: string): Record<string, unknown>;
export function buildData(opts: {
  tables: number;
  fallbackDepth?: number;
  errors?: boolean;
  variantsInOverrides?: boolean;
  realistic?: boolean;
  lines?: number;
}): Generated['data'];
export function toYaml(data: unknown): string;
export function toRealisticYaml(data: unknown, opts?: { crlf?: boolean }): string;
export function toJson(data: unknown): string;
export function generate(opts?: GenerateOptions): Generated;

/** A realistic file of about `lines` lines written with many anchors (see generate.mjs). */
export function anchorHeavy(
  shape: 'llm' | 'merge' | 'scalar',
  lines: number,
  opts?: { crlf?: boolean },
): { text: string; envNames: string[]; holds: string };
