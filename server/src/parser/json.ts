// JSON / JSONC text → node tree, through jsonc-parser. Never throws.
import { parseTree, printParseErrorCode, ParseErrorCode } from 'jsonc-parser';
import { missingCommas } from './jsonComma';
import type { Node as JNode, ParseError } from 'jsonc-parser';
import type { Node, ObjectNode, ArrayNode, SyntaxProblem, Parent } from './ast';
import { keyNode, propertyNode } from './ast';
import type { ParseLimits } from './yaml';
import { DEFAULT_LIMITS } from './yaml';
import { fastParseJson } from './fastJson';
import { irregularSpaceProblem, onlyIrregularSpaces } from './indentRepair';

const messages: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number format',
  PropertyNameExpected: 'Property name expected',
  ValueExpected: 'Value expected',
  ColonExpected: 'Colon expected',
  CommaExpected: 'Comma expected',
  CloseBraceExpected: 'Closing brace expected',
  CloseBracketExpected: 'Closing bracket expected',
  EndOfFileExpected: 'End of file expected',
  InvalidCommentToken: 'Invalid comment',
  UnexpectedEndOfComment: 'Unexpected end of comment',
  UnexpectedEndOfString: 'Unexpected end of string',
  UnexpectedEndOfNumber: 'Unexpected end of number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character',
};

export function parseJson(
  text: string,
  limits: ParseLimits = DEFAULT_LIMITS,
): { root: Node | undefined; problems: SyntaxProblem[] } {
  // A byte order mark (kept by readers that decode files themselves, as the CLI does) is not a
  // syntax error: it is read as a space, so every offset stays that of the original text.
  if (text.charCodeAt(0) === 0xfeff) text = ' ' + text.slice(1);
  return fastParseJson(text, limits.maxDepth) ?? parseJsonFull(text, limits);
}

/** jsonc-parser's options: comments and trailing commas are read (json-not-strict says them). */
const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/**
 * Where the closing quote of a string jsonc-parser ended at the end of its line (`"con }` typed as a
 * key, `"gpt-4o,` as a value) most likely goes: after the text, before the blanks, commas, braces
 * and brackets that end the line (they are the structure the string swallowed).
 */
function closeAt(text: string, offset: number, length: number): number {
  let end = offset + length;
  while (end > offset + 1 && /[\s,}\]]/.test(text[end - 1]!)) end--;
  return end;
}

const UNCLOSED_KEY = `This key is not closed: write the closing '"' after its name (a JSON string ends on its line).`;
const UNCLOSED_STRING = `This string is not closed: write the closing '"' at its end (a JSON string ends on its line).`;

/** Whether an object or a list starts at this offset. */
const valueFollows = (text: string, at: number): boolean => text[at] === '{' || text[at] === '[';

/** `NaN`, `Infinity`, `-Infinity` (Python's json.dumps writes them), and `+Infinity`. */
const NON_FINITE = /^[-+]?(?:NaN|Infinity)$/;

