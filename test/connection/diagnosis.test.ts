// One diagnosis per kind of failure, each met against a fake service that fails that way, and
// advice that differs where the cause differs: 401 and 403 apart with the service's reason
// quoted, each TLS sub-kind (with certificates made by the test: expired, not yet valid, for
// another host, untrusted, TLS to a plain-http port), redirects named or refused, the status kept
// with an endless body, host and port of a refused connection, WWW-Authenticate quoted, and a
// 2xx /threads answer that is empty or not JSON.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { formatReport, runTestConnection } from '../../server/src/connection';
import type {
  ConnectionOptions,
  Credentials,
  StepName,
  StepResult,
  TestConnectionReport,
} from '../../server/src/connection';
import { PATHS, startFakeService } from './fakeService';
import type { FakeService } from './fakeService';
import { credentialsOf, optionsFor } from './helpers';
import { LeakScanner } from './leakScan';
import { closedPort } from './proxy';
import { selfSignedCert, testCa } from './tls';

const leaks = new LeakScanner();
const services: FakeService[] = [];
/** Advice met per diagnosis (and step), to compare across causes. */
const adviceSeen = new Map<string, string>();

async function service(opts: Parameters<typeof startFakeService>[0] = {}): Promise<FakeService> {
  const s = await startFakeService(opts);
  services.push(s);
  return s;
}

async function run(
  svc: FakeService,
  extra: Partial<ConnectionOptions> = {},
  creds?: Credentials,
): Promise<TestConnectionReport> {
  const r = await runTestConnection(optionsFor(svc, extra), creds ?? credentialsOf(svc));
  leaks.add('report', r);
  leaks.add('text', formatReport(r));
  return r;
}

function failed(r: TestConnectionReport, name: StepName, diagnosis: string, httpStatus?: number): StepResult {
  const s = r.steps.find((x) => x.name === name);
  assert.ok(s, `no step ${name}`);
  assert.equal(s.status, 'fail', formatReport(r));
  assert.equal(s.diagnosis, diagnosis, formatReport(r));
  assert.equal(s.httpStatus, httpStatus, `HTTP status of ${name}`);
  assert.ok(s.advice && s.advice.length > 20);
  adviceSeen.set(`${diagnosis}@${name}`, s.advice);
  return s;
}

let svc: FakeService;
before(async () => {
  svc = await service({ tls: selfSignedCert() });
});
after(async () => {
  for (const s of services) leaks.addSecrets(s.pat, s.apiKey, s.dataToken, ...s.issuedTokens);
  leaks.assertClean();
  await Promise.all(services.map((s) => s.close()));
});
beforeEach(() => {
  svc.faults = {};
});

