// The one place where text is cleaned of credentials before it reaches a message, a report or a
// log. Known secrets are removed by value; generic patterns catch credentials we were never told
// about (a token echoed back by a server, a proxy password inside a URL).
//
// A service that echoes a request may hand a secret back reshaped: cut short, wrapped across
// lines, with `\/` for `/`, percent- or HTML-encoded (`%u0073`, `&#x73` without its `;` too), in
// the escapes of a programming language (`\u0073`, `\u{73}`, `\U00000073`, `\x73`, `\163`), with
// terminal colours between its characters, upper-cased, inside JSON inside JSON, or
// with bytes the decoder replaced, base64-encoded (the whole echoed header, so the secret may
// stand at any of base64's three alignments, in the standard or the URL-safe alphabet),
// hex-encoded, reversed, or cut into pieces with separators between them. So a known secret is
// looked for in three views of the text: as it is (ignoring letter case), normalised (escapes
// decoded, again and again while a pass still decodes something, up to MAX_DECODE_PASSES, so that
// `&#37;2F` is `/`; white space, control and non-ASCII characters, which no credential we send can
// contain, skipped; letter case ignored), and normalised with every character but letters and
// digits skipped (pieces joined across `/`, `-`, `:`…); and so are its reversed, hex and base64
// forms.
// Any run of SECRET_RUN or more characters of a secret (of its hex form: twice as many; of its
// base64 form: BASE64_RUN) counts as the secret, so that a cut never leaves a usable piece, and
// the whole stretch of the original text that produced the run is replaced.
//
// A credential's public prefix (`sk-proj-`, `ghp_`, `github_pat_`, `AKIA`, `eyJ`, or one lower-case
// word and `-`/`_`: `pat_`, `apikey_`) is the same for every credential of its kind: no secret, and
// our own words ("API key") must not be removed for sharing it. But the prefix followed by any
// character of what comes after it is: a run counts unless it lies within the prefix, and the
// whole prefix followed by one to four secret characters (`ghp_a1b`, shorter than a run) counts
// too where it starts a word.
//
// Likewise a credential's words (REVIEW4 G25): service-account tokens and pasted lines carry
// readable names (`sa.assistant-project-threads.Zk8…`, `ASSISTANT_PAT=pat_…`). A segment of a
// credential that is one of the words of our own report (reportWords.ts: a fixed list that does
// not depend on any credential) is public like a prefix, provided the credential keeps a random
// part of at least MIN_RANDOM_REST characters (with digits or mixed case) to be protected: runs
// that lie within such words (and the separators next to them) do not count, in our text or in a
// service's. A credential of words only (a passphrase) keeps every word secret.

import { REPORT_WORDS } from './reportWords';

export const REDACTED = '[REDACTED]';

/** Shorter "secrets" are not replaced by value: replacing every "ab" in a report helps nobody. */
const MIN_SECRET_LENGTH = 4;
/** Any run of this many characters of a known secret is treated as the secret. */
export const SECRET_RUN = 6;
/**
 * The shortest piece of a known secret withheld from a quote of a service's text (a field of its
 * error, an excerpt of its page): "key ending in s0Pe" is a quote of a credential. Shorter pieces
 * than SECRET_RUN count there only as a word of their own (see shortPieces); redact() of our own
 * text keeps SECRET_RUN, where a four-letter coincidence with a random credential would blank
 * our own words.
 */
export const QUOTE_RUN = 4;
/** Base64 characters that carry about SECRET_RUN bytes (7 × 6 bits), at any alignment. */
const BASE64_RUN = 8;
/** Base32 characters (RFC 4648, 5 bits each) that carry about SECRET_RUN bytes. */
const BASE32_RUN = 10;
/**
 * In a quote (a shorter run than SECRET_RUN asked for), the encoded forms are looked for at a
 * shorter length too: hex of QUOTE_RUN characters (2 digits each; UTF-16 hex, 4); 6 base64
 * characters, which any 5 characters carry at every alignment (4 characters fill only 4 or 5 at
 * some alignments: too short to tell from a service's own text); 6 base32 characters, which any 5
 * characters carry and 4 carry at three of the five alignments (the base32 of the 4 alone among
 * them). These count wherever they stand, not only as a word of their own (an encoded piece sits
 * inside one long word). Measured on the fixture responses: test/connection/quoteEncoded.test.ts
 * (no benign answer withheld for them; base64 at 5 or base32 at 5 would withhold some).
 */
const ENCODED_QUOTE_RUN = { BASE64: 6, BASE32: 6 };

