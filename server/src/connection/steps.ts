// The requests of Test Connection, one function per step. Each returns an outcome in plain
// words; the runner times, redacts and adds advice.
import { NetError } from './errors';
import { saysJson } from './body';
import { httpRequest } from './http';
import type { HttpRequest, HttpResponse, HttpSettings } from './http';
import { MAX_DATE_MS, decodeJwt } from './jwt';
import type { JwtInfo } from './jwt';
import { quoteAnswer, quoteValue } from './quote';
import type { ResolvedSettings } from './settings';
import type { Credentials, Diagnosis, StepResult } from './types';
import { joinUrl } from './url';

export type Outcome = Pick<StepResult, 'status' | 'message' | 'httpStatus' | 'diagnosis'>;

export interface StepContext {
  settings: ResolvedSettings;
  credentials: Credentials;
  http: HttpSettings;
  now: () => number;
  /** Tells the runner which proxy answered, for the report. */
  onProxy: (proxy: string) => void;
  /** Every credential of the run so far (the runner adds the JWT when it has one), for quoting. */
  secrets: readonly string[];
  /** Set when the run holds a credential too large to match quotes against: nothing of a service's answer is quoted. */
  quoteNothing?: boolean;
}

/**
 * The program sent by the program step. The spec says only that the program "can call a
 * SQL-running helper and a printing helper on an executor object", not their names; these are
 * our reading, and callers can replace the program (ConnectionOptions.programCode).
 */
export const DEFAULT_PROGRAM = 'result = executor.run_sql("SELECT 1")\nexecutor.print(result)\n';

async function send(ctx: StepContext, req: HttpRequest): Promise<HttpResponse | Outcome> {
  try {
    const res = await httpRequest(req, ctx.http);
    if (res.proxy) ctx.onProxy(res.proxy);
    return res;
  } catch (err) {
    if (err instanceof NetError)
      return {
        status: 'fail',
        diagnosis: err.kind,
        message: err.message,
        ...(err.status !== undefined ? { httpStatus: err.status } : {}),
      };
    throw err;
  }
}

function isOutcome(v: HttpResponse | Outcome): v is Outcome {
  return 'message' in v;
}

/**
 * A failure for a non-2xx answer: 401 (the credential is not accepted) apart from 403 (it is, but
 * lacks permission), with the service's reason quoted (redacted and short).
 */
function statusFailure(ctx: StepContext, res: HttpResponse, what: string, unauthorized: Diagnosis): Outcome {
  const s = res.status;
  const diagnosis: Diagnosis =
    s === 401
      ? unauthorized
      : s === 403
        ? 'forbidden'
        : s === 404
          ? 'not-found'
          : s === 429
            ? 'rate-limited'
            : s >= 500
              ? 'server-error'
              : 'unexpected-status';
  const quote = ctx.quoteNothing
    ? '(not shown: token refresh returned a token too large to check quotes against)'
    : quoteAnswer(res.headers.get('www-authenticate'), res.body, ctx.secrets);
  const quotes = quote ? [quote] : [];
  const cut = res.truncated ? ' (the body was longer; only its start was read)' : '';
  const unread = res.unread ? ` (${res.unread})` : '';
  const retry = retryAfter(res.headers.get('retry-after'), ctx.now());
  const limited =
    s === 429
      ? ` The service limits how often it may be called (Too Many Requests)${retry ? `; it asks to retry ${retry}` : ''}.`
      : retry && (s === 503 || s === 502 || s === 504)
        ? ` The service is unavailable for now; it asks to retry ${retry}.`
        : '';
  return {
    status: 'fail',
    httpStatus: s,
    diagnosis,
    message: `${what} answered HTTP ${s}${via(ctx, res)}${unread}${quotes.length ? `: ${quotes.join('; ')}` : '.'}${cut}${limited && quotes.length && !cut ? '.' : ''}${limited}`,
  };
}

/**
 * A Retry-After header in words: "in 2 min (Retry-After: 120)", "at 2026-11-23T07:00:00Z"; undefined
 * when absent or unreadable (RFC 9110 §10.2.3: a number of seconds or an HTTP date).
 */
