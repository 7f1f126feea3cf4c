// What a literal credential's `literal-secret` finding says beyond "move it" (REVIEW8 K13o, K13h):
// blanks or line breaks around it, which the service sends as part of the key (a block scalar `|`
// keeps a final line break: `|-` does not); and why the quick fix cannot move it to `.env` when it
// cannot (no `.env` line reads it back as written, or an alias shares it). Never the value itself.
import type { AliasNode, Node, ParsedDocument, StringNode } from '../parser/ast';
import type { Related } from './codes';
import { anchorIndex } from './anchors';
import { dotenvUnwritable } from './dotenv';

/** Where a block scalar's header takes a `-` (just after `|` or `>`), when it is `|`/`>` with clip chomping. */
export function clipHeaderAt(text: string, node: StringNode): number | undefined {
  const header = /^[|>]([1-9]?)([+-]?)([1-9]?)/.exec(text.slice(node.offset, node.offset + 4));
  if (!header || header[2] !== '') return undefined;
  return node.offset + 1;
}

/**
 * The block scalar `|` (or `>`) whose only change under `|-` is the final line break of a one-line
 * credential: the offset where the `-` goes, else undefined. (A multi-line value, a JSON document whose
 * reader ignores the line break, or a keep/strip chomping are left alone.)
 */
export function stripFinalBreakAt(text: string, node: StringNode, holder: string): number | undefined {
  if (jsonDocument(holder, node.value)) return undefined;
  const v = node.value;
  if (!v.endsWith('\n') || v.slice(0, -1).includes('\n') || v.trim() === '') return undefined;
  return clipHeaderAt(text, node);
}

/**
 * A JSON document in a field that holds one (cloudServiceAccountKeyJson): blanks around it mean
 * nothing to its reader. (A value there that is no JSON document, a key say, is sent as it is.)
 */
function jsonDocument(holder: string, value: string): boolean {
  return /Json$/.test(holder) && /^[{[]/.test(value.trim());
}

/** "a space", "spaces", "a line break", "line breaks": what a run of whitespace is. */
function blanks(ws: string): string {
  const breaks = (ws.match(/\r\n|\r|\n/g) ?? []).length;
  if (breaks > 0) return breaks === 1 && ws.replace(/\r?\n|\r/, '') === '' ? 'a line break' : 'line breaks';
  return ws.length === 1 ? (ws === '\t' ? 'a tab' : 'a space') : 'blanks';
}

/**
 * The sentence a literal-secret message adds for blanks or line breaks around the credential, which
 * the service sends as part of it; undefined when there are none (or the field holds JSON).
 */
export function whitespaceNote(text: string, node: StringNode, holder: string): string | undefined {
  const v = node.value;
  if (jsonDocument(holder, v) || v.trim() === '' || v.trim() === v) return undefined;
  const cut = stripFinalBreakAt(text, node, holder);
  if (cut !== undefined)
    return ` The block scalar '${text[node.offset]!}' keeps the line break at the end of the key, and the service sends it as part of the credential (a 401 although the key is right): write '${text[node.offset]!}-'.`;
  const lead = v.slice(0, v.length - v.trimStart().length);
  const trail = v.slice(v.trimEnd().length);
  const parts = [...(lead ? [`${blanks(lead)} at its start`] : []), ...(trail ? [`${blanks(trail)} at its end`] : [])];
  return ` The value has ${parts.join(' and ')}, which the service sends as part of the credential (a 401 although the key is right).`;
}

const indexes = new WeakMap<ParsedDocument, ReturnType<typeof anchorIndex>>();

/** The aliases of a node's anchor (none for a node without one). */
export function aliasesOf(doc: ParsedDocument, node: Node): AliasNode[] {
  if (node.type === 'alias' || node.anchor === undefined) return [];
  let index = indexes.get(doc);
  if (!index) indexes.set(doc, (index = anchorIndex(doc)));
  return index.uses.filter((u) => u.alias.target === node).map((u) => u.alias);
}

/**
 * Why the quick fix cannot move a literal credential to `.env`, whatever `.env` there is: the
 * sentence for the message and, for an alias that shares it, related information at each alias.
 */
export function unmovableNote(
  doc: ParsedDocument,
  node: StringNode,
  /** What the move would write to `.env` (a shell default's default), when not the whole value. */
  stored: string = node.value,
): { note: string; related: Related[] } | undefined {
  const aliases = aliasesOf(doc, node);
  if (aliases.length > 0) {
    const names = [...new Set(aliases.map((a) => `'*${a.name}'`))].join(', ');
    return {
      note: ` The quick fix cannot move it to .env: its anchor '&${node.anchor!}' is also used by ${aliases.length === 1 ? `the alias ${names}` : `${String(aliases.length)} aliases (${names})`}, which would then hold the variable's name; write 'valueFromEnv' at each use by hand.`,
      related: aliases.map((a) => ({
        offset: a.offset,
        length: Math.min(a.length || a.name.length + 1, a.name.length + 1),
        message: `'*${a.name}' uses this credential`,
      })),
    };
  }
  const why = dotenvUnwritable(stored);
  if (why !== undefined)
    return {
      note: ` The quick fix cannot move it to .env: ${why}, and no .env line reads such a value back as written in every reader (npm dotenv, python-dotenv, a shell); put it in .env by hand, quoted for the reader you use, or in a secret store.`,
      related: [],
    };
  return undefined;
}
