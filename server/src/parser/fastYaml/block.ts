// Block structure on the fast YAML path: the line loop, indentation, block mappings and sequences,
// empty values, comment lines and where they stretch a collection's range (as the `yaml` CST parser
// does). Scalars and flow collections on a line are read by the classes it extends.
import type { Node, ObjectNode, ArrayNode, PropertyNode, StringNode, Parent } from '../ast';
import { BAIL, isOddWide, SPACE, LF, CR, HASH, COLON, DASH, DQUOTE, SQUOTE, LBRACKET, LBRACE, DOT, TAB } from './text';
import { BAD_PLAIN_START, TERM_COLON } from './scalars';
import { FlowReader } from './flow';

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
        if (d === SPACE || d === LF || d === CR || d === TAB) throw BAIL; // document marker
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
}