export function retryAfter(header: string | null, now: number): string | undefined {
  const v = header?.trim();
  if (!v) return undefined;
  if (/^\d{1,10}$/.test(v)) {
    const secs = Number(v);
    const span =
      secs < 120 ? `${secs} s` : secs < 7200 ? `${Math.round(secs / 60)} min` : `${Math.round(secs / 3600)} h`;
    return `in ${span} (Retry-After: ${secs})`;
  }
  // An HTTP date names its day and month (V8 would also read "-3" as a year).
  const at = /^[A-Za-z]{3},/.test(v) ? Date.parse(v) : NaN;
  if (!Number.isFinite(at) || Math.abs(at) > 8.64e15) return undefined;
  const secs = Math.round((at - now) / 1000);
  return `at ${iso(at)}${secs > 0 ? `, in ${secs < 120 ? `${secs} s` : `${Math.round(secs / 60)} min`}` : ''} (Retry-After)`;
}

/** A header's value as a message may name it (quoteValue); undefined when not (nothing is quoted in a run with quoteNothing). */
function headerValue(ctx: StepContext, value: string, max: number): string | undefined {
  return ctx.quoteNothing ? undefined : quoteValue(value, max, ctx.secrets);
}

/** Why headerValue showed nothing. */
function notShown(ctx: StepContext): string {
  return ctx.quoteNothing
    ? 'token refresh returned a token too large to check quotes against'
    : 'it quotes part of a credential';
}

/**
 * Names the redirects followed, for the step's message: each one's origin (ours: a redirect to
 * another is not followed) and the path the service chose, quoted as a header's value is (quoteValue).
 */
function via(ctx: StepContext, res: HttpResponse): string {
  if (res.redirects.length === 0) return '';
  const to = (r: HttpResponse['redirects'][number]): string => {
    const path = headerValue(ctx, r.path, 100);
    return path === undefined ? `${r.origin} (its path not shown: ${notShown(ctx)})` : `${r.origin}${path}`;
  };
  return ` (after ${res.redirects.map((r) => `a redirect (HTTP ${r.status}) to ${to(r)}`).join(', then ')})`;
}

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false; position?: number } {
  // A UTF-8 byte order mark is no part of the JSON text (RFC 8259 §8.1 lets a parser ignore it; .NET and IIS send one).
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    // Only the position is kept of the parser's message: the rest quotes the body.
    const at = /position (\d+)/.exec(e instanceof Error ? e.message : '')?.[1];
    return at === undefined ? { ok: false } : { ok: false, position: Number(at) };
  }
}

/**
 * The failure for a 2xx body that does not parse: "invalid JSON" when the answer says it is JSON
 * (a service bug or a cut answer), "not JSON" otherwise (a web page, a login portal).
 */
function notJson(ctx: StepContext, what: string, res: HttpResponse, json: { position?: number }): Outcome {
  const type = res.headers.get('content-type');
  // The service's own text, quoted as its error fields are (quoteValue): "key=s0Pe1" is not shown.
  const quoted = type === null ? 'no content type' : headerValue(ctx, type, 60);
  const shown = quoted ?? `a content type not shown: ${notShown(ctx)}`;
  if (res.eventStream)
    return {
      status: 'fail',
      httpStatus: res.status,
      diagnosis: 'not-json',
      message: `${what} answered HTTP ${res.status}${via(ctx, res)} with a stream of server-sent events (text/event-stream), not a JSON answer; the stream was not read.`,
    };
  if (res.body.length === 0)
    return {
      status: 'fail',
      httpStatus: res.status,
      diagnosis: 'not-json',
      message: `${what} answered HTTP ${res.status}${via(ctx, res)} with an empty body.`,
    };
  if (saysJson(type))
    return {
      status: 'fail',
      httpStatus: res.status,
      diagnosis: 'invalid-json',
      message: `${what} answered HTTP ${res.status}${via(ctx, res)} with invalid JSON (${shown})${json.position !== undefined ? `: the JSON parser stopped at character ${json.position} of ${res.body.length} bytes` : ''}.`,
    };
  return {
    status: 'fail',
    httpStatus: res.status,
    diagnosis: 'not-json',
    message: `${what} answered HTTP ${res.status}${via(ctx, res)} with a body that is not JSON (${shown}).`,
  };
}

