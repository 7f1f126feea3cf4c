// A literal credential under a mapping that does not read it is still reported (the secret is in the
// file), and the message says why the key is not read there (REVIEW9 K6): "this provider does not use
// the key" was said under a misspelt provider (`vendr_a`, a slip of `vendor_a`, which does use it),
// in the README's own real run. The provider's value is never quoted (a key pasted there is a secret).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import { fakeApiKey } from '../helpers';
import { leakedRuns } from '../cli/helpers';

const KEY = fakeApiKey(9006);
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const secretMessages = (text: string, language: 'yaml' | 'json' = 'yaml'): string[] =>
  analyze(text, language)
    .diagnostics.filter((d) => d.code === 'literal-secret')
    .map((d) => d.message);

test('under a provider that does not use the key, the message names that provider', () => {
  assert.deepEqual(secretMessages(`${head}  llm:\n    provider: hosted\n    apiKey:\n      value: ${KEY}\n`), [
    "'apiKey' holds a literal credential (provider 'hosted' does not use the key, but the secret is in the file all the same); remove it or use 'valueFromEnv'.",
  ]);
});

test('under a provider the spec does not name (a slip, a half-typed one), it says so, not that the provider does not use it', () => {
  const unknown =
    "'apiKey' holds a literal credential (the provider is not one the spec names, but the secret is in the file all the same); remove it or use 'valueFromEnv'.";
  for (const provider of ['vendr_a', 'vendor', 'cloud_d']) {
    assert.deepEqual(
      secretMessages(`${head}  llm:\n    provider: ${provider}\n    apiKey:\n      value: ${KEY}\n`),
      [unknown],
      provider,
    );
  }
  // A fallback with a misspelt provider under a known one: its own mapping decides.
  assert.deepEqual(
    secretMessages(
      `${head}  llm:\n    provider: hosted\n    fallback:\n      provider: vendr_b\n      apiKey:\n        value: ${KEY}\n`,
    ),
    [unknown],
  );
  // JSON alike.
  assert.deepEqual(
    secretMessages(
      `{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"vendr_a","apiKey":{"value":"${KEY}"}}}}`,
      'json',
    ),
    [unknown],
  );
});

test('a credential key where no provider is (misplaced under definition), and a key pasted into provider: never quoted', () => {
  assert.deepEqual(secretMessages(`${head}  llm:\n    provider: hosted\n  apiKey:\n    value: ${KEY}\n`), [
    "'apiKey' holds a literal credential (the key has no place here, but the secret is in the file all the same); remove it or use 'valueFromEnv'.",
  ]);
  const pasted = secretMessages(`${head}  llm:\n    provider: ${KEY}\n    apiKey:\n      value: x${KEY}\n`);
  assert.equal(pasted.length, 2, pasted.join('\n'));
  assert.deepEqual(leakedRuns(pasted.join('\n'), [KEY.slice(3)], 6), []);
});
