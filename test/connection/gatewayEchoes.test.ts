// Test Connection against gateways, proxies and error pages that echo the request in the ways the
// other leak tests (misbehavingGateway, stalledEcho, redactionAttack) do not: in answer HEADERS
// (Location, WWW-Authenticate, Set-Cookie, X-Debug-*), in gzip / deflate / br bodies, in chunked
// bodies that split the credential across chunks (and chunk extensions), as JSON \u escapes, URL-encoded
// or base64url, reversed, in part or spaced out on a 401 page; an HTTP/1.0 server that closes without
// a Content-Length, a 407 with no proxy configured and from a configured proxy, a 100 Continue and then
// nothing, a redirect loop on the same origin. Every case: every step that sent a credential fails with
// its own named diagnosis, and nothing of any credential (the PAT, the API key, the data token, the
// JWT's signature, the proxy's password) is in the report object, the step callbacks, the text report
// (what the editor's output channel shows), the JSON report, the summary (the editor's notification),
// nor the CLI's stdout and stderr (text and JSON): no run of 6 characters in any letter case, no word
// of 4 or 5 (README: a quote is withheld for those), no run of 12 of its base64 / base64url, in the
// text as printed, with escapes decoded (test/helpers echoViews), or reversed.
import assert from 'node:assert/strict';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { testConnectionCommand } from '../../server/src/cli/testConnection';
import type { CliIO } from '../../server/src/cli/io';
import { formatReport, reportToJson, runTestConnection, summarize } from '../../server/src/connection';
import type {
  ConnectionOptions,
  Credentials,
  Diagnosis,
  StepName,
  TestConnectionReport,
} from '../../server/src/connection';
import { base64Middles, echoViews, fakeJwt, fakeSecret, KEY_CHARS, readRequests } from '../helpers';
import type { RawRequest } from '../helpers';
import { respond, startHost } from './rawHost';
import type { Answer, Host } from './rawHost';
import { timed, took } from '../timing';

const SEED = 0x5ec14;
const PAT = fakeSecret('pat_', 40, SEED);
const API_KEY = fakeSecret('sk-' + 'proj-', 40, SEED + 1);
const DATA_TOKEN = fakeSecret('dt_', 40, SEED + 2, KEY_CHARS + '/+');
const JWT = fakeJwt(SEED + 3, { sub: 'gateway-echo', exp: Math.floor(Date.now() / 1000) + 3600 });
const PROXY_PASSWORD = fakeSecret('', 24, SEED + 4);
const PROJECT = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
/** What is scanned for: each credential after its public prefix (the JWT: its signature). */
const SECRET_CORES: [string, string][] = [
  ['PAT', PAT.slice(4)],
  ['API key', API_KEY.slice(8)],
  ['data token', DATA_TOKEN.slice(3)],
  ['JWT signature', JWT.split('.')[2]!],
  ['proxy password', PROXY_PASSWORD],
];
const ALL_SECRETS = [PAT, API_KEY, DATA_TOKEN, JWT, PROXY_PASSWORD];

// ---------------------------------------------------------------------------------------------
// The scan (apart from redact.ts: the test must not share the code it checks).

const runsOf = (s: string, n: number, lower = true): Set<string> => {
  const out = new Set<string>();
  const t = lower ? s.toLowerCase() : s;
  for (let i = 0; i + n <= t.length; i++) out.add(t.slice(i, i + n));
  return out;
};
const reverse = (t: string): string => [...t].reverse().join('');
const SIX = SECRET_CORES.map(([name, core]) => ({ name, runs: runsOf(core, 6) }));
const B64 = SECRET_CORES.map(([name, core]) => ({
  name,
  runs: new Set(base64Middles(core).flatMap((m) => [...runsOf(m, 12)])),
}));

/**
 * What answers sent in a form the views below do not decode (`%u0070`, `\\u{70}`, `&#x70` without
 * its `;`, ANSI colours between characters): each encoded text, and how many of its characters
 * carry 4 of a credential's. No window of that many of it may be printed. Emptied before each case.
 */
const sent: { text: string; unit: number }[] = [];
/** Records `text` (built from a credential, `unit` characters of it per 4 of the credential's) as sent. */
const sendEncoded = (text: string, unit: number): string => {
  sent.push({ text, unit });
  return text;
};

