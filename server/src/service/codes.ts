// The registry of diagnostic codes: every diagnostic carries one of these, quick fixes key on them.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export const CODES = {
  'syntax-error': { severity: 'error', doc: 'The text is not valid YAML or JSON; parsing goes on after the error.' },
  'extra-document': { severity: 'warning', doc: 'The file holds more than one YAML document; only the AssistantConfig document is checked.' },
  'resource-limit': { severity: 'error', doc: 'The document exceeds a safety limit (size, nesting, alias expansion) and is not fully checked.' },
  'not-an-object': { severity: 'error', doc: 'The document (or a value that must be a mapping) is not a mapping.' },
  'kind-missing': { severity: 'error', doc: 'The top level lacks `kind: AssistantConfig`.' },
  'kind-invalid': { severity: 'error', doc: '`kind` is not `AssistantConfig`.' },
  'version-missing': { severity: 'error', doc: 'The top level lacks `version: v2`.' },
  'version-unsupported': { severity: 'error', doc: '`version` is not `v2`, the only version described.' },
  'missing-required': { severity: 'error', doc: 'An object lacks required fields of its type or variant; one diagnostic names them all. A key within a small edit distance of a missing one is reported as `unknown-property` on that key instead (with a rename fix).' },
  'empty-required': { severity: 'error', doc: 'A required string field (`modelId`, `endpoint`, `regionName`, `schemaName`…) is empty or blank: the config cannot work. Quick fixes insert `""` and snippets a `<field>` tab stop: both keep this diagnostic until filled.' },
  'missing-discriminator': { severity: 'error', doc: 'An LLM config lacks `provider`, or a schema selector lacks `type`.' },
  'unknown-discriminator': { severity: 'error', doc: 'An unknown `provider` or `type` value; the valid values and the closest one are named.' },
  'unknown-property': { severity: 'error', doc: 'A key that the type or variant in force does not allow.' },
  'invalid-type': { severity: 'error', doc: 'A value of the wrong type.' },
  'invalid-enum': { severity: 'error', doc: 'A value outside the allowed values (BlockType and the like).' },
  'not-integer': { severity: 'error', doc: 'A number that must be a whole number is not.' },
  'non-positive-limit': { severity: 'warning', doc: 'A whole-number limit that is zero or negative; the spec does not say what such a limit does.' },
  'env-value-conflict': { severity: 'error', doc: 'An EnvironmentValue must have exactly one of `value` and `valueFromEnv`.' },
  'literal-secret': { severity: 'warning', doc: 'A credential written literally in `value` (warning), or a plain string where an EnvironmentValue belongs (`apiKey: sk-…`, an error); the fix moves it into the workspace `.env` and writes `valueFromEnv`.' },
  'invalid-env-name': { severity: 'error', doc: 'A `valueFromEnv` that cannot name anything: empty, blank or with control characters. Other names (`vendor-a-key`, `projects/p/secrets/k`) are valid secret names.' },
  'env-not-set': { severity: 'information', doc: 'A `valueFromEnv` variable that is defined neither in the environment nor in the workspace `.env` (noting when a shell could not export the name).' },
  'dotenv-not-ignored': { severity: 'warning', doc: 'A `valueFromEnv` variable read from the workspace `.env` while git does not ignore `.env` (git workspaces only): the secret could be committed.' },
  'duplicate-key': { severity: 'error', doc: 'The same key twice in one mapping: reported on each ignored copy; the last occurrence is the one read and checked.' },
  'json-not-strict': { severity: 'error', doc: 'A comment or a trailing comma in a JSON file: JSON readers reject them. The fix removes it.' },
  'fallback-cycle': { severity: 'error', doc: 'A `fallback`/`specificLlm` chain (or other value) that loops back on itself through YAML aliases.' },
  'fallback-too-deep': { severity: 'warning', doc: 'A `fallback`/`specificLlm` chain nested deeper than the configured bound.' },
  'duplicate-primitive': { severity: 'warning', doc: 'The same `primitiveName` overridden twice in `overrideAiPrimitivesLlm`.' },
  'unknown-primitive': { severity: 'warning', doc: 'A `primitiveName` close to one of the four named primitives but not one of them (other names are allowed and not reported).' },
  'unresolved-alias': { severity: 'error', doc: 'A YAML alias whose anchor is not defined before it.' },
  'invalid-encoding': { severity: 'warning', doc: 'The text holds U+FFFD replacement characters: the file was probably not valid UTF-8 when it was read.' },
} as const satisfies Record<string, { severity: Severity; doc: string }>;

export type DiagnosticCode = keyof typeof CODES;

export const SOURCE = 'assistant-config';

export interface Related {
  offset: number;
  length: number;
  message: string;
}

/** A problem in editor-neutral terms: UTF-16 offsets, converted to lines only at the edge. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  offset: number;
  length: number;
  related?: Related[];
  /** Facts a quick fix needs (a suggested replacement, the missing fields…). */
  data?: DiagnosticData;
}

export interface DiagnosticData {
  suggestion?: string;
  missing?: string[];
  key?: string;
}

export function diag(code: DiagnosticCode, message: string, offset: number, length: number, extra?: { related?: Related[]; data?: DiagnosticData; severity?: Severity }): Diagnostic {
  const d: Diagnostic = { code, severity: extra?.severity ?? CODES[code].severity, message, offset, length };
  if (extra?.related) d.related = extra.related;
  if (extra?.data) d.data = extra.data;
  return d;
}
