// A line of instructions written at the key's column right after a block scalar's text (REVIEW18-user
// U3):
//
//   systemInstructions: |
//     You are a helpful assistant.
//   Note: keep answers short        <- valid YAML: it ends the block, and is read as a key
//
// Nothing is a syntax error there, so the text is cut short without a word but the unknown key's. The
// unknown-property of such a line says that it may be a line of the block's text, with the editor's
// fix that indents it (and any such lines between it and the block) like the text: a move, never a
// drop. Only where the line reads as prose, not as a key: a key with a blank in it (`Keep it short:`),
// or one word (`Note`, `rules`, `IMPORTANT`, not camelCase, snake_case or digits) holding words
// (`Note: keep answers short`), or a capitalised word holding nothing or a list (`Rules:` and `- …`
// items: a heading of the text). A key that is a near miss of an allowed one, or has a home elsewhere,
// keeps its own message and fixes (did you mean …).
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { LineIndex, columnOf, lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';

/** The data of an unknown-property that says no more than that the key is not allowed. */
const PLAIN_DATA = new Set(['key', 'unsafeRename']);

export function proseAfterBlockScalar(doc: ParsedDocument, out: Diagnostic[]): Diagnostic[] {
  if (doc.language !== 'yaml' || !doc.root) return out;
  const text = doc.text;
  // The findings to look at: plain unknown keys shaped like prose, on a line below one indented at
  // least as far (the block's text, or a line of such a run). Read from the text: most files have none,
  // and a file of thousands of unknown keys (`k1`, `k2`…) is not walked for them.
  const candidates: number[] = [];
  for (let i = 0; i < out.length; i++) {
    const d = out[i]!;
    if (d.code !== 'unknown-property' || !d.data || d.data.throughAlias || typeof d.data.key !== 'string') continue;
    if (!Object.keys(d.data).every((k) => PLAIN_DATA.has(k)) || !d.message.endsWith('.')) continue;
    // (Nothing said after the key: no home, no variant that has it, no anchor note.)
    const said = d.message.lastIndexOf(' does not allow ');
    if (said < 0 || d.message.slice(said).includes('. ') || !proseKey(d.data.key)) continue;
    const column = columnOf(text, d.offset);
    let s = lineStart(text, d.offset);
    while (s > 0 && text.slice(lineStart(text, s - 1), s).trim() === '') s = lineStart(text, s - 1);
    if (s === 0) continue;
    const above = text.slice(lineStart(text, s - 1), s);
    if (above.length - above.trimStart().length >= column) candidates.push(i);
  }
  if (candidates.length === 0) return out;
  // Each key's property and its place in its mapping: one walk of the tree.
  const byKey = new Map<number, { p: PropertyNode; at: number }>();
  const stack: Node[] = [doc.root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'object')
      n.properties.forEach((p, at) => {
        byKey.set(p.key.offset, { p, at });
        if (p.value) stack.push(p.value);
      });
    else if (n.type === 'array') stack.push(...n.items);
  }
  /** The properties of such lines, with their finding's place in `out`. */
  const unknown = new Map<PropertyNode, number>();
  for (const i of candidates) {
    const d = out[i]!;
    const p = byKey.get(d.offset)?.p;
    if (p && p.key.value === d.data?.key && !p.parent.flow && readsAsProse(text, p)) unknown.set(p, i);
  }
  if (unknown.size === 0) return out;
  const lines = new LineIndex(text);
  const lineOf = (offset: number): number => lines.positionAt(offset).line;
  /** Per property of a run: the index of the run's first property (-1: no block above it), and whether a comment stands in the run. */
  const runOf = new Map<PropertyNode, { start: number; comment: boolean }>();
  let res: Diagnostic[] | undefined;
  for (const [p, i] of [...unknown].sort((x, y) => x[0].key.offset - y[0].key.offset)) {
    const obj: ObjectNode = p.parent;
    const at = byKey.get(p.key.offset)!.at;
    const prev = obj.properties[at - 1];
    const inRun = prev ? runOf.get(prev) : undefined;
    // The lines from the end of what stands above (the block's text, or the run's line above) to this
    // property's last line (its range may run over its final line break).
    let last = p.offset + p.length;
    while (last > p.key.offset && /\s/.test(text[last - 1]!)) last--;
    const to = lineEnd(text, last - 1);
    const since = prev ? prev.offset + prev.length : p.key.offset;
    // (A comment there stays where it is: at the key's column, it would end the block again.)
    const comment = /(?:^|\n)[ \t]*#/.test(text.slice(Math.min(since, lineStart(text, p.key.offset)), to));
    let run: { start: number; comment: boolean };
    if (inRun) run = { start: inRun.start, comment: inRun.comment || comment };
    else if (prev && isBlockScalar(text, prev.value)) {
      // Only blank lines between the block's text and the first line of the run.
      const between = text.slice(prev.value!.offset + prev.value!.length, lineStart(text, p.key.offset));
      run = { start: between.trim() === '' ? at : -1, comment };
    } else run = { start: -1, comment };
    runOf.set(p, run);
    if (run.start < 0 || run.comment) continue;
    const block = obj.properties[run.start - 1]!;
    const first = obj.properties[run.start]!;
    const textColumn = blockTextColumn(text, block.value!);
    const keyColumn = columnOf(text, p.key.offset);
    if (textColumn === undefined || textColumn <= keyColumn || columnOf(text, block.key.offset) !== keyColumn) continue;
    const fromLine = lineOf(first.key.offset);
    const back = lineOf(p.key.offset) - fromLine;
    const d = out[i]!;
    const under = block.key.value;
    const header = /^[|>][0-9+-]*/.exec(text.slice(block.value!.offset))![0];
    res ??= out.slice();
    res[i] = {
      ...d,
      message: `${d.message} This line may be meant as text of the block scalar '${under}: ${header}' above: written at the column of '${under}', it ends the block, and YAML reads it as a key (the text stops at the line before). If so, indent it like the text.`,
      data: {
        ...d.data,
        indentText: {
          lines: lineOf(to) - fromLine + 1,
          by: textColumn - keyColumn,
          under,
          like: true,
          ...(back ? { back } : {}),
        },
      },
    };
  }
  return res ?? out;
}

