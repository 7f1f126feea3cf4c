// `unresolved-alias`: an alias (`*name`) with no anchor (`&name`) before it. The one diagnostic its
// mistake deserves (the value it stands for is not checked again as "nothing": schemaErrors.ts),
// saying which mistake it most likely is: the anchor is defined further down (YAML reads an alias
// only after its anchor), or the name is a near miss of an anchor above it (`*mian` for `&main`),
// with that anchor as the suggestion its quick fix renames the alias to (REVIEW3 F9), or an anchor of
// that name in another YAML document of the file, which anchors never reach across `---` (REVIEW11 M3).
import type { AliasNode } from '../../parser/ast';
import type { AnchorDef, AnchorIndex } from '../anchors';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';
import { closest, editDistance } from '../text';

/**
 * The diagnostic for the unresolved alias `a`; the anchors it names or most likely means go into
 * `claimed` (they are not reported unused: removing the mark would make the mistake unrecoverable).
 */
export function unresolvedAlias(
  lineOf: (offset: number) => number,
  a: AliasNode,
  index: AnchorIndex,
  claimed: Set<AnchorDef>,
  elsewhere?: (name: string, offset: number) => AnchorDef | undefined,
): Diagnostic {
  const name = a.name;
  const later = index.defs.find((d) => d.name === name && d.offset > a.offset);
  if (later) {
    claimed.add(later);
    return diag(
      'unresolved-alias',
      `Alias '*${name}' comes before its anchor '&${name}' (line ${lineOf(later.offset)}): a YAML alias can only refer to an anchor above it. Move the anchored value above this line, or put the anchor here and the alias there.`,
      a.offset,
      a.length,
      { related: [{ offset: later.offset, length: later.length, message: `The anchor '&${name}', after the alias.` }] },
    );
  }
  const before = new Map<string, AnchorDef>();
  for (const d of index.defs) {
    if (d.offset >= a.offset) break;
    before.set(d.name, d); // the last one of a name is the one an alias would bind
  }
  const names = [...before.keys()];
  const meant = names.length > 0 ? closest(name, names) : undefined;
  // The same name in another document (copied from the one above `---`): what the alias most likely means.
  const other = elsewhere?.(name, a.offset);
  const there = other
    ? ` '&${name}' is defined in another YAML document (line ${lineOf(other.offset)}); anchors do not reach across '---'.`
    : '';
  const thereRelated = other
    ? [{ offset: other.offset, length: other.length, message: `The anchor '&${name}', in another YAML document.` }]
    : [];
  if (meant === undefined)
    return diag(
      'unresolved-alias',
      `Alias '*${name}' has no anchor '&${name}' before it.${there}`,
      a.offset,
      a.length,
      {
        ...(other ? { related: thereRelated } : {}),
      },
    );
  const def = before.get(meant)!;
  claimed.add(def);
  return diag(
    'unresolved-alias',
    `Alias '*${name}' has no anchor '&${name}' before it.${there} Did you mean '*${meant}'?`,
    a.offset,
    a.length,
    {
      related: [{ offset: def.offset, length: def.length, message: `The anchor '&${meant}'.` }, ...thereRelated],
      data: {
        key: name,
        suggestion: meant,
        // Not for --fix when the user may mean the other document's anchor.
        ...(!other && renameIsSafe(name, meant, names) ? {} : { unsafeRename: true }),
      },
    },
  );
}

/**
 * Whether `lint --fix` may rename the alias to `meant` unasked. Anchor names are the user's own words,
 * any name is allowed and short ones are common (`&a`, `&b`): `closest` allows two edits on any short
 * name, which is a guess there, not a typo fixed. So only one clear match: the one anchor above that is
 * near at all, at most one edit away (a letter missing, extra, wrong, or two swapped: `mian`), in a name
 * of four letters or more. Otherwise the rename stays an editor quick fix, the user chooses. (The fix's
 * result is checked as every --fix result is, fixAll.ts: the aliased value must add no error there.)
 */
function renameIsSafe(name: string, meant: string, names: readonly string[]): boolean {
  if (name.length < 4 || editDistance(name, meant) > 1) return false;
  return names.filter((n) => closest(name, [n]) !== undefined).length === 1;
}
