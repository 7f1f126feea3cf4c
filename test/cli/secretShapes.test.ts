// Credential-shaped text outside credential fields (REVIEW.md D5): a key pasted into `provider:`,
// a JWT in `enable:`, an old key in a comment on a context line, custom feature-flag values, a PEM
// private key in instructions. No piece of 6 or more characters of any of them may appear in any
// output format (messages and frames), while ordinary values (UUIDs, URLs, identifiers, model
// names) are still shown. Run as processes over the built CLI.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, leakedRuns } from './helpers';
import { credentialShapes } from '../../server/src/service/credentialShapes';
import { fakeJwt, fakeSecret } from '../helpers';

const SK = fakeSecret('sk-' + 'proj-', 25, 0x3d10);
const JWT = fakeJwt(0x3d11, { sub: '1234567890' });
const GHP = fakeSecret('gh' + 'p_', 36, 0x3d12);
// (No dictionary word in them: a 6-character piece such as 'exampl' also stands in the help pages.)
const AKIA = fakeSecret('AK' + 'IA', 16, 0x3d13, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567');
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Wm3LpR0';
const SLACK = fakeSecret('xo' + 'xb-', 30, 0x3d14);
const RANDOM = 'Zk8Qp2Lm9Xw4Rt7Yb3Nc6Vd1Hs5J';
const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj';
/** The random part of each (the public prefixes sk-proj-, ghp_, xoxb- and a JWT's standard header are no secret). */
const SECRETS = [
  SK.slice('sk-proj-'.length),
  JWT.slice(JWT.indexOf('.') + 1),
  GHP.slice(4),
  AKIA.slice(4),
  AWS_SECRET,
  SLACK.slice(5),
  RANDOM,
  PEM_BODY,
];
const RUN = 6;

const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const FILES: Record<string, string> = {
  'provider.assistant.yaml': `${head}  llm:\n    provider: ${SK}     # key pasted into the wrong field\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n  threadTitleGeneration:\n    enable: ${JWT}\n`,
  'comment.assistant.yaml': `${head}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n    modle: x\n    # apiKey: {value: ${GHP}}\n`,
  'flags.assistant.yaml': `${head}  llm: {provider: hosted}\n  featureFlags:\n    old_vendor_key: ${AKIA}\n    enable_automation: true\n    token: ${AWS_SECRET}\n    slack: ${SLACK}\n    other: ${RANDOM}\n    enable_visualisations: 3\n`,
  'pem.assistant.yaml': `${head}  llm: {provider: hosted}\n  systemInstructions: |\n    -----BEGIN PRIVATE KEY-----\n    ${PEM_BODY}\n    -----END PRIVATE KEY-----\n  maxAssistantActions: 0\n  unknownTop: 1\n`,
  'json.assistant.json': JSON.stringify(
    {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: { llm: { provider: SK }, featureFlags: { enable_automations: GHP } },
    },
    null,
    2,
  ),
};

const dir = mkdtempSync(join(tmpdir(), 'ac-shapes-'));
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
after(() => rmSync(dir, { recursive: true, force: true }));

const leaks = (text: string): string[] => leakedRuns(text, SECRETS, RUN);

describe('D5: credential-shaped values are masked in messages and frames, every format', () => {
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    it(`${format}: no 6-character piece of a credential in stdout or stderr`, () => {
      const r = runCli(['lint', '--no-config', '--no-env-check', '--format', format, ...Object.keys(FILES)], {
        cwd: dir,
      });
      assert.equal(r.code, 1, r.stderr);
      for (const name of Object.keys(FILES)) assert.ok(r.stdout.includes(name), `${name} reported`);
      assert.deepEqual(leaks(r.stdout + r.stderr), [], `${format}:\n${r.stdout}${r.stderr}`);
    });
  }
  it('the message still says what is wrong, with the value masked; frames keep their columns', () => {
    const r = runCli(['lint', '--no-config', '--no-env-check', '--no-color', 'provider.assistant.yaml'], { cwd: dir });
    assert.match(r.stdout, /Unknown provider '\*{33}'/, r.stdout);
    assert.match(r.stdout, /provider: \*{33} {5}# key pasted into the wrong field/, r.stdout);
    assert.match(r.stdout, /enable: \*{20,}/, r.stdout);
  });
});

describe('credential shapes: few false positives', () => {
  it('finds the shapes', () => {
    for (const s of [SK, JWT, GHP, AKIA, AWS_SECRET, SLACK, RANDOM])
      assert.deepEqual(
        credentialShapes(`x: ${s} # c`).map((r) => r.length),
        [s.length],
        s,
      );
  });
  it('leaves words, identifiers, UUIDs, URLs, model names and env names alone', () => {
    for (const t of [
      'overrideAiPrimitivesLlm',
      'enable_visualizations_v2',
      '2f1c3a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      'https://api.example.com/v1/Threads2024/list',
      'claude-3-5-sonnet-20241022',
      'gpt-4o-2024-08-06',
      'VENDOR_A_API_KEY_2024_ROTATED',
      'schemaSelectorLlmFallbackProvider',
      'AssistantConfigV2Definition',
      'a plain sentence with words',
      'sk-short',
    ])
      assert.deepEqual(credentialShapes(t), [], t);
  });
});

describe('D13: control characters of the file are shown escaped in text output', () => {
  const file = 'ctl.assistant.yaml';
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  "odd,key:\\r\\n::error::pwned": 1\n  "\\e[2J\\e[Hfake: all good": 1\n  "\\e]0;TITLE\\a\\u202Eevil": 1\n';
  writeFileSync(join(dir, file), text);
  it('text (with and without colour): no raw CR, LF inside a line, ESC, BEL or bidi override from the file', () => {
    for (const colour of ['--no-color', '--color']) {
      const r = runCli(['lint', '--no-config', '--no-env-check', colour, file], { cwd: dir });
      assert.equal(r.code, 1, r.stderr);
      assert.ok(!r.stdout.split('\n').some((l) => l.startsWith('::')), r.stdout);
      for (const c of ['\r', '\u0007', '\u202e']) assert.ok(!r.stdout.includes(c), JSON.stringify(c));
      // The only ESC sequences left are the palette's own colours (SGR `ESC[…m`).
      const ESC = String.fromCharCode(27);
      assert.ok(
        r.stdout
          .split(ESC)
          .slice(1)
          .every((rest) => /^\[\d+m/.test(rest)),
        r.stdout,
      );
      assert.match(r.stdout, /'odd,key:\\r\\n::error::pwned'/, r.stdout);
      assert.match(r.stdout, /'\\e\[2J\\e\[Hfake: all good'/, r.stdout);
      // (The bidi override is named by the message itself: REVIEW5 H22.)
      assert.match(r.stdout, /\\e\]0;TITLE\\x07<U\+202E>evil' \(it holds U\+202E right-to-left override/, r.stdout);
    }
  });
  it('json, sarif, github and junit stay valid and carry no raw control character', () => {
    const json = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', file], { cwd: dir });
    const messages = (JSON.parse(json.stdout) as { files: { diagnostics: { message: string }[] }[] }).files.flatMap(
      (f) => f.diagnostics.map((d) => d.message),
    );
    assert.ok(
      messages.some((m) => m.includes('odd,key:\r\n::error::pwned')),
      'JSON keeps the key as it is (escaped by JSON)',
    );
    assert.doesNotThrow(() =>
      JSON.parse(runCli(['lint', '--no-config', '--no-env-check', '--format', 'sarif', file], { cwd: dir }).stdout),
    );
    const gh = runCli(['lint', '--no-config', '--no-env-check', '--format', 'github', file], { cwd: dir }).stdout;
    const ghLines = gh.trimEnd().split('\n');
    // Every line a workflow command, but the count at the end (REVIEW11 C7).
    assert.match(ghLines.pop()!, /^1 file checked: \d+ errors?, /);
    for (const line of ghLines) assert.match(line, /^::(error|warning|notice) file=/, line);
    for (const c of ['\r', '\u001b', '\u0007']) assert.ok(!gh.includes(c), JSON.stringify(c));
    const junit = runCli(['lint', '--no-config', '--no-env-check', '--format', 'junit', file], { cwd: dir }).stdout;
    assert.ok(![...junit].some((c) => c < ' ' && !'\t\n\r'.includes(c)), 'no character XML 1.0 forbids');
  });
});

describe('url-credentials: a URL written with user information', () => {
  it('is reported on the value (also in a custom field), not for a plain address or an e-mail address', () => {
    const f = 'url.assistant.yaml';
    writeFileSync(
      join(dir, f),
      `${head}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n    baseUrl: https://u:${GHP}@h.example/v1\n  featureFlags:\n    mirror: "https://token@mirror.example/"\n    contact: ops@example.com\n    plain: https://h.example/v1\n`,
    );
    const r = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', f], { cwd: dir });
    const found = (
      JSON.parse(r.stdout) as { files: { diagnostics: { code: string; range: { start: { line: number } } }[] }[] }
    ).files[0]!.diagnostics.filter((d) => d.code === 'url-credentials');
    assert.deepEqual(
      found.map((d) => d.range.start.line),
      [7, 9],
      r.stdout,
    );
    assert.deepEqual(leaks(r.stdout + r.stderr), []);
  });
});
