// YAML anchors (`&name`) and aliases (`*name`): definition, references, highlights, rename, hover,
// unused anchors. The tree already binds every alias to its anchored node (the last anchor of that
// name before it), so navigation follows exactly what the parser and validation see.
import type { AliasNode, ArrayNode, Node, ParsedDocument } from '../parser/ast';
import { CHUNK } from '../model/value';
import { parse } from '../parser';
import { documentAt } from '../parser/documents';
import { schemaAtPath } from '../model/schema';
import { pathOf } from '../parser/ast';
import type { Diagnostic } from './codes';
import { diag } from './codes';
import type { HoverResult, TextEdit } from './types';
import { applyEdits } from './codeActions/edits';
import { coversValue, maskShapes, messageMasker, secretRangesOf } from './secretRanges';
import type { Range as SecretRange } from './secretRanges';

export interface AnchorDef {
  name: string;
  /** The `&name` mark. */
  offset: number;
  length: number;
  node: Node;
}

export interface AnchorUse {
  name: string;
  /** The `*name` alias. */
  offset: number;
  length: number;
  alias: AliasNode;
  def: AnchorDef | undefined;
}

export interface AnchorIndex {
  defs: AnchorDef[];
  uses: AnchorUse[];
}

export interface Range {
  offset: number;
  length: number;
}

/** What validation's unit cache knows that spares anchorIndex a read of the whole text (validation/units.ts). */
export interface AnchorIndexHints {
  /** List items known to hold no anchor and no alias: not walked. */
  skipItem(n: Node): boolean;
  /** The same for items [c × CHUNK, (c + 1) × CHUNK) of a long list. */
  skipChunk(list: ArrayNode, c: number): boolean;
  /** Whether the text may contain `needle` (false only when it is known not to). */
  includes(text: string, needle: string): boolean;
  /** Where an anchored node's `&name` was found before, relative to the node, if known; and remembering it. */
  markOf(n: Node): number | undefined;
  setMark(n: Node, relative: number): void;
  /**
   * The anchored nodes and aliases in a list item (one that holds some), as found when it was last read,
   * while no edit changed it since; `setMarksIn` remembers them.
   */
  marksIn?(item: Node): ItemMarks | undefined;
  setMarksIn?(item: Node, marks: ItemMarks): void;
}

/** What a list item holds of anchors and aliases (see `AnchorIndexHints.marksIn`). */
export interface ItemMarks {
  anchored: Node[];
  aliases: AliasNode[];
}

/** The anchored nodes and aliases of a subtree. */
function marksOf(node: Node): ItemMarks {
  const anchored: Node[] = [];
  const aliases: AliasNode[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'alias') {
      aliases.push(n);
      continue;
    }
    if (n.anchor !== undefined) anchored.push(n);
    if (n.type === 'object') {
      const props = n.properties;
      for (let i = 0; i < props.length; i++) {
        const v = props[i]!.value;
        if (v) stack.push(v);
      }
    } else if (n.type === 'array') for (let i = 0; i < n.items.length; i++) stack.push(n.items[i]!);
  }
  return { anchored, aliases };
}

