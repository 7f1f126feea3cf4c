// `unresolved-alias` with a near-miss anchor above it (`*mian` next to `&main`): rename the alias.
// `unportable-anchor`: rename the anchor (and its aliases) to a name every YAML loader reads.
// `duplicate-anchor`: rename the later anchor (and its aliases), or remove its mark.
import { anchorIndex, portableAnchorName, removeAnchorEdits, renameAnchor } from '../anchors';
import { documentAt } from '../../parser/documents';
import type { Fix, FixProvider } from './provider';

export const unresolvedAlias: FixProvider = (doc, d) => {
  const name = d.data?.key;
  const meant = d.data?.suggestion;
  // The alias as the diagnostic saw it: `*name` at its offset, else the text changed under it.
  if (name === undefined || meant === undefined || doc.text.slice(d.offset, d.offset + name.length + 1) !== `*${name}`)
    return [];
  return [
    {
      title: `Change the alias '*${name}' to '*${meant}'`,
      edits: [{ offset: d.offset + 1, length: name.length, newText: meant }],
      isPreferred: true,
    },
  ];
};

/** `unportable-anchor` (`&main.llm`): rename the anchor and its aliases to a name every loader reads. */
export const unportableAnchor: FixProvider = (doc, d) => {
  const mark = doc.text.slice(d.offset, d.offset + d.length);
  const name = mark.slice(1);
  const to = portableAnchorName(name);
  if (!to || !/^[&*]/.test(mark)) return [];
  const r = renameAnchor(doc, d.offset, to);
  if ('error' in r || r.edits.length === 0) return [];
  return [{ title: `Rename the anchor '&${name}' to '&${to}', with its aliases`, edits: r.edits, isPreferred: true }];
};

/**
 * `duplicate-anchor` (a second `&fb`): rename this later anchor and the aliases that read it to a free
 * name (`fb_2`: nothing read changes), preferred; and removing its mark, after which the aliases below
 * read the first anchor (not preferred when any alias reads this one: what they read changes).
 */
export const duplicateAnchor: FixProvider = (doc, d) => {
  const mark = doc.text.slice(d.offset, d.offset + d.length);
  if (!mark.startsWith('&')) return [];
  const name = mark.slice(1);
  const index = anchorIndex(documentAt(doc, d.offset));
  const taken = new Set([...index.defs.map((x) => x.name), ...index.uses.map((u) => u.name)]);
  let n = 2;
  while (taken.has(`${name}_${n}`)) n++;
  const to = `${name}_${n}`;
  const out: Fix[] = [];
  const uses = d.data?.anchorUses ?? 0;
  const removal = removeAnchorEdits(doc, d.offset);
  // No alias reads this one: its mark goes, nothing read changes.
  if (uses === 0 && removal.length > 0)
    out.push({ title: `Remove this '&${name}' (no alias reads it)`, edits: removal, isPreferred: true });
  const r = renameAnchor(doc, d.offset, to);
  if (!('error' in r) && r.edits.length > 0)
    out.push({
      title:
        uses === 0
          ? `Rename this anchor '&${name}' to '&${to}'`
          : `Rename this anchor '&${name}' to '&${to}', with the ${uses === 1 ? 'alias that reads' : `${uses} aliases that read`} it`,
      edits: r.edits,
      ...(uses > 0 ? { isPreferred: true } : {}),
    });
  if (uses > 0 && removal.length > 0)
    out.push({
      title: `Remove this '&${name}': the ${uses === 1 ? 'alias below then reads' : `${uses} aliases below then read`} the first '&${name}'`,
      edits: removal,
    });
  return out;
};
