// A YAML merge key (`<<`, unquoted) whose value is not a mapping nor a list of mappings (or aliases to
// them): `<<: *flag` where `&flag` is `true`, `<<:` left empty. Every YAML 1.1 loader that applies merge
// keys (PyYAML, SnakeYAML, js-yaml, Go yaml, `yaml` with `merge: true`) refuses the file ("expected a
// mapping or list of mappings for merging"); this tool reads such a `<<` as an ordinary key
// (model/merge.ts), which the schema called an unknown key ("does not allow '<<'", with a fix that
// removed the alias) or, where a mapping takes keys of its own (`featureFlags`), said nothing at all.
import type { Node, ParsedDocument, PropertyNode } from '../../parser/ast';
import { resolve } from '../../parser/ast';
import { mergeSources } from '../../model/merge';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';

/** What a merge value that is not a mapping is, in words. */
function kindOf(n: Node | undefined): string {
  const v = resolve(n);
  if (!v || v.type === 'null') return 'empty';
  if (v.type === 'array') return 'a list that holds something other than a mapping';
  if (v.type === 'string') return 'a string';
  if (v.type === 'number') return 'a number';
  if (v.type === 'boolean') return 'a boolean';
  return 'not a mapping';
}

/** An alias with no anchor before it (its `unresolved-alias` says so): not this finding's. */
function unresolved(n: Node | undefined): boolean {
  if (n?.type === 'alias') return !n.target;
  return n?.type === 'array' && n.items.some((i) => i.type === 'alias' && !i.target);
}

/**
 * What the editor's unit cache knows of list items (validation/units.ts): items that hold no merge key,
 * and the merge keys no loader can merge found before in an item holding an alias, while neither it
 * nor what its aliases reach changed.
 */
export interface MergeKeyHints {
  skipItem(n: Node): boolean;
  mergesIn(item: Node): PropertyNode[] | undefined;
  setMergesIn(item: Node, props: PropertyNode[]): void;
}

/** The `<<` keys of the document whose value no loader can merge: one `invalid-type` each. */
/** `has`: whether the text holds a string (the editor's cache knows it without a read of the text). */
export function badMergeKeys(
  doc: ParsedDocument,
  has: (needle: string) => boolean = (needle) => doc.text.includes(needle),
  hints?: MergeKeyHints,
): { diagnostics: Diagnostic[]; props: PropertyNode[] } {
  const diagnostics: Diagnostic[] = [];
  const props: PropertyNode[] = [];
  if (doc.language !== 'yaml' || !doc.root || !has('<<')) return { diagnostics, props };
  bad(doc.root, props, hints);
  for (const p of props) {
    const via = p.value?.type === 'alias' ? ` (through alias '*${p.value.name}')` : '';
    diagnostics.push(
      diag(
        'invalid-type',
        `'<<' is a YAML merge key: its value must be a mapping or a list of mappings (or aliases to them); here it is ${kindOf(p.value)}${via}. YAML 1.1 loaders refuse the file; this tool reads '<<' as an ordinary key.`,
        p.key.offset,
        p.key.length,
      ),
    );
  }
  return { diagnostics, props };
}

/** The bad `<<` keys of the tree under `root`, as written (aliases not followed: an anchored mapping is checked where it stands). */
function bad(root: Node, props: PropertyNode[], hints?: MergeKeyHints): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    // A list item (a subtree walked alone, in the same order as here): skipped, or as found before.
    if (hints && n !== root && n.parent?.type === 'array' && (n.type === 'object' || n.type === 'array')) {
      if (hints.skipItem(n)) continue;
      let found = hints.mergesIn(n);
      if (!found) {
        bad(n, (found = []));
        hints.setMergesIn(n, found);
      }
      for (const p of found) props.push(p);
      continue;
    }
    if (n.type === 'object') {
      for (const p of n.properties) {
        if (p.value) stack.push(p.value);
        if (p.key.quoted || p.key.value !== '<<' || mergeSources(p) || unresolved(p.value)) continue;
        props.push(p);
      }
    } else if (n.type === 'array') for (const i of n.items) stack.push(i);
  }
}
