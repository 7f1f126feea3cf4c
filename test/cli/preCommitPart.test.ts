// REVIEW11 C3: pre-commit splits a list of staged files longer than its command-line limit (128 KiB
// on Linux and macOS) into several runs of the hook, `require_serial: true` or not, and each run's
// summary ("1103 files checked: 0 errors, …") read like the commit's. A run whose command line is
// within one file name of that limit, under pre-commit (PRE_COMMIT=1), was cut there: its summary
// says the files it checked are those that fit, and that any others get a run of their own. As
// processes, with the files filled in as pre-commit's `partition` fills a part (see
// test/pre-commit for the real pre-commit on such a commit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { CLI, runCli, shippedHook } from './helpers';
import { preCommitLimitReached } from '../../server/src/cli/preCommitPart';

const LIMIT = 2 ** 17;
const ARGS = ['lint', '--no-env-check', '--quiet', '--rule', 'literal-secret=error,url-credentials=error'];

/** pre-commit's measure of a command line (xargs.py `_command_length` on POSIX, plus the separator). */
const measure = (cmd: readonly string[]): number => Buffer.byteLength(cmd.join(' '), 'utf8') + 1;

/**
 * A repository of `n` configs with names as long as a team's deep layout makes them (a directory per
 * team, non-ASCII and spaces in some), a warning in each and an error in one.
 */
function project(n: number): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-precommit-part-'));
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const team = `services/platform-${i % 7}/assistants/région ${i % 3}/deployments/production-eu-west`;
    const path = `${team}/assistant-${String(i).padStart(4, '0')}-customer-facing-support.assistant.yaml`;
    mkdirSync(join(dir, team), { recursive: true });
    writeFileSync(
      join(dir, path),
      `# team ${i}\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${i === 5 ? 'vendr_a' : 'hosted'}\n  contextWindowLimit: 0\n`,
    );
    files.push(path);
  }
  return { dir, files };
}

/** pre-commit's parts (xargs.py `partition` with one process): as many names as fit, in order. */
function partition(cmd: readonly string[], files: readonly string[]): string[][] {
  const parts: string[][] = [];
  let part: string[] = [];
  let total = measure(cmd);
  for (const f of files) {
    const length = measure([f]);
    if (total + length <= LIMIT) {
      part.push(f);
      total += length;
    } else {
      parts.push(part);
      part = [f];
      total = measure(cmd) + length;
    }
  }
  parts.push(part);
  return parts;
}

test('C3: a run given as many files as fit pre-commit’s command line says so in its summary; the rest’s run does not', () => {
  const { dir, files } = project(1150);
  // What pre-commit runs: `/usr/bin/env node BIN lint …` (the bin's shebang read by pre-commit).
  const parts = partition(['/usr/bin/env', 'node', CLI, ...ARGS], files);
  assert.equal(parts.length, 2, 'the list is longer than one command line');
  const summaries = parts.map((part) => {
    const r = runCli([...ARGS, ...part], { cwd: dir, env: { PRE_COMMIT: '1' } });
    assert.equal(r.code, part.includes(files[5]!) ? 1 : 0, r.stderr);
    const lines = r.stdout.match(/^\d+ files? checked.*$/gm) ?? [];
    assert.equal(lines.length, 1, r.stdout.slice(-500));
    return lines[0]!;
  });
  assert.equal(
    summaries[0],
    `${parts[0]!.length} files checked (pre-commit gave this run as many files as fit its 128 KiB command line: any others get a run and a summary of their own): 1 error, ${parts[0]!.length} warnings, 0 information.`,
  );
  assert.equal(
    summaries[1],
    `${parts[1]!.length} files checked: 0 errors, ${parts[1]!.length} warnings, 0 information.`,
  );
  // The same full list outside pre-commit (a script that passes many files): no note.
  const plain = runCli([...ARGS, ...parts[0]!], { cwd: dir });
  assert.match(plain.stdout, new RegExp(`^${parts[0]!.length} files checked: 1 error`, 'm'));
});

