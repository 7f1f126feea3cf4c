// Reading an answer's body with a cap, the same for undici's fetch (./http, desktop and CLI) and the
// browser's (./fetchHttp, web extension). The bytes are returned as read: redaction happens on the
// whole of what was read (./quote) before anything is cut or reshaped for a message.

/** Of an answer that is not 2xx only this much is read: enough for a reason, never a flood. */
export const ERROR_BODY_BYTES = 4096;

export type CappedBody = { data: Buffer; truncated: boolean } | 'too-large';

/**
 * Reads at most `maxBytes` of `body`. Beyond that, with `cutOff` (error answers) the first `maxBytes`
 * are kept and `truncated` is set; without it (2xx answers, read whole) the answer is 'too-large',
 * also when its declared Content-Length says so before anything is read.
 */
export async function readCapped(
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
