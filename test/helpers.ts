// Shared test helpers: cursor markers, diagnostic rendering, golden files.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import assert from 'node:assert/strict';
import { LineIndex, parse } from '../server/src/parser';
import { applyEdits, getCodeActions } from '../server/src/service';
import type { Diagnostic } from '../server/src/service';
import type { CompletionEntry } from '../server/src/service/types';
import { definition, unionOf } from '../server/src/model/schema';

export const ROOT = process.cwd();
export const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** The discriminator values of a union, in the schema's order (scripts/gen-schema.mjs holds the only list). */
export function variantValues(union: string): string[] {
  const u = unionOf(definition(union));
  assert.ok(u, `the schema has a union ${union}`);
  return u.variants.map((v) => v.value);
}

/** The LLM providers, read from the schema: tests keep no list of their own. */
export const PROVIDERS: readonly string[] = variantValues('LlmConfig');

/** `'a', 'b', 'c'`: a list of values as messages quote it. */
export const quotedList = (values: readonly string[], quote = "'"): string =>
  values.map((v) => `${quote}${v}${quote}`).join(', ');

/** Strips the `|` cursor marker and returns the text and the cursor's offset. */
export function cursor(textWithMarker: string): { text: string; offset: number } {
  const offset = textWithMarker.indexOf('|');
  assert.ok(offset >= 0, 'the test text needs a | cursor marker');
  return { text: textWithMarker.slice(0, offset) + textWithMarker.slice(offset + 1), offset };
}

/** `line:col-line:col severity code message`, 1-based, one diagnostic a line. */
export function renderDiagnostics(text: string, diags: Diagnostic[]): string {
  const li = new LineIndex(text);
  return diags
    .map((d) => {
      const s = li.positionAt(d.offset);
      const e = li.positionAt(d.offset + d.length);
      return `${s.line + 1}:${s.character + 1}-${e.line + 1}:${e.character + 1} ${d.severity} ${d.code} ${d.message}`;
    })
    .join('\n');
}

/** Compares with a golden file; with UPDATE_GOLDEN=1 writes it instead (review the diff!). */
export function assertGolden(path: string, actual: string): void {
  const content = actual.endsWith('\n') || actual === '' ? actual : actual + '\n';
  if (UPDATE || !existsSync(path)) {
    if (!UPDATE) assert.fail(`golden file ${path} is missing; run with UPDATE_GOLDEN=1 and review it`);
    writeFileSync(path, content);
    return;
  }
  assert.equal(content, readFileSync(path, 'utf8'), `golden mismatch: ${path}`);
}

/** A `""` placeholder a fix inserted in a required string: it keeps its diagnostic until filled, by design. */
export function isPlaceholder(d: Diagnostic, text: string): boolean {
  // A fix's `""`: a required string's (empty-required), or a union's discriminator left for the user
  // to choose (unknown-discriminator, "found an empty value").
  return (
    (d.code === 'empty-required' || d.code === 'unknown-discriminator') &&
    text.slice(d.offset, d.offset + d.length) === '""'
  );
}

/** Snippet text with placeholders taking their defaults (`${1:x}`→x, `$1`→'', choices → first). */
export function completionText(e: CompletionEntry): string {
  if (!e.snippet) return e.insertText;
  return e.insertText
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}|\$\d+/g, '')
    .replace(/\\([\\$}])/g, '$1');
}

/** The text after accepting a completion entry: its own range and its additional edits, all at once. */
export function applyCompletion(text: string, e: CompletionEntry): string {
  const edits = [
    { offset: e.replace.offset, length: e.replace.length, newText: completionText(e) },
    ...(e.additionalEdits ?? []),
  ].sort((a, b) => b.offset - a.offset);
  return edits.reduce((t, x) => t.slice(0, x.offset) + x.newText + t.slice(x.offset + x.length), text);
}

/** How many times `needle` stands in `hay`, not overlapping. */
export function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * A seeded pseudo-random generator (mulberry32): numbers in [0, 1), the same sequence for a seed on
 * every machine. The property tests print their seed, so a failure can be replayed.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fake API key made at run time (`sk-` and 48 letters and digits from a seeded generator). */
export function fakeApiKey(seed: number): string {
  const r = mulberry32(seed);
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let k = 'sk-';
  for (let i = 0; i < 48; i++) k += abc[Math.floor(r() * abc.length)]!;
  return k;
}

