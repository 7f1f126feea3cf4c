// The document's indentation step: one detector for completion and quick fixes, so that both
// indent alike in one file.
import type { Node, ParsedDocument } from '../parser/ast';
import { columnOf, isLineLeading, lineStart } from '../parser/lineIndex';

/**
 * The indentation step of the document, as the text to repeat (`'  '`, `'    '`, a tab in JSON).
 * Read from the tree first: the first nested mapping whose key and first child both start their
 * lines. A document whose tree says nothing (half-typed, broken) is read line by line: the most
 * frequent positive step between a line and the next deeper one. Two spaces otherwise.
 */
export function indentUnit(doc: ParsedDocument): string {
  return fromTree(doc) ?? fromLines(doc.text) ?? '  ';
}

function fromTree(doc: ParsedDocument): string | undefined {
  const text = doc.text;
  const stack: Node[] = doc.root ? [doc.root] : [];
  for (let budget = 0; stack.length > 0 && budget < 2000; budget++) {
    const n = stack.pop()!;
    if (n.type === 'array') stack.push(...n.items);
    if (n.type !== 'object') continue;
    for (const p of n.properties) {
      const v = p.value;
      if (v?.type === 'object' && v.properties.length > 0 && isLineLeading(text, p.key.offset)) {
        const first = v.properties[0]!.key.offset;
        const step = columnOf(text, first) - columnOf(text, p.key.offset);
        if (step > 0 && step <= 8 && isLineLeading(text, first))
          return text.slice(lineStart(text, first) + columnOf(text, p.key.offset), first);
      }
      if (v) stack.push(v);
    }
  }
  return undefined;
}

function fromLines(text: string, maxLines = 400): string | undefined {
  let prev = -1;
  let lines = 0;
  const counts = new Map<number, number>();
  let i = 0;
  while (i <= text.length && lines < maxLines) {
    let nl = text.indexOf('\n', i);
    if (nl === -1) nl = text.length;
    let j = i;
    while (j < nl && text.charCodeAt(j) === 32) j++;
    if (j < nl && text[j] !== '#' && text[j] !== '\r') {
      const ind = j - i;
      if (prev >= 0 && ind > prev) counts.set(ind - prev, (counts.get(ind - prev) ?? 0) + 1);
      prev = ind;
    }
    lines++;
    i = nl + 1;
  }
  let best = 0;
  let bestCount = 0;
  for (const [step, n] of counts) {
    if (step > 8) continue;
    if (n > bestCount || (n === bestCount && step < best)) {
      best = step;
      bestCount = n;
    }
  }
  return best > 0 ? ' '.repeat(best) : undefined;
}
