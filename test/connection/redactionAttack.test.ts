// The redaction attack: a service that echoes every request (headers and body) back through a
// family of transformations, for every credential (PAT, JWT, API key, data token), read through
// every way a report leaves Test Connection (the report object, the step callbacks, the text and
// JSON reports, the one-line summary, the CLI's stdout and stderr in text and JSON format). No
// 8-character run of any secret may appear anywhere, in any letter case, nor a run of its base64
// encoding (either alphabet, any alignment) long enough to carry 8 of its characters.
//
// Everything is deterministic: the secrets are fixed strings below and the transformations are
// enumerated, not sampled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testConnectionCommand } from '../../server/src/cli/testConnection';
import type { CliIO } from '../../server/src/cli/io';
import { formatReport, reportToJson, runTestConnection, summarize } from '../../server/src/connection';
import type { ConnectionOptions, Credentials } from '../../server/src/connection';
import { echoViews } from '../helpers';
import { startEchoService } from './echoService';
import type { EchoService, Transform } from './echoService';

/** Fake credentials shaped like real ones, with the characters encoders like to touch (/ + = ~ .). */
const PAT = 'pat_Zq7/Kd+9wXy=Lm3/Pq8rTs2uVw4/Xy6zAb1cDe5fGh';
const API_KEY = 'ak.9Hw/Tr4+Qe7=Yu2/Io5pAs8dFg1hJk0/LzXcVbNm';
const DATA_TOKEN = 'dt~Jk3/Lz6+Xc9=Vb2/Nm5qWe8rTy1uIo4/PaSdFgHj';
const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A JWT with an expiry an hour ahead, so that the user-scoped step sends it. */
const JWT = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'attack-user', exp: Math.floor(Date.now() / 1000) + 3600 })}.Qm9ndXNTaWduYXR1cmVGb3JUaGVBdHRhY2tUZXN0XzEyMzQ1Njc4`;
const SECRETS: Record<string, string> = { PAT, JWT, 'API key': API_KEY, 'data token': DATA_TOKEN };
const RUN = 6;

// ---------------------------------------------------------------------------------------------
// The transformations.

const json = (v: unknown): string => JSON.stringify(v);
const wrap = (text: string, width: number, sep = '\n'): string => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += width) out.push(text.slice(i, i + width));
  return out.join(sep);
};
const htmlEscape = (t: string): string =>
  t.replace(
    /[&<>"'/=+]/g,
    (c) =>
      ({
        '&': '&amp;',
        '<': '&lt;',
        '>': '&gt;',
        '"': '&quot;',
        "'": '&#39;',
        '/': '&#x2F;',
        '=': '&#61;',
        '+': '&#43;',
      })[c] ?? c,
  );
const entityAll = (t: string): string => [...t].map((c) => `&#${c.charCodeAt(0)};`).join('');
/** Latin-1 bytes (é between every few characters) that the client decodes as UTF-8. */
const latin1Junk = (t: string, every: number): Buffer => Buffer.from(wrap(t, every, 'é'), 'latin1');

interface Case {
  name: string;
  transform: Transform;
}

const cases: Case[] = [];
const add = (name: string, transform: Transform): void => void cases.push({ name, transform });
const statuses = [500, 401, 403, 400];

