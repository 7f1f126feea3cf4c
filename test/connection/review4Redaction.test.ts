// REVIEW4 G2 and G4: what a service's answer may do to a credential it quotes.
// G2: an echo in octal escapes, a list of byte values, fullwidth letters (NFKC), ROT13 or the hex
// of its UTF-16 code units is still the credential, whole: redact() decodes those views too.
// G4: a piece of four or five characters ("key ending in s0Pe was revoked", the last ten split
// over two fields) is a quote of a credential: the fields that hold it are withheld, with a
// marker that says why, and the rest of the answer is still quoted.
// The credentials are generated from a fixed seed (never written here), and a failure names the
// form of a leak, never the piece.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatReport, redact, reportToJson, runTestConnection, summarize } from '../../server/src/connection';
import type { ConnectionOptions, Credentials } from '../../server/src/connection';
import { QUOTE_RUN, secretPieces } from '../../server/src/shared/redact';
import { WITHHELD, quoteAnswer } from '../../server/src/connection/quote';
import { startEchoService } from './echoService';
import type { EchoService, Transform } from './echoService';
import { mulberry32 as rng } from '../helpers';

const SEED = 4042026;
const r = rng(SEED);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const word = (n: number): string => Array.from({ length: n }, () => ALNUM[Math.floor(r() * ALNUM.length)]).join('');
const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
const PAT = `pat_${word(36)}`;
const API_KEY = `sk-proj-${word(34)}`;
const DATA_TOKEN = `dtok_${word(30)}`;
const JWT = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'g2-user', exp: 4102444800 })}.${word(43)}`;
/** Each credential with the length of its public prefix. */
const CREDS: [string, string, number][] = [
  ['PAT', PAT, 4],
  ['API key', API_KEY, 8],
  ['data token', DATA_TOKEN, 5],
  ['JWT', JWT, 37],
];

// ---------------------------------------------------------------------------------------------
// Encodings of a credential, character by character (so that a piece of the credential is a
// piece of its encoding).

const rot13c = (c: string): string =>
  /[a-z]/i.test(c)
    ? String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97))
    : c;
const fullwidth = (c: string): string => (c > ' ' && c < '\u007f' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c);
/** Mathematical bold letters and digits (outside the BMP: a surrogate pair each). */
const mathBold = (c: string): string =>
  /[A-Z]/.test(c)
    ? String.fromCodePoint(0x1d400 + c.charCodeAt(0) - 65)
    : /[a-z]/.test(c)
      ? String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97)
      : /[0-9]/.test(c)
        ? String.fromCodePoint(0x1d7ce + c.charCodeAt(0) - 48)
        : c;

interface Encoding {
  name: string;
  /** The encoding of one character. */
  char: (c: string) => string;
  /** Between two encoded characters. */
  sep?: string;
  /** Around the whole. */
  wrap?: (t: string) => string;
}
const ENCODINGS: Encoding[] = [
  { name: 'octal escapes', char: (c) => `\\${c.charCodeAt(0).toString(8)}` },
  { name: 'octal escapes, 3 digits', char: (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}` },
  { name: 'decimal bytes, commas', char: (c) => String(c.charCodeAt(0)), sep: ',' },
  { name: "Java's Arrays.toString", char: (c) => String(c.charCodeAt(0)), sep: ', ', wrap: (t) => `[${t}]` },
  { name: "Go's %v of []byte", char: (c) => String(c.charCodeAt(0)), sep: ' ', wrap: (t) => `[${t}]` },
  { name: 'decimal bytes, semicolons', char: (c) => String(c.charCodeAt(0)), sep: '; ' },
  {
    name: 'a C initialiser in hex',
    char: (c) => `0x${c.charCodeAt(0).toString(16)}`,
    sep: ', ',
    wrap: (t) => `{ ${t} }`,
  },
  { name: 'fullwidth letters', char: fullwidth },
  { name: 'mathematical bold letters', char: mathBold },
  { name: 'ROT13', char: rot13c },
  { name: 'UTF-16BE hex', char: (c) => c.charCodeAt(0).toString(16).padStart(4, '0') },
  {
    name: 'UTF-16LE hex',
    char: (c) => {
      const h = c.charCodeAt(0).toString(16).padStart(4, '0');
      return h.slice(2) + h.slice(0, 2);
    },
  },
];
const encode = (e: Encoding, text: string): string => {
  const inner = [...text].map(e.char).join(e.sep ?? '');
  return e.wrap ? e.wrap(inner) : inner;
};

