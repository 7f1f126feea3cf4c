// REVIEW8 K9: `lint --fix` renamed a half-typed key holding a literal credential (`apiKey: {valu:
// <secret>, value: ""}`) to `valueFromEnv`: the secret passed for a variable's name, the fix made an
// env-value-conflict error in the mapping it edited (said on `apiKey`, pointing at the key it wrote),
// and `--fix-dry-run` printed on its `+` line the secret its `-` line masked. Now: no rename to
// `valueFromEnv` of a value that is no variable's name; a fix is rejected for an error that points
// into what it edited; the diff's new side masks what the old side masked. Fake credentials are
// made at run time from a fixed seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';
import { printableDiff } from '../../server/src/cli/fix';
import { carriedSecrets } from '../../server/src/cli/diffMask';
import { buildReport } from '../../server/src/cli/report';
import { textOfFile } from '../../server/src/cli/output';
import { secretRanges } from '../../server/src/service/secretRanges';
import { leakedRuns, runCli } from './helpers';
import { madeUpPasswords } from '../helpers';

const SEED = 20261123 + 9;
console.log(`fixSecretRename: seed ${SEED}`);
const [s1, s2, s3] = madeUpPasswords(SEED, 3) as [string, string, string];
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n';
const run = (text: string): ReturnType<typeof fixAll> =>
  fixAll(text, 'yaml', (t, language) => {
    const doc = parse(t, language);
    return { doc, diagnostics: analyze(t, language).diagnostics };
  });

test('--fix: a half-typed key holding a literal secret is not renamed to valueFromEnv; a variable name under one is', () => {
  const secret = `${head}    apiKey: {valu: ${s1}, value: ""}\n`;
  assert.match(
    analyze(secret, 'yaml')
      .diagnostics.map((d) => d.message)
      .join('\n'),
    /does not allow 'valu'/,
  );
  assert.equal(run(secret).text, secret);
  // Alone in its mapping too (no conflict to stop it): a secret is no variable's name.
  const alone = `${head}    apiKey: {valueFromEn: ${s2}}\n`;
  assert.equal(run(alone).text, alone);
  // A variable's name under the half-typed key: renamed, as before.
  assert.equal(
    run(`${head}    apiKey: {valueFromEn: VENDOR_A_API_KEY}\n`).text,
    `${head}    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n`,
  );
});

test('--fix: a rename that makes an error said elsewhere but pointing at the key it wrote is not applied', () => {
  // A variable's name, so the rename is offered; `value` is there too, so `valueFromEnv` would
  // conflict with it: env-value-conflict on `apiKey`, with 'valueFromEnv' is set here on the new key.
  // (A blank `value`: removing it is the editor's choice, so nothing resolves the conflict.)
  const text = `${head}    apiKey: {valueFromEn: VENDOR_A_API_KEY, value: " "}\n`;
  const renamed = text.replace('valueFromEn:', 'valueFromEnv:');
  const conflict = analyze(renamed, 'yaml').diagnostics.find((d) => d.code === 'env-value-conflict');
  assert.ok(conflict?.related?.some((r) => renamed.slice(r.offset, r.offset + r.length) === 'valueFromEnv'));
  assert.equal(run(text).text, text);
  // An empty `value` is removed by a safe fix of its own (REVIEW15-user U15): the two go as one change.
  assert.equal(
    run(`${head}    apiKey: {valueFromEn: VENDOR_A_API_KEY, value: ""}\n`).text,
    `${head}    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n`,
  );
});

test('printableDiff: what the old side masked is masked on the new side, on changed and on unchanged lines', () => {
  const before = `${head}    apiKey: {valu: ${s1}, value: ""}\n    fallback:\n      provider: vendor_b\n      apiKey:\n        value: >-\n          ${s3}\n`;
  // The new side no longer sees either as a secret: a name under valueFromEnv.
  const after = before
    .replace(`{valu: ${s1}`, `{valueFromEnv: ${s1}`)
    .replace('        value: >-', '        valueFromEnv: >-');
  const { diff, masked } = printableDiff('a.assistant.yaml', before, after, 'yaml');
  assert.ok(masked);
  assert.deepEqual(leakedRuns(diff, [s1, s3], 4), [], diff);
  // (The empty value is no secret: its quotes are shown, REVIEW14-user U4.)
  assert.match(diff, /^\+ {4}apiKey: \{valueFromEnv: \*+, value: ""\}$/m, diff);
  // (The block's line, unchanged: masked on both sides, so one context line; its indentation shown.)
  assert.match(diff, /^ {11}\*{16,}$/m, diff);
});

test('the report after a fix masks what the text before it held as a secret (carriedSecrets)', () => {
  const before = `${head}    apiKey: {valu: ${s1}, value: ""}\n    modle: x\n`;
  const after = before.replace('{valu:', '{valueFromEnv:');
  const carried = carriedSecrets(before, secretRanges(parse(before, 'yaml')), after);
  assert.ok(carried.some((r) => after.slice(r.offset, r.offset + r.length) === s1));
  const doc = parse(after, 'yaml');
  const diagnostics = analyze(after, 'yaml').diagnostics;
  const shown = (extra: typeof carried): string =>
    textOfFile(buildReport('a.assistant.yaml', 'a.assistant.yaml', doc, diagnostics, true, extra), false);
  // (Without them, the new text shows it: a name under valueFromEnv.)
  assert.notDeepEqual(leakedRuns(shown([]), [s1], 4), []);
  assert.deepEqual(leakedRuns(shown(carried), [s1], 4), []);
});

test("lint --fix-dry-run and --fix on the reviewer's case: nothing applied, nothing of the secret printed", () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-k9-'));
  const file = join(dir, 'a.assistant.yaml');
  const text = `${head}    fallback:\n      provider: cloud_a\n      endpoint: https://e.example\n      apiKey: {valu: ${s1}, value: ""}\n`;
  writeFileSync(file, text);
  for (const args of [['--fix-dry-run'], ['--fix'], ['--fix', '--format', 'json']]) {
    const res = runCli(['lint', '--no-env-check', ...args, file]);
    const all = res.stdout + res.stderr;
    assert.deepEqual(leakedRuns(all, [s1], 4), [], `${args.join(' ')}:\n${all}`);
    // (The report after --fix still has the key to rename by hand.)
    if (args[0] === '--fix') assert.match(all, /unknown-property/, `${args.join(' ')}:\n${all}`);
    assert.equal(readFileSync(file, 'utf8'), text, args.join(' '));
  }
});