for (const status of statuses) {
  add(`plain text ${status}`, (e) => ({ status, headers: { 'content-type': 'text/plain' }, body: e }));
  add(`JSON error ${status}`, (e) => ({ status, body: json({ error: 'internal', message: e }) }));
}
add('JSON with every well-known field', (e) => ({
  status: 500,
  body: json({ error: e, message: e, detail: e, error_description: e, code: e, title: e, reason: e }),
}));
add('JSON nested error object', (e) => ({
  status: 500,
  body: json({ error: { code: 'E1', message: e, details: [{ message: e }] } }),
}));
add('escaped slashes', (e) => ({ status: 500, body: json({ error: 'internal', message: e }).replace(/\//g, '\\/') }));
add('escaped slashes, no JSON content type', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/plain' },
  body: json({ message: e }).replace(/\//g, '\\/'),
}));
for (const width of [3, 5, 7, 8, 9, 13, 16, 33, 64, 76]) {
  add(`wrapped at ${width} (LF)`, (e) => ({
    status: 500,
    headers: { 'content-type': 'text/plain' },
    body: wrap(e, width),
  }));
  add(`wrapped at ${width} (CRLF, JSON)`, (e) => ({ status: 500, body: json({ message: wrap(e, width, '\r\n') }) }));
  add(`wrapped at ${width} (spaces)`, (e) => ({ status: 403, body: json({ error: wrap(e, width, ' ') }) }));
}
add('percent-encoded', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/plain' },
  body: encodeURIComponent(e),
}));
add('percent-encoded twice', (e) => ({
  status: 500,
  body: json({ message: encodeURIComponent(encodeURIComponent(e)) }),
}));
add('form-encoded', (e) => ({
  status: 400,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ echo: e }).toString(),
}));
for (const every of [4, 7, 11]) {
  add(`Latin-1 bytes read as UTF-8 (every ${every})`, (e) => ({
    status: 500,
    headers: { 'content-type': 'text/plain' },
    body: latin1Junk(e, every),
  }));
  add(`Latin-1 bytes in JSON read as UTF-8 (every ${every})`, (e) => ({
    status: 500,
    body: Buffer.from(json({ message: wrap(e, every, 'ñ') }), 'latin1'),
  }));
}
add('UTF-8 read as Latin-1 and re-encoded', (e) => ({
  status: 500,
  body: Buffer.from(Buffer.from(`¡${e}¿`, 'utf8').toString('latin1'), 'utf8'),
}));
add('replacement characters inserted', (e) => ({ status: 500, body: json({ message: wrap(e, 6, '\uFFFD') }) }));
add('zero-width characters inserted', (e) => ({ status: 500, body: json({ message: wrap(e, 5, '\u200B') }) }));
/** The echo without header names, JSON keys or schemes: the bare values, as "unknown credential <value>" pages show them. */
const bare = (e: string): string => e.replace(/^[^:\n]+:\s*(?:pat |Bearer )?/gim, '').replace(/"[\w-]+":/g, ' ');
// Hex, reversed, and pieces of a credential with separators between them (REVIEW.md D9): the
// service quotes 7-character slices, the first and last 7 characters, the hex or the reverse.
add('hex (lower case)', (e) => ({ status: 401, body: json({ error: 'bad', detail: Buffer.from(e).toString('hex') }) }));
add('hex (upper case), plain text', (e) => ({
  status: 401,
  headers: { 'content-type': 'text/plain' },
  body: Buffer.from(e).toString('hex').toUpperCase(),
}));
add('hex with colons', (e) => ({ status: 400, body: json({ detail: wrap(Buffer.from(e).toString('hex'), 2, ':') }) }));
add('reversed', (e) => ({ status: 400, body: json({ detail: [...e].reverse().join('') }) }));
add('reversed, plain text', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/plain' },
  body: [...e].reverse().join(''),
}));
for (const width of [4, 5, 7]) {
  for (const sep of ['/', '-', '.', ':', '|']) {
    add(`pieces of ${width} joined by '${sep}'`, (e) => ({
      status: 403,
      body: json({ message: wrap(bare(e), width, sep) }),
    }));
  }
}
add('first and last 7 characters of each value', (e) => ({
  status: 401,
  body: json({
    error: bare(e)
      .split(/\s+/)
      .filter((w) => w.length > 14)
      .map((w) => `token starting with ${w.slice(0, 7)} and ending with ${w.slice(-7)} is invalid`)
      .join('; '),
  }),
}));
add('upper-cased', (e) => ({ status: 500, headers: { 'content-type': 'text/plain' }, body: e.toUpperCase() }));
add('upper-cased JSON', (e) => ({ status: 401, body: json({ error: e.toUpperCase() }) }));
add('lower-cased JSON', (e) => ({ status: 403, body: json({ message: e.toLowerCase() }) }));
add('JSON in JSON', (e) => ({ status: 500, body: json({ error: json({ message: e }) }) }));
add('JSON in JSON in JSON', (e) => ({ status: 500, body: json({ error: json({ error: json({ message: e }) }) }) }));
add('JSON in JSON with escaped slashes', (e) => ({
  status: 500,
  body: json({ error: json({ message: e }).replace(/\//g, '\\/') }).replace(/\//g, '\\/'),
}));
add('unicode escapes', (e) => ({
  status: 500,
  body: json({ message: e }).replace(/[/+=~._-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
}));
add('HTML-escaped page', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/html' },
  body: `<html><body><h1>Error</h1><pre>${htmlEscape(e)}</pre></body></html>`,
}));
add('HTML, every character an entity', (e) => ({
  status: 502,
  headers: { 'content-type': 'text/html' },
  body: `<p>${entityAll(e)}</p>`,
}));
add('HTML with tags between characters', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/html' },
  body: `<p>${wrap(e, 6, '<b></b>')}</p>`,
}));
add('upper-cased, escaped slashes, wrapped', (e) => ({
  status: 500,
  body: json({ message: wrap(e.toUpperCase(), 7) }).replace(/\//g, '\\/'),
}));
add('WWW-Authenticate error_description', (e) => ({
  status: 401,
  headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${e.replace(/[\r\n"]+/g, ' ')}"` },
  body: '',
}));
add('WWW-Authenticate wrapped', (e) => ({
  status: 401,
  headers: {
    'www-authenticate': `Bearer error="invalid_token", error_description="${wrap(e.replace(/[\r\n"]+/g, ' '), 9, ' ')}"`,
  },
  body: json({ error: 'unauthorized' }),
}));
add('2xx answer that is not JSON', (e) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: e }));
add('2xx JSON answer echoing', (e) => ({ status: 200, body: json({ threads: [], debug: e, message: e }) }));
add('large error body, echo at the start', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/plain' },
  body: e + ' '.repeat(200_000) + e,
}));
add('large error body, echo at 4 KiB and 64 KiB', (e) => ({
  status: 503,
  headers: { 'content-type': 'text/plain' },
  body: 'x'.repeat(4096 - 20) + e + 'y'.repeat(60_000) + e,
}));
add('same-origin redirect carrying the echo in its address', (e) => {
  if (/^[A-Z]+ \/redirected/.test(e)) return { status: 500, body: json({ message: e }) };
  const first = e.split('\n')[0] ?? '';
  const tail = encodeURIComponent(e.slice(first.length).replace(/\s+/g, ' ').slice(0, 600));
  return { status: 307, headers: { location: `/redirected/${tail}?echo=${tail}` }, body: '' };
});
add('redirect to another origin carrying the echo', (e) => ({
  status: 302,
  headers: { location: `http://127.0.0.2:9/x?echo=${encodeURIComponent(e.replace(/\s+/g, ' ').slice(0, 600))}` },
  body: '',
}));
// Encoded echoes: base64 of the whole echo with 0, 1 or 2 bytes in front (so that every secret
// stands at each of base64's three alignments), in both alphabets; base64 of each header line (an
// echoed Authorization header: `cGF0IHBhdF8…` is `pat pat_…`); MIME-wrapped base64; percent-
// encoding whose `%` are HTML-escaped.
for (const align of [0, 1, 2]) {
  for (const alphabet of ['base64', 'base64url'] as const) {
    add(`${alphabet}, ${align} byte(s) in front, JSON 400`, (e) => ({
      status: 400,
      body: json({ error: 'bad header', echo: Buffer.from('~'.repeat(align) + e).toString(alphabet) }),
    }));
    add(`${alphabet} of each line, ${align} byte(s) in front, plain text`, (e) => ({
      status: 400,
      headers: { 'content-type': 'text/plain' },
      body: e
        .split('\n')
        .map((line) => Buffer.from(' '.repeat(align) + line).toString(alphabet))
        .join('\n'),
    }));
  }
  add(`base64 wrapped at 76 (MIME), ${align} byte(s) in front`, (e) => ({
    status: 500,
    body: json({ message: wrap(Buffer.from('#'.repeat(align) + e).toString('base64'), 76, '\r\n') }),
  }));
}
add('percent-encoded, % HTML-escaped (&#37;)', (e) => ({
  status: 400,
  headers: { 'content-type': 'text/html' },
  body: `<p>${encodeURIComponent(e).replace(/%/g, '&#37;')}</p>`,
}));
add('percent-encoded, % HTML-escaped (&#x25;, &percnt;) in JSON', (e) => ({
  status: 400,
  body: json({
    message: encodeURIComponent(e).replace(/%(.)/g, (_, c: string) => (c < '5' ? '&#x25;' : '&percnt;') + c),
  }),
}));
add('percent-encoded twice, % HTML-escaped twice (&amp;#37;)', (e) => ({
  status: 400,
  headers: { 'content-type': 'text/html' },
  body: encodeURIComponent(encodeURIComponent(e)).replace(/%/g, '&amp;#37;'),
}));
add('bare values, each cut by the service to 20 characters', (e) => ({
  status: 500,
  body: json({ message: bare(e).replace(/\S{21,}/g, (w) => `${w.slice(0, 20)}…`) }),
}));
add('bare values, each cut by the service to 12 characters, wrapped at 5', (e) => ({
  status: 500,
  headers: { 'content-type': 'text/plain' },
  body: wrap(
    bare(e).replace(/\S{13,}/g, (w) => w.slice(0, 12)),
    5,
  ),
}));
add('bare values', (e) => ({ status: 500, headers: { 'content-type': 'text/plain' }, body: bare(e) }));
add('bare values in JSON', (e) => ({ status: 401, body: json({ error: `unknown credential ${bare(e)}` }) }));
add('bare values, wrapped at 9', (e) => ({ status: 403, body: json({ message: wrap(bare(e), 9) }) }));
// Cuts: the echo starts at every offset around the places where a quote may be cut (a field's
// quote length, an excerpt's length, the length an error body is read up to), so that the cut
// falls at every position of the first 66 characters of a secret, in four shapes in turn
// (labelled or bare, JSON or plain text).
const cutPoints = new Set<number>();
for (const limit of [100, 120, 160, 200, 256, 400, 4096])
  for (let p = limit - 70; p <= limit + 2; p++) cutPoints.add(p);
