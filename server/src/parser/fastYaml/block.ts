// Block structure on the fast YAML path: the line loop, indentation, block mappings and sequences,
// empty values, comment lines and where they stretch a collection's range (as the `yaml` CST parser
// does), anchors and aliases, block scalars (`|`, `>`). Scalars and flow collections on a line are read
// by the classes it extends. A value it does not read itself (a tag, a multi-line plain or quoted
// scalar, a block scalar with an indentation indicator, ...) is handed alone to the full parser (`handOff`)
// and spliced into the tree with its offsets shifted, so that the rest of the file stays on the fast path.
import type { Node, ObjectNode, ArrayNode, PropertyNode, StringNode, AliasNode, Parent, SyntaxProblem } from '../ast';
import { keyNode, propertyNode } from '../ast';
import {
  BAIL,
  GIVE_UP,
  isOddWide,
  SPACE,
  LF,
  CR,
  HASH,
  COLON,
  DASH,
  DQUOTE,
  SQUOTE,
  LBRACKET,
  RBRACKET,
  LBRACE,
  RBRACE,
  COMMA,
  DOT,
  TAB,
} from './text';
import { BAD_PLAIN_START, TERM_COLON, blockScalarValue } from './scalars';
import { FlowReader } from './flow';

/** The full parser, for one value's text: the tree it builds, and its problems. */
export type HandOff = (text: string, maxDepth: number) => { root: Node | undefined; problems: SyntaxProblem[] };

/** The largest text handed to the full parser for one value. */
const MAX_HANDOFF = 1 << 16;

const AMP = 38;
const STAR = 42;
const BANG = 33;
const PIPE = 124;
const GT = 62;
const PLUS = 43;

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
  /** The last item's value is a one-line scalar: where its entry (key or dash) starts, or -1; for a multi-line scalar, read again. */
  lastScalar: number;
  /** The start of the line of that entry. */
  lastLine: number;
}

const PENDING_NONE = 0;
const PENDING_KEY = 1;
const PENDING_ITEM = 2;

/** Reads a whole document: the block structure, handing scalars and flow collections to the readers it extends. */
export class BlockReader extends FlowReader {
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
  private pendingAnchor: string | undefined;
  /** Where the pending entry (its key or dash) starts, and its line. */
  private pendingEntry = 0;
  private pendingLine = 0;
  /** A `---` marker was read (only one is read here). */
  private started = false;

  /** Anchors seen so far, by name: an alias points at the most recent one before it (as the full parser links them). */
  private readonly anchors = new Map<string, Node>();
  /** After `readName`: the offset after the name. */
  private nameEnd = 0;
  /** Characters of text handed to the full parser. */
  handedOff = 0;

