// Reading YAML lines: indentation, item markers, the key and its colon. Only the lines near the
// cursor are read; none of this parses the document.
import { columnOf, lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';

export interface Line {
  start: number;
  end: number;
  indent: number;
  blank: boolean;
  /** Columns of `- ` item markers. */
  dashes: number[];
  /** Column after the item markers: where the line's key (or scalar) starts. */
  keyCol: number;
  key?: string;
  /** Absolute offsets of the key token (quotes included) and of its colon. */
  keyStart: number;
  keyEnd: number;
  colon: number;
  /** Text after the colon, comment stripped, trimmed. */
  valueText: string;
}

export function readLine(text: string, start: number, end: number): Line {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  const line: Line = {
    start,
    end,
    indent: i - start,
    blank: false,
    dashes: [],
    keyCol: 0,
    keyStart: -1,
    keyEnd: -1,
    colon: -1,
    valueText: '',
  };
  if (i >= end || text[i] === '#' || text.startsWith('---', i) || text.startsWith('...', i)) {
    line.blank = true;
    line.keyCol = line.indent;
    return line;
  }
  while (i < end && text[i] === '-' && (i + 1 >= end || text[i + 1] === ' ' || text[i + 1] === '\t')) {
    line.dashes.push(i - start);
    i++;
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
  }
  line.keyCol = i - start;
  line.keyStart = i;
  let j = i;
  const q = text[i];
  if (q === '"' || q === "'") {
    j = i + 1;
    while (j < end && text[j] !== q) j += text[j] === '\\' && q === '"' ? 2 : 1;
    if (j >= end) return line;
    const keyEnd = j + 1;
    let k = keyEnd;
    while (k < end && text[k] === ' ') k++;
    if (text[k] !== ':') return line;
    line.key = text.slice(i + 1, j);
    line.keyEnd = keyEnd;
    line.colon = k;
  } else {
    if (q === '{' || q === '[' || q === '?' || q === '|' || q === '>') return line;
    for (; j < end; j++) {
      const c = text[j];
      if (c === ':' && (j + 1 >= end || text[j + 1] === ' ' || text[j + 1] === '\t')) break;
      if (c === '#' && (text[j - 1] === ' ' || text[j - 1] === '\t')) return line;
    }
    if (j >= end) return line;
    line.key = text.slice(i, j).trimEnd();
    line.keyEnd = i + line.key.length;
    line.colon = j;
  }
  let v = text.slice(line.colon + 1, end);
  const hash = v.search(/(^|\s)#/);
  if (hash >= 0) v = v.slice(0, hash);
  line.valueText = unquote(v.trim());
  return line;
}

/**
 * Whether a key line leaves its value to the lines below: nothing after the colon but node
 * properties (`&anchor`, `!tag`, both) and a comment. `llm: &main` opens a block as `llm:` does.
 */
export function noValueOnLine(text: string, line: Line): boolean {
  if (line.key === undefined) return false;
  let i = line.colon + 1;
  for (;;) {
    while (i < line.end && (text[i] === ' ' || text[i] === '\t')) i++;
    if (i >= line.end || text[i] === '#') return true;
    if (text[i] !== '&' && text[i] !== '!') return false;
    while (i < line.end && text[i] !== ' ' && text[i] !== '\t') i++;
  }
}

export function unquote(s: string): string {
  if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s[s.length - 1] === s[0]) return s.slice(1, -1);
  return s;
}

/** Column of the `- ` marker in front of a block sequence item, if there is one on its line. */
export function dashCol(text: string, itemOffset: number): number | undefined {
  let j = itemOffset - 1;
  while (j >= 0 && text[j] === ' ') j--;
  return text[j] === '-' ? columnOf(text, j) : undefined;
}

/** The nearest line above the line starting at `from` that holds content. */
export function previousContentLine(text: string, from: number): Line | undefined {
  let pos = from;
  while (pos > 0) {
    const start = lineStart(text, pos - 1);
    const line = readLine(text, start, lineEnd(text, start));
    if (!line.blank) return line;
    pos = start;
  }
  return undefined;
}

export function isPlainWord(s: string): boolean {
  return /^[^\s:#{}[\],&*!|>%@`]*$/.test(s);
}

/** Whether the text before the cursor on its line opens a flow collection that is still open. */
export function inFlow(text: string, lineStart: number, offset: number): boolean {
  let depth = 0;
  let q = '';
  for (let i = lineStart; i < offset; i++) {
    const c = text[i]!;
    if (q) {
      if (c === q) q = '';
    } else if (c === '"' || c === "'") q = c;
    else if (c === '#' && (i === lineStart || /\s/.test(text[i - 1]!))) return false;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth = Math.max(0, depth - 1);
  }
  return depth > 0;
}

/**
 * Whether the next content line is deeper than `col` (the key being typed already has a block
 * below it), and whether that block is well formed as its value: a later line between `col` and the
 * block's indentation would make any key here break the document.
 */
export function blockBelow(text: string, from: number, col: number): 'none' | 'block' | 'broken' {
  let pos = from;
  let inner = -1;
  for (let n = 0; n < 2000 && pos < text.length; n++) {
    const line = readLine(text, pos, lineEnd(text, pos));
    pos = nextLineStart(text, line.end);
    if (line.blank) continue;
    if (inner < 0) {
      if (line.indent <= col) return 'none';
      inner = line.indent;
      continue;
    }
    if (line.indent <= col) return 'block';
    if (line.indent < inner) return 'broken';
  }
  return inner < 0 ? 'none' : 'block';
}

/** Sibling keys below the cursor line, in the same mapping; bounded so a huge mapping stays cheap. */
export function siblingsBelow(
  text: string,
  from: number,
  col: number,
  siblings: Map<string, string | undefined>,
  maxLines = 5000,
): void {
  let pos = from;
  for (let n = 0; n < maxLines && pos < text.length; n++) {
    const end = lineEnd(text, pos);
    let i = pos;
    while (i < end && text.charCodeAt(i) === 32) i++;
    const next = text.indexOf('\n', end);
    if (i < end && i - pos <= col) {
      const line = readLine(text, pos, end);
      if (!line.blank) {
        if (line.indent < col || line.dashes.length > 0) return;
        if (line.key !== undefined && !siblings.has(line.key)) siblings.set(line.key, line.valueText);
      }
    }
    if (next === -1) return;
    pos = next + 1;
  }
}
