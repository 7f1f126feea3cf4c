// Network failures, sorted into the kinds the report can explain. undici wraps the real cause
// (getaddrinfo, connect, TLS) in a generic "fetch failed" TypeError, so we dig through `cause`.

export type NetErrorKind =
  | 'unknown-host'
  | 'connection-refused'
  | 'tls'
  | 'tls-expired'
  | 'tls-not-yet-valid'
  | 'tls-hostname'
  | 'tls-untrusted'
  | 'tls-not-tls'
  | 'timeout'
  | 'proxy'
  | 'cancelled'
  | 'too-large'
  | 'redirect-other-origin'
  | 'redirect-refused'
  | 'too-many-redirects'
  | 'redirect-method-change'
  | 'insecure-url'
  | 'unexpected-status'
  | 'network';

export class NetError extends Error {
  constructor(
    readonly kind: NetErrorKind,
    message: string,
    /** The low-level code (ENOTFOUND, DEPTH_ZERO_SELF_SIGNED_CERT…) when there is one. */
    readonly code?: string,
    /** The HTTP status, when an answer arrived before the failure (a redirect, a too-large body). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'NetError';
  }
}

interface Cause {
  code?: string;
  message: string;
}

function causes(err: unknown): Cause[] {
  const out: Cause[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 8 && cur && typeof cur === 'object'; i++) {
    const e = cur as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    out.push({
      code: typeof e.code === 'string' ? e.code : undefined,
      message: typeof e.message === 'string' ? e.message : '',
    });
    // AggregateError (happy eyeballs tried several addresses): look at the first one.
    cur = e.cause ?? (Array.isArray(e.errors) ? (e.errors[0] as unknown) : undefined);
  }
  return out;
}

function ownCause(err: unknown): NetError | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 8 && cur && typeof cur === 'object'; i++) {
    if (cur instanceof NetError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

const TLS_CODE =
  /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|DEPTH_ZERO|ALTNAME|HOSTNAME_MISMATCH|WRONG_VERSION|PACKET_LENGTH/;

export interface FailureContext {
  host: string;
  /** The port connected to (the scheme's default when the address has none). */
  port?: string;
  proxy: string | undefined;
  timedOut: boolean;
  cancelled: boolean;
  timeoutMs: number;
}

/** Turns whatever fetch threw into a NetError with a specific kind. */
export function classifyNetworkError(err: unknown, ctx: FailureContext): NetError {
  if (err instanceof NetError) return err;
  if (ctx.cancelled) return new NetError('cancelled', 'The request was cancelled.');
  if (ctx.timedOut)
    return new NetError(
      'timeout',
      `No complete answer from ${ctx.host} before the time limit of ${ctx.timeoutMs} ms ran out.`,
    );
  // Our own, raised below fetch (the connect timeout, which names where the connection stood).
  const own = ownCause(err);
  if (own) return own;
  const chain = causes(err);
  const codes = chain.map((c) => c.code).filter((c): c is string => !!c);
  const has = (...cs: string[]): string | undefined => codes.find((c) => cs.includes(c));
  const last = chain[chain.length - 1];
  // The innermost reason, on one line and short (OpenSSL's carry a source path and a line break).
  const reason =
    last?.message
      .split('\n')[0]
      ?.replace(/^[0-9A-F]{8,}:error:[0-9A-F]+:/, '')
      // OpenSSL's source file and line (`:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:`): noise.
      .replace(/:[^:\s]*\/[^:\s]*\.c:\d+:?/g, '')
      .trim() ?? '';
  const detail = reason ? ` (${shortened(reason, 120)})` : '';

  // fetch refuses some ports by policy (the Fetch standard's "bad ports": 6000, 6665-6669, 10080…)
  // before it connects: nothing was sent, and the network is not at fault.
  if (chain.some((c) => /^bad port$/i.test(c.message.trim())))
    return new NetError(
      'network',
      `The HTTP client refuses port ${ctx.port ?? '?'} by policy (one of the Fetch standard's "bad ports", such as 6000, 6665-6669 or 10080); nothing was sent to ${ctx.host}. Serve the service on another port.`,
      'BAD_PORT',
    );
  const proxyTunnel = chain.find((c) => /Proxy response \((\d+)\)|Proxy Authentication Required/i.test(c.message));
  if (proxyTunnel) {
    const status = /\((\d+)\)/.exec(proxyTunnel.message)?.[1];
    return new NetError(
      'proxy',
      `The proxy refused to open a tunnel to ${ctx.host}${status ? ` (proxy answered ${status})` : ''}.`,
      status,
    );
  }
  // OpenSSL's reason ("wrong version number") is often only in the message, under a generic EPROTO.
  const notTls = chain.find((c) =>
    /wrong version number|packet length too long|record layer failure|http request/i.test(c.message),
  )
    ? 'ERR_SSL_WRONG_VERSION_NUMBER'
    : undefined;
  const tls =
    codes.find((c) => TLS_CODE.test(c) && c !== 'EPROTO') ??
    notTls ??
    (chain.some((c) => /certificate|tls|ssl/i.test(c.message)) ? 'TLS' : undefined);
  if (tls)
    return new NetError(
      tlsKind(tls),
      `TLS handshake with ${ctx.host}${ctx.port ? `:${ctx.port}` : ''} failed: ${tlsMeaning(tls)}${detail}.`,
      tls,
    );

  const connectLevel = has(
    'ENOTFOUND',
    'EAI_AGAIN',
    'EAI_NONAME',
    'ECONNREFUSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
  );
  if (ctx.proxy && connectLevel) {
    // Through a proxy the only host we resolve and connect to ourselves is the proxy.
    return new NetError('proxy', `Cannot reach the proxy (${connectLevel})${detail}.`, connectLevel);
  }
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME')) {
    return new NetError(
      'unknown-host',
      `The host name ${ctx.host} cannot be resolved (${has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME')}).`,
      'ENOTFOUND',
    );
  }
  if (has('ECONNREFUSED')) {
    const where = ctx.port ? `${ctx.host.includes(':') ? `[${ctx.host}]` : ctx.host}:${ctx.port}` : ctx.host;
    return new NetError(
      'connection-refused',
      `Nothing accepted the connection at ${where} (host ${ctx.host}, port ${ctx.port ?? 'default'}; ECONNREFUSED).`,
      'ECONNREFUSED',
    );
  }
  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT')) {
    return new NetError(
      'timeout',
      `Could not connect to ${ctx.host} in time (${has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT')}).`,
      'CONNECT_TIMEOUT',
    );
  }
  // undici's SocketError "bad response": an interim 100 Continue that no request asked for (none sends
  // Expect: 100-continue), or bytes sent before any request.
  if (has('UND_ERR_SOCKET') && chain.some((c) => /^bad response$/i.test(c.message.trim())))
    return new NetError(
      'unexpected-status',
      `${ctx.host} answered with something HTTP does not allow here: an interim 100 (Continue) that was not asked for, or an answer before any request; nothing more was read (UND_ERR_SOCKET: bad response).`,
      'UND_ERR_SOCKET',
    );
  if (has('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'))
    return new NetError('timeout', `${ctx.host} stopped answering.`, codes[0]);
  return new NetError(
    'network',
    `Network error talking to ${ctx.host}${codes[0] ? ` (${codes[0]})` : ''}${detail}.`,
    codes[0],
  );
}

