// `unresolved-alias` with a near-miss anchor above it (`*mian` next to `&main`): rename the alias.
// `unportable-anchor`: rename the anchor (and its aliases) to a name every YAML loader reads.
import { portableAnchorName, renameAnchor } from '../anchors';
import type { FixProvider } from './provider';

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
