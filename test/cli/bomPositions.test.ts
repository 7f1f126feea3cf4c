// REVIEW18-user U1: a config saved by a Windows editor starts with a UTF-8 byte order mark. The CLI
// counted it as a character of the first line, so every column there was one right of the finding
// (`kind: AssistantConfg` at 1:8 for the value at column 7, in the text report, JSON, SARIF and GitHub
// annotations), and the code frames of the first line showed `<U+FEFF>`. `--fix-dry-run` and
// `format --diff` printed it as `<U+FEFF>` too, so the diff of any change near the top did not apply,
// and said that "invisible characters are shown escaped" for a BOM file even when no line of the diff
// held one. A BOM the change removes (JSON's) is still shown: it is the change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { runCli } from './helpers';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'ac-bom-'));
const BODY = 'kind: AssistantConfg\nversion: V2\ndefinition:\n  llm: {provider: hosted}\n';
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');

test('U1: findings of a YAML file with a BOM are reported as those of the same file without it, in every format (LF, CRLF)', () => {
  for (const eol of [(t: string) => t, crlf]) {
    const dir = tmp();
    writeFileSync(join(dir, 'bom.assistant.yaml'), '\uFEFF' + eol(BODY));
    writeFileSync(join(dir, 'plain.assistant.yaml'), eol(BODY));
    for (const format of ['text', 'json', 'sarif', 'github', 'junit', 'gitlab']) {
      const run = (name: string): string =>
        runCli(['lint', '--no-env-check', '--no-config', '--format', format, name], { cwd: dir })
          .stdout.split(name)
          .join('FILE')
          // GitLab's fingerprint hashes the path.
          .replace(/"fingerprint": "[0-9a-f]+"/g, '');
      const bom = run('bom.assistant.yaml');
      assert.equal(bom, run('plain.assistant.yaml'), format);
      assert.doesNotMatch(bom, /U\+FEFF|\uFEFF/, format);
    }
    const text = runCli(['lint', '--no-env-check', '--no-config', 'bom.assistant.yaml'], { cwd: dir }).stdout;
    assert.match(text, /^bom\.assistant\.yaml:1:7 error kind-invalid /m);
    assert.match(text, /> 1 \| kind: AssistantConfg\n {4}\| {7}\^{14}\n/);
  }
});

test('U1: the diff of --fix-dry-run and format --diff for a YAML file with a BOM applies, and says nothing of escapes', () => {
  for (const eol of [(t: string) => t, crlf]) {
    const dir = tmp();
    spawnSync('git', ['init', '-q', dir]);
    const file = join(dir, 'bom.assistant.yaml');
    // A change on line 2 (the hunk shows line 1), and one far below it (a hunk without line 1).
    const far = eol(
      `${BODY}  systemInstructions: |\n${'    line\n'.repeat(12)}  featureFlags: {enable_automations: "true"}\n`,
    );
    for (const [text, args] of [
      ['\uFEFF' + eol(BODY), ['lint', '--no-env-check', '--no-config', '--fix-dry-run']],
      [
        '\uFEFF' + far.replace('V2', 'v2').replace('AssistantConfg', 'AssistantConfig'),
        ['lint', '--no-env-check', '--no-config', '--fix-dry-run'],
      ],
      [
        '\uFEFF' + eol('kind:   AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n'),
        ['format', '--diff'],
      ],
    ] as const) {
      writeFileSync(file, text);
      const r = runCli([...args, 'bom.assistant.yaml'], { cwd: dir });
      assert.match(r.stdout, /^--- a\/bom\.assistant\.yaml/, r.stderr);
      assert.doesNotMatch(r.stdout, /U\+FEFF/);
      assert.doesNotMatch(r.stderr, /shown escaped/);
      writeFileSync(join(dir, 'p.diff'), r.stdout);
      const apply = spawnSync('git', ['apply', '--check', 'p.diff'], { cwd: dir, encoding: 'utf8' });
      assert.equal(apply.status, 0, apply.stderr + r.stdout);
    }
  }
});

test('U1: a JSON file whose BOM the fix removes: the warning at 1:1, and the diff shows the BOM it removes', () => {
  const dir = tmp();
  writeFileSync(
    join(dir, 'bom.assistant.json'),
    '\uFEFF{"kind": "AssistantConfg", "version": "v2", "definition": {"llm": {"provider": "hosted"}}}\n',
  );
  const lint = runCli(['lint', '--no-env-check', '--no-config', 'bom.assistant.json'], { cwd: dir });
  assert.match(lint.stdout, /^bom\.assistant\.json:1:1 warning json-not-strict /m);
  assert.match(lint.stdout, /^bom\.assistant\.json:1:10 error kind-invalid /m);
  const dry = runCli(['lint', '--no-env-check', '--no-config', '--fix-dry-run', 'bom.assistant.json'], { cwd: dir });
  assert.match(dry.stdout, /^-<U\+FEFF>\{"kind": "AssistantConfg"/m);
  assert.match(dry.stdout, /^\+\{"kind": "AssistantConfig"/m);
  assert.match(dry.stderr, /shown escaped/);
});
