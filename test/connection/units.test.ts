// Pure pieces of Test Connection: redaction, addresses, proxy choice, JWT reading, the token
// cache, the provider read from a configuration.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIAGNOSES,
  TokenCache,
  adviceFor,
  bypassesProxy,
  validateCredential,
  checkServiceUrl,
  decodeJwt,
  isLoopbackHost,
  proxyFor,
  redact,
} from '../../server/src/connection';
import { providerFromConfigText } from '../../server/src/service/connectionConfig';
import { classifyNetworkError, shortened } from '../../server/src/connection/errors';

const jwtOf = (payload: object): string =>
  `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;

describe('redact', () => {
  it('removes known secrets and their encoded forms', () => {
    const s = 'p@ss/word+value=1';
    const out = redact(`a ${s} b ${encodeURIComponent(s)} c ${Buffer.from(s).toString('base64')}`, [s]);
    assert.ok(
      !out.includes(s) &&
        !out.includes(encodeURIComponent(s)) &&
        !out.includes(Buffer.from(s).toString('base64').replace(/=+$/, '')),
      out,
    );
  });
  it('removes credentials it was not told about', () => {
    const jwt = jwtOf({ exp: 1 });
    const out = redact(
      `Authorization: pat abcdefgh12345678 then Bearer ${jwt} and x-platform-data-token: dt-123456 via http://bob:hunter22@proxy:8080`,
    );
    for (const s of ['abcdefgh12345678', jwt, 'dt-123456', 'hunter22']) assert.ok(!out.includes(s), out);
  });
  it('leaves prose alone', () => {
    const text = 'Token refresh answered JSON without a string field "token". Use the pat scheme.';
    assert.equal(redact(text), text);
  });
  it('finds a secret reshaped by an echoing service, and any 6-character run of it', () => {
    const s = 'Zq7/Kd+9wXy=Lm3/Pq8rTs2u';
    const shapes = [
      s.replace(/\//g, '\\/'), // escaped slashes
      s.replace(/(.{5})/g, '$1\n'), // wrapped
      s.replace(/(.{7})/g, '$1\\r\\n'), // wrapped inside a JSON string
      encodeURIComponent(s),
      encodeURIComponent(encodeURIComponent(s)),
      s.toUpperCase(),
      s.replace(/\//g, '&#x2F;').replace(/=/g, '&amp;#61;'),
      s.replace(/(.{6})/g, '$1\uFFFD'),
      JSON.stringify(JSON.stringify(s)),
      s.slice(3, 9), // a cut: 6 characters from the middle
      `${s.slice(0, 7)} and ending with ${s.slice(-7)}`, // the first and last 7
      Buffer.from(s).toString('hex'), // hex
      Buffer.from(s).toString('hex').toUpperCase(),
      s.split('').reverse().join(''), // reversed
      s.replace(/(.{4})/g, '$1-'), // pieces of 4 joined by separators
      s.replace(/(.{5})/g, '$1/'),
    ];
    for (const shape of shapes) {
      const out = redact(`before ${shape} after`, [s]);
      assert.match(out, /^before .*\[REDACTED\].* after$/, JSON.stringify(shape));
      const lower = out.toLowerCase();
      for (let i = 0; i + 6 <= s.length; i++)
        assert.ok(!lower.includes(s.slice(i, i + 6).toLowerCase()), `${JSON.stringify(shape)} -> ${out}`);
    }
    // Five characters are not a run: ordinary text that shares a few letters with a secret stays.
    assert.equal(redact('x Zq7/K y', [s]), 'x Zq7/K y');
    // A credential's public prefix is no secret: our own words stay.
    assert.equal(
      redact('The project API key (ASSISTANT_API_KEY)', ['apikey_Zq7Kd9wXyLm3Pq8rTs2u']),
      'The project API key (ASSISTANT_API_KEY)',
    );
  });
  it('ignores very short secrets', () => {
    assert.equal(redact('a b c', ['a', '']), 'a b c');
  });
});

