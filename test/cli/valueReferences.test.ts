// REVIEW8 K13l: a `value` holding a variable reference in another tool's syntax (a shell default
// `${A:-x}`, `Bearer ${TOKEN}`, `${A}${B}`, a Helm/Go template `{{ .Values.x }}`, cmd's `%NAME%`,
// a GitHub Actions `${{ … }}`) is `value-not-expanded`, named as a reference the service sends as
// text, instead of "a literal credential": one finding each, no fix (the plain `${NAME}` keeps its
// fix). A shell default's non-empty default is a literal credential besides (literal-secret, whose
// fix moves it to .env: shellDefaultSecret.test.ts). `valueFromEnv: "${{ secrets.X }}"` is `invalid-env-name`, also under --no-env-check. A
// password that merely holds `$` or `%` is still a literal credential. Run as processes; the text
// is masked in frames as before. Fake values made at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fakeApiKey } from '../helpers';
import { leakedRuns, runCli } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-value-refs-'));
after(() => rmSync(work, { recursive: true, force: true }));

const DEFAULT_KEY = fakeApiKey(1313);
const PASSWORD = `Qx${fakeApiKey(1314).slice(3, 9)}$Lm%${fakeApiKey(1315).slice(3, 9)}% $HOME %PATH%`;
const values = [
  `\${OPENAI_KEY:-${DEFAULT_KEY}}`,
  'Bearer ${TOKEN}',
  '${A}${B}',
  '{{ .Values.apiKey }}',
  '%OPENAI_KEY%',
  '${{ secrets.OPENAI_KEY }}',
];

