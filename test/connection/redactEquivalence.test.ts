// redact() and sharesSecret() were made faster (one rolling hash per view at the shortest run
// length, with a bitmap in front of the hash set; the separators-skipped view built in typed
// arrays). They must give exactly what the straightforward version gives (redactReference.ts,
// kept as the oracle), on random bodies and on adversarial ones: pieces of the secrets in every
// form redact() knows (cut, case-changed, escaped, percent- and HTML-encoded, hex, base64,
// reversed, split by separators, %u / \u{…} / \U escapes, references without `;`, terminal
// colours), near-misses that pass the first check and fail the second, prefixes and short
// secrets, long bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redact, sharesSecret } from '../../server/src/shared/redact';
import { redact as referenceRedact, sharesSecret as referenceShares } from './redactReference';
import { testSeed } from '../seed';
import { mulberry32 as rng } from '../helpers';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_CHARS = ALNUM + '/+=~._-';
const PREFIXES = ['', '', 'sk-proj-', 'ghp_', 'github_pat_', 'AKIA', 'eyJ', 'pat_', 'apikey_', 'xoxb-', 'Bearer ', '"'];
const JUNK = ' \n\t{}[]":,<>&%\\/=+-_~.éü€😀\u0000\u001b';

test('redact() and sharesSecret() give exactly what the reference gives', () => {
  const seed = testSeed('redact equivalence property', 20261123, 'FUZZ_SEED');
  const r = rng(seed);
  const int = (n: number): number => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const word = (alphabet: string, n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[int(alphabet.length)]!;
    return s;
  };
  const secretOf = (): string => {
    const short = r() < 0.15;
    return pick(PREFIXES) + word(SECRET_CHARS, short ? 2 + int(6) : 10 + int(40));
  };
  /** A piece of a secret in one of the forms an echoing service produces. */
  const formOf = (s: string): string => {
    const from = int(Math.max(1, s.length - 3));
    let p = s.slice(from, from + 1 + int(s.length));
    // A near miss now and then: one character changed.
    if (r() < 0.2 && p.length > 0) {
      const at = int(p.length);
      p = p.slice(0, at) + pick([...ALNUM]) + p.slice(at + 1);
    }
    const hex = (c: string): string => c.charCodeAt(0).toString(16).padStart(2, '0');
    switch (int(16)) {
      case 12:
        return [...p].map((c) => (r() < 0.5 ? `%u00${hex(c)}` : `\\u{${hex(c)}}`)).join('');
      case 13:
        return [...p].map((c) => (r() < 0.5 ? `&#x${hex(c)}` : `&#${c.charCodeAt(0)}`)).join('');
      case 14:
        return [...p].map((c) => `\u001b[3${int(8)}m${c}`).join('');
      case 15:
        return [...p].map((c) => `\\U000000${hex(c)}`).join('');
      case 0:
        return p.toUpperCase();
      case 1:
        return encodeURIComponent(p);
      case 2:
        return [...p].map((c) => `&#${c.charCodeAt(0)};`).join('');
      case 3:
        return JSON.stringify(JSON.stringify(p));
      case 4:
        return Buffer.from(word(ALNUM, int(3)) + p).toString(r() < 0.5 ? 'base64' : 'base64url');
      case 5:
        return Buffer.from(p).toString('hex');
      case 6:
        return [...p].reverse().join('');
      case 7:
        return p.replace(/(.{3})/g, `$1${pick(['-', '/', ' ', '\n', '<b>', '%20'])}`);
      case 8:
        return p.replace(/\//g, '\\/');
      case 9:
        return `Bearer ${p}`;
      case 10:
        return `token=${p}`;
      default:
        return p;
    }
  };
  let compared = 0;
  let redacted = 0;
  for (let round = 0; round < 400; round++) {
    const secrets = Array.from({ length: 1 + int(3) }, secretOf);
    if (r() < 0.1) secrets.push('', 'ab');
    const parts: string[] = [];
    const count = round % 100 === 0 ? 2000 : 5 + int(60);
    // A quarter of the bodies quote no secret, but words and near misses only.
    const share = r() < 0.25 ? 0 : 0.35;
    for (let k = 0; k < count; k++) {
      const x = r();
      if (x < share) parts.push(formOf(pick(secrets.filter((s) => s.length > 0))));
      else if (x < 0.35) parts.push(word(ALNUM, 4 + int(4)));
      else if (x < 0.6) parts.push(word(JUNK, 1 + int(4)));
      else if (x < 0.8) parts.push(word(ALNUM, 1 + int(12)));
      else parts.push(pick(['error', 'message', 'the project API key', 'invalid', 'sk-proj-', 'ghp_', 'AKIA']));
    }
    const body = parts.join(r() < 0.5 ? '' : ' ');
    const expected = referenceRedact(body, secrets);
    assert.equal(redact(body, secrets), expected, `seed ${seed} round ${round}: ${JSON.stringify({ body, secrets })}`);
    assert.equal(sharesSecret(body, secrets), referenceShares(body, secrets), `seed ${seed} round ${round}`);
    compared++;
    if (expected !== body) redacted++;
  }
  // The bodies exercised both outcomes.
  assert.ok(redacted > 100 && compared - redacted > 20, `${redacted} of ${compared} redacted`);
});
