// Test Connection end to end against the strict fake service over HTTPS (self-signed
// certificate made by the test): the happy path, every injected failure with its own
// diagnosis, the token cache, the program payload, and a scan of every report for credentials.
import assert from 'node:assert/strict';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { TokenCache, formatReport, reportToJson, runTestConnection } from '../../server/src/connection';
import type {
  ConnectionOptions,
  Credentials,
  StepName,
  StepResult,
  TestConnectionReport,
} from '../../server/src/connection';
import { startFakeService } from './fakeService';
import { timed, took } from '../timing';
import type { FakeService } from './fakeService';
import { credentialsOf, optionsFor } from './helpers';
import { LeakScanner } from './leakScan';
import { closedPort } from './proxy';
import { selfSignedCert } from './tls';

const leaks = new LeakScanner();
let svc: FakeService;

async function run(
  extra: Partial<ConnectionOptions> = {},
  creds?: Credentials,
  signal?: AbortSignal,
): Promise<TestConnectionReport> {
  const logged: StepResult[] = [];
  const report = await runTestConnection(optionsFor(svc, extra), creds ?? credentialsOf(svc), {
    signal,
    onStep: (s) => logged.push(s),
  });
  leaks.add('report', report);
  leaks.add('onStep', logged);
  leaks.add('formatReport', formatReport(report));
  leaks.add('reportToJson', reportToJson(report));
  return report;
}

function step(r: TestConnectionReport, name: StepName): StepResult {
  const s = r.steps.find((x) => x.name === name);
  assert.ok(s, `no step ${name}`);
  return s;
}

function assertFail(r: TestConnectionReport, name: StepName, diagnosis: string, httpStatus?: number): StepResult {
  const s = step(r, name);
  assert.equal(s.status, 'fail', JSON.stringify(s));
  assert.equal(s.diagnosis, diagnosis, JSON.stringify(s));
  if (httpStatus !== undefined) assert.equal(s.httpStatus, httpStatus);
  assert.ok(s.advice && s.advice.length > 20, 'a failure says what to do');
  assert.equal(r.ok, false);
  return s;
}

before(async () => {
  svc = await startFakeService({ tls: selfSignedCert() });
});
after(async () => {
  leaks.addSecrets(svc.pat, svc.apiKey, svc.dataToken, ...svc.issuedTokens);
  await svc.close();
});
beforeEach(() => {
  svc.faults = {};
  svc.refreshAnswer = 'jwt';
  svc.dataAuthMode = 'default';
});

describe('happy path over HTTPS', () => {
  it('passes every step and shows the expiry, not the token', async () => {
    const r = await run();
    assert.equal(r.ok, true, formatReport(r));
    assert.deepEqual(
      r.steps.map((s) => [s.name, s.status]),
      [
        ['settings', 'pass'],
        ['token-refresh', 'pass'],
        ['threads-user', 'pass'],
        ['threads-project', 'pass'],
        ['execute-program', 'pass'],
      ],
    );
    assert.equal(step(r, 'token-refresh').httpStatus, 200);
    assert.match(step(r, 'token-refresh').message, /expires at \d{4}-\d\d-\d\dT/);
    assert.match(r.tokenExpiresAt ?? '', /^\d{4}-/);
    for (const s of r.steps) assert.ok(s.durationMs >= 0);
    const text = formatReport(r);
    assert.match(text, /PASS {2}Token refresh/);
    assert.ok(!text.includes(svc.issuedTokens.at(-1) ?? '?'));
  });
  it('skips the optional steps when their settings are absent', async () => {
    const r = await run({ executeProgramUrl: '' }, { pat: svc.pat });
    assert.equal(r.ok, true);
    assert.equal(step(r, 'threads-project').status, 'skip');
    assert.equal(step(r, 'execute-program').status, 'skip');
  });
  it('sends the spec payload: provider, data URL, headers by mode, artifacts', async () => {
    let r = await run({ provider: 'vendor_a' });
    assert.equal(r.ok, true, formatReport(r));
    const p = svc.lastProgramPayload as Record<string, unknown>;
    assert.deepEqual(p.ai_primitives_llm, { provider: 'vendor_a' });
    assert.deepEqual(p.data_source, { url: svc.dataSourceUrl, headers: { 'x-platform-data-token': svc.dataToken } });
    assert.deepEqual(p.artifacts, []);
    assert.equal(p.assistant_api_key, svc.apiKey);
    assert.match(String(p.code), /SELECT 1/);
    r = await run();
    assert.deepEqual((svc.lastProgramPayload as Record<string, unknown>).ai_primitives_llm, { provider: 'hosted' });
    svc.dataAuthMode = 'jwt';
    r = await run({ dataAuthMode: 'jwt' });
    assert.equal(r.ok, true, formatReport(r));
    assert.deepEqual((svc.lastProgramPayload as { data_source: unknown }).data_source, {
      url: svc.dataSourceUrl,
      headers: { authorization: `Bearer ${svc.dataToken}` },
    });
  });
  it('refresh request is exactly the spec: POST, pat scheme, UUID header, JSON content type, no body', async () => {
    await run();
    const req = svc.requests.filter((q) => q.path.endsWith('/refresh')).at(-1);
    assert.ok(req);
    assert.equal(req.method, 'POST');
    assert.equal(req.headers.authorization, `pat ${svc.pat}`);
    assert.equal(req.headers['x-platform-project-id'], svc.projectId);
    assert.equal(req.headers['content-type'], 'application/json');
    assert.equal(req.body, '');
  });
});

