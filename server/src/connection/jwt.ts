// Reading a JWT's claims. We do NOT verify the signature: we do not hold the service's key, and
// we do not need to trust the token — the service verifies it on every call. We only read `exp`
// to show when it expires and to know how long we may reuse it.

export interface JwtInfo {
  /** Expiry (the `exp` claim) in milliseconds since the epoch, when the token has one a date can hold. */
  expiresAt: number | undefined;
  /**
   * What is odd about `exp`: not a number (RFC 7519 wants a NumericDate, seconds); beyond what a
   * date can hold (`1e300`, or the "never expires" 9999999999999 in seconds); or so far ahead that
   * it was probably written in milliseconds.
   */
  expNote?: { kind: 'not-a-number' } | { kind: 'beyond-dates' | 'milliseconds'; exp: number };
}

/** The largest time a JavaScript Date holds, in ms (ECMA-262 §21.4.1.1). */
export const MAX_DATE_MS = 8.64e15;
/** An `exp` above this (year 5138 in seconds) reads better as milliseconds. */
const LOOKS_LIKE_MS = 1e11;

export type JwtProblem = 'not-jwt';

const SEGMENT = /^[A-Za-z0-9_-]+$/;

export function decodeJwt(token: string): JwtInfo | JwtProblem {
  const parts = token.split('.');
  if (parts.length !== 3) return 'not-jwt';
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || (signature !== '' && !SEGMENT.test(signature)))
    return 'not-jwt';
  const h = parseSegment(header);
  const p = parseSegment(payload);
  if (!h || typeof h.alg !== 'string' || !p) return 'not-jwt';
  const exp = p.exp;
  if (exp === undefined || exp === null) return { expiresAt: undefined };
  if (typeof exp !== 'number' || !Number.isFinite(exp))
    return { expiresAt: undefined, expNote: { kind: 'not-a-number' } };
  const ms = exp * 1000;
  if (Math.abs(ms) > MAX_DATE_MS) return { expiresAt: undefined, expNote: { kind: 'beyond-dates', exp } };
  return exp > LOOKS_LIKE_MS ? { expiresAt: ms, expNote: { kind: 'milliseconds', exp } } : { expiresAt: ms };
}

function parseSegment(seg: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(seg, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
