// REVIEW4 Test Connection diagnoses: a JWT whose exp no Date holds (G11), 429 / 503 with
// Retry-After (G6), a 407 from the address itself (G8), JSON with a byte order mark and invalid
// JSON that says it is JSON (G9), redirects to an address with user info or to javascript:/data:
// (G7), and the headline of a run that ran out of time (G17). Against a local service whose
// answer per path is set by each test; no timing: every wait is on a request's answer.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { formatReport, runTestConnection, summarize } from '../../server/src/connection';
import type { ConnectionOptions, Credentials, StepResult, TestConnectionReport } from '../../server/src/connection';
import { retryAfter } from '../../server/src/connection/steps';
import { redactWork } from '../../server/src/shared/redact';

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
const jwtWith = (payload: Record<string, unknown>): string =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'review4', ...payload })}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk`;
// Generated, not written: no credential-shaped literal in the test.
const fake = (tag: string): string =>
  `${tag}_${Buffer.from(`review4 ${tag} fake credential`).toString('hex').slice(0, 32)}`;
const CREDENTIALS: Credentials = { pat: fake('pat'), apiKey: fake('key'), dataToken: fake('dtok') };

interface Answer {
  status: number;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
}
/** What each path answers: /refresh, /api/threads, /program. */
let answers: Record<string, (headers: IncomingHttpHeaders) => Answer> = {};
let server: Server;
let origin = '';
before(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const answer = answers[path]?.(req.headers) ?? { status: 404, body: '{"error":"not_found"}' };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ok = (body: unknown): Answer => ({ status: 200, body: JSON.stringify(body) });
const threadsOk = (): Answer => ok({ threads: [] });
function options(extra: Partial<ConnectionOptions> = {}): ConnectionOptions {
  return {
    baseUrl: `${origin}/api`,
    tokenRefreshUrl: `${origin}/refresh`,
    projectId: '123e4567-e89b-12d3-a456-426614174000',
    timeoutMs: 10_000,
    env: {},
    now: () => Date.UTC(2026, 10, 23, 6, 0, 0),
    ...extra,
  };
}
const run = (): Promise<TestConnectionReport> => runTestConnection(options(), CREDENTIALS);
const step = (r: TestConnectionReport, name: StepResult['name']): StepResult => {
  const s = r.steps.find((x) => x.name === name);
  assert.ok(s, `no step ${name}`);
  return s;
};

describe('G11: a JWT whose exp lies beyond what a Date holds', () => {
  for (const exp of [1e300, 9999999999999]) {
    it(`exp ${exp}: token refresh passes, the JWT is used, nothing throws`, async () => {
      answers = { '/refresh': () => ok({ token: jwtWith({ exp }) }), '/api/threads': threadsOk };
      const r = await run();
      const refresh = step(r, 'token-refresh');
      assert.equal(refresh.status, 'pass', refresh.message);
      assert.match(refresh.message, /beyond any date a clock can show, so it is taken as never expiring/);
      assert.doesNotMatch(JSON.stringify(r), /Invalid time value/);
      assert.equal(step(r, 'threads-user').status, 'pass');
      assert.equal(r.tokenExpiresAt, undefined);
      assert.ok(formatReport(r).length > 0);
    });
  }
  it('exp in milliseconds is named as such; exp as a string is not called "no exp claim"', async () => {
    const ms = Date.UTC(2026, 10, 23, 8, 0, 0);
    answers = { '/refresh': () => ok({ token: jwtWith({ exp: ms }) }), '/api/threads': threadsOk };
    let refresh = step(await run(), 'token-refresh');
    assert.equal(refresh.status, 'pass');
    assert.match(refresh.message, /looks like milliseconds.*that is 2026-11-23T08:00:00Z/);
    answers = { '/refresh': () => ok({ token: jwtWith({ exp: String(ms / 1000) }) }), '/api/threads': threadsOk };
    refresh = step(await run(), 'token-refresh');
    assert.match(refresh.message, /its expiry \(exp\) claim is not a number/);
  });
});

describe('G6: rate limits and Retry-After', () => {
  it('429 with Retry-After in seconds: rate-limited, with the wait, and no advice to check the address', async () => {
    answers = {
      '/refresh': () => ({
        status: 429,
        headers: { 'retry-after': '120' },
        body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests' }),
      }),
    };
    const refresh = step(await run(), 'token-refresh');
    assert.equal(refresh.diagnosis, 'rate-limited');
    assert.equal(refresh.httpStatus, 429);
    assert.match(
      refresh.message,
      /message: "Too many requests"\. The service limits .* retry in 2 min \(Retry-After: 120\)/,
    );
    assert.doesNotMatch(refresh.advice ?? '', /address/);
  });
  it('429 with an HTTP date, and 503 with Retry-After, name the time', async () => {
    answers = {
      '/refresh': () => ({ status: 429, headers: { 'retry-after': 'Mon, 23 Nov 2026 06:05:00 GMT' }, body: '' }),
    };
    let refresh = step(await run(), 'token-refresh');
    assert.equal(refresh.diagnosis, 'rate-limited');
    assert.match(refresh.message, /retry at 2026-11-23T06:05:00Z, in 5 min \(Retry-After\)/);
    answers = {
      '/refresh': () => ({
        status: 503,
        headers: { 'retry-after': '30', 'content-type': 'text/html' },
        body: '<h1>503</h1>',
      }),
    };
    refresh = step(await run(), 'token-refresh');
    assert.equal(refresh.diagnosis, 'server-error');
    assert.match(refresh.message, /unavailable for now; it asks to retry in 30 s \(Retry-After: 30\)/);
  });
  it('retryAfter() reads seconds and dates, and ignores what it cannot read', () => {
    const now = Date.UTC(2026, 10, 23, 6, 0, 0);
    assert.equal(retryAfter('5', now), 'in 5 s (Retry-After: 5)');
    assert.equal(retryAfter('7200', now), 'in 2 h (Retry-After: 7200)');
    assert.equal(retryAfter(null, now), undefined);
    assert.equal(retryAfter('soon', now), undefined);
    assert.equal(retryAfter('-3', now), undefined);
  });
});

describe('G8: 407 from the address itself', () => {
  it('is a proxy diagnosis with the status kept, not a network error', async () => {
    answers = {
      '/refresh': () => ({ status: 407, headers: { 'proxy-authenticate': 'Basic realm="corp"' }, body: 'auth' }),
    };
    const refresh = step(await run(), 'token-refresh');
    assert.equal(refresh.diagnosis, 'proxy');
    assert.equal(refresh.httpStatus, 407);
    assert.match(
      refresh.message,
      /answered HTTP 407 \(Proxy Authentication Required\) although no proxy is configured/,
    );
  });
});

describe('G9: JSON with a byte order mark, and invalid JSON that says it is JSON', () => {
  it('a UTF-8 BOM before the JSON is no error, for token refresh and for threads', async () => {
    const bom = (v: unknown): Answer => ({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(v))]),
    });
    answers = {
      '/refresh': () => bom({ token: jwtWith({ exp: 1895000000 }) }),
      '/api/threads': () => bom({ threads: [] }),
    };
    const r = await run();
    assert.equal(step(r, 'token-refresh').status, 'pass', step(r, 'token-refresh').message);
    assert.equal(step(r, 'threads-user').status, 'pass');
    assert.equal(step(r, 'threads-project').status, 'pass');
  });
  it('invalid JSON with a JSON content type is invalid-json (where it stopped), not "a web page"', async () => {
    answers = { '/refresh': () => ({ status: 200, body: '{"token": "abc",}' }) };
    const refresh = step(await run(), 'token-refresh');
    assert.equal(refresh.diagnosis, 'invalid-json');
    assert.match(
      refresh.message,
      /with invalid JSON \(application\/json\): the JSON parser stopped at character 16 of 17 bytes/,
    );
    assert.doesNotMatch(refresh.advice ?? '', /web page/);
    answers = {
      '/refresh': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>login</html>' }),
    };
    const html = step(await run(), 'token-refresh');
    assert.equal(html.diagnosis, 'not-json');
    assert.match(html.advice ?? '', /web page/);
  });
});

describe('G7: redirects that are not followed', () => {
  it('a Location with a user name and password: redirect-refused, the Location not printed', async () => {
    const secretish = fake('pw');
    answers = {
      '/refresh': () => ({
        status: 307,
        headers: { location: `${origin.replace('//', `//u:${secretish}@`)}/refresh2` },
      }),
    };
    const r = await run();
    const refresh = step(r, 'token-refresh');
    assert.equal(refresh.diagnosis, 'redirect-refused');
    assert.equal(refresh.httpStatus, 307);
    assert.match(
      refresh.message,
      /redirected \(HTTP 307\) to an address with a user name or password in it; not followed/,
    );
    assert.doesNotMatch(refresh.advice ?? '', /Plain http:\/\//);
    assert.ok(!JSON.stringify(r).includes(secretish.slice(4, 12)));
  });
  for (const location of ['javascript:alert(1)', 'data:text/plain,hello']) {
    it(`Location ${location.split(':')[0]}: names the scheme, not "another origin, null"`, async () => {
      answers = { '/refresh': () => ({ status: 302, headers: { location } }) };
      const refresh = step(await run(), 'token-refresh');
      assert.equal(refresh.diagnosis, 'redirect-refused');
      assert.match(refresh.message, new RegExp(`to a ${location.split(':')[0]}: address, not an HTTP\\(S\\) one`));
      assert.doesNotMatch(refresh.message, /null/);
    });
  }
});

describe('G17: the headline of a run that ran out of time', () => {
  const report = (steps: Partial<StepResult>[]): TestConnectionReport => ({
    ok: false,
    startedAt: '2026-11-23T06:00:00Z',
    durationMs: 11,
    steps: steps.map((s, k) => ({
      name: 'settings',
      title: `step ${k}`,
      durationMs: 0,
      message: '',
      status: 'pass',
      ...s,
    })),
  });
  it('does not say "all steps passed" when steps were not run for lack of time', () => {
    const r = report([
      { status: 'pass' },
      { status: 'skip', diagnosis: 'timeout', message: 'Not run: the time limit of 1 ms for the whole run ran out.' },
      { status: 'skip', diagnosis: 'timeout' },
      { status: 'skip', message: 'No program-execution address is configured; no program is run.' },
    ]);
    assert.equal(summarize(r), 'ran out of time after 1 passed step(s); 2 not run (11 ms).');
    assert.match(formatReport(r), /^Test Connection: ran out of time after 1 passed step\(s\)/);
  });
});

describe('G20: a huge "token" does not make every later quote expensive', () => {
  it('a 900 KB token is not indexed for matching; later quotes are withheld instead (work counted, not timed)', async () => {
    const huge = Buffer.alloc(675_000, 'review4-g20-').toString('base64url');
    answers = {
      '/refresh': () => ok({ token: huge }),
      '/api/threads': () => ({ status: 401, body: JSON.stringify({ error: 'invalid_token', message: 'no' }) }),
    };
    const before = redactWork.indexedChars;
    const r = await run();
    assert.equal(step(r, 'token-refresh').diagnosis, 'not-jwt');
    const project = step(r, 'threads-project');
    assert.equal(project.status, 'fail');
    assert.match(project.message, /not shown: token refresh returned a token too large to check quotes against/);
    assert.ok(redactWork.indexedChars - before < 10_000, `${redactWork.indexedChars - before} characters indexed`);
  });
});
