// Where a document may hold a credential, for anything that shows source text (the CLI's code
// frames), so that a secret never reaches a terminal or a CI log, whole or in part. Read from the
// syntax tree as written, not as a variant types it (a key the provider does not allow, an unknown
// provider, the ignored copy of a duplicate key still hold a secret):
// - the value of every literal key of an EnvironmentValue (`value:`), wherever it stands, and on its
//   own the default of a shell-style default written there (`${OPENAI_KEY:-…}`: a literal key too);
// - the value of every key that is a credential field in some variant of the schema (`apiKey`,
//   `cloudSecretAccessKey`…: the EnvironmentValue-typed properties), and everything inside it but
//   the names in `valueFromEnv`, which are not secrets and are shown; and a key with no value in it
//   that is not (nearly) `value` or `valueFromEnv`: a secret pasted as `apiKey: {hunter2}`;
// - a plain string under a misspelling of such a key (`apiKy`, `api_key`, `cloudSecretAccesKey`);
// - the user information of a URL (`https://user:secret@host`), anywhere in the text;
// - anything shaped like a credential, anywhere (a key pasted into `provider:`, a JWT in a flag,
//   an old key in a comment): well-known prefixes (sk-, ghp_/gho_/ghs_/github_pat_, AKIA/ASIA,
//   xox?-, glpat-, AIza, npm_…), JWTs, PEM private keys, AWS secret keys and long random-looking
//   tokens (letters of both cases and digits, switching often: not words, identifiers, UUIDs or
//   URLs). The same are masked in messages that quote a value (messageMasker).
import type { Node, ParsedDocument, PropertyNode } from '../parser/ast';
import { nodeAt, resolve } from '../parser/ast';
import { lineEnd, lineStart } from '../parser/lineIndex';
import { credentialKeys, definition, isEnvNameProperty } from '../model/schema';
import { editDistance } from './text';
import { credentialShapes, maskRanges, maskShapes, mayHoldShape } from './credentialShapes';
import type { Range } from './credentialShapes';
import { halfTypedKey, misspeltEnvKey } from './validation/rules/envValue';
import {
  credentialDefaultInName,
  readsAsVariableName,
  shellDefault,
  shellDefaultRange,
  shellReference,
} from './envNames';

export { credentialShapes, maskShapes } from './credentialShapes';
export type { Range } from './credentialShapes';

/**
 * A masker of messages (a diagnostic's, its related information's, a code action's title, a
 * symbol's detail) for one document: every credential-shaped piece masked, and every literal secret
 * of the document (secretRanges) that the message quotes. The CLI and the editor use it alike. The
 * document's secrets are found once, on the first message (or given: `ranges`, the document's
 * secretRanges when the caller has them already; the editor gives secretRangesAround the
 * diagnostic's ranges, see there).
 */
