// `lint --fix` removes a `value: null` (or `~`, or an empty `value:`) written beside `valueFromEnv`:
// it holds nothing, so removing it loses nothing (the editor's "Remove 'value: null'" quick fix, the
// same provider, applied by fixAll). The comments on that line stay, CRLF stays, a second run changes
// nothing. Any other `value` beside the name (a quoted "null", an empty string, an alias to a null, a
// literal) is left for the user: the editor offers the choice. Run as processes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { madeUpPasswords } from '../helpers';
import { leakedRuns, runCli } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-fix-null-'));
after(() => rmSync(work, { recursive: true, force: true }));

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
let n = 0;

function fixTwice(text: string, ext = 'yaml'): { lint: string; fixed: string; after: string; again: string } {
  const name = `f${n++}.assistant.${ext}`;
  const path = join(work, name);
  writeFileSync(path, text);
  const lint = runCli(['lint', '--no-config', '--no-env-check', name], { cwd: work }).stdout;
  const r = runCli(['lint', '--no-config', '--no-env-check', '--fix', name], { cwd: work });
  const after = readFileSync(path, 'utf8');
  runCli(['lint', '--no-config', '--no-env-check', '--fix', name], { cwd: work });
  return { lint, fixed: r.stdout + r.stderr, after, again: readFileSync(path, 'utf8') };
}

const removed: { name: string; before: string; after: string; ext?: string }[] = [
  {
    name: 'block, null with a comment on its line',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: null  # rotated 2024-05, ask ops\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      # rotated 2024-05, ask ops\n      valueFromEnv: VENDOR_A_API_KEY\n`,
  },
  {
    name: 'block, ~ after the name',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey: # the key\n      valueFromEnv: VENDOR_A_API_KEY\n      value: ~\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey: # the key\n      valueFromEnv: VENDOR_A_API_KEY\n`,
  },
  {
    name: 'an empty value:',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
  },
  {
    name: 'flow mapping',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: null, valueFromEnv: VENDOR_A_API_KEY}  # from CI\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}  # from CI\n`,
  },
  {
    name: 'JSON',
    ext: 'json',
    before:
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": { "value": null, "valueFromEnv": "VENDOR_A_API_KEY" } }\n  }\n}\n',
    after:
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": { "valueFromEnv": "VENDOR_A_API_KEY" } }\n  }\n}\n',
  },
];

for (const s of removed) {
  test(`lint --fix removes the null beside valueFromEnv: ${s.name}; a second run changes nothing`, () => {
    const r = fixTwice(s.before, s.ext);
    assert.match(r.lint, /error env-value-conflict/, r.lint);
    assert.equal(r.after, s.after, r.fixed);
    assert.equal(r.again, r.after, 'idempotent');
    assert.match(r.fixed, /env-value-conflict|Remove/, r.fixed);
  });
}

test('lint --fix keeps CRLF and the comment on the removed line', () => {
  const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
  const r = fixTwice(crlf(removed[0]!.before));
  assert.equal(r.after, crlf(removed[0]!.after));
  assert.equal(r.again, r.after);
  assert.ok(r.after.includes('# rotated 2024-05, ask ops\r\n'));
});

test('lint --fix leaves any other value beside valueFromEnv as written (the editor offers the choice)', () => {
  const [password] = madeUpPasswords(2411, 1);
  const kept = [
    `apiKey: {value: "null", valueFromEnv: VENDOR_A_API_KEY}`,
    // (A blank string: the editor's choice; an empty one is removed, see oneSlipOneFix.test.ts.)
    `apiKey: {value: " ", valueFromEnv: VENDOR_A_API_KEY}`,
    `apiKey: {value: nul, valueFromEnv: VENDOR_A_API_KEY}`,
    `apiKey: {value: ${password!}, valueFromEnv: VENDOR_A_API_KEY}`,
    `apiKey: {value: !!str null, valueFromEnv: VENDOR_A_API_KEY}`,
  ];
  for (const line of kept) {
    const text = `${H}  llm:\n    provider: vendor_a\n    ${line}\n`;
    const r = fixTwice(text);
    assert.match(r.lint, /env-value-conflict/, line);
    assert.equal(r.after, text, line);
    assert.deepEqual(leakedRuns(r.lint + r.fixed, [password!], 4), []);
  }
  // An alias to a null: the alias use is the user's to remove (its anchor may then go unused).
  const alias = `${H}  featureFlags: {none: &n null}\n  llm:\n    provider: vendor_a\n    apiKey: {value: *n, valueFromEnv: VENDOR_A_API_KEY}\n`;
  assert.equal(fixTwice(alias).after, alias);
});
