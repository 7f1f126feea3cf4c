// JSON context from the tree (jsonc-parser keeps partial objects) and the punctuation around the
// cursor: key or value position, the partial word with its quotes, and the commas needed.
import type { ParsedDocument, Node, ObjectNode, ArrayNode } from '../../parser/ast';
import { pathOf, resolve } from '../../parser/ast';
import type { CursorContext, Segment } from './context';
import { WORD } from './context';
import { indentUnit } from '../indent';
import { lineEnd, lineStart } from '../../parser/lineIndex';

function containerAt(root: Node | undefined, pos: number, text: string): ObjectNode | ArrayNode | undefined {
  let node = resolve(root);
  let found: ObjectNode | ArrayNode | undefined;
  while (node && (node.type === 'object' || node.type === 'array')) {
    const end = node.offset + node.length;
    const closed = text[end - 1] === (node.type === 'object' ? '}' : ']');
    if (!(pos > node.offset && (pos < end || (!closed && pos === end)))) break;
    found = node;
    let next: Node | undefined;
    if (node.type === 'object') {
      // Descend only into what stands at `pos`: an alias points elsewhere (maybe at this very
      // mapping, which would loop forever).
      for (const p of node.properties) {
        const v = p.value;
        if (v && (v.type === 'object' || v.type === 'array') && pos > v.offset && pos <= v.offset + v.length) next = v;
      }
    } else {
      for (const it of node.items)
        if ((it.type === 'object' || it.type === 'array') && pos > it.offset && pos <= it.offset + it.length) next = it;
    }
    node = next;
  }
  return found;
}

function siblingsOf(obj: ObjectNode, offset: number): Map<string, string | undefined> {
  const m = new Map<string, string | undefined>();
  for (const p of obj.properties) {
    if (offset >= p.key.offset && offset <= p.key.offset + p.key.length) continue;
    const v = resolve(p.value);
    if (!m.has(p.key.value)) m.set(p.key.value, v?.type === 'string' ? v.value : undefined);
  }
  return m;
}

function lineIndentAt(text: string, pos: number): number {
  const ls = lineStart(text, pos);
  let i = ls;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i - ls;
}

/** End of the code on a line: where a `//` (JSONC) or ` #` (YAML) comment starts, outside strings. */
function codeEnd(text: string, lineStart: number, limit: number, yaml: boolean): number {
  let q = '';
  for (let i = lineStart; i < limit; i++) {
    const c = text[i]!;
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q) q = '';
    } else if (c === '"' || (yaml && c === "'")) q = c;
    else if (!yaml && c === '/' && text[i + 1] === '/') return i;
    else if (yaml && c === '#' && (i === lineStart || /\s/.test(text[i - 1]!))) return i;
  }
  return limit;
}

/** The last character before `pos` that is neither space nor comment, or -1. */
function prevSignificant(text: string, pos: number, yaml: boolean): number {
  let p = pos - 1;
  while (p >= 0) {
    const ls = lineStart(text, p + 1);
    let i = codeEnd(text, ls, p + 1, yaml) - 1;
    while (i >= ls && /\s/.test(text[i]!)) i--;
    if (i >= ls) {
      if (!yaml && text[i] === '/' && text[i - 1] === '*') {
        const open = text.lastIndexOf('/*', i - 2);
        if (open >= 0) {
          p = open - 1;
          continue;
        }
      }
      return i;
    }
    p = ls - 2;
  }
  return -1;
}

/** The first character at or after `pos` that is neither space nor comment (text.length if none). */
function nextSignificant(text: string, pos: number, yaml: boolean): number {
  let n = pos;
  while (n < text.length) {
    const c = text[n]!;
    if (/\s/.test(c)) n++;
    else if ((!yaml && c === '/' && text[n + 1] === '/') || (yaml && c === '#')) {
      n = lineEnd(text, n);
    } else if (!yaml && c === '/' && text[n + 1] === '*') {
      const close = text.indexOf('*/', n + 2);
      n = close === -1 ? text.length : close + 2;
    } else break;
  }
  return n;
}

