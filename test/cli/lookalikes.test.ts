// REVIEW5 H22 as the reviewer ran it (`lint --no-env-check`, text and JSON): pasted invisible and
// look-alike characters are named in every format and never printed raw, so no message reads
// "does not allow 'provider'; did you mean 'provider'?"; --fix writes the valid name where it is
// exactly that name once they are read away.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'ac-lookalike-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n';
const RAW = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

const CASES: [string, string, RegExp][] = [
  [
    'u1',
    '    pro\u200bvider: hosted\n',
    /does not allow 'pro<U\+200B>vider' \(it holds U\+200B zero-width space, which is part of the key\); did you mean 'provider'/,
  ],
  [
    'u2',
    '    \u0440rovider: hosted\n',
    /does not allow '\u0440rovider' \('\u0440' is U\+0440 Cyrillic er, not 'p'\); did you mean 'provider'/,
  ],
  [
    'u3',
    '    provider: \u201chosted\u201d\n',
    /Unknown provider '\u201chosted\u201d' \('\u201c' is U\+201C left double quotation mark, not a YAML quote/,
  ],
  [
    'u4',
    '    provider: hos\u00adted\n',
    /Unknown provider 'hos<U\+00AD>ted' \(it holds U\+00AD soft hyphen, which is part of the value\)\. Did you mean 'hosted'\?/,
  ],
  [
    'u5',
    '    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: VENDOR\u200b_A_KEY}\n',
    /invalid-env-name 'valueFromEnv' of 'apiKey' under provider 'vendor_a' holds characters no secret or environment variable name has \(it holds U\+200B zero-width space, which is part of the value\): did you mean 'VENDOR_A_KEY'\?/,
  ],
  [
    'u6',
    '    provider: hosted\u200b\n',
    /Unknown provider 'hosted<U\+200B>' \(it ends with U\+200B zero-width space, which is part of the value\)\. Did you mean 'hosted'\?/,
  ],
  [
    'u7',
    '    provider: host\u202eed\n',
    /Unknown provider 'host<U\+202E>ed' \(it holds U\+202E right-to-left override, which is part of the value\)/,
  ],
];

test('lint --no-env-check: each message names the character; none prints it raw (text and JSON)', () => {
  for (const [name, line, message] of CASES) {
    const f = join(dir, `${name}.assistant.yaml`);
    writeFileSync(f, H + line);
    const t = runCli(['lint', '--no-env-check', f]);
    assert.equal(t.code, 1, `${name}: ${t.stdout}`);
    const first = t.stdout.split('\n')[0]!;
    assert.match(first, message, name);
    assert.doesNotMatch(t.stdout, RAW, name);
    const j = runCli(['lint', '--no-env-check', '--format', 'json', f]);
    const report = JSON.parse(j.stdout) as { files: { diagnostics: { message: string }[] }[] };
    const messages = report.files[0]!.diagnostics.map((d) => d.message).join('\n');
    assert.doesNotMatch(messages, RAW, name);
    assert.ok(
      messages.split('\n').some((m) => message.test(`invalid-env-name ${m}`) || message.test(m)),
      `${name}: ${messages}`,
    );
  }
});

test('lint --fix writes the valid name where the text is exactly it once read plainly; a variable name is left to the user', () => {
  for (const [name, line] of CASES) {
    const f = join(dir, `fix-${name}.assistant.yaml`);
    writeFileSync(f, H + line);
    runCli(['lint', '--no-env-check', '--fix', f]);
    const after = readFileSync(f, 'utf8');
    if (name === 'u5') assert.equal(after, H + line, 'valueFromEnv: an editor quick fix only');
    else assert.equal(after, `${H}    provider: hosted\n`, name);
  }
});
