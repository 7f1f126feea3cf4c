// REVIEW7 J7 (rest): a key after a header's name as a text writes it (`X-Api-Key: …` in a curl line,
// `"x-api-key": "…"`, `Authorization: Bearer …`) and a short password after a password's name
// (`password=…`, `Pwd=` in a connection string, `"password": "…"`) are credentials, known by the
// name before them; hex alone (a hash) stays quiet, and so do placeholders and references
// (`<password>`, `${DB_PASSWORD}`, `changeme`). Found by credentialShapes, so every output masks
// them; literal-secret in comments, values and free maps. The fake secrets are made at run time
// from a fixed seed, and no output may print a run of their characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze, doHover } from '../../server/src/service';
import { parse } from '../../server/src/parser';
import { credentialShapes, mayHoldShape } from '../../server/src/service/credentialShapes';
import { leakedRuns, runCli } from '../cli/helpers';
import { mulberry32 } from '../helpers';

const SEED = 20261124;
console.log(`headersPasswords: seed ${SEED}`);
const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = LOWER + LOWER.toUpperCase() + '0123456789';
function pick(r: () => number, from: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += from[Math.floor(r() * from.length)];
  return s;
}
/** Fake keys of the Azure OpenAI shape: 32 hex digits (a hash's shape too). */
const hexKeys = (r: () => number, n: number): string[] => Array.from({ length: n }, () => pick(r, HEX, 32));
/**
 * Fake passwords of 6 to 14 characters: a letter first and a letter or digit last, a digit and
 * maybe symbols between (none that ends a value in a connection string or a shell: `;`, `&`,
 * quotes, blanks).
 */
function passwords(r: () => number, n: number): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const len = 6 + Math.floor(r() * 9);
    const middle = pick(r, ALNUM + (out.length % 2 === 0 ? '!@#%^*+=-_.~?' : ''), len - 3);
    out.push(pick(r, LOWER, 1) + middle + pick(r, '0123456789', 1) + pick(r, ALNUM, 1));
  }
  return out;
}
const found = (text: string): string[] => credentialShapes(text).map((x) => text.slice(x.offset, x.offset + x.length));
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const secretFindings = (text: string) => analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'literal-secret');

test('a key after a header name, as a curl line, a header or a JSON key writes it, is found whole (seeded hex keys)', () => {
  const forms: ((k: string) => string)[] = [
    (k) => `curl -H "X-Api-Key: ${k}" https://api.example.com/v1/chat`,
    (k) => `curl -H 'api-key: ${k}' https://acme.openai.azure.com/openai/deployments`,
    (k) => `X-API-KEY:${k}`,
    (k) => `x-api-key=${k}`,
    (k) => `{"x-api-key": "${k}", "accept": "application/json"}`,
    (k) => `headers: {'Ocp-Apim-Subscription-Key': '${k}'}`,
    (k) => `Authorization: Bearer ${k}`,
    (k) => `-H "authorization: pat ${k}"`,
    (k) => `x-platform-data-token: ${k}`,
    (k) => `api_key = "${k}"`,
  ];
  for (const k of hexKeys(mulberry32(SEED), 8))
    for (const form of forms) {
      const text = form(k);
      assert.deepEqual(found(text), [k], text.replace(k, '<key>'));
      assert.ok(mayHoldShape(text, 0, text.length));
    }
});

test('hex next to other names stays quiet, and so do placeholders after a credential name', () => {
  const [k] = hexKeys(mulberry32(SEED + 1), 1);
  for (const quiet of [
    `X-Request-Id: ${k!}`,
    `ETag: "${k!}"`,
    `If-None-Match: ${k!}`,
    `x-platform-project-id: 123e4567-e89b-12d3-a456-426614174000`,
    `commit: ${k!}`,
    `checksum=${k!}`,
    'Authorization: Bearer ${TOKEN}',
    'Authorization: Bearer <JWT>',
    'Authorization: pat <PAT_OR_SERVICE_ACCOUNT_TOKEN>',
    'X-Api-Key: $API_KEY',
    'X-Api-Key: <your-key-here>',
    '"x-api-key": "YOUR_API_KEY_2"',
    'Authorization: required for every call',
  ])
    assert.deepEqual(found(quiet), [], quiet);
});

