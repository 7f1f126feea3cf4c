// The HTTP layer of Test Connection, over undici's own fetch (Node's global fetch cannot take a
// proxy). Every request gets: a connect timeout and an overall timeout, cancellation, a cap on
// the size of the answer, the proxy, manual redirects that never carry credentials to another
// origin, and a refusal of plain http:// except to loopback.
import { performance } from 'node:perf_hooks';
import type { Socket } from 'node:net';
import { Agent, buildConnector, fetch } from 'undici';
import type { Dispatcher } from 'undici';
import { NetError, classifyNetworkError } from './errors';
import { checkServiceUrl, hostOf, isUrlProblem, proxyFor } from './url';
import { readAnswerBody } from './body';
import { pinnedLookup } from './pinnedLookup';

export interface HttpSettings {
  /** Limit for one request, from the first byte sent to the last byte read (the runner passes what is left of the run's deadline). */
  timeoutMs: number;
  /** The run's whole time limit, named in the message when it runs out; timeoutMs when absent. */
  overallTimeoutMs?: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  /** Explicit proxy (VS Code's `http.proxy`); otherwise HTTPS_PROXY/HTTP_PROXY from `env`. */
  proxy?: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Extra trusted CA certificates (PEM), for private authorities and for tests. */
  ca?: string | Buffer;
  signal?: AbortSignal;
  /** The User-Agent sent with every request (userAgent.ts); the browser's fetch sends its own. */
  userAgent?: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /**
   * A 2xx JSON answer may be read in part: beyond the size cap its start is kept and `truncated`
   * set, instead of a 'too-large' failure (see readAnswerBody).
   */
  jsonStart?: boolean;
}

/** What is read of an answer's headers: undici's Headers and the browser's both have it. */
export interface ResponseHeaders {
  get(name: string): string | null;
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  body: Buffer;
  /** The address that finally answered (after same-origin redirects). */
  url: URL;
  /** The proxy used, credentials removed; undefined for a direct connection. */
  proxy: string | undefined;
  /** The redirects followed on the way (same origin only), oldest first. */
  redirects: Redirect[];
  /**
   * The body was longer than what is read (ERROR_BODY_BYTES of an error answer; the size cap of a 2xx
   * JSON answer read with `jsonStart`) and was cut.
   */
  truncated: boolean;
  /**
   * Why an error answer's body was not read, in words for the message: marked with a Content-Encoding
   * that does not decode, cut off by the connection closing, a stream of server-sent events.
   */
  unread?: string;
  /** The answer is a stream of server-sent events (text/event-stream): never read, as it may not end. */
  eventStream?: boolean;
}

export interface Redirect {
  status: number;
  /** Where it pointed: the origin (the request's own: no other is followed) and the path, without the query. */
  origin: string;
  /** The path the service chose; a message quotes it as a header's value (connection/quote.ts quoteValue). */
  path: string;
}

