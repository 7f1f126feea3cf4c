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
): Promise<{ data: Buffer; truncated: boolean; undecodable?: string }> {
  const ok = res.status >= 200 && res.status <= 299;
  const start = ok && jsonStart && saysJson(res.headers.get('content-type'));
  let read: CappedBody;
  try {
    read = await readCapped(
      res.body,
      ok ? maxBytes : ERROR_BODY_BYTES,
      start ? null : res.headers.get('content-length'),
      !ok || start,
    );
  } catch (err) {
    // A body marked gzip / deflate / br that does not decode (a gateway that mislabels or mangles it):
    // an error answer keeps its status and its diagnosis, without a body; a 2xx answer cannot be used.
    const coding = res.headers.get('content-encoding')?.trim().slice(0, 40);
    if (!coding || !isDecodeError(err)) throw err;
    if (!ok) return { data: Buffer.alloc(0), truncated: false, undecodable: coding };
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
 * Reads at most `maxBytes` of `body`. Beyond that, with `cutOff` (error answers) the first `maxBytes`
 * are kept and `truncated` is set; without it (2xx answers, read whole) the answer is 'too-large',
 * also when its declared Content-Length says so before anything is read.
 */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  declaredLength: string | null,
  cutOff: boolean,
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
    chunks.push(Buffer.from(value));
  }
  return { data: Buffer.concat(chunks), truncated: false };
}