test('a password after a password name is found whole, short as it is (seeded fakes)', () => {
  const forms: ((p: string) => string)[] = [
    (p) => `password=${p}`,
    (p) => `pwd=${p}`,
    (p) => `Server=db.example.com;Database=app;User Id=sa;Password=${p};Encrypt=true`,
    (p) => `Server=db;Uid=sa;Pwd=${p};`,
    (p) => `{"user": "app", "password": "${p}"}`,
    (p) => `DB_PASSWORD=${p}`,
    (p) => `export PGPASSWORD='${p}'`.replace('PGPASSWORD', 'PG_PASSWORD'),
    (p) => `https://db.example.com/?user=app&pass=${p}`,
    (p) => `connect with password: ${p}, then run the migration.`,
    (p) => `(passwd=${p})`,
  ];
  for (const p of passwords(mulberry32(SEED + 2), 30))
    for (const form of forms) {
      const text = form(p);
      assert.deepEqual(found(text), [p], text.replace(p, '<password>'));
      assert.ok(mayHoldShape(text, 0, text.length), text.replace(p, '<password>'));
    }
  // A URL's user information was masked whole before (URL_USERINFO) and still is.
  const [p] = passwords(mulberry32(SEED + 3), 1);
  assert.deepEqual(found(`postgres://app:${p!}@db.example.com/app`), [`app:${p!}`]);
});

test('documentation-like placeholders, references, masks, words and paths after a password name are not passwords', () => {
  for (const quiet of [
    'password=<password>',
    'Password=<YourStrong@Passw0rd>',
    'password=${DB_PASSWORD}',
    'password=${DB_PASSWORD:-x9}',
    'PASSWORD=$DB_PASSWORD',
    'password=$(cat /run/secrets/db1)',
    'password=%DB_PASSWORD%',
    'password={{ vault_db_password }}',
    'password: "{password1}"',
    'password=[REDACTED]',
    'password=********',
    'password=•••••••',
    'password=changeme',
    'Server=db;User Id=sa;Password=myPassword;',
    'password: your_password_here',
    'password: required',
    'password: !vault |',
    'password: *db_pw',
    'password=:password1',
    'password=@password1',
    'password=os.environ["DB_PASSWORD"]',
    'password=getenv(DB_PW)',
    'PWD=/home/user/project2',
    'password=/run/secrets/db1',
    'password=abc1',
    'the password must be 8+ characters; the pass: 12 of 14 tests',
    'compass=N45.1234567',
  ])
    assert.deepEqual(found(quiet), [], quiet);
});

test('literal-secret in a comment, in instructions and in a free map; one finding each, nothing quoted', () => {
  const [k] = hexKeys(mulberry32(SEED + 4), 1);
  const [p1, p2, p3] = passwords(mulberry32(SEED + 5), 3);
  const text =
    head +
    `  # curl -H "X-Api-Key: ${k!}" https://api.example.com\n` +
    `  systemInstructions: "Connect with Server=db;User Id=sa;Password=${p1!}; and be brief."\n` +
    `  featureFlags:\n    db_password: "${p2!}"\n    x-api-key: ${k!}\n    release: "${k!}"\n    pwd: changeme\n` +
    `  # DB_PASSWORD=${p3!}\n`;
  const findings = secretFindings(text);
  const at = findings.map((d) => text.slice(d.offset, d.offset + d.length));
  assert.equal(findings.length, 5, JSON.stringify(findings.map((d) => d.message)));
  assert.ok(
    at[0]!.includes(k!) && at[1]!.includes(p1!) && at[2]!.includes(p2!) && at[3] === k && at[4] === p3,
    'ranges',
  );
  for (const d of findings) assert.deepEqual(leakedRuns(d.message, [k!, p1!, p2!, p3!], 4), []);
});

test('an alias preview hover shows a password in a free map as a mask', () => {
  const [p] = passwords(mulberry32(SEED + 6), 1);
  const text = `${head}  x-flags: &f\n    db_password: ${p!}\n    beta: true\n  featureFlags: *f\n`;
  const doc = parse(text, 'yaml');
  const h = doHover(doc, text.indexOf('*f') + 1);
  assert.ok(h, 'a hover on the alias');
  assert.match(h.contents, /db_password: •••/);
  assert.deepEqual(leakedRuns(h.contents, [p!], 4), []);
});

test('lint: no output prints a run of 4 characters of the keys or passwords (text frames, json, sarif, --fix-dry-run)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-j7r-'));
  const [k] = hexKeys(mulberry32(SEED + 7), 1);
  const [p1, p2] = passwords(mulberry32(SEED + 8), 2);
  const file = join(dir, 'a.assistant.yaml');
  writeFileSync(
    file,
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  # -H "x-api-key: ${k!}"\n  llm:\n    provider: hostd   # a mistake, so a frame shows the lines around it\n  systemInstructions: "use Password=${p1!}; for the reports"\n  featureFlags: {db_pass: "${p2!}", beta: true}\n  modle: x\n`,
  );
  for (const args of [[], ['--format', 'json'], ['--format', 'sarif'], ['--fix-dry-run']]) {
    const res = runCli(['lint', '--no-env-check', ...args, file]);
    const all = res.stdout + res.stderr;
    assert.deepEqual(leakedRuns(all, [k!, p1!, p2!], 4), [], `${args.join(' ')} printed a secret`);
    if (args.length === 0) assert.ok((all.match(/literal-secret/g) ?? []).length >= 3, all);
  }
});
