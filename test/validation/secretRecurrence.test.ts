// REVIEW6 I1: a key the file holds in `value:` is a known secret: masked wherever its text recurs in
// the file (a comment above it, a URL's query), even when its shape alone says nothing (an Azure key:
// 32 hex digits), in frames, `--fix-dry-run` diffs and the `--cache` file alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { leakedRuns, runCli } from '../cli/helpers';

// 32 hex digits, made up: the shape of an Azure OpenAI key, which no credential pattern knows.
const HEX = '9f3c1a7e5b2d4f6081c3e5a7b9d1f2e4';

test('a literal secret recurring in a comment and a URL is masked there too (frames, diff, cache)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-i1-'));
  const file = join(dir, 'az.assistant.yaml');
  writeFileSync(
    file,
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_a\n    endpont: https://acme.openai.azure.com/openai?api-key=${HEX}\n    apiKey:   # KEY 1 from the portal: ${HEX}\n      value: ${HEX}\n    modle: gpt-4o\n`,
  );
  const lint = runCli(['lint', '--no-env-check', file]);
  assert.match(lint.stdout, /literal-secret/);
  assert.match(lint.stdout, /# KEY 1 from the portal: \*{32}/);
  assert.match(lint.stdout, /api-key=\*{32}/);
  assert.deepEqual(leakedRuns(lint.stdout + lint.stderr, [HEX], 6), []);
  const dry = runCli(['lint', '--no-env-check', '--fix-dry-run', file]);
  assert.match(dry.stdout, /\+ {4}endpoint: /);
  assert.deepEqual(leakedRuns(dry.stdout + dry.stderr, [HEX], 6), []);
  const cache = join(dir, 'cache.json');
  runCli(['lint', '--no-env-check', '--cache', '--cache-location', cache, file]);
  assert.deepEqual(leakedRuns(readFileSync(cache, 'utf8'), [HEX], 6), []);
  // Short values stay as they are (a test file's `value: x`): nothing else is starred.
  writeFileSync(
    file,
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: x\n    apiKey: {value: x}\n    modle: x\n`,
  );
  assert.match(runCli(['lint', '--no-env-check', file]).stdout, /model: x\n/);
});