for (const p of [...cutPoints].sort((a, b) => a - b)) {
  add(`cut at offset ${p}`, (full) => {
    const e = (p >> 1) % 2 === 0 ? full : bare(full);
    // The first secret follows the scheme (labelled) or starts the second line (bare).
    const at = (p >> 1) % 2 === 0 ? e.search(/(pat |Bearer )/i) + 4 : e.indexOf('\n') + 1;
    const pad = 'x'.repeat(Math.max(0, p - at));
    return p % 2 === 0
      ? { status: 500, body: json({ message: pad + e }) }
      : { status: 500, headers: { 'content-type': 'text/plain' }, body: pad + e };
  });
}

// ---------------------------------------------------------------------------------------------
// The runs.

interface Leak {
  caseName: string;
  secret: string;
  where: string;
}

const leaks: Leak[] = [];
let texts = 0;
let svc: EchoService;

/** Runs of the secret after its public prefix (`pat_`: a word and `_`, the same for every PAT, no secret). */
function runsOf(secret: string): Set<string> {
  const runs = new Set<string>();
  const s = secret.replace(/^[a-z]+_/i, '').toLowerCase();
  for (let i = 0; i + RUN <= s.length; i++) runs.add(s.slice(i, i + RUN));
  return runs;
}
/**
 * Runs of base64 characters that carry RUN or more bytes of the secret: at each alignment (0, 1
 * or 2 bytes in front), both alphabets, only characters made of the secret's bits alone, and 12
 * characters (72 bits hold 8 whole bytes at any offset). Lower-cased, as the scan is.
 */