const MAX_REDIRECTS = 5;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export async function httpRequest(req: HttpRequest, s: HttpSettings): Promise<HttpResponse> {
  const proxy = proxyFor(req.url, s.proxy, s.env);
  // The status of every answer whose headers arrived, seen below fetch: fetch turns a 407 into a
  // bare "network error" (the Fetch standard, for a client without a window), status lost.
  const heard: { status?: number } = {};
  const where = { host: hostOf(req.url), port: portOf(req.url) };
  const watch: ConnectWatch = {};
  const dispatcher = makeDispatcher(proxy, s, watch, where).compose(statusObserver(heard));
  const controller = new AbortController();
  let timedOut = false;
  let cancelled = false;
  // Where the connection stood when the run's time limit ran out (read before the abort closes it).
  let stalled: NetError | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    stalled = connectFailure(watch, `the time limit of ${s.overallTimeoutMs ?? s.timeoutMs} ms`, where);
    controller.abort();
  }, s.timeoutMs);
  const onAbort = (): void => {
    cancelled = true;
    stalled = undefined;
    controller.abort();
  };
  if (s.signal?.aborted) onAbort();
  else s.signal?.addEventListener('abort', onAbort, { once: true });
  // The status of the last answer whose headers arrived: a 500 whose body then stalls is still a 500.
  const seen: { status?: number } = {};
  try {
    return await followRedirects(req, dispatcher, controller.signal, s.maxResponseBytes, proxy, seen, s.userAgent);
  } catch (err) {
    if (stalled) throw stalled;
    if (heard.status === 407 && !controller.signal.aborted && !(err instanceof NetError))
      throw new NetError(
        'proxy',
        `${hostOf(req.url)} answered HTTP 407 (Proxy Authentication Required)${proxy ? ', from the proxy' : ' although no proxy is configured: something between you and the service (an intercepting proxy) asks for proxy credentials'}.`,
        '407',
        407,
      );
    const e = classifyNetworkError(err, {
      host: hostOf(req.url),
      port: portOf(req.url),
      proxy,
      timedOut,
      cancelled,
      timeoutMs: s.overallTimeoutMs ?? s.timeoutMs,
    });
    if (e.status !== undefined || seen.status === undefined) throw e;
    throw new NetError(
      e.kind,
      `${hostOf(req.url)} answered HTTP ${seen.status}, but then: ${e.message}`,
      e.code,
      seen.status,
    );
  } finally {
    clearTimeout(timer);
    s.signal?.removeEventListener('abort', onAbort);
    // destroy, not close: a server that hangs must not keep us waiting for a graceful close.
    dispatcher.destroy().catch(() => undefined);
  }
}

function makeDispatcher(
  proxy: string | undefined,
  s: HttpSettings,
  watch: ConnectWatch,
  where: { host: string; port: string },
): Dispatcher {
  // Direct connections resolve `localhost` / `*.localhost` to loopback only (never through DNS):
  // plain http:// is allowed to them on that ground. (Through a proxy, the only name we resolve
  // is the proxy's; loopback addresses never go through one.)
  if (!proxy)
    return new Agent({
      connect: watchedConnector(
        { ...(s.ca ? { ca: s.ca } : {}), lookup: pinnedLookup() },
        s.connectTimeoutMs,
        watch,
        where,
      ),
    });
  let uri: URL;
  try {
    uri = new URL(proxy);
  } catch {
    throw new NetError('proxy', 'The proxy setting is not a valid URL (expected http://host:port).');
  }
  return new Agent({ connect: tunnelConnector(uri, s, watch, where) });
}

