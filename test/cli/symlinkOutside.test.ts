// REVIEW5 H21: a directory walk does not follow a symbolic link that leads outside the walked
// directory: whoever adds `x.assistant.yaml -> ../outside/secret` (or `-> /proc/self/environ`) to a
// repository must not get CI to print those lines in code frames, nor `--fix` / `format --write` to
// rewrite a file outside it. The link is told on stderr; named on the command line it is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

const GOOD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const OUTSIDE = 'apiVersion: v1\nclusters:\n- name: prod\n  password: hunter2hunter2\ncurrent-context: prod\n';

function layout(): { repo: string; outside: string } {
  const top = mkdtempSync(join(tmpdir(), 'ac-h21-'));
  const outside = join(top, 'outside');
  const repo = join(top, 'repo');
  mkdirSync(join(outside, 'dir'), { recursive: true });
  mkdirSync(join(repo, 'configs'), { recursive: true });
  writeFileSync(join(outside, 'kubeconfig'), OUTSIDE);
  writeFileSync(join(outside, 'dir', 'far.assistant.yaml'), OUTSIDE);
  writeFileSync(join(repo, 'good.assistant.yaml'), GOOD);
  writeFileSync(join(repo, 'configs', 'real.assistant.yaml'), GOOD.replace('hosted', 'vendr_a'));
  symlinkSync('../outside/kubeconfig', join(repo, 'evil.assistant.yaml'));
  symlinkSync('../outside/dir', join(repo, 'linked-dir'));
  // A link inside the tree is still followed (and its file listed once).
  symlinkSync('configs/real.assistant.yaml', join(repo, 'inner.assistant.yaml'));
  if (existsSync('/proc/self/environ')) symlinkSync('/proc/self/environ', join(repo, 'env.assistant.yaml'));
  return { repo, outside };
}

test('lint DIR reads nothing outside it: no frame of the target, the links told on stderr', () => {
  const { repo } = layout();
  const r = runCli(['lint', '--no-env-check', '--no-config', '.'], {
    cwd: repo,
    env: { DEPLOY_PASSWORD: 'correct-horse-battery-staple' },
  });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /hunter2|correct-horse|clusters/);
  assert.match(r.stdout, /configs\/real\.assistant\.yaml:4:\d+ error unknown-discriminator/);
  assert.match(r.stdout, /^2 files checked/m);
  assert.match(r.stderr, /skipped 'evil\.assistant\.yaml': a symbolic link to outside the directory/);
  assert.match(r.stderr, /skipped 'linked-dir': a symbolic link to outside the directory/);
  if (existsSync('/proc/self/environ')) assert.match(r.stderr, /skipped 'env\.assistant\.yaml'/);
});

test('lint --fix DIR and format --write DIR leave files outside it untouched', () => {
  const { repo, outside } = layout();
  const before = readFileSync(join(outside, 'kubeconfig'), 'utf8');
  runCli(['lint', '--fix', '--no-env-check', '--no-config', '.'], { cwd: repo });
  runCli(['format', '--write', '.'], { cwd: repo });
  assert.equal(readFileSync(join(outside, 'kubeconfig'), 'utf8'), before);
  assert.equal(readFileSync(join(outside, 'dir', 'far.assistant.yaml'), 'utf8'), OUTSIDE);
  // The tree's own file was fixed.
  assert.match(readFileSync(join(repo, 'configs', 'real.assistant.yaml'), 'utf8'), /provider: vendor_a/);
});

test('a link named on the command line is read wherever it leads', () => {
  const { repo } = layout();
  const r = runCli(['lint', '--no-env-check', '--no-config', 'evil.assistant.yaml'], { cwd: repo });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /evil\.assistant\.yaml/);
});