/** Every anchor and alias of the document, in text order. */
export function anchorIndex(doc: ParsedDocument, hints?: AnchorIndexHints): AnchorIndex {
  const defs: AnchorDef[] = [];
  const uses: AnchorUse[] = [];
  const has = (needle: string): boolean => (hints ? hints.includes(doc.text, needle) : doc.text.includes(needle));
  if (doc.language !== 'yaml' || !doc.root || (!has('&') && !has('*'))) return { defs, uses };
  const byNode = new Map<Node, AnchorDef>();
  const aliases: AliasNode[] = [];
  const define = (n: Node & { anchor: string }): void => {
    const known = hints?.markOf(n);
    const at = known !== undefined ? n.offset + known : anchorMark(doc.text, n.anchor, n.offset);
    if (known === undefined && at >= 0) hints?.setMark(n, at - n.offset);
    if (at >= 0) {
      const d: AnchorDef = { name: n.anchor, offset: at, length: n.anchor.length + 1, node: n };
      defs.push(d);
      byNode.set(n, d);
    }
  };
  const stack: Node[] = [doc.root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'alias') {
      aliases.push(n);
      continue;
    }
    if (n.anchor !== undefined) define(n as Node & { anchor: string });
    if (n.type === 'object') {
      // (An index loop: every mapping of a file with an anchor passes here, mostly in cold code.)
      const props = n.properties;
      for (let i = 0; i < props.length; i++) {
        const v = props[i]!.value;
        if (v) stack.push(v);
      }
    } else if (n.type === 'array') {
      const count = n.items.length;
      for (let from = 0; from < count; from += CHUNK) {
        if (hints && count >= CHUNK && hints.skipChunk(n, from / CHUNK)) continue;
        for (let i = from; i < Math.min(count, from + CHUNK); i++) {
          const it = n.items[i]!;
          if (hints?.skipItem(it)) continue;
          // An item holding anchors or aliases: what it holds as found before, while no edit changed it.
          let marks = hints?.marksIn?.(it);
          if (!marks && hints?.setMarksIn && (it.type === 'object' || it.type === 'array')) {
            marks = marksOf(it);
            hints.setMarksIn(it, marks);
          }
          if (!marks) {
            stack.push(it);
            continue;
          }
          for (let k = 0; k < marks.anchored.length; k++) define(marks.anchored[k] as Node & { anchor: string });
          for (let k = 0; k < marks.aliases.length; k++) aliases.push(marks.aliases[k]!);
        }
      }
    }
  }
  for (const a of aliases) {
    const length = Math.min(a.length || a.name.length + 1, a.name.length + 1);
    uses.push({ name: a.name, offset: a.offset, length, alias: a, def: a.target ? byNode.get(a.target) : undefined });
  }
  defs.sort((a, b) => a.offset - b.offset);
  uses.sort((a, b) => a.offset - b.offset);
  return { defs, uses };
}

/** The `&name` before a node: the anchor precedes its node, separated by blanks, a tag or comments. */
function anchorMark(text: string, name: string, nodeOffset: number): number {
  const mark = '&' + name;
  let from = nodeOffset;
  // A few tries: `&ab` must not be taken for `&a`.
  for (let i = 0; i < 4 && from >= 0; i++) {
    const at = text.lastIndexOf(mark, from);
    if (at < 0) return -1;
    const after = text[at + mark.length];
    const before = at === 0 ? ' ' : text[at - 1]!;
    if ((after === undefined || /[\s,\]}]/.test(after)) && /[\s,[{:-]/.test(before)) return at;
    from = at - 1;
  }
  return -1;
}

interface Symbol {
  def: AnchorDef | undefined;
  uses: AnchorUse[];
  /** The name range under the cursor (without `&`/`*`). */
  at: Range;
  name: string;
}

/** The anchor or alias at `offset` and everything bound to the same anchor. */
export function anchorSymbolAt(
  doc: ParsedDocument,
  offset: number,
  index: AnchorIndex = anchorIndex(doc),
): Symbol | undefined {
  const inRange = (r: Range): boolean => offset >= r.offset && offset <= r.offset + r.length;
  const def = index.defs.find(inRange);
  if (def)
    return {
      def,
      uses: index.uses.filter((u) => u.def === def),
      at: { offset: def.offset + 1, length: def.length - 1 },
      name: def.name,
    };
  const use = index.uses.find(inRange);
  if (!use) return undefined;
  const uses = use.def ? index.uses.filter((u) => u.def === use.def) : [use];
  return { def: use.def, uses, at: { offset: use.offset + 1, length: use.length - 1 }, name: use.name };
}

/** Go to definition: from an alias (or the anchor itself) to the `&name` mark. */
export function anchorDefinition(doc: ParsedDocument, offset: number): Range | undefined {
  doc = documentAt(doc, offset);
  const s = anchorSymbolAt(doc, offset);
  return s?.def ? { offset: s.def.offset, length: s.def.length } : undefined;
}

/** Find references: the aliases of the anchor (and the anchor itself when asked). */
export function anchorReferences(doc: ParsedDocument, offset: number, includeDeclaration: boolean): Range[] {
  doc = documentAt(doc, offset);
  const s = anchorSymbolAt(doc, offset);
  if (!s) return [];
  const out: Range[] = [];
  if (includeDeclaration && s.def) out.push({ offset: s.def.offset, length: s.def.length });
  for (const u of s.uses) out.push({ offset: u.offset, length: u.length });
  return out;
}