export interface RefreshResult {
  outcome: Outcome;
  /** The usable JWT, only when the step passed. */
  jwt?: string;
  /** Whatever string came back as "token", usable or not: the runner redacts it. */
  received?: string;
  expiresAt?: number;
}

/** POST {token_refresh_url} with the PAT; returns the JWT when it is usable. */
export async function refreshToken(ctx: StepContext): Promise<RefreshResult> {
  const { settings: s, credentials: c } = ctx;
  const res = await send(ctx, {
    method: 'POST',
    url: s.tokenRefreshUrl,
    headers: {
      Authorization: `pat ${c.pat ?? ''}`,
      'x-platform-project-id': s.projectId,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
  });
  if (isOutcome(res)) return { outcome: res };
  if (res.status < 200 || res.status > 299)
    return { outcome: statusFailure(ctx, res, 'Token refresh', 'refresh-unauthorized') };
  const json = parseJson(res.body);
  if (!json.ok) return { outcome: notJson(ctx, 'Token refresh', res, json) };
  const v = json.value;
  const token = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).token : undefined;
  if (typeof token !== 'string' || token === '') {
    return {
      outcome: {
        status: 'fail',
        httpStatus: res.status,
        diagnosis: 'no-token',
        message: 'Token refresh answered JSON without a string field "token".',
      },
    };
  }
  const info = decodeJwt(token);
  if (info === 'not-jwt') {
    return {
      received: token,
      outcome: {
        status: 'fail',
        httpStatus: res.status,
        diagnosis: 'not-jwt',
        message:
          'Token refresh returned a "token" that is not a JWT (three base64url parts with a JSON header and payload).',
      },
    };
  }
  if (info.expiresAt !== undefined && info.expiresAt <= ctx.now()) {
    return {
      outcome: {
        status: 'fail',
        httpStatus: res.status,
        diagnosis: 'jwt-expired',
        message: `Token refresh returned a JWT that expired at ${iso(info.expiresAt)}.`,
      },
      expiresAt: info.expiresAt,
      received: token,
    };
  }
  return {
    outcome: {
      status: 'pass',
      httpStatus: res.status,
      message: `Obtained a JWT${via(ctx, res)}; ${expiryText(info.expiresAt, ctx.now(), info.expNote)}.`,
    },
    jwt: token,
    received: token,
    expiresAt: info.expiresAt,
  };
}

export function expiryText(expiresAt: number | undefined, now: number, note?: JwtInfo['expNote']): string {
  const asMs = (exp: number): string =>
    Math.abs(exp) <= MAX_DATE_MS ? `; if it was meant in milliseconds, that is ${iso(exp)}` : '';
  if (note?.kind === 'not-a-number')
    return 'its expiry (exp) claim is not a number of seconds as RFC 7519 requires, so it is taken as having no expiry';
  if (note?.kind === 'beyond-dates')
    return `its expiry (exp: ${note.exp} s) lies beyond any date a clock can show, so it is taken as never expiring${asMs(note.exp)}`;
  if (expiresAt === undefined) return 'it carries no expiry (exp) claim';
  const mins = Math.round((expiresAt - now) / 60_000);
  const when = `it expires at ${iso(expiresAt)} (in ${mins < 1 ? 'under a minute' : `${mins} min`})`;
  return note?.kind === 'milliseconds'
    ? `${when}; exp (${note.exp}) looks like milliseconds, not the seconds RFC 7519 asks for${asMs(note.exp)}`
    : when;
}