export function messageMasker(doc: ParsedDocument, ranges?: readonly Range[]): (message: string) => string {
  let values: string[] | undefined;
  /** The values by length, each with its place in `values` (the order they are masked in). */
  let byLength: Map<number, Map<string, number>> | undefined;
  let starred: number[] = [];
  return (message) => {
    // The document's values first, in the message as written: a value whose first word is also
    // credential-shaped (a credential wrapped over lines) would no longer be found once that word is
    // masked by shape (REVIEW5 H7). Then every credential-shaped piece.
    let out = message;
    if (!values || !byLength) {
      values = [
        ...new Set(
          (ranges ?? secretRanges(doc))
            .flatMap((r) => [
              doc.text
                .slice(r.offset, r.offset + r.length)
                .trim()
                .replace(/^(["'])(.*)\1$/s, '$2'),
              // A credential wrapped over lines, as a message quotes it: its words on one line, whole
              // or clipped to 40 characters (schemaErrors' clip).
              ...(r.value !== undefined ? [r.value, r.value.replace(/\s+/g, ' ').slice(0, 40)] : []),
            ])
            .filter((v) => v.length >= 4),
        ),
      ];
      // A value holding a credential-shaped piece, as a message quotes it: with that piece already
      // masked (codes.diag masks shapes where the message is made), the rest of the value still to do.
      // (Not "starred" below: such a text is in a message from the start, never made by masking here.)
      starred = values.flatMap((v, i) => (v.includes('*') ? [i] : []));
      const known = new Set(values);
      for (const v of [...values]) {
        const shaped = mayHoldShape(v, 0, v.length) ? maskShapes(v) : v;
        if (!known.has(shaped)) {
          known.add(shaped);
          values.push(shaped);
        }
      }
      const index = new Map<number, Map<string, number>>();
      values.forEach((v, i) => {
        let m = index.get(v.length);
        if (!m) index.set(v.length, (m = new Map<string, number>()));
        m.set(v, i);
      });
      byLength = index;
    }
    // The values the message holds, found by looking up its substrings of each length a value has,
    // not by searching the message for every value (thousands of literal secrets, thousands of
    // messages: REVIEW2 E19). Masking writes only `*`: a value without one is in the masked message
    // only where it was before, so those found here (and any with a `*`) are all that can match.
    const found: number[] = [...starred];
    for (const [length, m] of byLength) {
      for (let i = 0; i + length <= out.length; i++) {
        const at = m.get(out.slice(i, i + length));
        if (at !== undefined) found.push(at);
      }
    }
    // Longest first: a value that holds a shorter one (a wrapped credential holds its first word)
    // is masked before the shorter one changes it.
    for (const at of [...new Set(found)].sort((a, b) => values![b]!.length - values![a]!.length || a - b)) {
      const value = values[at]!;
      if (out.includes(value)) out = out.split(value).join('*'.repeat(value.length));
    }
    // The shapes of the message as written too (masking keeps lengths, so their places hold): a value
    // masked first can leave the rest of a credential too short to be found (an anchor's name with
    // a `/` renamed with a `_`: the piece after it a value of the document, the piece before it a
    // token of 19 characters; redteam19).
    return maskRanges(
      out,
      out === message ? credentialShapes(out) : [...credentialShapes(message), ...credentialShapes(out)],
    );
  };
}

export function secretRanges(doc: ParsedDocument): Range[] {
  const out: Range[] = credentialShapes(doc.text);
  if (doc.root) secretWalk(doc.text)?.(doc.root, out);
  return withRecurrences(doc.text, withoutNulls(doc.text, withTags(doc.text, out)));
}

/**
 * Without the ranges that are a null written as such (`value: null`, `~`): no credential, and masked
 * they would mask the word null in every message of the document (REVIEW8 K13c: "'value: ****' …").
 * A tag before it is in its range (withTags) and keeps it masked: `value: !Passw0rd null`.
 */
function withoutNulls(text: string, ranges: Range[]): Range[] {
  // Likewise an empty or blank quoted string (`value: ""`): masked, its quotes read `**` in a code
  // frame while the message says it is empty, as if something were written there (REVIEW14-user U4).
  // (A line of a block scalar's text is text, whatever it reads.)
  return ranges.filter(
    (r) =>
      r.scalar !== undefined || !/^(?:null|Null|NULL|~|"\s*"|'\s*')$/.test(text.slice(r.offset, r.offset + r.length)),
  );
}

/**
 * The ranges that mask a scalar: the node as written, or for a block scalar (`|`, `>-`, `|2`, with a
 * comment after its header) its text only, each line from the block's indentation to its end. The
 * node runs from the header, and masked whole it showed `apiKey: ***********` for `apiKey: |  # my
 * key`: the header and its comment as if they were the secret, the text's indentation too
 * (REVIEW18-user U4). Each line holds `scalar`, the node's offset (coversValue), and the first the
 * value as read, for messages that quote it (a folded key's lines joined).
 */
export function scalarRanges(text: string, n: Node, value?: string): Range[] {
  const header =
    n.type === 'string' ? /^[|>](?:([1-9])[+-]?|[+-]([1-9])?)?/.exec(text.slice(n.offset, n.offset + 3)) : null;
  if (!header) return [{ offset: n.offset, length: n.length, ...(value !== undefined ? { value } : {}) }];
  const end = n.offset + n.length;
  const out: Range[] = [];
  // Text after the header on its line (a syntax error: `value: > sk-…`, `|sk-…`) is masked, from its
  // first character to the line's end; a comment (after a blank) is no part of the value.
  const first = lineEnd(text, n.offset);
  const rest = n.offset + header[0].length;
  if (!/^(?:[ \t]+#.*)?[ \t]*$/.test(text.slice(rest, first))) {
    let from = rest;
    while (text[from] === ' ' || text[from] === '\t') from++;
    out.push({ offset: from, length: Math.min(first, end) - from, scalar: n.offset });
  }
  const lines: [number, number][] = [];
  for (let s = text.indexOf('\n', n.offset) + 1; s > 0 && s < end;) {
    let e = text.indexOf('\n', s);
    if (e < 0 || e > end) e = end;
    lines.push([s, e > s && text[e - 1] === '\r' ? e - 1 : e]);
    s = e + 1;
  }
  // The block's indentation: the least of its text lines' (YAML takes the first's, and no line of
  // the text stands left of it); with an indicator, the column of the key (or `-`) it belongs to
  // plus the indicator, if less: never more than the text's, so that no character of it is shown.
  let indent = Infinity;
  for (const [s, e] of lines) {
    let i = s;
    while (i < e && text[i] === ' ') i++;
    if (i < e) indent = Math.min(indent, i - s);
  }
  const digit = header[1] ?? header[2];
  if (digit) {
    const p = n.parent;
    const at = p?.type === 'property' ? p.key.offset : p?.type === 'array' ? p.offset : 0;
    indent = Math.min(indent, at - lineStart(text, at) + Number(digit));
  }
  if (indent === Infinity) indent = 0;
  for (const [s, e] of lines)
    if (s + indent < e) out.push({ offset: s + indent, length: e - s - indent, scalar: n.offset });
  if (out[0]) out[0].value = value ?? (n.type === 'string' ? n.value : undefined);
  return out;
}

/**
 * Each range widened over a tag written just before it on its line (REVIEW8 K8): `value: !Passw0rd`
 * is a tag and an empty value in YAML, so a secret that starts with `!` is in the tag, not in the
 * value the tree holds.
 */
function withTags(text: string, ranges: Range[]): Range[] {
  for (let k = 0; k < ranges.length; k++) {
    const r = ranges[k]!;
    let i = r.offset;
    while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
    if (i === 0) continue;
    let j = i;
    while (j > 0 && !/[\s,[\]{}]/.test(text[j - 1]!)) j--;
    if (j < i && text[j] === '!') ranges[k] = { ...r, offset: j, length: r.length + r.offset - j };
  }
  return ranges;
}

/** Literal secrets shorter than this are not looked for elsewhere in the text (`value: x` in a test file). */
const RECUR_MIN = 8;
/** At most this many distinct secrets are looked for elsewhere (one search of the text each). */
const RECUR_MAX = 100;

/**
 * `ranges` and every other place of the text that holds one of their texts (REVIEW6 I1): a key the
 * file holds in `value:` is known to be secret wherever it recurs, in a comment above it (`# KEY 1
 * from the portal: …`) or a URL's query, even where its shape alone says nothing (a 32-digit hex key).
 */
function withRecurrences(text: string, ranges: Range[]): Range[] {
  const values = new Set<string>();
  for (const r of ranges) {
    const v = text
      .slice(r.offset, r.offset + r.length)
      .trim()
      .replace(/^(["'])(.*)\1$/s, '$2');
    if (v.length >= RECUR_MIN && !v.includes('\n')) values.add(v);
    if (values.size >= RECUR_MAX) break;
  }
  if (values.size === 0) return ranges;
  const known = new Set(ranges.map((r) => `${r.offset}:${r.length}`));
  const out = ranges.slice();
  for (const v of values)
    for (let at = text.indexOf(v); at >= 0; at = text.indexOf(v, at + v.length))
      if (!known.has(`${at}:${v.length}`)) {
        known.add(`${at}:${v.length}`);
        out.push({ offset: at, length: v.length });
      }
  // (A piece where a range already masks it is no new place: the secret itself, a recurrence.)
  const found = pieces(text, values);
  if (found.length > 0) {
    const covered = coverIndex(out).covers;
    for (const r of found) if (!covered(r.offset, r.offset + r.length)) out.push(r);
  }
  return out;
}

/** The shortest piece of a known secret looked for elsewhere in the text (see pieces). */
const PIECE_MIN = 8;
/** The characters of a word a piece of a credential may stand in. */
const PIECE_CHAR = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.+/=~') t[c.charCodeAt(0)] = 1;
  return t;
})();

/**
 * The places where a piece of PIECE_MIN or more characters of a known secret stands on its own,
 * with a digit in it (redteam19): a key written whole in one place and wrapped over two comment
 * lines in another (`# old key: sk-proj-…` / `#   …`), or its start alone, shows every piece of it
 * in a code frame, which no shape finds when the piece is short (`AKIA` and 6, 12 characters of a
 * 24-character token). Secrets holding `://` (a URL pasted where a key goes) give no pieces: their
 * words are every URL's.
 */
function pieces(text: string, values: ReadonlySet<string>): Range[] {
  const grams = new Set<string>();
  for (const v of values) {
    if (v.includes('://')) continue;
    for (let i = 0; i + PIECE_MIN <= v.length; i++) grams.add(v.slice(i, i + PIECE_MIN));
  }
  const out: Range[] = [];
  if (grams.size === 0) return out;
  const n = text.length;
  for (let i = 0; i < n;) {
    const c = text.charCodeAt(i);
    if (c >= 128 || PIECE_CHAR[c] === 0) {
      i++;
      continue;
    }
    const s = i;
    while (i < n && text.charCodeAt(i) < 128 && PIECE_CHAR[text.charCodeAt(i)] === 1) i++;
    // The windows of the word that are pieces of a secret, merged.
    let from = -1;
    let to = -1;
    const flush = (): void => {
      if (from >= 0 && /[0-9]/.test(text.slice(from, to))) out.push({ offset: from, length: to - from });
      from = -1;
    };
    for (let j = s; j + PIECE_MIN <= i; j++) {
      if (!grams.has(text.slice(j, j + PIECE_MIN))) continue;
      if (from >= 0 && j <= to) to = j + PIECE_MIN;
      else {
        flush();
        from = j;
        to = j + PIECE_MIN;
      }
    }
    flush();
  }
  return out;
}

/**
 * secretRanges of a parsed document, found on the first call and kept with it: the editor hovers
 * an alias many times per version, and a plain value anchored anywhere is a secret when an alias of
 * it stands in a credential field, so the preview needs the whole document's (a walk of ~200 ms at
 * 100,000 lines). Each version of a document is a new ParsedDocument (a re-parse, or an
 * incremental patch with its new text), so an edit finds them afresh; the entry goes with the
 * document (weakly held), the service keeps no state of its own.
 */
export function secretRangesOf(doc: ParsedDocument): readonly Range[] {
  let ranges = perDocument.get(doc);
  if (!ranges) perDocument.set(doc, (ranges = Object.freeze(secretRanges(doc))));
  return ranges;
}

const perDocument = new WeakMap<ParsedDocument, readonly Range[]>();

/**
 * The secretRanges that lie around some ranges of a document (what a message about them may
 * quote): for each range, the smallest node that holds it (for a key, its property's value; inside
 * a credential field, that field's whole value), its credential-shaped pieces and the literal
 * secrets in it, found by the same rules as secretRanges. The editor masks a diagnostic's messages
 * with these (messageMasker): it does so on every keystroke, and walking a 100,000-line document
 * each time would cost more than validating the edit.
 */
export function secretRangesAround(doc: ParsedDocument, around: readonly Range[]): Range[] {
  const out: Range[] = [];
  const walk = secretWalk(doc.text);
  if (!doc.root || !walk) return out;
  const done = new Set<Node>();
  for (const r of around) {
    // A range in no node (a comment between a mapping's entries): what a message about it may quote
    // is written on its own lines. Not the mapping around it: a finding per comment would scan the
    // whole mapping again each time (2,000 comments in featureFlags took the editor a minute).
    if (betweenNodes(doc.root, r)) {
      const from = lineStart(doc.text, r.offset);
      const to = lineEnd(doc.text, r.offset + r.length);
      for (const s of credentialShapes(doc.text.slice(from, to)))
        out.push({ offset: s.offset + from, length: s.length });
      continue;
    }
    const scope = scopeOf(doc.root, r.offset, r.offset + r.length);
    if (!scope || done.has(scope)) continue;
    done.add(scope);
    for (const s of credentialShapes(doc.text.slice(scope.offset, scope.offset + scope.length)))
      out.push({ offset: s.offset + scope.offset, length: s.length });
    walk(scope, out);
  }
  return withoutNulls(doc.text, withTags(doc.text, out));
}

/** Whether `r` lies in a collection and overlaps none of its entries (a comment, blank space). */
function betweenNodes(root: Node, r: Range): boolean {
  const n = nodeAt(root, r.offset);
  if (!n || (n.type !== 'object' && n.type !== 'array') || r.offset <= n.offset) return false;
  const end = r.offset + r.length;
  if (end >= n.offset + n.length) return false;
  const overlaps = (x: Node | undefined): boolean => !!x && x.offset <= end && r.offset <= x.offset + x.length;
  if (n.type === 'object') return !n.properties.some((p) => overlaps(p.key) || overlaps(p.value));
  return !n.items.some(overlaps);
}

/** The smallest node holding [start, end] (a key stands for its property's value), widened to the value of the outermost credential field around it. */
function scopeOf(root: Node, start: number, end: number): Node | undefined {
  let n: Node | undefined = nodeAt(root, start);
  for (;;) {
    if (!n) return undefined;
    const p = n.parent;
    if (p?.type === 'property' && p.key === n) {
      // A key: its property's value is what a message about it may quote.
      if (p.value && end <= p.offset + p.length) {
        n = p.value;
        break;
      }
      n = p.parent;
      continue;
    }
    if (n.offset <= start && end <= n.offset + n.length) break;
    n = parentNode(n);
  }
  // Inside a credential field (apiKey: {value: …}): the field's whole value, as secretRanges masks it.
  const { credentials } = credentialKeys();
  const env = definition('EnvironmentValue');
  let scope = n;
  for (let cur: Node | undefined = n; cur; cur = parentNode(cur)) {
    const p = cur.parent;
    if (p?.type === 'property' && p.value === cur) {
      const key = p.key.value;
      if (credentials.has(key) || (env?.properties?.[key] !== undefined && !isEnvNameProperty(env, key))) scope = cur;
    }
  }
  return scope;
}

/** The node a node stands in (an object for a property's value, an array for an item). */
function parentNode(n: Node): Node | undefined {
  const p = n.parent;
  return p?.type === 'property' ? p.parent : p;
}

/** Adds the literal secrets found in a subtree (by the rules above) to a list; undefined without the schema. */
function secretWalk(text: string): ((start: Node, out: Range[]) => void) | undefined {
  const env = definition('EnvironmentValue');
  if (!env) return undefined;
  const envKeys = Object.keys(env.properties ?? {});
  const literalKeys = new Set(Object.keys(env.properties ?? {}).filter((k) => !isEnvNameProperty(env, k)));
  const { credentials, known } = credentialKeys();
  /**
   * `apiKey: $VENDOR_KEY`: a credential field holding a reference to a variable, no secret. A bare
   * `VENDOR_A_API_KEY` may be the credential itself (`PASSWORD_2024`, REVIEW7 J4): masked.
   */
  const namesVariable = (key: string, value: Node | undefined): boolean => {
    const v = resolve(value);
    if (v?.type !== 'string') return false;
    // (`value: ${OPENAI_KEY}`: a reference the service does not expand, value-not-expanded; no secret.)
    if (literalKeys.has(key)) return shellReference(v.value.trim()) !== undefined;
    // (`api_key: ${VENDOR_B_KEY}` too: a misspelt credential field, holding a reference; REVIEW15-user U5.)
    return (credentials.has(key) || misspells(key, credentials)) && shellReference(v.value) !== undefined;
  };
  /**
   * `{value_from_env: MY_VENDOR_KEY}`, `{valuFromEnv: $KEY}`: a variable's name under a near miss of
   * `valueFromEnv`, which the rename (also `lint --fix`) keeps as the name: shown, as valueFromEnv's
   * names are, so that a `--fix-dry-run` diff applies (REVIEW15-user U5). Text that does not read as
   * a name (`sk-…`, `pw-Golf-Hotel-95`: maybe the credential under a half-typed `value`) stays masked.
   */
  const nameUnderMisspeltKey = (p: PropertyNode): boolean => {
    const meant = misspeltEnvKey(p.key.value);
    const v = resolve(p.value);
    return meant !== undefined && isEnvNameProperty(env, meant) && v?.type === 'string' && readsAsVariableName(v.value);
  };
  const envKeysNormal = new Set(envKeys.map((k) => k.toLowerCase()));
  /**
   * A key with no value under a credential field that is no EnvironmentValue key, nor the start
   * or a near miss of one (`valueFr`, `value_from_env`): a secret pasted where a mapping is wanted
   * (`apiKey: {hunter2hunter2}` is a mapping of that one key), shown by messages that name it.
   */
  const pastedAsKey = (p: PropertyNode): boolean => {
    const v = resolve(p.value);
    if (v !== undefined && v.type !== 'null') return false;
    const k = p.key.value;
    // (A reference to a variable, `apiKey: {$VENDOR_KEY}`, is no secret either; a bare name may be.)
    return (
      k.length > 0 &&
      !envKeysNormal.has(k.toLowerCase().replace(/[-_\s]/g, '')) &&
      !halfTypedKey(p.key, envKeys) &&
      shellReference(k) === undefined
    );
  };
  return (start, out) => {
    const masked = new Set<Node>();
    /** Every scalar of a value, but the names of valueFromEnv. */
    const maskValue = (raw: Node | undefined): void => {
      const n = resolve(raw);
      if (!n || masked.has(n)) return;
      masked.add(n);
      if (n.type === 'object') {
        for (const p of n.properties) {
          if (pastedAsKey(p)) out.push({ offset: p.key.offset, length: p.key.length });
          // `valueFromEnv: ${OPENAI_KEY:-<key>}`: a name no more; the key in it is masked as a literal.
          const named = isEnvNameProperty(env, p.key.value) ? resolve(p.value) : undefined;
          const inName = named?.type === 'string' ? credentialDefaultInName(named.value) : undefined;
          if (named && inName) {
            out.push(...scalarRanges(text, named));
            const at = shellDefaultRange(text, named, inName);
            if (at) out.push(at);
          }
          if (
            !(isEnvNameProperty(env, p.key.value) && resolve(p.value)?.type === 'string') &&
            !namesVariable(p.key.value, p.value) &&
            !nameUnderMisspeltKey(p)
          )
            maskValue(p.value);
        }
      } else if (n.type === 'array') {
        for (const item of n.items) maskValue(item);
      } else if (!(n.type === 'string' && halfTypedKey(n, envKeys))) {
        // (A key being typed under a credential field, `apiKey:` then `valueFr`, is no secret.)
        out.push(...scalarRanges(text, n));
        // `${OPENAI_KEY:-sk-…}`: the default is a literal credential of its own, masked wherever
        // the file holds it again (withRecurrences) and in a message that quotes it alone.
        const def = n.type === 'string' ? shellDefault(n.value) : undefined;
        const at = def && shellDefaultRange(text, n, def);
        if (at) out.push(at);
      }
    };
    // A start that is a credential field's value is masked whole (scopeOf widens to it), as is a
    // plain string under a misspelling of such a field.
    const sp = start.parent;
    if (sp?.type === 'property' && sp.value === start) {
      const key = sp.key.value;
      if (literalKeys.has(key) || credentials.has(key)) {
        if (!namesVariable(key, start)) maskValue(start);
        return;
      }
      if (!known.has(key) && resolve(start)?.type === 'string' && misspells(key, credentials)) maskValue(start);
    }
    // A scalar whose first word is a credential is one credential wrapped over lines (REVIEW5 H7):
    // masked whole, whatever its continuing words look like.
    const wrapped = (n: Node | undefined): void => {
      if (n?.type === 'string' && startsWithCredential(n.value)) out.push(...scalarRanges(text, n, n.value));
    };
    wrapped(start);
    const stack: Node[] = [start];
    while (stack.length > 0) {
      const n = stack.pop();
      if (n?.type === 'array') {
        stack.push(...n.items);
        for (const item of n.items) wrapped(item);
      }
      if (n?.type !== 'object') continue;
      for (const p of n.properties) {
        wrapped(p.value);
        const key = p.key.value;
        if (namesVariable(key, p.value)) {
          // (Shown, as valueFromEnv's names are.)
        } else if (literalKeys.has(key) || credentials.has(key)) maskValue(p.value);
        else if (!known.has(key) && resolve(p.value)?.type === 'string' && misspells(key, credentials))
          maskValue(p.value);
        if (p.value) stack.push(p.value);
      }
    }
  };
}

/** Whether a value of several words starts with a credential-shaped word (one credential wrapped over lines). */
export function startsWithCredential(value: string): boolean {
  const m = /^\s*(\S{15,})\s+\S/.exec(value);
  if (!m) return false;
  const first = m[1]!;
  return credentialShapes(first).some((r) => r.offset === 0 && r.length === first.length);
}

/** A key within a small edit distance of a credential field (letter case, `-` and `_` ignored). */
function misspells(key: string, credentials: ReadonlySet<string>): boolean {
  const k = key.toLowerCase().replace(/[-_\s]/g, '');
  if (k.length < 4) return false;
  for (const c of credentials) {
    const lc = c.toLowerCase();
    const limit = lc.length >= 8 ? 3 : 2;
    // The distance is at least the difference in length: most keys are ruled out without it.
    if (Math.abs(k.length - lc.length) <= limit && editDistance(k, lc) <= limit) return true;
  }
  return false;
}

/**
 * Whether the ranges cover a scalar's whole value (its quotes aside): the value is a secret, shown
 * as a mask. A range over a part of it (a URL's user information) is masked by shape instead.
 */
export function coversValue(ranges: readonly Range[], n: { offset: number; length: number }): boolean {
  // A frozen list (secretRangesOf's, asked once per symbol of the outline) is indexed once: a binary
  // search instead of a scan of every secret for every node (50,000 symbols x thousands of literal
  // secrets was a multi-second outline).
  // (A block scalar is masked line by line, never its header: its lines stand for it, scalarRanges.)
  if (Object.isFrozen(ranges) && ranges.length > 8) {
    let cover = covers.get(ranges);
    if (!cover) covers.set(ranges, (cover = coverIndex(ranges)));
    return cover.scalars.has(n.offset) || cover.covers(n.offset + 1, n.offset + n.length - 1);
  }
  return ranges.some(
    (r) => r.scalar === n.offset || (r.offset <= n.offset + 1 && r.offset + r.length >= n.offset + n.length - 1),
  );
}

const covers = new WeakMap<
  readonly Range[],
  { covers: (start: number, end: number) => boolean; scalars: ReadonlySet<number> }
>();

/** Whether some range starts at or before `start` and ends at or after `end`: sorted starts, and the furthest end up to each. */
function coverIndex(ranges: readonly Range[]): {
  covers: (start: number, end: number) => boolean;
  scalars: ReadonlySet<number>;
} {
  const sorted = ranges.slice().sort((a, b) => a.offset - b.offset);
  const starts = sorted.map((r) => r.offset);
  const reach: number[] = [];
  for (let k = 0, far = -Infinity; k < sorted.length; k++)
    reach.push((far = Math.max(far, sorted[k]!.offset + sorted[k]!.length)));
  const scalars = new Set<number>();
  for (const r of ranges) if (r.scalar !== undefined) scalars.add(r.scalar);
  const covers = (start: number, end: number): boolean => {
    let lo = 0;
    let hi = starts.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= start) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return last >= 0 && reach[last]! >= end;
  };
  return { covers, scalars };
}

/** The text with every credential-shaped scalar replaced by `*` (same length, so columns hold). */
export function maskSecrets(text: string, doc: ParsedDocument): string {
  return maskRanges(text, secretRanges(doc));
}
