// Test Connection against a server that accepts the connection and then never completes the TLS
// handshake (REVIEW11-sec S10): one that drips its handshake a byte every 50 ms (the bytes of a
// ServerHello record, then filler), one that stays silent. The report says that the TLS handshake
// did not complete, within which limit (the run's time limit, or a connect timeout shorter than it),
// how long the connection had been open and what the server sent of it, with the `tls` diagnosis
// (and its advice) when the server sent part of a handshake, `timeout` when it sent nothing; and the
// run ends within its limit (the 10 s default connect timeout never outlasts a shorter run limit;
// the time the machine held this process up not counted: test/timing.ts).
import assert from 'node:assert/strict';
import { createServer as createHttpsServer } from 'node:https';
import { after, before, describe, it } from 'node:test';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { adviceFor } from '../../server/src/connection/advice';
import { formatReport, reportToJson, runTestConnection } from '../../server/src/connection';
import type { ConnectionOptions, StepName, TestConnectionReport } from '../../server/src/connection';
import { fakeJwt, fakeSecret } from '../helpers';
import { selfSignedCert } from './tls';
import { timed, took } from '../timing';

const PAT = fakeSecret('pat_', 40, 0x5e10);
const API_KEY = fakeSecret('sk-' + 'proj-', 40, 0x5e11);
const PROJECT = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
/** The start of a TLS 1.2 ServerHello record (content type 22, version 3.3, length, handshake type 2…). */
const SERVER_HELLO = Buffer.from([0x16, 0x03, 0x03, 0x00, 0x7a, 0x02, 0x00, 0x00, 0x76, 0x03, 0x03]);
const DRIP_MS = 50;

interface Stub {
  origin: string;
  close(): void;
}
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
/** The bytes each dripping connection has sent, in the order the connections came. */
const dripped: number[] = [];

