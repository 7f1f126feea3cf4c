// The one place where text is cleaned of credentials before it reaches a message, a report or a
// log. Known secrets are removed by value; generic patterns catch credentials we were never told
// about (a token echoed back by a server, a proxy password inside a URL).
//
// A service that echoes a request may hand a secret back reshaped: cut short, wrapped across
// lines, with `\/` for `/`, percent- or HTML-encoded, upper-cased, inside JSON inside JSON, or
// with bytes the decoder replaced. So a known secret is looked for in two views of the text:
// as it is (ignoring letter case), and normalised (escapes decoded; white space, control and
// non-ASCII characters, which no credential we send can contain, skipped; letter case ignored).
// Any run of RUN or more characters of a secret counts as the secret, so that a cut never
// leaves a usable piece, and the whole stretch of the original text that produced the run is
// replaced.

export const REDACTED = '[REDACTED]';

/** Shorter "secrets" are not replaced by value: replacing every "ab" in a report helps nobody. */
const MIN_SECRET_LENGTH = 4;
/** Any run of this many characters of a known secret is treated as the secret. */
export const SECRET_RUN = 8;

const GENERIC: readonly [RegExp, string][] = [
  // A JWT anywhere (header and payload are base64url JSON, so they start with "eyJ").
  [/eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Authorization schemes followed by something that looks like a credential. The length floor
  // keeps prose such as "the pat scheme" intact.
  [/\b(Bearer|Basic|pat)(\s+)[A-Za-z0-9._~+/=:-]{8,}/gi, `$1$2${REDACTED}`],
  // Header-like "name: value" pairs whose name says they carry a credential.
  [/\b((?:proxy-)?authorization|x-platform-data-token|x-api-key|api[-_]?key|token|password|secret)("?\s*[:=]\s*"?)(?!\[REDACTED\])[^\s",;]{4,}/gi, `$1$2${REDACTED}`],
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
  if (m.lengths.length > 0) out = removeRuns(out, m);
  for (const [re, replacement] of GENERIC) out = out.replace(re, replacement);
  return out;
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
  /** For each normalised character, where it came from in the original: [start, end). */
  start: number[];
  end: number[];
}

const HEX2 = /^[0-9a-fA-F]{2}$/;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const PERCENT = /^%(?:25)*([0-9a-fA-F]{2})/;
const ENTITY = /^&(?:amp;)*(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,8});/;
const TAG = /^<\/?[a-zA-Z][^<>]{0,40}>/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", sol: '/', equals: '=', plus: '+', colon: ':', period: '.', lowbar: '_', tilde: '~', hyphen: '-', num: '#', percnt: '%' };

/** A character that no credential we send can hold: skipped when matching. */
function transparent(c: string): boolean {
  const code = c.charCodeAt(0);
  return code <= 0x20 || code >= 0x7f;
}

function normalise(text: string): View {
  const view: View = { chars: '', start: [], end: [] };
  const chars: string[] = [];
  const emit = (c: string, from: number, to: number): void => {
    if (transparent(c)) return;
    chars.push(c.toLowerCase());
    view.start.push(from);
    view.end.push(to);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (c === '\\') {
      // Any depth of escaping (JSON in JSON doubles the backslashes) counts as one.
      let j = i;
      while (text[j] === '\\') j++;
      const next = text[j];
      if (next === undefined) {
        i = j;
      } else if (next === 'u' && HEX4.test(text.slice(j + 1, j + 5))) {
        emit(String.fromCharCode(parseInt(text.slice(j + 1, j + 5), 16)), i, j + 5);
        i = j + 5;
      } else if (next === 'x' && HEX2.test(text.slice(j + 1, j + 3))) {
        emit(String.fromCharCode(parseInt(text.slice(j + 1, j + 3), 16)), i, j + 3);
        i = j + 3;
      } else if ('nrtbfv0'.includes(next)) {
        i = j + 1; // an escaped line break or tab: white space
      } else {
        emit(next, i, j + 1);
        i = j + 1;
      }
      continue;
    }
    if (c === '%') {
      const m = PERCENT.exec(text.slice(i, i + 32));
      if (m?.[1]) {
        emit(String.fromCharCode(parseInt(m[1], 16)), i, i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    if (c === '&') {
      const m = ENTITY.exec(text.slice(i, i + 48));
      const decoded = m?.[1] ? entity(m[1]) : undefined;
      if (m && decoded !== undefined) {
        emit(decoded, i, i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    if (c === '<') {
      const m = TAG.exec(text.slice(i, i + 48));
      if (m) {
        i += m[0].length; // markup between characters hides nothing
        continue;
      }
    }
    emit(c, i, i + 1);
    i++;
  }
  view.chars = chars.join('');
  return view;
}

function entity(body: string): string | undefined {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED[body.toLowerCase()] ?? (body.toLowerCase() === 'nbsp' ? ' ' : undefined);
}

function identity(text: string): View {
  const start: number[] = [];
  const end: number[] = [];
  for (let i = 0; i < text.length; i++) {
    start.push(i);
    end.push(i + 1);
  }
  return { chars: text.toLowerCase(), start, end };
}

// ---------------------------------------------------------------------------------------------
// Matching.

interface Matcher {
  /** Run lengths to look for, each with the set of runs of that length. */
  lengths: number[];
  runs: Map<number, Set<string>>;
}

let lastKey: string | undefined;
let lastMatcher: Matcher = { lengths: [], runs: new Map() };

function matcherFor(secrets: readonly (string | undefined)[]): Matcher {
  const list = secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH);
  const key = list.join('\u0000');
  if (key === lastKey) return lastMatcher;
  const runs = new Map<number, Set<string>>();
  const addRuns = (form: string): void => {
    if (form.length < MIN_SECRET_LENGTH) return;
    const n = Math.min(SECRET_RUN, form.length);
    let set = runs.get(n);
    if (!set) runs.set(n, (set = new Set()));
    for (let i = 0; i + n <= form.length; i++) set.add(form.slice(i, i + n));
  };
  for (const s of list) {
    addRuns(s.toLowerCase());
    addRuns(normalise(s).chars);
    // The base64 forms (a Basic header, a token wrapped in another token).
    addRuns(base64(s).replace(/=+$/, '').toLowerCase());
  }
  lastKey = key;
  lastMatcher = { lengths: [...runs.keys()].sort((a, b) => b - a), runs };
  return lastMatcher;
}

/** Base64 of the UTF-8 bytes, without Node's Buffer: this module also runs in the browser. */
function base64(s: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(s)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function removeRuns(text: string, m: Matcher): string {
  const ranges: [number, number][] = [];
  for (const view of [identity(text), normalise(text)]) {
    for (const n of m.lengths) {
      const set = m.runs.get(n);
      if (!set) continue;
      for (let i = 0; i + n <= view.chars.length; i++) {
        if (set.has(view.chars.slice(i, i + n))) ranges.push([view.start[i] ?? 0, view.end[i + n - 1] ?? text.length]);
      }
    }
  }
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
