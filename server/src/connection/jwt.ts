// Reading a JWT's claims. We do NOT verify the signature: we do not hold the service's key, and
// we do not need to trust the token — the service verifies it on every call. We only read `exp`
// to show when it expires and to know how long we may reuse it.

export interface JwtInfo {
  /** Expiry (the `exp` claim) in milliseconds since the epoch, when the token has one. */
  expiresAt: number | undefined;
}

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
  return { expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined };
}

function parseSegment(seg: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(seg, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
