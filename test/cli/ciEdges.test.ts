// REVIEW5 H14: small CI edges, as a real process. A project config under a near name is told, not
// ignored; `--max-warnings -1` is ESLint's "no limit"; a UTF-16 file gets its message without a
// garbage frame; duplicate keys in the project config are a mistake (exit 2); `--fix-dry-run` with a
// machine format prints that format.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A git repository (the project config walk stops at its top) holding one file with a warning. */
function repo(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'ac-ci-edges-')));
  dirs.push(d);
  execFileSync('git', ['init', '-q'], { cwd: d, env: { PATH: process.env.PATH ?? '' } });
  writeFileSync(
    join(d, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  maxAssistantActions: 0\n',
  );
  return d;
}

test('a project config named .assistant-config.yml or .json is not read, and stderr says so with the right name', () => {
  for (const name of ['.assistant-config.yml', '.assistant-config.json']) {
    const d = repo();
    writeFileSync(
      join(d, name),
      name.endsWith('json') ? '{"rules": {"non-positive-limit": "off"}}\n' : 'rules:\n  non-positive-limit: off\n',
    );
    const r = runCli(['lint', 'a.assistant.yaml'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /warning non-positive-limit/, 'the file is not read');
    assert.equal(
      r.stderr,
      `assistant-config: note: found ${name}, which is not read: the project config file is named .assistant-config.yaml (rename it to apply its settings)\n`,
    );
  }
  // Beside the real one too (told once per run, though both files are looked up in the same directory).
  const d = repo();
  writeFileSync(join(d, '.assistant-config.yaml'), 'rules:\n  non-positive-limit: off\n');
  writeFileSync(join(d, '.assistant-config.yml'), 'rules: {}\n');
  writeFileSync(
    join(d, 'b.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n',
  );
  const r = runCli(['lint', '.'], { cwd: d });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /non-positive-limit/);
  assert.equal(r.stderr.match(/found \.assistant-config\.yml, which is not read/g)?.length, 1, r.stderr);
  // Without a near name: nothing on stderr.
  assert.equal(runCli(['lint', 'a.assistant.yaml'], { cwd: repo() }).stderr, '');
});

test('--max-warnings -1 means no limit (ESLint); other negative numbers are still refused', () => {
  const d = repo();
  const r = runCli(['lint', '--max-warnings', '-1', 'a.assistant.yaml'], { cwd: d });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /1 warning/);
  assert.equal(runCli(['lint', '--max-warnings=-1', 'a.assistant.yaml'], { cwd: d }).code, 0);
  const bad = runCli(['lint', '--max-warnings', '-2', 'a.assistant.yaml'], { cwd: d });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-warnings must be a whole number, or -1 for no limit \(got '-2'\)/);
  // A later -1 lifts an earlier limit, as the last flag wins.
  assert.equal(runCli(['lint', '--max-warnings', '0', '--max-warnings', '-1', 'a.assistant.yaml'], { cwd: d }).code, 0);
});

