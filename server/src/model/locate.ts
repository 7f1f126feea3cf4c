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
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function locate(root: Node | undefined, pointer: string): Located {
  const parts = parsePointer(pointer);
  let node = resolve(root);
  let prop: PropertyNode | undefined;
  const segments: (string | number)[] = [];
  for (const part of parts) {
    if (node?.type === 'object') {
      prop = readProperty(node, part);
      node = resolve(prop?.value);
      segments.push(part);
    } else if (node?.type === 'array') {
      const i = Number(part);
      node = resolve(node.items[i]);
      prop = undefined;
      segments.push(i);
    } else {
      return { node: undefined, prop: undefined, segments };
    }
  }
  return { node, prop, segments };
}
