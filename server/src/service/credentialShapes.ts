// Credentials recognised by their shape alone, in any text: part of the one masking helper
// (secretRanges.ts, which adds what the document's tree says is a secret). A light module with no
// import, so that the protocol layer can mask messages without loading the schema.

export interface Range {
  offset: number;
  length: number;
  /** A scalar's value as read (a credential wrapped over lines: its words joined), for messages that quote it. */
  value?: string;
  /**
   * A line of a block scalar's text (secretRanges masks its lines, never its header `|  # my key`):
   * the offset of that scalar, whose value its lines cover together (coversValue).
   */
  scalar?: number;
}

/**
 * `scheme://userinfo@`: the userinfo (group 1) is masked. Bounded repetitions: on a 1 MB line of
 * letters an unbounded scheme would be tried from every position to the end (quadratic).
 */
const URL_USERINFO = /[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/([^\s/?#@'"`<>]{1,1024})@/g;

/**
 * Credentials recognisable by their shape alone. Bounded quantifiers: linear on any line. Besides the
 * prefixed keys: an Azure Entra ID client secret (3 letters or digits, a digit, `Q~`, then 30-40 of
 * `[A-Za-z0-9_~.-]`; REVIEW7 J7: `~` and `.` inside broke it into pieces that were found one time in
 * two and masked in part), a Databricks personal access token (`dapi` and 32 hex digits). A JWT
 * cut after its claims (wrapped over lines, its first line alone) is one too (redteam19).
 */
const SHAPES =
  /(?<![A-Za-z0-9_-])(?:sk-[A-Za-z0-9_-]{16,256}|(?:gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,256}|(?:AKIA|ASIA)[A-Z0-9]{16}|xox[abposre]-[A-Za-z0-9-]{10,256}|glpat-[A-Za-z0-9_-]{20,64}|AIza[A-Za-z0-9_-]{35}|npm_[A-Za-z0-9]{36}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,256}|eyJ[A-Za-z0-9_-]{5,4096}\.(?:[A-Za-z0-9_-]{5,4096}\.[A-Za-z0-9_-]{0,4096}|[A-Za-z0-9_-]{6,4096})|[A-Za-z0-9]{3}[0-9]Q~[A-Za-z0-9_~.-]{30,40}|dapi[0-9a-f]{32}(?:-[0-9])?)(?![A-Za-z0-9_-])/g;
/** An AWS secret access key: 40 characters of base64 with both cases and a digit. */
const AWS_SECRET = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
/**
 * A candidate random token: 20 or more letters, digits, `_` and `-`; also after a `.` (a JWT's claims
 * and signature when its header is glued to a word, `apiKeyeyJ….<claims>.<signature>`, are found
 * here: redteam19).
 */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,1024}(?![A-Za-z0-9_-])/g;
const PEM = /-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY-----/g;
const UUID = /^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

/** Letters of both cases and a digit, and the kind of character (lower, upper, digit) changes at least every `changesPer` characters: random, not camelCase. */
function looksRandom(t: string, changesPer = 3): boolean {
  let lower = 0;
  let upper = 0;
  let digit = 0;
  let changes = 0;
  let last = -1;
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    const kind = c >= 0x61 && c <= 0x7a ? 0 : c >= 0x41 && c <= 0x5a ? 1 : c >= 0x30 && c <= 0x39 ? 2 : -1;
    if (kind < 0) continue;
    n++;
    if (kind === 0) lower++;
    else if (kind === 1) upper++;
    else digit++;
    if (last >= 0 && kind !== last) changes++;
    last = kind;
  }
  return lower > 0 && upper > 0 && digit > 0 && changes * changesPer >= n;
}

/**
 * Credentials known by their name, not their shape (REVIEW6 I1): an Azure OpenAI key is 32 hex
 * digits, which alone is any hash (a commit, a checksum) and is never flagged; after `api-key=` in a
 * URL's query, `X-Api-Key: ` in a header as a curl line or a text writes it (REVIEW7 J7), or a
 * portal's `KEY 1:` label, it is the key. A name is followed by `=` or `:` (a header, a YAML or JSON
 * key: `"x-api-key": "…"`), with blanks and a quote around either. Names (lower case) that carry a
 * credential wherever they stand (`# OPENAI_API_KEY=…` in a comment too) …
 */
