// `lint .assistant-config.yaml` (a user checking the project config, or a hook given every staged
// YAML file) reads it as a project config (REVIEW9 K7): its mistakes are told as when it applies
// (exit 2, once even when it also applies to a file linted in the same run), or a note says it has
// none; it is never linted as an AssistantConfig (that gave kind-missing, version-missing and an
// unknown-property for each of its keys).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './helpers';

const CONFIG =
  '# team settings\nrules:\n  env-not-set: off   # CI has no secrets\n  non-positive-limit: error\nexclude:\n  - legacy/**\n';
const FILE = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';

function project(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-named-config-'));
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.assistant-config.yaml'), config);
  writeFileSync(join(dir, 'prod.assistant.yaml'), FILE);
  return dir;
}

test('a valid project config named on the command line: a note, no AssistantConfig findings, exit 0', () => {
  const dir = project(CONFIG);
  const r = runCli(['lint', '.assistant-config.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '0 files checked: 0 errors, 0 warnings, 0 information.\n');
  assert.equal(
    r.stderr,
    "assistant-config: note: '.assistant-config.yaml' is a project config, not an AssistantConfig: checked as a project config, it has no mistakes\n",
  );
  // Beside a config file: that one is linted as before, the project config is read, not linted.
  const both = runCli(['lint', '--format', 'json', '.assistant-config.yaml', 'prod.assistant.yaml'], { cwd: dir });
  assert.equal(both.code, 0, both.stderr);
  const report = JSON.parse(both.stdout) as { files: { path: string }[] };
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['prod.assistant.yaml'],
  );
  assert.doesNotMatch(both.stdout + both.stderr, /kind-missing|version-missing|unknown-property/);
});

test('a project config with a mistake, named: told once with its line, exit 2', () => {
  const dir = project(CONFIG.replace('non-positive-limit: error', 'non-positive-limit: eror'));
  const r = runCli(['lint', '.assistant-config.yaml', 'prod.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 2, r.stderr);
  assert.equal(
    r.stderr,
    "assistant-config: .assistant-config.yaml: line 4: 'non-positive-limit' must be off, info, warning or error (got 'eror'; did you mean 'error'?)\n",
  );
  assert.match(r.stdout, /^1 file checked: 0 errors, 0 warnings, 0 information\.$/m);
});
