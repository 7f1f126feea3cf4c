// Comments and trailing commas in a `.assistant.json` file: the parser reads them (so the rest of the
// file is still checked), but they are not JSON and a service reading JSON rejects the file.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';

const MAX_REPORTED = 50;
const TRAILING_COMMA = /,\s*[}\]]/;

export function jsonStrictness(text: string): Diagnostic[] {
  // Most files have neither: one pass of two cheap tests instead of a scan.
  if (!text.includes('/') && !TRAILING_COMMA.test(text)) return [];
  const out: Diagnostic[] = [];
  const scanner = createScanner(text, false);
  let comma = -1;
  for (let t = scanner.scan(); t !== SyntaxKind.EOF && out.length < MAX_REPORTED; t = scanner.scan()) {
    switch (t) {
      case SyntaxKind.LineCommentTrivia:
      case SyntaxKind.BlockCommentTrivia:
        out.push(
          diag(
            'json-not-strict',
            'JSON does not allow comments: a service reading this file as JSON rejects it. Remove the comment (or keep notes in a YAML config).',
            scanner.getTokenOffset(),
            scanner.getTokenLength(),
            { data: { key: 'comment' } },
          ),
        );
        break;
      case SyntaxKind.Trivia:
      case SyntaxKind.LineBreakTrivia:
        break;
      case SyntaxKind.CommaToken:
        comma = scanner.getTokenOffset();
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        if (comma >= 0)
          out.push(
            diag(
              'json-not-strict',
              `JSON does not allow a comma before the closing '${t === SyntaxKind.CloseBraceToken ? '}' : ']'}': a service reading this file as JSON rejects it.`,
              comma,
              1,
              { data: { key: 'comma' } },
            ),
          );
        comma = -1;
        break;
      default:
        comma = -1;
    }
  }
  return out;
}
