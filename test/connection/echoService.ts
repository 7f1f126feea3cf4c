// A hostile fake service for the redaction attack test: every endpoint can echo the request it
// received (method, path, headers and body) back through a transformation of the kind real
// gateways, proxies and debug error pages apply (escaped slashes, line wrapping, cuts, percent-
// and HTML-encoding, Latin-1 mis-decoding, upper-casing, JSON inside JSON…). It listens on
// loopback only, on an ephemeral port.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

/** Turns the echoed request text into the answer sent back. */
export type Transform = (echo: string) => EchoAnswer;

export interface EchoService {
  origin: string;
  baseUrl: string;
  tokenRefreshUrl: string;
  executeProgramUrl: string;
  dataSourceUrl: string;
  /** What the token refresh does: echo the request, or hand out this JWT. */
  refresh: { echo: true } | { echo: false; jwt: string };
  transform: Transform;
  requests: number;
  close(): Promise<void>;
}

export const ECHO_PATHS = {
  refresh: '/auth/refresh',
  base: '/api',
  threads: '/api/threads',
  program: '/api/program',
  data: '/data/v1/sql',
};

/** The request as a gateway's debug page would show it. */
function requestText(req: IncomingMessage, body: string): string {
  const lines = [`${req.method ?? ''} ${req.url ?? ''} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    lines.push(`${req.rawHeaders[i] ?? ''}: ${req.rawHeaders[i + 1] ?? ''}`);
  return `${lines.join('\n')}\n\n${body}`;
}

export async function startEchoService(): Promise<EchoService> {
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      svc.requests++;
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === ECHO_PATHS.refresh && !svc.refresh.echo) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: svc.refresh.jwt }));
        return;
      }
      let answer: EchoAnswer;
      try {
        answer = svc.transform(requestText(req, body));
      } catch (e) {
        answer = { status: 599, body: `transform failed: ${String(e)}` };
      }
      res.on('error', () => undefined);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
    });
  };
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const svc: EchoService = {
    origin,
    baseUrl: origin + ECHO_PATHS.base,
    tokenRefreshUrl: origin + ECHO_PATHS.refresh,
    executeProgramUrl: origin + ECHO_PATHS.program,
    dataSourceUrl: origin + ECHO_PATHS.data,
    refresh: { echo: true },
    transform: (echo) => ({ status: 500, body: echo }),
    requests: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return svc;
}
