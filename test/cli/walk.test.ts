// Directory walks as a real process: symbolic links that loop back are walked once, and each
// file is reported once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
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
function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH ?? '' },
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
