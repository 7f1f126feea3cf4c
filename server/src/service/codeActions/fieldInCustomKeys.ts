// `field-in-custom-keys` (REVIEW15-user U19): the key, a field of the mapping above written in a
// mapping of custom keys (`contextWindowLimit` among the feature flags), moved one level up beside
// the mapping that holds it: the move `unknown-property` offers for a key written a level too deep.
// Editor-only: a flag or schema of that name is allowed, and only the user knows which is meant.
import { propertyAtKey } from './find';
import type { FixProvider } from './provider';
import { moveUp } from './unknownProperty';

export const fieldInCustomKeys: FixProvider = (doc, d) => {
  const prop = propertyAtKey(doc, d.offset);
  // (Not out of an anchored mapping: what its aliases read would change with it.)
  if (!prop || d.data?.key !== prop.key.value || prop.parent.anchor !== undefined) return [];
  return moveUp(doc, prop, d, true);
};
