// One node tree for YAML and JSON. Every node carries UTF-16 offsets into the document text.

export type Node = ObjectNode | ArrayNode | StringNode | NumberNode | BooleanNode | NullNode | AliasNode;
export type Parent = ObjectNode | ArrayNode | PropertyNode | undefined;

interface Base {
  offset: number;
  length: number;
  parent: Parent;
}

export interface ObjectNode extends Base {
  type: 'object';
  properties: PropertyNode[];
  /** YAML flow style (`{ … }`) or JSON. */
  flow: boolean;
  anchor?: string;
}

export interface PropertyNode {
  type: 'property';
  offset: number;
  length: number;
  parent: ObjectNode;
  key: StringNode;
  value: Node | undefined;
  /** Offset of the `:` when known. */
  colonOffset: number;
}

export interface ArrayNode extends Base {
  type: 'array';
  items: Node[];
  flow: boolean;
  anchor?: string;
}

export interface StringNode extends Base {
  type: 'string';
  value: string;
  /** Whether the source wrote the scalar with quotes (YAML) — JSON strings are always quoted. */
  quoted: boolean;
  anchor?: string;
}

export interface NumberNode extends Base {
  type: 'number';
  value: number;
  anchor?: string;
}

export interface BooleanNode extends Base {
  type: 'boolean';
  value: boolean;
  anchor?: string;
}

export interface NullNode extends Base {
  type: 'null';
  anchor?: string;
}

/** A YAML alias (`*name`). `target` is the anchored node it points at, if that anchor exists before it. */
export interface AliasNode extends Base {
  type: 'alias';
  name: string;
  target: Node | undefined;
}

export type Language = 'yaml' | 'json';

export interface SyntaxProblem {
  offset: number;
  length: number;
  message: string;
  /**
   * The problem is about something other than syntax proper (another document, a resource limit, a
   * core tag on a value of another kind: `!!str {…}`, which YAML 1.1 loaders refuse).
   */
  kind?: 'syntax' | 'extra-document' | 'resource-limit' | 'tag' | 'unsupported-tag';
  /**
   * `unsupported-tag`: the tagged value (or key), `delta` past the tag's offset (relative, so that it moves
   * with the problem when a piece is read apart and shifted).
   */
  tagged?: { delta: number; length: number; key: boolean };
  /**
   * A no-break space or another Unicode space where YAML needs a plain space (the indentation, after
   * `key:`): the text was read with plain spaces there (parser/indentRepair.ts); the fix writes them.
   */
  irregularSpace?: true;
  /**
   * JSON: a comma missing right after the value this problem covers (its last character), the place
   * certain (parser/jsonComma.ts); the text was read as if it were there. The fix writes it.
   */
  missingComma?: true;
  /**
   * JSON: `NaN`, `Infinity` or `-Infinity` written as a value (Python's json.dumps): no value is read
   * there. The editor's fix writes `null` where the field takes null (REVIEW16-user N12).
   */
  nonFinite?: true;
  /**
   * `extra-document`: the other YAML document this problem is about, as offsets relative to the
   * problem's (so that they move with it): `from`/`to` its text with the directives before it (what
   * is read alone to check it), `config` whether it says `kind: AssistantConfig` (then it is checked
   * too), `empty` whether it holds nothing but comments, and `marker` its `---`, when removing that
   * marker loses nothing (an empty document with no directive of its own).
   */
  document?: { from: number; to: number; config: boolean; empty: boolean; marker?: number };
  /**
   * A key or a list item indented off its block's column (parser/alignRepair.ts): the text was read with
   * these lines moved, `at` past the problem's offset (a line start), by `delta` columns (negative: to
   * the left). The fix (titled `title`) moves them.
   */
  realign?: { title: string; moves: { at: number; delta: number }[] };
}

export interface ParsedDocument {
  text: string;
  language: Language;
  /** The AssistantConfig document's root value, undefined for an empty document. */
  root: Node | undefined;
  problems: SyntaxProblem[];
  /**
   * YAML on the fast path: [start, end) of each block entry that was read alone by the full parser because
   * of its syntax problems, flat and in order; every problem lies in one (what lets `applyEdit` patch a
   * document that has problems). Absent when the problems' places are not known that way.
   */
  zones?: number[];
}

