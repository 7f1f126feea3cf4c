// A comma missing between two JSON values (`"model": "va-4"` then `"apiKey": …` on the next line, or
// `["a" "b"]`): jsonc-parser says "Comma expected" where the next value starts, and reads on as if the
// comma were there. When the value before it is whole (a closed string, a number, a keyword, a closing
// brace or bracket) and nothing else is wrong between the two, the comma's place is certain: right
// after that value. The problem is then said there, and its fix (also `lint --fix`) writes the comma.
import { createScanner, SyntaxKind, ScanError } from 'jsonc-parser';
import type { SyntaxProblem } from './ast';

const VALUE_END = new Set<SyntaxKind>([
  SyntaxKind.StringLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
  SyntaxKind.CloseBraceToken,
  SyntaxKind.CloseBracketToken,
]);
const VALUE_START = new Set<SyntaxKind>([
  SyntaxKind.StringLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
  SyntaxKind.OpenBraceToken,
  SyntaxKind.OpenBracketToken,
]);

/**
 * For each "Comma expected" at `offsets` (in order) whose comma's place is certain, the problem that says
 * so (keyed by that offset). `others`: the offsets of the parser's other errors (one between the two
 * values makes the place uncertain: `"va-4` unclosed, then the next line).
 */
export function missingCommas(
  text: string,
  offsets: readonly number[],
  others: readonly number[],
): Map<number, SyntaxProblem> {
  const out = new Map<number, SyntaxProblem>();
  if (offsets.length === 0) return out;
  const scanner = createScanner(text, true);
  let prev: { kind: SyntaxKind; offset: number; length: number; error: ScanError } | undefined;
  let i = 0;
  // The open objects and lists: what follows must fit the one it is in (a property in an object, an
  // item in a list). `"b"` then `"schemaName":` in a list is a `]` missing, not a comma.
  const open: SyntaxKind[] = [];
  for (let t = scanner.scan(); t !== SyntaxKind.EOF && i < offsets.length; t = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    while (i < offsets.length && offsets[i]! < offset) i++;
    if (i < offsets.length && offsets[i] === offset) {
      i++;
      const tokenText = text.slice(offset, offset + scanner.getTokenLength());
      const property = t === SyntaxKind.StringLiteral && nextChar(text, offset + tokenText.length) === ':';
      const inObject = open[open.length - 1] === SyntaxKind.OpenBraceToken;
      if (
        prev &&
        VALUE_END.has(prev.kind) &&
        prev.error === ScanError.None &&
        VALUE_START.has(t) &&
        scanner.getTokenError() === ScanError.None &&
        open.length > 0 &&
        property === inObject &&
        !others.some((o) => o >= prev!.offset && o <= offset)
      ) {
        // What follows: a property (`"apiKey":`, named) or another item (not quoted: a value may be a secret).
        const next = property ? `the property ${preview(tokenText)}` : 'the next item';
        const at = prev.offset + prev.length - 1;
        out.set(offset, {
          offset: at,
          length: 1,
          message: `A ',' is missing after this value: ${next} follows it without one. JSON needs a comma between the properties of an object and between the items of a list.`,
          kind: 'syntax',
          missingComma: true,
        });
      }
    }
    if (t === SyntaxKind.OpenBraceToken || t === SyntaxKind.OpenBracketToken) open.push(t);
    else if (t === SyntaxKind.CloseBraceToken || t === SyntaxKind.CloseBracketToken) open.pop();
    prev = { kind: t, offset, length: scanner.getTokenLength(), error: scanner.getTokenError() };
  }
  return out;
}

/** A key or short value as the message shows it: quoted, cut after 40 characters. */
function preview(token: string): string {
  return token.length <= 42 ? token : `${token.slice(0, 40)}…"`;
}

/** The first character after white space and comments from `from`. */
function nextChar(text: string, from: number): string | undefined {
  const s = createScanner(text, true);
  s.setPosition(from);
  return s.scan() === SyntaxKind.EOF ? undefined : text[s.getTokenOffset()];
}
