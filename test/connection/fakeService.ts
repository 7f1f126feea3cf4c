// A local fake of the Assistant Query Service, as strict as the spec: the token refresh checks
// the `pat` scheme, the UUID project header, the content type and the empty body and answers an
// HS256-signed JWT with an expiry; /threads takes an unexpired JWT (user-scoped) or the project
// API key (project-scoped); the program endpoint checks the pass-through payload's shape.
// Faults can be injected per endpoint. It listens on loopback only, on an ephemeral port.
// Also used by the end-to-end tests in real VS Code (see fakeServiceMain.ts).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export type Endpoint = 'refresh' | 'threads' | 'program';

/** What an endpoint does instead of (or before) its normal work. */
export interface Fault {
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the socket stays open until close()). */
  hang?: boolean;
  /** Answer this status and body instead of the normal answer. */
  status?: number;
  body?: string;
  contentType?: string;
  /** Answer this many bytes (streamed, without Content-Length unless declareLength). */
  hugeBytes?: number;
  /**
   * Answer (status, default 200) a valid JSON list of threads of about this many bytes, streamed
   * (`contentType`, default application/json; Infinity: it never ends). How much was written before
   * the client stopped reading is kept in `streamedBytes`.
   */
  threadListBytes?: number;
  declareLength?: boolean;
  /** Answer a redirect (307 unless redirectStatus says otherwise) to this location (absolute or relative). */
  redirectTo?: string;
  redirectStatus?: number;
  /** Extra headers of the answer (with status/body). */
  headers?: Record<string, string>;
  /** Apply to the next request only. */
  once?: boolean;
  /** Send the status line and headers (status, default 500) and the start of a body, then stall. */
  stallBody?: boolean;
  /** Answer 500 with the request's headers echoed in the body (to prove redaction). */
  echoHeaders?: boolean;
}

/** Special answers of the token refresh. */
export type RefreshAnswer = 'jwt' | 'expired-jwt' | 'no-exp-jwt' | 'not-jwt' | 'no-token' | 'not-json';

