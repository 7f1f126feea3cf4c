// `unportable-tab` (REVIEW15-user U2): a tab where YAML wants separating white space: between a value
// and its comment, after `key:` or `-`, at the end of a line, inside a flow collection. YAML 1.2 reads
// it as a space (this tool, js-yaml, Go), but PyYAML refuses the file ("found character '\t' that
// cannot start any token"), and a hand-edited file gets such tabs from editors that do not expand
// them. Inside a scalar (quoted, plain, a block scalar's text) and in a comment a tab is text: never
// said here. A tab in a line's indentation before content is the parser's own error (a width to
// guess): not said here either. The fix writes a space for each tab (the columns stay as they are),
// or removes white space at the end of a line: nothing read changes.
import type { Node, ParsedDocument, StringNode } from '../../parser/ast';
import { allDocuments } from '../../parser/documents';
import { lineEnd, lineStart } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';

const TAB = 9;
const SPACE = 32;
const HASH = 35;

/**
 * The ranges of text that are scalars' (their tabs are text), in text order; and the plain values
 * that hold a tab (PyYAML ends a plain scalar at a tab, then refuses it): one-line values whose text
 * holds one, values over several lines whose source holds one (in the text or in the blanks that
 * fold its lines). Only the scalars that reach into [from, to] (the lines an edit touched): the walk
 * leaves out the collections outside; a plain value is said by the region its first line is in.
 */
function scalarRanges(
  doc: ParsedDocument,
  from: number,
  to: number,
): { ranges: [number, number][]; plain: StringNode[] } {
  const text = doc.text;
  const out: [number, number][] = [];
  const plain: StringNode[] = [];
  const outside = (n: Node): boolean => n.offset > to || n.offset + n.length < from;
  const add = (n: Node, key?: boolean): void => {
    if (n.length === 0 || outside(n)) return;
    if (n.type === 'string' && !n.quoted) {
      // A block scalar's text starts on the line below its header (`|`, `>-`, after an anchor or tag).
      const nl = text.indexOf('\n', n.offset);
      const head = nl < 0 || nl >= n.offset + n.length ? '' : text.slice(n.offset, nl);
      if (/^(?:[&!][^\s]*\s+)*[|>]/.test(head)) {
        out.push([nl + 1, n.offset + n.length]);
        return;
      }
      if (!key && n.offset >= from) {
        const source = text.slice(n.offset, n.offset + n.length);
        // One line: a tab in it is in the value. Over several lines (REVIEW16 slips17): a tab in the
        // blanks that fold its lines is not, but PyYAML refuses it all the same.
        if (source.includes('\n') ? source.includes('\t') : n.value.includes('\t')) plain.push(n);
      }
    }
    out.push([n.offset, n.offset + n.length]);
  };
  for (const d of allDocuments(doc)) {
    const stack: Node[] = d.root ? [d.root] : [];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if ((n.type === 'object' || n.type === 'array') && outside(n)) continue;
      if (n.type === 'object') {
        for (const p of n.properties) {
          add(p.key, true);
          if (p.value) stack.push(p.value);
        }
      } else if (n.type === 'array') for (const x of n.items) stack.push(x);
      else if (n.type !== 'alias') add(n);
    }
  }
  return { ranges: out.sort((a, b) => a[0] - b[0]), plain };
}

/** Where a run of white space holding a tab stands, as the message says it. */
function where(text: string, from: number, to: number, end: number): string {
  if (to === end)
    return from === lineStart(text, from) ? 'A line of only white space holds a tab' : 'A tab at the end of the line';
  if (text.charCodeAt(to) === HASH) return 'A tab before the comment';
  const before = text[from - 1];
  if (before === ':' || before === '-' || before === ',') return `A tab after '${before}'`;
  return 'A tab between two parts of the line';
}

/**
 * What the editor's cache (validation/units.ts) keeps of this check across edits: the findings for a
 * text of a length, and, after one edit whose tree was patched, the region of the new text to read
 * again (the edit and the node the patch changed, the property holding it) and the edit's change of length.
 */
export interface TabFindings {
  tabsFor(
    length: number,
  ): { found: readonly Diagnostic[]; dirty?: { from: number; to: number; delta: number } } | undefined;
  recordTabs(length: number, found: readonly Diagnostic[]): void;
}

/**
 * Each run of spaces and tabs holding a tab, outside scalars and comments and not in the indentation
 * before a line's content (YAML documents only; nothing to do for a text without a tab). With `cache`
 * (the editor), after an edit only the lines it touched are read again: what a line holds depends on
 * its text and on the scalars on it, and the patch changed neither outside the region; the findings
 * elsewhere are the last ones, moved by the edit (a file with tabs on many lines was read whole, tree
 * and text, at each keystroke).
 */
