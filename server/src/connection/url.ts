// Address rules shared by every request: which schemes are allowed, what counts as loopback,
// and which hosts bypass the proxy.
import { isIP } from 'node:net';

/** The host of a URL without IPv6 brackets, lower-cased. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * The names that mean this machine (RFC 6761): `localhost` and `*.localhost`. They are allowed
 * plain http:// only because the HTTP layer pins them to loopback (pinnedLookup.ts): they never go
 * to DNS, and only a loopback answer is connected to.
 */
export function isLoopbackName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** 127.0.0.0/8, ::1 and its IPv4-mapped forms, written as an IP address. */
export function isLoopbackAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) {
    if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    if (mapped?.[1]) return mapped[1].startsWith('127.');
    return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h);
  }
  return false;
}

/** A loopback address, or a name that the HTTP layer pins to loopback. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return isLoopbackName(h) || isLoopbackAddress(h);
}

export type UrlProblem = { kind: 'missing' | 'malformed' | 'scheme' | 'insecure-http'; message: string };

/**
 * Parses an address we are about to send credentials to. `http:` is accepted only for loopback
 * hosts (a local fake or tunnel); anywhere else the credentials would cross the network in clear.
 */
export function checkServiceUrl(raw: string | undefined, what: string): URL | UrlProblem {
  const text = raw?.trim() ?? '';
  if (!text) return { kind: 'missing', message: `${what} is not set.` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'malformed', message: `${what} is not a valid absolute URL.` };
  }
  if (url.username || url.password) {
    return { kind: 'malformed', message: `${what} must not contain a user name or password.` };
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(hostOf(url))) return url;
    return {
      kind: 'insecure-http',
      message: `${what} uses plain http:// to ${hostOf(url)}; credentials are only sent over https:// (http:// is allowed for loopback addresses only).`,
    };
  }
  return { kind: 'scheme', message: `${what} must start with https:// (found ${url.protocol}).` };
}

export function isUrlProblem(v: URL | UrlProblem): v is UrlProblem {
  return !(v instanceof URL);
}

/** Joins a base address and a path without losing the base's own path (`/v1` + `/threads`). */
export function joinUrl(base: URL, path: string): URL {
  const u = new URL(base.href);
  u.pathname = u.pathname.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
  return u;
}

/**
 * NO_PROXY matching as curl does it: a comma/space separated list of host names (suffix match on
 * dot boundaries), IP addresses, optional `:port`, and `*` for everything.
 */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = hostOf(url);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const rawEntry of noProxy.split(/[\s,]+/)) {
    let entry = rawEntry.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    if (m?.[1] && m[2]) {
      entry = m[1];
      entryPort = m[2];
    }
    entry = entry.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    if (entryPort && entryPort !== port) continue;
    if (host === entry || host.endsWith('.' + entry)) return true;
  }
  return false;
}

/**
 * The proxy to use for a URL: none for a loopback address, else the explicit one (VS Code's
 * http.proxy) first, then the environment. A loopback address is never proxied whatever NO_PROXY
 * says: plain http:// is allowed only because loopback traffic never leaves the machine, and a
 * proxy would receive that request (Authorization included) in clear; nor can a proxy elsewhere
 * reach this machine's loopback anyway.
 */
export function proxyFor(
  url: URL,
  explicit: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (isLoopbackHost(hostOf(url))) return undefined;
  const noProxy = env.NO_PROXY ?? env.no_proxy;
  if (bypassesProxy(url, noProxy)) return undefined;
  if (explicit?.trim()) return withScheme(explicit.trim());
  // Lower-case first, as curl does; HTTP_PROXY also serves https targets when no HTTPS_PROXY is set.
  const https = env.https_proxy || env.HTTPS_PROXY;
  const http = env.http_proxy || env.HTTP_PROXY;
  const chosen = url.protocol === 'https:' ? https || http : http;
  return chosen?.trim() ? withScheme(chosen.trim()) : undefined;
}

/** Proxy settings are often written without a scheme ("proxy.corp:8080"); that means http://. */
function withScheme(proxy: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}
