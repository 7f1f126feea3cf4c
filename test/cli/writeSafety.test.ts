// What `lint --fix` and `format --write` may write, as real processes: a file the user may not
// write is refused (the temporary file and rename would go around its permissions), and a file
// whose identity a rename would change is written in place (other hard links, another owner), also
// when its directory takes no new file. Run as `nobody` when the tests run as root (as on CI), so
// that permissions apply; otherwise as the current user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, linkSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../helpers';

const CLI = join(ROOT, 'dist/cli.js');
const ROOT_USER = process.getuid?.() === 0;
const NOBODY = 65534;
const BROKEN = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hostd}\n';
const FIXED = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const MESSY = 'kind: AssistantConfig\nversion: v2\ndefinition:\n      llm: {provider: hosted}\n';

/** A directory everyone may write (the CLI runs as another user when we are root). */
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'ac-write-'));
  chmodSync(d, 0o777);
  return d;
}

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: cwd },
    ...(ROOT_USER ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('a read-only file is refused by --fix and format --write, and left as it was', () => {
  const d = dir();
  writeFileSync(join(d, 'ro.assistant.yaml'), BROKEN);
  writeFileSync(join(d, 'ro2.assistant.yaml'), MESSY);
  chmodSync(join(d, 'ro.assistant.yaml'), 0o444);
  chmodSync(join(d, 'ro2.assistant.yaml'), 0o444);
  const fix = run(['lint', '--fix', '--no-env-check', 'ro.assistant.yaml'], d);
  assert.equal(fix.code, 2, fix.stdout + fix.stderr);
  assert.match(fix.stderr, /cannot write 'ro\.assistant\.yaml': permission denied/);
  assert.doesNotMatch(fix.stdout, /fixed/);
  assert.equal(readFileSync(join(d, 'ro.assistant.yaml'), 'utf8'), BROKEN);
  assert.equal(statSync(join(d, 'ro.assistant.yaml')).mode & 0o777, 0o444);
  const fmt = run(['format', '--write', 'ro2.assistant.yaml'], d);
  assert.equal(fmt.code, 2);
  assert.match(fmt.stderr, /cannot write 'ro2\.assistant\.yaml': permission denied/);
  assert.doesNotMatch(fmt.stderr, /reformatted/);
  assert.equal(readFileSync(join(d, 'ro2.assistant.yaml'), 'utf8'), MESSY);
});

test('a file with another hard link is written in place: both names see the fix', () => {
  const d = dir();
  writeFileSync(join(d, 'a.assistant.yaml'), BROKEN);
  chmodSync(join(d, 'a.assistant.yaml'), 0o666);
  linkSync(join(d, 'a.assistant.yaml'), join(d, 'b.yaml'));
  const r = run(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], d);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(readFileSync(join(d, 'a.assistant.yaml'), 'utf8'), FIXED);
  assert.equal(readFileSync(join(d, 'b.yaml'), 'utf8'), FIXED, 'the other name is the same file');
  assert.equal(statSync(join(d, 'a.assistant.yaml')).nlink, 2);
});

test('a writable file in a directory that takes no new file is written in place', () => {
  const d = dir();
  writeFileSync(join(d, 'a.assistant.yaml'), BROKEN);
  chmodSync(join(d, 'a.assistant.yaml'), 0o666);
  chmodSync(d, 0o555);
  try {
    const r = run(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], d);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /fixed 1 problem/);
    assert.equal(readFileSync(join(d, 'a.assistant.yaml'), 'utf8'), FIXED);
  } finally {
    chmodSync(d, 0o777);
  }
});

test('a file that belongs to another user keeps its owner (written in place)', () => {
  // As root, the file is root's and the CLI runs as nobody; otherwise the file is ours, and a
  // rename would keep the owner too: the assertion holds either way.
  const d = dir();
  writeFileSync(join(d, 'a.assistant.yaml'), MESSY);
  chmodSync(join(d, 'a.assistant.yaml'), 0o666);
  const before = statSync(join(d, 'a.assistant.yaml'));
  const r = run(['format', '--write', 'a.assistant.yaml'], d);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const after = statSync(join(d, 'a.assistant.yaml'));
  assert.notEqual(readFileSync(join(d, 'a.assistant.yaml'), 'utf8'), MESSY);
  assert.equal(after.uid, before.uid);
  assert.equal(after.gid, before.gid);
  assert.equal(after.mode & 0o777, 0o666);
});
