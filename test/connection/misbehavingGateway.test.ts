// Test Connection against a service that misbehaves the way real gateways do (REVIEW11-sec, S-items):
// redirects of every kind (301/302/303/307/308) to another host, another port, plain http://, a
// protocol-relative or backslashed address, an address with user information; an HTML error page
// that echoes the request with the key inside an attribute, a URL, hex entities, JSON \u escapes,
// base64; a 200 of 50 MB (with and without a Content-Length); a body that drips forever; headers
// that never end. Each: no credential leaves the origin the settings name (no request reaches the
// other host), nothing of a credential is in the raw report object or the printed reports, the
// message names what happened, and the run ends within its time limit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { TlsOptions } from 'node:tls';
import { formatReport, reportToJson, runTestConnection } from '../../server/src/connection';
import type { ConnectionOptions, Credentials, StepName, TestConnectionReport } from '../../server/src/connection';
import { base64Middles, echoViews, fakeSecret, KEY_CHARS, mulberry32 } from '../helpers';
import { respond, startHost } from './rawHost';
import type { Answer, Host } from './rawHost';
import { selfSignedCert } from './tls';
import { timed, took } from '../timing';

const SEED = 0x5e05;
const PAT = fakeSecret('pat_', 40, SEED);
const API_KEY = fakeSecret('sk-' + 'proj-', 40, SEED + 1);
const DATA_TOKEN = fakeSecret('dt_', 40, SEED + 2, KEY_CHARS + '/+');
const SECRETS = [PAT, API_KEY, DATA_TOKEN];
const PROJECT = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

let svc: Host;
let other: Host;
let plainTwin: Host;

function options(timeoutMs = 3000): ConnectionOptions {
  return {
    baseUrl: `${svc.origin}/api`,
    tokenRefreshUrl: `${svc.origin}/auth/refresh`,
    projectId: PROJECT,
    executeProgramUrl: `${svc.origin}/api/program`,
    dataSourceUrl: `${svc.origin}/data/v1/sql`,
    timeoutMs,
    env: {},
    ca: selfSignedCert().cert,
  };
}
const credentials = (): Credentials => ({ pat: PAT, apiKey: API_KEY, dataToken: DATA_TOKEN });

// ---------------------------------------------------------------------------------------------
// The scan (apart from redact.ts): runs of 6 of a credential after its public prefix, in any case,
// in the text as printed and after percent, JSON, HTML (decimal and hex) escapes are decoded (and then
// short tags and non-ASCII dropped), and
// runs of 12 of its base64 (any alignment, both alphabets).
const runsOf = (s: string, n: number): Set<string> => {
  const out = new Set<string>();
  const l = s.toLowerCase();
  for (let i = 0; i + n <= l.length; i++) out.add(l.slice(i, i + n));
  return out;
};
function base64Runs(secret: string): Set<string> {
  return new Set(base64Middles(secret).flatMap((m) => [...runsOf(m, 12)]));
}
const PIECES = SECRETS.flatMap((s) => [
  { runs: runsOf(s.slice(4), 6), len: 6 },
  { runs: base64Runs(s), len: 12 },
]);
function leaksIn(text: string): string[] {
  const out: string[] = [];
  for (const t of [text, ...echoViews(text)].map((v) => v.toLowerCase()))
    for (const { runs, len } of PIECES)
      for (let i = 0; i + len <= t.length; i++)
        if (runs.has(t.slice(i, i + len))) {
          out.push(t.slice(Math.max(0, i - 20), i + len + 20));
          break;
        }
  return out;
}

/**
 * A run; its report and every printed form scanned; the time it took less what the machine held this
 * process up (test/timing.ts), and `clock` saying both for a message.
 */
async function run(
  timeoutMs = 3000,
): Promise<{ report: TestConnectionReport; text: string; ms: number; clock: string }> {
  const seen: string[] = [];
  const t = await timed(() =>
    runTestConnection(options(timeoutMs), credentials(), {
      onStep: (s) => seen.push(JSON.stringify(s)),
    }),
  );
  const report = t.value;
  const text = formatReport(report, SECRETS);
  for (const [where, printed] of [
    ['report object', JSON.stringify(report)],
    ['step callbacks', seen.join('\n')],
    ['text report', text],
    ['JSON report', reportToJson(report, SECRETS)],
  ] as const)
    assert.deepEqual(leaksIn(printed), [], `${where}:\n${printed}`);
  return { report, text, ms: t.ownMs, clock: took(t) };
}
const step = (r: TestConnectionReport, n: StepName) => r.steps.find((s) => s.name === n)!;

/** The token refresh answers a JWT; every other request gets `answer`. */
function serveWith(answer: Answer): void {
  svc.answer = (req, socket) => {
    if (req.path.startsWith('/auth/refresh')) {
      const part = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
      const jwt = `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.${fakeSecret('', 43, SEED + 9)}`;
      respond(socket, 200, { 'content-type': 'application/json' }, JSON.stringify({ token: jwt }));
      return;
    }
    answer(req, socket);
  };
}

