// A tiny CONNECT proxy on loopback that records the tunnels it opens. It only tunnels to
// loopback addresses: the tests never send traffic anywhere else.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';

export interface TestProxy {
  url: string;
  /** host:port of every CONNECT received. */
  connects: string[];
  /** Proxy-Authorization headers received. */
  authHeaders: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(opts: { requireAuth?: string } = {}): Promise<TestProxy> {
  const connects: string[] = [];
  const authHeaders: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(405).end());
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
    const host = m?.[1]?.replace(/^\[|\]$/g, '');
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    authHeaders,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it (for "connection refused"). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