  constructor(
    text: string,
    maxDepth: number,
    private readonly handOff: HandOff | undefined,
  ) {
    super(text, maxDepth);
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
      if (c === SPACE || c === LF || c === CR) {
        pos = this.finishLine(after);
        this.started = true;
      }
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
        if (d === SPACE || d === LF || d === CR || d === TAB) {
          if (c === DASH && !this.started && this.root === undefined && this.stack.length === 0) {
            // `---` after leading comments: the document starts here.
            this.started = true;
            this.pos = this.finishLine(i + 3);
            continue;
          }
          // `...` followed by nothing but comments ends the document; any other marker: not read here.
          if (c !== DOT || !this.onlyCommentsFrom(i + 3)) throw BAIL;
          if (this.pending !== PENDING_NONE) this.resolvePendingNull();
          while (this.stack.length > 0) this.pop(i);
          this.pos = len;
          return;
        }
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
        if (!isItem && !this.looksLikeKey(i)) {
          // The value on the next line is a scalar (or something else not a collection): the full parser reads it.
          const c = t.charCodeAt(i);
          if (c === PIPE || c === GT || c === BANG || c === AMP) throw BAIL;
          const parent = this.pending === PENDING_KEY ? this.pendingProp! : (owner.node as ArrayNode);
          const entry = this.pendingEntry;
          const line = this.pendingLine;
          this.clearPending();
          this.splice(owner, parent, entry, line);
          return;
        }
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
    if (top.indent < indent && top.lastScalar >= 0) {
      // A more indented line after a one-line scalar: it continues that scalar. Read the value again, whole.
      let parent: PropertyNode | ArrayNode;
      if (top.seq) {
        parent = top.node as ArrayNode;
        parent.items.pop();
      } else {
        parent = (top.node as ObjectNode).properties[(top.node as ObjectNode).properties.length - 1]!;
        parent.value = undefined;
      }
      this.splice(top, parent, top.lastScalar, top.lastLine);
      return;
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
    const anchor = this.pendingAnchor;
    this.clearPending();
    this.openCollection(i, indent, isItem, prop, arr, owner.depth + 1, anchor);
  }

  private clearPending(): void {
    this.pending = PENDING_NONE;
    this.pendingFrame = undefined;
    this.pendingProp = undefined;
    this.pendingAnchor = undefined;
  }

  private openCollection(
    i: number,
    indent: number,
    isItem: boolean,
    prop: PropertyNode | undefined,
    arr: ArrayNode | undefined,
    depth: number,
    anchor?: string,
  ): void {
    if (depth > this.maxDepth) throw GIVE_UP;
    const parent: Parent = prop ?? arr;
    let node: ObjectNode | ArrayNode;
    if (isItem) node = { type: 'array', offset: i, length: 0, parent, items: [], flow: false };
    else node = { type: 'object', offset: i, length: 0, parent, properties: [], flow: false };
    if (prop) prop.value = node;
    else if (arr) arr.items.push(node);
    else this.root = node;
    if (anchor !== undefined) {
      node.anchor = anchor;
      this.anchors.set(anchor, node);
    }
    const frame: Frame = {
      indent,
      seq: isItem,
      node,
      prop,
      depth,
      end: i,
      lastHasEnd: false,
      trailMaxCol: -1,
      lastScalar: -1,
      lastLine: 0,
    };
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
      parent.lastScalar = -1;
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
    if (this.pendingComment || this.pendingAnchor !== undefined) throw BAIL;
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
    this.clearPending();
  }

  /**
   * After `- ` or `key:`, nothing but the end of the line or a comment: the value (if any) comes on a
   * later line. Records that as pending and moves past the line; returns whether it did.
   */
  private valueOnLaterLine(
    kind: number,
    frame: Frame,
    prop: PropertyNode | undefined,
    k: number,
    commentsBefore: boolean,
    anchor: string | undefined,
    entry: number,
  ): boolean {
    const c = k < this.len ? this.text.charCodeAt(k) : LF;
    if (c === LF || c === CR) {
      this.setPending(kind, frame, prop, k, commentsBefore, anchor, entry);
      this.pos = this.finishLine(k);
      return true;
    }
    if (c === HASH) {
      if (anchor !== undefined && k === this.nameEnd) throw BAIL; // `&a#b`: the `#` is part of the name
      this.setPending(kind, frame, prop, k, true, anchor, entry);
      this.pos = this.skipComment(k);
      return true;
    }
    return false;
  }

  private setPending(
    kind: number,
    frame: Frame,
    prop: PropertyNode | undefined,
    nullOffset: number,
    comment: boolean,
    anchor: string | undefined,
    entry: number,
  ): void {
    frame.lastHasEnd = false;
    frame.lastScalar = -1;
    this.pending = kind;
    this.pendingFrame = frame;
    this.pendingProp = prop;
    this.pendingNull = nullOffset;
    this.pendingComment = comment;
    this.pendingAnchor = anchor;
    this.pendingEntry = entry;
    this.pendingLine = this.lineStart;
  }

  /** A `- …` line of the block sequence `frame`; `i` is the dash. */
  private seqItem(frame: Frame, i: number): void {
    const t = this.text;
    const arr = frame.node as ArrayNode;
    // Comment lines before the dash belong to the item's properties; an empty item would stretch over them.
    const commentsBefore = frame.trailMaxCol >= 0;
    frame.trailMaxCol = -1;
    frame.lastHasEnd = true;
    frame.lastScalar = -1;
    let k = this.skipSpaces(i + 1);
    const anchor = this.readAnchor(k);
    if (anchor !== undefined) k = this.skipSpaces(this.nameEnd);
    if (this.valueOnLaterLine(PENDING_ITEM, frame, undefined, k, commentsBefore, anchor, i)) return;
    const c = t.charCodeAt(k);
    const col = k - this.lineStart;
    if (c === DASH && this.emptyAt(k + 1)) {
      if (anchor !== undefined) throw BAIL;
      frame.lastHasEnd = false;
      this.openCollection(k, col, true, undefined, arr, frame.depth + 1);
      return;
    }
    if (c === DQUOTE || c === SQUOTE) {
      const end = this.tryQuoted(k);
      if (end < 0) {
        this.splice(frame, arr, i, this.lineStart);
        return;
      }
      if (t.charCodeAt(this.skipSpaces(end)) === COLON) {
        // `- "key": value`: a mapping inside the item.
        if (anchor !== undefined) throw BAIL;
        frame.lastHasEnd = false;
        this.openCollection(k, col, false, undefined, arr, frame.depth + 1);
        return;
      }
      this.scalarDone(
        frame,
        arr,
        i,
        { type: 'string', value: this.qValue, quoted: true, offset: k, length: end - k, parent: arr },
        end,
        anchor,
        true,
      );
      return;
    }
    if (this.plainStarts(k)) {
      const end = this.tryPlain(k);
      if (end >= 0 && this.term === TERM_COLON) {
        // `- key: value`: a mapping inside the item.
        if (anchor !== undefined) throw BAIL;
        frame.lastHasEnd = false;
        this.openCollection(k, col, false, undefined, arr, frame.depth + 1);
        return;
      }
      if (end >= 0) {
        this.scalarDone(frame, arr, i, this.plainNode(k, end, arr), end, anchor, true);
        return;
      }
    }
    this.inlineValue(frame, arr, i, k, anchor);
  }

  /** A `key: …` line (or the rest of one) of the block mapping `frame`; `i` is the key's first character. */
  private mapEntry(frame: Frame, i: number): void {
    const t = this.text;
    const obj = frame.node as ObjectNode;
    frame.trailMaxCol = -1;
    frame.lastHasEnd = true;
    frame.lastScalar = -1;
    const c0 = t.charCodeAt(i);
    let keyEnd: number;
    let colon: number;
    let keyValue: string;
    let quoted = false;
    if (c0 === DQUOTE || c0 === SQUOTE) {
      keyEnd = this.scanQuoted(i);
      keyValue = this.qValue;
      quoted = true;
      const j = this.skipSpaces(keyEnd);
      if (t.charCodeAt(j) !== COLON || !this.emptyAt(j + 1)) throw BAIL;
      colon = j;
    } else {
      if (!this.plainStarts(i)) throw BAIL;
      keyEnd = this.scanPlainBlock(i);
      if (this.term !== TERM_COLON) throw BAIL;
      colon = this.termPos;
      keyValue = this.plainKeyString(i, keyEnd);
    }
    const prop = propertyNode(obj, keyNode(keyValue, quoted, i, keyEnd - i), i, colon + 1 - i, colon);
    obj.properties.push(prop);

    let k = this.skipSpaces(colon + 1);
    const anchor = this.readAnchor(k);
    if (anchor !== undefined) k = this.skipSpaces(this.nameEnd);
    if (this.valueOnLaterLine(PENDING_KEY, frame, prop, k, false, anchor, i)) return;
    this.inlineValue(frame, prop, i, k, anchor);
  }

  /**
   * The value of an entry (`key:` or `-` at `entry`) that starts on the entry's line at `k`, after its
   * anchor if any: an alias, a block scalar, a flow collection, a quoted or a plain scalar; anything else
   * (or what the readers give up on) goes to the full parser.
   */
  private inlineValue(
    frame: Frame,
    parent: PropertyNode | ArrayNode,
    entry: number,
    k: number,
    anchor: string | undefined,
  ): void {
    const t = this.text;
    const c = t.charCodeAt(k);
    if (c === STAR) {
      if (anchor !== undefined) throw BAIL;
      const name = this.readName(k + 1);
      const end = this.nameEnd;
      if (t.charCodeAt(this.skipSpaces(end)) === COLON) throw BAIL; // an alias as a key
      this.scalarDone(
        frame,
        parent,
        entry,
        { type: 'alias', name, target: this.anchors.get(name), offset: k, length: end - k, parent },
        end,
        undefined,
        false,
      );
      return;
    }
    if (c === PIPE || c === GT) {
      this.blockScalar(frame, parent, entry, k, anchor);
      return;
    }
    let value: Node | undefined;
    let end = -1;
    let oneLine = false;
    if (c === LBRACKET || c === LBRACE) {
      try {
        this.flowMinIndent = frame.indent + 1;
        value =
          c === LBRACKET ? this.flowSeq(k, parent, frame.depth + 1, 1) : this.flowMap(k, parent, frame.depth + 1, 1);
        end = this.flowEnd;
      } catch (e) {
        if (e !== BAIL) throw e;
        value = undefined;
      }
    } else if (c === DQUOTE || c === SQUOTE) {
      end = this.tryQuoted(k);
      if (end >= 0) value = { type: 'string', value: this.qValue, quoted: true, offset: k, length: end - k, parent };
      oneLine = true;
    } else if (c !== BANG && this.plainStarts(k)) {
      end = this.tryPlain(k);
      if (end >= 0 && this.term !== TERM_COLON) value = this.plainNode(k, end, parent);
      oneLine = true;
    }
    if (value === undefined) {
      this.splice(frame, parent, entry, this.lineStart);
      return;
    }
    this.scalarDone(frame, parent, entry, value, end, anchor, oneLine);
  }

  /** Attaches a value read on the entry's line, ending at `end`, and moves past the line. */
  private scalarDone(
    frame: Frame,
    parent: PropertyNode | ArrayNode,
    entry: number,
    value: Node,
    end: number,
    anchor: string | undefined,
    oneLine: boolean,
  ): void {
    if (parent.type === 'property') {
      parent.value = value;
      parent.length = end - parent.offset;
    } else {
      parent.items.push(value);
    }
    if (anchor !== undefined) {
      (value as Exclude<Node, AliasNode>).anchor = anchor;
      this.anchors.set(anchor, value);
    }
    frame.end = this.pos = this.finishLine(end);
    if (oneLine && anchor === undefined) {
      frame.lastScalar = entry;
      frame.lastLine = this.lineStart;
    }
  }

  /** Whether a plain scalar may start at `k` (block context). */
  private plainStarts(k: number): boolean {
    const c = this.text.charCodeAt(k);
    if (c < 128 ? BAD_PLAIN_START[c] === 1 : isOddWide(c)) return false;
    return !((c === DASH || c === 63 || c === COLON) && this.emptyAt(k + 1));
  }

  /** A one-line quoted scalar at `k`: the offset after it, or -1 when the scalar reader gives up. */
  private tryQuoted(k: number): number {
    try {
      return this.scanQuoted(k);
    } catch (e) {
      if (e !== BAIL) throw e;
      return -1;
    }
  }

  /** A plain scalar at `k` to the end of its line (or to `: `): its end, or -1 when the scalar reader gives up. */
  private tryPlain(k: number): number {
    try {
      return this.scanPlainBlock(k);
    } catch (e) {
      if (e !== BAIL) throw e;
      return -1;
    }
  }

  /** Whether the line at `i` starts with a key (`key:`, `"key":`): a mapping, rather than a scalar value. */
  private looksLikeKey(i: number): boolean {
    const t = this.text;
    const c = t.charCodeAt(i);
    if (c === DQUOTE || c === SQUOTE) {
      const end = this.tryQuoted(i);
      return end >= 0 && t.charCodeAt(this.skipSpaces(end)) === COLON;
    }
    if (!this.plainStarts(i)) return false;
    return this.tryPlain(i) >= 0 && this.term === TERM_COLON;
  }

  /** `&name` at `k`: the name (and `nameEnd`), or undefined when there is no anchor. */
  private readAnchor(k: number): string | undefined {
    if (this.text.charCodeAt(k) !== AMP) return undefined;
    return this.readName(k + 1);
  }

  /** An anchor or alias name from `k`: up to a space or the line end; flow indicators, tabs and odd characters give up. */
  private readName(k: number): string {
    const t = this.text;
    let j = k;
    for (;;) {
      if (j >= this.len) break;
      const c = t.charCodeAt(j);
      if (c === SPACE || c === LF || c === CR) break;
      if (
        c < 33 ||
        c === 127 ||
        c === COMMA ||
        c === LBRACKET ||
        c === RBRACKET ||
        c === LBRACE ||
        c === RBRACE ||
        (c >= 128 && isOddWide(c))
      )
        throw BAIL;
      j++;
    }
    if (j === k) throw BAIL;
    this.nameEnd = j;
    return t.slice(k, j);
  }

  /** Whether nothing but spaces, comments and line ends follows `p` (after a `...` marker). */
  private onlyCommentsFrom(p: number): boolean {
    const t = this.text;
    let comment = false;
    for (let j = p; j < this.len; j++) {
      const c = t.charCodeAt(j);
      if (c === LF) comment = false;
      else if (comment) continue;
      else if (c === HASH && (j === p || t.charCodeAt(j - 1) === SPACE || t.charCodeAt(j - 1) === LF)) comment = true;
      else if (c === CR ? t.charCodeAt(j + 1) !== LF : c !== SPACE) return false;
    }
    return true;
  }

  /**
   * A block scalar whose header (`|` or `>`, an optional chomping indicator, an optional comment) is at
   * `k`; its content lines are the following ones indented deeper than the collection. Read here when the
   * indentation is detected from the first content line; handed to the full parser otherwise.
   */
  private blockScalar(
    frame: Frame,
    parent: PropertyNode | ArrayNode,
    entry: number,
    k: number,
    anchor: string | undefined,
  ): void {
    const t = this.text;
    const len = this.len;
    const n = frame.indent;
    const folded = t.charCodeAt(k) === GT;
    let p = k + 1;
    let chomp = '';
    let c = t.charCodeAt(p);
    if (c === DASH || c === PLUS) {
      chomp = c === DASH ? '-' : '+';
      c = t.charCodeAt(++p);
    }
    if (c >= 48 && c <= 57) {
      // An indentation indicator: the full parser reads it (not with keep chomping, whose trailing lines the hand-off does not carry).
      if (chomp === '+' || t.charCodeAt(p + 1) === PLUS) throw BAIL;
      this.splice(frame, parent, entry, this.lineStart);
      return;
    }
    let q = this.skipSpaces(p);
    c = q < len ? t.charCodeAt(q) : LF;
    if (c === HASH && q > p) q = this.skipComment(q);
    else if (c === LF) q++;
    else if (c === CR && t.charCodeAt(q + 1) === LF) q += 2;
    else throw BAIL;
    const srcStart = q;
    let ls = q;
    let m = -1;
    let maxLeadBlank = -1;
    let trailMax = -1;
    let lastContentEnd = -1;
    while (ls < len) {
      let j = ls;
      while (t.charCodeAt(j) === SPACE) j++;
      const ind = j - ls;
      if (j >= len) {
        if (ind > 0) throw BAIL; // spaces at the very end
        break;
      }
      const d = t.charCodeAt(j);
      if (d === LF || (d === CR && t.charCodeAt(j + 1) === LF)) {
        if (m < 0) maxLeadBlank = Math.max(maxLeadBlank, ind);
        else trailMax = Math.max(trailMax, ind);
        ls = d === LF ? j + 1 : j + 2;
        continue;
      }
      if (d === CR || d === TAB) throw BAIL;
      if (m < 0) {
        if (ind <= n) break;
        if (maxLeadBlank > ind) throw BAIL;
        m = ind;
      } else if (ind < m) {
        if (ind > n) throw BAIL;
        break;
      }
      const nl = t.indexOf('\n', j);
      ls = nl < 0 ? len : nl + 1;
      lastContentEnd = ls;
      trailMax = -1;
    }
    if (m < 0) throw BAIL; // no content
    let srcEnd: number;
    if (chomp === '+') srcEnd = ls;
    else {
      if (trailMax > m) throw BAIL;
      srcEnd = lastContentEnd;
    }
    const value: StringNode = {
      type: 'string',
      value: blockScalarValue(t.slice(srcStart, srcEnd), folded, chomp),
      quoted: false,
      offset: k,
      length: srcEnd - k,
      parent,
    };
    if (parent.type === 'property') {
      parent.value = value;
      parent.length = srcEnd - parent.offset;
    } else {
      parent.items.push(value);
    }
    if (anchor !== undefined) {
      value.anchor = anchor;
      this.anchors.set(anchor, value);
    }
    frame.end = this.pos = srcEnd;
    frame.lastHasEnd = false;
  }

  /**
   * Hands the value of the entry at `entry` (a key or a dash, on the line starting at `line`) to the full
   * parser: the entry's text up to the next line indented no deeper than the collection, with what
   * precedes the entry on its line blanked, so that offsets only shift by `line`. The result must be one
   * entry without problems; its value is spliced in, its anchors recorded and its aliases linked.
   */
  private splice(frame: Frame, parent: PropertyNode | ArrayNode, entry: number, line: number): void {
    const handOff = this.handOff;
    if (handOff === undefined) throw BAIL;
    const t = this.text;
    const len = this.len;
    const n = frame.indent;
    let p = this.skipComment(entry);
    let end = p;
    let lastIsComment = false;
    // A block scalar's range and value depend on the blank lines after it: those go with it.
    const v = this.afterProps(parent.type === 'property' ? parent.colonOffset + 1 : entry + 1);
    const vc = v < len ? t.charCodeAt(v) : LF;
    const block = vc === PIPE || vc === GT;
    // Properties with nothing after them on the line: an empty value that stretches in the full parse, or a collection below: not read here.
    if (v >= len || vc === LF || vc === CR || vc === HASH) {
      const c0 = t.charCodeAt(this.skipSpaces(parent.type === 'property' ? parent.colonOffset + 1 : entry + 1));
      if (c0 === BANG || c0 === AMP) throw BAIL;
    }
    while (p < len) {
      let q = p;
      while (t.charCodeAt(q) === SPACE) q++;
      if (q >= len) {
        if (block) end = len;
        break;
      }
      const c = t.charCodeAt(q);
      if (c === LF || c === CR) {
        p = this.skipComment(q);
        if (block) end = p;
        continue;
      }
      const ind = q - p;
      if (ind < n || (ind === n && c !== RBRACKET && c !== RBRACE)) break;
      lastIsComment = c === HASH;
      p = end = this.skipComment(q);
    }
    // Only a value's text is worth handing over: a huge region goes to the full parser with the rest.
    if (lastIsComment || end - entry > MAX_HANDOFF) throw BAIL;
    const r = handOff(' '.repeat(entry - line) + t.slice(entry, end), this.maxDepth - frame.depth);
    if (r.problems.length > 0) throw BAIL;
    const root = r.root;
    let value: Node | undefined;
    if (parent.type === 'property') {
      if (root?.type !== 'object' || root.properties.length !== 1) throw BAIL;
      const sp = root.properties[0]!;
      if (sp.offset + line !== parent.offset || sp.colonOffset + line !== parent.colonOffset) throw BAIL;
      value = sp.value;
      parent.length = sp.length;
    } else {
      if (root?.type !== 'array' || root.items.length !== 1 || root.offset + line !== entry) throw BAIL;
      value = root.items[0];
    }
    // An empty value with properties (`- !t`) stretches over what follows in the full parse: not modelled.
    if (value === undefined || (value.type === 'null' && value.length === 0)) throw BAIL;
    // An empty block scalar's range depends on the indentation of the line after it, which the snippet lacks.
    if (block && value.type === 'string' && /^\n*$/.test(value.value)) throw BAIL;
    // A block collection's range depends on the comment lines after it (see `pop`): those are read natively only.
    if ((value.type === 'object' || value.type === 'array') && !value.flow) throw BAIL;
    shift(value, line);
    value.parent = parent;
    if (parent.type === 'property') parent.value = value;
    else parent.items.push(value);
    this.register(value);
    frame.end = line + root.offset + root.length;
    frame.lastHasEnd = false;
    frame.trailMaxCol = -1;
    frame.lastScalar = -1;
    this.pos = end;
    this.handedOff += end - entry;
  }

  /** Where the value after the indicator at `p` starts on its line, past spaces, tags and anchors. */
  private afterProps(p: number): number {
    const t = this.text;
    p = this.skipSpaces(p);
    for (let c = t.charCodeAt(p); c === BANG || c === AMP; c = t.charCodeAt(p)) {
      while (p < this.len && (c = t.charCodeAt(p)) !== SPACE && c !== LF && c !== CR) p++;
      p = this.skipSpaces(p);
    }
    return p;
  }

  /** Records the anchors of a spliced subtree and links its aliases, in document order. */
  private register(node: Node): void {
    if (node.type === 'alias') {
      node.target = this.anchors.get(node.name);
      return;
    }
    if (node.anchor !== undefined) this.anchors.set(node.anchor, node);
    if (node.type === 'object') {
      for (const p of node.properties) if (p.value) this.register(p.value);
    } else if (node.type === 'array') {
      for (const it of node.items) this.register(it);
    }
  }
}

/** Moves a subtree read from a snippet by `delta` characters. */
function shift(node: Node, delta: number): void {
  node.offset += delta;
  if (node.type === 'object') {
    for (const p of node.properties) {
      p.offset += delta;
      if (p.colonOffset >= 0) p.colonOffset += delta;
      p.key.offset += delta;
      if (p.value) shift(p.value, delta);
    }
  } else if (node.type === 'array') {
    for (const it of node.items) shift(it, delta);
  }
}