/** A key shaped like prose: words with blanks between, or one word (`Note`, `rules`, `IMPORTANT`). */
function proseKey(key: string): boolean {
  const k = key.trim();
  if (k === '' || key.includes('\n')) return false;
  return /\s/.test(k) ? /^\p{L}/u.test(k) : /^(?:\p{Lu}?\p{Ll}+|\p{Lu}+)$/u.test(k);
}

/** Whether a property reads as a line of prose rather than as a key (see above). */
function readsAsProse(text: string, p: PropertyNode): boolean {
  const key = p.key.value;
  if (p.key.quoted || !proseKey(key)) return false;
  const v = p.value;
  if (/\s/.test(key.trim())) return v === undefined || v.type !== 'object';
  if (v?.type === 'string' && !v.quoted && !isBlockScalar(text, v) && /\S\s+\S/.test(v.value)) return true;
  if (!/^\p{Lu}/u.test(key)) return false;
  if (v === undefined || v.type === 'null')
    return text
      .slice(p.key.offset, p.offset + p.length)
      .trimEnd()
      .endsWith(':');
  return v.type === 'array' && !v.flow && v.items.every((x) => x.type === 'string' && !x.quoted);
}

/** Whether a node is a block scalar (`|`, `>-`, `|2` …), as written. */
function isBlockScalar(text: string, n: Node | undefined): boolean {
  return n?.type === 'string' && (text[n.offset] === '|' || text[n.offset] === '>');
}

/** The column of a block scalar's text: the least indentation of its lines that are not blank. */
function blockTextColumn(text: string, n: Node): number | undefined {
  const end = n.offset + n.length;
  let column: number | undefined;
  for (let s = nextLineStart(text, n.offset); s < end && s < text.length; s = nextLineStart(text, s)) {
    const line = text.slice(s, lineEnd(text, s));
    if (line.trim() === '') continue;
    const c = line.length - line.trimStart().length;
    column = column === undefined ? c : Math.min(column, c);
  }
  return column;
}
