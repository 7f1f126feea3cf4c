// `lint --fix` as a real process on REVIEW6 I11, I12, I7 and I6's files: the content after, the exit
// code, and a second run that changes nothing (no human needed between runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';
import { CAMEL, SNAKE } from '../service/snakeCase';

const H = 'kind: AssistantConfig\nversion: v2\n';

/** `lint --fix` twice on `before`: the text after each run and the results. */
function fixTwice(name: string, before: string) {
  const f = join(mkdtempSync(join(tmpdir(), 'ac-fixn-')), name);
  writeFileSync(f, before);
  const first = runCli(['lint', '--fix', '--no-env-check', '--no-config', f]);
  const after = readFileSync(f, 'utf8');
  const second = runCli(['lint', '--fix', '--no-env-check', '--no-config', f]);
  return { first, after, second, again: readFileSync(f, 'utf8') };
}

test('I11: --fix turns a snake_case config (Python SDK habits) into the camelCase one in one run; the second run changes nothing', () => {
  const r = fixTwice('snake.assistant.yaml', SNAKE);
  assert.equal(r.after, CAMEL);
  assert.equal(r.first.code, 0, r.first.stdout + r.first.stderr);
  assert.match(r.first.stdout, /fixed 26 problems \(unknown-property, invalid-enum\)/);
  assert.match(r.first.stdout, /remaining 0 errors/);
  assert.equal(r.again, r.after);
  assert.equal(r.second.code, 0);
  assert.doesNotMatch(r.second.stdout, /fixed/);
  // --fix-dry-run shows the same result without writing.
  const f = join(mkdtempSync(join(tmpdir(), 'ac-fixn-')), 'dry.assistant.yaml');
  writeFileSync(f, SNAKE);
  const dry = runCli(['lint', '--fix-dry-run', '--no-env-check', '--no-config', f]);
  assert.equal(readFileSync(f, 'utf8'), SNAKE);
  assert.match(
    dry.stdout + dry.stderr,
    /\+ {4}safetySettings: \{hateSpeech: blockOnlyHigh, sexuallyExplicit: blockLowAndAbove/,
  );
});

test('I12: --fix writes the space after a glued key whose value is wrong too, then fixes the value or reports it', () => {
  const ok = fixTwice(
    'glued.assistant.yaml',
    `${H}definition:\n  llm: {provider:hostd}\n  threadTitleGeneration: {enable:yes}\n`,
  );
  assert.equal(ok.after, `${H}definition:\n  llm: {provider: hosted}\n  threadTitleGeneration: {enable: true}\n`);
  assert.equal(ok.first.code, 0, ok.first.stdout);
  assert.equal(ok.again, ok.after);
  assert.doesNotMatch(ok.second.stdout, /fixed/);
  // No provider is called `azure`: the space is written, the value stays and is reported.
  const left = fixTwice('azure.assistant.yaml', `${H}definition:\n  llm: {provider:azure}\n`);
  assert.equal(left.after, `${H}definition:\n  llm: {provider: azure}\n`);
  assert.equal(left.first.code, 1);
  assert.match(left.first.stdout, /unknown-discriminator Unknown provider 'azure'/);
  assert.equal(left.again, left.after);
  assert.doesNotMatch(left.second.stdout, /fixed/);
});

test("I7: --fix leaves two keys competing for 'model' and says both look like it", () => {
  const before = `${H}definition:\n  llm:\n    provider: vendor_a\n    modle: gpt-4o\n    mdoel: gpt-4o-mini\n    apiKey: {valueFromEnv: K}\n`;
  const r = fixTwice('two.assistant.yaml', before);
  assert.equal(r.after, before);
  assert.equal(r.first.code, 1);
  assert.doesNotMatch(r.first.stdout, /fixed/);
  assert.equal(
    (r.first.stdout.match(/'modle' and 'mdoel' both look like 'model'(?: \(required\))?: keep one\./g) ?? []).length,
    2,
  );
});

test('I6: under %YAML 1.1, --fix keeps 010 (read as 8 by every reader) and quotes a date in a string field', () => {
  const before = `%YAML 1.1\n---\n${H}definition:\n  llm: {provider: cloud_a, endpoint: "https://x.openai.azure.com/", apiKey: {valueFromEnv: K}, apiVersion: 2024-06-01}\n  schemaSelector: {type: fixed, tables: [{schemaName: no, tableName: t, columns: [on]}]}\n  threadTitleGeneration: {enable: yes}\n  maxAssistantActions: 010\n`;
  const lint = fixTwice('v11.assistant.yaml', before);
  assert.equal(
    lint.after,
    before
      .replace('2024-06-01', '"2024-06-01"')
      .replace('schemaName: no', 'schemaName: "no"')
      .replace('[on]', '["on"]'),
  );
  assert.match(lint.first.stdout, /fixed 3 problems \(invalid-type\)/);
  assert.doesNotMatch(lint.first.stdout + lint.second.stdout, /yaml11-ambiguous|write 10/);
  assert.equal(lint.first.code, 0);
  assert.equal(lint.again, lint.after);
  // Before fixing: the date is reported.
  const f = join(mkdtempSync(join(tmpdir(), 'ac-fixn-')), 'v11.assistant.yaml');
  writeFileSync(f, before);
  const plain = runCli(['lint', '--no-env-check', '--no-config', f]);
  assert.match(
    plain.stdout,
    /'apiVersion' of provider 'cloud_a' must be a string; found '2024-06-01', which is a date under the document's %YAML 1\.1 directive/,
  );
  assert.equal(plain.code, 1);
});
