// REVIEW6 I3, I9: `lint --fix` as a real process on indentation slips the H8 rule missed: the slipped
// lines are indented under the key left empty (the file the user meant), CRLF kept, a second run
// changes nothing; the primary LLM's provider and key are never removed as "ignored duplicates".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

const H = 'kind: AssistantConfig\r\nversion: v2\r\n';

test('REVIEW6 I3, I9: --fix indents the slipped lines (CRLF kept), and a second run changes nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-slip-'));
  const files: [string, string, string, number][] = [
    [
      'fallback.assistant.yaml',
      `${H}definition:\r\n  llm:\r\n    provider: cloud_a\r\n    endpoint: https://contoso.example.com/\r\n    apiKey:\r\n      valueFromEnv: AZURE_OPENAI_API_KEY\r\n    fallback: # backup\r\n    provider: vendor_a\r\n    apiKey:\r\n      valueFromEnv: OPENAI_API_KEY\r\n`,
      `${H}definition:\r\n  llm:\r\n    provider: cloud_a\r\n    endpoint: https://contoso.example.com/\r\n    apiKey:\r\n      valueFromEnv: AZURE_OPENAI_API_KEY\r\n    fallback: # backup\r\n      provider: vendor_a\r\n      apiKey:\r\n        valueFromEnv: OPENAI_API_KEY\r\n`,
      0,
    ],
    [
      'flags.assistant.yaml',
      `${H}definition:\r\n  llm:\r\n    provider: hosted\r\n  featureFlags:\r\n  enable_automations: true\r\n  my_beta: true\r\n  threadTitleGeneration:\r\n  enable: true\r\n  lmm: x\r\n`,
      `${H}definition:\r\n  llm:\r\n    provider: hosted\r\n  featureFlags:\r\n    enable_automations: true\r\n    my_beta: true\r\n  threadTitleGeneration:\r\n    enable: true\r\n  lmm: x\r\n`,
      1,
    ],
  ];
  for (const [name, before, after, exit] of files) {
    const f = join(dir, name);
    writeFileSync(f, before);
    const lint = runCli(['lint', '--no-env-check', f]);
    assert.match(lint.stdout, /belong under '(fallback|featureFlags)' \(its value is empty\)/, lint.stdout);
    assert.doesNotMatch(lint.stdout, /duplicate-key/);
    const r = runCli(['lint', '--fix', '--no-env-check', f]);
    assert.equal(readFileSync(f, 'utf8'), after, r.stdout + r.stderr);
    assert.equal(r.code, exit, r.stdout + r.stderr);
    assert.match(r.stdout, /fixed \d+ problems? \(unknown-property/);
    const again = runCli(['lint', '--fix', '--no-env-check', f]);
    assert.equal(readFileSync(f, 'utf8'), after);
    assert.doesNotMatch(again.stdout, /fixed/);
  }
});