test('C3: the limit as pre-commit measures it: within one file name under it, not over it, not without PRE_COMMIT', () => {
  const env = { PRE_COMMIT: '1' };
  // process.argv: node, the bin, then the arguments; pre-commit ran `/usr/bin/env node BIN …`: a
  // command line of `length` bytes as pre-commit counts them.
  const argv = (length: number): string[] => {
    const head = ['/usr/bin/node', '/x/bin/assistant-config', 'lint'];
    const used = Buffer.byteLength(['/usr/bin/env', 'node', ...head.slice(1), ''].join(' '));
    return [...head, 'é'.repeat(Math.floor((length - used) / 2)) + 'f'.repeat((length - used) % 2)];
  };
  assert.equal(Buffer.byteLength(['/usr/bin/env', 'node', ...argv(LIMIT).slice(1)].join(' ')), LIMIT);
  assert.equal(preCommitLimitReached(argv(LIMIT), env, 'linux'), LIMIT);
  assert.equal(preCommitLimitReached(argv(LIMIT - 4000), env, 'darwin'), LIMIT);
  assert.equal(preCommitLimitReached(argv(LIMIT - 5000), env, 'linux'), undefined);
  assert.equal(preCommitLimitReached(argv(LIMIT + 1), env, 'linux'), undefined);
  assert.equal(preCommitLimitReached(argv(LIMIT), {}, 'linux'), undefined);
  assert.equal(preCommitLimitReached(argv(LIMIT), { PRE_COMMIT: '0' }, 'linux'), undefined);
  // Windows: UTF-16 units; 30 KiB, or some 7,000 characters through npm's `.cmd` shim (cmd.exe's limit).
  const win = (n: number): string[] => ['C:\\node.exe', 'x'.repeat(n - 1)];
  assert.equal(preCommitLimitReached(win(7000), env, 'win32'), 8192 - 27 - 4 - 1024);
  assert.equal(preCommitLimitReached(win(30000), env, 'win32'), 2 ** 15 - 2048);
  assert.equal(preCommitLimitReached(win(20000), env, 'win32'), undefined);
});

test('C11: the format hook under a split: a part cut at the limit counts its own files and says so; the last part does not', () => {
  const { dir, files } = project(1150);
  // Every 20th file indented with four spaces: the formatter would change it.
  const unformatted = files.filter((_, i) => i % 20 === 7);
  for (const f of unformatted)
    writeFileSync(
      join(dir, f),
      '# team\nkind:    AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: hosted\n',
    );
  const hook = shippedHook('assistant-config-format');
  // The hook's entry as pre-commit runs it (`assistant-config format --check`, the bin being this CLI).
  const args = hook.entry.split(/\s+/).slice(1);
  const parts = partition(['/usr/bin/env', 'node', CLI, ...args, ...(hook.args ?? [])], files);
  assert.equal(parts.length, 2, 'the list is longer than one command line');
  const said = parts.map((part) => {
    const r = runCli([...args, ...(hook.args ?? []), ...part], { cwd: dir, env: { PRE_COMMIT: '1' } });
    const mine = unformatted.filter((f) => part.includes(f));
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), mine);
    return { stderr: r.stderr, mine };
  });
  assert.equal(
    said[0]!.stderr,
    `${said[0]!.mine.length} of ${parts[0]!.length} files would be reformatted (pre-commit gave this run as many files as fit its 128 KiB command line: any others get a run and a summary of their own); run 'assistant-config format --write'.\n`,
  );
  assert.equal(
    said[1]!.stderr,
    `${said[1]!.mine.length} files would be reformatted; run 'assistant-config format --write'.\n`,
  );
  assert.equal(said[0]!.mine.length + said[1]!.mine.length, unformatted.length);
  // The same list outside pre-commit: the plain count.
  const plain = runCli([...args, ...parts[0]!], { cwd: dir });
  assert.equal(
    plain.stderr,
    `${said[0]!.mine.length} files would be reformatted; run 'assistant-config format --write'.\n`,
  );
});
