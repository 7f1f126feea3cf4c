// The YAML documents of a multi-document file (`---`). A ParsedDocument holds one tree, the
// AssistantConfig document's; the others are read here, each alone, from a copy of the file's text with
// everything else blanked (line breaks kept, so every offset and line is the file's own). Validation
// checks the other AssistantConfig documents with them; the editor's outline, folding, selection
// ranges, hover and anchors (definition, references, rename) reach every document through them.
import type { ParsedDocument } from './ast';
import { parseYaml, DEFAULT_LIMITS } from './yaml';
import type { ParseLimits } from './yaml';

export interface OtherDocument {
  /** Its tree; `text` is the file's text blanked outside [from, to). */
  doc: ParsedDocument;
  /** Its text with the directives before it, [from, to) in the file. */
  from: number;
  to: number;
  /** It says `kind: AssistantConfig` (validation checks it; the schema's docs apply to it). */
  config: boolean;
}

/**
 * The file's documents other than `doc`'s, in text order: those with content (an empty one, or one of
 * comments only, has no tree). None for JSON or a file of one document (most files): no work then.
 * Without `limits`, the documents as last read (validation reads them first, with the service's
 * limits: the quick fixes and `--fix` then work on the trees the findings were made on), else as
 * DEFAULT_LIMITS reads them.
 */
export function otherDocuments(doc: ParsedDocument, given?: ParseLimits): readonly OtherDocument[] {
  if (doc.language !== 'yaml') return NONE;
  let cached = cache.get(doc);
  if (cached && given === undefined) return cached.docs;
  const limits = given ?? DEFAULT_LIMITS;
  if (cached?.maxDepth === limits.maxDepth && cached.keyFits === limits.keyFits) return cached.docs;
  const docs: OtherDocument[] = [];
  for (const p of doc.problems) {
    const d = p.document;
    if (p.kind !== 'extra-document' || !d || d.empty) continue;
    const from = p.offset + d.from;
    const to = p.offset + d.to;
    const text = blankOutside(doc.text, from, to);
    const r = parseYaml(text, limits);
    docs.push({ doc: { text, language: 'yaml', root: r.root, problems: r.problems }, from, to, config: d.config });
  }
  docs.sort((a, b) => a.from - b.from);
  cached = { maxDepth: limits.maxDepth, keyFits: limits.keyFits, docs: docs.length > 0 ? docs : NONE };
  cache.set(doc, cached);
  return cached.docs;
}

/**
 * Every document of the file with a tree, in text order: `doc` itself and the others (with `config`,
 * only the other AssistantConfig documents: what the schema describes).
 */
export function allDocuments(doc: ParsedDocument, only?: 'config'): ParsedDocument[] {
  const others = otherDocuments(doc).filter((o) => only !== 'config' || o.config);
  if (others.length === 0) return [doc];
  const out: { doc: ParsedDocument; at: number }[] = others.map((o) => ({ doc: o.doc, at: o.from }));
  // The AssistantConfig document's place: its tree's start (before the first other document when it has none).
  out.push({ doc, at: doc.root?.offset ?? -1 });
  return out.sort((a, b) => a.at - b.at).map((x) => x.doc);
}

/**
 * The document that holds `offset`: another document's when the offset lies in its text (with
 * `config`, only another AssistantConfig: what the schema describes), else `doc`.
 */
export function documentAt(doc: ParsedDocument, offset: number, only?: 'config'): ParsedDocument {
  for (const o of otherDocuments(doc))
    if (offset >= o.from && (offset < o.to || (offset === o.to && o.to === doc.text.length)))
      return only === 'config' && !o.config ? doc : o.doc;
  return doc;
}

/** The text with every character outside [from, to) but line breaks made a space. */
export function blankOutside(text: string, from: number, to: number): string {
  const blank = (s: string): string => s.replace(/[^\r\n]/g, ' ');
  return blank(text.slice(0, from)) + text.slice(from, to) + blank(text.slice(to));
}

const NONE: readonly OtherDocument[] = Object.freeze([]);
const cache = new WeakMap<
  ParsedDocument,
  { maxDepth: number; keyFits: ParseLimits['keyFits']; docs: readonly OtherDocument[] }
>();
