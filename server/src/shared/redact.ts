// The one place where text is cleaned of credentials before it reaches a message, a report or a
// log. Known secrets are removed by value; generic patterns catch credentials we were never told
// about (a token echoed back by a server, a proxy password inside a URL).

export const REDACTED = '[REDACTED]';

/** Shorter "secrets" are not replaced by value: replacing every "ab" in a report helps nobody. */
const MIN_SECRET_LENGTH = 4;

const GENERIC: readonly [RegExp, string][] = [
  // A JWT anywhere (header and payload are base64url JSON, so they start with "eyJ").
  [/eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Authorization schemes followed by something that looks like a credential. The length floor
  // keeps prose such as "the pat scheme" intact.
  [/\b(Bearer|Basic|pat)(\s+)[A-Za-z0-9._~+/=:-]{8,}/gi, `$1$2${REDACTED}`],
  // Header-like "name: value" pairs whose name says they carry a credential.
  [/\b((?:proxy-)?authorization|x-platform-data-token|x-api-key|api[-_]?key|token|password|secret)("?\s*[:=]\s*"?)(?!\[REDACTED\])[^\s",;]{4,}/gi, `$1$2${REDACTED}`],
  // user:password@ inside URLs (proxy settings).
  [/(\/\/)[^/\s:@]+:[^/\s@]+@/g, `$1${REDACTED}@`],
];

/**
 * Removes every occurrence of the given secrets (and their URL-encoded and base64 forms) and
 * anything matching a generic credential pattern.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const s of variants(secrets)) out = out.split(s).join(REDACTED);
  for (const [re, replacement] of GENERIC) out = out.replace(re, replacement);
  return out;
}

function variants(secrets: readonly (string | undefined)[]): string[] {
  const set = new Set<string>();
  for (const s of secrets) {
    if (!s || s.length < MIN_SECRET_LENGTH) continue;
    set.add(s);
    set.add(encodeURIComponent(s));
    set.add(JSON.stringify(s).slice(1, -1));
    set.add(base64(s).replace(/=+$/, ''));
  }
  // Longest first so that a secret containing another is removed whole.
  return [...set].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** Base64 of the UTF-8 bytes, without Node's Buffer: this module also runs in the browser. */
function base64(s: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(s)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Deep-redacts every string of a JSON-like value (for reports and their JSON form). */
export function redactDeep<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  if (typeof value === 'string') return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, secrets)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, secrets);
    return out as T;
  }
  return value;
}