/**
 * `text` cut to `max` characters, back to the end of a word when the cut falls inside one: an
 * error's reason may hold text its server chose (a certificate's names), and the start of a longer
 * word left by a cut (5 characters of a credential) is shorter than the 6 that redaction of our own
 * text takes (redteam18).
 */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${/[A-Za-z0-9]/.test(text.charAt(max)) ? cut.replace(/[A-Za-z0-9]+$/, '') : cut}…`;
}

function tlsKind(code: string): NetErrorKind {
  if (/NOT_YET_VALID/.test(code)) return 'tls-not-yet-valid';
  if (/EXPIRED/.test(code)) return 'tls-expired';
  if (/ALTNAME|HOSTNAME/.test(code)) return 'tls-hostname';
  if (/SELF_SIGNED|DEPTH_ZERO|UNABLE_TO_(GET|VERIFY)|UNTRUSTED|CERT_REJECTED|CERT_SIGNATURE_FAILURE/.test(code))
    return 'tls-untrusted';
  if (/WRONG_VERSION|PACKET_LENGTH|RECORD_LAYER|HTTP_REQUEST/.test(code)) return 'tls-not-tls';
  return 'tls';
}

function tlsMeaning(code: string): string {
  if (/NOT_YET_VALID/.test(code)) return 'the server certificate is not valid yet';
  if (/SELF_SIGNED|DEPTH_ZERO/.test(code)) return 'the server certificate is self-signed';
  if (/UNABLE_TO_(GET|VERIFY)/.test(code)) return 'the server certificate is not signed by a trusted authority';
  if (/EXPIRED/.test(code)) return 'the server certificate has expired';
  if (/WRONG_VERSION|PACKET_LENGTH|RECORD_LAYER/.test(code))
    return 'the server does not speak TLS on that port (is it an http:// address?)';
  if (/ALTNAME|HOSTNAME/.test(code)) return 'the certificate does not match the host name';
  // A server that offers only TLS 1.0 or 1.1 (an old gateway or appliance), which Node refuses: the
  // server's alert, or our own refusal of its version.
  if (/PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL|NO_PROTOCOLS_AVAILABLE|VERSION_TOO_LOW/.test(code))
    return 'the server and this client have no TLS version in common (the server most likely offers only TLS 1.0 or 1.1, which are no longer accepted; it needs TLS 1.2 or later)';
  if (/HANDSHAKE_FAILURE|NO_SHARED_CIPHER|NO_CIPHERS/.test(code))
    return 'the server and this client have no cipher suite in common (the server most likely offers only old ones)';
  // Node's own "Client network socket disconnected before secure TLS connection was established".
  if (code === 'TLS')
    return 'the connection was closed during the TLS handshake (by the server, or by something on the way that inspects or blocks TLS: a firewall, a proxy)';
  return `error ${code}`;
}