describe('network errors', () => {
  it("cut a reason back to a word's end: no start of a longer word (a certificate's name) is left", () => {
    // The cut at 120 falls after "Ab3dE": 55 characters of message before the name, 59 n and a dot.
    const name = `${'n'.repeat(59)}.Ab3dEfGh7k.example`;
    const err = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(`Hostname/IP does not match certificate's altnames: DNS:${name}`), {
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      }),
    });
    const e = classifyNetworkError(err, {
      host: 'h',
      proxy: undefined,
      timedOut: false,
      cancelled: false,
      timeoutMs: 1,
    });
    assert.match(e.message, /DNS:n+\.…\)/, e.message);
    assert.doesNotMatch(e.message, /Ab3d/, e.message);
    assert.equal(shortened('abc def', 5), 'abc …');
    assert.equal(shortened('abc def', 4), 'abc …');
    assert.equal(shortened('abc def', 7), 'abc def');
  });
});

describe('addresses', () => {
  it('knows loopback', () => {
    for (const h of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      'localhost',
      'LOCALHOST',
      'a.localhost',
      '::ffff:127.0.0.1',
    ])
      assert.ok(isLoopbackHost(h), h);
    for (const h of ['128.0.0.1', '10.0.0.1', 'example.com', 'localhost.example.com', '::2'])
      assert.ok(!isLoopbackHost(h), h);
  });
  it('refuses plain http except to loopback', () => {
    assert.ok(checkServiceUrl('http://127.0.0.1:9/x', 'x') instanceof URL);
    assert.ok(checkServiceUrl('http://[::1]:9/x', 'x') instanceof URL);
    assert.ok(checkServiceUrl('https://api.example.com', 'x') instanceof URL);
    assert.deepEqual((checkServiceUrl('http://api.example.com', 'x') as { kind: string }).kind, 'insecure-http');
    assert.deepEqual((checkServiceUrl('ftp://api.example.com', 'x') as { kind: string }).kind, 'scheme');
    assert.deepEqual((checkServiceUrl('', 'x') as { kind: string }).kind, 'missing');
    assert.deepEqual((checkServiceUrl('not a url', 'x') as { kind: string }).kind, 'malformed');
    assert.deepEqual((checkServiceUrl('https://u:p@api.example.com', 'x') as { kind: string }).kind, 'malformed');
  });
  it('chooses the proxy: explicit first, then the environment, NO_PROXY wins', () => {
    const u = new URL('https://api.example.com/x');
    assert.equal(proxyFor(u, undefined, {}), undefined);
    assert.equal(proxyFor(u, undefined, { HTTPS_PROXY: 'http://p:1' }), 'http://p:1');
    assert.equal(proxyFor(u, undefined, { https_proxy: 'http://p:2' }), 'http://p:2');
    assert.equal(proxyFor(u, undefined, { HTTP_PROXY: 'http://p:3' }), 'http://p:3');
    assert.equal(proxyFor(u, 'http://vs:4', { HTTPS_PROXY: 'http://p:1' }), 'http://vs:4');
    assert.equal(proxyFor(u, 'http://vs:4', { NO_PROXY: '.example.com' }), undefined);
    assert.equal(
      proxyFor(new URL('http://127.0.0.1:5/'), undefined, {
        HTTP_PROXY: 'http://p:3',
        no_proxy: 'localhost,127.0.0.1,::1',
      }),
      undefined,
    );
    assert.equal(
      proxyFor(new URL('http://[::1]:5/'), undefined, { HTTP_PROXY: 'http://p:3', NO_PROXY: '::1' }),
      undefined,
    );
  });
  it('never proxies loopback (127.0.0.0/8, ::1, localhost), whatever the settings and NO_PROXY', () => {
    for (const a of [
      'http://127.0.0.1:5/',
      'http://127.0.0.3:5/',
      'https://127.255.1.2/',
      'http://[::1]:5/',
      'http://localhost:5/',
      'https://LOCALHOST/',
      'http://app.localhost/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const u = new URL(a);
      assert.equal(proxyFor(u, 'http://vs:4', { HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:3' }), undefined, a);
      assert.equal(
        proxyFor(u, undefined, { HTTP_PROXY: 'http://p:3', https_proxy: 'http://p:1', NO_PROXY: 'other.example' }),
        undefined,
        a,
      );
    }
    assert.equal(proxyFor(new URL('http://128.0.0.1/'), undefined, { HTTP_PROXY: 'http://p:3' }), 'http://p:3');
  });
  it('matches NO_PROXY entries like curl', () => {
    const u = new URL('https://api.example.com:8443/');
    assert.ok(bypassesProxy(u, '*'));
    assert.ok(bypassesProxy(u, 'example.com'));
    assert.ok(bypassesProxy(u, '*.example.com'));
    assert.ok(bypassesProxy(u, 'api.example.com:8443'));
    assert.ok(!bypassesProxy(u, 'api.example.com:443'));
    assert.ok(!bypassesProxy(u, 'ample.com'));
  });
});

describe('JWT', () => {
  it('reads exp without verifying', () => {
    assert.deepEqual(decodeJwt(jwtOf({ exp: 2_000_000_000 })), { expiresAt: 2_000_000_000_000 });
    assert.deepEqual(decodeJwt(jwtOf({ sub: 'x' })), { expiresAt: undefined });
  });
  it('refuses what is not a JWT', () => {
    for (const t of [
      'abc',
      'a.b',
      'a.b.c',
      `${Buffer.from('{}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.x`,
      'x.y.z.w',
    ]) {
      assert.equal(decodeJwt(t), 'not-jwt', t);
    }
  });
});

describe('TokenCache', () => {
  it('reuses until shortly before expiry, per PAT/project/address', () => {
    let now = 1_000_000;
    const c = new TokenCache(60_000, () => now);
    c.set('u', 'p', 'pat1', 'T', now + 120_000);
    assert.equal(c.get('u', 'p', 'pat1')?.token, 'T');
    assert.equal(c.get('u', 'p', 'pat2'), undefined);
    assert.equal(c.get('u', 'q', 'pat1'), undefined);
    now += 61_000;
    assert.equal(c.get('u', 'p', 'pat1'), undefined);
    c.set('u', 'p', 'pat1', 'U', undefined);
    assert.equal(c.get('u', 'p', 'pat1'), undefined);
  });
});

describe('providerFromConfigText', () => {
  it('reads definition.aiPrimitivesLlm.provider from YAML and JSON', () => {
    const yaml =
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  aiPrimitivesLlm:\n    provider: vendor_a\n';
    assert.equal(providerFromConfigText(yaml, 'yaml'), 'vendor_a');
    const json = '{"kind":"AssistantConfig","version":"v2","definition":{"aiPrimitivesLlm":{"provider":"cloud_b"}}}';
    assert.equal(providerFromConfigText(json, 'json'), 'cloud_b');
  });
  it('falls back to hosted', () => {
    assert.equal(
      providerFromConfigText('kind: AssistantConfig\ndefinition:\n  llm: {provider: vendor_a}\n', 'yaml'),
      'hosted',
    );
    assert.equal(providerFromConfigText('definition:\n  aiPrimitivesLlm: null\n', 'yaml'), 'hosted');
    assert.equal(providerFromConfigText(': : [', 'yaml'), 'hosted');
    assert.equal(providerFromConfigText('', 'json'), 'hosted');
  });
});

describe('validateCredential', () => {
  it('accepts a plausible token and catches paste mistakes without echoing the value', () => {
    assert.equal(validateCredential('pat', '  abcDEF123456-_.~  '), undefined);
    for (const bad of [
      '',
      '   ',
      'pat abcdefgh1234',
      'Bearer abcdefgh1234',
      'abc def ghi jkl',
      'abc\ndefghijkl',
      '"abcdefgh1234"',
      'abc12',
      'abcdéfgh1234',
      'ASSISTANT_PAT=pat_abcdefgh1234',
      'pat=abcdefgh1234',
    ]) {
      const msg = validateCredential('apiKey', bad);
      assert.ok(msg, JSON.stringify(bad));
      if (bad.trim().length > 4) assert.ok(!msg.includes(bad.trim().slice(-6)), msg);
    }
    // REVIEW4 G25: a pasted `.env` line is named as such; a base64 value ending in `=` is fine.
    assert.match(validateCredential('pat', 'ASSISTANT_PAT=pat_abcdefgh1234') ?? '', /variable name and "="/);
    assert.equal(validateCredential('pat', 'QUJDREVGR0hJSktM='), undefined);
  });
});

describe('diagnoses', () => {
  it('each has advice, and the README table lists each one', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const table = readme.split('\n').filter((l) => l.startsWith('| `'));
    for (const d of DIAGNOSES) {
      assert.ok(adviceFor(d, 'token-refresh').length > 20, d);
      assert.ok(
        table.some((l) => (l.split('|')[1] ?? '').includes(`\`${d}\``)),
        `README table lacks ${d}`,
      );
    }
  });
});