const GENERIC: readonly [RegExp, string][] = [
  // A JWT anywhere (header and payload are base64url JSON, so they start with "eyJ").
  [/eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Authorization schemes followed by something that looks like a credential. The length floor
  // keeps prose such as "the pat scheme" intact.
  [/\b(Bearer|Basic|pat)(\s+)[A-Za-z0-9._~+/=:-]{8,}/gi, `$1$2${REDACTED}`],
  // Header-like "name: value" pairs whose name says they carry a credential.
  [
    /\b((?:proxy-)?authorization|x-platform-data-token|x-api-key|api[-_]?key|token|password|secret)("?\s*[:=]\s*"?)(?!\[REDACTED\])[^\s",;]{4,}/gi,
    `$1$2${REDACTED}`,
  ],
  // user:password@ inside URLs (proxy settings).
  [/(\/\/)[^/\s:@]+:[^/\s@]+@/g, `$1${REDACTED}@`],
];

/**
 * Removes every run of RUN or more characters of the given secrets (in the text as it is and in
 * its normalised form, see above), their base64 forms, and anything matching a generic
 * credential pattern.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  const m = matcherFor(secrets);
  if (m.lengths.length > 0 || m.anchored.length > 0) out = removeRuns(out, m);
  for (const [re, replacement] of GENERIC) out = out.replace(re, replacement);
  return out;
}

/**
 * Whether the text holds any piece of the given secrets that redact() would remove (SECRET_RUN
 * characters or more, in any of the forms above). A quote of a service's text that shares such a
 * piece with a credential is not shown at all (quote.ts).
 */
export function sharesSecret(
  text: string,
  secrets: readonly (string | undefined)[],
  shortRun: number = SECRET_RUN,
): boolean {
  const m = matcherFor(secrets, shortRun);
  return (m.lengths.length > 0 || m.anchored.length > 0) && findRuns(text, m, shortRun >= SECRET_RUN).length > 0;
}

/**
 * Where the text holds a piece of the given secrets (ranges of the text): any run of SECRET_RUN
 * characters in any form redact() knows, and, with a shorter `shortRun` (QUOTE_RUN), also a
 * piece of `shortRun` or more characters that stands as a word of its own. Quotes of a service's
 * text use this to withhold a field that holds any such piece (connection/quote.ts).
 */
export function secretPieces(
  text: string,
  secrets: readonly (string | undefined)[],
  shortRun: number = SECRET_RUN,
): [number, number][] {
  const m = matcherFor(secrets, shortRun);
  return m.lengths.length > 0 || m.anchored.length > 0 ? findRuns(text, m) : [];
}

/**
 * Whether a base64 (either alphabet) or hex blob of the text decodes, once or twice, to text that
 * shares a piece of the secrets (sharesSecret, SECRET_RUN): a credential encoded twice (base64 of
 * an echo already in base64), or encoded after some other change (base64 of it upper-cased, of its
 * UTF-16, of it reversed; hex of it reversed), which no form of the secret itself shows. Only
 * blobs that decode to mostly printable text count. Quotes of a service's text use it
 * (connection/quote.ts): a field or an excerpt that holds such a blob is not shown.
 */
export function sharesSecretDecoded(text: string, secrets: readonly (string | undefined)[]): boolean {
  return decodedBlobs(text, 2).some((d) => sharesSecret(d, secrets));
}

/** A run of base64 or hex characters long enough to carry a run of a secret once decoded. */
const BLOB = /[A-Za-z0-9+/_-]{16,}/g;
/** The share of a decoded blob that must be printable (or NUL: UTF-16) for it to count as text. */
const PRINTABLE_SHARE = 0.85;
/** Decoded texts looked at, at most, per call: a body of many blobs is not decoded without end. */
const MAX_DECODED = 256;

/**
 * What the blobs of `text` decode to (as Latin-1: one character per byte), where that is mostly
 * printable: hex, and base64 read from each of the four characters a blob glued to other letters
 * may start at; and, `depth` levels deep, what their own blobs decode to.
 */
function decodedBlobs(text: string, depth: number, out: string[] = []): string[] {
  for (const m of text.matchAll(BLOB)) {
    const blob = m[0];
    const tries: string[] = [];
    if (/^[0-9a-fA-F]+$/.test(blob)) tries.push(fromHex(blob), fromHex(blob.slice(1)));
    const standard = blob.replace(/-/g, '+').replace(/_/g, '/');
    for (let offset = 0; offset < 4; offset++) tries.push(fromBase64(standard.slice(offset)));
    for (const t of tries) {
      if (out.length >= MAX_DECODED) return out;
      if (!mostlyPrintable(t)) continue;
      out.push(t);
      if (depth > 1) decodedBlobs(t, depth - 1, out);
    }
  }
  return out;
}

function fromHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 2 <= hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

/** Base64 (standard alphabet, padding optional) to a binary string; '' when it does not decode. */
function fromBase64(b64: string): string {
  const n = b64.length - (b64.length % 4 === 1 ? 1 : 0);
  try {
    return atob(b64.slice(0, n));
  } catch {
    return '';
  }
}

function mostlyPrintable(t: string): boolean {
  if (t.length < MIN_SECRET_LENGTH) return false;
  let printable = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if ((c >= 0x20 && c <= 0x7e) || c === 0 || c === 0x09 || c === 0x0a || c === 0x0d) printable++;
  }
  return printable >= PRINTABLE_SHARE * t.length;
}

/** Deep-redacts every string of a JSON-like value (for reports and their JSON form). */
export function redactDeep<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  if (typeof value === 'string') return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, secrets)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, secrets);
    return out as T;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Normalisation with a map back to the original text.

interface View {
  /** The normalised characters, lower-cased. */
  chars: string;
  /** For each normalised character, where it came from in the original: [start, end); absent for the text as it is. */
  start?: Int32Array;
  end?: Int32Array;
}

