// `unresolved-alias` with a near-miss anchor above it (`*mian` next to `&main`): rename the alias.
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
