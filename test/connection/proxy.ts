// A tiny CONNECT proxy on loopback that records the tunnels it opens and every byte it is sent.
// It only tunnels to loopback addresses: the tests never send traffic anywhere else. The name
// PROXIED_HOST is resolved by the proxy to 127.0.0.1 (the test certificate carries it): a
// service that is not loopback to the client, which therefore goes through the proxy.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';

/** A host name only the test proxy knows: it tunnels to 127.0.0.1. */
export const PROXIED_HOST = 'assistant.proxied.test';

export interface TestProxy {
  url: string;
  /** TCP connections accepted, whatever they carried. */
  connections: number;
  /** Everything clients sent (CONNECT lines, plain requests, tunnelled bytes), as latin1 text. */
  received: string;
  /** host:port of every CONNECT received. */
  connects: string[];
  /** Proxy-Authorization headers received. */
  authHeaders: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(opts: { requireAuth?: string; host?: string } = {}): Promise<TestProxy> {
  const connects: string[] = [];
  const authHeaders: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connection', (socket: Socket) => {
    state.connections++;
    socket.on('data', (c: Buffer) => (state.received += c.toString('latin1')));
  });
  server.on('connect', (req, client: Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const target = req.url ?? '';
    connects.push(target);
    const auth = req.headers['proxy-authorization'];
    if (auth) authHeaders.push(auth);
    if (opts.requireAuth !== undefined && auth !== opts.requireAuth) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(target);
    const named = m?.[1]?.replace(/^\[|\]$/g, '');
    const host = named === PROXIED_HOST ? '127.0.0.1' : named;
    if (!m || !host || !['127.0.0.1', '::1', 'localhost'].includes(host)) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = connect(Number(m[2]), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const state: TestProxy = {
    url: `http://${host}:${port}`,
    connections: 0,
    received: '',
    connects,
    authHeaders,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return state;
}

/** The same service reached by PROXIED_HOST instead of its loopback address. */
export function viaProxiedHost(url: string): string {
  const u = new URL(url);
  u.hostname = PROXIED_HOST;
  return u.href;
}

/** A loopback port with nothing listening on it (for "connection refused"). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