async function followRedirects(
  req: HttpRequest,
  dispatcher: Dispatcher,
  signal: AbortSignal,
  maxBytes: number,
  proxy: string | undefined,
  seen: { status?: number },
  userAgent: string | undefined,
): Promise<HttpResponse> {
  const { method, body } = req;
  let url = req.url;
  const headers = { ...req.headers };
  if (userAgent && !Object.keys(headers).some((h) => h.toLowerCase() === 'user-agent'))
    headers['User-Agent'] = userAgent;
  const redirects: Redirect[] = [];
  for (let hop = 0; ; hop++) {
    const checked = checkServiceUrl(url.href, 'The address');
    if (isUrlProblem(checked)) throw new NetError('insecure-url', checked.message);
    const res = await fetch(url, { method, headers, body, redirect: 'manual', dispatcher, signal });
    seen.status = res.status;
    const location = res.headers.get('location');
    if (!REDIRECT.has(res.status) || !location) {
      // An error answer is read only up to ERROR_BODY_BYTES and keeps its status; a 2xx answer is
      // read whole up to maxBytes, and beyond that reported as too large, with its status.
      const read = await readAnswerBody(res, url, maxBytes, req.jsonStart);
      return {
        status: res.status,
        headers: res.headers,
        body: read.data,
        url,
        proxy: proxy ? stripUserInfo(proxy) : undefined,
        redirects,
        truncated: read.truncated,
        ...(read.unread ? { unread: read.unread } : {}),
        ...(read.eventStream ? { eventStream: true } : {}),
      };
    }
    await res.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS)
      throw new NetError(
        'too-many-redirects',
        `More than ${MAX_REDIRECTS} redirects from ${hostOf(req.url)}.`,
        undefined,
        res.status,
      );
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new NetError('network', `${hostOf(url)} redirected to an invalid address.`, undefined, res.status);
    }
    // Nothing of the Location is printed: it may carry a credential (a user name and password, a token in the path).
    if (next.protocol !== 'https:' && next.protocol !== 'http:')
      throw new NetError(
        'redirect-refused',
        `${url.origin} redirected (HTTP ${res.status}) to a ${next.protocol} address, not an HTTP(S) one; not followed.`,
        String(res.status),
        res.status,
      );
    if (next.username || next.password)
      throw new NetError(
        'redirect-refused',
        `${url.origin} redirected (HTTP ${res.status}) to an address with a user name or password in it; not followed, so that nothing is sent there.`,
        String(res.status),
        res.status,
      );
    if (next.origin !== url.origin) {
      // Authorization, x-platform-project-id and the payload's tokens would all go along with a
      // followed request; another origin must never see them, so we stop here.
      throw new NetError(
        'redirect-other-origin',
        `${url.origin} redirected (HTTP ${res.status}) to another origin, ${next.origin}; not followed, so that credentials are not sent there.`,
        String(res.status),
        res.status,
      );
    }
    if (method === 'POST' && (res.status === 301 || res.status === 302 || res.status === 303)) {
      // A client following this would send a GET without the body: the service would never see
      // the request we mean to test. Say so instead of reporting whatever the GET returns.
      throw new NetError(
        'redirect-method-change',
        `${url.origin}${url.pathname} answered HTTP ${res.status}, a redirect to ${next.pathname} that turns the POST into a GET; not followed.`,
        String(res.status),
        res.status,
      );
    }
    redirects.push({ status: res.status, origin: next.origin, path: next.pathname });
    url = next;
  }
}

/**
 * Where the latest connection of a request stands: connecting (TCP), in the TLS handshake (TCP
 * accepted, the handshake not done), or done. Read when a time limit runs out, to say which.
 */
type Phase = 'connect' | 'handshake' | 'open' | 'proxy-connect' | 'proxy-handshake' | 'tunnel';

interface ConnectWatch {
  /**
   * Through a proxy, first `proxy-connect` (TCP to the proxy), `proxy-handshake` (an https:// proxy's
   * TLS), `tunnel` (CONNECT sent, its answer awaited), then `handshake` through the tunnel.
   */
  phase?: Phase;
  /** performance.now() when the TCP connection was accepted (through a proxy: when the phase began). */
  acceptedAt?: number;
  socket?: Socket;
  /** Through a proxy: host:port of the proxy (never its user name or password). */
  proxyAt?: string;
  /** Through a proxy: the socket to the proxy, and its bytesRead when the phase began. */
  raw?: Socket;
  rawBytesAtStart?: number;
}

/**
 * undici's connector with its connect timeout (which covers the TLS handshake) replaced by our own,
 * so that a handshake that never completes is named as such (with what the server sent of it), not
 * as a bare UND_ERR_CONNECT_TIMEOUT or a "no complete answer".
 */