describe('token cache', () => {
  it('a second run within the lifetime does not call refresh', async () => {
    const tokenCache = new TokenCache();
    const before = svc.calls.refresh;
    const a = await run({ tokenCache });
    const b = await run({ tokenCache });
    assert.equal(a.ok && b.ok, true);
    assert.equal(svc.calls.refresh, before + 1);
    assert.match(step(b, 'token-refresh').message, /Reused/);
    assert.equal(step(b, 'token-refresh').httpStatus, undefined);
    assert.equal(a.tokenExpiresAt, b.tokenExpiresAt);
  });
  it('forgets a cached token the service refuses', async () => {
    const tokenCache = new TokenCache();
    const before = svc.calls.refresh;
    await run({ tokenCache });
    svc.faults.threads = { status: 401, body: '{"error":"revoked"}', once: true };
    const refused = await run({ tokenCache });
    assertFail(refused, 'threads-user', 'jwt-refused', 401);
    const again = await run({ tokenCache });
    assert.equal(again.ok, true);
    assert.equal(svc.calls.refresh, before + 2);
  });
  it('does not reuse a token close to expiry', async () => {
    const tokenCache = new TokenCache(60_000, () => Date.now() + 3600_000);
    const before = svc.calls.refresh;
    await run({ tokenCache });
    await run({ tokenCache });
    assert.equal(svc.calls.refresh, before + 2);
  });
});

describe('settings are checked before anything is sent', () => {
  const cases: [string, Partial<ConnectionOptions>, Partial<Credentials> | undefined, string][] = [
    ['missing base URL', { baseUrl: '' }, undefined, 'missing-setting'],
    ['project ID not a UUID', { projectId: 'my-project' }, undefined, 'invalid-project-id'],
    [
      'plain http to a non-loopback host',
      { tokenRefreshUrl: 'http://auth.example.invalid/refresh' },
      undefined,
      'insecure-url',
    ],
    [
      'data source URL not ending in /v1/sql',
      { dataSourceUrl: 'https://127.0.0.1:1/v1/query' },
      undefined,
      'invalid-data-source-url',
    ],
    ['bad data auth mode', { dataAuthMode: 'oauth' }, undefined, 'invalid-setting'],
    ['no PAT', {}, { pat: undefined }, 'missing-credential'],
    ['no timeout', { timeoutMs: -5 }, undefined, 'invalid-setting'],
  ];
  for (const [title, extra, creds, diagnosis] of cases) {
    it(title, async () => {
      const before = svc.requests.length;
      const r = await run(extra, creds ? { ...credentialsOf(svc), ...creds } : undefined);
      assertFail(r, 'settings', diagnosis);
      assert.ok(r.steps.slice(1).every((s) => s.status === 'skip'));
      assert.equal(svc.requests.length, before, 'nothing was sent');
    });
  }
});

