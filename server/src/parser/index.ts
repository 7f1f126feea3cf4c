import type { Language, ParsedDocument } from './ast';
import { parseYaml, DEFAULT_LIMITS } from './yaml';
import type { ParseLimits } from './yaml';
import { parseJson } from './json';

export * from './ast';
export { LineIndex, lineStart, lineEnd, nextLineStart, columnOf, isLineLeading, eolOf } from './lineIndex';
export type { Position } from './lineIndex';
export type { ParseLimits } from './yaml';
export { DEFAULT_LIMITS } from './yaml';

/** Parses a document. Never throws: problems are returned beside the (possibly partial) tree. */
export function parse(text: string, language: Language, limits: ParseLimits = DEFAULT_LIMITS): ParsedDocument {
  if (language === 'json') {
    const j = parseJson(text, limits);
    return { text, language, root: j.root, problems: j.problems };
  }
  const r = parseYaml(text, limits);
  return r.zones
    ? { text, language, root: r.root, problems: r.problems, zones: r.zones }
    : { text, language, root: r.root, problems: r.problems };
}

/** Language of a file from its name, or from its content when the name does not say. */
export function languageOf(fileName: string, text?: string): Language {
  if (/\.jsonc?$/i.test(fileName)) return 'json';
  if (/\.ya?ml$/i.test(fileName)) return 'yaml';
  return text !== undefined && /^\uFEFF?\s*[{[]/.test(text) ? 'json' : 'yaml';
}