function watchedConnector(
  options: buildConnector.BuildOptions,
  connectTimeoutMs: number,
  watch: ConnectWatch,
  where: { host: string; port: string },
): buildConnector.connector {
  const base = buildConnector({ ...options, timeout: 0 });
  return (opts, callback) => {
    // undici's connector returns the socket (its typings say void); it calls back only later, on an event.
    const socket = (base as unknown as (o: typeof opts, cb: typeof callback) => Socket)(opts, (...args) => {
      clearTimeout(timer);
      if (!args[0] && watch.socket === socket) watch.phase = 'open';
      callback(...args);
    });
    watch.phase = 'connect';
    watch.socket = socket;
    watch.acceptedAt = undefined;
    socket.once('connect', () => {
      if (watch.socket !== socket || watch.phase !== 'connect') return;
      watch.acceptedAt = performance.now();
      watch.phase = opts.protocol === 'https:' ? 'handshake' : 'open';
    });
    const timer = setTimeout(() => {
      if (watch.socket !== socket || watch.phase === 'open') return;
      socket.destroy(connectFailure(watch, `the connect timeout of ${connectTimeoutMs} ms`, where));
    }, connectTimeoutMs);
    // A socket closed some other way (the run cancelled, the agent destroyed) leaves no timer behind.
    socket.once('close', () => {
      clearTimeout(timer);
    });
    timer.unref();
    return socket;
  };
}

/** Raw bytes received on a TLS socket (its TLS records, not the decrypted data): Node keeps no public count. */
function rawBytesRead(socket: Socket | undefined): number | undefined {
  const n = (socket as { _handle?: { _parent?: { bytesRead?: unknown } } } | undefined)?._handle?._parent?.bytesRead;
  return typeof n === 'number' ? n : undefined;
}

/** What a time limit (`limit`, worded) cut off while connecting; undefined when the connection was made. */
function connectFailure(w: ConnectWatch, limit: string, where: { host: string; port: string }): NetError | undefined {
  const at = `${where.host.includes(':') ? `[${where.host}]` : where.host}:${where.port}`;
  if (w.proxyAt !== undefined) return tunnelFailure(w, w.proxyAt, limit, at);
  if (w.phase === 'connect')
    return new NetError(
      'timeout',
      `Could not connect to ${at} within ${limit}: the connection was never accepted (CONNECT_TIMEOUT).`,
      'CONNECT_TIMEOUT',
    );
  if (w.phase !== 'handshake') return undefined;
  const ms = Math.round(performance.now() - (w.acceptedAt ?? performance.now()));
  const bytes = rawBytesRead(w.socket);
  const head = `The TLS handshake with ${at} did not complete within ${limit}: the connection was accepted`;
  return handshakeStalled(head, ms, bytes);
}

/** The most a proxy's answer to CONNECT may hold before its blank line (status line and headers). */
const MAX_TUNNEL_ANSWER_BYTES = 16 * 1024;

/**
 * A connector through an HTTP(S) proxy: TCP (and TLS, for an https:// proxy) to the proxy, CONNECT
 * host:port, then the TLS handshake with the service through the tunnel; all within one connect
 * timeout, as a direct connection's TCP and handshake are (undici's ProxyAgent waited for the CONNECT
 * answer until the run's time limit, and named nothing). Each phase is recorded in `watch`, so that
 * a stall names where it stood: the proxy never accepting, never answering CONNECT, or the service
 * never completing its handshake through the tunnel. The proxy's user name and password go only in
 * Proxy-Authorization, and nothing of the proxy's answer but its status is read or reported.
 */