test('a UTF-16 file: the message, and no frame of mojibake', () => {
  const d = repo();
  const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
  // UTF-16 LE with a byte order mark, what Windows PowerShell 5's `>` writes.
  writeFileSync(
    join(d, 'u16.assistant.yaml'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
  );
  const r = runCli(['lint', 'u16.assistant.yaml'], { cwd: d });
  assert.equal(r.code, 1);
  assert.equal(
    r.stdout,
    'u16.assistant.yaml:1:1 error invalid-encoding This file is UTF-16 (it starts with a UTF-16 byte order mark) and could not be checked: save it as UTF-8, which YAML and JSON tools read everywhere.\n\n1 file checked: 1 error, 0 warnings, 0 information.\n',
  );
  // Bytes that are not UTF-8 in an otherwise readable line keep their frame (it shows where they are).
  writeFileSync(
    join(d, 'latin1.assistant.yaml'),
    Buffer.from(
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n# Caf\xe9 cr\xe8me du jour\n',
      'latin1',
    ),
  );
  const l = runCli(['lint', 'latin1.assistant.yaml'], { cwd: d });
  assert.match(l.stdout, /invalid-encoding[^\n]*\n {2}4 \|[^\n]*\n> 5 \| # Caf/);
});

test('duplicate keys in .assistant-config.yaml are a mistake: exit 2, naming the key and both lines', () => {
  const d = repo();
  writeFileSync(
    join(d, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n',
  );
  writeFileSync(
    join(d, '.assistant-config.yaml'),
    'rules:\n  literal-secret: error\n  non-positive-limit: off\n  literal-secret: off\nmaxFallbackDepth: 4\nmaxFallbackDepth: 8\n',
  );
  const r = runCli(['lint', 'a.assistant.yaml'], { cwd: d });
  assert.equal(r.code, 2, r.stdout);
  assert.equal(
    r.stderr,
    [
      "assistant-config: .assistant-config.yaml: line 6: duplicate key 'maxFallbackDepth' (first on line 5); write it once",
      "assistant-config: .assistant-config.yaml: line 4: duplicate key 'literal-secret' in rules (first on line 2); write it once",
      '',
    ].join('\n'),
  );
});

test('--fix-dry-run with --format json, sarif or github prints that report (what would remain); the diff goes to stderr', () => {
  const d = repo();
  writeFileSync(
    join(d, 'b.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hostd}\n  maxAssistantActions: 0\n',
  );
  const j = runCli(['lint', '--fix-dry-run', '--format', 'json', 'b.assistant.yaml'], { cwd: d });
  assert.equal(j.code, 0, j.stderr);
  const report = JSON.parse(j.stdout) as { files: { path: string; diagnostics: { code: string }[] }[] };
  assert.deepEqual(
    report.files.map((f) => [f.path, f.diagnostics.map((x) => x.code)]),
    [['b.assistant.yaml', ['non-positive-limit']]],
  );
  assert.match(j.stderr, /^--- a\/b\.assistant\.yaml\n\+\+\+ b\/b\.assistant\.yaml\n/);
  assert.match(j.stderr, /\+ {2}llm: \{provider: hosted\}/);
  assert.match(j.stderr, /1 fix in 1 file would be applied; 0 errors and 1 warning would remain\./);
  const s = runCli(['lint', '--fix-dry-run', '--format=sarif', 'b.assistant.yaml'], { cwd: d });
  const sarif = JSON.parse(s.stdout) as { version: string; runs: { results: { ruleId: string }[] }[] };
  assert.equal(sarif.version, '2.1.0');
  assert.deepEqual(
    sarif.runs[0]!.results.map((x) => x.ruleId),
    ['non-positive-limit'],
  );
  const g = runCli(['lint', '--fix-dry-run', '--format', 'github', 'b.assistant.yaml'], { cwd: d });
  assert.match(g.stdout, /^::warning file=b\.assistant\.yaml,line=5,/);
  assert.doesNotMatch(g.stdout, /^[-+@]/m, 'no diff on stdout');
  // The text format is unchanged: the diff is the output.
  const t = runCli(['lint', '--fix-dry-run', 'b.assistant.yaml'], { cwd: d });
  assert.match(t.stdout, /^--- a\/b\.assistant\.yaml\n/);
});

test('a YAML file with classic-Mac lone-CR line ends: one clear error, not a cascade; --fix leaves it as it is', () => {
  const d = repo();
  const text = 'kind: AssistantConfig\rversion: v2\rdefinition:\r  llm:\r    provider: hostd\r';
  writeFileSync(join(d, 'mac.assistant.yaml'), text);
  const r = runCli(['lint', '--format', 'json', 'mac.assistant.yaml'], { cwd: d });
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] };
  const ds = report.files[0]!.diagnostics;
  assert.deepEqual(
    ds.map((x) => x.code),
    ['syntax-error'],
    JSON.stringify(ds),
  );
  assert.match(ds[0]!.message, /^Lone CR line endings \(classic Mac OS\): convert the file to LF or CRLF line endings/);
  const fixed = runCli(['lint', '--fix', 'mac.assistant.yaml'], { cwd: d });
  assert.equal(fixed.code, 1);
  assert.equal(readFileSync(join(d, 'mac.assistant.yaml'), 'utf8'), text, '--fix does not touch it');
  // One lone CR among LF line ends: said at that line, and the rest is still checked.
  writeFileSync(
    join(d, 'mixed.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\r  maxAssistantActions: 0\n',
  );
  const m = runCli(['lint', '--format', 'json', 'mixed.assistant.yaml'], { cwd: d });
  const mds = (JSON.parse(m.stdout) as typeof report).files[0]!.diagnostics;
  assert.ok(
    mds.some(
      (x) =>
        x.code === 'syntax-error' &&
        /^Lone CR line endings \(classic Mac OS, here among LF line ends\)/.test(x.message),
    ),
    JSON.stringify(mds),
  );
  // JSON reads a CR as white space: a JSON file with CR line ends is fine.
  writeFileSync(
    join(d, 'mac.assistant.json'),
    '{\r  "kind": "AssistantConfig",\r  "version": "v2",\r  "definition": {"llm": {"provider": "hosted"}}\r}\r',
  );
  const j = runCli(['lint', 'mac.assistant.json'], { cwd: d });
  assert.equal(j.code, 0, j.stdout);
});
