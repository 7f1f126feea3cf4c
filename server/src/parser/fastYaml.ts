// Fast path from YAML text to the node tree, for the common subset of AssistantConfig files: block
// mappings and sequences, one-line plain and quoted scalars, flow collections of those (also across
// lines), comments, CRLF, a BOM, a leading `---`. It builds exactly the tree `parseYamlFull` builds from
// the `yaml` package's document model (offsets and range ends included, down to where that package
// lets comment lines stretch a collection), in a single pass over the text with no regular expression
// in the character loops. Whenever the text leaves that subset (anchors, aliases, tags, block scalars,
// multi-line scalars, several documents, explicit keys, tabs, any syntax error, ...), or anything looks
// questionable, it returns undefined and the caller falls back to the full parser. Never throws.
import type { Node, ObjectNode, ArrayNode, PropertyNode, StringNode, SyntaxProblem, Parent } from './ast';
import type { ParseLimits } from './yaml';

export interface FastYamlResult {
  root: Node | undefined;
  problems: SyntaxProblem[];
}

/** Thrown inside the scanner to give up; caught in `fastParseYaml`. */
class Bail extends Error {}
const BAIL = new Bail('fast YAML path not applicable');

const SPACE = 32;
const LF = 10;
const CR = 13;
const HASH = 35;
const COLON = 58;
const DASH = 45;
const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;
const LBRACKET = 91;
const RBRACKET = 93;
const LBRACE = 123;
const RBRACE = 125;
const COMMA = 44;
const DOT = 46;

// ASCII classes for the scalar loops: 0 ordinary, 1 needs a closer look.
const PLAIN_SPECIAL = new Uint8Array(128);
for (let c = 0; c < 32; c++) PLAIN_SPECIAL[c] = 1;
PLAIN_SPECIAL[127] = 1;
for (const c of [SPACE, COLON, COMMA, LBRACKET, RBRACKET, LBRACE, RBRACE]) PLAIN_SPECIAL[c] = 1;
const QUOTED_SPECIAL = new Uint8Array(128);
for (let c = 0; c < 32; c++) QUOTED_SPECIAL[c] = 1;
QUOTED_SPECIAL[127] = 1;
QUOTED_SPECIAL[DQUOTE] = 1;
QUOTED_SPECIAL[SQUOTE] = 1;
QUOTED_SPECIAL[BACKSLASH] = 1;

// Characters a plain scalar may not start with (besides `-?:` followed by a space, and quotes/brackets handled apart).
const BAD_PLAIN_START = new Uint8Array(128);
for (const ch of ',[]{}#&*!|>%@`?:\'"') BAD_PLAIN_START[ch.charCodeAt(0)] = 1;
for (let c = 0; c < 33; c++) BAD_PLAIN_START[c] = 1;
BAD_PLAIN_START[127] = 1;

/** Non-ASCII characters that the fast path does not take a chance with (C1 controls, NEL, LS/PS, BOM, non-characters). */
function isOddWide(c: number): boolean {
  return c < 0xa0 || c === 0x2028 || c === 0x2029 || c === 0xfeff || c === 0xfffe || c === 0xffff;
}

const ESCAPES: (string | undefined)[] = [];
ESCAPES['0'.charCodeAt(0)] = '\0';
ESCAPES['a'.charCodeAt(0)] = '\x07';
ESCAPES['b'.charCodeAt(0)] = '\b';
ESCAPES['e'.charCodeAt(0)] = '\x1b';
ESCAPES['f'.charCodeAt(0)] = '\f';
ESCAPES['n'.charCodeAt(0)] = '\n';
ESCAPES['r'.charCodeAt(0)] = '\r';
ESCAPES['t'.charCodeAt(0)] = '\t';
ESCAPES['v'.charCodeAt(0)] = '\v';
ESCAPES['N'.charCodeAt(0)] = '\u0085';
ESCAPES['_'.charCodeAt(0)] = '\u00a0';
ESCAPES['L'.charCodeAt(0)] = '\u2028';
ESCAPES['P'.charCodeAt(0)] = '\u2029';
ESCAPES[SPACE] = ' ';
ESCAPES[DQUOTE] = '"';
ESCAPES['/'.charCodeAt(0)] = '/';
ESCAPES[BACKSLASH] = '\\';

// YAML 1.2 core schema, in the `yaml` package's order (null, bool, int oct, int, int hex, nan/inf, exp float, float).
const RE_INT_OCT = /^0o[0-7]+$/;
const RE_INT = /^[-+]?[0-9]+$/;
const RE_INT_HEX = /^0x[0-9a-fA-F]+$/;
const RE_FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const RE_FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const RE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Resolution of a plain scalar's source: a string, or a null/boolean/number tag (KIND_*). */
const KIND_STRING = 0;
const KIND_NULL = 1;
const KIND_BOOL = 2;
const KIND_NUMBER = 3;