describe('TLS: each sub-kind with its own diagnosis and advice', () => {
  const ca = testCa();
  const kinds: {
    name: string;
    cert: () => { cert: string; key: string };
    trust: boolean;
    diagnosis: string;
    says: RegExp;
  }[] = [
    {
      name: 'expired',
      cert: () => ca.leaf({ san: 'IP:127.0.0.1', notBefore: '20200101000000Z', notAfter: '20200102000000Z' }),
      trust: true,
      diagnosis: 'tls-expired',
      says: /expired/,
    },
    {
      name: 'not yet valid',
      cert: () => ca.leaf({ san: 'IP:127.0.0.1', notBefore: '20990101000000Z', notAfter: '21000101000000Z' }),
      trust: true,
      diagnosis: 'tls-not-yet-valid',
      says: /not valid yet/,
    },
    {
      name: 'for another host name',
      cert: () =>
        ca.leaf({ san: 'DNS:service.example.com', notBefore: '20200101000000Z', notAfter: '20990101000000Z' }),
      trust: true,
      diagnosis: 'tls-hostname',
      says: /host name/,
    },
    {
      name: 'signed by an authority not trusted',
      cert: () => ca.leaf({ san: 'IP:127.0.0.1', notBefore: '20200101000000Z', notAfter: '20990101000000Z' }),
      trust: false,
      diagnosis: 'tls-untrusted',
      says: /trusted authority/,
    },
    { name: 'self-signed', cert: selfSignedCert, trust: false, diagnosis: 'tls-untrusted', says: /self-signed/ },
  ];
  it('a certificate from the test authority, valid and for 127.0.0.1, passes (the control)', async () => {
    const good = await service({
      tls: ca.leaf({ san: 'IP:127.0.0.1', notBefore: '20200101000000Z', notAfter: '20990101000000Z' }),
    });
    const r = await run(good, { ca: ca.cert });
    assert.equal(r.ok, true, formatReport(r));
  });
  for (const k of kinds) {
    it(`certificate ${k.name}: ${k.diagnosis}`, async () => {
      const bad = await service({ tls: k.cert() });
      const r = await run(bad, { ca: k.trust ? ca.cert : undefined });
      const s = failed(r, 'token-refresh', k.diagnosis);
      assert.match(s.message, k.says);
      assert.equal(bad.requests.length, 0, 'no request got through the failed handshake');
    });
  }
  it('https:// to a plain-http port: tls-not-tls', async () => {
    const plain = await service();
    const r = await run(plain, { tokenRefreshUrl: plain.tokenRefreshUrl.replace('http:', 'https:') });
    const s = failed(r, 'token-refresh', 'tls-not-tls');
    assert.match(s.message, /does not speak TLS/);
    assert.doesNotMatch(s.message, /\n/);
  });
  it('the advice differs for every TLS sub-kind', () => {
    const tls = [...adviceSeen].filter(([k]) => k.startsWith('tls-'));
    assert.equal(tls.length, 5, tls.map(([k]) => k).join());
    assert.equal(new Set(tls.map(([, a]) => a)).size, 5);
  });
});

describe('HTTP statuses: 401 and 403 apart, the reason quoted', () => {
  it('401 on /threads with WWW-Authenticate: jwt-refused, error_description quoted', async () => {
    svc.faults.threads = {
      status: 401,
      body: '',
      headers: {
        'www-authenticate':
          'Bearer realm="api", error="invalid_token", error_description="The token was issued for another audience"',
      },
      once: true,
    };
    const s = failed(await run(svc), 'threads-user', 'jwt-refused', 401);
    assert.match(s.message, /error_description "The token was issued for another audience"/);
  });
  it('403 on /threads quoting the missing role: forbidden, with other advice than 401', async () => {
    svc.faults.threads = {
      status: 403,
      body: JSON.stringify({
        error: 'forbidden',
        message: 'user lacks the role project.reader',
        trace: 'x'.repeat(500),
      }),
      once: true,
    };
    const s = failed(await run(svc), 'threads-user', 'forbidden', 403);
    assert.match(s.message, /message: "user lacks the role project\.reader"/);
    assert.doesNotMatch(s.message, /trace|xxxx/, 'only well-known fields are quoted');
    assert.notEqual(s.advice, adviceSeen.get('jwt-refused@threads-user'));
  });
  it('401 and 403 on token refresh get different advice', async () => {
    const r401 = await run(svc, {}, { ...credentialsOf(svc), pat: 'pat_wrongwrongwrong' });
    const a = failed(r401, 'token-refresh', 'refresh-unauthorized', 401);
    const r403 = await run(svc, { projectId: '00000000-0000-4000-8000-000000000000' });
    const b = failed(r403, 'token-refresh', 'forbidden', 403);
    assert.match(b.message, /token does not belong to this project/);
    assert.notEqual(a.advice, b.advice);
  });
  it('a non-JSON error body is quoted as a short excerpt', async () => {
    svc.faults.refresh = {
      status: 502,
      contentType: 'text/html',
      body: `<html><body><h1>Bad gateway</h1>${'<p>filler</p>'.repeat(100)}</body></html>`,
    };
    const s = failed(await run(svc), 'token-refresh', 'server-error', 502);
    assert.match(s.message, /Bad gateway/);
    assert.ok(s.message.length < 400, s.message);
  });
});