export function anchorHighlights(doc: ParsedDocument, offset: number): (Range & { kind: 'read' | 'write' })[] {
  doc = documentAt(doc, offset);
  const s = anchorSymbolAt(doc, offset);
  if (!s) return [];
  const out: (Range & { kind: 'read' | 'write' })[] = [];
  if (s.def) out.push({ offset: s.def.offset, length: s.def.length, kind: 'write' });
  for (const u of s.uses) out.push({ offset: u.offset, length: u.length, kind: 'read' });
  return out;
}

/** The name range to rename and its current text, or why it cannot be renamed. */
export function prepareAnchorRename(
  doc: ParsedDocument,
  offset: number,
): (Range & { placeholder: string }) | undefined {
  doc = documentAt(doc, offset);
  const s = anchorSymbolAt(doc, offset);
  if (!s || !s.def) return undefined;
  // (The rename box's first text, which the client's trace logs too: a credential pasted as the name is masked.)
  return { ...s.at, placeholder: maskShapes(s.name) };
}

// YAML 1.2 allows any non-blank printable characters other than the flow indicators in an anchor
// name, but other loaders do not (PyYAML takes ASCII letters, digits, '_' and '-' only): a name the
// rename writes is one every loader reads.
const PORTABLE_ANCHOR_NAME = /^[A-Za-z0-9_-]+$/;

export type RenameResult = { edits: TextEdit[] } | { error: string };

/** Renames an anchor and every alias bound to it; refuses names YAML cannot carry or that are taken. */
export function renameAnchor(doc: ParsedDocument, offset: number, newName: string): RenameResult {
  const r = renameAnchorUnmasked(doc, offset, newName);
  // Why not: a message that quotes the name (the alias's, or the new one typed), masked as every message is.
  return 'error' in r ? { error: messageMasker(doc)(r.error) } : r;
}

function renameAnchorUnmasked(doc: ParsedDocument, offset: number, newName: string): RenameResult {
  doc = documentAt(doc, offset);
  const index = anchorIndex(doc);
  const s = anchorSymbolAt(doc, offset, index);
  if (!s) return { error: 'Only a YAML anchor (&name) or alias (*name) can be renamed here.' };
  if (!s.def) return { error: `Alias '*${s.name}' has no anchor before it; there is nothing to rename.` };
  // `&name` or `*name` typed by habit: the mark is not part of the name.
  if (/^[&*]/.test(newName)) newName = newName.slice(1);
  if (!PORTABLE_ANCHOR_NAME.test(newName))
    return {
      error: `'${newName.slice(0, 40)}' cannot be an anchor name every YAML loader reads: use ASCII letters, digits, '_' or '-'.`,
    };
  if (newName === s.name) return { edits: [] };
  if (index.defs.some((d) => d.name === newName))
    return { error: `The anchor name '${newName}' is already taken in this document.` };
  const edits: TextEdit[] = [{ offset: s.def.offset + 1, length: s.def.length - 1, newText: newName }];
  for (const u of s.uses) edits.push({ offset: u.offset + 1, length: u.length - 1, newText: newName });
  // The renamed text must bind the same aliases: a name the parser reads otherwise is refused.
  const text = applyEdits(doc.text, edits);
  const after = anchorIndex(parse(text, 'yaml'));
  const bound = after.uses.filter((u) => u.name === newName && u.def?.name === newName).length;
  if (after.defs.filter((d) => d.name === newName).length !== 1 || bound !== s.uses.length) {
    return { error: `'${newName.slice(0, 40)}' is not read back as the same anchor by YAML; choose a plainer name.` };
  }
  return { edits };
}

/** Hover on an alias: what it stands for, a short preview and the variant it holds. */
export function aliasHover(doc: ParsedDocument, alias: AliasNode): HoverResult {
  const target = alias.target;
  if (!target)
    return {
      contents: `Alias \`*${alias.name}\`: no anchor \`&${alias.name}\` before it.`,
      offset: alias.offset,
      length: alias.length,
    };
  const r = schemaAtPath(doc.root, pathOf(target));
  const variant = r.variant ? `: **${r.variant.name}** (\`${r.variant.property}: ${r.variant.value}\`)` : '';
  // The preview quotes the document: a credential in it (a plain-string `apiKey`, a URL password, a
  // key pasted into `provider:`) is masked as everywhere else (secretRanges.ts), whole values first,
  // then what the cut text still quotes.
  // The whole document's secrets, not only those around the anchored node: a plain literal anchored
  // anywhere is a secret when some alias of it stands in a credential field (`apiKey: *pk`). Found
  // once per version of the document, not on every hover (secretRangesOf).
  const secrets = secretRangesOf(doc);
  const parts = [`Alias of \`&${alias.name}\`${variant}`, '```yaml\n' + preview(target, secrets, doc.text) + '\n```'];
  return { contents: messageMasker(doc, secrets)(parts.join('\n\n')), offset: alias.offset, length: alias.length };
}