export interface FakeServiceOptions {
  /** Serve HTTPS with this certificate; plain HTTP when absent. */
  tls?: { cert: string; key: string };
  host?: '127.0.0.1' | '::1';
  /** Lifetime of issued JWTs (default 3600 s). */
  jwtLifetimeSec?: number;
  /** The data authentication mode the program endpoint expects (default `default`). */
  dataAuthMode?: 'default' | 'jwt';
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeService {
  /** `{base_url}`. */
  url: string;
  tokenRefreshUrl: string;
  executeProgramUrl: string;
  /** A data endpoint address ending in /v1/sql (never called: it travels inside the payload). */
  dataSourceUrl: string;
  origin: string;
  projectId: string;
  pat: string;
  apiKey: string;
  dataToken: string;
  /** Every JWT issued, so that leak scans can look for them too. */
  issuedTokens: string[];
  requests: RecordedRequest[];
  calls: Record<Endpoint, number>;
  faults: Partial<Record<Endpoint, Fault>>;
  refreshAnswer: RefreshAnswer;
  dataAuthMode: 'default' | 'jwt';
  /** The last program payload accepted or refused. */
  lastProgramPayload: unknown;
  /** How much of the last `threadListBytes` answer was written before the client stopped reading. */
  streamed: { bytes: number };
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PATHS = {
  refresh: '/auth/token/refresh',
  base: '/api/v1',
  program: '/api/v1/programs/execute',
  data: '/data/v1/sql',
};

export async function startFakeService(opts: FakeServiceOptions = {}): Promise<FakeService> {
  const signingKey = randomBytes(32);
  const secret = (prefix: string): string => `${prefix}_${randomBytes(18).toString('base64url')}`;
  const state: Omit<
    FakeService,
    'url' | 'tokenRefreshUrl' | 'executeProgramUrl' | 'dataSourceUrl' | 'origin' | 'close'
  > = {
    projectId: randomUUID(),
    pat: secret('pat'),
    apiKey: secret('apikey'),
    dataToken: secret('datatoken'),
    issuedTokens: [],
    requests: [],
    calls: { refresh: 0, threads: 0, program: 0 },
    faults: {},
    refreshAnswer: 'jwt',
    dataAuthMode: opts.dataAuthMode ?? 'default',
    lastProgramPayload: undefined,
    streamed: { bytes: 0 },
  };
  const lifetime = opts.jwtLifetimeSec ?? 3600;

  const sign = (payload: Record<string, unknown>): string => {
    const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
    const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}`;
    return `${head}.${createHmac('sha256', signingKey).update(head).digest('base64url')}`;
  };
  const verify = (jwt: string): Record<string, unknown> | undefined => {
    const [h, p, sig] = jwt.split('.');
    if (!h || !p || !sig) return undefined;
    const want = createHmac('sha256', signingKey).update(`${h}.${p}`).digest();
    const got = Buffer.from(sig, 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
    return JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      state.requests.push({ method: req.method ?? '', path, headers: { ...req.headers }, body });
      const endpoint: Endpoint | undefined =
        path === PATHS.refresh
          ? 'refresh'
          : path === `${PATHS.base}/threads`
            ? 'threads'
            : path === PATHS.program
              ? 'program'
              : undefined;
      if (!endpoint) return json(res, 404, { error: 'not found' });
      state.calls[endpoint]++;
      const fault = state.faults[endpoint];
      if (fault?.once) delete state.faults[endpoint];
      void withFault(fault, req, res, state.streamed, () => {
        if (endpoint === 'refresh') return refresh(req, res, body);
        if (endpoint === 'threads') return threads(req, res);
        return program(req, res, body);
      });
    });
  };

  const refresh = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    if (req.method !== 'POST') return json(res, 405, { error: 'method' });
    const auth = /^pat (\S+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return json(res, 401, { error: 'expected Authorization: pat <token>' });
    if (auth[1] !== state.pat) return json(res, 401, { error: 'invalid token' });
    const project = req.headers['x-platform-project-id'];
    if (typeof project !== 'string' || !UUID.test(project))
      return json(res, 400, { error: 'x-platform-project-id must be a UUID' });
    if (project.toLowerCase() !== state.projectId)
      return json(res, 403, { error: 'token does not belong to this project' });
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
      return json(res, 415, { error: 'Content-Type must be application/json' });
    if (body.length > 0) return json(res, 400, { error: 'no body expected' });
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'user-1', project_id: state.projectId, iat: now };
    switch (state.refreshAnswer) {
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
        return;
      case 'no-token':
        return json(res, 200, { access: 'nothing here' });
      case 'not-jwt':
        return json(res, 200, { token: 'opaque-session-value-1234567890' });
      default: {
        const exp = state.refreshAnswer === 'expired-jwt' ? now - 60 : now + lifetime;
        const token = sign(state.refreshAnswer === 'no-exp-jwt' ? claims : { ...claims, exp });
        state.issuedTokens.push(token);
        return json(res, 200, { token });
      }
    }
  };

  const threads = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET') return json(res, 405, { error: 'method' });
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
      return json(res, 415, { error: 'Content-Type must be application/json' });
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) return json(res, 401, { error: 'expected Authorization: Bearer' });
    if (bearer === state.apiKey) return json(res, 200, { threads: [], scope: 'project' });
    const claims = verify(bearer);
    if (!claims) return json(res, 401, { error: 'invalid credential' });
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now())
      return json(res, 401, { error: 'token expired' });
    if (claims.project_id !== state.projectId) return json(res, 403, { error: 'wrong project' });
    return json(res, 200, { threads: [], scope: 'user' });
  };

  const program = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    if (req.method !== 'POST') return json(res, 405, { error: 'method' });
    if (req.headers.authorization !== `Bearer ${state.apiKey}`)
      return json(res, 401, { error: 'project API key required' });
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
      return json(res, 415, { error: 'Content-Type must be application/json' });
    let p: unknown;
    try {
      p = JSON.parse(body);
    } catch {
      return json(res, 400, { error: 'body is not JSON' });
    }
    state.lastProgramPayload = p;
    const problems = payloadProblems(p, state);
    if (problems.length) return json(res, 422, { errors: problems });
    return json(res, 200, { output: '1\n' });
  };

  const server: Server = opts.tls
    ? createHttpsServer({ cert: opts.tls.cert, key: opts.tls.key }, handler)
    : createHttpServer(handler);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `${opts.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return Object.assign(state, {
    origin,
    url: origin + PATHS.base,
    tokenRefreshUrl: origin + PATHS.refresh,
    executeProgramUrl: origin + PATHS.program,
    dataSourceUrl: origin + PATHS.data,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function payloadProblems(p: unknown, s: Pick<FakeService, 'apiKey' | 'dataToken' | 'dataAuthMode'>): string[] {
  const out: string[] = [];
  const obj = (v: unknown): Record<string, unknown> | undefined =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const root = obj(p);
  if (!root) return ['payload must be an object'];
  const allowed = new Set(['code', 'assistant_api_key', 'ai_primitives_llm', 'data_source', 'artifacts']);
  for (const k of Object.keys(root)) if (!allowed.has(k)) out.push(`unknown field ${k}`);
  if (typeof root.code !== 'string' || !root.code.trim()) out.push('code must be a non-empty string');
  if (root.assistant_api_key !== s.apiKey) out.push('assistant_api_key is not the project API key');
  const llm = obj(root.ai_primitives_llm);
  if (!llm || typeof llm.provider !== 'string') out.push('ai_primitives_llm.provider must be a string');
  const ds = obj(root.data_source);
  if (!ds || typeof ds.url !== 'string' || !ds.url.endsWith('/v1/sql')) out.push('data_source.url must end in /v1/sql');
  const headers = obj(ds?.headers);
  const want: Record<string, string> =
    s.dataAuthMode === 'jwt' ? { authorization: `Bearer ${s.dataToken}` } : { 'x-platform-data-token': s.dataToken };
  if (!headers || JSON.stringify(headers) !== JSON.stringify(want))
    out.push(`data_source.headers do not match data auth mode ${s.dataAuthMode}`);
  if (!Array.isArray(root.artifacts)) out.push('artifacts must be an array');
  return out;
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function withFault(
  f: Fault | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  streamed: { bytes: number },
  normal: () => void,
): Promise<void> {
  if (!f) return normal();
  if (f.hang) return;
  if (f.delayMs) await new Promise((r) => setTimeout(r, f.delayMs));
  if (res.destroyed) return;
  if (f.redirectTo) {
    res.writeHead(f.redirectStatus ?? 307, { location: f.redirectTo }).end();
    return;
  }
  if (f.stallBody) {
    res.writeHead(f.status ?? 500, { 'content-type': 'application/json' });
    res.write('{"error": "inter');
    return;
  }
  if (f.echoHeaders) return json(res, 500, { error: 'internal', request_headers: req.headers });
  if (f.threadListBytes) {
    res.writeHead(f.status ?? 200, { 'content-type': f.contentType ?? 'application/json' });
    res.on('error', () => undefined);
    let sent = 0;
    let n = 0;
    const item = (i: number): string =>
      `${i === 0 ? '' : ','}{"id":"${randomUUID()}","title":"Thread ${i}: revenue by region","createdAt":"2026-11-0${1 + (i % 9)}T10:00:00Z"}`;
    const pump = (): void => {
      while (!res.destroyed) {
        if (sent >= f.threadListBytes!) {
          res.end(']}');
          return;
        }
        let chunk = n === 0 ? '{"threads":[' : '';
        while (chunk.length < 16 * 1024) chunk += item(n++);
        sent += chunk.length;
        streamed.bytes = sent;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    return pump();
  }
  if (f.hugeBytes) {
    res.writeHead(f.status ?? 200, {
      'content-type': 'application/json',
      ...(f.declareLength ? { 'content-length': String(f.hugeBytes) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = f.hugeBytes;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('error', () => undefined);
    return pump();
  }
  if (f.status !== undefined) {
    res.writeHead(f.status, { 'content-type': f.contentType ?? 'application/json', ...f.headers }).end(f.body ?? '');
    return;
  }
  normal();
}
