// File names (and command-line arguments made from them, as a shell glob or xargs makes them) that
// hold control characters or GitHub workflow commands are printed escaped by every command, on
// standard output and standard error alike: a name cannot drive the terminal (ESC, BEL, bidi
// overrides), start a line of its own (CR, LF) or be read as a workflow command (`::error::` at
// the start of a line, `##[error]` anywhere in it) by a CI log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

/** Names as they are on disk, each with the escaped form the output must show. */
const NAMES: [string, string][] = [
  ['esc\u001b]0;TITLE\u0007.assistant.yaml', 'esc\\e]0;TITLE\\x07.assistant.yaml'],
  ['crlf\r\n::error::pwned.assistant.yaml', 'crlf\\r\\n::error::pwned.assistant.yaml'],
  ['::warning::lead.assistant.yaml', './::warning::lead.assistant.yaml'],
  ['hash##[error]v1.assistant.yaml', 'hash#\\x23[error]v1.assistant.yaml'],
  ['bidi\u202eevil.assistant.yaml', 'bidi\\u202eevil.assistant.yaml'],
];

/** Formatted differently (4-space indentation) and with an error (an unknown provider), so that every command prints it. */
const MESSY = 'kind: AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: nosuchprovider\n';

/** What a terminal or a GitHub Actions log would act on: raw control characters, `::` at the start of a line, `##[` anywhere. */
function injections(out: string): string[] {
  const found: string[] = [];
  // eslint-disable-next-line no-control-regex -- the point of the test
  const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.exec(out);
  if (raw)
    found.push(
      `raw ${JSON.stringify(raw[0])} near ${JSON.stringify(out.slice(Math.max(0, raw.index - 20), raw.index + 20))}`,
    );
  for (const line of out.split('\n')) {
    if (/^\s*::/.test(line)) found.push(`workflow command line: ${JSON.stringify(line)}`);
    if (line.includes('##[')) found.push(`v1 workflow command: ${JSON.stringify(line)}`);
  }
  return found;
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-ctl-'));
  for (const [name] of NAMES) writeFileSync(join(dir, name), MESSY);
  return dir;
}

function assertClean(out: string, what: string): void {
  assert.deepEqual(injections(out), [], `${what}:\n${out}`);
}

test('format --check, --write and --diff print file names escaped', () => {
  for (const mode of ['--check', '--diff', '--write']) {
    const dir = project();
    const r = runCli(['format', mode, '.'], { cwd: dir });
    assert.equal(r.code, mode === '--check' ? 1 : 0, r.stderr);
    assertClean(r.stdout, `format ${mode} stdout`);
    assertClean(r.stderr, `format ${mode} stderr`);
    for (const [, shown] of NAMES) assert.ok(r.stdout.includes(shown), `${mode}: ${shown} in\n${r.stdout}`);
  }
});

test('lint prints file names escaped in every text output, and in --fix and --fix-dry-run lines', () => {
  for (const args of [
    ['lint', '.'],
    ['lint', '--fix-dry-run', '.'],
    ['lint', '--fix', '.'],
  ]) {
    const dir = project();
    const r = runCli(args, { cwd: dir });
    assertClean(r.stdout, `${args.join(' ')} stdout`);
    assertClean(r.stderr, `${args.join(' ')} stderr`);
  }
  // GitHub format: one workflow command a line, by design; the names are data inside its `file` property.
  const gh = runCli(['lint', '--format', 'github', '.'], { cwd: project() }).stdout;
  const lines = gh.trimEnd().split('\n');
  // (Then the count, REVIEW11 C7.)
  assert.equal(lines.pop(), `${NAMES.length} files checked: ${NAMES.length} errors, 0 warnings, 0 information.`);
  assert.equal(lines.length, NAMES.length, gh);
  // eslint-disable-next-line no-control-regex -- the point of the test
  for (const line of lines) assert.match(line, /^::error file=[^:,\r\u001b\u0007]*,line=5,col=19,/, line);
  const r = runCli(['lint', '.'], { cwd: project() });
  assert.equal(r.code, 1);
  for (const [, shown] of NAMES) assert.ok(r.stdout.includes(`${shown}:5:19 error`), `${shown} in\n${r.stdout}`);
});

