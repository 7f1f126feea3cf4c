// Reading an answer's body with a cap, the same for undici's fetch (./http, desktop and CLI) and the
// browser's (./fetchHttp, web extension). The bytes are returned as read: redaction happens on the
// whole of what was read (./quote) before anything is cut or reshaped for a message.
import { NetError } from './errors';
import { hostOf } from './url';

/** Of an answer that is not 2xx only this much is read: enough for a reason, never a flood. */
export const ERROR_BODY_BYTES = 4096;

export type CappedBody = { data: Buffer; truncated: boolean } | 'too-large';

/** What is read of an answer, whichever fetch gave it. */
export interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/** Whether a Content-Type says JSON (application/json, application/problem+json…). */
export function saysJson(type: string | null): boolean {
  return !!type && /^[^;]*[/+]json\s*(;|$)/i.test(type);
}

/**
 * The body of an answer from `url`: a 2xx answer whole, up to `maxBytes` (beyond that a 'too-large'
 * error that keeps the status); any other answer only its first ERROR_BODY_BYTES (`truncated` when
 * there was more), as that is enough for a reason. With `jsonStart`, a 2xx answer that says it is
 * JSON is not too large: its first `maxBytes` are kept, `truncated` set, and the rest is not read (a
 * project's list of threads may be many megabytes: REVIEW8 K4).
 */
export async function readAnswerBody(
  res: Answer,
  url: URL,
  maxBytes: number,
  jsonStart = false,
): Promise<{ data: Buffer; truncated: boolean; unread?: string; eventStream?: boolean }> {
  const ok = res.status >= 200 && res.status <= 299;
  // Server-sent events may never end (REVIEW15-sec M5): not read, whatever the status. No answer of
  // the service is a stream; a 2xx one is then named for what it is, an error answer keeps its status.
  if (/^\s*text\/event-stream\s*(;|$)/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel().catch(() => undefined);
    return {
      data: Buffer.alloc(0),
      truncated: false,
      eventStream: true,
      unread: 'its body, a stream of server-sent events (text/event-stream), not read',
    };
  }
  const start = ok && jsonStart && saysJson(res.headers.get('content-type'));
  const declared = start ? null : res.headers.get('content-length');
  const progress = { bytes: 0 };
  let read: CappedBody;
  try {
    read = await readCapped(res.body, ok ? maxBytes : ERROR_BODY_BYTES, declared, !ok || start, progress);
  } catch (err) {
    // A body marked gzip / deflate / br that does not decode (a gateway that mislabels or mangles it):
    // an error answer keeps its status and its diagnosis, without a body; a 2xx answer cannot be used.
    const coding = res.headers.get('content-encoding')?.trim().slice(0, 40);
    if (!coding || !isDecodeError(err)) {
      // The connection closed in the middle of the body (REVIEW15-sec M6): an error answer keeps its
      // status and its diagnosis; a 2xx answer is incomplete, and says so.
      if (closedEarly(err)) {
        const said = res.headers.get('content-length')?.trim() ?? '';
        const length = /^\d+$/.test(said) ? ` of ${Number(said)}` : '';
        const got = `after ${progress.bytes}${length} bytes of its body`;
        if (!ok) return { data: Buffer.alloc(0), truncated: false, unread: `then the connection closed ${got}` };
        throw new NetError(
          'network',
          `${hostOf(url)} answered HTTP ${res.status}, then the connection closed ${got}: the answer is incomplete.`,
          'BODY_CUT',
          res.status,
        );
      }
      throw err;
    }
    if (!ok)
      return {
        data: Buffer.alloc(0),
        truncated: false,
        unread: `its body, marked Content-Encoding: ${coding}, does not decode; not shown`,
      };
    throw new NetError(
      'network',
      `${hostOf(url)} answered HTTP ${res.status} with a body marked Content-Encoding: ${coding} that does not decode (the service mislabels it, or something on the way altered it).`,
      'BAD_CONTENT_ENCODING',
      res.status,
    );
  }
  if (read === 'too-large')
    throw new NetError(
      'too-large',
      `${hostOf(url)} answered HTTP ${res.status} with a body larger than ${maxBytes} bytes; reading stopped.`,
      undefined,
      res.status,
    );
  return read;
}

/** zlib's and brotli's errors (Z_DATA_ERROR, ERR__ERROR_FORMAT_…), anywhere in a cause chain. */
function isDecodeError(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 8 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^(Z_|ERR__ERROR_|ERR_BROTLI)/.test(code)) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The connection closed (or was reset) while the body was read: undici's "terminated" (other side
 * closed, UND_ERR_SOCKET), a reset. Not our own abort (the time limit, a cancel), which its callers name.
 */
function closedEarly(err: unknown): boolean {
  let cur: unknown = err;
  let closed = false;
  for (let i = 0; i < 8 && cur && typeof cur === 'object'; i++) {
    const e = cur as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
    if (e.name === 'AbortError' || e.code === 'ABORT_ERR' || e.code === 'UND_ERR_ABORTED') return false;
    if (
      e.code === 'UND_ERR_SOCKET' ||
      e.code === 'ECONNRESET' ||
      (typeof e.message === 'string' && /^(terminated|other side closed)$/i.test(e.message))
    )
      closed = true;
    cur = e.cause;
  }
  return closed;
}

/**
 * Reads at most `maxBytes` of `body` (`progress.bytes`: how many arrived, also when reading fails). Beyond that, with `cutOff` (error answers) the first `maxBytes`
 * are kept and `truncated` is set; without it (2xx answers, read whole) the answer is 'too-large',
 * also when its declared Content-Length says so before anything is read.
 */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  declaredLength: string | null,
  cutOff: boolean,
  progress: { bytes: number },
): Promise<CappedBody> {
  if (!body) return { data: Buffer.alloc(0), truncated: false };
  if (!cutOff && declaredLength && Number(declaredLength) > maxBytes) {
    await body.cancel().catch(() => undefined);
    return 'too-large';
  }
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (!cutOff) return 'too-large';
      chunks.push(Buffer.from(value.subarray(0, maxBytes - total)));
      return { data: Buffer.concat(chunks), truncated: true };
    }
    total += value.byteLength;
    progress.bytes = total;
    chunks.push(Buffer.from(value));
  }
  return { data: Buffer.concat(chunks), truncated: false };
}
