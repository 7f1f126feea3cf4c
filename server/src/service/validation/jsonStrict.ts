// Comments and trailing commas in a `.assistant.json` file: the parser reads them (so the rest of the
// file is still checked), but they are not JSON and a service reading JSON rejects the file.
import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';

const MAX_REPORTED = 50;
const TRAILING_COMMA = /,\s*[}\]]/;

export function jsonStrictness(text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A UTF-8 byte order mark: JSON.parse and Python's json reject it (RFC 8259 forbids it in JSON
  // text). A warning, since many readers skip it; removing it changes nothing the user wrote.
  if (text.charCodeAt(0) === 0xfeff)
    out.push(
      diag(
        'json-not-strict',
        "The file starts with a UTF-8 byte order mark (BOM): JSON readers such as JSON.parse and Python's json reject it. Remove it (save the file as UTF-8 without BOM).",
        0,
        1,
        { severity: 'warning', data: { key: 'bom', lossless: true } },
      ),
    );
  // Most files have neither: one pass of two cheap tests instead of a scan.
  if (!text.includes('/') && !TRAILING_COMMA.test(text)) return out;
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
              // Nothing the user wrote goes with a trailing comma: `--fix` removes it (as the BOM).
              { data: { key: 'comma', lossless: true } },
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