/**
 * The forms in which `text` shows QUOTE_RUN characters of a credential outside its public prefix:
 * as they are (any letter case), and, with `enc`, encoded. Names only, never the piece.
 */
function leaks(text: string, enc?: Encoding): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const [name, c, p] of CREDS) {
    for (let i = p; i + QUOTE_RUN <= c.length; i++) {
      const piece = c.slice(i, i + QUOTE_RUN);
      if (lower.includes(piece.toLowerCase())) found.push(`${name}: ${QUOTE_RUN} characters as they are`);
      if (enc && lower.includes(encode({ ...enc, wrap: undefined }, piece).toLowerCase()))
        found.push(`${name}: ${QUOTE_RUN} characters, ${enc.name}`);
    }
  }
  return [...new Set(found)];
}

describe('G2: redact() finds a credential in encodings real error pages use', () => {
  for (const e of ENCODINGS) {
    it(`${e.name}: the whole credential, alone, in JSON and after text`, () => {
      for (const [name, c] of CREDS) {
        const encoded = encode(e, c);
        for (const text of [
          `invalid token ${encoded}`,
          JSON.stringify({ message: `invalid token ${encoded}` }),
          `${encoded}\n`,
        ]) {
          const out = redact(text, [PAT, API_KEY, DATA_TOKEN, JWT]);
          assert.deepEqual(leaks(out, e), [], `${name} ${e.name}`);
          assert.match(out, /\[REDACTED\]/, `${name} ${e.name}`);
        }
      }
    });
  }
  it('the text around an encoded credential is kept, and numbers that are no byte list stay', () => {
    const out = redact(`HTTP 401 at 12:30, codes 401, 403, 404; token ${encode(ENCODINGS[3]!, API_KEY)} refused`, [
      API_KEY,
    ]);
    assert.match(out, /^HTTP 401 at 12:30, codes 401, 403, 404; token .*\[REDACTED\].* refused$/);
    const plain = 'Retry in 30 s; limits 100, 200, 300, 400 per hour; ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ';
    assert.equal(redact(plain, [PAT, API_KEY, DATA_TOKEN, JWT]), plain);
  });
});

// ---------------------------------------------------------------------------------------------

const last = (c: string, n: number, upTo = c.length): string => c.slice(upTo - n, upTo);
const quote = (body: unknown, header: string | null = null): string =>
  quoteAnswer(header, Buffer.from(JSON.stringify(body)), [PAT, API_KEY, DATA_TOKEN, JWT]) ?? '';

