// REVIEW5 H3: a file that holds a credential never lints clean. A key pasted into `valueFromEnv`
// (the variable's name) is an error whatever the environment check says, with a fix that moves it
// to the .env and writes a name; a credential-shaped text in a field that is not a credential field
// (model, a URL's path or query, the instructions, featureFlags) is a warning. Never quoted; no
// false alarm on the examples. `lint --cache` keeps no credential in its file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import { ROOT, fakeSecret } from '../helpers';
import { leakedRuns, runCli } from '../cli/helpers';

const KEY = fakeSecret('sk-' + 'proj-', 32, 0x3d0c);
const GHP = fakeSecret('gh' + 'p_', 36, 0x3d0d);
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const secretFindings = (text: string, language: 'yaml' | 'json' = 'yaml') =>
  analyze(text, language).diagnostics.filter((d) => d.code === 'literal-secret');

test('valueFromEnv holding a credential: an error (also without the env check), never quoted', () => {
  const text = `${head}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ${KEY}\n`;
  const found = secretFindings(text);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0]!.severity, 'error');
  assert.equal(text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), KEY);
  assert.match(found[0]!.message, /takes the name of a variable, and this looks like the credential itself/);
  assert.deepEqual(leakedRuns(found[0]!.message, [KEY], 6), []);
  // Not the env check's information: that one would look the "name" up.
  assert.ok(!analyze(text, 'yaml').diagnostics.some((d) => d.code === 'env-not-set'));
  // JSON too.
  const json = `{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"vendor_a","apiKey":{"valueFromEnv":"${KEY}"}}}}`;
  assert.equal(secretFindings(json, 'json').length, 1);
});

test('the fix moves the pasted credential to .env and writes a variable name in its place: nothing lost', () => {
  const text = `${head}  llm:\n    provider: vendor_a\n    # the key of the team account\n    apiKey:\n      valueFromEnv: ${KEY} # pasted\n`;
  const doc = parse(text, 'yaml');
  const diagnostics = analyze(text, 'yaml').diagnostics;
  const d = diagnostics.find((x) => x.code === 'literal-secret')!;
  const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: 'OTHER=1\n' } });
  const move = actions.find((a) => /Move the credential/.test(a.title))!;
  assert.ok(move, actions.map((a) => a.title).join(' | '));
  assert.deepEqual(leakedRuns(move.title, [KEY], 6), []);
  const after = applyEdits(text, move.edits);
  const name = /valueFromEnv: (\S+) # pasted\n/.exec(after)?.[1];
  assert.ok(name && /^[A-Z][A-Z0-9_]*$/.test(name), after);
  assert.ok(!after.includes(KEY.slice(8)), after);
  assert.match(after, /# the key of the team account\n/);
  const env = applyEdits('OTHER=1\n', move.dotenv!.edits);
  assert.match(env, new RegExp(`^OTHER=1\\n${name}=['"]?${KEY}['"]?\\n$`));
  // Fixed, the file holds no credential-shaped text.
  assert.deepEqual(secretFindings(after), []);
});

test('credential-shaped text outside credential fields: a warning each, not quoted', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a URL query (Azure takes api-key there)',
      `  llm: {provider: cloud_a, endpoint: "https://acme.openai.azure.com/openai?api-key=${KEY}", apiKey: {valueFromEnv: K}}\n`,
      /'endpoint' holds text shaped like a credential/,
    ],
    ['the model', `  llm: {provider: vendor_a, model: ${KEY}, apiKey: {valueFromEnv: K}}\n`, /'model' holds/],
    [
      'the instructions',
      `  llm: {provider: hosted}\n  systemInstructions: |\n    Use the key ${KEY} when calling the tool.\n`,
      /sent to the LLM with every thread/,
    ],
    [
      'a feature flag',
      `  llm: {provider: hosted}\n  featureFlags:\n    github_token: ${GHP}\n`,
      /'github_token' holds/,
    ],
    [
      'a URL path',
      `  llm: {provider: vendor_a, baseUrl: "https://api.example.com/v1/${KEY}", apiKey: {valueFromEnv: K}}\n`,
      /'baseUrl' holds/,
    ],
  ];
  for (const [what, body, message] of cases) {
    const found = secretFindings(head + body);
    assert.equal(found.length, 1, `${what}: ${JSON.stringify(found)}`);
    assert.equal(found[0]!.severity, 'warning', what);
    assert.match(found[0]!.message, message, what);
    assert.deepEqual(leakedRuns(found[0]!.message, [KEY, GHP], 6), [], what);
  }
});

