// The HTTP layer's guarantees: redirects never carry credentials to another origin, plain
// http:// only to loopback, proxies from the environment or the explicit setting (through a real
// CONNECT proxy on loopback), NO_PROXY, and the proxy failures.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { NetError, formatReport, httpRequest, runTestConnection } from '../../server/src/connection';
import type { ConnectionOptions, Credentials, StepName, TestConnectionReport } from '../../server/src/connection';
import { PATHS, startFakeService } from './fakeService';
import type { FakeService } from './fakeService';
import { CLEAN_ENV, credentialsOf, optionsFor } from './helpers';
import { LeakScanner } from './leakScan';
import { PROXIED_HOST, closedPort, startConnectProxy, viaProxiedHost } from './proxy';
import type { TestProxy } from './proxy';
import { selfSignedCert } from './tls';

const leaks = new LeakScanner();
let svc: FakeService;
let plain: FakeService;
/** Another origin that must never be contacted. */
let other: { origin: string; hits: number; close(): Promise<void> };

async function run(
  s: FakeService,
  extra: Partial<ConnectionOptions> = {},
  creds?: Credentials,
): Promise<TestConnectionReport> {
  const r = await runTestConnection(optionsFor(s, extra), creds ?? credentialsOf(s));
  leaks.add('report', r);
  leaks.add('text', formatReport(r));
  return r;
}
const status = (r: TestConnectionReport, n: StepName): string | undefined => {
  const s = r.steps.find((x) => x.name === n);
  return s?.status === 'fail' ? `fail:${s.diagnosis}` : s?.status;
};