export function unportableTabs(
  doc: ParsedDocument,
  has: (needle: string) => boolean = (needle) => doc.text.includes(needle),
  cache?: TabFindings,
): Diagnostic[] {
  const text = doc.text;
  if (doc.language !== 'yaml' || !has('\t')) {
    cache?.recordTabs(text.length, []);
    return [];
  }
  const known = cache?.tabsFor(text.length);
  let out: Diagnostic[];
  if (!known) out = tabsIn(doc, 0, text.length);
  else if (!known.dirty) out = [...known.found];
  else {
    const { delta } = known.dirty;
    const from = lineStart(text, known.dirty.from);
    const to = lineEnd(text, known.dirty.to);
    // (Each finding lies before the region, or after it in the text before the edit: one on a plain
    // value over several lines that the edit reached is on the node the patch changed, in the region.)
    const before: Diagnostic[] = [];
    const after: Diagnostic[] = [];
    for (const d of known.found) {
      if (d.offset < from) before.push(d);
      else if (d.offset >= to - delta) after.push(delta === 0 ? d : { ...d, offset: d.offset + delta });
    }
    out = [...before, ...tabsIn(doc, from, to), ...after];
  }
  cache?.recordTabs(text.length, out);
  // (Copies: what the cache keeps is never handed out to be changed.)
  return cache ? out.map((d) => ({ ...d, ...(d.data ? { data: { ...d.data } } : {}) })) : out;
}

/** The findings on the lines of [from, to] (`from` a line's start, `to` a line's end), in text order. */
function tabsIn(doc: ParsedDocument, from: number, to: number): Diagnostic[] {
  const text = doc.text;
  const { ranges, plain } = scalarRanges(doc, from, to);
  const out: Diagnostic[] = [];
  // A plain value holding a tab (`be\tbrief`): YAML 1.2 reads the tab as text, PyYAML refuses it.
  // Written in double quotes with the tab as `\t`, the value is the same for every loader.
  for (const n of plain) {
    const holder = n.parent?.type === 'property' ? ` of '${n.parent.key.value}'` : '';
    const lines = text.slice(n.offset, n.offset + n.length).split('\n').length;
    // Over several lines, a tab in a line's leading or trailing blanks folds away: read as a space.
    const inText = n.value.includes('\t');
    const what =
      lines === 1
        ? `A tab inside the plain value${holder}: YAML 1.2 reads it as text`
        : inText
          ? `A tab in the text of the plain value${holder}, which continues over ${lines} lines: YAML 1.2 reads it as text`
          : `A tab at the end of a line of the plain value${holder}, which continues over ${lines} lines: YAML 1.2 folds it away`;
    const todo = inText
      ? `Write the value in double quotes, with ${lines === 1 ? 'the tab' : 'a tab in the text'} as \\t: every loader then reads the same text.`
      : 'Remove the white space at the end of that line: the value stays the same.';
    out.push(
      diag(
        'unportable-tab',
        `${what}, but YAML 1.1 loaders (PyYAML) refuse the file ("found character '\\t' that cannot start any token"). ${todo}`,
        n.offset,
        n.length,
        { data: { quoteValue: true, lossless: true } },
      ),
    );
  }
  let r = 0;
  let tab = text.indexOf('\t', from);
  while (tab >= 0 && tab <= to) {
    const start = lineStart(text, tab);
    const end = lineEnd(text, tab);
    let j = start;
    // The indentation: white space before the line's first other character.
    while (j < end && (text.charCodeAt(j) === SPACE || text.charCodeAt(j) === TAB)) j++;
    const indentEnd = j;
    // Tabs in the indentation before content (not a comment) are the parser's to say.
    j = j < end && text.charCodeAt(j) !== HASH ? indentEnd : start;
    while (j < end) {
      while (r < ranges.length && ranges[r]![1] <= j) r++;
      const range = ranges[r];
      if (range && range[0] <= j) {
        j = range[1];
        continue;
      }
      const c = text.charCodeAt(j);
      // A comment: `#` at the start of the line or after white space; the rest of the line is its text.
      if (c === HASH && (j === start || text.charCodeAt(j - 1) === SPACE || text.charCodeAt(j - 1) === TAB)) break;
      if (c !== SPACE && c !== TAB) {
        j++;
        continue;
      }
      let k = j;
      let holds = false;
      while (k < end && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) {
        if (text.charCodeAt(k) === TAB) holds = true;
        k++;
      }
      // (A run that reaches into a scalar cannot be: scalars start with no white space.)
      if (holds) {
        const trailing = k === end;
        const what = where(text, j, k, end);
        out.push(
          diag(
            'unportable-tab',
            `${what}: YAML 1.2 reads it as a space, but YAML 1.1 loaders (PyYAML) refuse the file ("found character '\\t' that cannot start any token"): they take a tab only inside a scalar or a comment. ${trailing ? (j === start ? 'Remove it.' : 'Remove the white space at the end of the line.') : 'Write a space instead.'}`,
            j,
            k - j,
            { data: trailing ? { trailing: true, lossless: true } : { lossless: true } },
          ),
        );
      }
      j = k;
    }
    tab = text.indexOf('\t', end);
  }
  return out.sort((a, b) => a.offset - b.offset);
}
