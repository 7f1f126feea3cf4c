// Where the cursor stands, in terms the schema understands: the path of the mapping (or value) being
// edited, the range to replace, and the punctuation the insertion needs. YAML and JSON each compute
// one of these from the cached tree and the text near the cursor; entries.ts turns it into items.
import type { Language, Node, ObjectNode } from '../../parser/ast';

export type Segment = string | number;

interface Common {
  language: Language;
  /** The range the entry replaces: the partial word (with its quotes) being typed. */
  replace: { offset: number; length: number };
  /** Text typed so far, without quotes. */
  prefix: string;
  /** Quote the user opened (`"ven|`); values are then inserted with the same quote. */
  quote?: '"' | "'";
  /** Column at which keys of the mapping being edited stand (YAML), or the line indentation (JSON). */
  indent: number;
  /** The document's indentation unit. */
  unit: number;
  /** YAML flow collection (`{a: 1, |}`): JSON's punctuation, YAML's scalars. */
  flow?: boolean;
  /** JSON and flow YAML: the insertion must bring its own separators. */
  commaBefore: boolean;
  /**
   * JSON: where the missing comma goes when the previous member ends on an earlier line (just after
   * it), so that the insertion at the cursor does not start with one.
   */
  commaAt?: number;
  commaAfter: boolean;
  /** JSON: the cursor follows other members on its line; a mapping is inserted on that line too. */
  inline?: boolean;
}

export interface KeyContext extends Common {
  mode: 'key';
  /** Path of the mapping that receives the key. */
  path: Segment[];
  /** The mapping in the tree, when it exists there. */
  object?: ObjectNode;
  /** Keys already in the mapping (the one being typed excluded), with their scalar values as text. */
  siblings: Map<string, string | undefined>;
  /** The key is followed by its colon already (`provid|: x`): insert the name only. */
  keyHasColon: boolean;
  /** YAML: deeper lines follow the key being typed, so it gets `key:` and keeps them as its value. */
  blockBelow?: boolean;
  /** JSON with no object around the cursor (an empty document): wrap keys in braces. */
  wrapInObject?: boolean;
  /**
   * YAML: a comment after the word typed on its line, no colon yet (`  sche|  # note`): its blanks and
   * text, and where they stand. An item that goes on over lines (`schemaSelector:`, then its indented
   * line) takes it to the end of the key's line, where the user would have written it.
   */
  commentAfter?: { offset: number; text: string };
}

export interface ValueContext extends Common {
  mode: 'value';
  /** Path of the value being typed (the owning mapping's path plus the key, or an array index). */
  path: Segment[];
  /** The node of the owning mapping (for a key's value), when the tree has it. */
  owner?: Node;
  /** Siblings of the key whose value is typed (for resolving the owner's variant without a tree). */
  ownerSiblings: Map<string, string | undefined>;
  /** YAML `key:|`: the value needs a space before it. */
  spaceBefore: boolean;
  /** Column of the key whose value this is (YAML), for nested block insertions. */
  keyIndent: number;
}

export type CursorContext = KeyContext | ValueContext;

export const WORD = /[A-Za-z0-9_$.\-/]/;
