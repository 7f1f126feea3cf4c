// A credential in a shell-style default (`value: "${OPENAI_KEY:-…}"`, `apiKey: ${VAR-…}`, compose's
// `$${VAR:=…}`), as the CLI reports it: literal-secret beside value-not-expanded, and no piece of 6
// characters of the key in any output format (text with code frames, json, sarif, github, junit),
// nor in `--fix-dry-run`'s diff or `--fix`'s report; `--fix` leaves it (a secret move writes .env:
// the editor's fix). One key shaped like a credential, one that only its place makes one. Run as
// processes; fake keys made at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fakeApiKey, madeUpPasswords } from '../helpers';
import { leakedRuns, runCli } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-shell-default-'));
after(() => rmSync(work, { recursive: true, force: true }));

const KEY = ['sk', 'proj', fakeApiKey(2701).slice(3, 40)].join('-');
const [PASSWORD, PASSWORD_2] = madeUpPasswords(2702, 2) as [string, string];
/** The secret parts (the public prefix sk-proj- is no secret). */
const SECRETS = [KEY.slice('sk-proj-'.length), PASSWORD, PASSWORD_2];

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const TEXT = `${H}  llm:
    provider: vendor_a
    apiKey:
      value: "\${OPENAI_KEY:-${KEY}}"  # from docker-compose.yml
  aiPrimitivesLlm:
    provider: vendor_b
    apiKey: \${VENDOR_B_KEY-${PASSWORD}}
  threadTitleGeneration:
    enable: true
    llm:
      provider: vendor_c
      apiKey: {value: "$\${VENDOR_C_KEY:=${PASSWORD_2}}"}
`;

interface Report {
  files: { diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}

test('every output format reports the default as a literal credential and shows no piece of it', () => {
  const file = join(work, 'a.assistant.yaml');
  writeFileSync(file, TEXT);
  const json = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', 'a.assistant.yaml'], {
    cwd: work,
  });
  assert.equal(json.code, 1, json.stderr);
  const found = (JSON.parse(json.stdout) as Report).files[0]!.diagnostics.map(
    (d) => `${d.range.start.line} ${d.severity} ${d.code}`,
  );
  assert.deepEqual(found, [
    '7 error value-not-expanded',
    '7 warning literal-secret',
    '10 error literal-secret',
    '15 error value-not-expanded',
    '15 warning literal-secret',
  ]);
  let all = json.stdout + json.stderr;
  for (const format of ['text', 'sarif', 'github', 'gitlab', 'junit']) {
    const r = runCli(['lint', '--no-config', '--no-env-check', '--format', format, 'a.assistant.yaml'], {
      cwd: work,
      env: { GITHUB_WORKSPACE: work },
    });
    assert.equal(r.code, 1, `${format}: ${r.stderr}`);
    assert.match(r.stdout, /literal-secret/, format);
    all += r.stdout + r.stderr;
  }
  // The text format's frames show the lines, masked; the names are shown.
  const text = runCli(['lint', '--no-config', '--no-env-check', 'a.assistant.yaml'], { cwd: work }).stdout;
  assert.match(text, /value: \*+ {2}# from docker-compose\.yml/);
  assert.match(text, /'valueFromEnv: OPENAI_KEY'/);
  assert.match(text, /'valueFromEnv: VENDOR_B_KEY'/);
  const dry = runCli(['lint', '--no-config', '--no-env-check', '--fix-dry-run', 'a.assistant.yaml'], { cwd: work });
  const fix = runCli(['lint', '--no-config', '--no-env-check', '--fix', 'a.assistant.yaml'], { cwd: work });
  all += dry.stdout + dry.stderr + fix.stdout + fix.stderr;
  assert.deepEqual(leakedRuns(all, SECRETS, 6), []);
  // --fix does not move a secret (that writes .env: the editor's fix does it).
  assert.equal(readFileSync(file, 'utf8'), TEXT);
});

test('the key pasted again in a comment is masked there too, as any literal key is', () => {
  const file = join(work, 'b.assistant.yaml');
  writeFileSync(
    file,
    `${H}  llm:\n    provider: vendor_a\n    # fallback key for local runs: ${PASSWORD}\n    apiKey: {value: "\${OPENAI_KEY:-${PASSWORD}}"}\n`,
  );
  const r = runCli(['lint', '--no-config', '--no-env-check', 'b.assistant.yaml'], { cwd: work });
  assert.match(r.stdout, /# fallback key for local runs: \*+/);
  assert.deepEqual(leakedRuns(r.stdout + r.stderr, [PASSWORD], 6), []);
});

test('beside valueFromEnv (env-value-conflict too): every format masks the default, --fix moves nothing and writes no .env', () => {
  const file = join(work, 'c.assistant.yaml');
  const text =
    `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: "\${OPENAI_KEY:-${KEY}}"  # pasted\n      valueFromEnv: VENDOR_A_API_KEY\n`.replace(
      /\n/g,
      '\r\n',
    );
  writeFileSync(file, text);
  const json = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', 'c.assistant.yaml'], { cwd: work });
  const found = (JSON.parse(json.stdout) as Report).files[0]!.diagnostics.map((d) => `${d.severity} ${d.code}`);
  assert.deepEqual(found, ['error env-value-conflict', 'error value-not-expanded', 'warning literal-secret']);
  let all = json.stdout + json.stderr;
  for (const format of ['text', 'sarif', 'github', 'gitlab', 'junit']) {
    const r = runCli(['lint', '--no-config', '--no-env-check', '--format', format, 'c.assistant.yaml'], {
      cwd: work,
      env: { GITHUB_WORKSPACE: work },
    });
    all += r.stdout + r.stderr;
  }
  const text1 = runCli(['lint', '--no-config', '--no-env-check', 'c.assistant.yaml'], { cwd: work }).stdout;
  assert.match(text1, /keep the credential in the variable that 'valueFromEnv' beside it names/);
  const dry = runCli(['lint', '--no-config', '--no-env-check', '--fix-dry-run', 'c.assistant.yaml'], { cwd: work });
  const fix = runCli(['lint', '--no-config', '--no-env-check', '--fix', 'c.assistant.yaml'], { cwd: work });
  all += dry.stdout + dry.stderr + fix.stdout + fix.stderr;
  assert.deepEqual(leakedRuns(all, [KEY.slice('sk-proj-'.length)], 6), []);
  assert.equal(readFileSync(file, 'utf8'), text);
  assert.ok(!existsSync(join(work, '.env')), '--fix writes no .env');
});