/** The jsonc-parser path: comments, trailing commas, and every syntax problem reported. */
export function parseJsonFull(
  text: string,
  limits: ParseLimits = DEFAULT_LIMITS,
): { root: Node | undefined; problems: SyntaxProblem[] } {
  let errors: ParseError[] = [];
  const problems: SyntaxProblem[] = [];
  let tree: JNode | undefined;
  try {
    tree = parseTree(text, errors, OPTIONS);
  } catch (e) {
    problems.push(unreadable(text, e));
    return { root: undefined, problems };
  }
  // An unclosed string (REVIEW16-user N4: `"con }` half typed as a key): jsonc-parser ends it at the
  // end of its line, with what it swallowed (a closing brace) missing from the structure after it:
  // "Colon expected", "Closing brace expected" at the end of the file, the key read as `con }`. The
  // text is read again with each such string closed where it most likely ends (closeAt): one
  // problem at each string that says it is not closed, the structure after it read as written, and
  // a key being typed there (no colon, no value) left out of the tree, as not yet written.
  // `quotes`: where the added quotes stand in the text read (`read`); offsets are mapped back.
  let read = text;
  let quotes: number[] = [];
  const unclosed = errors.filter((e) => e.error === ParseErrorCode.UnexpectedEndOfString);
  if (unclosed.length > 0) {
    const at = unclosed.map((e) => closeAt(text, e.offset, e.length));
    let repaired = '';
    let last = 0;
    for (const p of at) {
      repaired += text.slice(last, p) + '"';
      last = p;
    }
    repaired += text.slice(last);
    const again: ParseError[] = [];
    let other: JNode | undefined;
    try {
      other = parseTree(repaired, again, OPTIONS);
    } catch {
      other = undefined;
    }
    // (A string that ends in a backslash stays open with the quote: then the text is read as written.)
    if (other && !again.some((e) => e.error === ParseErrorCode.UnexpectedEndOfString)) {
      read = repaired;
      tree = other;
      errors = again;
      quotes = at.map((p, i) => p + i);
    }
  }
  /** An offset of the text read, in the text as written. */
  const back = (r: number): number => {
    let n = 0;
    while (n < quotes.length && quotes[n]! < r) n++;
    return r - n;
  };
  /** The keys being typed in an unclosed string: (start of the string in `read` → its quote's place). */
  const typedKeys = new Map<number, number>();
  const closedAt = new Map<number, number>();
  for (let i = 0; i < quotes.length; i++) closedAt.set(unclosed[i]!.offset, quotes[i]!);

  /** The first offset at or after `r` in the text read that is not white space. */
  const nextToken = (r: number): number => {
    while (r < read.length && /\s/.test(read[r]!)) r++;
    return r;
  };
  // `NaN`, `Infinity`, `-Infinity` as a value (REVIEW16-user N12): jsonc-parser says "Invalid
  // symbol" for the sign and for the word, then "Value expected" at the next token, and reads no
  // value. Each is one problem (below), and the property's value is read as null there, so that the
  // property spans its text (a fix that removes it removes the word too).
  /** Error index of each such value's first error → how many errors it makes, its text and end. */
  const nonFinite = new Map<number, { count: number; word: string; end: number }>();
  const valueAt = new Map<number, number>();
  for (let i = 0; i < errors.length; i++) {
    const e = errors[i]!;
    if (e.error !== ParseErrorCode.InvalidSymbol) continue;
    const what = read.slice(e.offset, e.offset + e.length);
    const after = errors[i + 1];
    const sign =
      (what === '-' || what === '+') && after?.offset === e.offset + 1 && after.error === ParseErrorCode.InvalidSymbol
        ? what
        : '';
    const word = sign + (sign ? read.slice(after!.offset, after!.offset + after!.length) : what);
    if (!NON_FINITE.test(word)) continue;
    const end = e.offset + word.length;
    let count = sign ? 2 : 1;
    const next = errors[i + count];
    if (next?.error === ParseErrorCode.ValueExpected && next.offset === nextToken(end)) count++;
    nonFinite.set(i, { count, word, end });
    valueAt.set(e.offset, end);
    i += count - 1;
  }
  let tooDeep = false;
  const convert = (n: JNode, parent: Parent, depth: number): Node => {
    const offset = back(n.offset);
    const length = back(n.offset + n.length) - offset;
    if (depth > limits.maxDepth && (n.type === 'object' || n.type === 'array')) {
      if (!tooDeep) {
        tooDeep = true;
        problems.push({
          offset,
          length: 1,
          message: `Nesting deeper than ${limits.maxDepth} levels is not read.`,
          kind: 'resource-limit',
        });
      }
      return { type: 'null', offset, length, parent };
    }
    switch (n.type) {
      case 'object': {
        const obj: ObjectNode = { type: 'object', offset, length, parent, properties: [], flow: true };
        for (const c of n.children ?? []) {
          const [k, v] = c.children ?? [];
          if (!k) continue;
          const quote = closedAt.get(k.offset);
          // (Not when an object or a list follows: that is its value, the colon missing too.)
          if (quote !== undefined && !v && c.colonOffset === undefined && !valueFollows(read, nextToken(quote + 1))) {
            // `"con` half typed: not a key yet (no unknown-property for it, nothing to validate).
            typedKeys.set(k.offset, quote);
            continue;
          }
          const prop = propertyNode(
            obj,
            keyNode(String(k.value ?? ''), true, back(k.offset), back(k.offset + k.length) - back(k.offset)),
            back(c.offset),
            back(c.offset + c.length) - back(c.offset),
            c.colonOffset === undefined ? -1 : back(c.colonOffset),
          );
          if (v) prop.value = convert(v, prop, depth + 1);
          else if (c.colonOffset !== undefined) {
            const at = nextToken(c.colonOffset + 1);
            const end = valueAt.get(at);
            if (end !== undefined) {
              prop.value = { type: 'null', offset: back(at), length: back(end) - back(at), parent: prop };
              prop.length = Math.max(prop.length, back(end) - prop.offset);
            }
          }
          obj.properties.push(prop);
        }
        return obj;
      }
      case 'array': {
        const arr: ArrayNode = { type: 'array', offset, length, parent, items: [], flow: true };
        for (const c of n.children ?? []) arr.items.push(convert(c, arr, depth + 1));
        return arr;
      }
      case 'string':
        return { type: 'string', value: String(n.value), quoted: true, offset, length, parent };
      case 'number':
        return { type: 'number', value: Number(n.value), offset, length, parent };
      case 'boolean':
        return { type: 'boolean', value: Boolean(n.value), offset, length, parent };
      default:
        return { type: 'null', offset, length, parent };
    }
  };
  let root: Node | undefined;
  try {
    root = tree ? convert(tree, undefined, 0) : undefined;
  } catch (e) {
    problems.push(unreadable(text, e));
  }

  // The problems, found in the text read, said at their places in the text as written.
  const found: SyntaxProblem[] = [];
  const isQuote = new Set(quotes);
  // "Colon expected" after a key being typed (no colon, no value: left out of the tree), "Comma
  // expected" after a string whose quote was added: the unclosed string's problem says what to do
  // there first. (A key with a value after it and no colon keeps its "Colon expected".)
  const afterTypedKey = new Set<number>();
  const afterQuote = new Set<number>();
  for (const q of quotes) afterQuote.add(nextToken(q + 1));
  for (const q of typedKeys.values()) afterTypedKey.add(nextToken(q + 1));
  const written: SyntaxProblem[] = [];
  for (let i = 0; i < quotes.length; i++) {
    const start = unclosed[i]!.offset;
    const key = typedKeys.has(start) || isKeyAt(root, start);
    written.push({
      offset: start,
      length: quotes[i]! - i - start,
      message: key ? UNCLOSED_KEY : UNCLOSED_STRING,
      kind: 'syntax',
    });
  }
  const commas = errors.some((e) => e.error === ParseErrorCode.CommaExpected)
    ? missingCommas(
        read,
        errors.filter((e) => e.error === ParseErrorCode.CommaExpected).map((e) => e.offset),
        errors.filter((e) => e.error !== ParseErrorCode.CommaExpected).map((e) => e.offset),
      )
    : undefined;
  for (let i = 0; i < errors.length; i++) {
    const e = errors[i]!;
    if (
      (e.error === ParseErrorCode.ColonExpected && afterTypedKey.has(e.offset)) ||
      (e.error === ParseErrorCode.CommaExpected && afterQuote.has(e.offset))
    )
      continue;
    const comma = e.error === ParseErrorCode.CommaExpected ? commas?.get(e.offset) : undefined;
    if (comma) {
      // (Right after an added quote: the unclosed string's problem covers it.)
      if (!isQuote.has(comma.offset + comma.length - 1)) found.push(comma);
      continue;
    }
    const nf = nonFinite.get(i);
    if (nf) {
      found.push(nonFiniteProblem(nf.word, e.offset));
      i += nf.count - 1;
      continue;
    }
    const code = printParseErrorCode(e.error);
    const what = read.slice(e.offset, e.offset + e.length);
    // A no-break space pasted between tokens: named, with the fix that writes a plain space (the
    // reader already went on past it as past white space).
    if (code === 'InvalidSymbol' && onlyIrregularSpaces(what))
      found.push(irregularSpaceProblem(what, e.offset, 'json'));
    else
      found.push({
        offset: e.offset,
        length: e.length,
        // (Read as written: a string that ends in a backslash, which the added quote did not close.)
        message: e.error === ParseErrorCode.UnexpectedEndOfString ? UNCLOSED_STRING : (messages[code] ?? code),
        kind: 'syntax',
      });
  }
  if (quotes.length > 0)
    for (const p of found) {
      const from = back(p.offset);
      p.length = back(p.offset + p.length) - from;
      p.offset = from;
    }
  if (written.length > 0) {
    found.push(...written);
    found.sort((a, b) => a.offset - b.offset);
  }
  problems.unshift(...found);
  return { root, problems };
}