const NAMED_PARAMS = new Set([
  'api-key',
  'api_key',
  'apikey',
  'x-api-key',
  'access_token',
  'access-token',
  'accesstoken',
  'auth_token',
  'authtoken',
  'id_token',
  'refresh_token',
  'client_secret',
  'client-secret',
  'subscription-key',
  'ocp-apim-subscription-key',
  'x-amz-signature',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-api-key',
  'x-functions-key',
  'private-token',
  'key1',
  'key2',
]);
/** … names ending so (`AZURE_OPENAI_API_KEY=`, `hf_token=`, `x-platform-data-token:`) … */
const NAMED_SUFFIX = /(?:[-_]api[-_]?key|[-_]secret|[-_]secret[-_]key|[-_]token)$/;
/** … and short common names that carry one only as a URL's query parameter (after `?`, `&` or `;`, then `=`). */
const QUERY_PARAMS = new Set(['key', 'token', 'sig', 'signature', 'code', 'secret', 'auth']);
/**
 * Names whose value is a password (`password=`, `DB_PASSWORD=`, `Password=` in a connection string,
 * `pwd=`, `&pass=`): a password is shorter than a key, so its value is judged by passwordLike.
 */
const PASSWORD_PARAMS = new Set(['password', 'passwd', 'passphrase', 'pwd']);
const PASSWORD_SUFFIX = /[-_](?:password|passwd|passphrase|pwd|pass)$/;
/** (`pass` is a word of its own too: a password's name only in a query or a connection string.) */
const QUERY_PASSWORDS = new Set(['pass']);
/** Headers that carry a credential after an authentication scheme (`Authorization: Bearer …`). */
const AUTH_HEADERS = new Set(['authorization', 'proxy-authorization']);
const AUTH_SCHEME = /^(?:bearer|basic|pat|token|digest)[ \t]+/i;
/** A portal's label before a key on its line (`KEY 1:`, `Key 2 from the portal:`), read back from the value. */
const KEY_LABEL = /(?:^|[^A-Za-z0-9_])key [12](?![A-Za-z0-9_])[^\r\n]{0,40}?[:=][ \t]*["']?$/i;
/** How far back from a value its label is looked for (the label, 40 characters of words, `:`). */
const LABEL_BACK = 64;
const PARAM_VALUE_CHAR = /[A-Za-z0-9%+/=_.~-]/;
const LABELLED_VALUE = /^[A-Za-z0-9+/=_-]{16,1024}$/;
/** The longest name and password read. */
const NAME_MAX = 40;
const PASSWORD_MAX = 256;

/**
 * Whether a value given a credential's name is one: 16 characters or more with a digit, not a
 * variable's name (`api-key=AZURE_KEY_2`), not one character repeated (`0000…`). Words
 * (`token=see-the-portal-docs`) are not keys.
 */
function keyLike(v: string): boolean {
  return (
    v.length >= 16 && /[0-9]/.test(v) && !/^[A-Z][A-Z0-9_]*$/.test(v) && !/^(.)\1*$/.test(v) && !wordsAndNumbers(v)
  );
}

/**
 * Words and numbers joined by `-`, `_` or `.` (`release_2024_11`, `build-2024-11-22`, `v2.14.0-beta`):
 * a name, a version or a date, not a key, whose runs mix letters and digits (sec8: `key1:
 * release_2024_11` in a feature-flag map was flagged).
 */
function wordsAndNumbers(v: string): boolean {
  if (!/[-_.]/.test(v)) return false;
  return v.split(/[-_.]+/).every((w) => /^(?:[A-Za-z]*|[0-9]*|[vV][0-9]+)$/.test(w));
}

/**
 * Whether a value given a password's name is one (REVIEW7 J7): 6 characters or more, holding a digit
 * or a character other than letters, `_`, `-` and `.`, and not a placeholder or a reference. So
 * `hunter2x9` and `S3cr3t!` are; words (`changeme`, `required`, `myPassword`, `your_password_here`:
 * documentation's placeholders) are not; nor a reference or a template (`${DB_PASSWORD}`, `$PW`,
 * `%PW%`, `{{ pw }}`, `<password>`, `[REDACTED]`, `:password`, `@pw`, `*alias`, `!vault`, `#{pw}`),
 * a mask (`********`, `***`), a path (`/run/secrets/db`) or code (`os.environ["PW"]`, `getenv(…)`).
 */
function passwordLike(v: string): boolean {
  if (v.length < 6 || v.length > PASSWORD_MAX) return false;
  if (/^(?:[<{[(*&!#]|\$[\w{(]|%\w+%|%\(|[:@][A-Za-z_])/.test(v) || v.includes('{{') || v.includes('***')) return false;
  if (/^(.)\1*$/.test(v)) return false;
  if (/^[~.]?\//.test(v) || /^[A-Za-z_][\w.]*[([]/.test(v)) return false;
  return /[^A-Za-z_.-]/.test(v);
}

/** Whether a character may be part of a parameter's name (`[A-Za-z0-9_-]`). */
function nameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

const blank = (c: number): boolean => c === 0x20 || c === 0x09;

/** How a name (lower case) says its value is a credential: a key, a password, an authorization header; undefined for none. `before`: the character before it. */
function kindOf(name: string, before: string, sep: string): 'key' | 'password' | 'auth' | undefined {
  // (After a letter, a digit, `_`, `-` or `.`, a name is the end of another word: `foo.api_key`.)
  const free = before === '' || !/[A-Za-z0-9_.-]/.test(before);
  if (free) {
    if (PASSWORD_PARAMS.has(name) || PASSWORD_SUFFIX.test(name)) return 'password';
    if (NAMED_PARAMS.has(name) || NAMED_SUFFIX.test(name)) return 'key';
    if (AUTH_HEADERS.has(name)) return 'auth';
  }
  if (sep === '=' && /[?&;]/.test(before)) {
    if (QUERY_PASSWORDS.has(name)) return 'password';
    if (QUERY_PARAMS.has(name)) return 'key';
  }
  return undefined;
}

/**
 * The credential a name gives a value (`db_password`, `hunter2x9`): whether the value under that
 * name is one, by the rules namedParams reads `name=value` and `name: value` with, for a key and its
 * value as a mapping holds them (`featureFlags: {x-api-key: …}`).
 */
export function credentialByName(name: string, value: string): boolean {
  const kind = kindOf(name.toLowerCase(), '', ':');
  if (kind === 'password') return passwordLike(value);
  if (kind === 'auth') return keyLike(value.replace(AUTH_SCHEME, ''));
  return kind === 'key' && keyLike(value);
}

/**
 * The values of credential-named parameters (`?api-key=…`, `&sig=…`, `OPENAI_API_KEY=…`,
 * `X-Api-Key: …`, `"password": "…"`, `Authorization: Bearer …`), in text order.
 */
function namedParams(text: string): Range[] {
  const out: Range[] = [];
  const n = text.length;
  let eq = text.indexOf('=');
  let colon = text.indexOf(':');
  while (eq >= 0 || colon >= 0) {
    const sep = eq >= 0 && (colon < 0 || eq < colon) ? eq : colon;
    let next = sep + 1;
    // The name: before the separator, blanks and a closing quote (`"x-api-key": `) aside.
    let e = sep;
    while (e > 0 && sep - e < 8 && blank(text.charCodeAt(e - 1))) e--;
    const closing = e > 0 ? text[e - 1]! : '';
    const quoted = closing === '"' || closing === "'";
    if (quoted) e--;
    let s = e;
    while (s > 0 && e - s < NAME_MAX && nameChar(text.charCodeAt(s - 1))) s--;
    let before = s > 0 ? text[s - 1]! : '';
    // (A quoted name is quoted on both sides; what stands before it is what stands before the quote.)
    if (quoted && before === closing) before = s > 1 ? text[s - 2]! : '';
    const kind =
      s < e && (!quoted || text[s - 1] === closing)
        ? kindOf(text.slice(s, e).toLowerCase(), before, text[sep]!)
        : undefined;
    if (kind) {
      // The value: after blanks and an opening quote; after an authorization header, after its scheme.
      let v = sep + 1;
      while (v < n && v - sep <= 8 && blank(text.charCodeAt(v))) v++;
      const open = text[v] === '"' || text[v] === "'" ? text[v]! : '';
      if (open) v++;
      if (kind === 'auth') {
        const scheme = AUTH_SCHEME.exec(text.slice(v, v + 16));
        if (scheme) v += scheme[0].length;
      }
      let end = v;
      if (kind === 'password') {
        // Whatever a password holds up to a blank, a quote, `;` or `&` (a connection string's or a
        // query's next parameter); quoted, up to its closing quote on the line.
        const stop = open
          ? (c: string): boolean => c === open || c === '\n' || c === '\r'
          : (c: string): boolean => /[\s"'`;&]/.test(c);
        while (end < n && end - v <= PASSWORD_MAX && !stop(text[end]!)) end++;
        // (A sentence's or a list's punctuation after it, a bracket closing around it, is no part of it.)
        if (!open)
          for (;;) {
            const last = text[end - 1];
            const opener = last === ')' ? '(' : last === ']' ? '[' : last === '}' ? '{' : last === '>' ? '<' : '';
            if (end > v && (last === '.' || last === ',' || (opener && !text.slice(v, end - 1).includes(opener))))
              end--;
            else break;
          }
        if (passwordLike(text.slice(v, end))) out.push({ offset: v, length: end - v });
      } else {
        while (end < n && end - v <= 1024 && PARAM_VALUE_CHAR.test(text[end]!)) end++;
        // (A sentence's full stop after it is no part of it.)
        while (end > v && text[end - 1] === '.') end--;
        if (keyLike(text.slice(v, end))) out.push({ offset: v, length: end - v });
      }
      if (end > next) next = end;
    }
    if (eq >= 0 && eq < next) eq = text.indexOf('=', next);
    if (colon >= 0 && colon < next) colon = text.indexOf(':', next);
  }
  return out;
}

/** Whether the run text[from, to) is a key after a `KEY 1:` / `KEY 2:` label on its line. */
function labelled(text: string, from: number, to: number): boolean {
  if (to - from < 16 || to - from > 1024) return false;
  // The label first (most runs have no text before them on their line: a list item, a key, a value).
  let s = from;
  while (s > 0 && from - s < LABEL_BACK && text.charCodeAt(s - 1) !== 0x0a) s--;
  if (from - s < 6 || !KEY_LABEL.test(text.slice(s, from))) return false;
  const value = text.slice(from, to);
  return LABELLED_VALUE.test(value) && keyLike(value);
}

/** The patterns and the randomness test, for the test that runs them over whole texts. */
export const shapeParts = {
  URL_USERINFO,
  SHAPES,
  AWS_SECRET,
  TOKEN,
  PEM,
  UUID,
  looksRandom,
  continued,
  namedParams,
  labelled,
};

/**
 * Every match of SHAPES, AWS_SECRET and TOKEN is made of these characters alone and is at least
 * RUN_MIN long (the shortest: `xox?-` and 10, `eyJ` and 5, `.`, 5, `.`), so it lies inside a maximal
 * run of them of that length. Their lookbehinds and lookaheads read one character, so a run with
 * the character on each side of it (never part of a match) gives the patterns exactly the matches
 * the whole text gives there. A pattern added above must keep to these characters and this length
 * (test/service/credentialShapes.test.ts checks it against the patterns run over the whole text).
 */
const RUN_CHARS = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.+/=~') t[c.charCodeAt(0)] = 1;
  return t;
})();
const RUN_MIN = 15;

/**
 * What each character of mayHoldShape's runs (RUN_CHARS, `%`, `~`) tells: F_RUN, one of them; F_LOWER,
 * F_UPPER, F_DIGIT, its kind; F_EQ, `=` (a credential's name and its value in one run:
 * `api_key=…`); F_PREFIX, a character where a SHAPES key prefix may start or end (prefixAt).
 */
const F_RUN = 1;
const F_LOWER = 2;
const F_UPPER = 4;
const F_DIGIT = 8;
const F_EQ = 16;
const F_PREFIX = 32;
const RUN_FLAGS = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (RUN_CHARS[c] === 1) t[c] = F_RUN;
  t[0x25] = F_RUN; // %
  for (let c = 0x61; c <= 0x7a; c++) t[c] = t[c]! | F_LOWER;
  for (let c = 0x41; c <= 0x5a; c++) t[c] = t[c]! | F_UPPER;
  for (let c = 0x30; c <= 0x39; c++) t[c] = t[c]! | F_DIGIT;
  t[0x3d] = t[0x3d]! | F_EQ;
  for (const c of '-_~gndeA') t[c.charCodeAt(0)] = t[c.charCodeAt(0)]! | F_PREFIX;
  return t;
})();

/**
 * Whether text[from, to) can hold anything credentialShapes finds: a run of RUN_CHARS (and `%`, `~`)
 * of RUN_MIN or more that can hold a match, a password's name before `=` or `:`, a URL with user
 * information, or a PEM header. A scan without allocation, for callers that look at many short texts
 * (every comment of every file in a lint run; every long key, list item and value of a document;
 * every `valueFromEnv` name) and find nothing in most.
 *
 * What in a run credentialShapes can find, and so what the run must hold to be let through:
 * - a SHAPES key: its prefix (`sk-`, `gh?_`, `github_pat_`, `AKIA`, `ASIA`, `xox?-`, `glpat-`, `AIza`,
 *   `npm_`, `_live_` / `_test_`, `eyJ`, Azure's `Q~`, `dapi`: prefixAt);
 * - AWS_SECRET and TOKEN: a small letter, a capital and a digit (looksRandom);
 * - a key known by its name (namedParams) or by a `KEY 1:` label (labelled): a digit (keyLike), and
 *   the name or label before it, in the run (`api_key=…`: a `=`) or before the run on its line (text
 *   before it: afterText).
 * Passwords are let through by their name (passwordNameBefore), a URL's user information by `://`
 * and `@`, a PEM key by its header. So the most common long scalars of a file say no: snake_case and
 * camelCase names (`customer_name_t12`, `systemInstructions`), names of variables in capitals
 * (`VENDOR_A_API_KEY`), hyphenated names (`my-analytics-project`), a model's name (`vendor.model-v2`).
 * A pattern added to SHAPES must be added to prefixAt (test/service/mayHoldShape.test.ts checks the
 * gate against credentialShapes).
 */
export function mayHoldShape(text: string, from: number, to: number): boolean {
  // A whole short text asked before (the same keys, names and values in file after file: `kind`,
  // providers, models, regions) is answered from a memo, without the regular expressions and the
  // character loop below. Only "no" is kept: a text that may hold a credential is never stored.
  if (from === 0 && to === text.length && to <= CLEAN_MAX) {
    if (memo.paused > 0) {
      memo.paused--;
      return mayHoldShapeUncached(text, 0, to);
    }
    if (++memo.asked === MEMO_WINDOW) judgeMemo();
    if (CLEAN.has(text)) {
      memo.hits++;
      return false;
    }
    const answer = mayHoldShapeUncached(text, 0, to);
    if (!answer) {
      if (CLEAN.size >= CLEAN_KEPT) CLEAN.clear();
      CLEAN.add(text);
    }
    return answer;
  }
  // A whole long text (the system instructions): the editor asks again at each keystroke for the ones
  // outside list items (validation/units.ts replays the rest), the same string each time. A few are kept.
  if (from === 0 && to === text.length) {
    if (LONG_CLEAN.has(text)) return false;
    const answer = mayHoldShapeUncached(text, 0, to);
    if (!answer && to <= LONG_MAX) {
      if (LONG_CLEAN.size >= LONG_KEPT || longKept + to > LONG_MAX) {
        LONG_CLEAN.clear();
        longKept = 0;
      }
      LONG_CLEAN.add(text);
      longKept += to;
    }
    return answer;
  }
  return mayHoldShapeUncached(text, from, to);
}

/** Whole texts longer than CLEAN_MAX that mayHoldShape said no to, the last few (cleared when full). */
const LONG_CLEAN = new Set<string>();
const LONG_KEPT = 64;
/** At most this many characters in LONG_CLEAN (counted in `longKept`). */
const LONG_MAX = 1 << 20;
let longKept = 0;

/** Whole texts of at most CLEAN_MAX characters that mayHoldShape said no to (a bounded memo: cleared when full). */
const CLEAN = new Set<string>();
const CLEAN_KEPT = 4096;
const CLEAN_MAX = 128;

/**
 * The memo pays only where texts repeat. Over the CLI bench's 10,000 files 98.7 % of the look-ups
 * are hits; in one large file of distinct names (the editor bench's 100k-line file) 14.6 % are, and
 * the look-ups, insertions and clears made validation 25 % slower (71 -> 89 ms). So every
 * MEMO_WINDOW look-ups the hits are counted: below half, the memo is emptied and left alone for
 * MEMO_PAUSE calls, then tried again. The answers are the same either way (only "no" is kept).
 */
export const MEMO_WINDOW = 4096;
export const MEMO_PAUSE = 64 * MEMO_WINDOW;
const memo = { asked: 0, hits: 0, paused: 0 };

function judgeMemo(): void {
  if (memo.hits * 2 < MEMO_WINDOW) {
    memo.paused = MEMO_PAUSE;
    CLEAN.clear();
  }
  memo.asked = 0;
  memo.hits = 0;
}

/** Whether the memo is in use now (for the test that checks it pauses on distinct texts and comes back). */
export const mayHoldShapeMemoInUse = (): boolean => memo.paused === 0;

/** mayHoldShape worked out afresh (exported for the test that compares it with the memo's answers). */
export function mayHoldShapeUncached(text: string, from: number, to: number): boolean {
  // A whole text of weak characters without a key prefix: the loop below would say no; one regular
  // expression says it about 3x faster (the many names of a large file).
  // Likewise a name in capitals, digits and `_` (`VENDOR_A_API_KEY`, every `valueFromEnv`).
  if (from === 0 && to === text.length) {
    const c0 = text.charCodeAt(0);
    if (c0 >= 0x41 && c0 <= 0x5a ? CAPS_NAME.test(text) : WEAK_NAME.test(text)) return false;
    // A text with no run of RUN_MIN (prose, a sentence of instructions): only a password's name, a
    // URL with user information or a PEM header can let it through (what the loop below would
    // answer, found by searches instead of a step per character).
    if (!LONG_RUN.test(text)) return shortRunsMayHold(text);
  }
  let run = 0;
  /** The flags (F_…) of the current run's characters, OR-ed; F_PREFIX only where prefixAt found one. */
  let seen = 0;
  let at = false;
  let slashes = false;
  let pem = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // (A PEM header's words, looked for where they can start: no slice of the text is made.)
    if (c === 0x50 && !pem && i + 11 <= to && text.startsWith('PRIVATE KEY', i)) pem = true;
    const f = c < 128 ? RUN_FLAGS[c]! : 0;
    if (f !== 0) {
      seen |= f & ~F_PREFIX;
      if ((f & F_PREFIX) !== 0 && (seen & F_PREFIX) === 0 && prefixAt(text, i, from, to)) seen |= F_PREFIX;
      run++;
    } else {
      if (run >= RUN_MIN && runMayHold(seen, text, from, i - run)) return true;
      run = 0;
      seen = 0;
    }
    if (c === 0x40) at = true;
    else if (c === 0x3a && text.charCodeAt(i + 1) === 0x2f && text.charCodeAt(i + 2) === 0x2f) slashes = true;
    // A password is shorter than a run: its name before `=` or `:` lets it through.
    if ((c === 0x3d || c === 0x3a) && i > from && passwordNameBefore(text, from, i)) return true;
  }
  if (run >= RUN_MIN && runMayHold(seen, text, from, to - run)) return true;
  return (slashes && at) || pem;
}

/** Whether a run (of RUN_MIN or more, starting at text[s]) whose characters' flags are `seen` can hold a find (see mayHoldShape). */
function runMayHold(seen: number, text: string, from: number, s: number): boolean {
  if ((seen & F_PREFIX) !== 0) return true;
  if ((seen & F_DIGIT) === 0) return false;
  if ((seen & (F_LOWER | F_UPPER)) === (F_LOWER | F_UPPER) || (seen & F_EQ) !== 0) return true;
  return afterText(text, from, s);
}

/**
 * Whether a SHAPES key prefix starts or ends at text[i] (the whole of it within [from, to), with no
 * `[A-Za-z0-9_-]` before it, as SHAPES' lookbehind asks): `gh` (`gh?_`, `github_pat_`), `npm_`,
 * `dapi`, `AKIA`, `ASIA`, `AIza`, `eyJ`, read from their first character; `sk-`, `xox?-`, `glpat-`
 * from their `-`; `sk_live_`, `rk_test_`… from their first `_`; Azure's `Q~` from its `~` (any `~`).
 * The next character first: this runs on every `g`, `n`, `d`, `e`, `A`, `_` and `-` of a long run.
 */
function prefixAt(text: string, i: number, from: number, to: number): boolean {
  const next = i + 1 < to ? text.charCodeAt(i + 1) : 0;
  switch (text.charCodeAt(i)) {
    case 0x67: // g: gh?_, github_pat_
      return (
        (next === 0x68 || (next === 0x69 && i + 11 <= to && text.startsWith('github_pat_', i))) &&
        startsWord(text, i, from)
      );
    case 0x6e: // n: npm_
      return next === 0x70 && i + 4 <= to && text.startsWith('npm_', i) && startsWord(text, i, from);
    case 0x64: // d: dapi
      return next === 0x61 && i + 4 <= to && text.startsWith('dapi', i) && startsWord(text, i, from);
    case 0x65: // e: eyJ
      return next === 0x79 && i + 3 <= to && text.charCodeAt(i + 2) === 0x4a && startsWord(text, i, from);
    case 0x41: // A: AKIA, ASIA, AIza
      return (
        (next === 0x4b || next === 0x53 || next === 0x49) &&
        i + 4 <= to &&
        (text.startsWith('AKIA', i) || text.startsWith('ASIA', i) || text.startsWith('AIza', i)) &&
        startsWord(text, i, from)
      );
    case 0x2d: // -: sk-, xox?-, glpat-
      return (
        (i - 2 >= from && text.startsWith('sk', i - 2) && startsWord(text, i - 2, from)) ||
        (i - 4 >= from && text.startsWith('xox', i - 4) && startsWord(text, i - 4, from)) ||
        (i - 5 >= from && text.startsWith('glpat', i - 5) && startsWord(text, i - 5, from))
      );
    case 0x7e: // ~: Azure's `Q~`
      return true;
    default: // _: sk_live_, rk_test_ …
      return (
        (next === 0x6c || next === 0x74) &&
        i - 2 >= from &&
        i + 6 <= to &&
        (text.startsWith('_live_', i) || text.startsWith('_test_', i)) &&
        startsWord(text, i - 2, from)
      );
  }
}

/** A run of RUN_MIN of mayHoldShape's run characters (RUN_CHARS and `%`). */
const LONG_RUN = /[A-Za-z0-9_.+/=~%-]{15}/;

/** mayHoldShape of a whole text with no run of RUN_MIN: a password's name before a `=` or `:`, `://` and `@`, a PEM header. */
function shortRunsMayHold(text: string): boolean {
  for (let i = text.indexOf('=', 1); i >= 0; i = text.indexOf('=', i + 1))
    if (passwordNameBefore(text, 0, i)) return true;
  for (let i = text.indexOf(':', 1); i >= 0; i = text.indexOf(':', i + 1))
    if (passwordNameBefore(text, 0, i)) return true;
  return (text.includes('://') && text.includes('@')) || text.includes('PRIVATE KEY');
}

/** Whether text[i] has no `[A-Za-z0-9_-]` before it within the text from `from` (SHAPES' lookbehind). */
function startsWord(text: string, i: number, from: number): boolean {
  return i === from || !nameChar(text.charCodeAt(i - 1));
}

/** Weak characters alone (small letters, digits, `_`, `.`) with no key prefix written without a capital (prefixAt; `eyJ` has one). */
const WEAK_NAME = /^(?:[a-cefh-mo-z0-9.]|_(?!live_|test_)|g(?!h|ithub_pat_)|n(?!pm_)|d(?!api))*$/;

/**
 * Capitals, digits and `_` alone with no key prefix (`AKIA`, `ASIA`): no small letter (AWS_SECRET,
 * TOKEN), no `=` and no text before it (a key known by its name or label), so nothing else.
 */
const CAPS_NAME = /^(?:[B-Z0-9_]|A(?!KIA|SIA))*$/;

/**
 * Whether text[s] has text before it on its line, within the text from `from` (where a label or a
 * credential's name may stand). Blanks alone between the start of the text and text[s] are none (a
 * comment's text after `# `, a scalar that starts with spaces); blanks after a line break are text
 * here (a credential's name may end the line above: `api_key:` and its value indented below).
 */
function afterText(text: string, from: number, s: number): boolean {
  if (s <= from || text.charCodeAt(s - 1) === 0x0a) return false;
  let i = s;
  while (i > from && (text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) i--;
  return i > from;
}

const PASSWORD_ENDS = ['password', 'passwd', 'passphrase', 'pwd', 'pass'];

/** Whether the name before text[sep] (blanks and a closing quote aside) ends like a password's (letter case aside), without allocation. */
function passwordNameBefore(text: string, from: number, sep: number): boolean {
  let e = sep;
  while (e > from && sep - e < 8 && blank(text.charCodeAt(e - 1))) e--;
  if (e > from && (text.charCodeAt(e - 1) === 0x22 || text.charCodeAt(e - 1) === 0x27)) e--;
  for (const w of PASSWORD_ENDS) {
    if (e - from < w.length) continue;
    let k = 0;
    while (k < w.length && (text.charCodeAt(e - w.length + k) | 0x20) === w.charCodeAt(k)) k++;
    if (k === w.length) return true;
  }
  return false;
}

/**
 * The shortest text credentialShapes finds anything in (`;Pwd=` and a password of 6): callers that
 * scan many short texts (comments, values) skip shorter ones.
 */
export const SHORTEST_SHAPE = 10;

/** Where text shaped like a credential stands in any text (a file, a message, a comment). */
export function credentialShapes(text: string): Range[] {
  const out: Range[] = [];
  // Most texts hold no URL with user information: two searches for what every match contains are
  // ~50x cheaper than trying the pattern at every letter (the CLI frames thousands of files).
  const at = text.indexOf('://');
  if (at >= 0 && text.indexOf('@', at) >= 0)
    for (const m of text.matchAll(URL_USERINFO)) {
      if (m[1]) out.push({ offset: m.index + m[0].length - 1 - m[1].length, length: m[1].length });
    }
  // The patterns below run only over the runs that can hold a match (see RUN_CHARS), each with its
  // neighbour characters: the same ranges in the same order as over the whole text, without trying
  // the patterns at every character of a file.
  const runs: string[] = [];
  const starts: number[] = [];
  /** Each run's own start and end (without the neighbours). */
  const bounds: number[] = [];
  const n = text.length;
  for (let i = 0; i < n;) {
    let c = text.charCodeAt(i);
    if (c >= 128 || RUN_CHARS[c] === 0) {
      i++;
      continue;
    }
    const s = i;
    do i++;
    while (i < n && (c = text.charCodeAt(i)) < 128 && RUN_CHARS[c] === 1);
    if (i - s >= RUN_MIN) {
      const from = s > 0 ? s - 1 : 0;
      runs.push(text.slice(from, i < n ? i + 1 : n));
      starts.push(from);
      bounds.push(s, i);
    }
  }
  for (let r = 0; r < runs.length; r++) {
    const re = SHAPES;
    re.lastIndex = 0;
    for (let m = re.exec(runs[r]!); m; m = re.exec(runs[r]!))
      out.push(continued(text, starts[r]! + m.index, m[0].length));
  }
  const inShapes = holds(out);
  // Keys known by their name (a credential-named query parameter, a `KEY 1:` label), whatever their shape.
  const named: Range[] = [];
  if (text.includes('=') || text.includes(':'))
    for (const r of namedParams(text)) if (!inShapes(r.offset)) named.push(r);
  const params = named.length;
  const inParams = holds(named);
  for (let r = 0; r < runs.length; r++) {
    const from = bounds[2 * r]!;
    const to = bounds[2 * r + 1]!;
    if (labelled(text, from, to) && !inShapes(from) && !inParams(from)) named.push({ offset: from, length: to - from });
  }
  if (params > 0 && named.length > params) named.sort((a, b) => a.offset - b.offset);
  const inNamed = holds(named);
  for (const r of named) out.push(r);
  const inKnown = (at: number): boolean => inShapes(at) || inNamed(at);
  // Exactly 40 characters of base64 with both cases and a digit: the kind changes less often in
  // these (long runs of capitals), so the bar is lower than for tokens.
  for (let r = 0; r < runs.length; r++) {
    const re = AWS_SECRET;
    re.lastIndex = 0;
    for (let m = re.exec(runs[r]!); m; m = re.exec(runs[r]!)) {
      const offset = starts[r]! + m.index;
      if (!inKnown(offset) && looksRandom(m[0], 4)) out.push(continued(text, offset, m[0].length));
    }
  }
  for (let r = 0; r < runs.length; r++) {
    const re = TOKEN;
    re.lastIndex = 0;
    for (let m = re.exec(runs[r]!); m; m = re.exec(runs[r]!)) {
      const offset = starts[r]! + m.index;
      if (!inKnown(offset) && looksRandom(m[0]) && !UUID.test(m[0])) out.push(continued(text, offset, m[0].length));
    }
  }
  if (text.includes('PRIVATE KEY-----'))
    for (const m of text.matchAll(PEM)) {
      // The key's body up to its END line (or, unterminated, the next 8 KB): every character but line breaks.
      const from = m.index + m[0].length;
      const endMarker = `-----END ${m[1] ?? ''}PRIVATE KEY-----`;
      const end = text.indexOf(endMarker, from);
      out.push({ offset: from, length: (end < 0 ? Math.min(text.length, from + 8192) : end) - from });
    }
  return out;
}

/**
 * Whether one of `ranges` holds an offset: by offset, with the furthest end reached up to each, so a
 * look-up is a binary search (thousands of secrets in a file made a scan of them all quadratic).
 */
function holds(ranges: readonly Range[]): (at: number) => boolean {
  const known = ranges.slice().sort((a, b) => a.offset - b.offset);
  const reach: number[] = [];
  for (let k = 0, far = -1; k < known.length; k++)
    reach.push((far = Math.max(far, known[k]!.offset + known[k]!.length)));
  return (at) => {
    let lo = 0;
    let hi = known.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (known[mid]!.offset <= at) lo = (last = mid) + 1;
      else hi = mid - 1;
    }
    return last >= 0 && reach[last]! > at;
  };
}

/** Characters of a word that may continue a credential (REVIEW5 H7). */
const WORD_CHAR = /[A-Za-z0-9_+/=.-]/;
const MAX_CONTINUED = 8;

/**
 * A credential wrapped over two lines (a folded `>-` scalar, a plain multi-line scalar, a message
 * quoting either as words joined by a space) is one credential: the range of a match is widened
 * over the words that continue it (REVIEW5 H7). A continuing word follows only white space
 * (a line break and indentation included; in a comment, the next line's `#` too), is made of WORD_CHAR, is not a key (`word:`), and holds
 * a digit or a capital after its first character (a credential's tail; not prose: "was revoked").
 * Scans only forward from the match, over at most MAX_CONTINUED words.
 */
function continued(text: string, offset: number, length: number): Range {
  let end = offset + length;
  // At most MAX_CONTINUED words: a credential wraps over a few lines, and a text of thousands of
  // random tokens in a row must not cost each of them a walk to the end (quadratic).
  for (let words = 0; words < MAX_CONTINUED; words++) {
    let i = end;
    let lines = 0;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) {
      if (text[i] === '\n') lines++;
      i++;
    }
    if (i === end || lines > 1) break;
    // In a YAML comment wrapped over lines (`# old key: sk-…` / `#   …`, an editor's rewrap): the next
    // comment line's first word continues it, after its `#` (redteam19).
    if (lines === 1 && text[i] === '#' && inComment(text, offset)) {
      i++;
      while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    }
    const s = i;
    while (i < text.length && WORD_CHAR.test(text[i]!)) i++;
    if (i === s || text[i] === ':') break;
    const word = text.slice(s, i);
    if (!/[0-9]/.test(word) && !/[A-Z]/.test(word.slice(1))) break;
    end = i;
  }
  return { offset, length: end - offset };
}

/** Whether text[offset] stands after a `#` on its line (a YAML comment's text; a `#` in a value is a guess that costs one word). */
function inComment(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0 && text[i] !== '\n'; i--) if (text[i] === '#') return true;
  return false;
}

/** A text with the given ranges replaced by `*` (same length, so columns hold; line breaks kept). */
export function maskRanges(text: string, ranges: readonly Range[]): string {
  if (ranges.length === 0) return text;
  // Pieces of the text and runs of `*` joined, in offset order (ranges may overlap, come in any order,
  // start before the text or run past it): not an array of every character of the text, which cost a
  // masked message (codes.diag) as much as finding its credential did.
  const sorted = ranges.length === 1 ? ranges : ranges.slice().sort((a, b) => a.offset - b.offset);
  let out = '';
  let at = 0;
  for (const r of sorted) {
    const from = Math.max(r.offset, at);
    const to = Math.min(r.offset + r.length, text.length);
    if (to <= from) continue;
    const piece = text.slice(from, to);
    out += text.slice(at, from) + (/[\r\n]/.test(piece) ? piece.replace(/[^\r\n]/g, '*') : '*'.repeat(to - from));
    at = to;
  }
  return at === 0 ? out + text : out + text.slice(at);
}

/** A text (a message, a symbol's name) with every credential-shaped piece masked. */
export function maskShapes(text: string): string {
  return maskRanges(text, credentialShapes(text));
}
