// Where a document may hold a credential: every scalar at a place that expects an EnvironmentValue
// (`apiKey: sk-…` written as a plain string) and every scalar inside one (`value`, and `valueFromEnv`,
// where people paste secrets by mistake). Anything that shows source text (the CLI's code frames)
// masks these ranges, so a secret never reaches a terminal or a CI log, whole or in part.
import type { Node, ParsedDocument } from '../parser/ast';
import { definition, unwrapNullable } from '../model/schema';
import { walkTyped } from '../model/typedWalk';

export interface Range {
  offset: number;
  length: number;
}

export function secretRanges(doc: ParsedDocument): Range[] {
  const env = definition('EnvironmentValue');
  if (!env || !doc.root) return [];
  const out: Range[] = [];
  const scalar = (n: Node | undefined): void => {
    if (n && n.type !== 'object' && n.type !== 'array' && n.type !== 'alias') out.push({ offset: n.offset, length: n.length });
  };
  walkTyped(doc.root, (v) => {
    if (unwrapNullable(v.expected) !== env) return;
    if (v.node.type === 'object') for (const p of v.node.properties) scalar(p.value?.type === 'alias' ? p.value.target : p.value);
    else scalar(v.node);
  });
  return out;
}
