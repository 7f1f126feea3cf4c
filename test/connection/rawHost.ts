// A service for misbehaviour tests that answers byte by byte: each whole request (test/helpers
// readRequests) goes to `answer`, which writes whatever it likes on the socket (a cut answer, a drip,
// headers no HTTP library would send). Over TLS (the test certificate) or plain http on loopback.
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import { readRequests } from '../helpers';
import type { RawRequest } from '../helpers';
import { selfSignedCert } from './tls';

/** What the service answers to one request, or how it misbehaves. */
export type Answer = (req: RawRequest, socket: Socket) => void;

export interface Host {
  origin: string;
  /** Requests read whole. */
  hits: number;
  answer: Answer;
  close(): Promise<void>;
}

export async function startHost(tls: boolean): Promise<Host> {
  const sockets = new Set<Socket>();
  const host: Host = {
    origin: '',
    hits: 0,
    answer: (_r, s) => s.end('HTTP/1.1 500 X\r\ncontent-length: 0\r\n\r\n'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const serve = (socket: Socket | TLSSocket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    readRequests(socket, (req) => {
      host.hits++;
      host.answer(req, socket);
    });
  };
  const cert = selfSignedCert();
  const server: Server = tls ? createTlsServer({ cert: cert.cert, key: cert.key }, serve) : createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return host;
}

/** Writes a whole HTTP/1.1 answer (with its Content-Length unless `headers` names a length or a transfer coding). */
export function respond(
  socket: Socket,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer = '',
): void {
  const framed = Object.keys(headers).some((k) => /^(content-length|transfer-encoding)$/i.test(k));
  const h = Object.entries({ ...(framed ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} X\r\n${h}\r\n`, 'latin1'), Buffer.from(body)]));
}
