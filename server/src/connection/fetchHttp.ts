// The HTTP layer of Test Connection in the browser (the web extension's build puts this module in
// place of ./http): the browser's own fetch, which has no proxy setting, no custom CA and no
// readable redirects, and which refuses calls that its security rules forbid (CORS, mixed content)
// without saying which rule it applied. Such a refusal is reported as the browser's doing, with
// the way to run the same test from VS Code desktop or the CLI.
import { NetError } from './errors';
import { checkServiceUrl, hostOf, isLoopbackAddress, isUrlProblem } from './url';
import type { HttpRequest, HttpResponse, HttpSettings } from './http';
import { readAnswerBody } from './body';

export type { HttpRequest, HttpResponse, HttpSettings } from './http';

export const RUN_ELSEWHERE =
  'Run "AssistantConfig: Test Connection" in VS Code desktop, or on the command line: npx assistant-config test-connection --config <file>.';

/** The origin of the page (or worker) the extension runs in, if there is one. */
function pageProtocol(): string | undefined {
  return (globalThis as { location?: { protocol?: string } }).location?.protocol;
}

export function browserBlockedMessage(url: URL): string {
  if (pageProtocol() === 'https:' && url.protocol === 'http:')
    return `The browser blocked the call to ${hostOf(url)}: the editor page is served over https and the address is plain http (mixed content). This is the browser's rule, not a verdict on the service. ${RUN_ELSEWHERE}`;
  return `The browser refused or could not complete the call to ${hostOf(url)}: most often the service does not allow calls from a web page (CORS), or the host is unreachable; the browser does not say which. This is the browser's doing, not necessarily a problem with the settings. ${RUN_ELSEWHERE}`;
}

/**
 * The refusal of a redirect (REVIEW4 G7 in the browser): none is followed here, and nothing of its
 * Location is printed (it may carry a credential). A browser gives an opaque redirect (status 0, no
 * headers); where the status and Location are readable, the message says what kind of address it
 * named, as the Node layer does.
 */
export function redirectRefused(from: URL, status: number, location: string | null): NetError {
  const http = status > 0 ? ` (HTTP ${status})` : '';
  let target: URL | undefined;
  try {
    target = location ? new URL(location, from) : undefined;
  } catch {
    target = undefined;
  }
  const kind = !target
    ? ''
    : target.protocol !== 'https:' && target.protocol !== 'http:'
      ? ` to a ${target.protocol} address, not an HTTP(S) one`
      : target.username || target.password
        ? ' to an address with a user name or password in it'
        : target.origin !== from.origin
          ? ' to another origin'
          : ' on the same origin';
  return new NetError(
    'redirect-refused',
    `${from.origin} redirected${http}${kind}; not followed: in the web extension no redirect is followed (the browser hides where it leads), so that nothing is sent there. Use the final address of the service in the settings.`,
    status > 0 ? String(status) : undefined,
    status > 0 ? status : undefined,
  );
}

export async function httpRequest(req: HttpRequest, s: HttpSettings): Promise<HttpResponse> {
  const checked = checkServiceUrl(req.url.href, 'The address');
  if (isUrlProblem(checked)) throw new NetError('insecure-url', checked.message);
  // Node's layer pins localhost names to loopback itself (pinnedLookup.ts); here the browser
  // resolves names, and only `localhost` itself is resolved to loopback without DNS by every
  // major browser (Chromium, Firefox and WebKit hard-wire it). A `*.localhost` name is not pinned
  // by all of them, so plain http:// goes only to `localhost` and to loopback addresses.
  if (req.url.protocol === 'http:' && hostOf(req.url) !== 'localhost' && !isLoopbackAddress(hostOf(req.url)))
    throw new NetError(
      'insecure-url',
      `The address uses plain http:// to ${hostOf(req.url)}; in the browser, http:// is allowed only to localhost and loopback addresses (127.0.0.1, [::1]).`,
    );
  const controller = new AbortController();
  // Set by the callbacks while the request runs (an object, so that the checks in `catch` are not
  // narrowed to the initial values).
  const ended = { timedOut: false, cancelled: false };
  const timer = setTimeout(() => {
    ended.timedOut = true;
    controller.abort();
  }, s.timeoutMs);
  const onAbort = (): void => {
    ended.cancelled = true;
    controller.abort();
  };
  if (s.signal?.aborted) onAbort();
  else s.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // Redirects are not followed: a browser hides where they lead, and credentials must not go to
    // another origin. The settings should name the final address.
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: controller.signal,
      credentials: 'omit',
    });
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      await res.body?.cancel().catch(() => undefined);
      throw redirectRefused(req.url, res.status, res.headers.get('location'));
    }
    if (res.status === 407) {
      // A browser usually answers a 407 itself (its proxy settings, or a network error); when the
      // page sees one, something between the browser and the service asks for proxy credentials.
      await res.body?.cancel().catch(() => undefined);
      throw new NetError(
        'proxy',
        `${hostOf(req.url)} answered HTTP 407 (Proxy Authentication Required): something between the browser and the service (an intercepting proxy) asks for proxy credentials, which the browser's own proxy settings provide.`,
        '407',
        407,
      );
    }
    const read = await readAnswerBody(res, req.url, s.maxResponseBytes, req.jsonStart);
    return {
      status: res.status,
      headers: res.headers,
      body: read.data,
      url: req.url,
      proxy: undefined,
      redirects: [],
      truncated: read.truncated,
      ...(read.unread ? { unread: read.unread } : {}),
      ...(read.eventStream ? { eventStream: true } : {}),
    };
  } catch (err) {
    if (err instanceof NetError) throw err;
    if (ended.cancelled) throw new NetError('cancelled', 'The request was cancelled.');
    if (ended.timedOut)
      throw new NetError(
        'timeout',
        `No complete answer from ${hostOf(req.url)} before the time limit of ${s.overallTimeoutMs ?? s.timeoutMs} ms ran out.`,
      );
    throw new NetError('network', browserBlockedMessage(req.url), 'BROWSER_BLOCKED');
  } finally {
    clearTimeout(timer);
    s.signal?.removeEventListener('abort', onAbort);
  }
}
