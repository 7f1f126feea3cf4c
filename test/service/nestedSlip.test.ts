// slip7 leftovers. (1) A slip inside a slip (`llm:`, its `provider:` and `apiKey:`, and the key's
// `valueFromEnv:` all at one column; `definition:`, `llm:`, `provider:` all at column 0): one
// diagnostic, one fix that moves each line to its level, so `--fix` reaches the fixed point in one
// run and a second run changes nothing. (2) When a stray `provider:` makes the LLM read as another
// variant, a key unknown to both is said of the variant the user meant (the first `provider`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';

const H = 'kind: AssistantConfig\nversion: v2\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const shown = (t: string) => analyze(t, 'yaml').diagnostics.filter((d) => d.severity !== 'information');

const CASES: { name: string; before: string; after: string; message: RegExp; title: string }[] = [
  {
    name: 'a key’s valueFromEnv under a slipped key',
    before: `${H}definition:\n  llm:\n  provider: vendor_a\n  # the key\n  apiKey:\n  valueFromEnv: K\n  maxAssistantActions: 3\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_a\n    # the key\n    apiKey:\n      valueFromEnv: K\n  maxAssistantActions: 3\n`,
    message:
      /^'provider' and 'apiKey' belong under 'llm' \(its value is empty\), not beside it, and 'valueFromEnv' under 'apiKey': indent these lines under 'llm'\.$/,
    title: "Indent 'provider' and 'apiKey' under 'llm', and 'valueFromEnv' under 'apiKey'",
  },
  {
    name: 'everything at column 0',
    before: `${H}definition:\nllm:\nprovider: hosted\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n`,
    message:
      /^'llm' belongs under 'definition' .*, and 'provider' under 'llm': indent these lines under 'definition'\.$/,
    title: "Indent 'llm' under 'definition', and 'provider' under 'llm'",
  },
  {
    name: 'a fallback’s apiKey value under the slip',
    before: `${H}definition:\n  llm:\n    provider: hosted\n    fallback:\n    provider: vendor_a\n    apiKey:\n    valueFromEnv: K\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: vendor_a\n      apiKey:\n        valueFromEnv: K\n`,
    message: /^'provider' and 'apiKey' belong under 'fallback' .*, and 'valueFromEnv' under 'apiKey': indent/,
    title: "Indent 'provider' and 'apiKey' under 'fallback', and 'valueFromEnv' under 'apiKey'",
  },
];

test('a slip inside a slip: one diagnostic, one fix for both levels, --fix in one run, a second run changes nothing', () => {
  for (const c of CASES)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const ds = shown(before);
      assert.equal(ds.length, 1, `${c.name}: ${JSON.stringify(ds.map((d) => d.message))}`);
      assert.match(ds[0]!.message, c.message, c.name);
      const { doc, diagnostics } = analyze(before, 'yaml');
      const fix = getCodeActions(doc, diagnostics, { offset: ds[0]!.offset, length: ds[0]!.length }).find(
        (a) => a.isPreferred,
      );
      assert.equal(fix?.title, c.title, c.name);
      assert.equal(applyEdits(before, fix.edits), after, c.name);
      const once = fixAll(before, 'yaml', (t, l) => analyze(t, l));
      assert.equal(once.text, after, `${c.name}: --fix reaches the fixed point in one run`);
      assert.equal(fixAll(once.text, 'yaml', (t, l) => analyze(t, l)).text, once.text, `${c.name}: idempotent`);
      assert.deepEqual(shown(after), [], c.name);
    }
});

test('a stray provider under an empty fallback: a key unknown to both variants is said of the first provider’s', () => {
  const text = (first: string): string =>
    `${H}definition:\n  llm:\n    provider: ${first}\n    apiKey: {valueFromEnv: K}\n    regionName: x\n    fallback:\n    provider: cloud_a\n    endpoint: https://x.example/\n`;
  for (const first of ['vendor_a', 'vendor_c']) {
    const ds = shown(text(first));
    const unknown = ds.find((d) => d.message.includes("'regionName'"));
    assert.ok(unknown, JSON.stringify(ds.map((d) => d.message)));
    assert.match(unknown.message, new RegExp(`^provider '${first}' does not allow 'regionName'`));
    assert.doesNotMatch(unknown.message, /provider 'cloud_a' does not allow/);
  }
});
