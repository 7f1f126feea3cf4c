// `lint --fix` on a misspelt key of an EnvironmentValue, as real processes: the key is renamed to
// 'valueFromEnv' when that is the one clear match, no variable name is ever invented next to it, and
// no fix turns a text into a literal credential (`valu: MY_KEY` is left for the user to decide).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';
import { fakeSecret } from '../helpers';

const file = (key: string): string =>
  `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      ${key}: MY_VENDOR_KEY\n`;

function fix(text: string): { after: string; code: number | null; again: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fixenv-'));
  const f = join(dir, 'a.assistant.yaml');
  writeFileSync(f, text);
  const r = runCli(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], { cwd: dir });
  const after = readFileSync(f, 'utf8');
  runCli(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], { cwd: dir });
  return { after, code: r.code, again: readFileSync(f, 'utf8') };
}

for (const typo of ['valueFromENV', 'valuefromenv', 'value_from_env', 'valueFromEnvv', 'fromEnv']) {
  test(`'${typo}: MY_VENDOR_KEY' becomes 'valueFromEnv: MY_VENDOR_KEY', and nothing is added`, () => {
    const r = fix(file(typo));
    assert.equal(r.after, file('valueFromEnv'));
    assert.equal(r.code, 0);
    assert.equal(r.again, r.after, 'a second run changes nothing');
  });
}

test("'valu: MY_VENDOR_KEY' is not renamed to 'value' (it would make the name a literal credential)", () => {
  const r = fix(file('valu'));
  assert.equal(r.after, file('valu'));
  assert.equal(r.code, 1);
});

test('an empty EnvironmentValue gets no invented variable from --fix (the editor offers it)', () => {
  const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {}\n';
  const r = fix(text);
  assert.equal(r.after, text);
  assert.equal(r.code, 1);
});

test('variable references written as the credential or with $: --fix writes valueFromEnv with the bare name; a real key is masked, a name is shown (REVIEW2 E11, E13)', () => {
  const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
  const before = `${H}  llm:\n    provider: vendor_a\n    apiKey: $VENDOR_KEY\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: \${VENDOR_B_KEY}  # as in docker-compose\n  threadTitleGeneration:\n    enable: true\n    llm:\n      provider: vendor_c\n      apiKey: VENDOR_C_API_KEY\n      fallback:\n        provider: vendor_a\n        apiKey:\n          valueFromEnv: $VENDOR_KEY\n`;
  const dir = mkdtempSync(join(tmpdir(), 'ac-fixenv-'));
  writeFileSync(join(dir, 'a.assistant.yaml'), before);
  const lint = runCli(['lint', '--no-env-check', 'a.assistant.yaml'], { cwd: dir });
  assert.doesNotMatch(lint.stdout, /literal credential|literal-secret/);
  assert.match(lint.stdout, /'\$VENDOR_KEY' names a variable: write 'apiKey: \{ valueFromEnv: VENDOR_KEY \}'/);
  assert.match(
    lint.stdout,
    /warning invalid-env-name 'valueFromEnv' of 'apiKey' under provider 'vendor_a' takes the bare name .* did you mean 'VENDOR_KEY'\?/,
  );
  const r = fix(before);
  assert.equal(
    r.after,
    before
      .replace('apiKey: $VENDOR_KEY\n  ai', 'apiKey: { valueFromEnv: VENDOR_KEY }\n  ai')
      .replace('${VENDOR_B_KEY}', '{ valueFromEnv: VENDOR_B_KEY }')
      .replace('valueFromEnv: $VENDOR_KEY', 'valueFromEnv: VENDOR_KEY'),
  );
  // A bare VENDOR_C_API_KEY that no set variable is called may be the credential itself (REVIEW7 J4,
  // test/cli/fixBareEnvName.test.ts): --fix leaves it, and it stays an error.
  assert.match(r.after, /apiKey: VENDOR_C_API_KEY\n/);
  assert.equal(r.code, 1);
  assert.equal(r.again, r.after, 'a second run changes nothing');
  // A real key where the EnvironmentValue belongs is still a literal credential, masked in output.
  writeFileSync(
    join(dir, 'b.assistant.yaml'),
    `${H}  llm:\n    provider: vendor_a\n    apiKey: ${fakeSecret('sk-' + 'proj-', 25, 0x3d15)}\n`,
  );
  const real = runCli(['lint', '--no-env-check', 'b.assistant.yaml'], { cwd: dir });
  assert.match(real.stdout, /error literal-secret/);
  assert.ok(!real.stdout.includes('Abc123XyZ'), real.stdout);
});
