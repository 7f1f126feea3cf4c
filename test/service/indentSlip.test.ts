// REVIEW5 H8: an indentation slip, `apiKey:` then `valueFromEnv: NAME` at apiKey's own column (or
// `llm:` then `provider: hosted`, `definition:` then `llm:` at column 0): one diagnostic saying to
// indent the lines under the key with the empty value, and a fix (also `--fix`) that indents them;
// never a "Remove" of the line the key above is waiting for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';

const H = 'kind: AssistantConfig\nversion: v2\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const fix = (text: string): string => fixAll(text, 'yaml', (t, l) => analyze(t, l)).text;
function fixesFor(text: string, d: Diagnostic): { title: string; preferred: boolean; result: string }[] {
  const doc = parse(text, 'yaml');
  return getCodeActions(doc, [d], { offset: d.offset, length: d.length })
    .filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'))
    .map((a) => ({ title: a.title, preferred: a.isPreferred === true, result: applyEdits(text, a.edits) }));
}

const CASES: { name: string; before: string; after: string; message: RegExp; title: string }[] = [
  {
    name: 'valueFromEnv at apiKey’s column',
    before: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: # from the vault\n    valueFromEnv: VENDOR_A_API_KEY # ops\n  maxAssistantActions: 5\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: # from the vault\n      valueFromEnv: VENDOR_A_API_KEY # ops\n  maxAssistantActions: 5\n`,
    message:
      /^'valueFromEnv' belongs under 'apiKey' \(its value is empty\), not beside it: indent this line under 'apiKey'\.$/,
    title: "Indent 'valueFromEnv' under 'apiKey'",
  },
  {
    name: 'the LLM’s keys at llm’s column',
    before: `${H}definition:\n  llm:\n  provider: vendor_a\n  # the key\n  apiKey:\n    valueFromEnv: K\n  schemaSelector: {type: all}\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_a\n    # the key\n    apiKey:\n      valueFromEnv: K\n  schemaSelector: {type: all}\n`,
    message: /^'provider' and 'apiKey' belong under 'llm' .*indent these lines under 'llm'\.$/,
    title: "Indent 'provider' and 'apiKey' under 'llm'",
  },
  {
    name: 'llm at column 0 under definition',
    before: `${H}definition:\nllm:\n  provider: hosted\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n`,
    message: /^'llm' belongs under 'definition' .*indent these lines under 'definition'\.$/,
    title: "Indent 'llm' under 'definition'",
  },
];

test('H8: an indentation slip is one diagnostic, whose one fix indents the lines (never removes them)', () => {
  for (const c of CASES)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const ds = analyze(before, 'yaml').diagnostics;
      assert.equal(ds.length, 1, `${c.name}: ${JSON.stringify(ds)}`);
      const d = ds[0]!;
      assert.equal(d.code, 'unknown-property');
      assert.match(d.message, c.message);
      const fixes = fixesFor(before, d);
      assert.deepEqual(
        fixes.map((f) => [f.title, f.preferred]),
        [[c.title, true]],
        c.name,
      );
      assert.equal(fixes[0]!.result, after, c.name);
      assert.deepEqual(analyze(after, 'yaml').diagnostics, [], c.name);
      // `--fix` / Fix all on save: the same, then nothing more.
      assert.equal(fix(before), after, c.name);
      assert.equal(fix(after), after, c.name);
    }
});

test('H8: not a slip: a key the parent allows after an empty one, or a key the empty one does not have', () => {
  // `llm:` empty, then a key of the definition: the empty LLM alone is reported.
  const sibling = `${H}definition:\n  llm:\n  maxAssistantActions: 5\n`;
  assert.deepEqual(
    analyze(sibling, 'yaml').diagnostics.map((d) => d.code),
    ['invalid-type'],
  );
  // `apiKey:` empty, then a key EnvironmentValue does not have: the unknown key, as before.
  const other = `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n    modle: x\n`;
  const ds = analyze(other, 'yaml').diagnostics;
  assert.ok(ds.some((d) => d.code === 'invalid-type'));
  assert.ok(!ds.some((d) => /indent/.test(d.message)));
});