const HEX2 = /^[0-9a-fA-F]{2}$/;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const HEX8 = /^[0-9a-fA-F]{8}$/;
/** `\u{73}` (JavaScript, Rust, Swift, Ruby): one to six hex digits in braces, after the `u`. */
const BRACED = /^\{([0-9a-fA-F]{1,6})\}/;
/** `%73`, and `%u0073` (IIS, JavaScript's escape()); `%2573` and deeper count as one. */
const PERCENT = /^%(?:25)*(?:[uU]([0-9a-fA-F]{4})|([0-9a-fA-F]{2}))/;
/**
 * A character reference; a numeric one also without its `;` (`&#x73&#107`: browsers read it so,
 * and some encoders write it so), a named one only with it.
 */
const ENTITY = /^&(?:amp;)*(?:(#[xX][0-9a-fA-F]{1,6}|#\d{1,7});?|([a-zA-Z]{2,8});)/;
/** What follows an ESC in an ANSI control sequence (a terminal colour, `ESC[31m`): `[`, parameters, a final byte. */
const CSI = /^\[[0-?]{0,16}[ -/]{0,4}[@-~]/;
const ESC = 0x1b;
const TAG = /^<\/?[a-zA-Z][^<>]{0,40}>/;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  equals: '=',
  plus: '+',
  colon: ':',
  period: '.',
  lowbar: '_',
  tilde: '~',
  hyphen: '-',
  num: '#',
  percnt: '%',
};
const BACKSLASH = 0x5c;
const PERCENT_SIGN = 0x25;
const AMPERSAND = 0x26;
const LESS_THAN = 0x3c;

/** Decoding passes at most (`&amp;#37;252F` takes three); each pass after the first runs only while the previous one decoded something. */
const MAX_DECODE_PASSES = 4;
/** Something a further pass would decode, in an already normalised (lower-cased) view. */
const STILL_ENCODED = /\\|%(?:u[0-9a-f]{4}|[0-9a-f]{2})|&(?:#x?[0-9a-f]{1,7}|[a-z]{2,8};)|<\/?[a-z]/;

/** Escapes decoded to a fixpoint (bounded): percent-encoding inside HTML entities, entities inside JSON strings, and so on. */
function normalise(text: string): View {
  let view = normaliseOnce(text);
  for (let pass = 1; pass < MAX_DECODE_PASSES && STILL_ENCODED.test(view.chars); pass++) {
    const next = normaliseOnce(view.chars);
    // Every decoding shortens the text: the same length means that nothing was decoded.
    if (next.chars.length === view.chars.length || !view.start || !view.end || !next.start || !next.end) break;
    const start = new Int32Array(next.chars.length);
    const end = new Int32Array(next.chars.length);
    for (let k = 0; k < next.chars.length; k++) {
      start[k] = view.start[next.start[k] ?? 0] ?? 0;
      end[k] = view.end[(next.end[k] ?? 1) - 1] ?? text.length;
    }
    view = { chars: next.chars, start, end };
  }
  return view;
}

function normaliseOnce(text: string): View {
  const codes = new Uint16Array(text.length);
  const start = new Int32Array(text.length);
  const end = new Int32Array(text.length);
  let k = 0;
  /** Keeps a character (lower-cased) unless no credential we send can hold it (white space, control, non-ASCII). */
  const emit = (code: number, from: number, to: number): void => {
    if (code >= 0x7f) {
      // Compatibility forms of ASCII (fullwidth `ｓｋ`, mathematical letters, ligatures) fold to it
      // under NFKC, before letter case is folded; anything else is skipped.
      // (A fold longer than its source, such as a ligature, is skipped: the view has no room for it.)
      const folded = foldNfkc(code);
      if (folded === undefined || folded.length > to - from) return;
      for (let f = 0; f < folded.length; f++) emit(folded.charCodeAt(f), from, to);
      return;
    }
    if (code <= 0x20) return;
    codes[k] = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
    start[k] = from;
    end[k] = to;
    k++;
  };
  /**
   * Emits a decoded character (text[from, to) stood for it) and returns where reading goes on: an
   * ESC, written as it is or escaped (`\u001b[31m`), takes the rest of an ANSI control sequence
   * after it along (terminal colours between characters hide nothing).
   */
  const put = (code: number, from: number, to: number): number => {
    if (code !== ESC) {
      emit(code, from, to);
      return to;
    }
    return to + (text.charCodeAt(to) === 0x5b ? (CSI.exec(text.slice(to, to + 24))?.[0].length ?? 0) : 0);
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === ESC) {
      i = put(code, i, i + 1);
      continue;
    }
    if (code === BACKSLASH) {
      // Any depth of escaping (JSON in JSON doubles the backslashes) counts as one.
      let j = i;
      while (text.charCodeAt(j) === BACKSLASH) j++;
      const next = text[j];
      if (next === undefined) {
        i = j;
      } else if (next === 'u' && HEX4.test(text.slice(j + 1, j + 5))) {
        i = put(parseInt(text.slice(j + 1, j + 5), 16), i, j + 5);
      } else if (next === 'u' && BRACED.test(text.slice(j + 1, j + 9))) {
        const m = BRACED.exec(text.slice(j + 1, j + 9));
        const at = j + 1 + (m?.[0].length ?? 0);
        i = put(Math.min(parseInt(m?.[1] ?? '0', 16), 0x10ffff), i, at);
      } else if (next === 'U' && HEX8.test(text.slice(j + 1, j + 9))) {
        // `\U00000073` (Python, C): eight hex digits.
        i = put(Math.min(parseInt(text.slice(j + 1, j + 9), 16), 0x10ffff), i, j + 9);
      } else if (next === 'x' && HEX2.test(text.slice(j + 1, j + 3))) {
        i = put(parseInt(text.slice(j + 1, j + 3), 16), i, j + 3);
      } else if (next === 'e' && text.charCodeAt(j + 1) === 0x5b) {
        i = put(ESC, i, j + 1); // `\e[31m`: a shell's ESC
      } else if (next >= '0' && next <= '7') {
        // An octal escape (`\163`: C, PHP's addcslashes, shell dumps); `\0` and `\012` are white space.
        let k = j;
        let value = 0;
        while (k < j + 3 && text.charCodeAt(k) >= 0x30 && text.charCodeAt(k) <= 0x37)
          value = value * 8 + text.charCodeAt(k++) - 0x30;
        i = put(value, i, k);
      } else if ('nrtbfv'.includes(next)) {
        i = j + 1; // an escaped line break or tab: white space
      } else {
        emit(next.charCodeAt(0), i, j + 1);
        i = j + 1;
      }
      continue;
    }
    if (code === PERCENT_SIGN) {
      const m = PERCENT.exec(text.slice(i, i + 32));
      const hex = m?.[1] ?? m?.[2];
      if (m && hex) {
        i = put(parseInt(hex, 16), i, i + m[0].length);
        continue;
      }
    }
    if (code === AMPERSAND) {
      const m = ENTITY.exec(text.slice(i, i + 48));
      const body = m?.[1] ?? m?.[2];
      const decoded = body ? entity(body) : undefined;
      if (m && decoded !== undefined) {
        i = put(decoded.codePointAt(0) ?? 0, i, i + m[0].length);
        continue;
      }
    }
    if (code === LESS_THAN) {
      const m = TAG.exec(text.slice(i, i + 48));
      if (m) {
        i += m[0].length; // markup between characters hides nothing
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A character beyond the BMP (mathematical letters `𝐬𝐤`) folds as one code point.
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        emit(0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00), i, i + 2);
        i += 2;
        continue;
      }
    }
    emit(code, i, i + 1);
    i++;
  }
  let chars = '';
  for (let c = 0; c < k; c += 8192) chars += String.fromCharCode(...codes.subarray(c, Math.min(k, c + 8192)));
  return { chars, start: start.subarray(0, k), end: end.subarray(0, k) };
}

const nfkcCache = new Map<number, string | undefined>();
/** The ASCII a non-ASCII code point stands for under NFKC (fullwidth `ｓ` is `s`), or undefined. */
function foldNfkc(code: number): string | undefined {
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  if (code >= 0xd800 && code <= 0xdfff) return undefined; // a lone surrogate
  if (nfkcCache.has(code)) return nfkcCache.get(code);
  const folded = String.fromCodePoint(code).normalize('NFKC');
  const ascii = /^[\x21-\x7e]+$/.test(folded) ? folded : undefined;
  if (nfkcCache.size < 4096) nfkcCache.set(code, ascii);
  return ascii;
}

function entity(body: string): string | undefined {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED[body.toLowerCase()] ?? (body.toLowerCase() === 'nbsp' ? ' ' : undefined);
}

/** A view with every character but ASCII letters and digits skipped: pieces of a secret joined across separators. */
function alnumOnly(view: View): View {
  const chars = view.chars;
  const codes = new Uint16Array(chars.length);
  const start = new Int32Array(chars.length);
  const end = new Int32Array(chars.length);
  let k = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a)) {
      codes[k] = c;
      start[k] = view.start ? (view.start[i] ?? 0) : i;
      end[k] = view.end ? (view.end[i] ?? i + 1) : i + 1;
      k++;
    }
  }
  if (k === chars.length) return view;
  let out = '';
  for (let c = 0; c < k; c += 8192) out += String.fromCharCode(...codes.subarray(c, Math.min(k, c + 8192)));
  return { chars: out, start: start.subarray(0, k), end: end.subarray(0, k) };
}

