// REVIEW4 G25: a credential made of words (a service-account token such as
// `sa.assistant-project-threads.Zk8…`, a pasted `ASSISTANT_PAT=pat_…`) cut the report's own words
// ("Lis[REDACTED] ([REDACTED]scoped, API key)") and withheld a service's reason that merely said
// "project". A segment of a credential that is one of our own report's words (a fixed list) is
// public, like a prefix, when the credential keeps a random part; the random part is withheld as
// before, from 4 characters in a quote and 6 in our text, in every form redact() knows.
// Credentials are generated from a fixed seed; a failure names the form of a leak, never the piece.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatReport, redact, reportToJson, runTestConnection } from '../../server/src/connection';
import type { ConnectionOptions, Credentials } from '../../server/src/connection';
import { publicMask, publicPrefixLength, secretPieces, QUOTE_RUN } from '../../server/src/shared/redact';
import { REPORT_WORDS } from '../../server/src/shared/reportWords';
import { WITHHELD, quoteAnswer } from '../../server/src/connection/quote';
import { startEchoService } from './echoService';
import type { EchoService } from './echoService';
import { mulberry32 as rng } from '../helpers';

const SEED = 25_2026;
const r = rng(SEED);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random = (n: number): string => {
  // At least one digit, so that the part is random-looking whatever the draw.
  let s = String(Math.floor(r() * 10));
  while (s.length < n) s += ALNUM[Math.floor(r() * ALNUM.length)]!;
  return s;
};
const WORDS = [...REPORT_WORDS];
const pickWord = (): string => WORDS[Math.floor(r() * WORDS.length)]!;
const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The reviewer's shape, and seeded ones: words of our report, then a random part. */
const RANDOM_PART = random(15);
const SA_TOKEN = `sa.assistant-project-threads.${RANDOM_PART}`;
const seededWordTokens = Array.from(
  { length: 12 },
  () =>
    `${['sa.', 'svc_', '', 'ASSISTANT_PAT='][Math.floor(r() * 4)]}${pickWord()}-${pickWord()}.${pickWord()}_${random(12 + Math.floor(r() * 20))}`,
);
const API_KEY = `sk-proj-${random(34)}`;
const JWT = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'g25-user', exp: 4102444800 })}.${random(43)}`;

/** The random part of a credential (its characters that publicMask leaves secret). */
function secretChars(c: string): string[] {
  const mask = publicMask(c);
  const runs: string[] = [];
  let cur = '';
  for (let i = 0; i < c.length; i++) {
    if (mask[i] === 1) {
      if (cur) runs.push(cur);
      cur = '';
    } else cur += c[i];
  }
  if (cur) runs.push(cur);
  return runs;
}

/** Pieces of QUOTE_RUN characters of a credential's secret part that `text` shows as they are (or case-changed), by name. */
function leaks(text: string, creds: [string, string][]): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const [name, c] of creds)
    for (const part of secretChars(c))
      for (let i = 0; i + QUOTE_RUN <= part.length; i++)
        if (lower.includes(part.slice(i, i + QUOTE_RUN).toLowerCase())) found.push(name);
  return [...new Set(found)];
}

describe('G25: which characters of a credential made of words are public', () => {
  it("the report's words of a token with a random part are public; its random part and unknown words are not", () => {
    const mask = [...publicMask(SA_TOKEN)].map((b) => (b ? '^' : '.')).join('');
    // `sa` is no word of ours (two letters); `.assistant-project-threads.` is public; the random part is not.
    assert.equal(mask, `..${'^'.repeat('.assistant-project-threads.'.length)}${'.'.repeat(RANDOM_PART.length)}`);
    // An unknown word stays secret.
    assert.equal([...publicMask(`sa.zebulon-project.${RANDOM_PART}`)].filter((b) => b).length, '-project.'.length);
  });
  it('a credential of words only (a passphrase) or with too short a random part keeps every word secret', () => {
    for (const c of ['correct-horse-battery-staple', 'assistant-project-threads-token', 'sa.project-threads.x1Y2']) {
      // (Only its prefix, by the older rule for `pat_`, `apikey_`: one lower-case word and `-`/`_` in front.)
      const mask = publicMask(c);
      assert.equal(mask.indexOf(0), publicPrefixLength(c), c);
      assert.ok(
        mask.subarray(publicPrefixLength(c)).every((b) => b === 0),
        c,
      );
    }
    // And so a quote that says one of them is withheld.
    const out = quoteAnswer(null, Buffer.from(JSON.stringify({ message: 'unknown project-threads' })), [
      'assistant-project-threads-token',
    ]);
    assert.equal(out, `message: ${WITHHELD}`);
  });
});

describe("G25: redact() keeps the report's own words and still removes the random part", () => {
  it("our own sentences are kept whole for the reviewer's token and for seeded word tokens", () => {
    const ours = [
      'PASS  List threads (user-scoped, JWT) (69 ms, HTTP 200)',
      'PASS  List threads (project-scoped, API key) (18 ms, HTTP 200)',
      'GET /ok/threads (with the project API key) answered HTTP 200.',
      'In VS Code set it under Settings › AssistantConfig › Connection; on the command line use the matching flag or ASSISTANT_* variable.',
      'Token refresh at http://127.0.0.1:18480, service at http://127.0.0.1:18480, project 8c4a6e1f-0000-4000-8000-000000000000; credentials present: PAT.\nPASS  Token refresh (63 ms, HTTP 200)',
    ];
    for (const c of [SA_TOKEN, `ASSISTANT_PAT=pat_${RANDOM_PART}`, ...seededWordTokens])
      for (const line of ours) assert.equal(redact(line, [c]), line, `${line} against a word token`);
  });
  it('the random part, or a piece of it, is removed wherever it stands, next to the words too', () => {
    for (const c of [SA_TOKEN, ...seededWordTokens]) {
      const [part] = secretChars(c).slice(-1);
      assert.ok(part && part.length >= 12);
      for (const text of [
        `token ${c} revoked`,
        `token ${part} revoked`,
        `token ${part.slice(2, 8)} revoked`,
        `token ${c.slice(0, c.length - part.length + 6)}`,
        `token ${c.toUpperCase()}`,
        `token ${encodeURIComponent(c)}`,
        `token ${Buffer.from(c).toString('base64')}`,
        `token ${[...c].reverse().join('')}`,
      ]) {
        const out = redact(text, [c]).toLowerCase();
        assert.match(out, /\[redacted\]/);
        for (let i = 0; i + 6 <= part.length; i++)
          assert.ok(!out.includes(part.slice(i, i + 6).toLowerCase()), 'six characters of the random part are shown');
      }
    }
  });
});

describe("G25: a service's reason that says one of the words is quoted; a piece of the random part is not", () => {
  const q = (message: string, secrets: string[]): string | undefined =>
    quoteAnswer(null, Buffer.from(JSON.stringify({ error: 'invalid_request', message })), secrets);
  it('"Unknown project …", "threads are read-only" are shown', () => {
    for (const message of [
      'Unknown project 8c4a6e1f-0000-4000-8000-000000000000',
      'The assistant threads of this project are read-only',
      'project-scoped token expected',
    ])
      assert.equal(q(message, [SA_TOKEN, API_KEY]), `error: "invalid_request"; message: ${JSON.stringify(message)}`);
  });
  it('the last 4 characters, the whole token, or the words with a random character are withheld', () => {
    for (const c of [SA_TOKEN, ...seededWordTokens]) {
      const [part = ''] = secretChars(c).slice(-1);
      for (const message of [
        `key ending in ${part.slice(-4)} was revoked`,
        `token ${c} is revoked`,
        `service account ${c.slice(0, c.length - part.length + 2)}… is disabled`,
      ]) {
        const out = q(message, [c]) ?? '';
        assert.equal(out, `error: "invalid_request"; message: ${WITHHELD}`, 'withheld');
        assert.deepEqual(leaks(out, [['word token', c]]), []);
      }
    }
    // A piece inside the random part, on its own: found.
    assert.notDeepEqual(secretPieces(`x ${RANDOM_PART.slice(3, 7)} y`, [SA_TOKEN], QUOTE_RUN), []);
  });
});

describe('G25 end to end: a run with a word token prints its own titles whole', () => {
  let svc: EchoService;
  before(async () => {
    svc = await startEchoService();
    svc.refresh = { echo: false, jwt: JWT };
  });
  after(async () => {
    await svc.close();
  });
  const options = (): ConnectionOptions => ({
    baseUrl: svc.origin + '/ok',
    tokenRefreshUrl: svc.tokenRefreshUrl,
    executeProgramUrl: svc.executeProgramUrl,
    dataSourceUrl: 'https://data.example.com/v1/sql',
    projectId: '8c4a6e1f-0000-4000-8000-000000000000',
    timeoutMs: 10_000,
    env: {},
  });
  it('every step passes and the text report has no [REDACTED]; a 400 "Unknown project" is quoted', async () => {
    const creds: Credentials = { pat: SA_TOKEN, apiKey: API_KEY, dataToken: `dtok_${random(30)}` };
    const secrets = [SA_TOKEN, API_KEY, creds.dataToken!];
    svc.transform = () => ({ status: 200, body: '{"threads":[]}' });
    const report = await runTestConnection(options(), creds);
    const text = formatReport(report, secrets);
    assert.equal(report.ok, true, text);
    assert.doesNotMatch(text + reportToJson(report, secrets), /REDACTED/);
    assert.match(text, /PASS {2}List threads \(user-scoped, JWT\)/);
    assert.match(text, /PASS {2}List threads \(project-scoped, API key\)/);
    assert.match(text, /GET \/ok\/threads \(with the project API key\) answered HTTP 200\./);
    svc.transform = () => ({
      status: 400,
      body: JSON.stringify({ error: 'invalid_request', message: 'Unknown project 8c4a6e1f' }),
    });
    const failed = formatReport(await runTestConnection(options(), creds), secrets);
    assert.match(failed, /answered HTTP 400: error: "invalid_request"; message: "Unknown project 8c4a6e1f"/);
  });
});