before(async () => {
  svc = await startHost(true);
  other = await startHost(true);
  plainTwin = await startHost(false);
});
after(async () => {
  await Promise.all([svc.close(), other.close(), plainTwin.close()]);
});

describe('redirects: the credentials never leave the origin the settings name', () => {
  const echo = (req: { head: string; body: string }): string => encodeURIComponent(req.head + req.body).slice(0, 1500);
  const targets: [string, (req: { head: string; body: string }) => string, RegExp][] = [
    ['another host', (r) => `${other.origin}/api/threads?e=${echo(r)}`, /redirect-other-origin/],
    [
      'another port of the same host',
      (r) => `https://127.0.0.1:${new URL(other.origin).port}/x?e=${echo(r)}`,
      /redirect-other-origin/,
    ],
    [
      'plain http:// of the same host and port',
      (r) => `${svc.origin.replace('https:', 'http:')}/api/threads?e=${echo(r)}`,
      /redirect-other-origin/,
    ],
    [
      'plain http:// to a listening twin',
      (r) => `${plainTwin.origin}/api/threads?e=${echo(r)}`,
      /redirect-other-origin/,
    ],
    [
      'a protocol-relative address',
      (r) => `//localhost:${new URL(other.origin).port}/x?e=${echo(r)}`,
      /redirect-other-origin/,
    ],
    [
      'a backslashed address (/\\host)',
      (r) => `/\\localhost:${new URL(other.origin).port}/x?e=${echo(r)}`,
      /redirect-other-origin/,
    ],
    [
      'an address with user information',
      (r) => `https://${echo(r).slice(0, 60)}:pw@127.0.0.1:${new URL(svc.origin).port}/x`,
      /redirect-refused/,
    ],
  ];
  for (const status of [301, 302, 303, 307, 308])
    for (const [what, location, diagnosis] of targets)
      it(`${status} to ${what}: not followed, nothing sent there, said so`, async () => {
        serveWith((req, socket) =>
          respond(
            socket,
            status,
            { location: location(req), 'content-type': 'text/html' },
            `<a href="${location(req)}">moved</a>`,
          ),
        );
        const before = other.hits + plainTwin.hits;
        const { report, text } = await run();
        assert.equal(other.hits + plainTwin.hits, before, 'no request reached another origin');
        for (const n of ['threads-user', 'threads-project', 'execute-program'] as const) {
          const s = step(report, n);
          assert.equal(s.status, 'fail', text);
          // A POST redirected by 301/302/303 to the same origin is refused as a method change; to another origin, as that.
          assert.match(
            `${s.diagnosis}`,
            n === 'execute-program' && /user information/.test(what)
              ? /redirect-refused|redirect-method-change/
              : diagnosis,
            `${n}: ${text}`,
          );
          assert.match(s.message, /redirected \(HTTP \d{3}\)|not followed/, s.message);
        }
      });
});

describe('an HTML error page echoing the request', () => {
  const hex = (t: string): string => t.replace(/[^A-Za-z ]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);
  const pages: [string, (e: string) => string][] = [
    [
      'in an attribute',
      (e) =>
        `<html><body><input type="hidden" name="req" value="${e.replace(/"/g, '&quot;')}"><p>Bad gateway</p></body></html>`,
    ],
    [
      'URL-encoded in a link',
      (e) => `<html><body><a href="/retry?req=${encodeURIComponent(e)}">retry</a></body></html>`,
    ],
    ['in hex entities', (e) => `<html><body><pre>${hex(e)}</pre></body></html>`],
    [
      'as JSON \\u escapes in a script',
      (e) =>
        `<script>var req = "${[...e].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}";</script>`,
    ],
    ['base64 in a data attribute', (e) => `<div data-req="${Buffer.from(e).toString('base64')}">error</div>`],
    ['split by tags', (e) => `<pre>${[...e].map((c, i) => (i % 5 === 4 ? `${c}<wbr>` : c)).join('')}</pre>`],
  ];
  for (const status of [401, 403, 500, 502])
    for (const [what, page] of pages)
      it(`${status}, the key ${what}: nothing of it printed, the status said`, async () => {
        serveWith((req, socket) =>
          respond(
            socket,
            status,
            { 'content-type': 'text/html; charset=utf-8' },
            page(`${req.head}\r\n\r\n${req.body}`),
          ),
        );
        const { report, text } = await run();
        for (const n of ['threads-user', 'threads-project', 'execute-program'] as const)
          assert.equal(step(report, n).httpStatus, status, text);
      });
});

