// Test Connection through a proxy that stalls (REVIEW15-sec P1): one that accepts the connection and
// never answers CONNECT, one that sends half an answer, one that opens the tunnel to a service that
// then stays silent or drips its TLS handshake. Each is named for what it is (the proxy, or the
// handshake through its tunnel) within the connect timeout, as a direct stall is (tlsHandshakeStall),
// or within the run's time limit when that is shorter; and nothing of the proxy's user name or
// password, nor of a credential, is printed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { adviceFor } from '../../server/src/connection/advice';
import { formatReport, reportToJson, runTestConnection } from '../../server/src/connection';
import type { ConnectionOptions, StepName, TestConnectionReport } from '../../server/src/connection';
import { fakeSecret } from '../helpers';
import { selfSignedCert } from './tls';
import { PROXIED_HOST } from './proxy';
import { timed, took } from '../timing';

const PAT = fakeSecret('pat_', 40, 0x5e20);
const API_KEY = fakeSecret('sk-' + 'proj-', 40, 0x5e21);
const PROXY_USER = `u${fakeSecret('', 8, 0x5e22)}`;
const PROXY_PASSWORD = fakeSecret('', 24, 0x5e23);
const PROJECT = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
/** The start of a TLS 1.2 ServerHello record. */
const SERVER_HELLO = Buffer.from([0x16, 0x03, 0x03, 0x00, 0x7a, 0x02, 0x00, 0x00, 0x76, 0x03, 0x03]);

type Mode = 'silent' | 'half-answer' | 'tunnel-silent' | 'tunnel-drip';
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
const servers: Server[] = [];
/** Every CONNECT head each proxy was sent. */
const heads: string[] = [];
/** The bytes each dripping tunnel has sent, in the order the tunnels opened. */
const dripped: number[] = [];

