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
  'missing-required': { severity: 'error', doc: 'An object lacks required fields of its type or variant; one diagnostic names them all.' },
  'missing-discriminator': { severity: 'error', doc: 'An LLM config lacks `provider`, or a schema selector lacks `type`.' },
  'unknown-discriminator': { severity: 'error', doc: 'An unknown `provider` or `type` value; the valid values and the closest one are named.' },
  'unknown-property': { severity: 'error', doc: 'A key that the type or variant in force does not allow.' },
  'invalid-type': { severity: 'error', doc: 'A value of the wrong type.' },
  'invalid-enum': { severity: 'error', doc: 'A value outside the allowed values (BlockType and the like).' },
  'not-integer': { severity: 'error', doc: 'A number that must be a whole number is not.' },
  'non-positive-limit': { severity: 'warning', doc: 'A limit that is zero or negative.' },
  'env-value-conflict': { severity: 'error', doc: 'An EnvironmentValue must have exactly one of `value` and `valueFromEnv`.' },
  'literal-secret': { severity: 'warning', doc: 'A credential written literally in `value`; use `valueFromEnv`.' },
  'invalid-env-name': { severity: 'error', doc: 'A `valueFromEnv` that is not a valid environment variable name.' },
  'env-not-set': { severity: 'information', doc: 'A `valueFromEnv` variable that is defined neither in the environment nor in the workspace `.env`.' },
  'duplicate-key': { severity: 'error', doc: 'The same key twice in one mapping.' },
  'fallback-cycle': { severity: 'error', doc: 'A `fallback`/`specificLlm` chain (or other value) that loops back on itself through YAML aliases.' },
  'fallback-too-deep': { severity: 'warning', doc: 'A `fallback`/`specificLlm` chain nested deeper than the configured bound.' },
  'duplicate-primitive': { severity: 'warning', doc: 'The same `primitiveName` overridden twice in `overrideAiPrimitivesLlm`.' },
  'unknown-primitive': { severity: 'warning', doc: 'A `primitiveName` outside the four named primitives.' },
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
