// REVIEW5 H3, its last shape: a credential in a YAML comment (`# old key: sk-…`) is committed with the
// file as a value is. A warning on the text (never quoted); a `#` inside a scalar starts no comment
// (its value's rules judge it, once); JSON has no comments (its own error says so); suppressible as any
// literal-secret; CRLF files; a file of comments alone. As a CLI process, the frame masks it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze, secretRangesAround } from '../../server/src/service';
import { parse } from '../../server/src/parser';
import { leakedRuns, runCli } from '../cli/helpers';
import { fakeSecret } from '../helpers';

// Fake keys made at run time (never a realistic literal committed): an OpenAI-style project key and
// an AWS access key id (AKIA and 16 capitals and digits).
const KEY = fakeSecret('sk-' + 'proj-', 32, 0x3c01);
const AWS = fakeSecret('AK' + 'IA', 16, 0x3c02, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567');
const KEY_TAIL = fakeSecret('', 21, 0x3c03);
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const llm = '  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n';
const secretFindings = (text: string, language: 'yaml' | 'json' = 'yaml') =>
  analyze(text, language).diagnostics.filter((d) => d.code === 'literal-secret');

test('a credential in a comment: one warning on its text, not quoted', () => {
  const cases: [string, string, string][] = [
    ['a comment line', `${head}  # old key: ${KEY}\n${llm}`, KEY],
    ['a comment after a value', `${head}${llm.replace('provider: vendor_a', `provider: vendor_a  # was ${AWS}`)}`, AWS],
    ['a comment at the top', `# ${KEY}\n${head}${llm}`, KEY],
    ['a tab before the #', `${head}${llm.replace('vendor_a\n', `vendor_a\t# ${KEY}\n`)}`, KEY],
    ['CRLF line ends', `${head}  # old key: ${KEY}\n${llm}`.replace(/\n/g, '\r\n'), KEY],
    [
      'a comment under a list item',
      `${head}${llm}  overrideAiPrimitivesLlm:\n    - primitiveName: summarize # ${KEY}\n      llm: {provider: hosted}\n`,
      KEY,
    ],
  ];
  for (const [what, text, secret] of cases) {
    const found = secretFindings(text);
    assert.equal(found.length, 1, `${what}: ${JSON.stringify(found)}`);
    assert.equal(found[0]!.severity, 'warning', what);
    assert.equal(text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), secret, what);
    assert.match(found[0]!.message, /This comment holds text shaped like a credential/, what);
    assert.deepEqual(leakedRuns(found[0]!.message, [secret], 4), [], what);
    // Nothing else changes: the file is otherwise valid (but for the tab, which PyYAML refuses: U2 of
    // REVIEW15-user; its message quotes nothing).
    const others = analyze(text, 'yaml').diagnostics.filter(
      (d) => d.code !== 'literal-secret' && d.code !== 'env-not-set',
    );
    assert.deepEqual(
      others.map((d) => d.code),
      what === 'a tab before the #' ? ['unportable-tab'] : [],
      what,
    );
    assert.deepEqual(leakedRuns(others.map((d) => d.message).join('\n'), [secret], 4), [], what);
  }
});

test('a # that starts no comment: judged as the value it is part of, once', () => {
  // Inside a quoted value (a path or query), a block scalar's text, glued to a plain scalar.
  const inQuotes = `${head}  llm: {provider: vendor_a, model: "m #${KEY}", apiKey: {valueFromEnv: K}}\n`;
  const found = secretFindings(inQuotes);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0]!.message, /'model' holds/);
  const inBlock = `${head}${llm}  systemInstructions: |\n    Rules:\n    # never print ${KEY}\n    # and again ${KEY}\n`;
  const block = secretFindings(inBlock);
  assert.equal(block.length, 1, JSON.stringify(block));
  assert.match(block[0]!.message, /'systemInstructions' holds/);
  const glued = `${head}  llm: {provider: vendor_a, model: m#${KEY}, apiKey: {valueFromEnv: K}}\n`;
  assert.deepEqual(
    secretFindings(glued).map((d) => /'model' holds/.test(d.message)),
    [true],
  );
});

