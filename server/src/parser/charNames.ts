// How messages name a character a reader cannot see (`U+200B zero-width space`) or cannot tell from
// another (`'р' is Cyrillic er`), pasted into a key or a value from a wiki, a chat or a word
// processor. The one table of such characters: the parser's irregular-whitespace message and the
// service's messages (service/chars.ts) both name characters with it (the parser may import
// nothing above it). No character named here is ever printed raw by a message.

/** Characters shown as nothing or as a space: Unicode spaces, zero-width and format characters, bidi marks and controls. */
const INVISIBLE_NAMES: Record<number, string> = {
  0xa0: 'no-break space',
  0xad: 'soft hyphen',
  0x34f: 'combining grapheme joiner',
  0x61c: 'Arabic letter mark',
  0x115f: 'Hangul choseong filler',
  0x1160: 'Hangul jungseong filler',
  0x1680: 'ogham space mark',
  0x180e: 'Mongolian vowel separator',
  0x2000: 'en quad',
  0x2001: 'em quad',
  0x2002: 'en space',
  0x2003: 'em space',
  0x2004: 'three-per-em space',
  0x2005: 'four-per-em space',
  0x2006: 'six-per-em space',
  0x2007: 'figure space',
  0x2008: 'punctuation space',
  0x2009: 'thin space',
  0x200a: 'hair space',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x202f: 'narrow no-break space',
  0x205f: 'medium mathematical space',
  0x2060: 'word joiner',
  0x2061: 'function application',
  0x2062: 'invisible times',
  0x2063: 'invisible separator',
  0x2064: 'invisible plus',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0x3000: 'ideographic space',
  0x3164: 'Hangul filler',
  0xfeff: 'zero-width no-break space (byte order mark)',
  0xffa0: 'halfwidth Hangul filler',
};

/** One of the characters above (a character class of them). */
export const INVISIBLE_CHAR = new RegExp(
  `[${Object.keys(INVISIBLE_NAMES)
    .map((k) => `\\u${Number(k).toString(16).padStart(4, '0')}`)
    .join('')}]`,
);

/**
 * Letters that look like Latin ones (Cyrillic, Greek, fullwidth), and typographic quotes and dashes
 * an editor or a chat puts for `"`, `'` and `-`: each with the ASCII character it is taken for
 * ('' for a quote, which is dropped) and its name.
 */
const LOOKALIKES: Record<number, [string, string]> = {
  // Cyrillic
  0x430: ['a', 'Cyrillic a'],
  0x435: ['e', 'Cyrillic ie'],
  0x43e: ['o', 'Cyrillic o'],
  0x440: ['p', 'Cyrillic er'],
  0x441: ['c', 'Cyrillic es'],
  0x443: ['y', 'Cyrillic u'],
  0x445: ['x', 'Cyrillic ha'],
  0x455: ['s', 'Cyrillic dze'],
  0x456: ['i', 'Cyrillic Byelorussian-Ukrainian i'],
  0x458: ['j', 'Cyrillic je'],
  0x4bb: ['h', 'Cyrillic shha'],
  0x4cf: ['l', 'Cyrillic palochka'],
  0x501: ['d', 'Cyrillic komi de'],
  0x51b: ['q', 'Cyrillic qa'],
  0x51d: ['w', 'Cyrillic we'],
  0x410: ['A', 'Cyrillic capital A'],
  0x412: ['B', 'Cyrillic capital ve'],
  0x415: ['E', 'Cyrillic capital ie'],
  0x41a: ['K', 'Cyrillic capital ka'],
  0x41c: ['M', 'Cyrillic capital em'],
  0x41d: ['H', 'Cyrillic capital en'],
  0x41e: ['O', 'Cyrillic capital o'],
  0x420: ['P', 'Cyrillic capital er'],
  0x421: ['C', 'Cyrillic capital es'],
  0x422: ['T', 'Cyrillic capital te'],
  0x425: ['X', 'Cyrillic capital ha'],
  0x405: ['S', 'Cyrillic capital dze'],
  0x406: ['I', 'Cyrillic capital Byelorussian-Ukrainian i'],
  0x408: ['J', 'Cyrillic capital je'],
  // Greek
  0x3b1: ['a', 'Greek alpha'],
  0x3b9: ['i', 'Greek iota'],
  0x3ba: ['k', 'Greek kappa'],
  0x3bd: ['v', 'Greek nu'],
  0x3bf: ['o', 'Greek omicron'],
  0x3c1: ['p', 'Greek rho'],
  0x3c5: ['u', 'Greek upsilon'],
  0x391: ['A', 'Greek capital alpha'],
  0x392: ['B', 'Greek capital beta'],
  0x395: ['E', 'Greek capital epsilon'],
  0x396: ['Z', 'Greek capital zeta'],
  0x397: ['H', 'Greek capital eta'],
  0x399: ['I', 'Greek capital iota'],
  0x39a: ['K', 'Greek capital kappa'],
  0x39c: ['M', 'Greek capital mu'],
  0x39d: ['N', 'Greek capital nu'],
  0x39f: ['O', 'Greek capital omicron'],
  0x3a1: ['P', 'Greek capital rho'],
  0x3a4: ['T', 'Greek capital tau'],
  0x3a5: ['Y', 'Greek capital upsilon'],
  0x3a7: ['X', 'Greek capital chi'],
  // Typographic quotes (dropped: a quote around a value is YAML's, not part of it) and dashes.
  0x2018: ['', 'left single quotation mark'],
  0x2019: ['', 'right single quotation mark'],
  0x201a: ['', 'single low-9 quotation mark'],
  0x201c: ['', 'left double quotation mark'],
  0x201d: ['', 'right double quotation mark'],
  0x201e: ['', 'double low-9 quotation mark'],
  0xab: ['', 'left-pointing double angle quotation mark'],
  0xbb: ['', 'right-pointing double angle quotation mark'],
  0x2010: ['-', 'hyphen'],
  0x2011: ['-', 'non-breaking hyphen'],
  0x2012: ['-', 'figure dash'],
  0x2013: ['-', 'en dash'],
  0x2212: ['-', 'minus sign'],
};

/** `U+200B`. */
export function codePointOf(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `U+00A0 no-break space`, `U+0440 Cyrillic er`, `U+FF41 fullwidth a`: a character as a message names it. */
export function nameOfChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  const name = INVISIBLE_NAMES[code] ?? LOOKALIKES[code]?.[1] ?? fullwidthName(code);
  return name === undefined ? codePointOf(c) : `${codePointOf(c)} ${name}`;
}

/** Whether `c` is shown as nothing or as a space (named by nameOfChar, never printed). */
export function isInvisibleChar(c: string): boolean {
  return INVISIBLE_NAMES[c.codePointAt(0) ?? 0] !== undefined;
}

/**
 * The ASCII character a look-alike stands for (`р` → `p`, `“` → ``, `ａ` → `a`), or undefined for a
 * character that is not one.
 */
export function lookalikeOf(c: string): string | undefined {
  const code = c.codePointAt(0) ?? 0;
  const l = LOOKALIKES[code];
  if (l) return l[0];
  // Fullwidth ASCII (U+FF01–U+FF5E), what an East Asian input method types.
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return undefined;
}

function fullwidthName(code: number): string | undefined {
  return code >= 0xff01 && code <= 0xff5e ? `fullwidth ${String.fromCharCode(code - 0xfee0)}` : undefined;
}
