// Text shaped like a credential in a YAML comment (REVIEW5 H3, its last shape): `# old key:
// sk-proj-…` is committed with the file as surely as a value is, and every output already masks it
// (the same recogniser, credentialShapes.ts); this makes the file not lint clean while it holds one.
// Values are the strayCredential and envValue rules'; a `#` inside a scalar (a quoted string, a block
// scalar's text) starts no comment and is theirs too.
import type { Node, ParsedDocument } from '../../parser/ast';
import { lineEnd } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';
import { SHORTEST_SHAPE, credentialShapes, mayHoldShape } from '../credentialShapes';
import { SyntaxKind, createScanner } from 'jsonc-parser';
import type { UnitCache } from './units';

/** Shorter comments are not scanned (nothing in them is credential-shaped). */
const SHORTEST = SHORTEST_SHAPE;

/**
 * The comments of a YAML document holding credential-shaped text, one warning each (on the first
 * such text in it). Linear in the text: one search for `#`, the recogniser over comment text only;
 * with `units` (the editor), only the lines edited since the last version.
 */
export function commentCredentials(doc: ParsedDocument, units?: UnitCache): Diagnostic[] {
  if (doc.language !== 'yaml') return jsonCommentCredentials(doc.text);
  let found: Candidate[];
  if (!units) found = candidates(doc.text, 0);
  else {
    // In the editor: the candidates kept from the last version, with only the lines an edit touched
    // read again (every comment of a 100,000-line file cost ~8 ms per keystroke). Whether each is a
    // comment is asked of the new tree every time: an edit elsewhere can open or close a scalar.
    const length = doc.text.length;
    const kept = units.commentsFor(length);
    if (kept?.dirty) {
      const { from, text } = kept.dirty;
      found = [...kept.candidates, ...candidates(text, from)].sort((a, b) => a.hash - b.hash);
    } else found = kept ? kept.candidates : candidates(doc.text, 0);
    units.recordComments(length, found);
  }
  const out: Diagnostic[] = [];
  // One finding per comment: a `#` after one that starts a comment on its line is in that comment.
  let commentEnd = -1;
  for (const c of found) {
    if (c.hash < commentEnd) continue;
    const scalar = scalarAt(doc.root, c.hash);
    // A block scalar's header line (`systemInstructions: |  # …`) ends in a comment: its text starts below.
    if (scalar && !isBlockHeader(doc.text, scalar, c.hash)) continue;
    out.push(finding(c.offset, c.length));
    commentEnd = lineEnd(doc.text, c.hash);
  }
  return out;
}

/** A `#` that may start a comment, on a line whose rest holds credential-shaped text (the first such). */
export interface Candidate {
  hash: number;
  offset: number;
  length: number;
}

/**
 * The candidates in `text`, the piece of the document's text that starts at `base` and holds whole
 * lines (the whole text, or the lines an edit touched). Whether each `#` stands in a scalar is not
 * asked here (it depends on the whole tree).
 */
function candidates(text: string, base: number): Candidate[] {
  const out: Candidate[] = [];
  for (let at = text.indexOf('#'); at >= 0; at = text.indexOf('#', at + 1)) {
    // A `#` starts a comment at a line start or after a blank.
    const before = at === 0 ? 0x0a : text.charCodeAt(at - 1);
    if (before !== 0x20 && before !== 0x09 && before !== 0x0a && before !== 0x0d) continue;
    const end = lineEnd(text, at);
    if (end - at - 1 >= SHORTEST && mayHoldShape(text, at + 1, end)) {
      const shapes = credentialShapes(text.slice(at + 1, end));
      if (shapes.length > 0) {
        out.push({ hash: base + at, offset: base + at + 1 + shapes[0]!.offset, length: shapes[0]!.length });
        // A later `#` on the line is a candidate too: this one may stand in a quoted scalar.
        continue;
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
 * JSONC turns off): the same finding in them. The scanner runs only when a comment mark may start
 * one holding credential-shaped text (lineCommentMayHold).
 */
function jsonCommentCredentials(text: string): Diagnostic[] {
  if (!text.includes('/*') && !lineCommentMayHold(text)) return [];
  const out: Diagnostic[] = [];
  const scanner = createScanner(text, false);
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan()) {
    if (t !== SyntaxKind.LineCommentTrivia && t !== SyntaxKind.BlockCommentTrivia) continue;
    const at = scanner.getTokenOffset();
    const len = scanner.getTokenLength();
    if (len - 2 < SHORTEST || !mayHoldShape(text, at + 2, at + len)) continue;
    const shapes = credentialShapes(text.slice(at + 2, at + len));
    if (shapes.length > 0) out.push(finding(at + 2 + shapes[0]!.offset, shapes[0]!.length));
  }
  return out;
}

/** The last character of a URL's scheme (`https`, `git+ssh`). */
const SCHEME_END = /[A-Za-z0-9+.-]/;

/**
 * Whether some `//` has credential-shaped text after it on its line: a gate before the scanner, which
 * alone tells a comment from a `//` in a string (`https://…`). Any `//` is asked, whatever stands
 * before it: a comment may follow a value with nothing between (`"model": "x"// sk-…`, `2// …`,
 * `true// …`, `"kind":// …`), not only after a blank, a comma or a bracket (the gate that asked
 * for those let such a key through with no literal-secret). Linear: the rest of a line after a `//`
 * is read once, then the search goes on past it (a URL's `://` only skips itself). On a 9.4 MB file
 * with a URL on each of its 100,000 lines it costs as the old gate did (~6 ms, CPU time).
 */
function lineCommentMayHold(text: string): boolean {
  for (let at = text.indexOf('//'); at >= 0;) {
    // `https://` (a scheme's letters, then `:`) is a URL in a string: the search goes on just after
    // it (a comment may follow the string on its line). `"kind"://` has no scheme before its `:`.
    if (at >= 2 && text.charCodeAt(at - 1) === 0x3a && SCHEME_END.test(text[at - 2]!)) {
      at = text.indexOf('//', at + 2);
      continue;
    }
    const end = lineEnd(text, at);
    if (
      end - at - 2 >= SHORTEST &&
      mayHoldShape(text, at + 2, end) &&
      credentialShapes(text.slice(at + 2, end)).length > 0
    )
      return true;
    at = text.indexOf('//', Math.max(end, at + 2));
  }
  return false;
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