/** A TCP server on which every connection reads the ClientHello, then drips (or, `silent`, sends nothing). */
async function stallingServer(silent: boolean): Promise<Stub> {
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
    s.once('data', () => {
      if (silent) return;
      let i = 0;
      const n = dripped.push(0) - 1;
      const t = setInterval(() => {
        if (s.destroyed) return void clearInterval(t);
        s.write(Buffer.from([SERVER_HELLO[i] ?? 0x41]));
        i++;
        dripped[n] = i;
      }, DRIP_MS);
      timers.add(t);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

let drip: Stub;
let silent: Stub;
let good: Stub;

before(async () => {
  drip = await stallingServer(false);
  silent = await stallingServer(true);
  // A working token refresh, so that a later step meets the stalling server with part of the run used.
  const cert = selfSignedCert();
  const https = createHttpsServer({ cert: cert.cert, key: cert.key }, (req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ token: fakeJwt(0x5e12, { exp: Math.floor(Date.now() / 1000) + 3600 }) })),
    );
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  good = {
    origin: `https://127.0.0.1:${(https.address() as AddressInfo).port}`,
    close: () => {
      https.closeAllConnections();
      https.close();
    },
  };
});
after(() => {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  drip.close();
  silent.close();
  good.close();
});

/**
 * A run, every printed form scanned; `ms` is its time less what the machine held this process up
 * (test/timing.ts), `clock` says both for a message.
 */
async function run(
  extra: Partial<ConnectionOptions>,
): Promise<{ report: TestConnectionReport; ms: number; heldMs: number; clock: string; text: string }> {
  const options: ConnectionOptions = {
    baseUrl: `${drip.origin}/api`,
    tokenRefreshUrl: `${drip.origin}/auth/refresh`,
    projectId: PROJECT,
    env: {},
    ca: selfSignedCert().cert,
    ...extra,
  };
  const t = await timed(() => runTestConnection(options, { pat: PAT, apiKey: API_KEY }));
  const report = t.value;
  const text = formatReport(report, [PAT, API_KEY]);
  for (const printed of [JSON.stringify(report), text, reportToJson(report, [PAT, API_KEY])])
    for (const secret of [PAT, API_KEY])
      for (let i = 4; i + 6 <= secret.length; i++)
        assert.ok(!printed.includes(secret.slice(i, i + 6)), `a piece of a credential in:\n${printed}`);
  return { report, ms: t.ownMs, heldMs: t.heldMs, clock: took(t), text };
}
const step = (r: TestConnectionReport, n: StepName) => r.steps.find((s) => s.name === n)!;

describe('a TLS handshake that never completes: named, with its limit, within the time limit', () => {
  it('dripped a byte every 50 ms, a run limit (2000 ms) shorter than the 10 s connect timeout: tls, the run limit named', async () => {
    const before = dripped.length;
    const { report, ms, heldMs, clock, text } = await run({ timeoutMs: 2000 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'tls', text);
    assert.match(
      s.message,
      /^The TLS handshake with 127\.0\.0\.1:\d+ did not complete within the time limit of 2000 ms: the connection was accepted, and in the (\d+) ms since, the server sent only (\d+) bytes of its handshake/,
      text,
    );
    const [, open, bytes] = /in the (\d+) ms since, the server sent only (\d+) bytes/.exec(s.message)!;
    // Open for about the 2 s limit (less the time to connect; plus what the machine held us up).
    assert.ok(Number(open) >= 1500 - heldMs && Number(open) <= 2100 + heldMs, `${s.message}\n${clock}`);
    // What the server sent, counted at the server: a byte every 50 ms, the last ones perhaps still in flight.
    assert.equal(dripped.length, before + 1, 'one connection');
    const sent = dripped[before]!;
    assert.ok(Number(bytes) >= 1 && Number(bytes) <= sent && Number(bytes) >= sent - 3, `${s.message}\nsent ${sent}`);
    assert.equal(s.advice, adviceFor('tls', 'token-refresh'));
    assert.ok(ms < 2600, clock);
    assert.equal(report.ok, false);
  });

  it('dripped, a connect timeout (600 ms) shorter than the run limit (5000 ms): tls, the connect timeout named', async () => {
    const { report, ms, clock, text } = await run({ timeoutMs: 5000, connectTimeoutMs: 600 });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'tls', text);
    assert.match(
      s.message,
      /^The TLS handshake with 127\.0\.0\.1:\d+ did not complete within the connect timeout of 600 ms: the connection was accepted, and in the \d+ ms since, the server sent only \d+ bytes/,
      text,
    );
    assert.ok(ms < 1500, clock);
  });

  it('silent after the ClientHello, a run limit (1500 ms) shorter than the connect timeout: timeout, "sent nothing"', async () => {
    const { report, ms, clock, text } = await run({
      baseUrl: `${silent.origin}/api`,
      tokenRefreshUrl: `${silent.origin}/auth/refresh`,
      timeoutMs: 1500,
    });
    const s = step(report, 'token-refresh');
    assert.equal(s.diagnosis, 'timeout', text);
    assert.match(
      s.message,
      /^The TLS handshake with 127\.0\.0\.1:\d+ did not complete within the time limit of 1500 ms: the connection was accepted, but in the \d+ ms since, the server sent nothing\.$/,
      text,
    );
    assert.ok(ms < 2100, clock);
  });

  it('a later step (the token refresh answered): the run limit named, the step fails as tls, the next is not run', async () => {
    // (4 s: the token refresh's handshake completes within it even when a busy machine holds this process up.)
    const { report, ms, clock, text } = await run({ tokenRefreshUrl: `${good.origin}/auth/refresh`, timeoutMs: 4000 });
    assert.equal(step(report, 'token-refresh').status, 'pass', text);
    const s = step(report, 'threads-user');
    assert.equal(s.diagnosis, 'tls', text);
    assert.match(s.message, /did not complete within the time limit of 4000 ms: the connection was accepted/, text);
    assert.equal(step(report, 'threads-project').status, 'skip', text);
    assert.equal(step(report, 'threads-project').diagnosis, 'timeout', text);
    assert.ok(ms < 4600, clock);
  });

  it('a closed port and a refused connection are not named a handshake (the connection was never accepted)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { report, text } = await run({
      baseUrl: `https://127.0.0.1:${port}/api`,
      tokenRefreshUrl: `https://127.0.0.1:${port}/auth/refresh`,
      timeoutMs: 2000,
    });
    assert.equal(step(report, 'token-refresh').diagnosis, 'connection-refused', text);
    assert.equal(step(report, 'threads-project').diagnosis, 'connection-refused', text);
    assert.doesNotMatch(text, /handshake/, text);
  });
});