/** What of a credential a printed text holds (empty: nothing). */
function leaksIn(text: string): string[] {
  const out: string[] = [];
  for (const view of [text, ...echoViews(text)])
    for (const { text: t, unit } of sent)
      for (let i = 0; i + unit <= t.length; i++)
        if (view.includes(t.slice(i, i + unit))) {
          out.push(`sent encoded: …${t.slice(i, i + unit)}…`);
          break;
        }
  const views = [text, ...echoViews(text)];
  for (const view of [...views, ...views.map(reverse)]) {
    const lower = view.toLowerCase();
    for (const { name, runs } of SIX)
      for (let i = 0; i + 6 <= lower.length; i++)
        if (runs.has(lower.slice(i, i + 6))) {
          out.push(`${name}: 6 characters …${view.slice(Math.max(0, i - 20), i + 26)}…`);
          break;
        }
    for (const { name, runs } of B64)
      for (let i = 0; i + 12 <= lower.length; i++)
        if (runs.has(lower.slice(i, i + 12))) {
          out.push(`${name}: base64 …${view.slice(Math.max(0, i - 20), i + 32)}…`);
          break;
        }
  }
  // A word of 4 or 5 letters and digits that stands in a credential (as printed, and decoded).
  for (const view of [text, echoViews(text)[0]])
    for (const m of view.matchAll(/(?<![A-Za-z0-9])[A-Za-z0-9]{4,5}(?![A-Za-z0-9])/g))
      for (const [name, core] of SECRET_CORES)
        if (/[0-9]/.test(m[0]) && /[A-Za-z]/.test(m[0]) && core.includes(m[0]))
          out.push(`${name}: the word ${m[0]} …${view.slice(Math.max(0, m.index - 20), m.index + 25)}…`);
  return out;
}

// ---------------------------------------------------------------------------------------------

let svc: Host;

function options(extra: Partial<ConnectionOptions> = {}): ConnectionOptions {
  return {
    baseUrl: `${svc.origin}/api`,
    tokenRefreshUrl: `${svc.origin}/auth/refresh`,
    projectId: PROJECT,
    executeProgramUrl: `${svc.origin}/api/program`,
    dataSourceUrl: `${svc.origin}/data/v1/sql`,
    timeoutMs: 3000,
    env: {},
    ...extra,
  };
}
const credentials = (): Credentials => ({ pat: PAT, apiKey: API_KEY, dataToken: DATA_TOKEN });

interface Printed {
  report: TestConnectionReport;
  text: string;
  /** The library run's time less what the machine held this process up (test/timing.ts). */
  ms: number;
  /** Both, for a message. */
  clock: string;
}

/** A library run and two CLI runs (text, JSON); every output scanned. */
async function run(extra: Partial<ConnectionOptions> = {}, cli = true): Promise<Printed> {
  const seen: string[] = [];
  const t = await timed(() =>
    runTestConnection(options(extra), credentials(), {
      onStepStart: (name, title) => seen.push(`${name} ${title}`),
      onStep: (s) => seen.push(JSON.stringify(s)),
    }),
  );
  const report = t.value;
  const text = formatReport(report, ALL_SECRETS);
  const outputs: [string, string][] = [
    ['report object', JSON.stringify(report)],
    ['step callbacks', seen.join('\n')],
    ['text report (output channel)', text],
    ['JSON report', reportToJson(report, ALL_SECRETS)],
    ['summary (notification)', summarize(report)],
  ];
  if (cli && !extra.proxy)
    for (const format of ['text', 'json'] as const) {
      let out = '';
      let err = '';
      const o = options(extra);
      const io: CliIO = {
        stdout: (s) => (out += s),
        stderr: (s) => (err += s),
        env: {
          ASSISTANT_BASE_URL: o.baseUrl,
          ASSISTANT_TOKEN_REFRESH_URL: o.tokenRefreshUrl,
          ASSISTANT_PROJECT_ID: PROJECT,
          ASSISTANT_EXECUTE_PROGRAM_URL: o.executeProgramUrl,
          ASSISTANT_DATA_SOURCE_URL: o.dataSourceUrl,
          ASSISTANT_TIMEOUT_MS: String(o.timeoutMs),
          ASSISTANT_PAT: PAT,
          ASSISTANT_API_KEY: API_KEY,
          ASSISTANT_DATA_TOKEN: DATA_TOKEN,
        },
        cwd: process.cwd(),
        readStdin: () => Promise.resolve(''),
      };
      const code = await testConnectionCommand(['--format', format], io);
      assert.equal(code, 1, `CLI ${format}: a failed run exits 1\n${out}${err}`);
      outputs.push([`CLI ${format} stdout`, out], [`CLI ${format} stderr`, err]);
    }
  for (const [where, printed] of outputs) assert.deepEqual(leaksIn(printed), [], `${where}:\n${printed}`);
  return { report, text, ms: t.ownMs, clock: took(t) };
}
const step = (r: TestConnectionReport, n: StepName) => r.steps.find((s) => s.name === n)!;

