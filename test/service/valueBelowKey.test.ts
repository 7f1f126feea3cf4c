// REVIEW10 L1: a value written on the line below its key (`provider:` then the value, often because a
// comment follows the colon: `provider:   # the main one`) is the key's value, as YAML reads it.
// Completion there offered nothing; it now offers what it offers after the colon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { doComplete } from '../../server/src/service/completion';
import { validate } from '../../server/src/service/validation';
import { applyCompletion, PROVIDERS } from '../helpers';
import type { CompletionEntry } from '../../server/src/service/types';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function complete(marked: string, eol = '\n'): { text: string; items: CompletionEntry[] } {
  const offset = marked.replace(/\n/g, eol).indexOf('|');
  const text = marked.replace(/\n/g, eol).replace('|', '');
  return { text, items: doComplete(parse(text, 'yaml'), offset, {}).items };
}

const pick = (items: CompletionEntry[], label: string): CompletionEntry => {
  const e = items.find((i) => i.label === label);
  assert.ok(e, `${label} in ${items.map((i) => i.label).join(', ')}`);
  return e;
};

test('the providers are offered below `provider:` with a comment after the colon, the pick written in place', () => {
  for (const eol of ['\n', '\r\n']) {
    for (const [typed, rest] of [
      ['', ''],
      ['ven', ''],
      ['', '    model: big-model\n'],
    ] as const) {
      const marked = `${HEAD}  llm: &base   # shared\n    provider:   # the main one\n      ${typed}|\n${rest}`;
      const { text, items } = complete(marked, eol);
      assert.deepEqual(
        items.map((i) => i.label),
        PROVIDERS,
        JSON.stringify(marked),
      );
      const out = applyCompletion(text, pick(items, 'vendor_a'));
      const want = `${HEAD}  llm: &base   # shared\n    provider:   # the main one\n      vendor_a\n${rest}`;
      assert.equal(out, want.replace(/\n/g, eol));
      // What was picked is the provider YAML reads: the variant's rules apply.
      const codes = validate(parse(out, 'yaml')).map((d) => `${d.code} ${d.message}`);
      assert.ok(
        codes.some((c) => c.startsWith("missing-required provider 'vendor_a' requires apiKey")),
        codes.join('\n'),
      );
    }
  }
});

test('the same below a key with no comment, for an enum of a list item and for valueFromEnv', () => {
  const prim = complete(
    `${HEAD}  llm: {provider: hosted}\n  overrideAiPrimitivesLlm:\n    - primitiveName: # which one\n        sum|\n      llm: {provider: hosted}\n`,
  );
  assert.deepEqual(
    prim.items.map((i) => i.label),
    ['classify', 'summarize', 'extract', 'visualize'],
  );
  assert.match(applyCompletion(prim.text, pick(prim.items, 'summarize')), /# which one\n {8}summarize\n/);
  const env = complete(
    `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv:   # set in CI\n        |\n`,
  );
  assert.equal(env.items[0]?.label, 'VENDOR_A_API_KEY');
  const bare = complete(`${HEAD}  llm:\n    provider:\n      cl|\n`);
  assert.ok(bare.items.some((i) => i.label === 'cloud_b'));
});

test('below a key whose value is a mapping, the keys are still offered (not values)', () => {
  const { items } = complete(`${HEAD}  llm:\n    provider: vendor_a\n    apiKey: # secret\n      |\n`);
  assert.deepEqual(
    items.map((i) => i.label),
    ['value', 'valueFromEnv'],
  );
});