const TERM_EOL = 0;
const TERM_COMMENT = 1;
const TERM_COLON = 2;
const TERM_FLOW = 3;

interface Frame {
  indent: number;
  seq: boolean;
  node: ObjectNode | ArrayNode;
  /** The property whose value this collection is, if any. */
  prop: PropertyNode | undefined;
  depth: number;
  /** End (range[2] in the `yaml` package's terms) of the last item so far. */
  end: number;
  /** The last item's value is a scalar or a flow collection (a CST token with an `end` that can absorb comments). */
  lastHasEnd: boolean;
  /** Comment lines after the last item that were not absorbed into its value: the column of the rightmost, or -1. */
  trailMaxCol: number;
}

const PENDING_NONE = 0;
const PENDING_KEY = 1;
const PENDING_ITEM = 2;

class Scanner {
  private readonly len: number;
  private pos = 0;
  private lineStart = 0;
  private readonly stack: Frame[] = [];
  root: Node | undefined;

  // A `key:` or `-` whose value starts on a later line (or is empty).
  private pending = PENDING_NONE;
  private pendingFrame: Frame | undefined;
  private pendingProp: PropertyNode | undefined;
  private pendingNull = 0;
  private pendingComment = false;

  // Results of the scalar scanners.
  private term = TERM_EOL;
  private termPos = 0;
  private qValue = '';
  private kind = KIND_STRING;
  private num = 0;
  private bool = false;
  private flowEnd = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {
    this.len = text.length;
  }

  run(): void {
    const t = this.text;
    const len = this.len;
    let pos = 0;
    if (len > 0 && t.charCodeAt(0) === 0xfeff) {
      // The `yaml` package counts the BOM in the first line's indentation: an indented line or a sequence
      // right after it comes out wrong there. Leave those to it.
      pos = 1;
      const c = t.charCodeAt(1);
      if (c === SPACE || (c === DASH && this.emptyAt(2))) throw BAIL;
    }
    // A `---` marker on the first line, alone or with a comment.
    if (t.charCodeAt(pos) === DASH && t.charCodeAt(pos + 1) === DASH && t.charCodeAt(pos + 2) === DASH) {
      const after = pos + 3;
      const c = after < len ? t.charCodeAt(after) : LF;
      if (c === SPACE || c === LF || c === CR) pos = this.finishLine(after);
    }
    this.pos = pos;
    while (this.pos < len) {
      const lineStart = this.pos;
      this.lineStart = lineStart;
      let i = lineStart;
      let c = t.charCodeAt(i);
      while (c === SPACE) c = t.charCodeAt(++i);
      if (i >= len) {
        this.pos = len;
        break;
      }
      if (c === LF) {
        this.pos = i + 1;
        continue;
      }
      if (c === CR) {
        if (t.charCodeAt(i + 1) !== LF) throw BAIL;
        this.pos = i + 2;
        continue;
      }
      if (c === HASH) {
        this.pos = this.skipComment(i);
        if (this.pending !== PENDING_NONE) this.pendingComment = true;
        else if (this.stack.length > 0) this.commentLine(i - lineStart);
        continue;
      }
      const indent = i - lineStart;
      if (indent === 0 && (c === DASH || c === DOT) && t.charCodeAt(i + 1) === c && t.charCodeAt(i + 2) === c) {
        const d = i + 3 < len ? t.charCodeAt(i + 3) : LF;
        if (d === SPACE || d === LF || d === CR || d === 9) throw BAIL; // document marker
      }
      this.contentLine(i, indent);
    }
    if (this.pending !== PENDING_NONE) this.resolvePendingNull();
    while (this.stack.length > 0) this.pop(len);
  }

  /**
   * A comment line after the last item of the innermost collection. Like the `yaml` CST parser: a comment
   * indented deeper than the collection, with no other comment before it, joins the last value's end
   * (stretching the collection); otherwise it stays after the items, and may stretch the collection's
   * range end when it is closed (see `pop`).
   */
  private commentLine(col: number): void {
    const top = this.stack[this.stack.length - 1]!;
    if (top.trailMaxCol < 0 && col > top.indent && top.lastHasEnd) {
      top.end = this.pos;
      return;
    }
    if (col > top.trailMaxCol) top.trailMaxCol = col;
  }