/** The text as it is, lower-cased letter by letter (so that every index stays where it was). */
function identity(text: string): View {
  return { chars: text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) };
}

/** A number of a byte list: decimal (`115`) or hex (`0x73`), standing alone. */
const BYTE = String.raw`(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})(?![0-9A-Za-z])`;
/**
 * A list of at least four such numbers separated by commas, semicolons or white space, as printed
 * for a byte array (Java's Arrays.toString, Go's %v, Python's list(b), a C initialiser), with or
 * without brackets around it. Digits and separators are disjoint, so the match is linear.
 */
const BYTE_LIST = new RegExp(String.raw`(?<![0-9A-Za-z.])${BYTE}(?:[\s,;]+${BYTE}){3,}`, 'g');
const BYTE_ITEM = new RegExp(BYTE, 'g');

/**
 * The characters of the byte lists in the text (values 33-126; others, such as a space, are
 * skipped), lower-cased, each mapped to its number; undefined when the text has no such list.
 */
function byteLists(text: string): View | undefined {
  if (!/\d[\s,;]+\d/.test(text)) return undefined;
  const codes: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (const list of text.matchAll(BYTE_LIST)) {
    const at = list.index;
    for (const item of list[0].matchAll(BYTE_ITEM)) {
      const v = Number(item[0]);
      if (v <= 0x20 || v >= 0x7f) continue;
      codes.push(v >= 0x41 && v <= 0x5a ? v + 0x20 : v);
      from.push(at + item.index);
      to.push(at + item.index + item[0].length);
    }
  }
  if (codes.length === 0) return undefined;
  let chars = '';
  for (let c = 0; c < codes.length; c += 8192) chars += String.fromCharCode(...codes.slice(c, c + 8192));
  return { chars, start: Int32Array.from(from), end: Int32Array.from(to) };
}