const VALUE_END = /["}\]0-9a-z]/;

/**
 * JSON, and YAML flow collections (`llm: {provider: |}`), which share its punctuation. For YAML the
 * cursor must be inside a flow collection of the tree.
 */
export function jsonContext(doc: ParsedDocument, offset: number): CursorContext | undefined {
  const text = doc.text;
  const yaml = doc.language === 'yaml';
  const lineFrom = lineStart(text, offset);
  const lineTo = lineEnd(text, offset);
  // Inside a string on this line?
  let open = -1;
  for (let i = lineFrom; i < offset; i++) {
    const c = text[i];
    if (open >= 0) {
      if (c === '\\' && text[open] === '"') i++;
      else if (c === text[open]) open = -1;
    } else if (c === '"' || (yaml && c === "'")) open = i;
    else if (!yaml && c === '/' && text[i + 1] === '/') return undefined;
    else if (!yaml && c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close === -1 || close + 2 > offset) return undefined;
      i = close + 1;
    } else if (yaml && c === '#' && (i === lineFrom || /\s/.test(text[i - 1]!))) return undefined;
  }
  // The cursor on the opening quote of a string (`|"kind": …`, the first character of a member): the
  // string is the word being replaced, as with the cursor one column in, never a new member beside it
  // (REVIEW8 K18b, c).
  if (open < 0 && (text[offset] === '"' || (yaml && text[offset] === "'")) && !WORD.test(text[offset - 1] ?? ''))
    open = offset;
  let start: number;
  let end = offset;
  if (open >= 0) {
    start = open;
    let close = -1;
    const q = text[open];
    for (let i = Math.max(offset, open + 1); i < lineTo; i++) {
      if (text[i] === '\\' && q === '"') i++;
      else if (text[i] === q) {
        close = i;
        break;
      }
    }
    if (close >= 0) end = close + 1;
    else while (end < lineTo && WORD.test(text[end]!)) end++;
    if (/\s/.test(text.slice(open + 1, offset))) return undefined;
  } else {
    start = offset;
    while (start > lineFrom && WORD.test(text[start - 1]!)) start--;
    while (end < lineTo && WORD.test(text[end]!)) end++;
  }
  const p = prevSignificant(text, start, yaml);
  const prev = p >= 0 ? text[p]! : '';
  const n = nextSignificant(text, end, yaml);
  const next = n < text.length ? text[n]! : '';
  const unit = indentUnit(doc).length;
  const container = containerAt(doc.root, start, text);
  if (yaml && !container?.flow) return undefined;
  const beforeOnLine = text.slice(lineFrom, start).trim();
  const indent =
    beforeOnLine === '' ? lineIndentAt(text, start) : container ? lineIndentAt(text, container.offset) + unit : 0;
  const common = {
    language: doc.language,
    flow: yaml,
    replace: { offset: start, length: end - start },
    prefix: text.slice(open >= 0 ? start + 1 : start, offset),
    indent,
    unit,
    commaBefore: false,
    commaAfter: next !== '' && !'}],:'.includes(next),
    // A mapping written on one line gets its new members on that line too.
    inline:
      !yaml &&
      container !== undefined &&
      !text.slice(container.offset, container.offset + container.length).includes('\n'),
  };
  if (open >= 0) Object.assign(common, { quote: text[open] });
  if (!container) {
    const root = resolve(doc.root);
    if (root && (root.type === 'object' || root.type === 'array')) return undefined;
    // An empty document, or a bare word at the top: keys come wrapped in an object.
    if (text.slice(0, start).trim() !== '' || text.slice(end).trim() !== '') return undefined;
    return {
      ...common,
      mode: 'key',
      path: [],
      siblings: new Map(),
      keyHasColon: false,
      wrapInObject: true,
      commaAfter: false,
    };
  }
  const basePath: Segment[] = pathOf(container);
  const gap = p < start - 1;
  const missingComma = prev !== '' && VALUE_END.test(prev) && gap;
  // The previous member on an earlier line: its comma goes after it, not at the start of this line.
  if (missingComma && !yaml && text.slice(p + 1, start).includes('\n')) Object.assign(common, { commaAt: p + 1 });
  if (container.type === 'object') {
    if (prev === ':') {
      const prop =
        container.properties.find((x) => x.colonOffset === p) ??
        [...container.properties].reverse().find((x) => x.key.offset < p);
      if (!prop) return undefined;
      const v = prop.value;
      if (v && v.offset >= end) {
        const vEnd = v.offset + v.length;
        const m = nextSignificant(text, vEnd, yaml);
        // A "value" followed by a colon is the next member's key (the value is still missing).
        if (text[m] !== ':') {
          // The cursor stands before the value already there: replace it, or leave a collection alone.
          if (v.type === 'object' || v.type === 'array' || /\S|\n/.test(text.slice(end, v.offset))) return undefined;
          common.replace = { offset: start, length: vEnd - start };
          common.commaAfter = m < text.length && !'}],:'.includes(text[m]!);
        }
      }
      return {
        ...common,
        mode: 'value',
        path: [...basePath, prop.key.value],
        owner: container,
        ownerSiblings: siblingsOf(container, offset),
        // YAML reads `{provider:hosted}` as one key `provider:hosted` (REVIEW8 K1): a value typed
        // right after the colon gets its space, as in block style.
        spaceBefore: yaml && start === p + 1,
        keyIndent: lineIndentAt(text, prop.key.offset),
      };
    }
    if (prev === '{' || prev === ',' || missingComma) {
      if (prev === '{' && p !== container.offset) return undefined;
      const keyHasColon = next === ':';
      return {
        ...common,
        mode: 'key',
        path: basePath,
        object: container,
        siblings: siblingsOf(container, offset),
        keyHasColon,
        commaBefore: missingComma,
        commaAfter: keyHasColon ? false : common.commaAfter,
      };
    }
    return undefined;
  }
  if (prev === '[' || prev === ',' || missingComma) {
    const index = container.items.filter((it) => it.offset + it.length <= start).length;
    return {
      ...common,
      mode: 'value',
      path: [...basePath, index],
      owner: container,
      ownerSiblings: new Map(),
      spaceBefore: false,
      keyIndent: indent,
      commaBefore: missingComma,
    };
  }
  return undefined;
}
