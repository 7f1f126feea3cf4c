// The part of Node's Buffer that Test Connection uses (utf8, base64, base64url), injected as the
// global `Buffer` into the browser build only.

type Encoding = 'utf8' | 'utf-8' | 'base64' | 'base64url';

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function fromBase64(text: string): Uint8Array {
  const clean = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/[^A-Za-z0-9+/]/g, '');
  let bin: string;
  try {
    bin = atob(clean + '='.repeat((4 - (clean.length % 4)) % 4));
  } catch {
    // Node decodes what it can of malformed base64; the callers treat the result as untrusted.
    return new Uint8Array(0);
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

class Bytes extends Uint8Array {
  override toString(encoding: Encoding = 'utf8', start = 0, end = this.length): string {
    const part = this.subarray(start, end);
    if (encoding === 'base64') return toBase64(part);
    if (encoding === 'base64url') return toBase64(part).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return new TextDecoder().decode(part);
  }
}

const wrap = (bytes: Uint8Array): Bytes => {
  const b = new Bytes(bytes.length);
  b.set(bytes);
  return b;
};

export const Buffer = {
  from(value: string | ArrayLike<number>, encoding: Encoding = 'utf8'): Bytes {
    if (typeof value === 'string')
      return wrap(
        encoding === 'base64' || encoding === 'base64url' ? fromBase64(value) : new TextEncoder().encode(value),
      );
    return wrap(Uint8Array.from(value));
  },
  alloc(size: number): Bytes {
    return new Bytes(size);
  },
  concat(list: readonly Uint8Array[]): Bytes {
    const out = new Bytes(list.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of list) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  },
  isBuffer(v: unknown): boolean {
    return v instanceof Bytes;
  },
};
