// A finding inside an anchored node, made while checking it through an alias (`apiKey: *primary`)
// or a merge key (`<<: *base`), is about that use: it is reported at the alias, with related
// information pointing into the anchor, and marked so that no fix edits the shared text (offering
// a fix only where every use of the anchor accepts the edit is left for later: no fix at all is safe).
import type { Node } from '../../parser/ast';
import type { Diagnostic } from '../codes';
import { copyWith } from '../codes';

/** What atAlias appends to a moved diagnostic's message. */
export const ALIAS_SUFFIX = / \(through (?:alias '\*[^']*'|this merge key)\)$/;

/** The anchored nodes an alias or a merge value (`*a`, `[*a, *b]`) shares. */
function targets(via: Node): Node[] {
  if (via.type === 'alias') return via.target ? [via.target] : [];
  if (via.type === 'array') return via.items.flatMap((i) => (i.type === 'alias' && i.target ? [i.target] : []));
  return [];
}

/**
 * The diagnostic as the use `via` sees it: moved to the alias when it lies in the shared text, and
 * in any case marked `throughAlias` (no fix: its edit would land in the anchored node).
 */
export function atAlias(d: Diagnostic, via: Node | undefined, reached = false): Diagnostic {
  if (!via) return d;
  // `reached`: the finding is in text the alias brings in though not inside its node (a key that the
  // anchored mapping merges from another anchor: `<<: *cls` where `&cls` holds `<<: *base`).
  const inside =
    (reached && targets(via).length > 0) ||
    targets(via).some((t) => d.offset >= t.offset && d.offset + d.length <= t.offset + t.length);
  // At the alias's own key (`apiKey` of `apiKey: *primary`) it stays, but its fix would still edit the
  // anchor. Through an alias it says so, and points where the same finding stands at the anchor (the
  // anchored value's key): when it is there too, the copy is dropped and the anchor's finding lists
  // the alias (validation/index.ts finish; REVIEW8 K13m: one incomplete anchored LLM, one error).
  if (!inside) {
    const t = via.type === 'alias' ? via.target : undefined;
    if (!t) return copyWith(d, { data: copyWith(d.data, { throughAlias: true }) });
    const site = t.parent?.type === 'property' ? t.parent.key : t;
    return copyWith(d, {
      message: `${d.message} (through alias '*${(via as { name: string }).name}')`,
      related: [
        { offset: site.offset, length: site.length, message: 'The anchored value the alias uses' },
        ...(d.related ?? []),
      ],
      data: copyWith(d.data, { throughAlias: true }),
    });
  }
  const through = via.type === 'alias' ? `alias '*${via.name}'` : 'this merge key';
  return copyWith(d, {
    message: `${d.message} (through ${through})`,
    offset: via.offset,
    length: via.length,
    related: [
      { offset: d.offset, length: d.length, message: 'Found here, in the anchored node the alias uses' },
      ...(d.related ?? []),
    ],
    data: copyWith(d.data, { throughAlias: true }),
  });
}