/** The token refresh answers the JWT (or `refresh`, when given); every other request gets `answer`. */
function serveWith(answer: Answer, refresh?: Answer): void {
  svc.answer = (req, socket) => {
    if (req.path.startsWith('/auth/refresh'))
      return refresh
        ? refresh(req, socket)
        : respond(socket, 200, { 'content-type': 'application/json' }, JSON.stringify({ token: JWT }));
    answer(req, socket);
  };
}

/** The whole request as a debug page shows it. */
const echoOf = (req: RawRequest): string => `${req.head}\r\n\r\n${req.body}`;
/** The Authorization header's value (`Bearer …`). */
const authOf = (req: RawRequest): string => /\r\nauthorization: *([^\r\n]*)/i.exec(req.head)?.[1] ?? '';
/** The credential the Authorization header carries. */
const credOf = (req: RawRequest): string => authOf(req).replace(/^\S+ +/, '');
const html = (t: string): string => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const uEscaped = (t: string): string =>
  [...t].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const headerSafe = (t: string): string => t.replace(/[\r\n]+/g, ' ').slice(0, 2000);

/** The diagnosis each step that sent a credential ends with, for an answer of `status` to all of them. */
const byStatus = (status: number): Record<'threads-user' | 'threads-project' | 'execute-program', Diagnosis> =>
  status === 401
    ? { 'threads-user': 'jwt-refused', 'threads-project': 'api-key-refused', 'execute-program': 'api-key-refused' }
    : status === 403
      ? { 'threads-user': 'forbidden', 'threads-project': 'forbidden', 'execute-program': 'forbidden' }
      : { 'threads-user': 'server-error', 'threads-project': 'server-error', 'execute-program': 'server-error' };

interface Case {
  name: string;
  answer: Answer;
  /** Each credential-carrying step's diagnosis (and its HTTP status when one is kept). */
  expect: Partial<Record<StepName, Diagnosis>>;
  status?: number;
  /** What the token refresh answers instead of a JWT. */
  refresh?: Answer;
  /** The step message must say this. */
  says?: RegExp;
  timeoutMs?: number;
  /** The run must not wait for its time limit (nothing here stalls once it is read for what it is). */
  fast?: boolean;
}

/** Server-sent events that never end: an event echoing the request every 20 ms (chunked). */
const endlessEvents: Answer = (req, s) => {
  s.write('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n');
  const t = setInterval(() => {
    if (s.destroyed) return void clearInterval(t);
    const event = `data: ${JSON.stringify({ echo: echoOf(req) })}\n\n`;
    s.write(`${Buffer.byteLength(event).toString(16)}\r\n${event}\r\n`);
  }, 20);
  s.once('close', () => clearInterval(t));
};
/** A login page, as an SSO gateway in front of the service answers: 200, HTML, the request echoed in a hidden field. */
const loginPage: Answer = (req, s) =>
  respond(
    s,
    200,
    { 'content-type': 'text/html; charset=utf-8' },
    `<!doctype html><html><head><title>Sign in</title></head><body><form method="post" action="/sso/login"><input type="hidden" name="original" value="${html(echoOf(req))}"><input name="username"><input type="password" name="password"><button>Sign in</button></form></body></html>`,
  );
