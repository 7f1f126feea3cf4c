// Text → parsed document → diagnostics, with the size limit applied before any parsing.
import type { Language, ParsedDocument } from '../parser/ast';
import { parse } from '../parser';
import type { Diagnostic } from './codes';
import { validateWithSuppressions } from './validation';
import type { SuppressedDiagnostic } from './suppressions';
import type { ValidationOptions } from './validation';
import { DEFAULT_OPTIONS } from './validation';
import { keyFits } from './keyFits';

export { keyFits };

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

export function analyze(
  text: string,
  language: Language,
  options: ValidationOptions = DEFAULT_OPTIONS,
): { doc: ParsedDocument; diagnostics: Diagnostic[]; suppressed: SuppressedDiagnostic[] } {
  const doc = parseWithLimits(text, language, options);
  const r = validateWithSuppressions(doc, options);
  return { doc, diagnostics: r.diagnostics, suppressed: r.suppressed };
}
