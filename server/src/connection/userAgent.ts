// The User-Agent of Test Connection's requests (REVIEW4 G30): undici's default `undici` is what any
// Node script sends, and gateways or bot protection in front of an API may challenge it (the answer
// is then a web page). Ours names the product, its version and what ran the test. The spec names
// no User-Agent (only Authorization, x-platform-project-id and Content-Type); this header is ours.
// In the web extension the browser sends its own User-Agent (a page cannot set it: Chromium
// ignores it, and asking for it would add a header to the CORS preflight): fetchHttp.ts sends none.
import { version } from '../../../package.json';

export const PRODUCT = 'assistant-config';

/** `assistant-config/0.1.0 (test-connection; cli)`; `client` says what ran it (`cli`, `vscode 1.95.0`). */
export function userAgent(client?: string): string {
  const what = (client ?? '').replace(/[^\x20-\x7e]|[()\\]/g, '').trim();
  return `${PRODUCT}/${version} (test-connection${what ? `; ${what}` : ''})`;
}