/** Letters and digits without look-alikes (no I, O, l, 0, 1), for the fake credentials below. */
export const KEY_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A fake credential made at run time: `prefix` (a key's public part: `sk-proj-`, `gh` + `p_`, `AKIA`)
 * and `n` characters of `alphabet` from a seeded generator. Tests build their keys with it (or
 * fakeApiKey, fakeJwt) instead of committing a realistic literal key.
 */
export function fakeSecret(prefix: string, n: number, seed: number, alphabet = KEY_CHARS): string {
  const r = mulberry32(seed);
  let k = prefix;
  for (let i = 0; i < n; i++) k += alphabet[Math.floor(r() * alphabet.length)]!;
  return k;
}

/** A fake JWT made at run time (base64url header and claims, a seeded 43-character signature). */
export function fakeJwt(seed: number, claims: Record<string, unknown> = { sub: 'test-user' }): string {
  const part = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${fakeSecret('', 43, seed, KEY_CHARS + '-_')}`;
}

/**
 * `n` fake credentials from a seed, like a password a person makes up (`Xaquwe-Qijiwe-13`): words of
 * j k q v w x z and vowels, in which no English word of a message holds a run of 4, and not shaped
 * like a credential (no frame or message masks them by their shape), so a test that no run of 4 of
 * them is printed tests what masks them by where they stand.
 */
export function madeUpPasswords(seed: number, n: number): string[] {
  const r = mulberry32(seed);
  const pick = (from: string): string => from[Math.floor(r() * from.length)]!;
  const word = (): string => {
    let w = '';
    for (let i = 0; i < 3; i++) w += pick('jkqvwxz') + pick('aeiou');
    return w[0]!.toUpperCase() + w.slice(1);
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`${word()}-${word()}-${Math.floor(r() * 90) + 10}`);
  return out;
}

/**
 * The quick fixes offered for one diagnostic of a YAML text (not the "Ignore" suppressions): each
 * one's title, whether it is preferred, and the text after its edits.
 */
export function fixesFor(text: string, d: Diagnostic): { title: string; preferred: boolean; result: string }[] {
  const doc = parse(text, 'yaml');
  return getCodeActions(doc, [d], { offset: d.offset, length: d.length })
    .filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'))
    .map((a) => ({ title: a.title, preferred: a.isPreferred === true, result: applyEdits(text, a.edits) }));
}

/**
 * The parts of a secret's base64 and base64url encodings that depend on the secret alone, for each of
 * the three byte alignments it can take inside a longer encoded text (an echoed header or body).
 * Leak tests look for runs of these, as they look for runs of the secret itself.
 */
export function base64Middles(secret: string): string[] {
  const out: string[] = [];
  const n = Buffer.byteLength(secret);
  for (let align = 0; align < 3; align++)
    for (const alphabet of ['base64', 'base64url'] as const) {
      const enc = Buffer.concat([Buffer.alloc(align), Buffer.from(secret)]).toString(alphabet);
      out.push(enc.slice(Math.ceil((8 * align) / 6), Math.floor((8 * (align + n)) / 6)));
    }
  return out;
}

/** `\u` escapes, backslash escapes, percent-encoding and HTML character references decoded (three rounds, for nested encodings). */
function decodeEscapes(text: string): string {
  let t = text;
  for (let i = 0; i < 3; i++)
    t = t
      .replace(/\\+u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\+[nrt]/g, '')
      .replace(/\\+(.)/g, '$1')
      .replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
      .replace(/&(amp|lt|gt|quot);/g, (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[n] ?? '');
  return t;
}

/**
 * A text as a reader would see an echo inside it: `\u` escapes, backslash escapes, percent-encoding and
 * HTML character references decoded (three rounds, for nested encodings), white space removed.
 */
export function decodedEchoes(text: string): string {
  return decodeEscapes(text).replace(/\s+/g, '');
}

/**
 * The views of a text in which leak tests look for runs of a credential, besides the text itself: the
 * echoes decoded (decodedEchoes), and the same with short tags (`<wbr>`, `<b>`) and every character
 * outside printable ASCII (white space, replacement characters, Latin-1 junk) dropped as well, so that
 * a credential printed in pieces between them is put back together. Both: a piece inside a short tag's
 * attribute is in the first view only.
 */
export function echoViews(text: string): [decoded: string, reassembled: string] {
  const t = decodeEscapes(text);
  return [t.replace(/\s+/g, ''), t.replace(/<\/?[a-z][^<>]{0,40}>/gi, '').replace(/[^!-~]+/g, '')];
}

/** One HTTP/1.1 request as a raw test server read it: the head (request line and headers), the body, the path. */
export interface RawRequest {
  head: string;
  body: string;
  path: string;
}

/**
 * Reads HTTP/1.1 requests off a raw socket, for test servers that answer byte by byte (cut, dripped,
 * malformed): a head up to its blank line, then a Content-Length body; `onRequest` is called for each
 * whole request. Returns a function that stops reading (the connection stays open).
 */
export function readRequests(socket: Socket, onRequest: (req: RawRequest) => void): () => void {
  let got = Buffer.alloc(0);
  const onData = (chunk: Buffer): void => {
    got = Buffer.concat([got, chunk]);
    for (;;) {
      const end = got.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = got.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (got.length < end + 4 + length) return;
      const body = got.subarray(end + 4, end + 4 + length).toString('utf8');
      got = got.subarray(end + 4 + length);
      onRequest({ head, body, path: / (\S+) HTTP/.exec(head)?.[1] ?? '/' });
      // onRequest may have stopped the reading.
      if (!socket.listeners('data').includes(onData)) return;
    }
  };
  socket.on('data', onData);
  return () => void socket.off('data', onData);
}
