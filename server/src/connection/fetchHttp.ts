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
      throw new NetError(
        'redirect-other-origin',
        `${req.url.origin} answered with a redirect, which the browser does not let an extension follow safely; use the final address of the service in the settings.`,
        undefined,
        res.status || undefined,
      );
    }
    const read = await readAnswerBody(res, req.url, s.maxResponseBytes);
    return {
      status: res.status,
      headers: res.headers,
      body: read.data,
      url: req.url,
      proxy: undefined,
      redirects: [],
      truncated: read.truncated,
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