const PREVIEW_LINES = 6;

/**
 * A few lines standing for the node; credentials (`secrets`, the document's secretRanges) are never
 * shown. A scalar written on one short line is shown as written (`"2024-06-01"` keeps its quotes,
 * `0.50` its zero: REVIEW8 K13b), masked as messages are.
 */
function preview(node: Node, secrets: readonly SecretRange[], text: string): string {
  const lines: string[] = [];
  const scalar = (n: Node | undefined, key?: string): string => {
    if (!n) return '';
    if (n.type !== 'object' && n.type !== 'array' && n.type !== 'alias' && (key === 'value' || coversValue(secrets, n)))
      return '•••';
    if (n.type === 'string' || n.type === 'number' || n.type === 'boolean' || n.type === 'null') {
      const src = text.slice(n.offset, n.offset + n.length);
      if (src.length > 0 && src.length <= 42 && !/[\r\n]/.test(src)) return maskShapes(src);
    }
    switch (n.type) {
      case 'string': {
        // Masked before the cut: a cut key could be too short to be recognised.
        const first = maskShapes(n.value).split(/\r?\n/)[0]!;
        const short = first.length > 40 ? first.slice(0, 40) + '…' : first;
        return n.value.includes('\n') || first.length > 40
          ? JSON.stringify(short)
          : /^[\w./:@-]+$/.test(short)
            ? short
            : JSON.stringify(short);
      }
      case 'number':
      case 'boolean':
        return String(n.value);
      case 'null':
        return 'null';
      case 'alias':
        return `*${n.name}`;
      case 'object':
        return n.properties.length === 0 ? '{}' : '{…}';
      case 'array':
        return n.items.length === 0 ? '[]' : '[…]';
    }
  };
  const walk = (n: Node, indent: string, depth: number): void => {
    if (n.type === 'object') {
      for (const p of n.properties) {
        if (lines.length >= PREVIEW_LINES) return;
        const v = p.value;
        if (
          v &&
          (v.type === 'object' || v.type === 'array') &&
          depth < 1 &&
          (v.type === 'object' ? v.properties.length : v.items.length) > 0
        ) {
          lines.push(`${indent}${maskShapes(p.key.value)}:`);
          walk(v, indent + '  ', depth + 1);
        } else lines.push(`${indent}${maskShapes(p.key.value)}: ${scalar(v, p.key.value)}`);
      }
    } else if (n.type === 'array') {
      for (const it of n.items) {
        if (lines.length >= PREVIEW_LINES) return;
        lines.push(`${indent}- ${scalar(it)}`);
      }
    } else lines.push(indent + scalar(n));
  };
  walk(node, '', 0);
  const total = node.type === 'object' ? node.properties.length : node.type === 'array' ? node.items.length : 1;
  if (lines.length >= PREVIEW_LINES && total > 0) lines.push('…');
  return lines.join('\n');
}

/** Anchors that no alias uses: a hint each, on the `&name` mark. */
export function unusedAnchors(
  doc: ParsedDocument,
  index: AnchorIndex = anchorIndex(doc),
  claimed?: ReadonlySet<AnchorDef>,
): Diagnostic[] {
  if (index.defs.length === 0) return [];
  // Anchors an unresolved alias means (`unresolved-alias` names them): removing the mark would make
  // that mistake unrecoverable (REVIEW3 F9).
  const used = new Set<AnchorDef>(claimed);
  for (const u of index.uses) if (u.def) used.add(u.def);
  return index.defs
    .filter((d) => !used.has(d))
    .map((d) =>
      diag(
        'unused-anchor',
        `Anchor '&${d.name}' is not used by any alias; the mark can go (the value stays).`,
        d.offset,
        d.length,
      ),
    );
}

