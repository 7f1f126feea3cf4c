// Fast path from YAML text to the node tree, for the common subset of AssistantConfig files: block
// mappings and sequences, one-line plain and quoted scalars, flow collections of those (also across
// lines), comments, CRLF, a BOM, a leading `---`. It builds exactly the tree `parseYamlFull` builds from
// the `yaml` package's document model (offsets and range ends included, down to where that package
// lets comment lines stretch a collection), in a single pass over the text with no regular expression
// in the character loops. Whenever the text leaves that subset (anchors, aliases, tags, block scalars,
// multi-line scalars, several documents, explicit keys, tabs, any syntax error, ...), or anything looks
// questionable, it returns undefined and the caller falls back to the full parser. Never throws.
// The readers, by what they read: fastYaml/text.ts (line helpers), scalars.ts, flow.ts, block.ts.
import type { Node, SyntaxProblem } from './ast';
import type { ParseLimits } from './yaml';
import { BlockReader } from './fastYaml/block';

export interface FastYamlResult {
  root: Node | undefined;
  problems: SyntaxProblem[];
}

/**
 * Parses `text` on the fast path, or returns undefined when the text is outside what the fast path handles
 * (the caller then uses the full parser). A defined result is exactly what the full parser would return.
 */
export function fastParseYaml(text: string, limits: ParseLimits): FastYamlResult | undefined {
  try {
    const s = new BlockReader(text, limits.maxDepth);
    s.run();
    if (s.root === undefined) return undefined;
    return { root: s.root, problems: [] };
  } catch {
    return undefined;
  }
}