const cases: Case[] = [
  // Echoes in answer headers.
  {
    name: 'a 401 with a Location carrying the whole request (URL-encoded)',
    answer: (req, s) =>
      respond(s, 401, {
        location: `/login?next=${encodeURIComponent(echoOf(req)).slice(0, 3000)}`,
        'www-authenticate': 'Bearer realm="api"',
      }),
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'WWW-Authenticate quoting the credential in error_description',
    answer: (req, s) =>
      respond(s, 401, {
        'www-authenticate': `Bearer realm="api", error="invalid_token", error_description="The token ${credOf(req)} is not valid"`,
      }),
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'WWW-Authenticate quoting the whole Authorization header, reversed',
    answer: (req, s) =>
      respond(s, 401, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${reverse(authOf(req))}"`,
      }),
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'WWW-Authenticate quoting the credential in part (its first 12, its last 8, 5 as a word)',
    answer: (req, s) =>
      respond(s, 401, {
        'www-authenticate': `Bearer error="invalid_token", error_description="token starting ${credOf(req).slice(0, 12)} and ending ${credOf(req).slice(-8)} (key ${credOf(req).slice(-5)}) was revoked"`,
      }),
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'Set-Cookie carrying the Authorization header in base64 and in clear',
    answer: (req, s) =>
      respond(
        s,
        403,
        {
          'set-cookie': `dbg=${Buffer.from(authOf(req)).toString('base64')}; Path=/; HttpOnly`,
          'Set-Cookie': `raw=${encodeURIComponent(credOf(req))}; Path=/`,
          'content-type': 'application/json',
        },
        JSON.stringify({ error: 'forbidden', message: 'Access denied' }),
      ),
    expect: byStatus(403),
    status: 403,
  },
  {
    name: 'X-Debug headers echoing the request (JSON-escaped) and the Authorization header',
    answer: (req, s) =>
      respond(
        s,
        500,
        {
          'x-debug-request': headerSafe(JSON.stringify(echoOf(req))),
          'x-debug-authorization': authOf(req),
          'x-amzn-errortype': `UnauthorizedException:${credOf(req)}`,
          'content-type': 'application/json',
        },
        JSON.stringify({ message: 'Internal server error' }),
      ),
    expect: byStatus(500),
    status: 500,
    says: /Internal server error/,
  },
  // Encoded bodies.
  ...(
    [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const
  ).flatMap(([coding, compress]): Case[] => [
    {
      name: `a ${coding}-encoded JSON 401 echoing the request`,
      answer: (req, s) =>
        respond(
          s,
          401,
          { 'content-type': 'application/json', 'content-encoding': coding },
          compress(Buffer.from(JSON.stringify({ error: 'unauthorized', message: echoOf(req) }))),
        ),
      expect: byStatus(401),
      status: 401,
    },
    {
      name: `a ${coding}-encoded HTML 502 page echoing the request, chunked`,
      answer: (req, s) => {
        const body = compress(
          Buffer.from(`<html><body><h1>Bad gateway</h1><pre>${html(echoOf(req))}</pre></body></html>`),
        );
        respond(s, 502, { 'content-type': 'text/html', 'content-encoding': coding, 'transfer-encoding': 'chunked' });
        for (let i = 0; i < body.length; i += 7) {
          const c = body.subarray(i, i + 7);
          s.write(Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]));
        }
        s.write('0\r\n\r\n');
      },
      expect: byStatus(502),
      status: 502,
    },
  ]),
  {
    name: 'a body that says gzip but is the plain echo (a broken gateway)',
    answer: (req, s) => respond(s, 401, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, echoOf(req)),
    expect: byStatus(401),
    status: 401,
    says: /answered HTTP 401 \(its body, marked Content-Encoding: gzip, does not decode; not shown\)/,
  },
  {
    name: 'a 200 whose body says br but is the plain echo',
    answer: (req, s) =>
      respond(
        s,
        200,
        { 'content-type': 'application/json', 'content-encoding': 'br' },
        JSON.stringify({ echo: echoOf(req) }),
      ),
    expect: { 'threads-user': 'network', 'threads-project': 'network', 'execute-program': 'network' },
    status: 200,
    says: /answered HTTP 200 with a body marked Content-Encoding: br that does not decode/,
  },
  // Chunked bodies that split the credential.
  {
    name: 'chunked, the echo in chunks of 3 bytes (every credential split across chunks)',
    answer: (req, s) => {
      respond(s, 401, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
      const body = Buffer.from(`Unauthorized: ${echoOf(req)}`);
      for (let i = 0; i < body.length; i += 3) {
        const c = body.subarray(i, i + 3);
        s.write(Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]));
      }
      s.write('0\r\n\r\n');
    },
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'chunked, pieces of the credential in chunk extensions and in a trailer',
    answer: (req, s) => {
      respond(s, 401, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', trailer: 'x-echo' });
      const cred = credOf(req);
      const body = JSON.stringify({ error: 'unauthorized', error_description: cred });
      for (let i = 0; i < body.length; i += 5)
        s.write(
          `${Buffer.byteLength(body.slice(i, i + 5)).toString(16)};piece=${cred.slice(i % cred.length, (i % cred.length) + 5)}\r\n${body.slice(i, i + 5)}\r\n`,
        );
      s.write(`0\r\nx-echo: ${authOf(req)}\r\n\r\n`);
    },
    expect: byStatus(401),
    status: 401,
  },
  // Encodings of the credential in a body.
  {
    name: 'JSON whose message is the whole request in \\u escapes',
    answer: (req, s) =>
      respond(s, 401, { 'content-type': 'application/json' }, `{"message":"${uEscaped(echoOf(req))}"}`),
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'JSON error_description: the credential in \\u escapes, URL-encoded, base64url, base64url after 1 and 2 bytes',
    answer: (req, s) => {
      const c = credOf(req);
      respond(
        s,
        401,
        { 'content-type': 'application/json' },
        JSON.stringify({
          error: 'invalid_token',
          error_description: `token ${c.slice(0, 3)}…`,
          message: `seen: ${encodeURIComponent(c)}`,
          detail: Buffer.from(c).toString('base64url'),
          hint: [Buffer.from(`x${c}`).toString('base64url'), Buffer.from(`xy${c}`).toString('base64url')],
        }).replace(/"seen: /, `"${uEscaped(c)} seen: `),
      );
    },
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'a 401 page echoing the Authorization header reversed, in part, and spaced out',
    answer: (req, s) => {
      const a = authOf(req);
      const c = credOf(req);
      respond(
        s,
        401,
        { 'content-type': 'text/html' },
        `<html><body><h1>401 Unauthorized</h1><p>Header: ${html(reverse(a))}</p><p>Key: …${html(c.slice(10, 20))}…</p><p>${html([...c].join(' '))}</p><p>${html(c.toUpperCase())}</p></body></html>`,
      );
    },
    expect: byStatus(401),
    status: 401,
  },
  // Framing.
  {
    name: 'an HTTP/1.0 401 without Content-Length that closes the connection after the echo',
    answer: (req, s) => {
      s.end(`HTTP/1.0 401 Unauthorized\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nDenied. ${echoOf(req)}`);
    },
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'a 407 although no proxy is configured, echoing the request in Proxy-Authenticate and the body',
    answer: (req, s) =>
      respond(
        s,
        407,
        {
          'proxy-authenticate': `Basic realm="${headerSafe(authOf(req))}"`,
          'content-type': 'text/html',
        },
        `<p>Proxy authentication required</p><pre>${html(echoOf(req))}</pre>`,
      ),
    expect: { 'threads-user': 'proxy', 'threads-project': 'proxy', 'execute-program': 'proxy' },
    says: /407 \(Proxy Authentication Required\) although no proxy is configured/,
  },
  // REVIEW15-sec M1-M6: as real services misbehave.
  {
    name: 'M1: the token refresh answers 200 with an HTML login page (an SSO gateway), the request echoed in it',
    refresh: loginPage,
    answer: loginPage,
    expect: { 'token-refresh': 'not-json', 'threads-project': 'not-json', 'execute-program': 'not-json' },
    says: /answered HTTP 200 with a body that is not JSON \(text\/html; charset=utf-8\)\.$/,
  },
  {
    name: 'M1b: every API call answers 200 with the login page (program execution no longer passes on it)',
    answer: loginPage,
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'not-json' },
    says: /answered HTTP 200 with a body that is not JSON \(text\/html; charset=utf-8\)\.$/,
  },
  {
    name: 'M4: a 302 on the same origin whose Location query holds the credential, then the login page',
    answer: (req, s) =>
      req.path.startsWith('/sso')
        ? loginPage(req, s)
        : respond(s, 302, {
            location: `/sso/login?token=${encodeURIComponent(credOf(req))}&next=${encodeURIComponent(req.path)}`,
          }),
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'redirect-method-change' },
    says: /answered HTTP (200 \(after a redirect \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/sso\/login\) with a body that is not JSON|302, a redirect to \/sso\/login that turns the POST into a GET; not followed)/,
  },
  {
    name: 'M4c: a 302 on the same origin whose Location path holds the credential, then the login page',
    answer: (req, s) =>
      req.path.startsWith('/sso')
        ? loginPage(req, s)
        : respond(s, 302, { location: `/sso/${encodeURIComponent(credOf(req))}/login` }),
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'redirect-method-change' },
  },
  {
    name: 'M4b: a 307 to another origin whose Location query holds the credential',
    answer: (req, s) =>
      respond(s, 307, {
        location: `https://sso.example.invalid/login?access_token=${encodeURIComponent(credOf(req))}`,
      }),
    expect: {
      'threads-user': 'redirect-other-origin',
      'threads-project': 'redirect-other-origin',
      'execute-program': 'redirect-other-origin',
    },
    status: 307,
    says: /redirected \(HTTP 307\) to another origin, https:\/\/sso\.example\.invalid; not followed, so that credentials are not sent there\.$/,
  },
  {
    name: 'M5: server-sent events that never end (200, text/event-stream), each event echoing the request',
    answer: endlessEvents,
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json' },
    says: /answered HTTP 200 with a stream of server-sent events \(text\/event-stream\), not a JSON answer; the stream was not read\.$/,
    fast: true,
  },
  {
    name: 'M5c: a 401 as endless server-sent events echoing the request: the 401 kept',
    answer: (req, s) => {
      s.write('HTTP/1.1 401 Unauthorized\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n');
      endlessEvents(req, s);
    },
    expect: byStatus(401),
    status: 401,
    says: /answered HTTP 401 \(its body, a stream of server-sent events \(text\/event-stream\), not read\)\.$/,
    fast: true,
  },
  {
    name: 'M5b: the token refresh answers with endless server-sent events',
    refresh: endlessEvents,
    answer: endlessEvents,
    expect: { 'token-refresh': 'not-json', 'threads-project': 'not-json' },
    says: /with a stream of server-sent events \(text\/event-stream\), not a JSON answer; the stream was not read\.$/,
    fast: true,
  },
  {
    name: 'M6: a 200 whose headers promise a body, then the connection closes',
    answer: (_req, s) => {
      s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 512\r\n\r\n');
    },
    expect: { 'threads-user': 'network', 'threads-project': 'network', 'execute-program': 'network' },
    status: 200,
    says: /answered HTTP 200, then the connection closed after 0 of 512 bytes of its body: the answer is incomplete\.$/,
    fast: true,
  },
  {
    name: 'M6b: a 401 whose headers promise a body, then the connection closes',
    answer: (_req, s) => {
      s.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: 512\r\n\r\n');
    },
    expect: byStatus(401),
    status: 401,
    says: /answered HTTP 401 \(then the connection closed after 0 of 512 bytes of its body\)\.$/,
    fast: true,
  },
  {
    name: 'M6c: the token refresh: headers, then the connection closes',
    refresh: (_req, s) => {
      s.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 512\r\n\r\n{"tok');
    },
    answer: loginPage,
    expect: { 'token-refresh': 'network' },
    status: 200,
    says: /answered HTTP 200, then the connection closed after 5 of 512 bytes of its body: the answer is incomplete\.$/,
    fast: true,
  },
  {
    name: 'a 100 Continue, then nothing',
    answer: (_req, s) => void s.write('HTTP/1.1 100 Continue\r\n\r\n'),
    expect: {
      'threads-user': 'unexpected-status',
      'threads-project': 'unexpected-status',
      'execute-program': 'unexpected-status',
    },
    says: /an interim 100 \(Continue\) that was not asked for/,
    timeoutMs: 2000,
  },
  {
    name: 'a redirect loop on the same origin, each Location carrying the request',
    answer: (req, s) =>
      respond(s, 307, {
        location: `/loop/${req.path.startsWith('/loop/a') ? 'b' : 'a'}?echo=${encodeURIComponent(echoOf(req)).slice(0, 2000)}`,
      }),
    expect: {
      'threads-user': 'too-many-redirects',
      'threads-project': 'too-many-redirects',
      'execute-program': 'too-many-redirects',
    },
    says: /More than 5 redirects/,
  },
  {
    name: 'a redirect to the very same address (308), forever',
    answer: (req, s) => respond(s, 308, { location: req.path }),
    expect: {
      'threads-user': 'too-many-redirects',
      'threads-project': 'too-many-redirects',
      'execute-program': 'too-many-redirects',
    },
  },
];

// redteam18: what the cases above did not try. Pieces of 5 (shorter than the 6 that redaction of
// our own text takes) in what a message names of an answer besides its quoted body: its Content-Type
// and a redirect's path, whole or cut by the message's length limit; and escapes the views above do
// not decode.
/** Five letters and digits (both) of the credential a request carries, from its end (a JWT: its signature). */
const pieceOf = (req: RawRequest): string => {
  const c = credOf(req);
  for (let i = c.length - 5; i >= 0; i--) {
    const p = c.slice(i, i + 5);
    if (/^[A-Za-z0-9]{5}$/.test(p) && /[0-9]/.test(p) && /[A-Za-z]/.test(p)) return p;
  }
  return c.slice(-5);
};
/** `text`, then `piece` after as many `x` as make `piece` end where a cut at `at` characters falls (`pre` before it all). */
const atCut = (pre: string, piece: string, at: number): string =>
  `${pre}${'x'.repeat(Math.max(0, at - pre.length - piece.length - 1))}.${piece}${'x'.repeat(20)}`;
const perChar = (name: string, enc: (code: number) => string, unit: number): Case => ({
  name: `redteam18: a 401 page writing the credential ${name}`,
  answer: (req, s) =>
    respond(
      s,
      401,
      { 'content-type': 'text/plain' },
      `Unauthorized: ${sendEncoded([...credOf(req)].map((c) => enc(c.charCodeAt(0))).join(''), 4 * unit)} was refused`,
    ),
  expect: byStatus(401),
  status: 401,
});
const hex = (c: number): string => c.toString(16).padStart(2, '0');
const redteam18: Case[] = [
  {
    name: 'redteam18: a 200 page whose Content-Type ends in 5 characters of the credential where the message cuts it',
    answer: (req, s) =>
      respond(
        s,
        200,
        { 'content-type': atCut('text/html; charset=utf-8; session=', pieceOf(req), 60) },
        '<html><body>Sign in</body></html>',
      ),
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'not-json' },
  },
  {
    name: 'redteam18: a 200 page whose Content-Type names 5 characters of the credential',
    answer: (req, s) =>
      respond(s, 200, { 'content-type': `text/html; key=${pieceOf(req)}` }, '<html><body>Sign in</body></html>'),
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'not-json' },
  },
  {
    name: 'redteam18: a 200 with invalid JSON whose Content-Type names 5 characters of the credential',
    answer: (req, s) => respond(s, 200, { 'content-type': `application/json; key=${pieceOf(req)}` }, '{"threads": ['),
    expect: { 'threads-user': 'invalid-json', 'threads-project': 'invalid-json' },
  },
  {
    name: 'redteam18: a same-origin redirect whose path holds 5 characters of the credential, then the login page',
    answer: (req, s) =>
      req.path.startsWith('/sso') ? loginPage(req, s) : respond(s, 307, { location: `/sso/${pieceOf(req)}/login` }),
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'not-json' },
  },
  {
    name: 'redteam18: a same-origin redirect whose path ends in 5 characters of the credential where the message cuts it',
    answer: (req, s) =>
      req.path.startsWith('/sso')
        ? loginPage(req, s)
        : respond(s, 307, { location: atCut('/sso/', pieceOf(req), 100 - svc.origin.length) }),
    expect: { 'threads-user': 'not-json', 'threads-project': 'not-json', 'execute-program': 'not-json' },
  },
  perChar('as %u escapes (IIS, JavaScript escape())', (c) => `%u00${hex(c)}`, 6),
  perChar('as \\u{…} escapes (JavaScript, Rust, Swift)', (c) => `\\u{${hex(c)}}`, 6),
  perChar('as \\U escapes (Python, C)', (c) => `\\U000000${hex(c)}`, 10),
  perChar('as HTML character references without their ";" (hex)', (c) => `&#x${hex(c)}`, 5),
  perChar('as HTML character references without their ";" (decimal)', (c) => `&#${c}`, 4),
  perChar('with a terminal colour code before each character', (c) => `\u001b[3${c % 8}m${String.fromCharCode(c)}`, 6),
  {
    name: 'redteam18: a 401 whose JSON message is the request in base64, twice',
    answer: (req, s) =>
      respond(
        s,
        401,
        { 'content-type': 'application/json' },
        JSON.stringify({
          message: sendEncoded(Buffer.from(Buffer.from(echoOf(req)).toString('base64')).toString('base64'), 16),
        }),
      ),
    expect: byStatus(401),
    status: 401,
  },
  {
    name: 'redteam18: a 401 whose JSON message is the Authorization header in base64 of its UTF-16 (.NET)',
    answer: (req, s) =>
      respond(
        s,
        401,
        { 'content-type': 'application/json' },
        JSON.stringify({ message: sendEncoded(Buffer.from(authOf(req), 'utf16le').toString('base64'), 16) }),
      ),
    expect: byStatus(401),
    status: 401,
  },
  ...(
    [
      ['reversed, then in hex', (c: string) => Buffer.from(reverse(c)).toString('hex')],
      ['upper-cased, then in base64', (c: string) => Buffer.from(c.toUpperCase()).toString('base64')],
      ['lower-cased, then in base64', (c: string) => Buffer.from(c.toLowerCase()).toString('base64')],
    ] as const
  ).map(([how, encode]): Case => ({
    name: `redteam18: a 401 page with the credential ${how}`,
    answer: (req, s) =>
      respond(s, 401, { 'content-type': 'text/plain' }, `Denied ${sendEncoded(encode(credOf(req)), 12)}`),
    expect: byStatus(401),
    status: 401,
  })),
  {
    name: 'redteam18: a 401 page whose 200-character excerpt ends in 5 characters of the credential',
    answer: (req, s) =>
      respond(s, 401, { 'content-type': 'text/plain' }, atCut('Unauthorized: session ', pieceOf(req), 200)),
    expect: byStatus(401),
    status: 401,
  },
];
cases.push(...redteam18);