/** A key for `propertyNode`: a string node whose parent the property becomes. */
export function keyNode(value: string, quoted: boolean, offset: number, length: number): StringNode {
  return { type: 'string', value, quoted, offset, length, parent: undefined };
}

/**
 * The one way to build a property node: the property and its key point at each other, so they are
 * made together here (no half-built node cast to the type). `value` is set by the caller.
 */
export function propertyNode(
  parent: ObjectNode,
  key: StringNode,
  offset: number,
  length: number,
  colonOffset = -1,
): PropertyNode {
  const prop: PropertyNode = { type: 'property', offset, length, parent, key, value: undefined, colonOffset };
  key.parent = prop;
  return prop;
}

/** Follows aliases to the node they stand for. Anchors cannot be put on aliases, so one step suffices. */
export function resolve(node: Node | undefined): Node | undefined {
  return node?.type === 'alias' ? node.target : node;
}

/**
 * The property `key` of a mapping as a reader sees it: with the same key twice, the last occurrence
 * (JSON.parse, and the YAML loaders that accept duplicates, keep the last value).
 */
export function getProperty(obj: ObjectNode, key: string): PropertyNode | undefined {
  const props = obj.properties;
  for (let i = props.length - 1; i >= 0; i--) if (props[i]!.key.value === key) return props[i];
  return undefined;
}

/** Whether a property is shadowed by a later one with the same key (and so is not read). */
export function isShadowed(p: PropertyNode): boolean {
  return getProperty(p.parent, p.key.value) !== p;
}

export function getPropertyValue(obj: ObjectNode | undefined, key: string): Node | undefined {
  return obj ? resolve(getProperty(obj, key)?.value) : undefined;
}

export function stringValue(node: Node | undefined): string | undefined {
  const n = resolve(node);
  return n?.type === 'string' ? n.value : undefined;
}

/** The deepest node (value or key) whose range contains `offset` (end inclusive). */
export function nodeAt(root: Node | undefined, offset: number): Node | undefined {
  let node: Node | undefined = root;
  let found: Node | undefined;
  while (node && offset >= node.offset && offset <= node.offset + node.length) {
    found = node;
    let next: Node | undefined;
    if (node.type === 'object') {
      // Keys first: a block mapping's value ends after its last line break, where the next key of an
      // outer mapping may start (a top-level key after `definition:`'s block, at column 0).
      for (const p of node.properties)
        if (offset >= p.key.offset && offset <= p.key.offset + p.key.length) return p.key;
      for (const p of node.properties) {
        if (p.value && offset >= p.value.offset && offset <= p.value.offset + p.value.length) {
          next = p.value;
          break;
        }
      }
    } else if (node.type === 'array') {
      next = findItem(node.items, offset);
    }
    node = next;
  }
  return found;
}

function findItem(items: Node[], offset: number): Node | undefined {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const it = items[mid]!;
    if (offset < it.offset) hi = mid - 1;
    else if (offset > it.offset + it.length) lo = mid + 1;
    else return it;
  }
  return undefined;
}

/** The JSON-pointer-like path of keys and indexes from the root to `node`. */
export function pathOf(node: Node | StringNode): (string | number)[] {
  const path: (string | number)[] = [];
  let cur: Node | PropertyNode = node;
  for (;;) {
    const parent: Parent = cur.parent;
    if (!parent) break;
    if (parent.type === 'property') {
      path.unshift(parent.key.value);
      cur = parent.parent;
    } else if (parent.type === 'array') {
      path.unshift(parent.items.indexOf(cur));
      cur = parent;
    } else {
      cur = parent;
    }
  }
  return path;
}

/**
 * The text of a scalar's parsed value where a string is needed (a key, a value of an unusual type):
 * a string as it is, null as '', another primitive as JavaScript writes it, anything else as JSON.
 */
export function scalarText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v !== 'object') return ''; // a symbol or a function: no text
  try {
    return JSON.stringify(v);
  } catch {
    return ''; // (a cycle: the parser never throws)
  }
}
