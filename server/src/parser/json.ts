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

/** The jsonc-parser path: comments, trailing commas, and every syntax problem reported. */
export function parseJsonFull(
  text: string,
  limits: ParseLimits = DEFAULT_LIMITS,
): { root: Node | undefined; problems: SyntaxProblem[] } {
  const errors: ParseError[] = [];
  const problems: SyntaxProblem[] = [];
  let tree: JNode | undefined;
  try {
    tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  } catch (e) {
    problems.push(unreadable(text, e));
    return { root: undefined, problems };
  }
  const commas = errors.some((e) => e.error === ParseErrorCode.CommaExpected)
    ? missingCommas(
        text,
        errors.filter((e) => e.error === ParseErrorCode.CommaExpected).map((e) => e.offset),
        errors.filter((e) => e.error !== ParseErrorCode.CommaExpected).map((e) => e.offset),
      )
    : undefined;
  for (const e of errors) {
    const comma = e.error === ParseErrorCode.CommaExpected ? commas?.get(e.offset) : undefined;
    if (comma) {
      problems.push(comma);
      continue;
    }
    const code = printParseErrorCode(e.error);
    const found = text.slice(e.offset, e.offset + e.length);
    // A no-break space pasted between tokens: named, with the fix that writes a plain space (the
    // reader already went on past it as past white space).
    if (code === 'InvalidSymbol' && onlyIrregularSpaces(found))
      problems.push(irregularSpaceProblem(found, e.offset, 'json'));
    else problems.push({ offset: e.offset, length: e.length, message: messages[code] ?? code, kind: 'syntax' });
  }
  let tooDeep = false;
  const convert = (n: JNode, parent: Parent, depth: number): Node => {
    const offset = n.offset;
    const length = n.length;
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
          const prop = propertyNode(
            obj,
            keyNode(String(k.value ?? ''), true, k.offset, k.length),
            c.offset,
            c.length,
            c.colonOffset ?? -1,
          );
          if (v) prop.value = convert(v, prop, depth + 1);
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
  return { root, problems };
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
