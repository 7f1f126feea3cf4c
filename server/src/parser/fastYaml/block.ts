// Block structure on the fast YAML path: the line loop, indentation, block mappings and sequences,
// empty values, comment lines and where they stretch a collection's range (as the `yaml` CST parser
// does), anchors and aliases, block scalars (`|`, `>`). Scalars and flow collections on a line are read
// by the classes it extends. A value it does not read itself (a tag, a multi-line plain or quoted
// scalar, a block scalar with an indentation indicator, ...) is handed alone to the full parser (`handOff`)
// and spliced into the tree with its offsets shifted, so that the rest of the file stays on the fast path;
// a block entry it does not read (or a broken one) is handed over the same way (`recover`).
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
/** The largest entry before a broken line that goes to the full parser with it. */
const PREV_MAX = 4096;

/** Thrown inside a line's reading when the entry-level fallback moved `pos`: the line loop goes on from there. */
const RESUMED = new Error('resumed after a hand-off');

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
  /** The current entry and the frame's state before it, what the entry-level fallback rolls back to; and the same for the previous entry. */
  ck: Checkpoint;
  prev: Checkpoint;
}

/** Where an entry of a collection starts (its key or dash, and its line), and the collection's state before it. */
interface Checkpoint {
  entry: number;
  line: number;
  end: number;
  lastHasEnd: boolean;
  trail: number;
  lastScalar: number;
  lastLine: number;
  /** Entries of the collection before it. */
  count: number;
  /** Length of the anchors' undo log, and `handedOff`, before it. */
  anchors: number;
  handed: number;
  /** Problems and zones found before it. */
  problems: number;
  zones: number;
}

