// Flow collections on the fast YAML path: `[ … ]` and `{ … }`, nested, also across lines (line breaks
// after an opening bracket, after a comma, and after an item before a comma or the closing bracket); no
// comments inside, no multi-line scalars, no implicit pairs in sequences.
import type { Node, ObjectNode, ArrayNode, PropertyNode, Parent } from '../ast';
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
  TAB,
} from './text';
import { ScalarReader, BAD_PLAIN_START, TERM_COLON } from './scalars';

/** Reads flow collections; the block reader builds on it. */
export class FlowReader extends ScalarReader {
  /** Least indentation of a flow collection's continuation lines (the `yaml` lexer's indentNext). */
  flowMinIndent = 0;
  /** Offset after the closing bracket of the collection read last. */
  flowEnd = 0;
  /** The value read last by `flowValue`. */
  private flowNode: Node | undefined;

  constructor(
    text: string,
    protected readonly maxDepth: number,
  ) {
    super(text);
  }

  flowSeq(start: number, parent: Parent, depth: number, level: number): ArrayNode {
    if (depth > this.maxDepth) throw GIVE_UP;
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

  flowMap(start: number, parent: Parent, depth: number, level: number): ObjectNode {
    if (depth > this.maxDepth) throw GIVE_UP;
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
        const prop = propertyNode(
          obj,
          keyNode(keyValue, quoted, keyStart, keyEnd - keyStart),
          keyStart,
          keyEnd - keyStart,
        );
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
      this.flowNode = { type: 'string', value: this.qValue, quoted: true, offset: p, length: end - p, parent };
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
      if (
        n === SPACE ||
        n === COMMA ||
        n === LBRACKET ||
        n === RBRACKET ||
        n === LBRACE ||
        n === RBRACE ||
        p + 1 >= this.len ||
        n === LF ||
        n === CR
      )
        throw BAIL;
    }
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
      if (p >= this.len || d === HASH || d === TAB) throw BAIL;
      const indent = p - lineStart;
      if (
        indent < this.flowMinIndent &&
        !(indent === this.flowMinIndent - 1 && level === 1 && (d === RBRACKET || d === RBRACE))
      )
        throw BAIL;
      return p;
    }
  }
}