function base64RunsOf(secret: string): Set<string> {
  const runs = new Set<string>();
  const n = Buffer.byteLength(secret);
  for (let align = 0; align < 3; align++) {
    for (const alphabet of ['base64', 'base64url'] as const) {
      const enc = Buffer.concat([Buffer.alloc(align), Buffer.from(secret)]).toString(alphabet);
      const core = enc.slice(Math.ceil((8 * align) / 6), Math.floor((8 * (align + n)) / 6)).toLowerCase();
      for (let i = 0; i + 12 <= core.length; i++) runs.add(core.slice(i, i + 12));
    }
  }
  return runs;
}
const reverse = (t: string): string => [...t].reverse().join('');
const alnum = (t: string): string => t.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Runs of 2 × RUN hex digits: RUN characters of the secret, hex-encoded. */
function hexRunsOf(secret: string): Set<string> {
  const runs = new Set<string>();
  const hex = Buffer.from(secret).toString('hex');
  for (let i = 0; i + 2 * RUN <= hex.length; i++) runs.add(hex.slice(i, i + 2 * RUN));
  return runs;
}
const SECRET_RUNS = Object.entries(SECRETS).flatMap(([name, value]) => [
  { name, runs: runsOf(value), len: RUN },
  { name: `${name} (reversed)`, runs: runsOf(reverse(value.replace(/^[a-z]+_/i, ''))), len: RUN },
  { name: `${name} (letters and digits)`, runs: runsOf(alnum(value.replace(/^[a-z]+_/i, ''))), len: RUN },
  { name: `${name} (hex)`, runs: hexRunsOf(value.replace(/^[a-z]+_/i, '')), len: 2 * RUN },
  { name: `${name} (base64)`, runs: base64RunsOf(value), len: 12 },
]);

function scan(caseName: string, where: string, text: string): void {
  texts++;
  // The decoders (test/helpers.ts) are written apart from redact.ts: the test must not share the code it checks.
  const [decoded, reassembled] = echoViews(text);
  for (const [view, lower] of [
    ['', text.toLowerCase()],
    [' (decoded)', decoded.toLowerCase()],
    [' (reassembled)', reassembled.toLowerCase()],
    [' (separators dropped)', alnum(reassembled)],
  ] as const) {
    for (const { name, runs, len } of SECRET_RUNS) {
      for (let i = 0; i + len <= lower.length; i++) {
        if (runs.has(lower.slice(i, i + len))) {
          leaks.push({ caseName, secret: name, where: where + view });
          break;
        }
      }
    }
  }
}