/** A proxy that reads the CONNECT request, then misbehaves as `mode` says (it never connects anywhere). */
async function stallingProxy(mode: Mode): Promise<string> {
  const server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
    let got = '';
    const onData = (c: Buffer): void => {
      got += c.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      s.off('data', onData);
      heads.push(got);
      if (mode === 'silent') return;
      if (mode === 'half-answer') return void s.write('HTTP/1.1 200 Conn');
      s.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      // The "service" behind the tunnel: reads the ClientHello, then says nothing or drips.
      s.once('data', () => {
        if (mode === 'tunnel-silent') return;
        let i = 0;
        const n = dripped.push(0) - 1;
        const t = setInterval(() => {
          if (s.destroyed) return void clearInterval(t);
          s.write(Buffer.from([SERVER_HELLO[i] ?? 0x41]));
          i++;
          dripped[n] = i;
        }, 50);
        timers.add(t);
      });
    };
    s.on('data', onData);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const proxies = {} as Record<Mode, string>;
before(async () => {
  for (const m of ['silent', 'half-answer', 'tunnel-silent', 'tunnel-drip'] as const)
    proxies[m] = await stallingProxy(m);
});
after(() => {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
});

/**
 * Runs against https://PROXIED_HOST (not loopback, so the proxy is used); checks nothing leaked. `ms`
 * is the run's time less what the machine held this process up (test/timing.ts); `clock` says both.
 */
async function run(
  mode: Mode,
  extra: Partial<ConnectionOptions>,
): Promise<{ report: TestConnectionReport; ms: number; heldMs: number; clock: string; text: string }> {
  const far = `https://${PROXIED_HOST}:8443`;
  const options: ConnectionOptions = {
    baseUrl: `${far}/api`,
    tokenRefreshUrl: `${far}/auth/refresh`,
    projectId: PROJECT,
    env: {},
    proxy: proxies[mode],
    ca: selfSignedCert().cert,
    ...extra,
  };
  const steps: string[] = [];
  const t = await timed(() =>
    runTestConnection(options, { pat: PAT, apiKey: API_KEY }, { onStep: (r) => void steps.push(JSON.stringify(r)) }),
  );
  const report = t.value;
  const text = formatReport(report, [PAT, API_KEY]);
  const basic = Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64');
  for (const printed of [JSON.stringify(report), text, reportToJson(report, [PAT, API_KEY]), ...steps]) {
    for (const secret of [PAT, API_KEY, PROXY_PASSWORD, basic])
      for (let i = 0; i + 6 <= secret.length; i++)
        assert.ok(!printed.includes(secret.slice(i, i + 6)), `a piece of a secret in:\n${printed}`);
    assert.ok(!printed.includes(PROXY_USER), `the proxy's user name in:\n${printed}`);
  }
  // Each step that met the stall ended within its own limit (plus scheduling slack, plus what the
  // machine held this process up during the run).
  const limit = Math.min(options.connectTimeoutMs ?? 10_000, options.timeoutMs ?? 30_000);
  for (const s of report.steps)
    if (s.status === 'fail')
      assert.ok(s.durationMs < limit + 400 + t.heldMs, `${s.name}: ${s.durationMs} ms, run ${took(t)}\n${text}`);
  return { report, ms: t.ownMs, heldMs: t.heldMs, clock: took(t), text };
}
const step = (r: TestConnectionReport, n: StepName) => r.steps.find((s) => s.name === n)!;

describe('a proxy that stalls: named for what it is, within the connect timeout, as a direct stall', () => {
  it('accepts the connection, never answers CONNECT (connect timeout 600 ms, run limit 5000 ms): proxy', async () => {
    const before = heads.length;
    const { report, ms, heldMs, clock, text } = await run('silent', { timeoutMs: 5000, connectTimeoutMs: 600 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'proxy', text);
    assert.match(
      s.message,
      new RegExp(
        `^The proxy 127\\.0\\.0\\.1:\\d+ accepted the connection but did not answer the request to open a tunnel to ${PROXIED_HOST.replace(/\./g, '\\.')}:8443 \\(CONNECT\\) within the connect timeout of 600 ms: in the (\\d+) ms since it was asked, it sent nothing\\.$`,
      ),
      text,
    );
    assert.ok(Number(/in the (\d+) ms/.exec(s.message)![1]) >= 500 - heldMs, `${s.message}\n${clock}`);
    assert.equal(s.advice, adviceFor('proxy', 'token-refresh'));
    assert.ok(ms < 2100, `${clock}\n${text}`);
    // The proxy was asked with its credentials, as configured.
    const head = heads[before]!;
    assert.match(head, new RegExp(`^CONNECT ${PROXIED_HOST}:8443 HTTP/1\\.1\\r\\n`));
    assert.ok(
      head
        .toLowerCase()
        .includes(
          `proxy-authorization: basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64').toLowerCase()}`,
        ),
      head,
    );
  });

  it('the run limit (1500 ms) shorter than the 10 s default connect timeout: the run limit named, in time', async () => {
    const { report, ms, clock, text } = await run('silent', { timeoutMs: 1500 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'proxy', text);
    assert.match(
      s.message,
      /did not answer the request to open a tunnel .* within the time limit of 1500 ms: in the \d+ ms since it was asked, it sent nothing\.$/,
      text,
    );
    assert.ok(ms < 2100, clock);
  });

  it('half an answer to CONNECT, then nothing: proxy, with what it sent', async () => {
    const { report, ms, clock, text } = await run('half-answer', { timeoutMs: 5000, connectTimeoutMs: 600 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'proxy', text);
    assert.match(
      s.message,
      /within the connect timeout of 600 ms: in the \d+ ms since it was asked, it sent only 17 bytes, not a complete answer\.$/,
      text,
    );
    assert.ok(ms < 2100, `${clock}\n${text}`);
  });

  it('the tunnel opens, the service behind it never answers the ClientHello: timeout, the handshake through the proxy named', async () => {
    const { report, ms, clock, text } = await run('tunnel-silent', { timeoutMs: 5000, connectTimeoutMs: 600 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'timeout', text);
    assert.match(
      s.message,
      /^The TLS handshake with assistant\.proxied\.test:8443 through the proxy 127\.0\.0\.1:\d+ did not complete within the connect timeout of 600 ms: the proxy opened the tunnel, but in the \d+ ms since, the server sent nothing\.$/,
      text,
    );
    assert.ok(ms < 2100, `${clock}\n${text}`);
  });

  it("the tunnel opens, the service drips its handshake: tls, with the bytes it sent (not the proxy's answer)", async () => {
    const before = dripped.length;
    const { report, ms, clock, text } = await run('tunnel-drip', { timeoutMs: 5000, connectTimeoutMs: 700 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'tls', text);
    assert.match(
      s.message,
      /through the proxy 127\.0\.0\.1:\d+ did not complete within the connect timeout of 700 ms: the proxy opened the tunnel, and in the \d+ ms since, the server sent only (\d+) bytes of its handshake/,
      text,
    );
    const bytes = Number(/sent only (\d+) bytes/.exec(s.message)![1]);
    // What the service sent through the first tunnel, counted there (a byte every 50 ms, the last ones
    // perhaps still in flight); the proxy's 39-byte answer is not counted.
    const sent = dripped[before]!;
    assert.ok(bytes >= 1 && bytes <= sent && bytes >= sent - 3, `${s.message}\nsent ${sent}`);
    assert.equal(s.advice, adviceFor('tls', 'token-refresh'));
    // Two steps meet it (the token refresh, then the API key's listing), each within its connect timeout.
    assert.ok(ms < 2100, `${clock}\n${text}`);
  });
});
