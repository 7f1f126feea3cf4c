// Completion of alias names (REVIEW3 F17): after `*` in a value (`llm: *ma`, `- *a`, `[*a, *`) and
// after a merge key (`<<: `, `<<: *`, `<<: [*a, `), the anchors defined before the cursor (an alias
// refers backwards, to the last anchor of that name before it), each with the kind or variant of the
// node it marks. An anchor whose node holds the cursor is not offered: the alias would be a loop.
import type { Node, ParsedDocument } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { lineStart } from '../../parser/lineIndex';
import { definitionNameOf, schemaAtPath } from '../../model/schema';
import { anchorIndex } from '../anchors';
import { maskShapes } from '../credentialShapes';
import type { AnchorDef } from '../anchors';
import type { CompletionEntry } from '../types';

/** Characters an alias name cannot hold (YAML: white space and flow indicators). */
const NOT_NAME = /[\s,[\]{}]/;

interface AliasSpot {
  /** The range replaced: `*` and the name typed so far (empty after `<<: `). */
  from: number;
  to: number;
  /** Whether the insertion needs a space before it (`<<:¦`). */
  spaceBefore: boolean;
  /** Only mappings can be merged. */
  merge: boolean;
}

/** Where the cursor stands, when it is typing an alias; undefined otherwise (then other completion runs). */
function aliasSpot(text: string, offset: number): AliasSpot | undefined {
  const from = lineStart(text, offset);
  const before = text.slice(from, offset);
  if (inCommentOrQuote(before)) return undefined;
  // `*name` being typed: the `*` and the name characters up to the cursor.
  let star = offset;
  while (star > from && !NOT_NAME.test(text[star - 1]!) && text[star - 1] !== '*') star--;
  if (star > from && text[star - 1] === '*') {
    star--;
    // The `*` starts a node: after `: `, `- `, `[`, `,` (or `<<:` with its space).
    const lead = text.slice(from, star).replace(/[ \t]+$/, '');
    const spaced = star === from || /[ \t]/.test(text[star - 1]!);
    const ok = (spaced && (/:$/.test(lead) || /(^|[ \t])-$/.test(lead))) || /[[,]$/.test(lead);
    if (!ok) return undefined;
    let to = offset;
    while (to < text.length && !NOT_NAME.test(text[to]!) && text[to] !== '#') to++;
    return { from: star, to, spaceBefore: false, merge: isMergeLead(lead) };
  }
  // Nothing typed yet after a merge key: `<<: ¦`, `<<:¦`, `<<: [*a, ¦`.
  const trimmed = before.replace(/[ \t]+$/, '');
  if (star !== offset && !/<<:$/.test(trimmed)) return undefined;
  if (/(^|[\s{,])<<:$/.test(trimmed)) {
    const rest = text.slice(offset, lineEndOf(text, offset)).trim();
    if (rest !== '' && !rest.startsWith('#')) return undefined;
    return { from: offset, to: offset, spaceBefore: !/[ \t]$/.test(before), merge: true };
  }
  if (/(^|[\s{,])<<:[ \t]*\[([^\]]*,)?$/.test(trimmed) || /(^|[\s{,])<<:[ \t]*\[[ \t]*$/.test(before))
    return { from: offset, to: offset, spaceBefore: false, merge: true };
  return undefined;
}

function isMergeLead(lead: string): boolean {
  return /(^|[\s{,])<<:$/.test(lead) || /(^|[\s{,])<<:[ \t]*\[[^\]]*[[,]$/.test(lead);
}

function lineEndOf(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** Whether the end of `before` (the line up to the cursor) lies in a comment or a quoted scalar. */
function inCommentOrQuote(before: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote) {
      if (c === quote) {
        // `''` inside a single-quoted scalar is an escaped quote.
        if (quote === "'" && before[i + 1] === "'") i++;
        else quote = undefined;
      } else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === '#' && (i === 0 || /[ \t]/.test(before[i - 1]!))) return true;
    // A quote opens a scalar only where one can start (not `it's` inside a plain scalar).
    if ((c === '"' || c === "'") && (i === 0 || /[\s:,[{-]/.test(before[i - 1]!))) quote = c;
  }
  return quote !== undefined;
}

function kindOf(n: Node): string {
  switch (n.type) {
    case 'object':
      return 'mapping';
    case 'array':
      return 'list';
    case 'alias':
      return 'alias';
    default:
      return n.type;
  }
}

/** The detail shown beside an anchor's name: the variant it holds, else its schema's name, else its kind. */
function detailOf(doc: ParsedDocument, def: AnchorDef): string {
  const r = schemaAtPath(doc.root, pathOf(def.node));
  if (r.variant) return `${r.variant.name} (${r.variant.property}: ${r.variant.value})`;
  return definitionNameOf(r.schema) ?? kindOf(def.node);
}

/**
 * The alias items at `offset`, or undefined when the cursor is not typing an alias (YAML only).
 * An empty list means: an alias goes here, but no anchor before the cursor can be named.
 */
export function aliasCompletion(doc: ParsedDocument, offset: number): CompletionEntry[] | undefined {
  if (doc.language !== 'yaml') return undefined;
  const text = doc.text;
  if (!text.includes('*') && !text.includes('<<')) return undefined;
  const spot = aliasSpot(text, offset);
  if (!spot) return undefined;
  // The last anchor of each name before the alias is the one it would name; one whose node holds
  // the cursor would make a loop, and still hides an earlier anchor of its name.
  const byName = new Map<string, { def: AnchorDef; holds: boolean }>();
  for (const def of anchorIndex(doc).defs) {
    if (def.offset + def.length > spot.from) continue;
    const end = Math.max(def.node.offset + def.node.length, def.offset + def.length);
    byName.delete(def.name);
    byName.set(def.name, { def, holds: def.offset <= offset && offset <= end });
  }
  const items: CompletionEntry[] = [];
  let i = 0;
  // Nearest first: the block just written is the likeliest to be shared.
  for (const { def: d, holds } of [...byName.values()].reverse()) {
    if (holds) continue;
    if (spot.merge && d.node.type !== 'object') continue;
    items.push({
      // A credential-shaped name is shown masked, as the outline, hover and lint show it (REVIEW4 G10);
      // accepting it writes the name itself, which is in the file already.
      label: maskShapes(`*${d.name}`),
      kind: 'reference',
      detail: detailOf(doc, d),
      insertText: `${spot.spaceBefore ? ' ' : ''}*${d.name}`,
      snippet: false,
      replace: { offset: spot.from, length: spot.to - spot.from },
      filterText: `*${d.name}`,
      sortText: String(i++).padStart(4, '0'),
    });
  }
  return items;
}
