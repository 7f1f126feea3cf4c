// A credential's public prefix (`sk-proj-`, `ghp_`, `github_pat_`, `AKIA`, a word and `_`) is no
// secret, but the prefix followed by any character of the secret part is: a service that answers
// "token starting with ghp_a1b is invalid" or quotes `proj-Ab3` gets that field withheld, whatever
// the length of the piece. And what follows the prefix is all secret, even when it starts with
// letters and a separator (`sk-proj-QwErTyUi_…`: `QwErTyUi` is no word of the prefix). Through the
// CLI and the library, against a fake service that quotes such pieces in its error fields.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testConnectionCommand } from '../../server/src/cli/testConnection';
import type { CliIO } from '../../server/src/cli/io';
import { formatReport, redact, reportToJson, runTestConnection } from '../../server/src/connection';
import type { Credentials } from '../../server/src/connection';
import { startEchoService } from './echoService';
import type { EchoService } from './echoService';
import { fakeSecret } from '../helpers';

/** Each credential with the length of its public prefix. */
const PAT = fakeSecret('gh' + 'p_', 36, 0x3d47);
const API_KEY = fakeSecret('sk-' + 'proj-', 35, 0x3d48);
const DATA_TOKEN = fakeSecret('AK' + 'IA', 16, 0x3d49, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567');
const GITHUB_PAT = fakeSecret('github' + '_pat_', 29, 0x3d4a);
const PREFIXES: [string, number][] = [
  [PAT, 'ghp_'.length],
  [API_KEY, 'sk-proj-'.length],
  [DATA_TOKEN, 'AKIA'.length],
  [GITHUB_PAT, 'github_pat_'.length],
];

/**
 * What must not appear (case-insensitively): the prefix with the first character of the secret
 * part, and any 6 characters of the credential that are not all in the prefix.
 */
function leaks(text: string, list: readonly [string, number][] = PREFIXES): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const [c, p] of list) {
    const l = c.toLowerCase();
    if (lower.includes(l.slice(0, p + 1))) found.push(`${l.slice(0, p + 1)} (prefix and a secret character)`);
    for (let i = Math.max(0, p - 5); i + 6 <= l.length; i++)
      if (lower.includes(l.slice(i, i + 6))) found.push(`${l.slice(i, i + 6)} (of ${c.slice(0, p)}…)`);
  }
  return found;
}

/** Pieces a service might quote: the prefix with 1 to 5 secret characters, a piece across the prefix's end, the letters after `sk-proj-`. */
function pieces(c: string, p: number): string[] {
  const out: string[] = [];
  for (let k = 1; k <= 5; k++) out.push(c.slice(0, p + k));
  out.push(c.slice(Math.max(0, p - 3), p + 3));
  out.push(c.slice(p, p + 8));
  return out;
}

describe('redact(): a public prefix and what follows it', () => {
  it('removes the prefix with any secret character after it, and pieces across its end', () => {
    for (const [c, p] of PREFIXES) {
      for (const piece of pieces(c, p)) {
        for (const shape of [piece, piece.toUpperCase(), encodeURIComponent(piece), `"${piece}"`]) {
          const out = redact(`token starting with ${shape} is invalid`, [c]);
          assert.deepEqual(leaks(out, [[c, p]]), [], `${shape} -> ${out}`);
          assert.match(out, /^token starting with .*\[REDACTED\].* is invalid$/, `${shape} -> ${out}`);
        }
      }
    }
  });
  it('leaves the public prefix alone, and our own words', () => {
    assert.equal(redact('a key starts with sk-proj- or ghp_', [API_KEY, PAT]), 'a key starts with sk-proj- or ghp_');
    assert.equal(redact('AKIA keys are access key IDs', [DATA_TOKEN]), 'AKIA keys are access key IDs');
    assert.equal(
      redact('The project API key (ASSISTANT_API_KEY)', ['apikey_Zq7Kd9wXyLm3Pq8rTs2u']),
      'The project API key (ASSISTANT_API_KEY)',
    );
    // The prefix inside a longer word is no quote of the credential.
    assert.equal(redact('taskghp_a', [PAT]), 'taskghp_a');
  });
});

let svc: EchoService;
before(async () => {
  svc = await startEchoService();
});
after(async () => {
  await svc.close();
});

describe('Test Connection against a service that quotes pieces of a prefixed credential', () => {
  const credentials: Credentials = { pat: PAT, apiKey: API_KEY, dataToken: DATA_TOKEN };
  const secretList = [PAT, API_KEY, DATA_TOKEN];
  const env = (): Record<string, string> => ({
    ASSISTANT_BASE_URL: svc.baseUrl,
    ASSISTANT_TOKEN_REFRESH_URL: svc.tokenRefreshUrl,
    ASSISTANT_PROJECT_ID: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    ASSISTANT_EXECUTE_PROGRAM_URL: svc.executeProgramUrl,
    ASSISTANT_DATA_SOURCE_URL: svc.dataSourceUrl,
    ASSISTANT_PAT: PAT,
    ASSISTANT_API_KEY: API_KEY,
    ASSISTANT_DATA_TOKEN: DATA_TOKEN,
  });
  const used = PREFIXES.filter(([c]) => c !== GITHUB_PAT);
  const bodies: [string, string][] = used.flatMap(([c, p]) =>
    pieces(c, p).map((piece): [string, string] => [
      piece,
      JSON.stringify({ error: 'invalid_token', message: `token starting with ${piece} is invalid`, detail: piece }),
    ]),
  );
  it(`${bodies.length} quotes: the fields that hold one are withheld, nothing of a secret is printed`, async () => {
    for (const [piece, body] of bodies) {
      svc.transform = () => ({ status: 401, body });
      svc.refresh = { echo: true };
      const report = await runTestConnection(
        {
          baseUrl: svc.baseUrl,
          tokenRefreshUrl: svc.tokenRefreshUrl,
          projectId: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
          executeProgramUrl: svc.executeProgramUrl,
          dataSourceUrl: svc.dataSourceUrl,
          timeoutMs: 10_000,
          env: {},
        },
        credentials,
      );
      const text = formatReport(report, secretList);
      assert.match(text, /message: \(not shown: it quotes part of a credential\)/, `${piece}: ${text}`);
      assert.match(text, /error: "invalid_token"/, `${piece}: ${text}`);
      for (const [where, t] of [
        ['report', JSON.stringify(report)],
        ['text', text],
        ['JSON', reportToJson(report, secretList)],
      ] as const)
        assert.deepEqual(leaks(t, used), [], `${piece} (${where}): ${t}`);
      let out = '';
      let err = '';
      const io: CliIO = {
        stdout: (t) => (out += t),
        stderr: (t) => (err += t),
        env: env(),
        cwd: process.cwd(),
        readStdin: () => Promise.resolve(''),
      };
      assert.equal(await testConnectionCommand([], io), 1);
      assert.deepEqual(leaks(out + err, used), [], `${piece} (CLI): ${out}${err}`);
    }
  });
});