function tunnelConnector(
  proxy: URL,
  s: HttpSettings,
  watch: ConnectWatch,
  where: { host: string; port: string },
): buildConnector.connector {
  const toProxy = buildConnector({ timeout: 0 });
  const toService = buildConnector({ ...(s.ca ? { ca: s.ca } : {}), timeout: 0 });
  const proxyPort = proxy.port || (proxy.protocol === 'https:' ? '443' : '80');
  const proxyHost = proxy.hostname.replace(/^\[|\]$/g, '');
  const proxyAt = `${proxy.hostname}:${proxyPort}`;
  const authorization =
    proxy.username || proxy.password
      ? `Basic ${Buffer.from(`${safeDecode(proxy.username)}:${safeDecode(proxy.password)}`).toString('base64')}`
      : undefined;
  return (opts, callback) => {
    const target = opts.port ? opts.host : `${opts.host}:${opts.protocol === 'https:' ? '443' : '80'}`;
    let settled = false;
    let current: Socket | undefined;
    const settle = (err: Error | null, socket?: Socket): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err || !socket) {
        current?.destroy();
        callback(err ?? new NetError('proxy', `The proxy ${proxyAt} closed the connection.`), null);
      } else {
        watch.phase = 'open';
        callback(null, socket);
      }
    };
    const begin = (phase: Phase, raw?: Socket): void => {
      watch.phase = phase;
      watch.acceptedAt = performance.now();
      if (raw) {
        watch.raw = raw;
        watch.rawBytesAtStart = raw.bytesRead;
      }
    };
    watch.proxyAt = proxyAt;
    watch.raw = undefined;
    watch.socket = undefined;
    begin('proxy-connect');
    const timer = setTimeout(() => {
      settle(
        connectFailure(watch, `the connect timeout of ${s.connectTimeoutMs} ms`, where) ??
          new NetError('timeout', `Could not connect through the proxy ${proxyAt} within ${s.connectTimeoutMs} ms.`),
      );
    }, s.connectTimeoutMs);
    timer.unref();
    const raw = (toProxy as unknown as (o: object, cb: (err: Error | null, socket: Socket | null) => void) => Socket)(
      { hostname: proxyHost, host: proxy.host, protocol: proxy.protocol, port: proxyPort, servername: undefined },
      (err, socket) => {
        if (err || !socket) {
          settle(err ?? new NetError('proxy', `Could not connect to the proxy ${proxyAt}.`));
          return;
        }
        askForTunnel(socket);
      },
    );
    current = raw;
    watch.socket = raw;
    raw.once('connect', () => {
      if (watch.phase === 'proxy-connect' && proxy.protocol === 'https:') begin('proxy-handshake', raw);
    });
    // The run cancelled or the agent destroyed: the socket closes, and so does this attempt.
    raw.once('close', () => {
      settle(
        new NetError('proxy', `The proxy ${proxyAt} closed the connection before the tunnel to ${target} was open.`),
      );
    });
    const askForTunnel = (socket: Socket): void => {
      begin('tunnel', socket);
      let head = Buffer.alloc(0);
      const onData = (chunk: Buffer): void => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) {
          if (head.length > MAX_TUNNEL_ANSWER_BYTES) {
            socket.off('data', onData);
            settle(
              new NetError(
                'proxy',
                `The proxy ${proxyAt} answered the request to open a tunnel to ${target} with more than ${MAX_TUNNEL_ANSWER_BYTES / 1024} KiB of headers; not read further.`,
                'PROXY_BAD_ANSWER',
              ),
            );
          }
          return;
        }
        socket.off('data', onData);
        socket.pause();
        const rest = head.subarray(end + 4);
        const status = /^HTTP\/1\.[01] (\d{3})[ \r]/.exec(
          head.subarray(0, Math.min(end + 2, 64)).toString('ascii'),
        )?.[1];
        if (status === undefined) {
          settle(
            new NetError(
              'proxy',
              `The proxy ${proxyAt} answered the request to open a tunnel to ${target} with something that is not HTTP.`,
              'PROXY_BAD_ANSWER',
            ),
          );
          return;
        }
        if (!status.startsWith('2')) {
          settle(
            new NetError(
              'proxy',
              status === '407'
                ? `The proxy refused to open a tunnel to ${target} (proxy answered 407, Proxy Authentication Required): ${authorization ? 'it did not accept the user name and password in the proxy setting' : 'it asks for credentials, and the proxy setting has none'}.`
                : `The proxy refused to open a tunnel to ${target} (proxy answered ${status}).`,
              status,
            ),
          );
          return;
        }
        if (rest.length > 0) socket.unshift(rest);
        if (opts.protocol !== 'https:') {
          settle(null, socket);
          return;
        }
        begin('handshake', socket);
        const tunnelled = (
          toService as unknown as (o: object, cb: (err: Error | null, socket: Socket | null) => void) => Socket
        )({ ...opts, httpSocket: socket }, (err, secure) => {
          if (err || !secure) {
            settle(err ?? new NetError('tls', `The TLS handshake with ${target} failed.`));
            return;
          }
          settle(null, secure);
        });
        current = tunnelled;
        watch.socket = tunnelled;
      };
      socket.on('data', onData);
      socket.write(
        `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${authorization ? `Proxy-Authorization: ${authorization}\r\n` : ''}\r\n`,
      );
    };
    return raw;
  };
}