describe('answers too large, dripping or never ending: clear, within the time limit', () => {
  it('a 200 of 50 MB with its Content-Length: too large (threads: its start read), no hang', async () => {
    serveWith((req, socket) => {
      const size = 50 * 1024 * 1024;
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n{"threads":[`);
      const chunk = Buffer.alloc(64 * 1024, '{"id":"x"},');
      let sent = 0;
      const more = (): void => {
        while (sent < size && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', more);
        }
      };
      more();
      void req;
    });
    const { report, text, ms, clock } = await run(6000);
    assert.ok(ms < 6500, clock);
    for (const n of ['threads-user', 'threads-project', 'execute-program'] as const) {
      const s = step(report, n);
      assert.equal(s.httpStatus, 200, text);
    }
    assert.match(text, /larger than|too large|first \d+ (bytes|KB|MB)|read in part|cut/i, text);
  });
  it('a 200 of 50 MB, chunked (no length): the same', async () => {
    serveWith((_req, socket) => {
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n`);
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const more = (): void => {
        while (sent < 50 * 1024 * 1024 && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) return void socket.once('drain', more);
        }
        if (!socket.destroyed) socket.write('0\r\n\r\n');
      };
      more();
    });
    const { report, text, ms, clock } = await run(6000);
    assert.ok(ms < 6500, clock);
    assert.equal(step(report, 'threads-user').httpStatus, 200, text);
    assert.ok(
      report.steps.every((s) => s.status !== 'pass' || s.name === 'settings' || s.name === 'token-refresh'),
      text,
    );
  });
  it('a body that drips a byte every 50 ms and never ends: the time limit ends it, the status kept', async () => {
    const timers = new Set<NodeJS.Timeout>();
    serveWith((_req, socket) => {
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n[\r\n`);
      const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write('1\r\n \r\n')), 50);
      timers.add(t);
    });
    const { report, text, ms, clock } = await run(2000);
    for (const t of timers) clearInterval(t);
    assert.ok(ms < 2600, clock);
    assert.equal(step(report, 'threads-user').httpStatus, 200, text);
    assert.match(text, /time limit of 2000 ms/, text);
  });
  it('headers that never end (one header line every 50 ms): the time limit ends it', async () => {
    const timers = new Set<NodeJS.Timeout>();
    const r = mulberry32(SEED);
    serveWith((_req, socket) => {
      socket.write('HTTP/1.1 200 OK\r\n');
      const t = setInterval(
        () => (socket.destroyed ? clearInterval(t) : socket.write(`x-drip-${Math.floor(r() * 1e6)}: y\r\n`)),
        50,
      );
      timers.add(t);
    });
    const { report, text, ms, clock } = await run(2000);
    for (const t of timers) clearInterval(t);
    assert.ok(ms < 2600, clock);
    assert.equal(step(report, 'threads-user').status, 'fail', text);
    assert.ok(/time limit|timeout|header/i.test(step(report, 'threads-user').message), text);
  });
});

describe('TLS failures of a misbehaving server: named, with nothing of the source paths of OpenSSL, within the time limit', () => {
  const cert = selfSignedCert();
  const cases: [string, () => Server, string, RegExp][] = [
    [
      'a server that offers only TLS 1.0',
      () =>
        createTlsServer(
          { cert: cert.cert, key: cert.key, minVersion: 'TLSv1', maxVersion: 'TLSv1' } as TlsOptions,
          (s) => s.end(),
        ),
      'tls',
      /no TLS version in common \(the server most likely offers only TLS 1\.0 or 1\.1/,
    ],
    [
      'a server that closes the connection after the ClientHello',
      () =>
        createServer((s) => {
          s.on('error', () => undefined);
          s.once('data', () => s.end());
        }),
      'tls',
      /closed during the TLS handshake/,
    ],
    [
      'a server that answers plain HTTP on the https:// port',
      () =>
        createServer((s) => {
          s.on('error', () => undefined);
          s.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
        }),
      'tls-not-tls',
      /does not speak TLS on that port/,
    ],
  ];
  for (const [what, make, diagnosis, says] of cases)
    it(`${what}: ${diagnosis}`, async () => {
      const server = make();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const t = await timed(() =>
          runTestConnection(
            {
              ...options(),
              baseUrl: `${origin}/api`,
              tokenRefreshUrl: `${origin}/auth`,
              executeProgramUrl: undefined,
              dataSourceUrl: undefined,
            },
            credentials(),
          ),
        );
        const report = t.value;
        assert.ok(t.ownMs < 3500, took(t));
        const s = step(report, 'token-refresh');
        const text = formatReport(report, SECRETS);
        assert.equal(s.diagnosis, diagnosis, text);
        assert.match(s.message, says, text);
        assert.doesNotMatch(s.message, /deps\/openssl|\.c:\d+/, s.message);
        assert.deepEqual(leaksIn(JSON.stringify(report)), []);
      } finally {
        server.close();
      }
    });
});
