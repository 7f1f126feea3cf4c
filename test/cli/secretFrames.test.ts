// Code frames never show a literal secret, wherever it stands: a misspelt key, a key the provider
// does not allow, the ignored copy of a duplicate key, an unknown provider, a URL's user
// information, JSON as well as YAML. Run as processes over the built CLI, in every output format;
// no 8-character run of a secret may appear. `valueFromEnv` names are not secrets and are shown.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, leakedRuns } from './helpers';
import { fakeSecret } from '../helpers';

const S1 = fakeSecret('sk-' + 'live-', 20, 0x3d16);
const S2 = fakeSecret('sk-' + 'live-', 21, 0x3d17);
const S3 = 'AKIAq1w2e3r4t5y6u7i8';
const S4 = 'pw-Hu7Jk8Lo9Pz0Xa1Sd2';
/** Shaped like nothing: found by where it stands only. */
const S5 = 'hunter2hunter2hunter2';
const SECRETS = [S1, S2, S3, S4, S5];
const RUN = 8;

const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const FILES: Record<string, string> = {
  'misspelt.assistant.yaml': `${head}  llm:\n    provider: vendor_a\n    model: m\n    apiKy: ${S1}\n    api_key: ${S2}\n    cloudSecretAccesKey: ${S3}\n    apiKey:\n      valueFromEnv: VENDOR_A_KEY\n`,
  'not-allowed.assistant.yaml': `${head}  llm:\n    provider: cloud_b\n    apiKey:\n      value: ${S1}\n  aiPrimitivesLlm:\n    provider: hosted\n    apiKey: {value: ${S2}}\n    cloudAccessKeyId:\n      value: ${S3}\n`,
  'duplicate.assistant.yaml': `${head}  llm:\n    provider: vendor_a\n    model: m\n    apiKey:\n      value: ${S1}\n    apiKey:\n      valueFromEnv: VENDOR_A_KEY\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: {valueFromEnv: VENDOR_B_KEY}\n    apiKey: {value: ${S2}}\n`,
  'unknown-provider.assistant.yaml': `${head}  llm:\n    provider: acme_cloud\n    apiKey: ${S1}\n    cloudSecretAccessKey:\n      value: ${S2}\n    settings:\n      value: ${S3}\n`,
  // A secret pasted where a mapping is wanted: a key with no value (`{…}` is a flow mapping).
  'pasted-as-key.assistant.yaml': `${head}  llm:\n    provider: vendor_a\n    model: m\n    apiKey: {${S5}}\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey:\n      ${S5}:\n`,
  'userinfo.assistant.yaml': `${head}  llm:\n    provider: vendor_a\n    model: m\n    endpoint: https://u:${S4}@llm.example.com/v1\n    proxy: "http://${S1}@proxy.example.com:8080"\n    apiKey: {valueFromEnv: VENDOR_A_KEY}\n`,
  'json.assistant.json': JSON.stringify(
    {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: {
        llm: { provider: 'cloud_b', apiKy: S1, apiKey: { value: S2 } },
        aiPrimitivesLlm: { provider: 'acme', cloudSecretAccessKey: { value: S3 }, url: `https://x:${S4}@h.example` },
      },
    },
    null,
    2,
  ),
  // Minified, with a duplicate key (JSON.stringify cannot write one).
  'json-minified.assistant.json': `{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted","apiKey":{"value":"${S1}"},"apiKey2":"${S2}"},"aiPrimitivesLlm":{"provider":"vendor_a","apiKey":{"value":"${S3}"},"apiKey":{"valueFromEnv":"K"}}}}`,
};

const dir = mkdtempSync(join(tmpdir(), 'ac-frames-'));
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
after(() => rmSync(dir, { recursive: true, force: true }));

const leaks = (text: string): string[] => leakedRuns(text, SECRETS, RUN);

describe('code frames mask every literal secret', () => {
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    for (const color of format === 'text' ? ['--no-color', '--color'] : ['--no-color']) {
      it(`${format} ${color}: no 8-character run of a secret in any file's output`, () => {
        const r = runCli(['lint', '--no-config', '--no-env-check', '--format', format, color, ...Object.keys(FILES)], {
          cwd: dir,
        });
        assert.equal(r.code, 1, r.stderr);
        for (const name of Object.keys(FILES)) assert.ok(r.stdout.includes(name), `${name} reported`);
        assert.deepEqual(leaks(r.stdout + r.stderr), [], `${format}:\n${r.stdout}${r.stderr}`);
      });
    }
  }
  it('shows the frames (masked) and the valueFromEnv names', () => {
    const r = runCli(
      [
        'lint',
        '--no-config',
        '--no-env-check',
        '--no-color',
        'misspelt.assistant.yaml',
        'duplicate.assistant.yaml',
        'userinfo.assistant.yaml',
      ],
      { cwd: dir },
    );
    assert.match(r.stdout, /apiKy: \*{28}/, r.stdout);
    assert.match(r.stdout, /endpoint: https:\/\/\*+@llm\.example\.com\/v1/, r.stdout);
    assert.match(r.stdout, /valueFromEnv: VENDOR_A_KEY/, r.stdout);
    assert.match(r.stdout, /apiKey: \{valueFromEnv: VENDOR_B_KEY\}/, r.stdout);
  });
  it('a literal value under a key the provider does not allow still gets literal-secret', () => {
    const r = runCli(
      [
        'lint',
        '--no-config',
        '--no-env-check',
        '--format',
        'json',
        'not-allowed.assistant.yaml',
        'unknown-provider.assistant.yaml',
      ],
      { cwd: dir },
    );
    const report = JSON.parse(r.stdout) as {
      files: { path: string; diagnostics: { code: string; range: { start: { line: number } } }[] }[];
    };
    const lines = (file: string): number[] =>
      (report.files.find((f) => f.path.endsWith(file))?.diagnostics ?? [])
        .filter((d) => d.code === 'literal-secret')
        .map((d) => d.range.start.line)
        .sort((a, b) => a - b);
    // cloud_b apiKey.value (7), hosted apiKey.value (10), hosted cloudAccessKeyId.value (12).
    assert.deepEqual(lines('not-allowed.assistant.yaml'), [7, 10, 12], r.stdout);
    // Unknown provider: cloudSecretAccessKey.value (8).
    assert.ok(lines('unknown-provider.assistant.yaml').includes(8), r.stdout);
  });
});