before(async () => {
  svc = await startHost(false);
});
after(async () => {
  await svc.close();
});

describe('gateways, proxies and error pages echoing the request: a named failure, nothing of a credential printed', () => {
  it('the scan finds a credential as the answers below show it', () => {
    const c = API_KEY;
    for (const shown of [
      c,
      c.toUpperCase(),
      reverse(c),
      encodeURIComponent(c),
      uEscaped(c),
      Buffer.from(`xy${c}`).toString('base64url'),
      `key ${c.slice(-5)} was revoked`,
      html([...c].join(' ')),
    ])
      assert.notDeepEqual(leaksIn(`before ${shown} after`), [], shown);
    assert.deepEqual(leaksIn(`nothing of it: ${PROJECT} ${c.slice(0, 8 + 3)} ${c.slice(-3)}`), []);
  });

  for (const c of cases)
    it(c.name, async () => {
      sent.length = 0;
      serveWith(c.answer, c.refresh);
      const hits = svc.hits;
      const { report, text, ms, clock } = await run({ timeoutMs: c.timeoutMs ?? 3000 });
      assert.ok(svc.hits > hits, 'the service was asked');
      assert.equal(report.ok, false, text);
      for (const [name, diagnosis] of Object.entries(c.expect) as [StepName, Diagnosis][]) {
        const s = step(report, name);
        assert.equal(s.status, 'fail', `${name}:\n${text}`);
        assert.equal(s.diagnosis, diagnosis, `${name}:\n${text}`);
        if (c.status !== undefined) assert.equal(s.httpStatus, c.status, `${name}:\n${text}`);
        if (c.says) assert.match(s.message, c.says, `${name}:\n${text}`);
        assert.ok(s.advice && s.advice.length > 20, `${name}: a failure says what to do`);
      }
      assert.ok(ms < (c.fast ? 1500 : (c.timeoutMs ?? 3000) + 800), clock);
    });
});

