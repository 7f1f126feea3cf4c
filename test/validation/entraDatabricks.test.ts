// REVIEW7 J7: an Azure Entra ID client secret (3 letters or digits, a digit, `Q~`, then 30-40 of
// `[A-Za-z0-9_~.-]`) was found one time in two (a `~` or `.` inside broke it into pieces a token
// test passed or failed by chance) and masked in part (`C4f8Q~6KSL~****`); a Databricks token
// (`dapi` and 32 hex digits) in a comment was not found at all. Both are literal-secret wherever they
// stand and masked whole in every output. The fake secrets are made at run time from a fixed seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze } from '../../server/src/service';
import { credentialShapes } from '../../server/src/service/credentialShapes';
import { leakedRuns, runCli } from '../cli/helpers';
import { mulberry32 } from '../helpers';

const SEED = 20261123;
console.log(`entraDatabricks: seed ${SEED}`);
const rng = mulberry32;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TAIL = ALNUM + '~._-';
function pick(r: () => number, from: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += from[Math.floor(r() * from.length)];
  return s;
}
/** Fake Entra ID client secrets: 40 characters, with `~`, `.`, `_`, `-` in the tail as the portal writes them. */
function entraSecrets(n: number): string[] {
  const r = rng(SEED);
  const out: string[] = [];
  while (out.length < n) {
    let tail = pick(r, TAIL, 34);
    // (The portal's secrets do not end in a separator; a generated one that does is redrawn.)
    if (/[~._-]$/.test(tail)) continue;
    if (out.length % 3 === 0) tail = tail.slice(0, 4) + '~' + tail.slice(5);
    out.push(pick(r, ALNUM, 3) + String(Math.floor(r() * 10)) + 'Q~' + tail);
  }
  return out;
}
const dapi = (r: () => number): string => 'dapi' + pick(r, '0123456789abcdef', 32);
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

test('an Entra ID client secret is found whole wherever it stands (60 seeded fakes, in a comment and in a value)', () => {
  for (const s of [...entraSecrets(60), 'Xy78Q~aBcD3eFgH1iJkLmN0pQrStUvWxYz.1234_ab']) {
    assert.deepEqual(
      credentialShapes(`# ${s}`).map((r) => [r.offset, r.length]),
      [[2, s.length]],
      `${s.slice(0, 6)}… not found whole`,
    );
    const text = `${head}  llm: {provider: hosted}  # client secret: ${s}\n  systemInstructions: use ${s} to sign in.\n`;
    const found = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'literal-secret');
    assert.equal(found.length, 2, `${s.slice(0, 6)}…: ${found.map((d) => d.message).join(' | ')}`);
  }
});

test('a Databricks token is found in a comment, in a URL and in instructions; bare hex and near misses are not', () => {
  const r = rng(SEED + 1);
  const t1 = dapi(r);
  const t2 = dapi(r) + '-2';
  assert.deepEqual(
    credentialShapes(`# databricks token: ${t1}`).map((x) => x.length),
    [t1.length],
  );
  assert.deepEqual(
    credentialShapes(`see ${t2}.`).map((x) => x.length),
    [t2.length],
  );
  // A hash, a `dapi` word, a token one digit short: quiet.
  for (const quiet of [
    'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
    'the dapi endpoint',
    'dapi' + '0123456789abcdef0123456789abcde',
    'abcQ~ not a secret',
  ])
    assert.deepEqual(credentialShapes(quiet), [], quiet);
});

test('lint: the secrets are literal-secret and no output prints any run of 6 of their characters (text frames, json, sarif, --fix-dry-run)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-j7-'));
  const [e1, e2] = entraSecrets(2);
  const t = dapi(rng(SEED + 2));
  const file = join(dir, 'a.assistant.yaml');
  writeFileSync(
    file,
    `${head}  # KEY: ${e1}\n  llm:\n    provider: hostd   # a mistake, so a frame shows the lines around it\n  # databricks token: ${t}\n  aiPrimitivesLlm:\n    provider: vendor_a\n    baseUrl: https://dbc-1234.cloud.databricks.com/serving-endpoints?token=${t}\n    apiKey: {valueFromEnv: K}\n    modle: x   # ${e2}\n`,
  );
  for (const args of [[], ['--format', 'json'], ['--format', 'sarif'], ['--fix-dry-run']]) {
    const res = runCli(['lint', '--no-env-check', ...args, file]);
    // (--fix-dry-run: the two fixes leave warnings only, exit 0.)
    assert.equal(res.code, args[0] === '--fix-dry-run' ? 0 : 1, `${args.join(' ')}: ${res.stderr}`);
    const all = res.stdout + res.stderr;
    assert.deepEqual(leakedRuns(all, [e1!, e2!, t], 6), [], `${args.join(' ')} printed a secret`);
    if (args.length === 0) assert.ok((all.match(/literal-secret/g) ?? []).length >= 4, all);
  }
});