  private contentLine(i: number, indent: number): void {
    const t = this.text;
    const isItem = t.charCodeAt(i) === DASH && this.emptyAt(i + 1);
    if (this.pending !== PENDING_NONE) {
      const owner = this.pendingFrame!;
      if (indent > owner.indent || (this.pending === PENDING_KEY && indent === owner.indent && isItem)) {
        this.openPendingCollection(i, indent, isItem);
        return;
      }
      this.resolvePendingNull();
    }
    const stack = this.stack;
    if (stack.length === 0) {
      // The root collection.
      if (this.root !== undefined) throw BAIL;
      this.openCollection(i, indent, isItem, undefined, undefined, 0);
      return;
    }
    let top = stack[stack.length - 1]!;
    while (top.indent > indent) {
      this.pop(i);
      if (stack.length === 0) throw BAIL;
      top = stack[stack.length - 1]!;
    }
    if (top.indent !== indent) throw BAIL;
    if (top.seq) {
      if (isItem) {
        this.seqItem(top, i);
        return;
      }
      // A sequence written at the same column as the key that holds it ends here.
      const below = stack.length > 1 ? stack[stack.length - 2]! : undefined;
      if (below === undefined || below.seq || below.indent !== indent) throw BAIL;
      this.pop(i);
      this.mapEntry(below, i);
      return;
    }
    if (isItem) throw BAIL;
    this.mapEntry(top, i);
  }

  /** The next content line, more indented (or a sequence at the key's column), holds the pending value. */
  private openPendingCollection(i: number, indent: number, isItem: boolean): void {
    const owner = this.pendingFrame!;
    owner.lastHasEnd = false;
    const prop = this.pending === PENDING_KEY ? this.pendingProp : undefined;
    const arr = this.pending === PENDING_ITEM ? (owner.node as ArrayNode) : undefined;
    this.pending = PENDING_NONE;
    this.pendingFrame = undefined;
    this.pendingProp = undefined;
    this.openCollection(i, indent, isItem, prop, arr, owner.depth + 1);
  }

  private openCollection(i: number, indent: number, isItem: boolean, prop: PropertyNode | undefined, arr: ArrayNode | undefined, depth: number): void {
    if (depth > this.maxDepth) throw BAIL;
    const parent: Parent = prop ?? arr;
    let node: ObjectNode | ArrayNode;
    if (isItem) node = { type: 'array', offset: i, length: 0, parent, items: [], flow: false };
    else node = { type: 'object', offset: i, length: 0, parent, properties: [], flow: false };
    if (prop) prop.value = node;
    else if (arr) arr.items.push(node);
    else this.root = node;
    const frame: Frame = { indent, seq: isItem, node, prop, depth, end: i, lastHasEnd: false, trailMaxCol: -1 };
    this.stack.push(frame);
    if (isItem) this.seqItem(frame, i);
    else this.mapEntry(frame, i);
  }

