// REVIEW11 C8: a file that a directory walk listed and that was removed before it was read (a build
// or a checkout running beside the lint) made the run exit 2, "cannot read …: no such file or
// directory". It is no longer there to check: now a note in every format (stderr; a notice in
// GitHub's; `skipped` in JSON; a note notification in SARIF; a skipped testcase in JUnit) and the
// run exits on the rest. A path named on the command line that does not exist stays exit 2.
//
// Deterministic, as processes: `lint DIR -` walks DIR, then reads standard input, then the files.
// DIR holds a symbolic link to outside it, which the walk tells on stderr once the tree is listed
// (links are followed after it, files.ts collectFiles); on that line the test removes a listed file
// and only then closes standard input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { XMLValidator } from 'fast-xml-parser';
import { CLI, runCli } from './helpers';

const CLEAN = '# ok\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
const TYPO = CLEAN.replace('hosted', 'vendr_a');

/** A project of `n` files (`typo` at the indexes given), and a link to outside it. */
function project(n: number, typos: readonly number[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-vanished-'));
  mkdirSync(join(dir, 'configs'));
  for (let i = 0; i < n; i++)
    writeFileSync(
      join(dir, 'configs', `bot-${String(i).padStart(4, '0')}.assistant.yaml`),
      typos.includes(i) ? TYPO : CLEAN,
    );
  const outside = mkdtempSync(join(tmpdir(), 'ac-vanished-outside-'));
  writeFileSync(join(outside, 'x.assistant.yaml'), CLEAN);
  symlinkSync(join(outside, 'x.assistant.yaml'), join(dir, 'configs', 'zz-link.assistant.yaml'));
  return dir;
}

/** Runs `lint ARGS configs -` in `dir`, removing `remove` once the walk is over. */
function lintRemoving(
  dir: string,
  args: string[],
  remove: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'lint', '--no-env-check', ...args, 'configs', '-'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    let removed = false;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (c: string) => (stdout += c));
    child.stderr.on('data', (c: string) => {
      stderr += c;
      if (!removed && stderr.includes("skipped 'configs/zz-link.assistant.yaml'")) {
        removed = true;
        for (const f of remove) rmSync(join(dir, f));
        child.stdin.end(CLEAN);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const GONE = 'configs/bot-0001.assistant.yaml';
const NOTE = `'${GONE}' was not checked: it was removed after the directory walk listed it`;
const LINK_NOTE =
  "assistant-config: skipped 'configs/zz-link.assistant.yaml': a symbolic link to outside the directory (name it on the command line to check it)\n";

test('C8: a walked file removed before its read is a note in every format, not a failure', async () => {
  const dir = project(4, [2]);
  const fresh = (): string => {
    writeFileSync(join(dir, GONE), CLEAN);
    return dir;
  };
  // text: a note on stderr; the others are checked (an error in one: exit 1), the summary counts them.
  const text = await lintRemoving(fresh(), [], [GONE]);
  assert.equal(text.code, 1, text.stderr);
  assert.equal(text.stderr, `${LINK_NOTE}assistant-config: note: ${NOTE}\n`);
  assert.match(text.stdout, /^4 files checked: 1 error, 0 warnings, 0 information\.$/m);
  assert.doesNotMatch(text.stdout + text.stderr, /cannot read/);

  const json = await lintRemoving(fresh(), ['--format', 'json'], [GONE]);
  assert.equal(json.code, 1, json.stderr);
  const doc = JSON.parse(json.stdout) as {
    ok: boolean;
    exitCode: number;
    errors: unknown[];
    files: { path: string }[];
    skipped: unknown[];
  };
  assert.deepEqual([doc.ok, doc.exitCode, doc.errors], [true, 1, []]);
  assert.deepEqual(doc.skipped, [{ path: GONE, message: NOTE }]);
  assert.ok(!doc.files.some((f) => f.path === GONE));
  assert.equal(doc.files.length, 4, 'three files of the walk and standard input');

  const sarif = await lintRemoving(fresh(), ['--format', 'sarif'], [GONE]);
  assert.equal(sarif.code, 1, sarif.stderr);
  const inv = (JSON.parse(sarif.stdout) as { runs: { invocations: Record<string, unknown>[] }[] }).runs[0]!
    .invocations[0]!;
  assert.equal(inv.executionSuccessful, true);
  assert.deepEqual(inv.toolExecutionNotifications, [
    {
      level: 'note',
      message: { text: NOTE },
      locations: [{ physicalLocation: { artifactLocation: { uri: GONE, uriBaseId: '%SRCROOT%' } } }],
    },
  ]);

  const junit = await lintRemoving(fresh(), ['--format', 'junit'], [GONE]);
  assert.equal(junit.code, 1, junit.stderr);
  assert.equal(XMLValidator.validate(junit.stdout), true);
  assert.match(
    junit.stdout,
    new RegExp(
      `<testsuite name="${GONE}" tests="1" failures="0" errors="0" skipped="1" time="0">\\n    <testcase name="${GONE}" classname="${GONE}" time="0">\\n      <skipped message="&apos;${GONE}&apos; was not checked: it was removed after the directory walk listed it" />`,
    ),
  );
  assert.match(junit.stdout, /<testsuites name="assistant-config" tests="\d+" failures="1" errors="0"/);

  const github = await lintRemoving(fresh(), ['--format', 'github'], [GONE], { GITHUB_WORKSPACE: dir });
  assert.equal(github.code, 1, github.stderr);
  assert.equal(github.stderr, LINK_NOTE, 'the notice is in the log, not said twice');
  assert.match(github.stdout, new RegExp(`^::notice title=assistant-config::${NOTE}$`, 'm'));
  assert.match(github.stdout, /^4 files checked: 1 error, 0 warnings, 0 information\.$/m);
});

test('C8: the same on the read-ahead thread, on worker threads, with --fix-dry-run and with --cache', async () => {
  // 300 files: one thread reads ahead on a second one (from 128 files), --jobs 2 lints on a worker.
  const dir = project(300);
  const gone = [
    'configs/bot-0000.assistant.yaml',
    'configs/bot-0150.assistant.yaml',
    'configs/bot-0299.assistant.yaml',
  ];
  // (--fix reads each file as --fix-dry-run does; it refuses standard input, which this test needs.)
  for (const args of [[], ['--jobs', '2'], ['--fix-dry-run'], ['--cache', '--cache-location', join(dir, 'cache')]]) {
    for (const f of gone) writeFileSync(join(dir, f), CLEAN);
    const r = await lintRemoving(dir, args, gone);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    const notes = r.stderr.split('\n').filter((l) => l.startsWith('assistant-config: note:'));
    assert.deepEqual(
      notes,
      gone.map(
        (f) => `assistant-config: note: '${f}' was not checked: it was removed after the directory walk listed it`,
      ),
      args.join(' '),
    );
    if (args[0] === '--fix-dry-run')
      assert.match(r.stderr, /^0 fixes in 0 files would be applied; 0 errors and 0 warnings would remain\.$/m);
    else assert.match(r.stdout, /^298 files checked: 0 errors/m, args.join(' '));
  }
});

test('C8: a file named on the command line that does not exist is still exit 2', () => {
  const dir = project(2);
  const r = runCli(['lint', '--no-env-check', '--format', 'json', 'configs', 'configs/missing.assistant.yaml'], {
    cwd: dir,
  });
  assert.equal(r.code, 2);
  const doc = JSON.parse(r.stdout) as { ok: boolean; errors: { message: string }[]; skipped: unknown[] };
  assert.equal(doc.ok, false);
  assert.deepEqual(doc.errors, [
    { message: "cannot read 'configs/missing.assistant.yaml': no such file or directory" },
  ]);
  assert.deepEqual(doc.skipped, []);
});
