// REVIEW7 J4, as a user meets it: `lint --fix` on `apiKey: PASSWORD_2024` (a literal password that
// looks like a variable's name) must not turn it into `{ valueFromEnv: PASSWORD_2024 }`, a reference
// to a variable that does not exist. It does when the variable is set (environment or .env), or the
// value is a `$NAME` reference. The string never reaches the output, nor the lint cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

// Built at run time: a password that happens to look like a variable's name.
const PASSWORD = ['PASS', 'WORD'].join('') + '_' + String(2000 + 24);
const file = (written: string): string =>
  `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: ${written}  # prod\n`;

function project(text: string, dotenv?: string): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-bare-'));
  const path = join(dir, 'a.assistant.yaml');
  writeFileSync(path, text);
  if (dotenv !== undefined) writeFileSync(join(dir, '.env'), dotenv);
  return { dir, path };
}

for (const flags of [[], ['--no-env-check']]) {
  test(`lint --fix ${flags.join(' ')} leaves a bare password-like value as it is, still reports it, never prints it`, () => {
    const { dir, path } = project(file(PASSWORD), 'OTHER_NAME=1\n');
    for (const run of [1, 2]) {
      const r = runCli(['lint', '--fix', ...flags, 'a.assistant.yaml'], { cwd: dir });
      assert.equal(readFileSync(path, 'utf8'), file(PASSWORD), `run ${run}: unchanged`);
      assert.equal(r.code, 1);
      assert.match(r.stdout, /error invalid-type 'apiKey' must be an EnvironmentValue/);
      assert.match(r.stdout, /0 fixes applied/);
      assert.ok(!(r.stdout + r.stderr).includes(PASSWORD), r.stdout);
    }
    const dry = runCli(['lint', '--fix-dry-run', ...flags, 'a.assistant.yaml'], { cwd: dir });
    assert.ok(!(dry.stdout + dry.stderr).includes(PASSWORD), dry.stdout);
    assert.doesNotMatch(dry.stdout, /valueFromEnv/);
  });
}

test('lint --cache: the report of a file with such a value is not cached (the cache would keep the string)', () => {
  const { dir } = project(file(PASSWORD));
  const r = runCli(['lint', '--cache', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 1);
  const cache = join(dir, '.assistant-config-cache');
  if (existsSync(cache)) assert.ok(!readFileSync(cache, 'utf8').includes(PASSWORD));
  // Set later: the second run sees it, not a stale report.
  const again = runCli(['lint', '--cache', 'a.assistant.yaml'], { cwd: dir, env: { [PASSWORD]: 'x' } });
  assert.match(again.stdout, /is the name of a variable that is set/);
});

test('lint --fix rewrites a bare name that is set in the environment, or in the .env, and a $NAME reference', () => {
  const want = file(`{ valueFromEnv: ${PASSWORD} }`);
  const fromEnv = project(file(PASSWORD));
  let r = runCli(['lint', '--fix', 'a.assistant.yaml'], { cwd: fromEnv.dir, env: { [PASSWORD]: 'x' } });
  assert.equal(readFileSync(fromEnv.path, 'utf8'), want);
  assert.equal(r.code, 0);
  r = runCli(['lint', '--fix', 'a.assistant.yaml'], { cwd: fromEnv.dir, env: { [PASSWORD]: 'x' } });
  assert.equal(readFileSync(fromEnv.path, 'utf8'), want, 'idempotent');
  const fromDotenv = project(file(PASSWORD), `${PASSWORD}=x\n`);
  runCli(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], { cwd: fromDotenv.dir });
  assert.equal(readFileSync(fromDotenv.path, 'utf8'), want);
  const shell = project(file(`$${PASSWORD}`));
  runCli(['lint', '--fix', 'a.assistant.yaml'], { cwd: shell.dir });
  assert.equal(readFileSync(shell.path, 'utf8'), want);
});