test('no double report: a literal in a credential field and user:password@ in a URL keep their own finding', () => {
  const literal = secretFindings(`${head}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${KEY}\n`);
  assert.equal(literal.length, 1);
  assert.match(literal[0]!.message, /literal credential/);
  const plain = secretFindings(`${head}  llm:\n    provider: vendor_a\n    apiKey: ${KEY}\n`);
  assert.equal(plain.length, 1);
  const url = analyze(
    `${head}  llm: {provider: vendor_a, baseUrl: "https://bob:${KEY}@api.example.com/v1", apiKey: {valueFromEnv: K}}\n`,
    'yaml',
  ).diagnostics.filter((d) => d.code === 'literal-secret' || d.code === 'url-credentials');
  assert.deepEqual(
    url.map((d) => d.code),
    ['url-credentials'],
  );
});

test('no false alarm: the examples and ordinary long values (model IDs, UUIDs, addresses, variable names)', () => {
  for (const f of readdirSync(join(ROOT, 'examples')).filter((n) => /\.(ya?ml|json)$/.test(n))) {
    const text = readFileSync(join(ROOT, 'examples', f), 'utf8');
    assert.deepEqual(secretFindings(text, f.endsWith('.json') ? 'json' : 'yaml'), [], f);
  }
  const ordinary = `${head}  llm:\n    provider: cloud_c\n    modelId: anthropic.claude-3-5-sonnet-20240620-v1:0\n    regionName: eu-central-1\n    cloudAccessKeyId: {valueFromEnv: CLOUD_C_ACCESS_KEY_ID}\n    cloudSecretAccessKey: {valueFromEnv: CLOUD_C_SECRET_ACCESS_KEY_FOR_PRODUCTION}\n  systemInstructions: >-\n    Answer from the tables of project 3f2b6c1e-9d4a-4b7e-8c2d-1a5e9f0b7c3d only, see\n    https://docs.example.com/assistant/instructions/answering-questions-about-sales\n`;
  assert.deepEqual(secretFindings(ordinary), []);
});

test('lint --cache keeps no part of a credential pasted into valueFromEnv in its file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-h3-'));
  writeFileSync(
    join(dir, 'v.assistant.yaml'),
    `${head}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ${KEY}\n`,
  );
  writeFileSync(
    join(dir, 'ok.assistant.yaml'),
    `${head}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: K\n`,
  );
  const cache = join(dir, 'cache.json');
  const r = runCli(['lint', '--cache', '--cache-location', cache, dir], { env: { K: 'x' } });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /v\.assistant\.yaml:7:21 error literal-secret/);
  assert.deepEqual(leakedRuns(r.stdout + r.stderr, [KEY], 6), []);
  assert.deepEqual(leakedRuns(readFileSync(cache, 'utf8'), [KEY], 6), []);
  // With the env check off (what the pre-commit hook passes), still an error.
  assert.equal(runCli(['lint', '--no-env-check', join(dir, 'v.assistant.yaml')]).code, 1);
});

test('a credential inside a block scalar: the range is the credential, not the whole block (REVIEW6 I17)', () => {
  const rules = [...Array(30).keys()].map((i) => `    Rule ${i}: answer about table t${i} with care.\n`).join('');
  for (const style of ['|', '>-', '|2']) {
    const text = `${head}  llm: {provider: hosted}\n  systemInstructions: ${style}\n${rules}    Use the reporting key ${KEY} when asked.\n    Be brief.\n`;
    const found = secretFindings(text);
    assert.equal(found.length, 1, style);
    assert.equal(text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), KEY, style);
  }
  // On one line, the value's range as before.
  const one = `${head}  llm: {provider: vendor_a, model: "x ${KEY}", apiKey: {valueFromEnv: K}}\n`;
  const f = secretFindings(one)[0]!;
  assert.equal(one.slice(f.offset, f.offset + f.length), `"x ${KEY}"`);
});