test('no false alarm: ordinary comments, suppressible, and a file of comments alone', () => {
  const ordinary = `${head}  # see https://docs.example.com/assistant/instructions/answering-questions-about-sales\n  # project 3f2b6c1e-9d4a-4b7e-8c2d-1a5e9f0b7c3d, VENDOR_A_API_KEY_FOR_PRODUCTION in the vault\n${llm}`;
  assert.deepEqual(secretFindings(ordinary), []);
  const silenced = `${head}  # assistant-config-disable-next-line literal-secret -- revoked in 2025\n  # old key: ${KEY}\n${llm}`;
  assert.deepEqual(secretFindings(silenced), []);
  const onlyComments = `# ${KEY}\n`;
  const all = analyze(onlyComments, 'yaml').diagnostics.map((d) => d.code);
  assert.ok(all.includes('literal-secret') && all.includes('not-an-object'), all.join(' '));
});

test('lint: the comment is a warning, --max-warnings 0 fails, the frame masks it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-h3c-'));
  const file = join(dir, 'c.assistant.yaml');
  writeFileSync(file, `${head}  # old key: ${KEY}\n${llm}`);
  const r = runCli(['lint', '--no-env-check', '--max-warnings', '0', file]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /c\.assistant\.yaml:4:\d+ warning literal-secret This comment holds/);
  assert.match(r.stdout, /# old key: \*{10,}/);
  assert.deepEqual(leakedRuns(r.stdout + r.stderr, [KEY], 6), []);
});

test("a block scalar's header comment is a comment (REVIEW6 I2), its text below is the value's", () => {
  for (const header of ['|   # old key ' + KEY, '>-  # ' + KEY, '&rules |  # ' + KEY, '| # ' + KEY]) {
    const text = `${head}${llm}  systemInstructions: ${header}\n    Be brief.\n`;
    const found = secretFindings(text);
    assert.equal(found.length, 1, `${header}: ${JSON.stringify(found)}`);
    assert.match(found[0]!.message, /This comment holds/, header);
    assert.equal(text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), KEY, header);
  }
});

test('JSON comments (JSONC, json-not-strict off): the same warning; a URL in a string is no comment (REVIEW6 I2)', () => {
  const json = `{\n  // old key: ${KEY}\n  "kind": "AssistantConfig", /* ${AWS} */\n  "version": "v2",\n  "definition": {"llm": {"provider": "vendor_a", "baseUrl": "https://api.example.com//v1", "apiKey": {"valueFromEnv": "K"}}}\n}\n`;
  const found = secretFindings(json, 'json');
  assert.deepEqual(
    found.map((d) => json.slice(d.offset, d.offset + d.length)),
    [KEY, AWS],
  );
  const dir = mkdtempSync(join(tmpdir(), 'ac-i2-'));
  const file = join(dir, 'c.assistant.json');
  writeFileSync(file, json);
  const r = runCli(['lint', '--no-env-check', '--suppress', 'json-not-strict', file]);
  assert.match(r.stdout, /warning literal-secret This comment holds/);
  assert.deepEqual(leakedRuns(r.stdout + r.stderr, [KEY, AWS], 6), []);
  assert.deepEqual(
    secretFindings('{"kind": "AssistantConfig", "definition": {"x": "https://a.example.com//' + 'b"}}', 'json'),
    [],
  );
});

test("the editor's masker looks at a comment's own line, not the whole mapping around it (REVIEW6 I16: quadratic)", () => {
  // Each finding's messages are masked with the secrets around its range; for a comment that was the
  // whole enclosing mapping, scanned again for every comment in it (2,000 took the editor a minute).
  const n = 50;
  const flags = [...Array(n).keys()]
    .map((i) => `    flag_${i}: true  # sk-proj-${String(i).padStart(4, '0')}${KEY_TAIL}\n`)
    .join('');
  const text = `${head}${llm}  featureFlags:\n${flags}`;
  const doc = parse(text, 'yaml');
  const found = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'literal-secret');
  assert.equal(found.length, n);
  for (const d of found) {
    const ranges = secretRangesAround(doc, [d]);
    assert.ok(ranges.length >= 1 && ranges.length <= 2, `${ranges.length} ranges for one comment`);
    for (const r of ranges) assert.equal(text.lastIndexOf('\n', r.offset), text.lastIndexOf('\n', d.offset));
  }
});
