// Text shaped like a credential in a YAML comment (REVIEW5 H3, its last shape): `# old key:
// sk-proj-…` is committed with the file as surely as a value is, and every output already masks it
// (the same recogniser, credentialShapes.ts); this makes the file not lint clean while it holds one.
// Values are the strayCredential and envValue rules'; a `#` inside a scalar (a quoted string, a block
// scalar's text) starts no comment and is theirs too.
import type { Node, ParsedDocument } from '../../parser/ast';
import { lineEnd } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';
import { credentialShapes } from '../credentialShapes';
import { SyntaxKind, createScanner } from 'jsonc-parser';

/** The shortest text a shape matches (credentialShapes.ts RUN_MIN): shorter comments are not scanned. */
const SHORTEST = 15;

/**
 * The comments of a YAML document holding credential-shaped text, one warning each (on the first
 * such text in it). Linear in the text: one search for `#`, the recogniser over comment text only.
 */
export function commentCredentials(doc: ParsedDocument): Diagnostic[] {
  if (doc.language !== 'yaml') return jsonCommentCredentials(doc.text);
  const text = doc.text;
  const out: Diagnostic[] = [];
  for (let at = text.indexOf('#'); at >= 0; at = text.indexOf('#', at + 1)) {
    // A `#` starts a comment at a line start or after a blank.
    const before = at === 0 ? 0x0a : text.charCodeAt(at - 1);
    if (before !== 0x20 && before !== 0x09 && before !== 0x0a && before !== 0x0d) continue;
    const end = lineEnd(text, at);
    if (end - at - 1 >= SHORTEST) {
      const shapes = credentialShapes(text.slice(at + 1, end));
      if (shapes.length > 0) {
        const scalar = scalarAt(doc.root, at);
        // A block scalar's header line (`systemInstructions: |  # …`) ends in a comment: its text starts below.
        if (scalar && !isBlockHeader(text, scalar, at)) {
          // Not a comment: the scalar's text; its rules judge it. Its other `#`s are skipped too.
          at = Math.max(at, scalar.offset + scalar.length - 1);
          continue;
        }
        out.push(finding(at + 1 + shapes[0]!.offset, shapes[0]!.length));
      }
    }
    at = end;
  }
  return out;
}

function finding(offset: number, length: number): Diagnostic {
  return diag(
    'literal-secret',
    'This comment holds text shaped like a credential (not shown): a comment is committed with the file as a value is. Remove it, and if the credential was ever real, revoke it.',
    offset,
    length,
  );
}

/**
 * JSON with comments (`//`, `/* *\/`: an error of their own, json-not-strict, which a team keeping
 * JSONC turns off): the same finding in them. The scanner runs only when the text has a comment mark.
 */
function jsonCommentCredentials(text: string): Diagnostic[] {
  // (`https://` in a string is no comment: `//` after a blank, a bracket, a comma or a line start may be.)
  if (!text.includes('/*') && !/(?:^|[\s,{}[\]])\/\//.test(text)) return [];
  const out: Diagnostic[] = [];
  const scanner = createScanner(text, false);
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan()) {
    if (t !== SyntaxKind.LineCommentTrivia && t !== SyntaxKind.BlockCommentTrivia) continue;
    const at = scanner.getTokenOffset();
    const len = scanner.getTokenLength();
    if (len - 2 < SHORTEST) continue;
    const shapes = credentialShapes(text.slice(at + 2, at + len));
    if (shapes.length > 0) out.push(finding(at + 2 + shapes[0]!.offset, shapes[0]!.length));
  }
  return out;
}

/** Whether the `#` at `at` stands on the header line of block scalar `scalar` (`|`, `>-`, after `&a` or a tag). */
function isBlockHeader(text: string, scalar: Node, at: number): boolean {
  const head = text.slice(scalar.offset, at);
  return !head.includes('\n') && /^(?:[&!][^\s]*\s+)*[|>]/.test(head);
}

/** The scalar whose text holds `offset` (a string node strictly around it), if any. */
function scalarAt(root: Node | undefined, offset: number): Node | undefined {
  let node: Node | undefined = root;
  while (node) {
    if (offset < node.offset || offset > node.offset + node.length) return undefined;
    if (node.type === 'string') return offset > node.offset && offset < node.offset + node.length ? node : undefined;
    let next: Node | undefined;
    if (node.type === 'object') {
      for (const p of node.properties)
        if (p.value && offset >= p.value.offset && offset < p.value.offset + p.value.length) {
          next = p.value;
          break;
        } else if (offset > p.key.offset && offset < p.key.offset + p.key.length) return p.key;
    } else if (node.type === 'array') {
      for (const x of node.items)
        if (offset >= x.offset && offset < x.offset + x.length) {
          next = x;
          break;
        }
    }
    node = next;
  }
  return undefined;
}
