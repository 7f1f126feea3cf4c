// Directory walks as a real process: symbolic links that loop back are walked once, each file is
// reported once and under its own path when the walk reaches it, and a directory that cannot be read
// fails the run instead of passing it unchecked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { CLI } from './helpers';

const DOC = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n  contextWindowLimit: 0\n';

function loopDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-walk-'));
  mkdirSync(join(dir, 'loop'));
  writeFileSync(join(dir, 'loop', 'a.assistant.yaml'), DOC);
  symlinkSync('.', join(dir, 'loop', 'self'));
  symlinkSync('.', join(dir, 'loop', 'self2'));
  symlinkSync('..', join(dir, 'loop', 'up'));
  return dir;
}

// The kill timeout only stops a run that would otherwise never end; nothing asserts on time.
function run(args: string[], cwd: string, asNobody = false) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH ?? '' },
    // Permissions do not apply to root (as on CI): such a test runs as `nobody` there.
    ...(asNobody && process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

test('lint DIR with symbolic links looping back checks each file once and ends', () => {
  const dir = loopDir();
  const r = run(['lint', '--no-env-check', 'loop'], dir);
  assert.equal(r.signal, null, 'the walk did not end');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.match(/non-positive-limit/g)?.length, 1, r.stdout);
  assert.match(r.stdout, /^1 file checked: 0 errors, 1 warning/m);
});

test('format --check DIR with symbolic links looping back lists each file once', () => {
  const dir = loopDir();
  writeFileSync(join(dir, 'loop', 'a.assistant.yaml'), DOC.replace(/\n {2}/g, '\n    '));
  const r = run(['format', '--check', 'loop'], dir);
  assert.equal(r.signal, null, 'the walk did not end');
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), ['loop/a.assistant.yaml']);
});

const BAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: vendor_x }\n';

test('a file reached by its own path and through symbolic links is reported once, under its own path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-walk-'));
  mkdirSync(join(dir, 'deploy', 'prod'), { recursive: true });
  mkdirSync(join(dir, 'configs'));
  writeFileSync(join(dir, 'deploy', 'prod', 'assistant-config.yaml'), BAD);
  // 'configs' and 'a-link' sort before 'deploy': the walk meets the links first.
  symlinkSync('../deploy/prod/assistant-config.yaml', join(dir, 'configs', 'link.assistant.yaml'));
  symlinkSync('deploy', join(dir, 'a-link'));
  // A link to a file outside the walked tree is not followed (REVIEW5 H21), and is told.
  const outside = mkdtempSync(join(tmpdir(), 'ac-walk-out-'));
  writeFileSync(join(outside, 'shared.assistant.yaml'), BAD);
  symlinkSync(join(outside, 'shared.assistant.yaml'), join(dir, 'configs', 'shared.assistant.yaml'));
  const r = run(['lint', '--no-env-check', '--no-config', '--format', 'github', '.'], dir);
  assert.equal(r.code, 1, r.stderr);
  const files = [...r.stdout.matchAll(/^::error file=([^,]+),/gm)].map((m) => m[1]);
  assert.deepEqual(files, ['deploy/prod/assistant-config.yaml'], r.stdout);
  assert.match(r.stderr, /skipped 'configs\/shared\.assistant\.yaml': a symbolic link to outside the directory/);
  // The same through format --check (messy indentation in both).
  writeFileSync(join(dir, 'deploy', 'prod', 'assistant-config.yaml'), BAD.replace('\n  llm', '\n      llm'));
  writeFileSync(join(outside, 'shared.assistant.yaml'), BAD.replace('\n  llm', '\n      llm'));
  const f = run(['format', '--check', '.'], dir);
  assert.deepEqual(f.stdout.trim().split('\n'), ['deploy/prod/assistant-config.yaml']);
  // Named on the command line, the link is read wherever it leads.
  const named = run(['lint', '--no-env-check', '--no-config', join('configs', 'shared.assistant.yaml')], dir);
  assert.equal(named.code, 1, named.stdout + named.stderr);
  assert.match(named.stdout, /unknown-discriminator/);
});

test('a directory that cannot be read fails lint and format (exit 2) with the reason in words', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-walk-'));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'locked'));
  mkdirSync(join(dir, 'ok'));
  writeFileSync(join(dir, 'locked', 'team.assistant.yaml'), BAD);
  writeFileSync(join(dir, 'ok', 'fine.assistant.yaml'), DOC);
  writeFileSync(join(dir, 'ok', 'closed.assistant.yaml'), DOC);
  chmodSync(join(dir, 'ok'), 0o755);
  chmodSync(join(dir, 'ok', 'fine.assistant.yaml'), 0o644);
  chmodSync(join(dir, 'ok', 'closed.assistant.yaml'), 0o000);
  chmodSync(join(dir, 'locked'), 0o000);
  try {
    const one = run(['lint', '--no-env-check', '--no-config', 'locked'], dir, true);
    assert.equal(one.code, 2, one.stdout + one.stderr);
    assert.match(one.stderr, /^assistant-config: cannot read 'locked': permission denied$/m);
    assert.doesNotMatch(one.stderr, /no AssistantConfig files found/);
    const all = run(['lint', '--no-env-check', '--no-config', '.'], dir, true);
    assert.equal(all.code, 2, all.stdout + all.stderr);
    assert.match(all.stderr, /cannot read 'locked': permission denied/);
    assert.match(all.stderr, /cannot read 'ok\/closed\.assistant\.yaml': permission denied/);
    assert.match(all.stdout, /non-positive-limit/, 'the readable file is still checked');
    const inside = run(['lint', '--no-env-check', '--no-config', 'locked/team.assistant.yaml'], dir, true);
    assert.equal(inside.code, 2);
    assert.match(inside.stderr, /cannot read 'locked\/team\.assistant\.yaml': permission denied/);
    const fmt = run(['format', '--check', '.'], dir, true);
    assert.equal(fmt.code, 2, fmt.stdout + fmt.stderr);
    assert.match(fmt.stderr, /cannot read 'locked': permission denied/);
  } finally {
    chmodSync(join(dir, 'locked'), 0o755);
  }
});

test('a file named twice, or also inside a directory named, is checked and counted once (REVIEW2 E20)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-walk-'));
  mkdirSync(join(dir, 'c'));
  writeFileSync(join(dir, 'c', 'a.assistant.yaml'), DOC);
  const r = run(
    ['lint', '--no-env-check', '--no-config', 'c/a.assistant.yaml', 'c/a.assistant.yaml', './c/a.assistant.yaml', 'c'],
    dir,
  );
  assert.equal(r.stdout.match(/non-positive-limit/g)?.length, 1, r.stdout);
  assert.match(r.stdout, /^1 file checked: 0 errors, 1 warning/m);
  const max = run(['lint', '--no-env-check', '--no-config', '--max-warnings', '1', 'c/a.assistant.yaml', 'c'], dir);
  assert.equal(max.code, 0, max.stdout);
  writeFileSync(join(dir, 'c', 'a.assistant.yaml'), DOC.replace(/\n {2}/g, '\n    '));
  const f = run(['format', '--check', 'c/a.assistant.yaml', 'c', join(dir, 'c', 'a.assistant.yaml')], dir);
  assert.deepEqual(f.stdout.trim().split('\n'), ['c/a.assistant.yaml']);
});