/** Whether a property's key starts at this offset (an unclosed string read as a key with a value). */
function isKeyAt(root: Node | undefined, offset: number): boolean {
  const visit = (n: Node | undefined): boolean => {
    if (!n || n.offset > offset || n.offset + n.length < offset) return false;
    if (n.type === 'object') return n.properties.some((p) => p.key.offset === offset || visit(p.value));
    if (n.type === 'array') return n.items.some(visit);
    return false;
  };
  return visit(root);
}

/** `NaN` / `Infinity` / `-Infinity` written as a value: what JSON has in its place. */
function nonFiniteProblem(word: string, offset: number): SyntaxProblem {
  const python = word === 'NaN' ? "float('nan')" : word.startsWith('-') ? "float('-inf')" : "float('inf')";
  return {
    offset,
    length: word.length,
    message: `JSON has no ${word} (Python's json.dumps writes it for ${python}): write the value meant, a number, or null where the field may be left unset.`,
    kind: 'syntax',
    nonFinite: true,
  };
}

/** The one problem of a document that could not be read at all (the parser or the conversion threw). */
function unreadable(text: string, e: unknown): SyntaxProblem {
  return {
    offset: 0,
    length: Math.min(1, text.length),
    message: `The document could not be read: ${e instanceof RangeError ? 'it nests too deeply' : String(e)}.`,
    kind: 'resource-limit',
  };
}
