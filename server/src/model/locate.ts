// From a path (as ajv reports it) back to the nodes of the tree.
import type { Node, PropertyNode } from '../parser/ast';
import { resolve } from '../parser/ast';
import { readProperty } from './merge';

export interface Located {
  /** The value at the path, aliases resolved. */
  node: Node | undefined;
  /** The property whose value it is, when it is a mapping value (for key ranges). */
  prop: PropertyNode | undefined;
  /** The path as segments. */
  segments: (string | number)[];
  /**
   * The first alias (or `<<` merge value) the path goes through, when it does: the node found is
   * then text of the anchored node, shared with its other uses.
   */
  via?: Node;
  /** The value at the path is an alias whose anchor is not defined before it (the `unresolved-alias` says so). */
  unresolved?: boolean;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  // Most pointers escape nothing: no replacement per segment then.
  if (!pointer.includes('~')) return pointer.slice(1).split('/');
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function locate(root: Node | undefined, pointer: string): Located {
  const parts = parsePointer(pointer);
  let node = resolve(root);
  let prop: PropertyNode | undefined;
  let via: Node | undefined;
  // The value at the path as written (an alias not followed).
  let raw: Node | undefined = root;
  const segments: (string | number)[] = [];
  for (const part of parts) {
    if (node?.type === 'object') {
      const owner: Node = node;
      prop = readProperty(node, part);
      // A property merged in by `<<` belongs to another mapping: reached through the merge's value.
      if (!via && prop && prop.parent !== owner)
        via = owner.properties.find((p) => p.key.value === '<<' && !p.key.quoted)?.value;
      if (!via && prop?.value?.type === 'alias') via = prop.value;
      raw = prop?.value;
      node = resolve(raw);
      segments.push(part);
    } else if (node?.type === 'array') {
      const i = Number(part);
      const item = node.items[i];
      if (!via && item?.type === 'alias') via = item;
      raw = item;
      node = resolve(item);
      prop = undefined;
      segments.push(i);
    } else {
      return { node: undefined, prop: undefined, segments, ...(via ? { via } : {}) };
    }
  }
  const unresolved = raw?.type === 'alias' && !raw.target;
  return { node, prop, segments, ...(via ? { via } : {}), ...(unresolved ? { unresolved } : {}) };
}
