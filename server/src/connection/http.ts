// The HTTP layer of Test Connection, over undici's own fetch (Node's global fetch cannot take a
// proxy). Every request gets: a connect timeout and an overall timeout, cancellation, a cap on
// the size of the answer, the proxy, manual redirects that never carry credentials to another
// origin, and a refusal of plain http:// except to loopback.
import { Agent, ProxyAgent, fetch } from 'undici';
import type { Dispatcher } from 'undici';
import { NetError, classifyNetworkError } from './errors';
import { checkServiceUrl, hostOf, isUrlProblem, proxyFor } from './url';

export interface HttpSettings {
  /** Overall limit for one request, from the first byte sent to the last byte read. */
  timeoutMs: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  /** Explicit proxy (VS Code's `http.proxy`); otherwise HTTPS_PROXY/HTTP_PROXY from `env`. */
  proxy?: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Extra trusted CA certificates (PEM), for private authorities and for tests. */
  ca?: string | Buffer;
  signal?: AbortSignal;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The address that finally answered (after same-origin redirects). */
  url: URL;
  /** The proxy used, credentials removed; undefined for a direct connection. */
  proxy: string | undefined;
}

const MAX_REDIRECTS = 5;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export async function httpRequest(req: HttpRequest, s: HttpSettings): Promise<HttpResponse> {
  const proxy = proxyFor(req.url, s.proxy, s.env);
  const dispatcher = makeDispatcher(proxy, s);
  const controller = new AbortController();
  let timedOut = false;
  let cancelled = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, s.timeoutMs);
  const onAbort = (): void => {
    cancelled = true;
    controller.abort();
  };
  if (s.signal?.aborted) onAbort();
  else s.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await followRedirects(req, dispatcher, controller.signal, s.maxResponseBytes, proxy);
  } catch (err) {
    throw classifyNetworkError(err, { host: hostOf(req.url), proxy, timedOut, cancelled, timeoutMs: s.timeoutMs });
  } finally {
    clearTimeout(timer);
    s.signal?.removeEventListener('abort', onAbort);
    // destroy, not close: a server that hangs must not keep us waiting for a graceful close.
    dispatcher.destroy().catch(() => undefined);
  }
}

function makeDispatcher(proxy: string | undefined, s: HttpSettings): Dispatcher {
  const tls = { timeout: s.connectTimeoutMs, ...(s.ca ? { ca: s.ca } : {}) };
  if (!proxy) return new Agent({ connect: tls });
  let uri: string;
  try {
    uri = new URL(proxy).href;
  } catch {
    throw new NetError('proxy', 'The proxy setting is not a valid URL (expected http://host:port).');
  }
  return new ProxyAgent({ uri, requestTls: tls, proxyTls: { timeout: s.connectTimeoutMs } });
}

async function followRedirects(
  req: HttpRequest,
  dispatcher: Dispatcher,
  signal: AbortSignal,
  maxBytes: number,
  proxy: string | undefined,
): Promise<HttpResponse> {
  let { method, url, body } = req;
  const headers = { ...req.headers };
  for (let hop = 0; ; hop++) {
    const checked = checkServiceUrl(url.href, 'The address');
    if (isUrlProblem(checked)) throw new NetError('insecure-url', checked.message);
    const res = await fetch(url, { method, headers, body, redirect: 'manual', dispatcher, signal });
    const location = res.headers.get('location');
    if (!REDIRECT.has(res.status) || !location) {
      const data = await readCapped(res.body, maxBytes, res.headers.get('content-length'), hostOf(url));
      return { status: res.status, headers: res.headers, body: data, url, proxy: proxy ? stripUserInfo(proxy) : undefined };
    }
    await res.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new NetError('too-many-redirects', `More than ${MAX_REDIRECTS} redirects from ${hostOf(req.url)}.`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new NetError('network', `${hostOf(url)} redirected to an invalid address.`);
    }
    if (next.origin !== url.origin) {
      // Authorization, x-platform-project-id and the payload's tokens would all go along with a
      // followed request; another origin must never see them, so we stop here.
      throw new NetError(
        'redirect-other-origin',
        `${url.origin} redirected (HTTP ${res.status}) to another origin, ${next.origin}; not followed, so that credentials are not sent there.`,
        String(res.status),
      );
    }
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      delete headers['Content-Type'];
    }
    url = next;
  }
}

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number, declared: string | null, host: string): Promise<Buffer> {
  const tooLarge = (): NetError => new NetError('too-large', `The answer from ${host} is larger than ${maxBytes} bytes; reading stopped.`);
  if (!body) return Buffer.alloc(0);
  if (declared && Number(declared) > maxBytes) {
    await body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

function stripUserInfo(proxy: string): string {
  try {
    const u = new URL(proxy);
    u.username = '';
    u.password = '';
    return u.origin;
  } catch {
    return 'proxy';
  }
}