function checkpoint(): Checkpoint {
  return {
    entry: 0,
    line: -1,
    end: 0,
    lastHasEnd: false,
    trail: -1,
    lastScalar: -1,
    lastLine: 0,
    count: 0,
    anchors: 0,
    handed: 0,
    problems: 0,
    zones: 0,
  };
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

  /**
   * Anchors seen so far, by name: an alias points at the most recent one before it (as the full parser
   * links them). Made at the first anchor (most documents have none).
   */
  private anchors: Map<string, Node> | undefined;
  /** After `readName`: the offset after the name. */
  private nameEnd = 0;
  /** Characters of text handed to the full parser. */
  handedOff = 0;
  /** Undo log of `anchors` (name, the node it named before), for rolling an entry back. */
  private readonly anchorLog: (string | Node | undefined)[] = [];
  /** Problems of the entries handed to the full parser, in document order. */
  readonly problems: SyntaxProblem[] = [];
  /** [start, end) of each entry handed to the full parser that had problems, flat and in order. */
  readonly zones: number[] = [];
  /** During `recover`: a piece was read without problems (see `handOffEntry`); where the zone of the next piece starts at the latest (-1: no constraint). */
  private cleanSeen = false;
  private zoneFrom = -1;
  /** After `entryEnd`: where the next content line starts (or the text ends), and whether the entry's last line is a comment. */
  private nextContent = 0;
  private endsInComment = false;
  /** For `laterQuote`: the last `"` and `'` found, and from where on there is none (-1: not known). */
  private readonly quoteAt = [-1, -1];
  private readonly quoteNone = [-1, -1];

  constructor(
    text: string,
    maxDepth: number,
    private readonly handOff: HandOff | undefined,
    /** When `text` is a piece of a document: whether the document goes on after it with a `"` (34), a `'` (39) somewhere. */
    private readonly after?: (quote: number) => boolean,
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
      if (c === SPACE || (c === DASH && this.emptyAt(2))) throw GIVE_UP;
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
    for (;;) {
      if (this.pos >= len) {
        // An empty value at the very end; when it is handed over, comment lines after it are read again.
        if (this.pending !== PENDING_NONE && this.endPending(len) && this.pos < len) continue;
        break;
      }
      const lineStart = this.pos;
      this.lineStart = lineStart;
      let i = lineStart;
      let c = t.charCodeAt(i);
      while (c === SPACE) c = t.charCodeAt(++i);
      if (i >= len) {
        this.pos = len;
        continue;
      }
      if (c === LF) {
        this.pos = i + 1;
        continue;
      }
      if (c === CR) {
        if (t.charCodeAt(i + 1) !== LF) {
          this.recover(lineStart, i - lineStart, undefined);
          continue;
        }
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
          // `...` followed by nothing but comments ends the document; any other marker starts another
          // document: the whole text goes to the full parser, which reads every document and chooses.
          if (c !== DOT || !this.onlyCommentsFrom(i + 3)) throw GIVE_UP;
          if (this.pending !== PENDING_NONE) this.endPending(i);
          while (this.stack.length > 0) this.pop(i);
          this.pos = len;
          return;
        }
      }
      // `%` directives belong to the whole stream: not read here.
      if (c === 37 && indent === 0 && this.root === undefined) throw GIVE_UP;
      try {
        this.contentLine(i, indent);
      } catch (e) {
        if (e === RESUMED) continue;
        if (e !== BAIL) throw e;
        this.recover(lineStart, indent, undefined);
      }
    }
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
      if (this.endPending(this.lineStart)) throw RESUMED;
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
      if (below === undefined || below.seq || below.indent !== indent) {
        this.beginEntry(top, i);
        throw BAIL;
      }
      this.pop(i);
      this.mapEntry(below, i);
      return;
    }
    if (isItem) {
      this.beginEntry(top, i);
      throw BAIL;
    }
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
      this.setAnchor(anchor, node);
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
      ck: checkpoint(),
      prev: checkpoint(),
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
    this.beginEntry(frame, i);
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
    this.beginEntry(frame, i);
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
        { type: 'alias', name, target: this.anchors?.get(name), offset: k, length: end - k, parent },
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
      this.setAnchor(anchor, value);
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
      this.setAnchor(anchor, value);
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
    if (value === undefined || value.length === 0) throw BAIL;
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

  private setAnchor(name: string, node: Node): void {
    const anchors = (this.anchors ??= new Map<string, Node>());
    this.anchorLog.push(name, anchors.get(name));
    anchors.set(name, node);
  }

  /** An entry of `frame` starts at `i` (its key or dash): remembers the frame's state before it. */
  private beginEntry(frame: Frame, i: number): void {
    const c = frame.prev;
    frame.prev = frame.ck;
    frame.ck = c;
    c.entry = i;
    c.line = this.lineStart;
    c.end = frame.end;
    c.lastHasEnd = frame.lastHasEnd;
    c.trail = frame.trailMaxCol;
    c.lastScalar = frame.lastScalar;
    c.lastLine = frame.lastLine;
    c.count = frame.seq ? (frame.node as ArrayNode).items.length : (frame.node as ObjectNode).properties.length;
    c.anchors = this.anchorLog.length;
    c.handed = this.handedOff;
    c.problems = this.problems.length;
    c.zones = this.zones.length;
  }

  /**
   * The pending value is empty (the next content is at `next`): a null, or, where that is not read here,
   * the entry handed over; returns whether it was (reading then goes on from `pos`).
   */
  private endPending(next: number): boolean {
    try {
      this.resolvePendingNull();
      return false;
    } catch (e) {
      if (e !== BAIL) throw e;
      this.recover(next, -1, this.pendingFrame);
      return true;
    }
  }

  /**
   * The entry-level fallback. The line at `line` (indented by `indent`) is not read here: the smallest
   * block entry that holds it (the current entry of the deepest collection that holds the line; `owner`'s
   * when given) goes alone to the full parser and is spliced in, offsets shifted; when that piece alone
   * is not read as an entry of that collection, the enclosing entry is tried, up to the root's. What
   * follows the entry stays on the fast path.
   *
   * A piece is the entry's lines, up to the next line indented no deeper than the collection. When the
   * collection already has entries, a one-line entry of its kind (`x: 0`, `- 0`) is put before the piece,
   * so that the full parser reads the piece as a later entry of a collection at that column, as in
   * place. When the text after the piece holds a `"` or `'`, the piece ends with a comment line holding
   * it: an unclosed quote then stops at the first line indented too little, as the full parser does
   * in place when a quote follows somewhere later.
   *
   * The rule for syntax errors: a broken entry is bounded by its indentation. The full parser's
   * recovery can run past it where this does not: an unclosed quote with no quote anywhere after it
   * swallows the rest of the text; a stray `]` or `}` ends the document (every later token is reported
   * and the rest of the tree is lost); a key without a colon joins the next line at its column as one
   * multi-line key. Here, the problems found in the entry are reported, and the rest of the file is
   * read as it stands, so every later diagnostic is still found (test/parser/fastYaml.test.ts measures
   * how often this differs from the full parse, and asserts the rule).
   */
  private recover(line: number, indent: number, owner: Frame | undefined): void {
    const stack = this.stack;
    let k = stack.length - 1;
    if (owner !== undefined) k = stack.indexOf(owner);
    else {
      while (k >= 0) {
        const f = stack[k]!;
        if (f.ck.line === line || (f.ck.line < line && f.indent < indent)) break;
        k--;
      }
    }
    // The piece must reach past what failed (the line, or the pending entry's line).
    const past = owner !== undefined ? owner.ck.line : line;
    this.cleanSeen = false;
    this.zoneFrom = -1;
    // An empty value followed by comment lines: the full parser stretches its collection over them, up to `line`.
    if (owner !== undefined && this.handOffEntry(k--, past, line, owner.ck)) return;
    for (; k >= 0; k--) {
      const f = stack[k]!;
      const c = f.ck;
      const p = f.prev;
      // A line that starts a new entry goes with the entry before it: how the full parser reads the line can
      // depend on it (a key without a colon, a line at the column of a sequence that is not an item).
      if (c.line === line && c.count > 0 && p.line >= 0 && p.line < c.line && c.line - p.line < PREV_MAX) {
        if (this.handOffEntry(k, past, -1, p)) return;
        // (The entry before was considered: how this one is read depends on it, so its zone starts there.)
        this.zoneFrom = p.line;
      }
      if (this.handOffEntry(k, past, -1, c)) return;
      this.zoneFrom = -1;
    }
    throw GIVE_UP;
  }

  /**
   * Hands the entries of `stack[k]` from the one at `ck` on (to the end of the one that holds `past`, or to
   * `upTo`) to the full parser; returns false (changing nothing) when the piece does not fit.
   */
  private handOffEntry(k: number, past: number, upTo: number, ck: Checkpoint): boolean {
    const handOff = this.handOff;
    if (handOff === undefined) return false;
    const f = this.stack[k]!;
    const t = this.text;
    const S = ck.entry;
    const line = ck.line;
    if (line < 0) return false;
    const n = f.indent;
    let end = upTo >= 0 ? upTo : this.entryEnd(S, n, f.seq);
    // From the previous entry: to the end of the entry that holds what failed.
    if (ck !== f.ck && upTo < 0) end = this.entryEnd(f.ck.entry, n, f.seq);
    if (end <= past || end - S > MAX_HANDOFF) return false;
    // (An empty value before an entry changes how the full parser reads some of them: the stand-in is empty then.)
    let synth = '';
    if (ck.count > 0) {
      const before = f.seq
        ? (f.node as ArrayNode).items[ck.count - 1]
        : (f.node as ObjectNode).properties[ck.count - 1]?.value;
      const empty = before === undefined || before.length === 0;
      synth = ' '.repeat(n) + (f.seq ? (empty ? '-\n' : '- 0\n') : empty ? 'x:\n' : 'x: 0\n');
    }
    const synthLen = synth.length;
    // Blank and comment lines between the previous entry and this one go with it (an empty value stretches
    // over comments; a flow collection as a key after a blank line is a problem).
    let from = line;
    const after = ck.end === 0 || t.charCodeAt(ck.end - 1) === LF ? ck.end : this.skipComment(ck.end);
    if (synthLen > 0 && after < line && this.onlyCommentLines(after, line)) {
      from = after;
      synth += t.slice(from, line);
    }
    const body = ' '.repeat(S - line) + t.slice(S, end);
    let suffix = '';
    if (end < this.len || this.after !== undefined) {
      const dq = body.includes('"') && this.laterQuote(end, 34);
      const sq = body.includes("'") && this.laterQuote(end, 39);
      if (dq || sq) suffix = (body.endsWith('\n') ? '' : '\n') + '#' + (dq ? '"' : '') + (sq ? "'" : '') + '\n';
    }
    const r = handOff(synth + body + suffix, this.maxDepth - f.depth);
    // A piece read without problems but not taken (its ranges may differ in place): then a problem found in a
    // smaller piece may come from the stand-in alone; only larger clean pieces are taken from here on.
    if (r.problems.length > 0 && this.cleanSeen) return false;
    if (r.problems.length === 0) this.cleanSeen = true;
    const root = r.root;
    const delta = from - synthLen;
    const bodyEnd = synth.length + body.length;
    for (const p of r.problems) if (p.kind !== 'syntax' || p.offset < synthLen || p.offset > bodyEnd) return false;
    let first = 0;
    if (f.seq) {
      if (root?.type !== 'array' || root.flow) return false;
      if (synth) {
        const s0 = root.items[0];
        if (s0 === undefined || s0.offset > n + 2 || root.offset !== n) return false;
        first = 1;
      } else if (root.offset + delta !== S) return false;
      for (let j = first; j < root.items.length; j++) if (root.items[j]!.offset < synthLen) return false;
    } else {
      if (root?.type !== 'object' || root.flow) return false;
      if (synth) {
        const s0 = root.properties[0];
        if (s0?.key.value !== 'x' || s0.offset !== n || root.offset !== n) return false;
        first = 1;
      } else if (root.offset + delta !== S) return false;
      for (let j = first; j < root.properties.length; j++) if (root.properties[j]!.offset < synthLen) return false;
    }
    const rootEnd = root.offset + root.length + delta;
    if (rootEnd > end) return false;
    if (r.problems.length === 0) {
      // A valid piece must read as in place. Where its ranges depend on the comment lines after it (an
      // empty value before comment lines stretches over them, a collection over its trailing comments),
      // that is not modelled here: the enclosing entry is tried (at last, the whole text goes to the full parser).
      if (upTo >= 0 || this.endsInComment) return false;
      // (An empty value last, with a comment anywhere in the entry or after it, or a sequence at the key's
      // column last with comment lines after it: not modelled either.)
      const empty = endsEmpty(root);
      const v = root.type === 'object' ? root.properties[root.properties.length - 1]?.value : undefined;
      if (empty || (v?.type === 'array' && !v.flow)) {
        const hash = t.indexOf('#', empty ? S : end);
        if (hash >= 0 && hash < this.nextContent) return false;
      }
    }
    // Roll the collection back to before the entry (what was read of it, and anything opened inside it).
    this.stack.length = k + 1;
    this.clearPending();
    f.end = ck.end;
    f.lastHasEnd = ck.lastHasEnd;
    f.trailMaxCol = ck.trail;
    f.lastScalar = ck.lastScalar;
    f.lastLine = ck.lastLine;
    const log = this.anchorLog;
    while (log.length > ck.anchors) {
      const prev = log.pop() as Node | undefined;
      const name = log.pop() as string;
      if (prev === undefined) this.anchors!.delete(name);
      else this.anchors!.set(name, prev);
    }
    this.handedOff = ck.handed;
    this.problems.length = ck.problems;
    this.zones.length = ck.zones;
    shift(root, delta);
    if (f.seq) {
      const arr = f.node as ArrayNode;
      arr.items.length = ck.count;
      const items = (root as ArrayNode).items;
      for (let j = first; j < items.length; j++) {
        const it = items[j]!;
        it.parent = arr;
        arr.items.push(it);
        this.register(it);
      }
    } else {
      const obj = f.node as ObjectNode;
      obj.properties.length = ck.count;
      const props = (root as ObjectNode).properties;
      for (let j = first; j < props.length; j++) {
        const p = props[j]!;
        p.parent = obj;
        obj.properties.push(p);
        if (p.value) this.register(p.value);
      }
    }
    if (r.problems.length > 0) {
      for (const p of r.problems) this.problems.push({ ...p, offset: p.offset + delta });
      let zs = ck.count > 0 && ck.end < from ? ck.end : from;
      if (this.zoneFrom >= 0 && this.zoneFrom < zs) zs = this.zoneFrom;
      this.zones.push(zs, end);
    }
    // The piece stands as the collection's current entry (what a next broken line goes with); what the
    // other checkpoint recorded is gone.
    if (ck === f.prev) {
      f.prev = f.ck;
      f.ck = ck;
    }
    f.prev.line = -1;
    f.end = rootEnd;
    f.lastHasEnd = false;
    f.trailMaxCol = -1;
    f.lastScalar = -1;
    this.pos = end;
    this.handedOff += end - S;
    return true;
  }

  /**
   * Where the entry at `S` of a collection at column `n` ends: the start of the first line after it that
   * is indented no deeper than `n` (blank lines before it are left out, unless a block scalar may keep
   * them); a `]` or `}` at column `n`, and in a mapping a `- ` (a sequence at the key's column) or an
   * explicit value's `:`, stay in the entry.
   */
  private entryEnd(S: number, n: number, seq: boolean): number {
    const t = this.text;
    const len = this.len;
    let p = this.skipComment(S);
    let end = p;
    let lastComment = false;
    while (p < len) {
      let q = p;
      while (t.charCodeAt(q) === SPACE) q++;
      if (q >= len) {
        p = len;
        break;
      }
      const c = t.charCodeAt(q);
      if (c === LF || (c === CR && t.charCodeAt(q + 1) === LF)) {
        p = this.skipComment(q);
        continue;
      }
      const ind = q - p;
      // A tab in the indentation: the full parser reads the line as part of what comes before (or reports it).
      if (c === TAB) {
        lastComment = false;
        p = end = this.skipComment(q);
        continue;
      }
      // A comment line no deeper than the collection belongs to the entry only when the entry goes on after it.
      if (c === HASH && ind <= n) {
        p = this.skipComment(q);
        continue;
      }
      if (ind < n) break;
      if (ind === n && c !== RBRACKET && c !== RBRACE) {
        if (seq || !((c === DASH || c === COLON) && this.blankAt(q + 1))) break;
      }
      lastComment = c === HASH;
      p = end = this.skipComment(q);
    }
    this.nextContent = p;
    this.endsInComment = lastComment;
    // A block scalar (keep chomping) takes the blank lines after it in its value.
    if (end < p && (t.lastIndexOf('|', p) >= S || t.lastIndexOf('>', p) >= S)) {
      // (up to the first comment line after them)
      let b = end;
      while (b < p) {
        let q = b;
        while (t.charCodeAt(q) === SPACE) q++;
        if (q >= len) b = len;
        if (q >= len || t.charCodeAt(q) === HASH) break;
        b = this.skipComment(q);
      }
      end = Math.min(b, len);
    }
    return end;
  }

  /** Whether the lines from `a` to `b` (line starts) are blank or comments. */
  private onlyCommentLines(a: number, b: number): boolean {
    const t = this.text;
    let p = a;
    while (p < b) {
      let q = p;
      while (t.charCodeAt(q) === SPACE) q++;
      const c = t.charCodeAt(q);
      if (c !== HASH && c !== LF && !(c === CR && t.charCodeAt(q + 1) === LF)) return false;
      p = this.skipComment(q);
    }
    return p === b;
  }

  /** Whether `p` is a space, a tab, a line end or the end of the text. */
  private blankAt(p: number): boolean {
    if (p >= this.len) return true;
    const c = this.text.charCodeAt(p);
    return c === SPACE || c === LF || c === CR || c === TAB;
  }

  /** Whether the text after `from` holds the quote `q` (34 or 39); the answer is remembered once none is left. */
  private laterQuote(from: number, q: number): boolean {
    const i = q === 34 ? 0 : 1;
    if (this.quoteAt[i]! >= from) return true;
    const none = this.quoteNone[i]!;
    if (none >= 0 && from >= none) return this.after !== undefined && this.after(q);
    const at = this.text.indexOf(q === 34 ? '"' : "'", from);
    if (at >= 0) this.quoteAt[i] = at;
    else this.quoteNone[i] = from;
    return at >= 0 || (this.after !== undefined && this.after(q));
  }

  /** Records the anchors of a spliced subtree and links its aliases, in document order. */
  private register(node: Node): void {
    if (node.type === 'alias') {
      node.target = this.anchors?.get(node.name);
      return;
    }
    if (node.anchor !== undefined) this.setAnchor(node.anchor, node);
    if (node.type === 'object') {
      for (const p of node.properties) if (p.value) this.register(p.value);
    } else if (node.type === 'array') {
      for (const it of node.items) this.register(it);
    }
  }
}

/** Whether the last node of `node` in reading order is an empty value (of length 0, or a key without one). */
function endsEmpty(node: Node): boolean {
  for (;;) {
    if (node.type === 'object') {
      const p = node.properties[node.properties.length - 1];
      if (p === undefined) return false;
      if (p.value === undefined) return true;
      node = p.value;
    } else if (node.type === 'array') {
      const it = node.items[node.items.length - 1];
      if (it === undefined) return false;
      node = it;
    } else return node.length === 0;
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