/** ROT13 of the ASCII letters (the other characters as they are). */
function rot13(t: string): string {
  return t.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 0x41 : 0x61;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

// ---------------------------------------------------------------------------------------------
// Matching.

interface Matcher {
  /** Run lengths to look for, shortest first, each with the set of runs of that length. */
  lengths: number[];
  runs: Map<number, Set<string>>;
  /**
   * The shortest length: a text is scanned once per view, with a rolling hash of this many
   * characters, and every run of any length starts with a run of this length (a "gate").
   */
  gateLength: number;
  /** The rolling hashes of the gates, as a set and as a bitmap of their low bits (most positions are ruled out by one bit). */
  gateHashes: Set<number>;
  gateBits: Uint32Array;
  /** A public prefix with the first secret character (`ghp_a`), and the secret characters that may follow it in a piece shorter than a run. */
  anchored: { head: string; tail: string }[];
  /** Pieces shorter than SECRET_RUN (of length `shortRun`) that count only as a word of their own (see shortPieces). */
  short: Set<string>;
  shortRun: number;
}

/** Work done building matchers (characters of secrets indexed), for tests that count work instead of timing it. */
export const redactWork = { indexedChars: 0 };

/** The matcher of the last secrets seen, one per shortest run (redact()'s SECRET_RUN, quotes' QUOTE_RUN). */
const lastMatchers = new Map<number, { key: string; matcher: Matcher }>();

/** Bits of a gate hash that index the bitmap (2^GATE_BITS bits: 32 KB). */
const GATE_BITS = 18;

const BASE = 257;

/** Well-known public prefixes of credentials, a longer one before any it begins with. */
const KNOWN_PREFIXES = [
  'sk-proj-',
  'sk-svcacct-',
  'sk-admin-',
  'sk-ant-',
  'sk-',
  'github_pat_',
  'ghp_',
  'gho_',
  'ghu_',
  'ghs_',
  'ghr_',
  'glpat-',
  'xoxb-',
  'xoxp-',
  'xoxa-',
  'xoxr-',
  'xoxs-',
  'xapp-',
  'npm_',
  'AKIA',
  'ASIA',
  'AIza',
  'eyJ',
];
/**
 * Otherwise, one lower-case word and `-` or `_` in front of the random part (`pat_`, `apikey_`).
 * One word only, of lower-case letters only: `QwErTyUi_` after `sk-proj-`, or a second word, may
 * be random characters, and what is taken for the prefix is not protected by runs of its own.
 */
const GENERIC_PREFIX = /^[a-z]{2,12}[-_]/;
/** In front of either, what a malformed credential may carry: quotes, a scheme and a space (`pat …`). */
const LEAD = /^[^A-Za-z0-9]*(?:[A-Za-z]+\s+)?/;

/** The length of a credential's public prefix (0 without one, or when too little would be left after it). */
export function publicPrefixLength(secret: string): number {
  const lead = LEAD.exec(secret)?.[0].length ?? 0;
  const rest = secret.slice(lead);
  const p =
    lead + (KNOWN_PREFIXES.find((k) => rest.startsWith(k))?.length ?? GENERIC_PREFIX.exec(rest)?.[0].length ?? 0);
  return secret.length - p >= MIN_SECRET_LENGTH ? p : 0;
}

/** The random part a credential must keep for its report words to count as public. */
const MIN_RANDOM_REST = 8;

/**
 * Which characters of a credential are public (1): its public prefix, and, when the rest holds at
 * least MIN_RANDOM_REST characters of random-looking segments (segments between non-alphanumeric
 * characters that hold a digit or a lower-case letter followed by an upper-case one), each
 * segment of letters only that is a word of our own report (REPORT_WORDS), with the separators
 * next to it. Everything else is secret.
 */
export function publicMask(secret: string): Uint8Array {
  const mask = new Uint8Array(secret.length);
  const p = publicPrefixLength(secret);
  mask.fill(1, 0, p);
  const words: [number, number][] = [];
  let random = 0;
  for (const seg of secret.slice(p).matchAll(/[A-Za-z0-9]+/g)) {
    const t = seg[0];
    if (/^[A-Za-z]{3,}$/.test(t) && REPORT_WORDS.has(t.toLowerCase())) words.push([p + seg.index, t.length]);
    else if (/[0-9]/.test(t) || /[a-z][A-Z]/.test(t)) random += t.length;
  }
  if (random < MIN_RANDOM_REST || words.length === 0) return mask;
  for (const [at, n] of words) mask.fill(1, at, at + n);
  // A separator next to a public character is public too (`threads.` tells nothing more).
  const isSep = (i: number): boolean => i >= 0 && i < secret.length && !isAlnum(secret.charCodeAt(i));
  const word = new Uint8Array(mask);
  for (let i = 0; i < secret.length; i++)
    if (isSep(i) && ((i > 0 && word[i - 1] === 1) || (i + 1 < secret.length && word[i + 1] === 1))) mask[i] = 1;
  return mask;
}

/**
 * The public mask of a form of a credential, from the mask of the credential and where each of
 * the form's characters came from (a view's start/end): a character is public when all it came
 * from is. Without a map, the form has the credential's own indices.
 */
function maskOf(mask: Uint8Array, view: View): Uint8Array {
  if (!view.start || !view.end) return mask.length === view.chars.length ? mask : new Uint8Array(view.chars.length);
  const out = new Uint8Array(view.chars.length);
  for (let k = 0; k < out.length; k++) {
    let pub = 1;
    for (let i = view.start[k] ?? 0; i < (view.end[k] ?? 0) && pub; i++) pub = mask[i] ?? 0;
    out[k] = pub;
  }
  return out;
}

/** Polynomial hash of text[from, from + n), modulo 2^32. */
function hashOf(text: string, from: number, n: number): number {
  let h = 0;
  for (let k = 0; k < n; k++) h = (Math.imul(h, BASE) + text.charCodeAt(from + k)) | 0;
  return h >>> 0;
}

function matcherFor(secrets: readonly (string | undefined)[], shortRun = SECRET_RUN): Matcher {
  const list = secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH);
  const key = list.join('\u0000');
  const last = lastMatchers.get(shortRun);
  if (last?.key === key) return last.matcher;
  const runs = new Map<number, Set<string>>();
  /**
   * Runs of a form; with `prefix`, not those that lie within its first (`fromEnd`: last) `prefix`
   * characters, or with `outside`, not those that touch them.
   */
  const short = new Set<string>();
  /**
   * Runs of a form that hold a secret character (`mask`: 1 for a public one), or with `outside`,
   * that touch no public character (separators skipped, a public word runs into the words around
   * it: "API key refused" is `apikeyrefused`).
   */
  const addRuns = (form: string, run = SECRET_RUN, mask?: Uint8Array, outside = false, into?: Set<string>): void => {
    // pub[i]: public characters among the first i.
    const pub = new Int32Array(form.length + 1);
    for (let i = 0; i < form.length; i++) pub[i + 1] = (pub[i] ?? 0) + (mask?.[i] ?? 0);
    if (form.length - (pub[form.length] ?? 0) < MIN_SECRET_LENGTH) return;
    const n = Math.min(run, form.length);
    let set = into ?? runs.get(n);
    if (!set) runs.set(n, (set = new Set()));
    for (let i = 0; i + n <= form.length; i++) {
      const inRun = (pub[i + n] ?? 0) - (pub[i] ?? 0);
      if (outside ? inRun > 0 : inRun === n) continue;
      set.add(form.slice(i, i + n));
    }
  };
  const reversed = (t: string): string => {
    let r = '';
    for (let i = t.length - 1; i >= 0; i--) r += t.charAt(i);
    return r;
  };
  const anchored = new Map<string, { head: string; tail: string }>();
  for (const whole of list) {
    redactWork.indexedChars += whole.length;
    const p = publicPrefixLength(whole);
    // What follows the prefix: its hex and base64 forms are looked for on their own.
    const s = whole.slice(p);
    // Its plain forms whole, but for runs within the prefix and the report words (publicMask): a
    // run across the edge of a public part holds a secret character. Separators skipped, runs that
    // touch a public part are not taken.
    const mask = publicMask(whole);
    const lower = whole.toLowerCase();
    const normal = normalise(whole);
    const alnum = alnumOnly(normal);
    const forms: [string, Uint8Array, boolean][] = [
      [lower, maskOf(mask, { chars: lower }), false],
      [normal.chars, maskOf(mask, normal), false],
      [alnum.chars, maskOf(mask, alnum), true],
    ];
    for (const [form, fm, outside] of forms) {
      const rm = fm.slice().reverse();
      addRuns(form, SECRET_RUN, fm, outside);
      addRuns(reversed(form), SECRET_RUN, rm, outside);
      // ROT13 (a service that "obfuscates" what it echoes): its public parts are as public as the plain ones.
      addRuns(rot13(form), SECRET_RUN, fm, outside);
      if (shortRun < SECRET_RUN) {
        addRuns(form, shortRun, fm, outside, short);
        addRuns(reversed(form), shortRun, rm, outside, short);
      }
    }
    // The whole prefix and one to four secret characters: shorter than a run, still a quote.
    if (p > 0)
      for (const [form, fm] of forms.slice(0, 2)) {
        const fp = fm.indexOf(0);
        if (fp <= 0) continue;
        const head = form.slice(0, fp + 1);
        const tail = form.slice(fp + 1, Math.max(fp + 1, SECRET_RUN - 1));
        if (head.length > fp) anchored.set(`${head}\u0000${tail}`, { head, tail });
      }
    // Hex of its UTF-8 bytes (two hex digits per character of an ASCII secret), either case.
    const hex = [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, '0')).join('');
    addRuns(hex, 2 * SECRET_RUN);
    if (shortRun < SECRET_RUN) addRuns(hex, 2 * shortRun);
    // Hex of its UTF-16 code units (`0073006b…`, `73006b00…`: a .NET or Java dump of a string).
    let utf16be = '';
    let utf16le = '';
    for (let i = 0; i < s.length; i++) {
      const u = s.charCodeAt(i).toString(16).padStart(4, '0');
      utf16be += u;
      utf16le += u.slice(2) + u.slice(0, 2);
    }
    addRuns(utf16be, 4 * SECRET_RUN);
    addRuns(utf16le, 4 * SECRET_RUN);
    if (shortRun < SECRET_RUN) {
      addRuns(utf16be, 4 * shortRun);
      addRuns(utf16le, 4 * shortRun);
    }
    // The base64 forms (a Basic header, a token wrapped in another token, an echoed header).
    for (const form of base64Forms(s)) {
      addRuns(form.toLowerCase(), BASE64_RUN);
      if (shortRun < SECRET_RUN) addRuns(form.toLowerCase(), ENCODED_QUOTE_RUN.BASE64);
    }
    // Base32 (RFC 4648, and its extended-hex alphabet): letter case and padding do not matter
    // (the views are lower-cased; `=` only pads the end, outside every run).
    for (const form of base32Forms(s)) {
      addRuns(form, BASE32_RUN);
      if (shortRun < SECRET_RUN) addRuns(form, ENCODED_QUOTE_RUN.BASE32);
    }
  }
  // A short piece is looked for at its own length (a secret shorter than shortRun gives none).
  for (const r of short) if (r.length < shortRun) short.delete(r);
  if (short.size > 0 && !runs.has(shortRun)) runs.set(shortRun, new Set());
  const lengths = [...runs.keys()].sort((a, b) => a - b);
  const gateLength = lengths[0] ?? 0;
  const gateHashes = new Set<number>();
  const gateBits = new Uint32Array(1 << (GATE_BITS - 5));
  for (const set of [...runs.values(), short])
    for (const r of set) {
      const h = hashOf(r, 0, gateLength);
      gateHashes.add(h);
      gateBits[(h & ((1 << GATE_BITS) - 1)) >>> 5]! |= 1 << (h & 31);
    }
  const matcher = {
    lengths,
    runs,
    gateLength,
    gateHashes,
    gateBits,
    anchored: [...anchored.values()],
    short,
    shortRun,
  };
  lastMatchers.set(shortRun, { key, matcher });
  return matcher;
}

