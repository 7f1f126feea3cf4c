// Text → parsed document → diagnostics, with the size limit applied before any parsing.
import type { Language, ParsedDocument } from '../parser/ast';
import { parse } from '../parser';
import type { Diagnostic } from './codes';
import { validateWithSuppressions } from './validation';
import type { SuppressedDiagnostic } from './suppressions';
import type { ValidationOptions } from './validation';
import { DEFAULT_OPTIONS } from './validation';
import { schemaAtPath, unwrapNullable } from '../model/schema';
import { keysOfSchema } from './validation/indentSlip';

export function parseWithLimits(
  text: string,
  language: Language,
  options: ValidationOptions = DEFAULT_OPTIONS,
): ParsedDocument {
  if (text.length > options.maxFileSize) {
    const mb = (n: number): string => (n / (1024 * 1024)).toFixed(1);
    return {
      text,
      language,
      root: undefined,
      problems: [
        {
          offset: 0,
          length: 0,
          message: `The document is too large to check (${mb(text.length)} MB, limit ${mb(options.maxFileSize)} MB; setting assistantConfig.limits.maxFileSize).`,
          kind: 'resource-limit',
        },
      ],
    };
  }
  return parse(text, language, { maxDepth: options.maxNestingDepth, keyFits });
}

/**
 * What the schema says of `key` in the mapping at `path` (the variant its written discriminator names,
 * else any variant of a union), for reading a misaligned line at the column whose mapping takes it
 * (parser/alignRepair.ts).
 */
export function keyFits(
  path: readonly (string | number)[],
  key: string,
  written?: ReadonlyMap<string, string>,
): boolean | undefined {
  const at = schemaAtPath(undefined, path, { anyVariant: true });
  if (!at.schema) return undefined;
  const extra = unwrapNullable(at.schema)?.additionalProperties;
  if (extra !== undefined && extra !== false) return true;
  // The variant its discriminator names (`provider: cloud_b` has no `apiVersion`), else any variant's keys.
  const tag = at.union && written?.get(at.union.property);
  const variant = tag !== undefined ? at.union?.variants.find((v) => v.value === tag) : undefined;
  return keysOfSchema(variant?.schema ?? at.schema).has(key);
}

export function analyze(
  text: string,
  language: Language,
  options: ValidationOptions = DEFAULT_OPTIONS,
): { doc: ParsedDocument; diagnostics: Diagnostic[]; suppressed: SuppressedDiagnostic[] } {
  const doc = parseWithLimits(text, language, options);
  const r = validateWithSuppressions(doc, options);
  return { doc, diagnostics: r.diagnostics, suppressed: r.suppressed };
}