/** One file per value, each under vendor_a's apiKey, so each finding is its own. */
function file(name: string, apiKey: string): string {
  const path = join(work, name);
  writeFileSync(
    path,
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: ${apiKey}\n`,
  );
  return path;
}

interface Report {
  files: { path: string; diagnostics: { code: string; severity: string; message: string }[] }[];
}

test('references in other syntaxes are value-not-expanded, once each, never "a literal credential" but for a default', () => {
  const paths = values.map((v, i) => file(`v${i}.assistant.yaml`, `{value: ${JSON.stringify(v)}}`));
  const r = runCli(['lint', '--no-env-check', '--format', 'json', ...paths], { cwd: work });
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as Report;
  const found = report.files.map((f) => f.diagnostics.map((d) => `${d.severity} ${d.code}`));
  assert.deepEqual(found, [
    // (The key in `${OPENAI_KEY:-…}` is a literal credential in the file all the same.)
    ['error value-not-expanded', 'warning literal-secret'],
    ['error value-not-expanded'],
    ['error value-not-expanded'],
    ['warning value-not-expanded'],
    ['error value-not-expanded'],
    ['error value-not-expanded'],
  ]);
  const messages = report.files.map((f) => f.diagnostics[0]!.message);
  for (const m of messages) {
    assert.match(m, /the service does not expand it and sends this text, as written, as the credential/);
    assert.doesNotMatch(m, /literal credential/);
  }
  assert.match(messages[0]!, /shell-style variable reference/);
  assert.match(messages[3]!, /template expression \(\{\{ … \}\}/);
  assert.match(messages[4]!, /cmd\.exe variable reference \(%NAME%\)/);
  assert.match(messages[5]!, /GitHub Actions expression/);
  // The text is not quoted (a default may be a key), and frames mask it as before.
  const text = runCli(['lint', '--no-env-check', paths[0]!], { cwd: work });
  assert.match(text.stdout, /apiKey: \{value: \*+\}/);
  assert.deepEqual(leakedRuns(r.stdout + text.stdout, [DEFAULT_KEY.slice(3)], 6), []);
  // No fix: --fix leaves them as written (which variable holds the whole credential is the user's to say).
  const before = paths.map((p) => readFileSync(p, 'utf8'));
  runCli(['lint', '--no-env-check', '--fix', ...paths], { cwd: work });
  assert.deepEqual(
    paths.map((p) => readFileSync(p, 'utf8')),
    before,
  );
});

test('the plain ${NAME} keeps its fix; a password holding $ and % is still a literal credential', () => {
  const plain = file('plain.assistant.yaml', '{value: "${OPENAI_KEY}"}');
  const fixed = runCli(['lint', '--no-env-check', '--fix', plain], { cwd: work });
  assert.equal(fixed.code, 0, fixed.stdout);
  assert.match(readFileSync(plain, 'utf8'), /apiKey: \{valueFromEnv: "?OPENAI_KEY"?\}/);
  const pw = file('pw.assistant.yaml', `{value: "${PASSWORD}"}`);
  const r = runCli(['lint', '--no-env-check', '--format', 'json', pw], { cwd: work });
  const report = JSON.parse(r.stdout) as Report;
  assert.deepEqual(
    report.files[0]!.diagnostics.map((d) => d.code),
    ['literal-secret'],
  );
});

test('valueFromEnv: "${{ secrets.X }}" is invalid-env-name under --no-env-check, with the name it likely means', () => {
  const p = file('gha.assistant.yaml', '{valueFromEnv: "${{ secrets.OPENAI_KEY }}"}');
  for (const args of [['--no-env-check'], []]) {
    const r = runCli(['lint', ...args, '--format', 'json', p], { cwd: work, env: { OPENAI_KEY: 'x' } });
    const d = (JSON.parse(r.stdout) as Report).files[0]!.diagnostics;
    assert.deepEqual(
      d.map((x) => `${x.severity} ${x.code}`),
      ['warning invalid-env-name'],
      args.join(' '),
    );
    assert.match(d[0]!.message, /GitHub Actions expression, which only a workflow file expands/);
    assert.match(d[0]!.message, /did you mean 'OPENAI_KEY'\?/);
  }
  for (const v of ['{{ .Values.apiKey }}', '${OPENAI_KEY:-x}']) {
    const q = file('ref.assistant.yaml', `{valueFromEnv: ${JSON.stringify(v)}}`);
    const r = runCli(['lint', '--no-env-check', '--format', 'json', q], { cwd: work });
    assert.deepEqual(
      (JSON.parse(r.stdout) as Report).files[0]!.diagnostics.map((x) => x.code),
      ['invalid-env-name'],
      v,
    );
  }
});

test('an empty default (${NAME:-}, ${NAME-}, ${NAME:=}) names the variable: no literal-secret, shown in frames, and --fix reads it with valueFromEnv', () => {
  const path = join(work, 'empty-default.assistant.yaml');
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:',
    '    provider: vendor_a',
    '    apiKey:',
    '      value: "${OPENAI_KEY:-}"  # optional in docker-compose',
    '  aiPrimitivesLlm:',
    '    provider: vendor_b',
    '    apiKey: ${VENDOR_B_KEY-}',
    '  threadTitleGeneration:',
    '    enable: true',
    '    llm:',
    '      provider: vendor_c',
    '      apiKey: {valueFromEnv: "${VENDOR_C_KEY:=}"}',
    '',
  ].join('\r\n');
  writeFileSync(path, text);
  const r = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', path], { cwd: work });
  assert.deepEqual(
    (JSON.parse(r.stdout) as Report).files[0]!.diagnostics.map((d) => `${d.severity} ${d.code}`),
    ['error value-not-expanded', 'error invalid-type', 'warning invalid-env-name'],
  );
  const shown = runCli(['lint', '--no-config', '--no-env-check', path], { cwd: work }).stdout;
  assert.match(shown, /value: "\$\{OPENAI_KEY:-\}" {2}# optional in docker-compose/, 'not masked: no secret');
  assert.doesNotMatch(shown, /literal-secret|literal credential/);
  const fixed = runCli(['lint', '--no-config', '--no-env-check', '--fix', path], { cwd: work });
  assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
  assert.equal(
    readFileSync(path, 'utf8'),
    text
      .replace('value: "${OPENAI_KEY:-}"', 'valueFromEnv: "OPENAI_KEY"')
      .replace('apiKey: ${VENDOR_B_KEY-}', 'apiKey: { valueFromEnv: VENDOR_B_KEY }')
      .replace('"${VENDOR_C_KEY:=}"', '"VENDOR_C_KEY"'),
  );
});
