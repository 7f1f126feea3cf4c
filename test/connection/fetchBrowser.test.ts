// The web extension's HTTP layer (fetchHttp.ts) at the fetch level, with a fake fetch giving what a
// browser gives: REVIEW4 G7 (a redirect is refused as `redirect-refused`, its Location never
// printed: a browser's opaque redirect, or a readable 3xx naming a javascript:, user-info or other
// address) and G8 (a 407 is `proxy`, status kept), as the Node layer does. Also: the browser layer
// sends no User-Agent of its own (G30: the browser's is sent; a page cannot set it).
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { httpRequest } from '../../server/src/connection/fetchHttp';
import { NetError } from '../../server/src/connection/errors';
import { adviceFor } from '../../server/src/connection';

const SECRET = 'pat_Zq7Lm2Xr9Tp4Wk8Hc1Vb6Nd3';
const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
});

/** Installs a fake fetch answering `answer`; returns the init of each call. */
function fakeFetch(answer: () => Response | Record<string, unknown>): RequestInit[] {
  const calls: RequestInit[] = [];
  globalThis.fetch = ((_url: URL, init: RequestInit) => {
    calls.push(init);
    return Promise.resolve(answer());
  }) as typeof fetch;
  return calls;
}

const SETTINGS = {
  timeoutMs: 5000,
  connectTimeoutMs: 5000,
  maxResponseBytes: 1 << 20,
  env: {},
  userAgent: 'assistant-config/0 (test-connection; vscode 1)',
};
async function failure(): Promise<NetError> {
  try {
    await httpRequest(
      {
        method: 'POST',
        url: new URL('https://auth.example.com/token/refresh'),
        headers: { Authorization: `pat ${SECRET}` },
      },
      SETTINGS,
    );
  } catch (e) {
    assert.ok(e instanceof NetError, String(e));
    return e;
  }
  assert.fail('the request succeeded');
}

describe('browser fetch: redirects are refused, never followed, Location never printed', () => {
  it("a browser's opaque redirect (status 0, no headers) is redirect-refused", async () => {
    const calls = fakeFetch(() => ({ type: 'opaqueredirect', status: 0, headers: new Headers(), body: null }));
    const e = await failure();
    assert.equal(e.kind, 'redirect-refused');
    assert.equal(e.status, undefined);
    assert.match(e.message, /^https:\/\/auth\.example\.com redirected; not followed/);
    assert.equal(calls[0]?.redirect, 'manual');
    assert.equal(calls[0]?.credentials, 'omit');
    assert.match(adviceFor('redirect-refused', 'token-refresh'), /web extension, any redirect/);
  });
  it('a readable 3xx: javascript:, data:, user info, another origin, the same origin', async () => {
    for (const [status, location, says] of [
      [302, `javascript:alert('${SECRET}')`, /to a javascript: address, not an HTTP\(S\) one/],
      [307, `data:text/plain,${SECRET}`, /to a data: address/],
      [307, `https://u:${SECRET}@auth.example.com/x`, /to an address with a user name or password/],
      [308, `https://${SECRET.toLowerCase().replace(/_/g, '')}.evil.example/steal?k=${SECRET}`, /to another origin;/],
      [301, `/landed/${SECRET}`, /on the same origin;/],
    ] as const) {
      fakeFetch(() => new Response(null, { status, headers: { location } }));
      const e = await failure();
      assert.equal(e.kind, 'redirect-refused', location);
      assert.equal(e.status, status);
      assert.match(e.message, says);
      assert.match(e.message, new RegExp(`redirected \\(HTTP ${status}\\)`));
      assert.ok(!e.message.toLowerCase().includes(SECRET.toLowerCase().slice(4, 12)), 'nothing of the Location');
      assert.ok(!e.message.includes('evil'), 'not even the host');
    }
  });
});

describe('browser fetch: a 407 is a proxy problem, with its status', () => {
  it('407 Proxy Authentication Required from the address itself', async () => {
    fakeFetch(
      () =>
        new Response('<html>proxy login</html>', {
          status: 407,
          headers: { 'proxy-authenticate': 'Basic realm="corp"' },
        }),
    );
    const e = await failure();
    assert.equal(e.kind, 'proxy');
    assert.equal(e.status, 407);
    assert.match(e.message, /auth\.example\.com answered HTTP 407 \(Proxy Authentication Required\)/);
  });
});

describe('browser fetch: the request as sent', () => {
  it('carries the headers asked for and no User-Agent (the browser sends its own)', async () => {
    const calls = fakeFetch(() => new Response('{"token":"x"}', { status: 200 }));
    const res = await httpRequest(
      { method: 'GET', url: new URL('https://api.example.com/threads'), headers: { Accept: 'application/json' } },
      SETTINGS,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(calls[0]?.headers, { Accept: 'application/json' });
  });
});