test("the 'cannot read', 'no such file', 'no files found' and 'cannot format' lines on stderr are escaped", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-ctl-'));
  // A socket: listed and opened like a file, and no one (root neither) can read it (ENXIO).
  const sockName = 'sock\u001b[2J\r\n::error::x.assistant.yaml';
  const servers: Server[] = [];
  const listen = (path: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const s = createServer();
      servers.push(s);
      s.once('error', reject);
      s.listen(path, resolve);
    });
  await listen(join(dir, sockName));
  mkdirSync(join(dir, 'empty\u001b[31mdir'));
  writeFileSync(
    join(dir, 'broken\r\n::error::y.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition: [\n',
  );
  try {
    const lint = runCli(['lint', sockName, 'gone\u001b]0;T\u0007.assistant.yaml', 'empty\u001b[31mdir'], { cwd: dir });
    assert.equal(lint.code, 2);
    assertClean(lint.stderr, 'lint stderr');
    assert.match(lint.stderr, /cannot read 'sock\\e\[2J\\r\\n::error::x\.assistant\.yaml': not a regular file/);
    assert.match(lint.stderr, /cannot read 'gone\\e\]0;T\\x07\.assistant\.yaml': no such file/);
    assert.match(lint.stderr, /no AssistantConfig files found in 'empty\\e\[31mdir'/);
    const fmt = runCli(
      ['format', '--check', sockName, 'gone\u001b]0;T\u0007.assistant.yaml', 'broken\r\n::error::y.assistant.yaml'],
      {
        cwd: dir,
      },
    );
    assert.equal(fmt.code, 2);
    assertClean(fmt.stderr, 'format stderr');
    assert.match(fmt.stderr, /cannot read 'sock\\e\[2J\\r\\n::error::x\.assistant\.yaml': not a regular file/);
    assert.match(fmt.stderr, /cannot read 'gone\\e\]0;T\\x07\.assistant\.yaml': no such file/);
    assert.match(fmt.stderr, /cannot format 'broken\\r\\n::error::y\.assistant\.yaml'/);
  } finally {
    for (const s of servers) s.close();
  }
});

test('usage errors and project-config mistakes quote arguments and paths escaped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-ctl-'));
  const bad = '-\u001b]0;T\u0007\r\n::error::z';
  for (const args of [
    ['lint', bad],
    ['format', bad],
    ['lint', '--format', bad, '.'],
    ['format', '--indent', bad, '.'],
    ['explain', 'x\u001b[2J\r\n::error::e'],
    ['x\u001b[2J\r\n::error::cmd'],
    ['lint', '--config', 'no\u001b[2J\r\n::error::c.yaml', '.'],
    ['format', '--config', 'no\u001b[2J\r\n::error::c.yaml', '.'],
  ]) {
    const r = runCli(args, { cwd: dir });
    assert.equal(r.code, 2, `${JSON.stringify(args)}: ${r.stderr}`);
    assertClean(r.stderr, `${JSON.stringify(args)} stderr`);
    assert.match(r.stderr, /\\e|\\x1b/, r.stderr);
  }
  // A project config in a directory whose name has control characters: its mistakes are reported under its path.
  const sub = join(dir, 'cfg\u001b[2J\r\n::error::d');
  mkdirSync(sub);
  writeFileSync(join(sub, '.assistant-config.yaml'), 'nosuchsetting: 1\n');
  writeFileSync(
    join(sub, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n',
  );
  const r = runCli(['lint', '.'], { cwd: dir });
  assert.equal(r.code, 2, r.stderr);
  assertClean(r.stdout, 'lint stdout with a bad config');
  assertClean(r.stderr, 'lint stderr with a bad config');
  assert.match(r.stderr, /cfg\\e\[2J\\r\\n::error::d/);
});
