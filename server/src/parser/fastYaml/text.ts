// The fast YAML path's base: character codes, the give-up signal, and the line-level helpers that every
// reader (block structure, flow collections, scalars) shares. No state but the text.

/** Thrown inside the readers to give up; caught in `fastParseYaml`. */
export class Bail extends Error {}
export const BAIL = new Bail('fast YAML path not applicable');
/** Gives up on the whole text, not only on the value at hand (nesting beyond the limit): no hand-off. */
export const GIVE_UP = new Bail('fast YAML path not applicable to this text');

export const SPACE = 32;
export const LF = 10;
export const CR = 13;
export const HASH = 35;
export const COLON = 58;
export const DASH = 45;
export const DQUOTE = 34;
export const SQUOTE = 39;
export const BACKSLASH = 92;
export const LBRACKET = 91;
export const RBRACKET = 93;
export const LBRACE = 123;
export const RBRACE = 125;
export const COMMA = 44;
export const DOT = 46;
export const TAB = 9;

/** Non-ASCII characters that the fast path does not take a chance with (C1 controls, NEL, LS/PS, BOM, non-characters). */
export function isOddWide(c: number): boolean {
  return c < 0xa0 || c === 0x2028 || c === 0x2029 || c === 0xfeff || c === 0xfffe || c === 0xffff;
}

/** The text and the helpers that read spaces, comments and line ends. */
export class TextReader {
  protected readonly len: number;

  constructor(protected readonly text: string) {
    this.len = text.length;
  }

  /** After a value ending at `p`: spaces, an optional comment (after a space), and the line end. Returns the next line's start. */
  protected finishLine(p: number): number {
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
  protected skipComment(i: number): number {
    const nl = this.text.indexOf('\n', i);
    return nl === -1 ? this.len : nl + 1;
  }

  protected skipSpaces(p: number): number {
    const t = this.text;
    while (t.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /** Whether `p` is a space, a line end or the end of the text (what must follow `-` and `:` indicators). Tabs bail. */
  protected emptyAt(p: number): boolean {
    if (p >= this.len) return true;
    const c = this.text.charCodeAt(p);
    if (c === TAB) throw BAIL;
    return c === SPACE || c === LF || c === CR;
  }
}