/**
 * The base64 encodings of a secret's UTF-8 bytes at the three alignments (0, 1 or 2 bytes of
 * something else in front), in the standard and the URL-safe alphabet, each cut to the characters
 * that depend on the secret's bytes alone. Without Node's Buffer: this module also runs in the
 * browser.
 */
function base64Forms(s: string): string[] {
  const bytes = new TextEncoder().encode(s);
  const forms: string[] = [];
  for (let align = 0; align < 3; align++) {
    let binary = '\u0000'.repeat(align);
    for (const byte of bytes) binary += String.fromCharCode(byte);
    // Character c carries bits [6c, 6c + 6): keep those within the secret's bits [8 align, 8 (align + n)).
    const core = btoa(binary).slice(Math.ceil((8 * align) / 6), Math.floor((8 * (align + bytes.length)) / 6));
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

/**
 * The base32 encodings of a secret's UTF-8 bytes (lower-cased) at the five alignments (0 to 4
 * bytes of something else in front), in the RFC 4648 alphabet and in base32hex, each cut to the
 * characters that depend on the secret's bytes alone (character c carries bits [5c, 5c + 5)).
 */
function base32Forms(s: string): string[] {
  const bytes = new TextEncoder().encode(s);
  const forms: string[] = [];
  for (let align = 0; align < 5; align++) {
    const from = Math.ceil((8 * align) / 5);
    const to = Math.floor((8 * (align + bytes.length)) / 5);
    let plain = '';
    let hex = '';
    for (let c = from; c < to; c++) {
      // The 5 bits at [5c, 5c + 5) of (align zero bytes, then the secret).
      let v = 0;
      for (let b = 5 * c; b < 5 * c + 5; b++) {
        const byte = b >> 3 < align ? 0 : (bytes[(b >> 3) - align] ?? 0);
        v = (v << 1) | ((byte >> (7 - (b & 7))) & 1);
      }
      plain += BASE32.charAt(v);
      hex += BASE32HEX.charAt(v);
    }
    forms.push(plain, hex);
  }
  return forms;
}

/** Where runs of the secrets stand in the text (ranges of the original), in its three views; with `first`, stops at the first. */
function findRuns(text: string, m: Matcher, first = false): [number, number][] {
  const ranges: [number, number][] = [];
  const normal = normalise(text);
  // A public prefix and a few secret characters, where a word starts (`ghp_a1b`, not `taskghp_a`).
  for (const view of m.anchored.length > 0 ? [identity(text), normal] : []) {
    const chars = view.chars;
    for (const { head, tail } of m.anchored) {
      for (let i = chars.indexOf(head); i >= 0; i = chars.indexOf(head, i + 1)) {
        const from = view.start ? (view.start[i] ?? 0) : i;
        const before = from > 0 ? text.charCodeAt(from - 1) : 0x20;
        if (
          (before >= 0x30 && before <= 0x39) ||
          (before >= 0x41 && before <= 0x5a) ||
          (before >= 0x61 && before <= 0x7a)
        )
          continue;
        let n = head.length;
        while (n - head.length < tail.length && chars.charCodeAt(i + n) === tail.charCodeAt(n - head.length)) n++;
        ranges.push([from, view.end ? (view.end[i + n - 1] ?? text.length) : i + n]);
        if (first) return ranges;
      }
    }
  }
  const g = m.gateLength;
  if (g === 0) return ranges;
  const mask = (1 << GATE_BITS) - 1;
  let pow = 1;
  for (let k = 1; k < g; k++) pow = Math.imul(pow, BASE);
  /** Matches shorter than SECRET_RUN, each as the ranges of its characters: they count only as whole words (see shortPieces). */
  const short: [number, number][][] = [];
  const views = [identity(text), normal, alnumOnly(normal)];
  const bytes = byteLists(text);
  if (bytes) views.push(bytes);
  for (const view of views) {
    const chars = view.chars;
    if (chars.length < g) continue;
    let h = hashOf(chars, 0, g) | 0;
    for (let i = 0; ; i++) {
      // One rolling hash at the gate length; a run of any length starts with a gate.
      if ((m.gateBits[(h & mask) >>> 5]! & (1 << (h & 31))) !== 0 && m.gateHashes.has(h >>> 0)) {
        for (const n of m.lengths) {
          if (i + n > chars.length) break;
          const piece = chars.slice(i, i + n);
          const whole = m.runs.get(n)?.has(piece) === true;
          if (!whole && !(n === m.shortRun && m.short.has(piece))) continue;
          const range: [number, number] =
            view.start && view.end ? [view.start[i] ?? 0, view.end[i + n - 1] ?? text.length] : [i, i + n];
          if (!whole) {
            const chars: [number, number][] = [];
            for (let k = i; k < i + n; k++)
              chars.push(view.start && view.end ? [view.start[k] ?? 0, view.end[k] ?? text.length] : [k, k + 1]);
            short.push(chars);
            continue;
          }
          ranges.push(range);
          if (first) return ranges;
        }
      }
      if (i + g >= chars.length) break;
      h = (Math.imul(h - Math.imul(chars.charCodeAt(i), pow), BASE) + chars.charCodeAt(i + g)) | 0;
    }
  }
  return short.length > 0 ? ranges.concat(shortPieces(text, short)) : ranges;
}

function isAlnum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** A letter or digit of any script (fullwidth `Ｓ` too; a surrogate counts as one), for word edges. */
function isWordChar(code: number): boolean {
  if (code < 0x80) return isAlnum(code);
  if (code >= 0xd800 && code <= 0xdfff) return true;
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

/**
 * Of the matches shorter than SECRET_RUN (4 or 5 characters of a secret), the words of the text
 * that they cover whole: `key ending in s0Pe was revoked`, `…Gs0Pe`, a field that holds only
 * `d1Jf6`, or `s0` and `Pe` in two fields joined. A match counts only when every word its
 * characters touch is made of matched characters alone: inside a longer word (`revoked`) four
 * characters that happen to occur in a random credential are the service's own word, and so are
 * `in` and `bo` of "Sign in</title><style>body" joined across the markup the view skips (`body` is
 * not all matched; `title` and `style` were never matched). Measured: no benign answer of the
 * fixture responses withheld against 400 sets of random credentials (test/connection/quoteEncoded.test.ts).
 */
function shortPieces(text: string, matches: [number, number][][]): [number, number][] {
  const covered = new Uint8Array(text.length);
  for (const m of matches) for (const [from, to] of m) covered.fill(1, from, to);
  const out: [number, number][] = [];
  for (const m of matches) {
    const words = new Map<number, number>();
    let whole = true;
    for (const [from, to] of m)
      for (let i = from; i < to && whole; i++) {
        if (!isWordChar(text.charCodeAt(i))) continue;
        let s = i;
        while (s > 0 && isWordChar(text.charCodeAt(s - 1))) s--;
        if (words.has(s)) continue;
        let e = i;
        while (e < text.length && isWordChar(text.charCodeAt(e))) e++;
        words.set(s, e);
        for (let j = s; j < e && whole; j++) if (covered[j] !== 1) whole = false;
      }
    if (whole) for (const [s, e] of words) out.push([s, e]);
  }
  return out;
}

function removeRuns(text: string, m: Matcher): string {
  const ranges = findRuns(text, m);
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let pos = 0;
  let cur: [number, number] | undefined;
  for (const r of ranges) {
    if (cur && r[0] <= cur[1]) {
      cur[1] = Math.max(cur[1], r[1]);
      continue;
    }
    if (cur) {
      out += text.slice(pos, cur[0]) + REDACTED;
      pos = cur[1];
    }
    cur = [r[0], r[1]];
  }
  if (cur) {
    out += text.slice(pos, cur[0]) + REDACTED;
    pos = cur[1];
  }
  return out + text.slice(pos);
}