/** A time as ISO 8601 without milliseconds; never throws (a time no Date holds is said in words). */
export function iso(ms: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return 'a time beyond any date';
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** GET {base_url}/threads with a bearer credential: the JWT (user-scoped) or the API key (project-scoped). */
export async function listThreads(ctx: StepContext, bearer: string, scope: 'user' | 'project'): Promise<Outcome> {
  const url = joinUrl(ctx.settings.baseUrl, 'threads');
  const res = await send(ctx, {
    method: 'GET',
    url,
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    jsonStart: true,
  });
  if (isOutcome(res)) return res;
  const what = `GET ${url.pathname} (${scope === 'user' ? 'with the JWT' : 'with the project API key'})`;
  if (res.status < 200 || res.status > 299)
    return statusFailure(ctx, res, what, scope === 'user' ? 'jwt-refused' : 'api-key-refused');
  // A JSON answer longer than the cap (a project with thousands of threads: REVIEW8 K4): the status
  // and the start of a JSON document prove the credentials and the address; the rest is not read.
  if (res.truncated) {
    const start = /^\s*([{[])/.exec(
      res.body
        .subarray(0, 256)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
    if (start)
      return {
        status: 'pass',
        httpStatus: res.status,
        message: `${what} answered HTTP ${res.status}${via(ctx, res)} with JSON longer than ${ctx.http.maxResponseBytes} bytes (only its start was read).`,
      };
    return notJson(ctx, what, res, {});
  }
  // The spec does not show the body's shape, so we only require JSON (an HTML page or an empty
  // answer here means the base address points at a website or a login portal, not at the API).
  const json = parseJson(res.body);
  if (!json.ok) return notJson(ctx, what, res, json);
  return {
    status: 'pass',
    httpStatus: res.status,
    message: `${what} answered HTTP ${res.status}${via(ctx, res)}.`,
  };
}

/** The spec's pass-through payload for program execution. */
export function programPayload(s: ResolvedSettings, c: Credentials, code: string): Record<string, unknown> {
  const p = s.program;
  const headers: Record<string, string> =
    p?.dataAuthMode === 'jwt'
      ? { authorization: `Bearer ${c.dataToken ?? ''}` }
      : { 'x-platform-data-token': c.dataToken ?? '' };
  return {
    code,
    assistant_api_key: c.apiKey ?? '',
    ai_primitives_llm: { provider: s.provider },
    data_source: { url: p?.dataSourceUrl.href ?? '', headers },
    artifacts: [],
  };
}

/**
 * One program run. Which credential authenticates the call itself is not stated by the spec; the
 * Execute Program API is project-scoped, and project-scoped operations take
 * `Authorization: Bearer <API_KEY>`, so that is what we send.
 */
export async function runProgram(ctx: StepContext, code: string): Promise<Outcome> {
  const p = ctx.settings.program;
  if (!p) return { status: 'skip', message: 'No program-execution address is configured.' };
  const res = await send(ctx, {
    method: 'POST',
    url: p.url,
    headers: {
      Authorization: `Bearer ${ctx.credentials.apiKey ?? ''}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(programPayload(ctx.settings, ctx.credentials, code)),
  });
  if (isOutcome(res)) return res;
  if (res.status === 400 || res.status === 422) {
    return { ...statusFailure(ctx, res, 'Program execution', 'api-key-refused'), diagnosis: 'program-rejected' };
  }
  if (res.status < 200 || res.status > 299) return statusFailure(ctx, res, 'Program execution', 'api-key-refused');
  // The answer's shape is not in the spec, but a web page is not it: a sign-in page or a website that
  // the address leads to answers 200 to anything (REVIEW15-sec M1).
  if (isHtml(res)) return notJson(ctx, 'Program execution', res, {});
  return {
    status: 'pass',
    httpStatus: res.status,
    message: `Program execution answered HTTP ${res.status}${via(ctx, res)} (provider ${s(ctx.settings.provider)}, data auth mode ${p.dataAuthMode}).`,
  };
}

/** An HTML page: said by its Content-Type, or by how its body starts when it says nothing. */
function isHtml(res: HttpResponse): boolean {
  const type = res.headers.get('content-type');
  if (type) return /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(type);
  return /^\s*<(!doctype html|html)[\s>]/i.test(res.body.subarray(0, 512).toString('utf8'));
}

function s(v: string): string {
  return JSON.stringify(v);
}