describe('G4: pieces of four or five characters are withheld from a quote', () => {
  it('a tail of 4 or 5 characters in a sentence, for each credential', () => {
    for (const [name, c] of CREDS) {
      for (const n of [4, 5]) {
        for (const message of [
          `key ending in ${last(c, n)} was revoked`,
          `token …${last(c, n)} is revoked`,
          `The key ${c.slice(0, 3)}...${last(c, n)} has expired.`,
          `last4=${last(c, n)}`,
        ]) {
          const out = quote({ error: 'invalid_token', message });
          assert.deepEqual(leaks(out), [], `${name}, ${n} characters`);
          assert.equal(out, `error: "invalid_token"; message: ${WITHHELD}`, `${name}, ${n} characters`);
        }
      }
    }
  });
  it('a piece split over two fields (5 + 5, 3 + 3, 2 + 2) withholds both', () => {
    for (const [name, c] of CREDS) {
      for (const k of [5, 3, 2]) {
        const out = quote({ error: last(c, k, c.length - k), message: last(c, k), code: 'revoked' });
        assert.deepEqual(leaks(out.replace(/[^A-Za-z0-9]/g, '')), [], `${name}, ${k} + ${k}`);
        assert.equal(out, `error: ${WITHHELD}; message: ${WITHHELD}; code: "revoked"`, `${name}, ${k} + ${k}`);
      }
    }
  });
  it('a piece split between the WWW-Authenticate header and the body', () => {
    const out = quote(
      { message: last(API_KEY, 3) },
      `Bearer error="invalid_token", error_description="${last(API_KEY, 3, API_KEY.length - 3)}"`,
    );
    assert.equal(out, `WWW-Authenticate: error "invalid_token", error_description ${WITHHELD}; message: ${WITHHELD}`);
  });
  it("a provider's own masked echo (sk-proj-****…****LAST4) withholds that field only", () => {
    const out = quote({
      error: {
        message: `Incorrect API key provided: sk-proj-${'*'.repeat(20)}${last(API_KEY, 4)}. You can find your API key at https://platform.example.com/account/api-keys.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    assert.equal(out, `error.message: ${WITHHELD}; error.code: "invalid_api_key"`);
  });
  it('service messages that share no piece with a credential are quoted whole', () => {
    const messages = [
      'The token was revoked by an administrator',
      'Access denied: the user does not have the role required for this operation (projects.threads.list)',
      'Incorrect API key provided. You can find your API key at https://platform.example.com/account/api-keys.',
      'Too many requests, please slow down and try again later',
      'Missing header x-platform-project-id',
    ];
    for (const message of messages) assert.equal(quote({ message }), `message: ${JSON.stringify(message)}`);
  });
  it('a piece inside a longer word of the service is no quote of a credential', () => {
    // Four characters of the key inside a longer word (a coincidence a random key makes now and then).
    const inner = API_KEY.slice(10, 14);
    const pieces = secretPieces(`zz${inner}zz was revoked`, [API_KEY], QUOTE_RUN);
    assert.deepEqual(pieces, []);
    assert.notDeepEqual(secretPieces(`zz ${inner} zz`, [API_KEY], QUOTE_RUN), []);
  });
});

// ---------------------------------------------------------------------------------------------
// End to end: a service that answers every step with an encoded echo or a quoted piece.

let svc: EchoService;
before(async () => {
  svc = await startEchoService();
  svc.refresh = { echo: false, jwt: JWT };
});
after(async () => {
  await svc.close();
});

function options(): ConnectionOptions {
  return {
    baseUrl: svc.baseUrl,
    tokenRefreshUrl: svc.tokenRefreshUrl,
    executeProgramUrl: svc.executeProgramUrl,
    dataSourceUrl: 'https://data.example.com/v1/sql',
    projectId: '123e4567-e89b-12d3-a456-426614174000',
    timeoutMs: 10_000,
    env: {},
  };
}
const CREDENTIALS: Credentials = { pat: PAT, apiKey: API_KEY, dataToken: DATA_TOKEN };

/** Everything a run prints: the report, its text and JSON forms, the summary and each step as reported. */
async function everything(transform: Transform): Promise<string> {
  svc.transform = transform;
  const seen: string[] = [];
  const report = await runTestConnection(options(), CREDENTIALS, { onStep: (s) => seen.push(JSON.stringify(s)) });
  const secrets = [PAT, API_KEY, DATA_TOKEN];
  return [
    JSON.stringify(report),
    formatReport(report, secrets),
    reportToJson(report, secrets),
    summarize(report),
    ...seen,
  ].join('\n');
}

/** The credential in the request's Authorization header, or every credential of the payload. */
function credentialsIn(echo: string): string[] {
  const out = [/^authorization: (?:bearer|pat) (.+)$/im.exec(echo)?.[1] ?? ''];
  for (const m of echo.matchAll(/"(?:assistant_api_key|x-platform-data-token)":"([^"]+)"/g)) out.push(m[1] ?? '');
  return out.filter(Boolean);
}

describe('G2, G4 end to end: runTestConnection against a service that quotes credentials', () => {
  for (const e of ENCODINGS) {
    it(`every step answers 401 with the credential it received, ${e.name}`, async () => {
      const out = await everything((echo) => ({
        status: 401,
        body: JSON.stringify({
          error: 'invalid_token',
          message: `bad ${credentialsIn(echo)
            .map((c) => encode(e, c))
            .join(' ')}`,
        }),
      }));
      assert.deepEqual(leaks(out, e), []);
      assert.match(out, /error: \\?"invalid_token\\?"/);
    });
  }
  it('every step answers 401 quoting the tail, then the last ten characters over two fields', async () => {
    for (const shape of [
      (c: string) => ({ message: `key ending in ${last(c, 4)} was revoked` }),
      (c: string) => ({ message: `token …${last(c, 5)} is revoked` }),
      (c: string) => ({ error: last(c, 5, c.length - 5), message: last(c, 5) }),
    ]) {
      const out = await everything((echo) => ({
        status: 401,
        body: JSON.stringify(shape(credentialsIn(echo)[0] ?? '')),
      }));
      assert.deepEqual(leaks(out.replace(/[^A-Za-z0-9]/g, '')), []);
      assert.ok(out.includes(WITHHELD));
    }
  });
});
