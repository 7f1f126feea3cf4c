// `unknown-property`: rename a misspelt key to the closest allowed one (preferred), or remove the key
// with its nested lines and trailing comment.
import { isShadowed } from '../../parser/ast';
import { removeProperties, replaceScalar } from './edits';
import { anchorsUsedElsewhere, holdsLiteralSecret, propertyAtKey } from './find';
import type { Fix, FixProvider } from './provider';

export const unknownProperty: FixProvider = (doc, d) => {
  const prop = propertyAtKey(doc, d.offset);
  // (A key merged in through `<<` is reported on the `<<`: nothing to rename or remove there.)
  if (!prop || d.data?.key !== prop.key.value) return [];
  const key = prop.key.value;
  const out: Fix[] = [];
  const suggestion = d.data.suggestion;
  if (suggestion)
    out.push({
      title: `Rename '${key}' to '${suggestion}'`,
      edits: [replaceScalar(doc, prop.key, suggestion)],
      isPreferred: true,
    });
  // (Not when an alias elsewhere points into it: the alias would lose its anchor.)
  // (Nor when it holds a literal credential: removing it would lose the secret.)
  if (!anchorsUsedElsewhere(doc, [prop]) && !holdsLiteralSecret(prop))
    out.push({ title: `Remove '${key}'`, edits: removeProperties(doc, prop.parent, [prop]) });
  return out;
};

/** `near-miss-key`: a custom key close to a named one; renaming is the only fix (custom keys are allowed). */
export const nearMissKey: FixProvider = (doc, d) => {
  const prop = propertyAtKey(doc, d.offset);
  const suggestion = d.data?.suggestion;
  if (!prop || d.data?.key !== prop.key.value || !suggestion) return [];
  return [
    {
      title: `Rename '${prop.key.value}' to '${suggestion}'`,
      edits: [replaceScalar(doc, prop.key, suggestion)],
      isPreferred: true,
    },
  ];
};

/** `duplicate-key`: remove the copy the diagnostic is on, an earlier one that is not read. */
export const duplicateKey: FixProvider = (doc, d) => {
  const prop = propertyAtKey(doc, d.offset);
  if (!prop || !isShadowed(prop) || anchorsUsedElsewhere(doc, [prop]) || holdsLiteralSecret(prop)) return [];
  return [
    {
      title: `Remove the ignored duplicate '${prop.key.value}' (the last one is read)`,
      edits: removeProperties(doc, prop.parent, [prop]),
      isPreferred: true,
    },
  ];
};
