// Two slips with a block scalar (`systemInstructions: |`) that YAML reads as keys, said as what they
// are (REVIEW15-user U8) instead of the parser's words and what the schema made of the pieces:
//
//   systemInstructions: |
//   You answer questions.          <- not indented under the key: the block is empty, the line a key
//
//   systemInstructions: |
//     line one
//   # a commented-out line          <- less indented than the text: it ends the block,
//     line two                      <- and this is read as a key
//
// And a line of only white space with a tab in a block scalar's text (U7), which every reader refuses:
// said as a tab (`unportable-tab`, an error there), with the fix that empties the line.
//
// One syntax error each, on the line that causes it; the parser's errors, the unknown keys and the
// empty-scalar finding on the lines it covers are dropped (they would send the user to fix the wrong
// thing). Read from the text around a syntax error only: nothing to do in a file without one.
import type { ParsedDocument } from '../../parser/ast';
import { lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';
import { MISSING_COLON_MESSAGE } from '../../parser/colonRepair';

/** `key: |` (after `- ` items), with an anchor or tag, indicators and a comment: the key and its column. */
const HEADER =
  /^( *)((?:- +)*)([^\s#:'"][^#:]*?|"[^"]*"|'[^']*'):[ \t]+(?:[&!][^\s]*[ \t]+)*[|>][0-9+-]*[ \t]*(?:#.*)?$/;
/** A line that reads as a key of a block mapping (`key:` alone or with a value). */
const KEY_LINE = /^ *(?:- +)*[^\s#:][^#:]*?:(?:[ \t]|$)/;

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The codes a slip's lines are read into: dropped there, in favour of the one finding. */
const READ_INTO = new Set(['syntax-error', 'unknown-property', 'misaligned-indent']);

interface Slip {
  /** The one finding. */
  finding: Diagnostic;
  /** [from, to): the lines whose READ_INTO findings go. */
  from: number;
  to: number;
  /** The header's value (the `|`), whose blank-string/empty-required finding goes when the block reads empty. */
  emptyAt?: number;
  /** A line of white space with a tab: only syntax errors go (what the schema says of the block stays). */
  tab?: boolean;
  key?: string | undefined;
}

/** The finding on a line of only white space with a tab in the text of block scalar `key`. */
function tabLine(start: number, length: number, key: string | undefined): Diagnostic {
  return diag(
    'unportable-tab',
    `This line of the block scalar's text${key ? ` of '${key}'` : ''} holds only white space with a tab: YAML reads a tab as text, not as indentation, so the line is less indented than the text, and no reader accepts it. Empty the line (a blank line of the text needs no spaces).`,
    start,
    length,
    { severity: 'error', data: { trailing: true, lossless: true } },
  );
}

/**
 * The editor's fix for text not indented under its block scalar's key (REVIEW16 slips17, U8): the run
 * of lines from `from` (before `to`, the next key the mapping knows) shifted right so that its least
 * indented line stands two columns past the key, the lines keeping their indentation relative to one
 * another. Blank lines stay as they are; the blank and comment lines that end the run (a comment there
 * may be the next key's) and every line after it are left alone. None when the header fixes the
 * indentation (`|2`) or a line of the run is indented with a tab.
 */
function indentFix(
  text: string,
  from: number,
  to: number,
  keyColumn: number,
  indicator: string,
): { lines: number; by: number } | undefined {
  if (/[0-9]/.test(indicator)) return undefined;
  const lines: string[] = [];
  for (let s = from; s < to && s < text.length; s = nextLineStart(text, s)) lines.push(text.slice(s, lineEnd(text, s)));
  while (
    lines.length > 0 &&
    (lines[lines.length - 1]!.trim() === '' || lines[lines.length - 1]!.trimStart().startsWith('#'))
  )
    lines.pop();
  const content = lines.filter((l) => l.trim() !== '');
  if (content.length === 0 || content.some((l) => /^ *\t/.test(l))) return undefined;
  const least = Math.min(...content.map(indentOf));
  return least > keyColumn ? undefined : { lines: lines.length, by: keyColumn + 2 - least };
}

export function blockScalarSlips(doc: ParsedDocument, out: Diagnostic[]): Diagnostic[] {
  if (doc.language !== 'yaml' || !out.some((d) => d.code === 'syntax-error')) return out;
  const text = doc.text;
  const line = (start: number): string => text.slice(start, lineEnd(text, start));
  /** The start of the nearest line above `start` that is not blank (-1: none). */
  const above = (start: number): number => {
    let s = start;
    while (s > 0) {
      s = lineStart(text, s - 1);
      if (line(s).trim() !== '') return s;
    }
    return -1;
  };
  /** The starts of lines whose key is unknown (`Rules:` of pasted instructions, read as a key). */
  const unknownAt = new Set(out.filter((d) => d.code === 'unknown-property').map((d) => lineStart(text, d.offset)));
  /**
   * Where the run of lines read wrongly ends: the next key line at `column` or less, from `start` on,
   * whose key the mapping knows (a line of the text that reads as an unknown key is part of the run).
   */
  const runEnd = (start: number, column: number): number => {
    let s = nextLineStart(text, start);
    while (s < text.length) {
      const l = line(s);
      if (l.trim() !== '' && indentOf(l) <= column && KEY_LINE.test(l) && !unknownAt.has(s)) return s;
      s = nextLineStart(text, s);
    }
    return text.length;
  };
  /**
   * Line `l` (at `start`, where the parser's error `d` is) below the text of a block scalar and less
   * indented than that text, though no key the mapping knows: most likely a line of the text that lost
   * some of its indentation (REVIEW18-user U2). Every line between the header and it is indented past
   * it. The editor's fix indents it, and the lines after it that stand short of the text too, to the
   * text's column.
   */
  const outdentedText = (start: number, l: string, d: Diagnostic): Slip | undefined => {
    if (l.trimStart().startsWith('#') || /^ *\t/.test(l)) return undefined;
    if (KEY_LINE.test(l) && !unknownAt.has(start)) return undefined;
    if (d.message === MISSING_COLON_MESSAGE && !out.some((u) => u.code === 'unknown-property' && u.offset === d.offset))
      return undefined;
    let s = start;
    let header: RegExpExecArray | null = null;
    let textColumn = -1;
    let lines = 0;
    while ((s = above(s)) >= 0) {
      const t = line(s);
      header = HEADER.exec(t);
      if (header) break;
      if (indentOf(t) <= indentOf(l) || /^ *\t/.test(t)) return undefined;
      textColumn = textColumn < 0 ? indentOf(t) : Math.min(textColumn, indentOf(t));
      lines++;
    }
    if (!header || lines === 0) return undefined;
    const keyColumn = header[1]!.length + header[2]!.length;
    if (textColumn <= keyColumn) return undefined;
    const key = header[3]!;
    const indicator = /[|>][0-9+-]*/.exec(line(s).slice(keyColumn + key.length + 1))![0];
    const to = runEnd(start, keyColumn);
    // The fix: the line and those after it, up to the first line back at the text's column (blank and
    // comment lines ending that run left alone), each moved by the same amount: their relative
    // indentation kept, the least indented at the text's column.
    const run: string[] = [];
    for (let r = start; r < to && r < text.length; r = nextLineStart(text, r)) {
      const t = line(r);
      if (t.trim() !== '' && indentOf(t) >= textColumn) break;
      run.push(t);
    }
    while (run.length > 0 && (run[run.length - 1]!.trim() === '' || run[run.length - 1]!.trimStart().startsWith('#')))
      run.pop();
    const content = run.filter((t) => t.trim() !== '');
    const fixable = !/[0-9]/.test(indicator) && !content.some((t) => /^ *\t/.test(t));
    const by = textColumn - Math.min(...content.map(indentOf));
    const first = start + indentOf(l);
    return {
      finding: diag(
        'syntax-error',
        `This line is indented ${indentOf(l)} space${indentOf(l) === 1 ? '' : 's'}, less than the text of the block scalar '${key}: ${indicator}' above (${textColumn}): a less indented line ends the block, so YAML reads this one as a key. Indent it like the text.`,
        first,
        lineEnd(text, start) - first,
        fixable ? { data: { indentText: { lines: run.length, by, under: key, like: true } } } : {},
      ),
      from: start,
      to,
    };
  };
  const slips: Slip[] = [];
  const seen = new Set<number>();
  for (const d of out) {
    if (d.code !== 'syntax-error') continue;
    const start = lineStart(text, d.offset);
    const l = line(start);
    // A line of only white space holding a tab, in a block scalar's text (an editor's auto-indent left
    // behind): YAML takes the tab as text, so the line is less indented than the text, and every
    // reader refuses it. Said as such (the code frame shows the tab as spaces), with the fix that
    // empties the line (also `lint --fix`: a blank line of the text is what it stands for).
    if (l.includes('\t') && l.trim() === '' && !seen.has(start)) {
      seen.add(start);
      let h = start;
      let header: RegExpExecArray | null = null;
      while ((h = above(h)) >= 0 && !(header = HEADER.exec(line(h))));
      const keyColumn = header ? header[1]!.length + header[2]!.length : -1;
      const key = header ? header[3]! : undefined;
      slips.push({
        finding: tabLine(start, l.length, key),
        from: start,
        to: keyColumn >= 0 ? runEnd(start, keyColumn) : nextLineStart(text, start),
        tab: true,
        key,
      });
      continue;
    }
    if (seen.has(start) || slips.some((s) => start >= s.from && start < s.to)) continue;
    seen.add(start);
    if (l.trim() === '') continue;
    const prev = above(start);
    if (prev < 0) continue;
    const p = line(prev);
    const h = HEADER.exec(p);
    if (h) {
      // Text right under the header, not indented more than its key: the block is empty.
      const keyColumn = h[1]!.length + h[2]!.length;
      if (indentOf(l) > keyColumn || l.trimStart().startsWith('#')) continue;
      // A key of the mapping that lost its colon after an empty block (`maxAssistantActions 5`, read
      // with it: no unknown key there) is that slip, said as such.
      if (
        d.message === MISSING_COLON_MESSAGE &&
        !out.some((u) => u.code === 'unknown-property' && u.offset === d.offset)
      )
        continue;
      const key = h[3]!;
      const indicator = /[|>][0-9+-]*/.exec(p.slice(keyColumn + key.length + 1))![0];
      const first = start + indentOf(l);
      const to = runEnd(start, keyColumn);
      const indent = indentFix(text, start, to, keyColumn, indicator);
      slips.push({
        finding: diag(
          'syntax-error',
          `This line is not indented under '${key}: ${indicator}': the text of a block scalar goes on the lines below its key, indented more than the key. As written the block is empty and this line is read as a key. Indent the text (two spaces more than '${key}').`,
          first,
          lineEnd(text, start) - first,
          indent ? { data: { indentText: { ...indent, under: key } } } : {},
        ),
        from: start,
        to,
        emptyAt: prev + p.lastIndexOf(indicator, p.indexOf('#') < 0 ? p.length : p.indexOf('#')),
      });
      continue;
    }
    // A line of the text less indented than the lines above it (one column short, or at the key's
    // column, REVIEW18-user U2): it ends the block, and YAML reads it as a key.
    const outdented = outdentedText(start, l, d);
    if (outdented) {
      slips.push(outdented);
      continue;
    }
    // A comment line less indented than the text below it, itself below a block scalar's text.
    if (!p.trimStart().startsWith('#') || indentOf(p) >= indentOf(l)) continue;
    let s = prev;
    let header: RegExpExecArray | null = null;
    let textColumn = -1;
    while ((s = above(s)) >= 0) {
      const t = line(s);
      header = HEADER.exec(t);
      if (header) break;
      // The text of the block: indented past the comment (and at least as far as the line after it).
      if (indentOf(t) <= indentOf(p)) break;
      textColumn = textColumn < 0 ? indentOf(t) : Math.min(textColumn, indentOf(t));
    }
    if (!header || textColumn < 0 || indentOf(l) < textColumn) continue;
    const keyColumn = header[1]!.length + header[2]!.length;
    if (indentOf(p) > keyColumn && indentOf(p) >= textColumn) continue;
    const key = header[3]!;
    const first = prev + indentOf(p);
    slips.push({
      finding: diag(
        'syntax-error',
        `This comment, less indented than the text of the block scalar '${key}' above, ends the block: the lines below it are not its text and are read as keys. Inside a block scalar a '#' line is text, so a line cannot be commented out there: delete the line, or move the comment above '${key}:'.`,
        first,
        lineEnd(text, prev) - first,
      ),
      from: prev,
      to: runEnd(start, keyColumn),
    });
  }
  if (slips.length === 0) return out;
  // Further such lines of the same text, read after the parser's error as lines outside the block
  // (said there as white space with a tab): said as lines of the text too.
  for (let i = 0; i < out.length; i++) {
    const d = out[i]!;
    if (d.code !== 'unportable-tab' || d.severity === 'error' || !d.data?.trailing) continue;
    const start = lineStart(text, d.offset);
    const s = slips.find((x) => x.tab && start > x.from && start < x.to);
    if (s && d.offset === start) out[i] = tabLine(start, d.length, s.key);
  }
  const res = out.filter(
    (d) =>
      !slips.some(
        (s) =>
          ((s.tab ? d.code === 'syntax-error' : READ_INTO.has(d.code)) && d.offset >= s.from && d.offset < s.to) ||
          (s.emptyAt !== undefined &&
            (d.code === 'blank-string' || d.code === 'empty-required') &&
            d.offset === s.emptyAt),
      ),
  );
  for (const s of slips) res.push(s.finding);
  return res.sort((a, b) => a.offset - b.offset);
}
