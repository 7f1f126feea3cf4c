// Fast path from YAML text to the node tree. It builds exactly the tree `parseYamlFull` builds from the
// `yaml` package's document model (offsets and range ends included, down to where that package lets
// comment lines stretch a collection), in a single pass over the text with no regular expression in the
// character loops. It reads block mappings and sequences, one-line plain and quoted scalars, flow
// collections (also across lines), block scalars (literal and folded, chomping, comments after the
// header, trailing blank lines), anchors and aliases (linked as the full path links them), comments,
// CRLF, a BOM, a leading `---` and a final `...`. A value it does not read itself (a tag, a multi-line
// plain or quoted scalar, a block scalar with an indentation indicator, ...) is handed alone to the full
// parser and spliced in with its offsets shifted. Whatever else leaves that subset inside a block entry
// (explicit keys, anchors and aliases as keys, flow collections as keys, tags on block collections,
// tabs, any syntax error) hands that entry (or, when its piece alone does not read as in place, the
// enclosing one) to the full parser, with its problems, and the rest stays on the fast path (the rule
// for syntax errors: BlockReader.recover in fastYaml/block.ts). Only what needs the whole text makes it
// return undefined, and the caller parses the whole text with the full parser: several documents, `%`
// directives, a root that is not a block collection, and valid entries whose ranges depend on comment
// lines after them that are not modelled. Never throws.
// The readers, by what they read: fastYaml/text.ts (line helpers), scalars.ts, flow.ts, block.ts.
import type { Node, SyntaxProblem } from './ast';
import type { ParseLimits } from './yaml';
import { BlockReader } from './fastYaml/block';
import type { HandOff } from './fastYaml/block';

export type { HandOff } from './fastYaml/block';

export interface FastYamlResult {
  root: Node | undefined;
  problems: SyntaxProblem[];
  /** [start, end) of each entry handed to the full parser that had problems, flat and in order (see `BlockReader.recover`). */
  zones: number[];
  /** Characters of the text that were handed to the full parser (values the fast path does not read itself). */
  handedOff: number;
}

/**
 * Parses `text` on the fast path, or returns undefined when the text is outside what the fast path handles
 * (the caller then uses the full parser). For a text without syntax errors, a defined result is exactly
 * what the full parser would return; with syntax errors, see `BlockReader.recover`. `after`, when `text`
 * is a block of a larger document: whether that document holds the quote `"` (34) or `'` (39) after it.
 */
export function fastParseYaml(
  text: string,
  limits: ParseLimits,
  handOff?: HandOff,
  after?: (quote: number) => boolean,
): FastYamlResult | undefined {
  try {
    const s = new BlockReader(text, limits.maxDepth, handOff, after);
    s.run();
    if (s.root === undefined) return undefined;
    return { root: s.root, problems: s.problems, zones: s.zones, handedOff: s.handedOff };
  } catch {
    return undefined;
  }
}