before(async () => {
  svc = await startFakeService({ tls: selfSignedCert() });
  plain = await startFakeService();
  const server = createServer((_req, res) => {
    other.hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"x"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  other = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: 0,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
});
after(async () => {
  leaks.addSecrets(
    svc.pat,
    svc.apiKey,
    svc.dataToken,
    ...svc.issuedTokens,
    plain.pat,
    plain.apiKey,
    plain.dataToken,
    ...plain.issuedTokens,
    'pr0xy-s3cret',
  );
  leaks.assertClean();
  await Promise.all([svc.close(), plain.close(), other.close()]);
});
beforeEach(() => {
  svc.faults = {};
  plain.faults = {};
});

describe('redirects', () => {
  it('follows a same-origin redirect with the credentials', async () => {
    svc.faults.threads = { redirectTo: `${PATHS.base}/threads`, once: true };
    const r = await run(svc);
    assert.equal(status(r, 'threads-user'), 'pass', formatReport(r));
  });
  it('refuses a redirect to another origin and sends it nothing', async () => {
    svc.faults.refresh = { redirectTo: `${other.origin}${PATHS.refresh}` };
    svc.faults.threads = { redirectTo: `${other.origin}/threads` };
    svc.faults.program = { redirectTo: `${other.origin}/run` };
    const r = await run(svc);
    assert.equal(status(r, 'token-refresh'), 'fail:redirect-other-origin');
    assert.equal(status(r, 'threads-project'), 'fail:redirect-other-origin');
    assert.equal(status(r, 'execute-program'), 'fail:redirect-other-origin');
    assert.equal(other.hits, 0);
  });
  it('treats another host name or scheme on the same port as another origin', async () => {
    const port = new URL(plain.origin).port;
    plain.faults.refresh = { redirectTo: `http://localhost:${port}${PATHS.refresh}` };
    assert.equal(status(await run(plain), 'token-refresh'), 'fail:redirect-other-origin');
    svc.faults.refresh = { redirectTo: svc.tokenRefreshUrl.replace('https:', 'http:') };
    assert.equal(status(await run(svc), 'token-refresh'), 'fail:redirect-other-origin');
  });
  it('gives up on a redirect loop', async () => {
    svc.faults.refresh = { redirectTo: PATHS.refresh };
    assert.equal(status(await run(svc), 'token-refresh'), 'fail:too-many-redirects');
  });
});

describe('plain http', () => {
  it('is accepted to loopback', async () => {
    const r = await run(plain);
    assert.equal(r.ok, true, formatReport(r));
  });
  it('is accepted to ::1 (a whole run where IPv6 loopback exists, the HTTP layer where it does not)', async () => {
    let v6: FakeService;
    try {
      v6 = await startFakeService({ host: '::1' });
    } catch {
      // No IPv6 loopback on this machine (some CI containers): the policy is still checked, on a
      // request to a port where nothing listens. It is let through and fails at the network, not
      // refused as an insecure address.
      await assert.rejects(
        httpRequest(
          { method: 'GET', url: new URL(`http://[::1]:${await closedPort()}/x`), headers: {} },
          { timeoutMs: 2000, connectTimeoutMs: 2000, maxResponseBytes: 1000, env: CLEAN_ENV },
        ),
        (e: unknown) => e instanceof NetError && e.kind !== 'insecure-url',
      );
      return;
    }
    try {
      const r = await runTestConnection(optionsFor(v6), credentialsOf(v6));
      leaks.addSecrets(v6.pat, v6.apiKey, v6.dataToken, ...v6.issuedTokens);
      leaks.add('v6', r);
      assert.equal(r.ok, true, formatReport(r));
    } finally {
      await v6.close();
    }
  });
  it('a port fetch refuses by policy (6000) is said to be one, not a network problem', async () => {
    await assert.rejects(
      httpRequest(
        { method: 'GET', url: new URL('http://127.0.0.1:6000/x'), headers: {} },
        { timeoutMs: 2000, connectTimeoutMs: 2000, maxResponseBytes: 1000, env: CLEAN_ENV },
      ),
      (e: unknown) =>
        e instanceof NetError && /refuses port 6000 by policy/.test(e.message) && /another port/.test(e.message),
    );
  });
  it('https:// to a plain-http port is a TLS failure that says so', async () => {
    const r = await run(plain, { tokenRefreshUrl: plain.tokenRefreshUrl.replace('http:', 'https:') });
    assert.equal(status(r, 'token-refresh'), 'fail:tls-not-tls', formatReport(r));
    assert.match(r.steps[1]?.message ?? '', /does not speak TLS/);
  });
  it('is refused by the HTTP layer itself for any other host, before any lookup', async () => {
    await assert.rejects(
      httpRequest(
        {
          method: 'GET',
          url: new URL('http://service.example.invalid/x'),
          headers: { Authorization: 'Bearer abcdefghijkl' },
        },
        { timeoutMs: 1000, connectTimeoutMs: 1000, maxResponseBytes: 1000, env: CLEAN_ENV },
      ),
      (e: unknown) => e instanceof NetError && e.kind === 'insecure-url',
    );
  });
});

describe('proxy', () => {
  let proxy: TestProxy;
  before(async () => {
    proxy = await startConnectProxy();
  });
  after(async () => proxy.close());
  beforeEach(() => {
    proxy.connects.length = 0;
  });
  /** The service by a name that is not loopback (the test proxy resolves it), so a proxy applies. */
  const named = (): Partial<ConnectionOptions> => ({
    baseUrl: viaProxiedHost(svc.url),
    tokenRefreshUrl: viaProxiedHost(svc.tokenRefreshUrl),
    executeProgramUrl: viaProxiedHost(svc.executeProgramUrl),
    dataSourceUrl: viaProxiedHost(svc.dataSourceUrl),
  });

  it('is taken from HTTPS_PROXY and tunnels every request', async () => {
    const r = await run(svc, { ...named(), env: { HTTPS_PROXY: proxy.url } });
    assert.equal(r.ok, true, formatReport(r));
    assert.equal(r.proxy, proxy.url);
    assert.equal(proxy.connects.length, 4);
    assert.ok(proxy.connects.every((c) => c === `${PROXIED_HOST}:${new URL(svc.origin).port}`));
  });
  it('takes the explicit proxy (VS Code http.proxy) over the environment', async () => {
    const r = await run(svc, {
      ...named(),
      proxy: proxy.url,
      env: { HTTPS_PROXY: `http://127.0.0.1:${await closedPort()}` },
    });
    assert.equal(r.ok, true, formatReport(r));
    assert.equal(proxy.connects.length, 4);
  });
  it('accepts a proxy setting written without a scheme', async () => {
    const r = await run(svc, { ...named(), proxy: proxy.url.replace('http://', '') });
    assert.equal(r.ok, true, formatReport(r));
    assert.equal(r.proxy, proxy.url);
    assert.equal(proxy.connects.length, 4);
  });
  it('honours NO_PROXY', async () => {
    // The name resolves nowhere without the proxy: NO_PROXY's direct attempt fails to resolve it.
    const r = await run(svc, { ...named(), env: { HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,.proxied.test' } });
    assert.equal(proxy.connects.length, 0);
    assert.equal(r.proxy, undefined);
    assert.notEqual(status(r, 'token-refresh'), 'pass', formatReport(r));
  });
  it('never proxies a loopback address, even without NO_PROXY (plain http:// would reach the proxy in clear)', async () => {
    const before = proxy.connections;
    for (const s of [svc, plain]) {
      const r = await run(s, { proxy: proxy.url, env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url } });
      assert.equal(r.ok, true, formatReport(r));
      assert.equal(r.proxy, undefined);
    }
    assert.equal(proxy.connections, before, 'the proxy received no connection');
    assert.equal(proxy.connects.length, 0);
  });
  it('reports a proxy that cannot be reached', async () => {
    const r = await run(svc, { ...named(), env: { HTTPS_PROXY: `http://127.0.0.1:${await closedPort()}` } });
    assert.equal(status(r, 'token-refresh'), 'fail:proxy', formatReport(r));
  });
  it('reports a proxy that cannot reach the host', async () => {
    const r = await run(svc, {
      tokenRefreshUrl: 'https://auth.example.invalid/refresh',
      env: { HTTPS_PROXY: proxy.url },
    });
    assert.equal(status(r, 'token-refresh'), 'fail:proxy', formatReport(r));
    assert.match(r.steps[1]?.message ?? '', /502/);
  });
  it('reports proxy authentication failures and never shows the proxy password', async () => {
    const authed = await startConnectProxy({
      requireAuth: `Basic ${Buffer.from('alice:pr0xy-s3cret').toString('base64')}`,
    });
    try {
      const good = await run(svc, { ...named(), proxy: authed.url.replace('//', '//alice:pr0xy-s3cret@') });
      assert.equal(good.ok, true, formatReport(good));
      assert.equal(good.proxy, authed.url);
      const bad = await run(svc, { ...named(), proxy: authed.url.replace('//', '//alice:wrong-pass-99@') });
      assert.equal(status(bad, 'token-refresh'), 'fail:proxy', formatReport(bad));
      assert.match(bad.steps[1]?.message ?? '', /407/);
      assert.ok(!JSON.stringify(bad).includes('wrong-pass-99'));
    } finally {
      await authed.close();
    }
  });
});