/** decodeURIComponent, or the text as it is when it is not valid percent-encoding. */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** tunnelConnector's phases, as connectFailure words them; `at` is the service's host:port. */
function tunnelFailure(w: ConnectWatch, proxyAt: string, limit: string, at: string): NetError | undefined {
  const ms = Math.round(performance.now() - (w.acceptedAt ?? performance.now()));
  const got = w.raw ? w.raw.bytesRead - (w.rawBytesAtStart ?? 0) : 0;
  switch (w.phase) {
    case 'proxy-connect':
      return new NetError(
        'proxy',
        `Could not connect to the proxy ${proxyAt} within ${limit}: the connection was never accepted (CONNECT_TIMEOUT).`,
        'CONNECT_TIMEOUT',
      );
    case 'proxy-handshake':
      return new NetError(
        'proxy',
        `The TLS handshake with the proxy ${proxyAt} did not complete within ${limit}: the connection was accepted, but in the ${ms} ms since, the proxy sent ${got ? `only ${got} bytes of its handshake` : 'nothing'}.`,
        'TLS_HANDSHAKE_TIMEOUT',
      );
    case 'tunnel':
      return new NetError(
        'proxy',
        `The proxy ${proxyAt} accepted the connection but did not answer the request to open a tunnel to ${at} (CONNECT) within ${limit}: in the ${ms} ms since it was asked, it sent ${got ? `only ${got} bytes, not a complete answer` : 'nothing'}.`,
        'PROXY_CONNECT_TIMEOUT',
      );
    case 'handshake': {
      const head = `The TLS handshake with ${at} through the proxy ${proxyAt} did not complete within ${limit}: the proxy opened the tunnel`;
      return handshakeStalled(head, ms, got);
    }
    default:
      return undefined;
  }
}

/** An interceptor that records the status of each answer whose headers arrive. */
function statusObserver(heard: { status?: number }): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) =>
    dispatch(opts, {
      onConnect: (...a) => handler.onConnect?.(...a),
      onError: (...a) => handler.onError?.(...a),
      onUpgrade: (...a) => handler.onUpgrade?.(...a),
      onResponseStarted: () => handler.onResponseStarted?.(),
      onHeaders: (statusCode, ...rest) => {
        heard.status = statusCode;
        return handler.onHeaders?.(statusCode, ...rest) ?? true;
      },
      onData: (...a) => handler.onData?.(...a) ?? true,
      onComplete: (...a) => handler.onComplete?.(...a),
      onBodySent: (...a) => handler.onBodySent?.(...a),
    });
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
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

/**
 * A TLS handshake that did not complete in time, direct or through a proxy's tunnel: `bytes` of it
 * received (undefined: not known). Something answered, but never a whole handshake: a server (or
 * something on the way) that drips or stalls it is a TLS fault, not a slow network.
 */
function handshakeStalled(head: string, ms: number, bytes: number | undefined): NetError {
  if (bytes)
    return new NetError(
      'tls',
      `${head}, and in the ${ms} ms since, the server sent only ${bytes} bytes of its handshake (it stalls or drips it, or something on the way holds it up).`,
      'TLS_HANDSHAKE_TIMEOUT',
    );
  return new NetError(
    'timeout',
    `${head}, but in the ${ms} ms since, the server sent ${bytes === 0 ? 'nothing' : 'no complete handshake'}.`,
    'TLS_HANDSHAKE_TIMEOUT',
  );
}