const credentials: Credentials = { pat: PAT, apiKey: API_KEY, dataToken: DATA_TOKEN };
const secretList = [PAT, API_KEY, DATA_TOKEN];

function options(): ConnectionOptions {
  return {
    baseUrl: svc.baseUrl,
    tokenRefreshUrl: svc.tokenRefreshUrl,
    projectId: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    executeProgramUrl: svc.executeProgramUrl,
    dataSourceUrl: svc.dataSourceUrl,
    timeoutMs: 10_000,
    env: {},
  };
}

/** One library run: the report and every text made from it, as the VS Code client shows them. */
async function libraryRun(caseName: string): Promise<void> {
  const seen: string[] = [];
  const report = await runTestConnection(options(), credentials, {
    onStepStart: (name, title) => seen.push(`${name} ${title}`),
    onStep: (s) => seen.push(JSON.stringify(s)),
  });
  scan(caseName, 'report object', JSON.stringify(report));
  scan(caseName, 'step callbacks', seen.join('\n'));
  scan(caseName, 'text report', formatReport(report, secretList));
  scan(caseName, 'JSON report', reportToJson(report, secretList));
  scan(caseName, 'summary (notification)', summarize(report));
}

async function cliRun(caseName: string, format: 'text' | 'json'): Promise<void> {
  let out = '';
  let err = '';
  const env: Record<string, string> = {
    ASSISTANT_BASE_URL: svc.baseUrl,
    ASSISTANT_TOKEN_REFRESH_URL: svc.tokenRefreshUrl,
    ASSISTANT_PROJECT_ID: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    ASSISTANT_EXECUTE_PROGRAM_URL: svc.executeProgramUrl,
    ASSISTANT_DATA_SOURCE_URL: svc.dataSourceUrl,
    ASSISTANT_PAT: PAT,
    ASSISTANT_API_KEY: API_KEY,
    ASSISTANT_DATA_TOKEN: DATA_TOKEN,
  };
  const io: CliIO = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env,
    cwd: process.cwd(),
    readStdin: () => Promise.resolve(''),
  };
  try {
    await testConnectionCommand(['--format', format], io);
  } catch (e) {
    err += String(e);
  }
  scan(caseName, `CLI ${format} stdout`, out);
  scan(caseName, `CLI ${format} stderr`, err);
}

before(async () => {
  svc = await startEchoService();
});
after(async () => {
  await svc.close();
});

describe('redaction attack: an echoing service never gets a credential printed', () => {
  it(`${cases.length} transformations × 2 token-refresh modes, library and CLI (text, JSON)`, async () => {
    for (const c of cases) {
      svc.transform = c.transform;
      const cut = c.name.startsWith('cut at');
      // The token refresh echoes (the PAT, the API key and the data token reach the service)…
      svc.refresh = { echo: true };
      await libraryRun(c.name);
      if (!cut) {
        await cliRun(c.name, 'text');
        await cliRun(c.name, 'json');
      }
      // …or hands out a JWT, so that the user-scoped query sends (and gets echoed) the JWT.
      svc.refresh = { echo: false, jwt: JWT };
      await libraryRun(c.name);
      if (!cut) await cliRun(c.name, 'json');
    }
    assert.ok(svc.requests > cases.length * 4, `the service was asked ${svc.requests} times`);
    assert.ok(texts > cases.length * 10, `scanned ${texts} texts`);

    const leakingCases = new Set(leaks.map((l) => l.caseName));
    const bySecret = new Map<string, number>();
    const byWhere = new Map<string, number>();
    for (const l of leaks) {
      bySecret.set(l.secret, (bySecret.get(l.secret) ?? 0) + 1);
      byWhere.set(l.where, (byWhere.get(l.where) ?? 0) + 1);
    }
    const summary =
      `${leaks.length} leak(s) in ${leakingCases.size} of ${cases.length} cases (${texts} texts scanned)\n` +
      `by credential: ${JSON.stringify(Object.fromEntries(bySecret))}\n` +
      `by output: ${JSON.stringify(Object.fromEntries(byWhere))}\n` +
      `cases: ${[...leakingCases].join('; ')}`;
    console.log(`redaction attack: ${summary.split('\n')[0]}`);
    assert.equal(leaks.length, 0, summary);
  });
});