/** Removes an anchor mark and one blank next to it; the anchored value stays as it is. */
export function removeAnchorEdits(doc: ParsedDocument, offset: number): TextEdit[] {
  const d = anchorIndex(doc).defs.find((x) => offset >= x.offset && offset <= x.offset + x.length);
  if (!d) return [];
  const text = doc.text;
  let end = d.offset + d.length;
  let start = d.offset;
  if (text[end] === ' ' || text[end] === '\t') end++;
  else if (text[start - 1] === ' ' || text[start - 1] === '\t') start--;
  return [{ offset: start, length: end - start, newText: '' }];
}

/** The alias node at `offset`, if the cursor is on one. */
export function aliasAt(doc: ParsedDocument, offset: number): AliasNode | undefined {
  const u = anchorIndex(doc).uses.find((x) => offset >= x.offset && offset <= x.offset + x.length);
  return u?.alias;
}

/** The characters of a name that PyYAML refuses, each once, quoted: `'.'`, `'主', '要'`. */
function unportableCharacters(name: string): string {
  const bad = [...new Set(name.match(/[^A-Za-z0-9_-]/gu) ?? [])];
  return bad
    .slice(0, 5)
    .map((c) => (/\s/.test(c) ? JSON.stringify(c) : `'${c}'`))
    .join(', ');
}

/**
 * Anchors and aliases whose names YAML 1.1 loaders refuse (`&main.llm`, `&主要`: PyYAML "while
 * scanning an anchor … expected alphabetic or numeric character"), the rule the rename applies to
 * new names (REVIEW5 H18): a warning on the anchor and on each of its aliases.
 */
export function unportableAnchors(index: AnchorIndex): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of index.defs) {
    if (PORTABLE_ANCHOR_NAME.test(d.name)) continue;
    out.push(
      diag(
        'unportable-anchor',
        `The anchor name '${d.name}' holds characters YAML 1.1 loaders (PyYAML, SnakeYAML) refuse (${unportableCharacters(d.name)}): they cannot read this file. Rename it with ASCII letters, digits, '_' or '-' (its aliases follow).`,
        d.offset,
        d.length,
      ),
    );
  }
  for (const u of index.uses) {
    if (PORTABLE_ANCHOR_NAME.test(u.name)) continue;
    out.push(
      diag(
        'unportable-anchor',
        `The alias name '${u.name}' holds characters YAML 1.1 loaders (PyYAML, SnakeYAML) refuse (${unportableCharacters(u.name)}): rename its anchor with ASCII letters, digits, '_' or '-' (the aliases follow).`,
        u.offset,
        u.length,
      ),
    );
  }
  return out;
}

/**
 * An anchor name defined a second time in the document (REVIEW15-user U3): YAML 1.2 allows it (an
 * alias takes the last anchor of its name before it: this tool, js-yaml, Go), but PyYAML refuses the
 * file ("found duplicate anchor"), and a block copied with its `&mark` silently takes over the aliases
 * below it. Said on each later definition, naming the one before it and the aliases it takes.
 */
export function duplicateAnchors(index: AnchorIndex, lineOf: (offset: number) => number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const first = new Map<string, AnchorDef>();
  for (const d of index.defs) {
    const prev = first.get(d.name);
    if (!prev) {
      first.set(d.name, d);
      continue;
    }
    const taken = index.uses.filter((u) => u.def === d).length;
    const what =
      taken === 0
        ? 'no alias reads this one, so the mark can go'
        : taken === 1
          ? 'the alias below it reads this one, not the first'
          : `the ${taken} aliases below it read this one, not the first`;
    out.push(
      diag(
        'duplicate-anchor',
        `The anchor '&${d.name}' is defined again here (first on line ${lineOf(prev.offset)}): YAML 1.1 loaders (PyYAML) refuse the file ("found duplicate anchor"), and ${what}. Rename this anchor (its aliases follow), or remove it.`,
        d.offset,
        d.length,
        {
          related: [{ offset: prev.offset, length: prev.length, message: `'&${d.name}' is first defined here` }],
          data: { anchorUses: taken },
        },
      ),
    );
  }
  return out;
}

/** A portable name for an anchor: its runs of other characters as '_', when letters or digits are left. */
export function portableAnchorName(name: string): string | undefined {
  const s = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return /[A-Za-z0-9]/.test(s) ? s : undefined;
}