describe('every failure has its own diagnosis', () => {
  it('unknown host', async () => {
    const r = await run(
      {
        tokenRefreshUrl: 'https://no-such-host.invalid/refresh',
        baseUrl: 'https://no-such-host.invalid/api',
        executeProgramUrl: '',
      },
      { pat: svc.pat },
    );
    assertFail(r, 'token-refresh', 'unknown-host');
  });
  it('connection refused', async () => {
    const port = await closedPort();
    const r = await run({ tokenRefreshUrl: `https://127.0.0.1:${port}/refresh` });
    assertFail(r, 'token-refresh', 'connection-refused');
  });
  it('TLS failure (certificate not trusted)', async () => {
    const r = await run({ ca: undefined });
    const s = assertFail(r, 'token-refresh', 'tls-untrusted');
    assert.match(s.message, /self-signed/);
  });
  it('timeout', async () => {
    svc.faults.refresh = { delayMs: 3000 };
    // At the 200 ms limit, not when the answer comes at 3 s (what the machine held this process up not counted).
    const t = await timed(() => run({ timeoutMs: 200 }));
    const r = t.value;
    assertFail(r, 'token-refresh', 'timeout');
    assert.ok(step(r, 'token-refresh').durationMs < 2000 + t.heldMs, took(t));
  });
  it('an answer whose status arrives but whose body stalls keeps its status (500, then timeout)', async () => {
    svc.faults.refresh = { stallBody: true, status: 500 };
    // (2 s: the status arrives within it even when a busy machine holds this process up.)
    const r = await run({ timeoutMs: 2000 });
    const s = assertFail(r, 'token-refresh', 'timeout', 500);
    assert.match(s.message, /answered HTTP 500, but then: No complete answer/);
  });
  it('after the time limit ran out, steps that are not configured say so (not "the time limit ran out")', async () => {
    svc.faults.refresh = { hang: true };
    const r = await run({ timeoutMs: 300, executeProgramUrl: undefined }, { ...credentialsOf(svc), apiKey: undefined });
    assertFail(r, 'token-refresh', 'timeout');
    assert.equal(step(r, 'threads-user').diagnosis, 'timeout');
    assert.deepEqual(
      [step(r, 'execute-program').status, step(r, 'execute-program').diagnosis, step(r, 'execute-program').message],
      ['skip', undefined, 'No program-execution address is configured; no program is run.'],
    );
    assert.equal(step(r, 'threads-project').diagnosis, undefined);
    assert.match(step(r, 'threads-project').message, /No project API key is stored/);
  });
  it('connect timeout (TCP accepted, TLS handshake never answered)', async () => {
    const sockets: Socket[] = [];
    const silent = createNetServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const port = (silent.address() as AddressInfo).port;
      const t = await timed(() =>
        run({
          tokenRefreshUrl: `https://127.0.0.1:${port}/refresh`,
          connectTimeoutMs: 200,
          timeoutMs: 5000,
        }),
      );
      const r = t.value;
      const s = assertFail(r, 'token-refresh', 'timeout');
      assert.match(s.message, /connect/i);
      assert.ok(s.durationMs < 2000 + t.heldMs, `${s.durationMs} ms; run ${took(t)}`);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
  it('401 on refresh: wrong PAT', async () => {
    const r = await run({}, { ...credentialsOf(svc), pat: 'pat_wrongwrongwrong' });
    assertFail(r, 'token-refresh', 'refresh-unauthorized', 401);
  });
  it('403 on refresh: project ID that does not match', async () => {
    const r = await run({ projectId: '00000000-0000-4000-8000-000000000000' });
    assertFail(r, 'token-refresh', 'forbidden', 403);
  });
  it('404: wrong address', async () => {
    const r = await run({ tokenRefreshUrl: `${svc.origin}/auth/nope`, executeProgramUrl: '' });
    assertFail(r, 'token-refresh', 'not-found', 404);
    const r2 = await run({ baseUrl: `${svc.origin}/api/v2` });
    assertFail(r2, 'threads-user', 'not-found', 404);
  });
  it('5xx', async () => {
    svc.faults.refresh = { status: 503, body: '{"error":"maintenance"}' };
    assertFail(await run(), 'token-refresh', 'server-error', 503);
  });
  it('body not JSON', async () => {
    svc.refreshAnswer = 'not-json';
    assertFail(await run(), 'token-refresh', 'not-json', 200);
  });
  it('JSON without token', async () => {
    svc.refreshAnswer = 'no-token';
    assertFail(await run(), 'token-refresh', 'no-token', 200);
  });
  it('token not a JWT', async () => {
    svc.refreshAnswer = 'not-jwt';
    const r = await run();
    assertFail(r, 'token-refresh', 'not-jwt', 200);
    assert.ok(!JSON.stringify(r).includes('opaque-session-value'), 'the non-JWT token is not shown either');
    assert.equal(step(r, 'threads-user').status, 'skip');
  });
  it('expired JWT', async () => {
    svc.refreshAnswer = 'expired-jwt';
    const r = await run();
    assertFail(r, 'token-refresh', 'jwt-expired', 200);
    assert.match(step(r, 'token-refresh').message, /expired at \d{4}-/);
  });
  it('JWT without exp passes (expiry unknown) and is not cached', async () => {
    svc.refreshAnswer = 'no-exp-jwt';
    const tokenCache = new TokenCache();
    const r = await run({ tokenCache });
    assert.equal(step(r, 'token-refresh').status, 'pass');
    assert.match(step(r, 'token-refresh').message, /no expiry/);
    // The strict fake refuses a JWT without exp on /threads:
    assertFail(r, 'threads-user', 'jwt-refused', 401);
  });
  it('API key refused on the project-scoped query', async () => {
    const r = await run({ executeProgramUrl: '' }, { ...credentialsOf(svc), apiKey: 'apikey_revoked_0000000' });
    assert.equal(step(r, 'threads-user').status, 'pass');
    assertFail(r, 'threads-project', 'api-key-refused', 401);
  });
  it('API key refused by program execution', async () => {
    svc.faults.program = { status: 403, body: '{"error":"forbidden"}' };
    assertFail(await run(), 'execute-program', 'forbidden', 403);
  });
  it('payload refused by program execution', async () => {
    svc.dataAuthMode = 'jwt'; // the fake expects jwt headers, we send default ones
    assertFail(await run({ dataAuthMode: 'default' }), 'execute-program', 'program-rejected', 422);
  });
  it('threads answering a web page', async () => {
    svc.faults.threads = { status: 200, body: '<html>login</html>', contentType: 'text/html' };
    assertFail(await run(), 'threads-user', 'not-json', 200);
  });
  it('answer too large', async () => {
    svc.faults.refresh = { hugeBytes: 3 * 1024 * 1024 };
    assertFail(await run(), 'token-refresh', 'too-large');
    svc.faults.refresh = { hugeBytes: 3 * 1024 * 1024, declareLength: true };
    assertFail(await run(), 'token-refresh', 'too-large');
  });
  it('a server echoing the credentials back does not leak them', async () => {
    svc.faults.refresh = { echoHeaders: true };
    svc.faults.threads = { echoHeaders: true };
    svc.faults.program = { echoHeaders: true };
    const r = await run();
    assertFail(r, 'token-refresh', 'server-error', 500);
    assertFail(r, 'threads-project', 'server-error', 500);
    assertFail(r, 'execute-program', 'server-error', 500);
    // Only the well-known error field is quoted; the echoed headers are not shown at all.
    assert.match(step(r, 'token-refresh').message, /error: "internal"/);
    for (const s of r.steps) assert.doesNotMatch(s.message, /request_headers|authorization/i);
  });
});

describe('cancellation', () => {
  it('stops the running step and skips the rest', async () => {
    svc.faults.threads = { hang: true };
    const ac = new AbortController();
    const t = await timed(() => {
      const p = run({}, undefined, ac.signal);
      setTimeout(() => ac.abort(), 300);
      return p;
    });
    const r = t.value;
    assert.ok(t.ownMs < 3000, took(t));
    assert.equal(step(r, 'token-refresh').status, 'pass');
    assertFail(r, 'threads-user', 'cancelled');
    assert.equal(step(r, 'threads-project').status, 'skip');
    assert.equal(step(r, 'execute-program').diagnosis, 'cancelled');
    assert.equal(r.ok, false);
  });
});

describe('leak scan', () => {
  it('nothing printed during these runs contains a credential', () => {
    // Runs last in this file (node:test runs tests in order); after() adds the secrets.
    leaks.addSecrets(svc.pat, svc.apiKey, svc.dataToken, ...svc.issuedTokens);
    assert.ok(leaks.count > 50, `scanned ${leaks.count} texts`);
    leaks.assertClean();
  });
});