  /**
   * Closes the innermost collection; `trailEnd` is where the next content starts. The CST parser leaves the
   * comment lines after the last item in a closed collection when one of them is at least as indented as
   * the collection (and it is not at column 0): the collection's range end then reaches `trailEnd`, which
   * shows in the parent's length. Otherwise they move to the parent.
   */
  private pop(trailEnd: number): void {
    const f = this.stack.pop()!;
    const end = f.end;
    f.node.length = end - f.node.offset;
    if (f.prop) f.prop.length = end - f.prop.offset;
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      parent.lastHasEnd = false;
      if (f.indent !== 0 && f.trailMaxCol >= f.indent) {
        parent.end = trailEnd;
        parent.trailMaxCol = -1;
      } else {
        parent.end = end;
        parent.trailMaxCol = f.trailMaxCol;
      }
    }
  }

  /** The pending value turned out to be empty: a null right after the indicator (and the spaces after it). */
  private resolvePendingNull(): void {
    // With a comment after it, the `yaml` package stretches the empty value over the comment lines; not modelled.
    if (this.pendingComment) throw BAIL;
    const frame = this.pendingFrame!;
    const off = this.pendingNull;
    if (this.pending === PENDING_KEY) {
      const prop = this.pendingProp!;
      prop.value = { type: 'null', offset: off, length: 0, parent: prop };
    } else {
      const arr = frame.node as ArrayNode;
      arr.items.push({ type: 'null', offset: off, length: 0, parent: arr });
    }
    frame.end = off;
    this.pending = PENDING_NONE;
    this.pendingFrame = undefined;
    this.pendingProp = undefined;
  }

  /**
   * After `- ` or `key:`, nothing but the end of the line or a comment: the value (if any) comes on a
   * later line. Records that as pending and moves past the line; returns whether it did.
   */
  private valueOnLaterLine(kind: number, frame: Frame, prop: PropertyNode | undefined, k: number, commentsBefore: boolean): boolean {
    const c = k < this.len ? this.text.charCodeAt(k) : LF;
    if (c === LF || c === CR) {
      this.setPending(kind, frame, prop, k, commentsBefore);
      this.pos = this.finishLine(k);
      return true;
    }
    if (c === HASH) {
      this.setPending(kind, frame, prop, k, true);
      this.pos = this.skipComment(k);
      return true;
    }
    return false;
  }

  private setPending(kind: number, frame: Frame, prop: PropertyNode | undefined, nullOffset: number, comment: boolean): void {
    frame.lastHasEnd = false;
    this.pending = kind;
    this.pendingFrame = frame;
    this.pendingProp = prop;
    this.pendingNull = nullOffset;
    this.pendingComment = comment;
  }

  /** A `- …` line of the block sequence `frame`; `i` is the dash. */
  private seqItem(frame: Frame, i: number): void {
    const t = this.text;
    const arr = frame.node as ArrayNode;
    // Comment lines before the dash belong to the item's properties; an empty item would stretch over them.
    const commentsBefore = frame.trailMaxCol >= 0;
    frame.trailMaxCol = -1;
    frame.lastHasEnd = true;
    let k = i + 1;
    while (t.charCodeAt(k) === SPACE) k++;
    if (this.valueOnLaterLine(PENDING_ITEM, frame, undefined, k, commentsBefore)) return;
    const c = t.charCodeAt(k);
    const col = k - this.lineStart;
    if (c === DASH && this.emptyAt(k + 1)) {
      frame.lastHasEnd = false;
      this.openCollection(k, col, true, undefined, arr, frame.depth + 1);
      return;
    }
    if (c === LBRACKET || c === LBRACE) {
      this.flowMinIndent = frame.indent + 1;
      const node = c === LBRACKET ? this.flowSeq(k, arr, frame.depth + 1, 1) : this.flowMap(k, arr, frame.depth + 1, 1);
      arr.items.push(node);
      frame.end = this.pos = this.finishLine(this.flowEnd);
      return;
    }
    if (c === DQUOTE || c === SQUOTE) {
      const end = this.scanQuoted(k);
      let j = end;
      while (t.charCodeAt(j) === SPACE) j++;
      if (t.charCodeAt(j) === COLON) {
        // `- "key": value`: a mapping inside the item.
        frame.lastHasEnd = false;
        this.openCollection(k, col, false, undefined, arr, frame.depth + 1);
        return;
      }
      arr.items.push({ type: 'string', value: this.qValue, quoted: true, offset: k, length: end - k, parent: arr } as StringNode);
      frame.end = this.pos = this.finishLine(end);
      return;
    }
    if (c < 128 ? BAD_PLAIN_START[c] === 1 : isOddWide(c)) throw BAIL;
    if ((c === DASH || c === 63 || c === COLON) && this.emptyAt(k + 1)) throw BAIL;
    const end = this.scanPlainBlock(k);
    if (this.term === TERM_COLON) {
      frame.lastHasEnd = false;
      this.openCollection(k, col, false, undefined, arr, frame.depth + 1);
      return;
    }
    arr.items.push(this.plainNode(k, end, arr));
    frame.end = this.pos = this.finishLine(end);
  }

  /** A `key: …` line (or the rest of one) of the block mapping `frame`; `i` is the key's first character. */
  private mapEntry(frame: Frame, i: number): void {
    const t = this.text;
    const obj = frame.node as ObjectNode;
    frame.trailMaxCol = -1;
    frame.lastHasEnd = true;
    const c0 = t.charCodeAt(i);
    let keyEnd: number;
    let colon: number;
    let keyValue: string;
    let quoted = false;
    if (c0 === DQUOTE || c0 === SQUOTE) {
      keyEnd = this.scanQuoted(i);
      keyValue = this.qValue;
      quoted = true;
      let j = keyEnd;
      while (t.charCodeAt(j) === SPACE) j++;
      if (t.charCodeAt(j) !== COLON || !this.emptyAt(j + 1)) throw BAIL;
      colon = j;
    } else {
      if (c0 < 128 ? BAD_PLAIN_START[c0] === 1 : isOddWide(c0)) throw BAIL;
      if (c0 === DASH && this.emptyAt(i + 1)) throw BAIL;
      keyEnd = this.scanPlainBlock(i);
      if (this.term !== TERM_COLON) throw BAIL;
      colon = this.termPos;
      keyValue = this.plainKeyString(i, keyEnd);
    }
    const prop: PropertyNode = { type: 'property', offset: i, length: colon + 1 - i, parent: obj, colonOffset: colon, value: undefined, key: undefined as unknown as StringNode };
    prop.key = { type: 'string', value: keyValue, quoted, offset: i, length: keyEnd - i, parent: prop };
    obj.properties.push(prop);

    let k = colon + 1;
    while (t.charCodeAt(k) === SPACE) k++;
    if (this.valueOnLaterLine(PENDING_KEY, frame, prop, k, false)) return;
    const c = t.charCodeAt(k);
    let value: Node;
    let end: number;
    if (c === LBRACKET || c === LBRACE) {
      this.flowMinIndent = frame.indent + 1;
      value = c === LBRACKET ? this.flowSeq(k, prop, frame.depth + 1, 1) : this.flowMap(k, prop, frame.depth + 1, 1);
      end = this.flowEnd;
    } else if (c === DQUOTE || c === SQUOTE) {
      end = this.scanQuoted(k);
      value = { type: 'string', value: this.qValue, quoted: true, offset: k, length: end - k, parent: prop } as StringNode;
    } else {
      if (c < 128 ? BAD_PLAIN_START[c] === 1 : isOddWide(c)) throw BAIL;
      if (c === DASH && this.emptyAt(k + 1)) throw BAIL;
      end = this.scanPlainBlock(k);
      if (this.term === TERM_COLON) throw BAIL; // `a: b: c`
      value = this.plainNode(k, end, prop);
    }
    prop.value = value;
    prop.length = end - i;
    frame.end = this.pos = this.finishLine(end);
  }

  // ---- flow collections ----
  // They may span lines, with line breaks after an opening bracket, after a comma, and after an item
  // (before a comma or the closing bracket); no comments inside, no multi-line scalars.

  /** Least indentation of a flow collection's continuation lines (the `yaml` lexer's indentNext). */
  private flowMinIndent = 0;

  private flowSeq(start: number, parent: Parent, depth: number, level: number): ArrayNode {
    if (depth > this.maxDepth) throw BAIL;
    const t = this.text;
    const arr: ArrayNode = { type: 'array', offset: start, length: 0, parent, items: [], flow: true };
    let p = this.skipFlowSpace(start + 1, level);
    if (t.charCodeAt(p) !== RBRACKET) {
      for (;;) {
        p = this.flowValue(p, arr, depth, true, level);
        arr.items.push(this.flowNode!);
        p = this.skipFlowSpace(p, level);
        let c = t.charCodeAt(p);
        if (c === COMMA) {
          p = this.skipFlowSpace(p + 1, level);
          c = t.charCodeAt(p);
          if (c === RBRACKET) break;
          continue;
        }
        if (c === RBRACKET) break;
        throw BAIL;
      }
    }
    arr.length = p + 1 - start;
    this.flowEnd = p + 1;
    return arr;
  }

  private flowMap(start: number, parent: Parent, depth: number, level: number): ObjectNode {
    if (depth > this.maxDepth) throw BAIL;
    const t = this.text;
    const obj: ObjectNode = { type: 'object', offset: start, length: 0, parent, properties: [], flow: true };
    let p = this.skipFlowSpace(start + 1, level);
    if (t.charCodeAt(p) !== RBRACE) {
      for (;;) {
        const keyStart = p;
        const c0 = t.charCodeAt(p);
        let keyEnd: number;
        let keyValue: string;
        let quoted = false;
        if (c0 === DQUOTE || c0 === SQUOTE) {
          keyEnd = this.scanQuoted(p);
          keyValue = this.qValue;
          quoted = true;
          p = this.skipSpaces(keyEnd);
        } else {
          this.checkFlowPlainStart(p);
          keyEnd = this.scanPlainFlow(p);
          keyValue = this.plainKeyString(p, keyEnd);
          p = this.termPos;
        }
        const prop: PropertyNode = { type: 'property', offset: keyStart, length: keyEnd - keyStart, parent: obj, colonOffset: -1, value: undefined, key: undefined as unknown as StringNode };
        prop.key = { type: 'string', value: keyValue, quoted, offset: keyStart, length: keyEnd - keyStart, parent: prop };
        obj.properties.push(prop);
        let c = t.charCodeAt(p);
        if (c === COLON) {
          const after = t.charCodeAt(p + 1);
          if (after !== SPACE && after !== COMMA && after !== RBRACE) throw BAIL;
          prop.colonOffset = p;
          prop.length = p + 1 - keyStart;
          const v = this.skipSpaces(p + 1);
          const cv = t.charCodeAt(v);
          if (cv === COMMA || cv === RBRACE) {
            prop.value = { type: 'null', offset: v, length: 0, parent: prop };
            p = v;
          } else {
            p = this.flowValue(v, prop, depth, false, level);
            prop.value = this.flowNode!;
            prop.length = p - keyStart;
            p = this.skipFlowSpace(p, level);
          }
        } else if (c !== COMMA && c !== RBRACE) {
          throw BAIL;
        }
        c = t.charCodeAt(p);
        if (c === COMMA) {
          p = this.skipFlowSpace(p + 1, level);
          if (t.charCodeAt(p) === RBRACE) break;
          continue;
        }
        if (c === RBRACE) break;
        throw BAIL;
      }
    }
    obj.length = p + 1 - start;
    this.flowEnd = p + 1;
    return obj;
  }

  private flowNode: Node | undefined;

  /** A value inside a flow collection at `p`; sets `flowNode` and returns the offset after it. */
  private flowValue(p: number, parent: ArrayNode | PropertyNode, depth: number, inSeq: boolean, level: number): number {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === LBRACKET) {
      this.flowNode = this.flowSeq(p, parent, depth + 1, level + 1);
      return this.flowEnd;
    }
    if (c === LBRACE) {
      this.flowNode = this.flowMap(p, parent, depth + 1, level + 1);
      return this.flowEnd;
    }
    if (c === DQUOTE || c === SQUOTE) {
      const end = this.scanQuoted(p);
      this.flowNode = { type: 'string', value: this.qValue, quoted: true, offset: p, length: end - p, parent } as StringNode;
      if (inSeq && t.charCodeAt(this.skipSpaces(end)) === COLON) throw BAIL; // an implicit pair
      return end;
    }
    this.checkFlowPlainStart(p);
    const end = this.scanPlainFlow(p);
    if (this.term === TERM_COLON) throw BAIL; // implicit pair in a sequence, or a value that looks like a key
    this.flowNode = this.plainNode(p, end, parent);
    return end;
  }

  private checkFlowPlainStart(p: number): void {
    const c = this.text.charCodeAt(p);
    if (p >= this.len) throw BAIL;
    if (c < 128 ? BAD_PLAIN_START[c] === 1 : isOddWide(c)) throw BAIL;
    if (c === LBRACKET || c === LBRACE || c === DQUOTE || c === SQUOTE) throw BAIL;
    if (c === DASH) {
      const n = this.text.charCodeAt(p + 1);
      if (n === SPACE || n === COMMA || n === LBRACKET || n === RBRACKET || n === LBRACE || n === RBRACE || p + 1 >= this.len || n === LF || n === CR) throw BAIL;
    }
  }

  // ---- scalars ----

  /**
   * A plain scalar in block context from `i` to the end of its line: returns the end of its text (trailing
   * spaces excluded), sets `term` (end of line, comment, or `: `) and `termPos` (where the terminator is).
   */
  private scanPlainBlock(i: number): number {
    const t = this.text;
    const len = this.len;
    let end = i;
    let j = i;
    for (;;) {
      if (j >= len) {
        this.term = TERM_EOL;
        this.termPos = len;
        return end;
      }
      const c = t.charCodeAt(j);
      if (c < 128) {
        if (PLAIN_SPECIAL[c] === 0) {
          end = ++j;
          continue;
        }
        if (c === SPACE) {
          if (t.charCodeAt(j + 1) === HASH) {
            this.term = TERM_COMMENT;
            this.termPos = j + 1;
            return end;
          }
          j++;
          continue;
        }
        if (c === COLON) {
          const n = j + 1 < len ? t.charCodeAt(j + 1) : LF;
          if (n === SPACE || n === LF || n === CR) {
            this.term = TERM_COLON;
            this.termPos = j;
            return end;
          }
          if (n === 9) throw BAIL;
          end = ++j;
          continue;
        }
        if (c === LF || c === CR) {
          this.term = TERM_EOL;
          this.termPos = j;
          return end;
        }
        if (c < 32 || c === 127) throw BAIL;
        // Flow indicators are ordinary characters inside a block plain scalar.
        end = ++j;
        continue;
      }
      if (isOddWide(c)) throw BAIL;
      end = ++j;
    }
  }

  /** A plain scalar inside a flow collection; stops at a flow indicator or `: `. Comments and line ends are not accepted. */
  private scanPlainFlow(i: number): number {
    const t = this.text;
    const len = this.len;
    let end = i;
    let j = i;
    for (;;) {
      if (j >= len) throw BAIL;
      const c = t.charCodeAt(j);
      if (c < 128) {
        if (PLAIN_SPECIAL[c] === 0) {
          end = ++j;
          continue;
        }
        if (c === SPACE) {
          if (t.charCodeAt(j + 1) === HASH) throw BAIL;
          j++;
          continue;
        }
        if (c === COLON) {
          const n = t.charCodeAt(j + 1);
          if (n === SPACE || n === COMMA || n === LBRACKET || n === RBRACKET || n === LBRACE || n === RBRACE) {
            this.term = TERM_COLON;
            this.termPos = j;
            return end;
          }
          throw BAIL; // `a:b` in flow context: not worth the subtleties
        }
        // A line break ends the scalar only if a comma or a closing bracket follows (the caller checks).
        if (c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE || c === LF || c === CR) {
          this.term = TERM_FLOW;
          this.termPos = j;
          return end;
        }
        throw BAIL; // line end or control character inside a flow collection
      }
      if (isOddWide(c)) throw BAIL;
      end = ++j;
    }
  }

  /** A one-line quoted scalar at `i`; sets `qValue` and returns the offset after the closing quote. */
  private scanQuoted(i: number): number {
    const t = this.text;
    const len = this.len;
    const q = t.charCodeAt(i);
    let j = i + 1;
    let from = j;
    let acc: string | undefined;
    for (;;) {
      if (j >= len) throw BAIL;
      const c = t.charCodeAt(j);
      if (c < 128) {
        if (QUOTED_SPECIAL[c] === 0) {
          j++;
          continue;
        }
        if (c === q) {
          if (q === SQUOTE && t.charCodeAt(j + 1) === SQUOTE) {
            acc = (acc ?? '') + t.slice(from, j + 1);
            j += 2;
            from = j;
            continue;
          }
          break;
        }
        if (c === DQUOTE || c === SQUOTE) {
          j++;
          continue;
        }
        if (c === BACKSLASH) {
          if (q === SQUOTE) {
            j++;
            continue;
          }
          acc = (acc ?? '') + t.slice(from, j);
          j = this.escape(j, acc);
          acc = this.qValue;
          from = j;
          continue;
        }
        throw BAIL; // line end, tab or control character
      }
      if (isOddWide(c)) throw BAIL;
      j++;
    }
    this.qValue = acc === undefined ? t.slice(i + 1, j) : acc + t.slice(from, j);
    return j + 1;
  }

  /** A double-quoted escape at `j` (the backslash): sets `qValue` to `acc` + the character, returns the offset after it. */
  private escape(j: number, acc: string): number {
    const t = this.text;
    const n = t.charCodeAt(j + 1);
    const simple = ESCAPES[n];
    if (simple !== undefined) {
      this.qValue = acc + simple;
      return j + 2;
    }
    const size = n === 120 /* x */ ? 2 : n === 117 /* u */ ? 4 : n === 85 /* U */ ? 8 : 0;
    if (size === 0) throw BAIL;
    let code = 0;
    for (let k = j + 2; k < j + 2 + size; k++) {
      const h = k < this.len ? t.charCodeAt(k) : 0;
      let d: number;
      if (h >= 48 && h <= 57) d = h - 48;
      else if (h >= 65 && h <= 70) d = h - 55;
      else if (h >= 97 && h <= 102) d = h - 87;
      else throw BAIL;
      code = code * 16 + d;
    }
    if (code > 0x10ffff) throw BAIL;
    this.qValue = acc + String.fromCodePoint(code);
    return j + 2 + size;
  }

  /** Resolves a plain scalar's source with the core schema; sets `kind` and `num`/`bool`. */
  private resolvePlain(s: number, e: number): void {
    const t = this.text;
    const c = t.charCodeAt(s);
    const n = e - s;
    this.kind = KIND_STRING;
    if (c === 126 /* ~ */) {
      if (n === 1) this.kind = KIND_NULL;
      return;
    }
    // Letters other than n/N/t/T/f/F (and most other characters) can only start a string.
    if (c >= 97 /* a */) {
      if (c !== 110 && c !== 116 && c !== 102) return;
    } else if (c >= 65 /* A */) {
      if (c !== 78 && c !== 84 && c !== 70) return;
    } else if (!(c === DOT || c === 43 /* + */ || c === DASH || (c >= 48 && c <= 57))) {
      return;
    }
    if (n > 32) {
      // Only long digit strings can be numbers at this length.
      if (!((c >= 48 && c <= 57) || c === 43 || c === DASH || c === DOT)) return;
    }
    const str = t.slice(s, e);
    if (str === 'null' || str === 'Null' || str === 'NULL') {
      this.kind = KIND_NULL;
      return;
    }
    if (str === 'true' || str === 'True' || str === 'TRUE') {
      this.kind = KIND_BOOL;
      this.bool = true;
      return;
    }
    if (str === 'false' || str === 'False' || str === 'FALSE') {
      this.kind = KIND_BOOL;
      this.bool = false;
      return;
    }
    if (!((c >= 48 && c <= 57) || c === 43 || c === DASH || c === DOT)) return;
    if (RE_INT_OCT.test(str)) this.num = parseInt(str.substring(2), 8);
    else if (RE_INT.test(str)) this.num = parseInt(str, 10);
    else if (RE_INT_HEX.test(str)) this.num = parseInt(str.substring(2), 16);
    else if (RE_FLOAT_NAN.test(str)) this.num = str.slice(-3).toLowerCase() === 'nan' ? NaN : str[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    else if (RE_FLOAT_EXP.test(str) || RE_FLOAT.test(str)) this.num = parseFloat(str);
    else return;
    this.kind = KIND_NUMBER;
  }

  private plainNode(s: number, e: number, parent: Parent): Node {
    this.resolvePlain(s, e);
    const length = e - s;
    switch (this.kind) {
      case KIND_NULL:
        return { type: 'null', offset: s, length, parent };
      case KIND_BOOL:
        return { type: 'boolean', value: this.bool, offset: s, length, parent };
      case KIND_NUMBER:
        return { type: 'number', value: this.num, offset: s, length, parent };
      default:
        return { type: 'string', value: this.text.slice(s, e), quoted: false, offset: s, length, parent } as StringNode;
    }
  }

  /** A plain key's text as the full parser reports it: String(resolved value), '' for null. */
  private plainKeyString(s: number, e: number): string {
    this.resolvePlain(s, e);
    switch (this.kind) {
      case KIND_NULL:
        return '';
      case KIND_BOOL:
        return this.bool ? 'true' : 'false';
      case KIND_NUMBER:
        return String(this.num);
      default:
        return this.text.slice(s, e);
    }
  }

  // ---- line helpers ----

  /** After a value ending at `p`: spaces, an optional comment (after a space), and the line end. Returns the next line's start. */
  private finishLine(p: number): number {
    const t = this.text;
    let i = p;
    while (t.charCodeAt(i) === SPACE) i++;
    if (i >= this.len) return this.len;
    const c = t.charCodeAt(i);
    if (c === LF) return i + 1;
    if (c === CR) {
      if (t.charCodeAt(i + 1) !== LF) throw BAIL;
      return i + 2;
    }
    if (c === HASH && i > p) return this.skipComment(i);
    throw BAIL;
  }

  /** From a `#` to the start of the next line. */
  private skipComment(i: number): number {
    const nl = this.text.indexOf('\n', i);
    return nl === -1 ? this.len : nl + 1;
  }

  /**
   * Spaces and line breaks inside a flow collection at nesting `level`. A continuation line must be
   * indented at least `flowMinIndent`, except a closing bracket of the outermost collection, which may be
   * one less (as the `yaml` lexer allows). Comment lines, tabs and the end of the text bail.
   */
  private skipFlowSpace(p: number, level: number): number {
    const t = this.text;
    for (;;) {
      let c = t.charCodeAt(p);
      while (c === SPACE) c = t.charCodeAt(++p);
      if (c === CR) {
        if (t.charCodeAt(p + 1) !== LF) throw BAIL;
        p++;
        c = LF;
      }
      if (c !== LF) return p;
      const lineStart = ++p;
      while (t.charCodeAt(p) === SPACE) p++;
      const d = t.charCodeAt(p);
      if (d === LF || d === CR) continue;
      if (p >= this.len || d === HASH || d === 9) throw BAIL;
      const indent = p - lineStart;
      if (indent < this.flowMinIndent && !(indent === this.flowMinIndent - 1 && level === 1 && (d === RBRACKET || d === RBRACE))) throw BAIL;
      return p;
    }
  }

  private skipSpaces(p: number): number {
    const t = this.text;
    while (t.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /** Whether `p` is a space, a line end or the end of the text (what must follow `-` and `:` indicators). Tabs bail. */
  private emptyAt(p: number): boolean {
    if (p >= this.len) return true;
    const c = this.text.charCodeAt(p);
    if (c === 9) throw BAIL;
    return c === SPACE || c === LF || c === CR;
  }
}

/**
 * Parses `text` on the fast path, or returns undefined when the text is outside what the fast path handles
 * (the caller then uses the full parser). A defined result is exactly what the full parser would return.
 */
export function fastParseYaml(text: string, limits: ParseLimits): FastYamlResult | undefined {
  try {
    const s = new Scanner(text, limits.maxDepth);
    s.run();
    if (s.root === undefined) return undefined;
    return { root: s.root, problems: [] };
  } catch {
    return undefined;
  }
}
