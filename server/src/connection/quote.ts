// What a report may quote from a service's answer. From a JSON body only the well-known error
// fields, each short; from any other body a short excerpt; from WWW-Authenticate its
// error_description. Every quote is redacted on the whole text first, then reshaped and cut, then
// redacted again: a cut or a fold can never expose part of a secret that redaction would have
// found in the whole. A field or an excerpt that held any piece of a credential (SECRET_RUN
// characters, in any form redact() knows) is not quoted at all, only named: what is left of a
// service's sentence around a removed piece ("token starting with … and ending with …") tells
// nothing useful and may carry what redaction could not recognise.
import { REDACTED, redact, sharesSecret } from '../shared/redact';

/** What stands for a field or an excerpt that quoted part of a credential. */
export const WITHHELD = '(not shown: it quotes part of a credential)';

/** The most quoted from one field or one excerpt, in characters. */
export const QUOTE_CHARS = 160;
/** How much of a non-JSON body is quoted. */
export const EXCERPT_CHARS = 200;

/** Fields that services use for a human-readable reason, in the order they are quoted. */
const FIELDS = [
  'error',
  'error_description',
  'message',
  'detail',
  'title',
  'reason',
  'description',
  'code',
  'error_code',
  'msg',
] as const;
/** Containers that hold such fields one level down. */
const CONTAINERS = ['error', 'errors', 'details', 'detail'] as const;

function cut(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max)}…` : folded;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function fieldsOf(obj: Record<string, unknown>, out: [string, string][], prefix: string, depth: number): void {
  for (const f of FIELDS) {
    const v = obj[f];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.push([prefix + f, String(v)]);
  }
  if (depth > 0) return;
  for (const c of CONTAINERS) {
    const v = obj[c];
    const inner = Array.isArray(v) ? (v[0] as unknown) : v;
    if (isRecord(inner)) fieldsOf(inner, out, `${prefix}${c}${Array.isArray(v) ? '[0]' : ''}.`, depth + 1);
  }
}

/**
 * A short, redacted quote of an answer's body: `error: "…"; message: "…"` from JSON, or an
 * excerpt of anything else; undefined for an empty body.
 */
export function quoteBody(body: Buffer, secrets: readonly string[]): string | undefined {
  if (body.length === 0) return undefined;
  const whole = redact(body.toString('utf8'), secrets);
  if (!whole.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(whole);
  } catch {
    parsed = undefined;
  }
  if (isRecord(parsed)) {
    const fields: [string, string][] = [];
    fieldsOf(parsed, fields, '', 0);
    if (fields.length === 0) return 'a JSON body without a message field';
    const parts = fields
      .slice(0, 4)
      .map(
        ([k, v]) => `${k}: ${withheld(v, secrets) ? WITHHELD : JSON.stringify(cut(redact(v, secrets), QUOTE_CHARS))}`,
      );
    return redact(parts.join('; '), secrets);
  }
  if (parsed !== undefined) return 'a JSON body without a message field';
  if (withheld(whole, secrets)) return `a body of ${body.length} bytes ${WITHHELD}`;
  return redact(`"${cut(whole, EXCERPT_CHARS)}"`, secrets);
}

/** A value that redaction changed (a credential's piece, a token after "Bearer"…) or that still shares a piece with one. */
function withheld(value: string, secrets: readonly string[]): boolean {
  return value.includes(REDACTED) || redact(value, secrets) !== value || sharesSecret(value, secrets);
}

/** The error and error_description of a WWW-Authenticate header (RFC 6750), redacted and short. */
export function quoteWwwAuthenticate(header: string | null, secrets: readonly string[]): string | undefined {
  if (!header) return undefined;
  const whole = redact(header, secrets);
  const param = (name: string): string | undefined => {
    // A quoted value is the first group, a token the second; the group that did not take part is undefined.
    const m = new RegExp(`\\b${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s,]+))`, 'i').exec(whole);
    return m ? (m[1] ?? m[2]) : undefined;
  };
  const error = param('error');
  const description = param('error_description');
  if (!error && !description) return undefined;
  const parts = [
    error && `error ${withheld(error, secrets) ? WITHHELD : JSON.stringify(cut(error, 40))}`,
    description &&
      `error_description ${withheld(description, secrets) ? WITHHELD : JSON.stringify(cut(redact(description, secrets), QUOTE_CHARS))}`,
  ].filter(Boolean);
  return redact(`WWW-Authenticate: ${parts.join(', ')}`, secrets);
}
