// What a report may quote from a service's answer. From a JSON body only the well-known error
// fields, each short; from any other body a short excerpt; from WWW-Authenticate its
// error_description. Every quote is redacted on the whole text first, then reshaped and cut, then
// redacted again: a cut or a fold can never expose part of a secret that redaction would have
// found in the whole. A field or an excerpt that held any piece of a credential (SECRET_RUN
// characters, in any form redact() knows) is not quoted at all, only named: what is left of a
// service's sentence around a removed piece ("token starting with … and ending with …") tells
// nothing useful and may carry what redaction could not recognise.
import { QUOTE_RUN, REDACTED, redact, secretPieces, sharesSecret, sharesSecretDecoded } from '../shared/redact';

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

/** One piece of an answer that a report may quote: what it is called and the text it would show. */
interface Quotable {
  /** How the piece is introduced (`message: `, `error_description `), or '' for an excerpt. */
  label: string;
  /** The text that would be shown (already redacted, cut and folded). */
  shown: string;
  /** Withheld on its own account (redaction changed it, or the whole it was cut from shares a piece with a credential). */
  withheld: boolean;
  /** How it is shown when withheld. */
  whenWithheld: string;
  /** An excerpt of a body that is not JSON. */
  excerpt?: true;
  /** A parameter of the WWW-Authenticate header (those come first). */
  header?: true;
}

/**
 * A short, redacted quote of an answer's body: `error: "…"; message: "…"` from JSON, or an
 * excerpt of anything else; undefined for an empty body.
 */
export function quoteBody(body: Buffer, secrets: readonly string[]): string | undefined {
  return quoteAnswer(null, body, secrets);
}

/** The error and error_description of a WWW-Authenticate header (RFC 6750), redacted and short. */
export function quoteWwwAuthenticate(header: string | null, secrets: readonly string[]): string | undefined {
  return quoteAnswer(header, Buffer.alloc(0), secrets);
}

/**
 * What a report quotes of one answer: its WWW-Authenticate header's error and error_description,
 * then its body (see quoteBody), joined by `; `; undefined when there is nothing to quote.
 *
 * Every piece is checked against the credentials on its own (SECRET_RUN characters in any form
 * redact() knows) and, all pieces of the answer joined, for QUOTE_RUN (4) or more characters of
 * a credential standing as a word: `message: "key ending in s0Pe"`, or a credential's last ten
 * characters split over two fields (`error: "d1Jf6"; message: "Gs0Pe"`). Every piece that holds
 * part of such a stretch is withheld.
 */
export function quoteAnswer(header: string | null, body: Buffer, secrets: readonly string[]): string | undefined {
  const pieces = [...headerPieces(header, secrets), ...bodyPieces(body, secrets)];
  if (pieces.length === 0) return undefined;
  // The pieces joined by a character no view keeps (so that a piece split over two fields is
  // joined in the normalised view), and every stretch of a credential mapped back to its pieces.
  const starts: number[] = [];
  let joined = '';
  for (const p of pieces) {
    starts.push(joined.length);
    joined += `${p.shown}\u0000`;
  }
  for (const [from, to] of secretPieces(joined, secrets, QUOTE_RUN)) {
    pieces.forEach((p, k) => {
      const at = starts[k] ?? 0;
      if (from < at + p.shown.length && to > at) p.withheld = true;
    });
  }
  // A field is shown as a JSON string; an excerpt of a page in plain quotes, its characters as they are (the CLI and the editor neutralise control characters when they print).
  const parts = pieces.map((p) =>
    p.withheld ? `${p.label}${p.whenWithheld}` : p.excerpt ? `"${p.shown}"` : `${p.label}${JSON.stringify(p.shown)}`,
  );
  const www = parts.slice(0, pieces.filter((p) => p.header).length);
  const rest = parts.slice(www.length);
  const text = [www.length ? `WWW-Authenticate: ${www.join(', ')}` : '', rest.join('; ')].filter(Boolean).join('; ');
  return redact(text, secrets);
}

/**
 * A value of an answer's header that a message names (its Content-Type, the path of a redirect it
 * followed), at most `max` characters; undefined when it may not be shown. As with a quote, the whole
 * value is checked before it is cut, and what is shown after: a value that holds any piece of a
 * credential (SECRET_RUN characters in any form redact() knows, or QUOTE_RUN standing as a word,
 * `key=s0Pe1`) is not shown, nor one whose cut leaves such a word (`…session=s0Pe1` cut from a longer
 * word): redaction of our own text takes only SECRET_RUN, so a cut made after it could leave five.
 */
export function quoteValue(value: string, max: number, secrets: readonly string[]): string | undefined {
  const shown = cut(redact(value, secrets), max);
  return withheld(value, secrets) || secretPieces(shown, secrets, QUOTE_RUN).length > 0 ? undefined : shown;
}

function bodyPieces(body: Buffer, secrets: readonly string[]): Quotable[] {
  if (body.length === 0) return [];
  // A UTF-8 byte order mark is no part of the text (RFC 8259 allows a parser to ignore it).
  const whole = redact(body.toString('utf8').replace(/^\uFEFF/, ''), secrets);
  if (!whole.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(whole);
  } catch {
    parsed = undefined;
  }
  // Nothing of the body is shown: a fixed sentence, "withheld" so that it is printed as it is.
  const plain = (text: string): Quotable[] => [{ label: '', shown: '', withheld: true, whenWithheld: text }];
  if (isRecord(parsed)) {
    const fields: [string, string][] = [];
    fieldsOf(parsed, fields, '', 0);
    if (fields.length === 0) return plain('a JSON body without a message field');
    return fields.slice(0, 4).map(([k, v]) => ({
      label: `${k}: `,
      shown: cut(redact(v, secrets), QUOTE_CHARS),
      withheld: withheld(v, secrets),
      whenWithheld: WITHHELD,
    }));
  }
  if (parsed !== undefined) return plain('a JSON body without a message field');
  return [
    {
      label: '',
      shown: cut(whole, EXCERPT_CHARS),
      withheld: withheld(whole, secrets),
      whenWithheld: `a body of ${body.length} bytes ${WITHHELD}`,
      excerpt: true,
    },
  ];
}

function headerPieces(header: string | null, secrets: readonly string[]): Quotable[] {
  if (!header) return [];
  const whole = redact(header, secrets);
  const param = (name: string): string | undefined => {
    // A quoted value is the first group, a token the second; the group that did not take part is undefined.
    const m = new RegExp(`\\b${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s,]+))`, 'i').exec(whole);
    return m ? (m[1] ?? m[2]) : undefined;
  };
  const out: Quotable[] = [];
  const error = param('error');
  const description = param('error_description');
  if (error)
    out.push({
      label: 'error ',
      shown: cut(error, 40),
      withheld: withheld(error, secrets),
      whenWithheld: WITHHELD,
      header: true,
    });
  if (description)
    out.push({
      label: 'error_description ',
      shown: cut(redact(description, secrets), QUOTE_CHARS),
      withheld: withheld(description, secrets),
      whenWithheld: WITHHELD,
      header: true,
    });
  return out;
}

/**
 * A value that redaction changed (a credential's piece, a token after "Bearer"…), that still shares
 * a piece with one, or whose base64 or hex decodes to text that does (sharesSecretDecoded).
 */
function withheld(value: string, secrets: readonly string[]): boolean {
  return (
    value.includes(REDACTED) ||
    redact(value, secrets) !== value ||
    sharesSecret(value, secrets) ||
    sharesSecretDecoded(value, secrets)
  );
}