describe('bodies: status kept, error bodies read only up to a few KB', () => {
  it('an HTTP 500 with an endless body keeps its status and diagnosis', async () => {
    svc.faults.threads = { status: 500, hugeBytes: 1e12 };
    const s = failed(await run(svc), 'threads-user', 'server-error', 500);
    assert.match(s.message, /only its start was read/);
  });
  it('a 2xx answer too large to be the service keeps its status too', async () => {
    svc.faults.refresh = { hugeBytes: 3 * 1024 * 1024 };
    const s = failed(await run(svc), 'token-refresh', 'too-large', 200);
    assert.match(s.message, /HTTP 200/);
  });
  it('an empty 2xx /threads answer is not JSON', async () => {
    svc.faults.threads = { status: 200, body: '' };
    const s = failed(await run(svc), 'threads-user', 'not-json', 200);
    assert.match(s.message, /empty body/);
  });
  it('a 2xx /threads answer that is text is not JSON', async () => {
    svc.faults.threads = { status: 200, body: 'OK', contentType: 'text/plain' };
    failed(await run(svc), 'threads-user', 'not-json', 200);
  });
});

describe('redirects', () => {
  it('a followed same-origin redirect is named in the step report', async () => {
    svc.faults.threads = { redirectTo: `${PATHS.base}/threads`, redirectStatus: 308, once: true };
    const r = await run(svc);
    const s = r.steps.find((x) => x.name === 'threads-user');
    assert.equal(s?.status, 'pass', formatReport(r));
    assert.match(s?.message ?? '', /after a redirect \(HTTP 308\) to https:\/\/127\.0\.0\.1:\d+\/api\/v1\/threads/);
  });
  for (const status of [301, 302, 303]) {
    it(`a same-origin ${status} of the token refresh POST is reported, not followed`, async () => {
      svc.faults.refresh = { redirectTo: '/auth/login', redirectStatus: status };
      const before = svc.requests.length;
      const s = failed(await run(svc), 'token-refresh', 'redirect-method-change', status);
      assert.match(s.message, /turns the POST into a GET/);
      const sent = svc.requests.slice(before);
      assert.equal(sent.filter((q) => q.path === PATHS.refresh).length, 1);
      assert.ok(!sent.some((q) => q.path === '/auth/login'), 'the redirect was not followed');
    });
  }
  it('a redirect to another origin has other advice than a method change', async () => {
    svc.faults.refresh = { redirectTo: 'https://127.0.0.2:9/refresh' };
    failed(await run(svc), 'token-refresh', 'redirect-other-origin', 307);
    assert.notEqual(
      adviceSeen.get('redirect-other-origin@token-refresh'),
      adviceSeen.get('redirect-method-change@token-refresh'),
    );
  });
});

describe('connection refused', () => {
  it('names the host and the port', async () => {
    const port = await closedPort();
    const s = failed(
      await run(svc, { tokenRefreshUrl: `https://127.0.0.1:${port}/refresh` }),
      'token-refresh',
      'connection-refused',
    );
    assert.match(s.message, new RegExp(`127\\.0\\.0\\.1:${port}\\b`));
    assert.match(s.message, new RegExp(`port ${port}`));
  });
});

describe('advice', () => {
  it('differs wherever the cause differs', () => {
    const all = [...adviceSeen];
    assert.ok(all.length >= 14, all.map(([k]) => k).join());
    // The same diagnosis may share advice across steps; different diagnoses never do.
    const byDiagnosis = new Map<string, Set<string>>();
    for (const [k, a] of all) {
      const d = k.split('@')[0] ?? k;
      for (const [other, advices] of byDiagnosis)
        if (other !== d) assert.ok(!advices.has(a), `${d} and ${other} share advice`);
      byDiagnosis.set(d, (byDiagnosis.get(d) ?? new Set()).add(a));
    }
  });
});