describe('a configured proxy that answers 407 to CONNECT, echoing what it was sent', () => {
  let proxy: Server;
  let proxyUrl = '';
  const sockets = new Set<Socket>();
  before(async () => {
    proxy = createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
      let got = '';
      s.on('data', (c: Buffer) => {
        got += c.toString('latin1');
        if (!got.includes('\r\n\r\n')) return;
        const auth = /\r\nproxy-authorization: *([^\r\n]*)/i.exec(got)?.[1] ?? '';
        const decoded = Buffer.from(auth.replace(/^Basic +/i, ''), 'base64').toString('latin1');
        const body = `<p>Proxy authentication failed for ${html(decoded)}</p><pre>${html(got)}</pre>`;
        s.end(
          `HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="${headerSafe(decoded)}"\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://gateway-user:${PROXY_PASSWORD}@127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });
  it('proxy, named; nothing of the proxy password nor of a credential printed', async () => {
    // A host that is not loopback, so that the proxy is used (it never tunnels: it refuses every CONNECT).
    const far = 'https://assistant.gateway-echo.test';
    const { report, text } = await run(
      {
        proxy: proxyUrl,
        baseUrl: `${far}/api`,
        tokenRefreshUrl: `${far}/auth/refresh`,
        executeProgramUrl: `${far}/api/program`,
        dataSourceUrl: `${far}/data/v1/sql`,
      },
      false,
    );
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'proxy', text);
    assert.match(s.message, /proxy/i, text);
    assert.doesNotMatch(text, /gateway-user/, 'not even the proxy user name is needed');
  });
});

describe('the raw request reader of these tests', () => {
  it('reads two requests that arrive in one packet', async () => {
    const seen: string[] = [];
    const server = createServer((s) => {
      readRequests(s, (r) => {
        seen.push(`${r.path} ${r.body}`);
        if (seen.length === 2) s.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const { connect } = await import('node:net');
    await new Promise<void>((resolve) => {
      const c = connect(port, '127.0.0.1', () =>
        c.write('POST /a HTTP/1.1\r\ncontent-length: 2\r\n\r\nhiGET /b HTTP/1.1\r\n\r\n'),
      );
      c.on('close', () => resolve());
      c.resume();
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    assert.deepEqual(seen, ['/a hi', '/b ']);
  });
});
