// Scalars on the fast YAML path: plain scalars (block and flow context), single- and double-quoted
// scalars with their escapes, and their resolution with the YAML 1.2 core schema, exactly as the `yaml`
// package resolves them. The results of a scan are left in fields (`term`, `termPos`, `qValue`, ...)
// so that the character loops allocate nothing.
import type { Node, Parent } from '../ast';
import {
  BAIL,
  TextReader,
  isOddWide,
  SPACE,
  LF,
  CR,
  HASH,
  COLON,
  DASH,
  DQUOTE,
  SQUOTE,
  BACKSLASH,
  LBRACKET,
  RBRACKET,
  LBRACE,
  RBRACE,
  COMMA,
  DOT,
  TAB,
} from './text';

// ASCII classes for the scalar loops: 0 ordinary, 1 needs a closer look.
export const PLAIN_SPECIAL = new Uint8Array(128);
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
export const BAD_PLAIN_START = new Uint8Array(128);
for (const ch of ',[]{}#&*!|>%@`?:\'"') BAD_PLAIN_START[ch.charCodeAt(0)] = 1;
for (let c = 0; c < 33; c++) BAD_PLAIN_START[c] = 1;
BAD_PLAIN_START[127] = 1;

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

export const TERM_EOL = 0;
export const TERM_COMMENT = 1;
export const TERM_COLON = 2;
export const TERM_FLOW = 3;

/** Reads scalars; the flow and block readers build on it. */
export class ScalarReader extends TextReader {
  // Results of the scalar scanners.
  term = TERM_EOL;
  termPos = 0;
  qValue = '';
  private kind = KIND_STRING;
  private num = 0;
  private bool = false;
  /** The source `resolvePlain` sliced to look at (a string scalar's value), or undefined when it did not. */
  private sliced: string | undefined;

  /**
   * A plain scalar in block context from `i` to the end of its line: returns the end of its text (trailing
   * spaces excluded), sets `term` (end of line, comment, or `: `) and `termPos` (where the terminator is).
   */
  scanPlainBlock(i: number): number {
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
          if (n === TAB) throw BAIL;
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
  scanPlainFlow(i: number): number {
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
  scanQuoted(i: number): number {
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
    this.sliced = undefined;
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
    this.sliced = str;
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
    else if (RE_FLOAT_NAN.test(str))
      this.num =
        str.slice(-3).toLowerCase() === 'nan'
          ? NaN
          : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY;
    else if (RE_FLOAT_EXP.test(str) || RE_FLOAT.test(str)) this.num = parseFloat(str);
    else return;
    this.kind = KIND_NUMBER;
  }

  plainNode(s: number, e: number, parent: Parent): Node {
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
        return {
          type: 'string',
          value: this.sliced ?? this.text.slice(s, e),
          quoted: false,
          offset: s,
          length,
          parent,
        };
    }
  }

  /** A plain key's text as the full parser reports it: String(resolved value), '' for null. */
  plainKeyString(s: number, e: number): string {
    this.resolvePlain(s, e);
    switch (this.kind) {
      case KIND_NULL:
        return '';
      case KIND_BOOL:
        return this.bool ? 'true' : 'false';
      case KIND_NUMBER:
        return String(this.num);
      default:
        return this.sliced ?? this.text.slice(s, e);
    }
  }
}

/**
 * The value of a block scalar (`|` literal or `>` folded) from its source: the lines after the header, up
 * to where the scalar ends, with the chomping indicator `-`, `+` or '' (clip). Auto-detected indentation
 * only, with no leading blank line more indented than the first content line (the caller checks). A port
 * of the `yaml` package's resolveBlockScalar for that case, so that the value is exactly the same.
 */
export function blockScalarValue(source: string, folded: boolean, chomp: string): string {
  const split = source.split(/\n( *)/);
  const first = split[0]!;
  let lead = 0;
  while (first.charCodeAt(lead) === SPACE) lead++;
  const lines: [string, string][] = [[first.slice(0, lead), first.slice(lead)]];
  for (let i = 1; i < split.length; i += 2) lines.push([split[i]!, split[i + 1]!]);
  let chompStart = lines.length;
  for (let i = lines.length - 1; i >= 0; --i) {
    const content = lines[i]![1];
    if (content === '' || content === '\r') chompStart = i;
    else break;
  }
  if (chompStart === 0) return chomp === '+' && lines.length > 0 ? '\n'.repeat(Math.max(1, lines.length - 1)) : '';
  let trimIndent = 0;
  let contentStart = 0;
  for (let i = 0; i < chompStart; ++i) {
    const [indent, content] = lines[i]!;
    if (content === '' || content === '\r') {
      if (indent.length > trimIndent) trimIndent = indent.length;
    } else {
      trimIndent = indent.length;
      contentStart = i;
      break;
    }
  }
  for (let i = lines.length - 1; i >= chompStart; --i) if (lines[i]![0].length > trimIndent) chompStart = i + 1;
  let value = '';
  let sep = '';
  let prevMoreIndented = false;
  for (let i = 0; i < contentStart; ++i) value += lines[i]![0].slice(trimIndent) + '\n';
  for (let i = contentStart; i < chompStart; ++i) {
    const [indent, raw] = lines[i]!;
    const content = raw.charCodeAt(raw.length - 1) === CR ? raw.slice(0, -1) : raw;
    if (!folded) {
      value += sep + indent.slice(trimIndent) + content;
      sep = '\n';
    } else if (indent.length > trimIndent || content.charCodeAt(0) === TAB) {
      if (sep === ' ') sep = '\n';
      else if (!prevMoreIndented && sep === '\n') sep = '\n\n';
      value += sep + indent.slice(trimIndent) + content;
      sep = '\n';
      prevMoreIndented = true;
    } else if (content === '') {
      if (sep === '\n') value += '\n';
      else sep = '\n';
    } else {
      value += sep + content;
      sep = ' ';
      prevMoreIndented = false;
    }
  }
  if (chomp === '+') {
    for (let i = chompStart; i < lines.length; ++i) value += '\n' + lines[i]![0].slice(trimIndent);
    if (value.charCodeAt(value.length - 1) !== LF) value += '\n';
  } else if (chomp !== '-') {
    value += '\n';
  }
  return value;
}
