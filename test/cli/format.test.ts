// `format` as a real process: --check lists and exits 1, --write rewrites (atomically, mode kept),
// --stdin-filepath, comments kept, CRLF kept, the same result as the editor's formatter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { applyEdits, formatDocument, parseWithLimits, DEFAULT_OPTIONS } from '../../server/src/service';
import { leakedRuns, runCli } from './helpers';
import { fakeSecret } from '../helpers';

const MESSY =
  'kind: AssistantConfig   # the kind\r\nversion: v2\r\ndefinition:\r\n      llm:\r\n          provider: hosted   # cheapest\r\n      # a comment line\r\n      systemInstructions: |\r\n          Be brief.\r\n';
const TIDY =
  'kind: AssistantConfig # the kind\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: hosted # cheapest\r\n  # a comment line\r\n  systemInstructions: |\r\n    Be brief.\r\n';
const JSON_MESSY = '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"}}}';

function setup(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fmt-'));
  writeFileSync(join(dir, 'messy.assistant.yaml'), MESSY);
  writeFileSync(join(dir, 'tidy.assistant.yaml'), TIDY);
  writeFileSync(join(dir, 'c.assistant.json'), JSON_MESSY);
  chmodSync(join(dir, 'messy.assistant.yaml'), 0o600);
  return dir;
}

test('the CLI formats exactly as the editor does, keeping comments and CRLF', () => {
  const r = runCli(['format', '-'], { input: MESSY });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, TIDY);
  const doc = parseWithLimits(MESSY, 'yaml', DEFAULT_OPTIONS);
  assert.equal(applyEdits(MESSY, formatDocument(doc, { tabSize: 2, insertSpaces: true })), r.stdout);
});

test('format --check: lists the files that would change, exits 1, changes nothing', () => {
  const dir = setup();
  const r = runCli(['format', '--check', '.'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.deepEqual(r.stdout.trim().split('\n').sort(), ['c.assistant.json', 'messy.assistant.yaml']);
  assert.match(r.stderr, /2 files would be reformatted/);
  assert.equal(readFileSync(join(dir, 'messy.assistant.yaml'), 'utf8'), MESSY);
  assert.equal(runCli(['format', '--check', 'tidy.assistant.yaml'], { cwd: dir }).code, 0);
});

test('format --write: rewrites in place, keeps the mode, leaves no temporary file; then --check passes', () => {
  const dir = setup();
  const r = runCli(['format', '--write', '.'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(join(dir, 'messy.assistant.yaml'), 'utf8'), TIDY);
  assert.equal(statSync(join(dir, 'messy.assistant.yaml')).mode & 0o777, 0o600);
  assert.match(readFileSync(join(dir, 'c.assistant.json'), 'utf8'), /^\{\n {2}"kind": "AssistantConfig",\n/);
  assert.deepEqual(readdirSync(dir).sort(), ['c.assistant.json', 'messy.assistant.yaml', 'tidy.assistant.yaml']);
  assert.equal(runCli(['format', '--check', '.'], { cwd: dir }).code, 0);
});

test('format --stdin-filepath: the language comes from the path', () => {
  const r = runCli(['format', '--stdin-filepath', 'sub/x.assistant.json'], { input: JSON_MESSY });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).kind, 'AssistantConfig');
  // (As Prettier prints it: expanded where it does not fit, short objects written on one line kept so.)
  assert.equal(
    r.stdout,
    '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted" } }\n}\n',
  );
  assert.equal(
    runCli(['format', '--stdin-filepath', 'x.assistant.yaml', '--indent', '4'], { input: MESSY }).stdout,
    TIDY.replace(/^( +)/gm, (s) => ' '.repeat(s.length * 2)),
  );
});

test('a formatted JSON file keeps its final newline (and one without gets one, as Prettier and the YAML side do)', () => {
  const tidy = '{\n  "kind": "AssistantConfig",\n  "version": "v2"\n}\n';
  assert.equal(runCli(['format', '--stdin-filepath', 'a.assistant.json'], { input: tidy }).stdout, tidy);
  assert.equal(runCli(['format', '--stdin-filepath', 'a.assistant.json'], { input: tidy.trimEnd() }).stdout, tidy);
});

test('format --diff prints a unified diff that git apply accepts (CRLF kept)', () => {
  const dir = setup();
  const r = runCli(['format', '--diff', 'messy.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^-kind: AssistantConfig {3}# the kind\r$/m);
  const git = spawnSync('git', ['apply', '-'], { cwd: dir, input: r.stdout, encoding: 'utf8' });
  if (git.error === undefined) {
    assert.equal(git.status, 0, git.stderr);
    assert.equal(readFileSync(join(dir, 'messy.assistant.yaml'), 'utf8'), TIDY);
  }
});

test('format --diff never prints a credential written in the file, changed or as context', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fmt-'));
  const secrets = [fakeSecret('sk-' + 'proj-', 25, 0x3d1a), 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'];
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '    llm:     # x',
    '        provider: vendor_a',
    '        apiKey:   # old key',
    `            value: ${secrets[0]!}`,
    `    other: {cloudSecretAccessKey: {value: "${secrets[1]!}"}}`,
    '',
  ].join('\n');
  writeFileSync(join(dir, 's.assistant.yaml'), text);
  const r = runCli(['format', '--diff', 's.assistant.yaml'], { cwd: dir });
  assert.match(r.stdout, /^\+ {4}provider: vendor_a$/m, 'the diff is printed');
  assert.deepEqual(leakedRuns(r.stdout + r.stderr, secrets, 6), [], r.stdout + r.stderr);
  assert.match(r.stderr, /credentials written in 1 file are masked/);
  assert.equal(readFileSync(join(dir, 's.assistant.yaml'), 'utf8'), text, 'the file is not changed');
});

test('a file with syntax errors is not formatted: clear message, exit 2, nothing on stdout (REVIEW8 K21d)', () => {
  const broken = 'kind: AssistantConfig\ndefinition:\n  llm: { provider: hosted\n';
  const r = runCli(['format', '-'], { input: broken });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '', 'as Prettier: a pipe that ignores the status gets no text');
  assert.equal(
    r.stderr,
    "assistant-config: cannot format '<stdin>': it has syntax errors (run 'assistant-config lint' on it)\n",
  );
  // A file that formats beside one that cannot: the one printed, nothing of the other.
  const dir = mkdtempSync(join(tmpdir(), 'ac-fmt-'));
  writeFileSync(join(dir, 'a.assistant.yaml'), broken);
  writeFileSync(join(dir, 'b.assistant.yaml'), 'kind:    AssistantConfig\n');
  const two = runCli(['format', 'a.assistant.yaml', 'b.assistant.yaml'], { cwd: dir });
  assert.equal(two.code, 2);
  assert.equal(two.stdout, 'kind: AssistantConfig\n');
  assert.match(two.stderr, /^assistant-config: cannot format 'a\.assistant\.yaml': it has syntax errors/m);
  assert.equal(runCli(['format', '--write', '-']).code, 2);
  assert.equal(runCli(['format', '--check', '--write', 'x']).code, 2);
});

test('the shipped examples are formatted: a project using the format --check hook can copy them', () => {
  const r = runCli(['format', '--check', 'examples/']);
  assert.equal(r.code, 0, `would be reformatted:\n${r.stdout}`);
});

test('a file the formatter refuses is named with the reason, exit 2, and left unchanged (REVIEW3 F3)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fmt-'));
  const alias =
    'kind:     AssistantConfig\nversion: v2\ndefinition:\n      llm: *later\n      aiPrimitivesLlm: &later\n            provider: hosted\n';
  const tagged = 'kind:    AssistantConfig\nversion: v2\ndefinition:\n      featureFlags: !!str\n        a: true\n';
  writeFileSync(join(dir, 'a7.assistant.yaml'), alias);
  writeFileSync(join(dir, 'we\u001bird.assistant.yaml'), tagged);
  writeFileSync(join(dir, 'ok.assistant.yaml'), 'kind:    AssistantConfig\n');
  const check = runCli(['format', '--check', '.'], { cwd: dir });
  assert.equal(check.code, 2, check.stderr);
  assert.match(
    check.stderr,
    /^assistant-config: cannot format 'a7\.assistant\.yaml': the alias '\*later' comes before its anchor$/m,
  );
  // The path escaped as everywhere in the CLI (a control character cannot drive the terminal).
  assert.match(
    check.stderr,
    /^assistant-config: cannot format 'we\\eird\.assistant\.yaml': formatting would change its data \(a '!!str' tag on a mapping, line 4\)$/m,
  );
  assert.equal(check.stdout, 'ok.assistant.yaml\n', 'the file that can be formatted is listed');
  const write = runCli(['format', '--write', '.'], { cwd: dir });
  assert.equal(write.code, 2);
  assert.match(write.stderr, /cannot format 'a7\.assistant\.yaml'/);
  assert.equal(readFileSync(join(dir, 'a7.assistant.yaml'), 'utf8'), alias);
  assert.equal(readFileSync(join(dir, 'we\u001bird.assistant.yaml'), 'utf8'), tagged);
  assert.equal(readFileSync(join(dir, 'ok.assistant.yaml'), 'utf8'), 'kind: AssistantConfig\n');
  // Printing: nothing on stdout, the reason on stderr (REVIEW8 K21d; it printed the text as it was).
  const print = runCli(['format', '--stdin-filepath', 'x.assistant.yaml'], { input: alias });
  assert.equal(print.code, 2);
  assert.equal(print.stdout, '');
  assert.match(print.stderr, /cannot format 'x\.assistant\.yaml': the alias '\*later' comes before its anchor/);
});

test('a file that is not valid UTF-8 is not rewritten: its bytes would be lost (REVIEW3 F19)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fmt-'));
  // Windows-1252 bytes (é, è), as an "ANSI" save writes them, and a BOM + CRLF UTF-8 file beside it.
  const latin1 = Buffer.from(
    'kind:    AssistantConfig\nversion: v2\n# r\xe9sum\xe9\ndefinition:\n  systemInstructions: "Caf\xe9 cr\xe8me"\n',
    'latin1',
  );
  writeFileSync(join(dir, 'latin1.assistant.yaml'), latin1);
  writeFileSync(join(dir, 'bom.assistant.yaml'), '\uFEFFkind:    AssistantConfig\r\nversion: v2\r\n');
  const write = runCli(['format', '--write', '.'], { cwd: dir });
  assert.equal(write.code, 2);
  assert.match(write.stderr, /cannot format 'latin1\.assistant\.yaml': it is not valid UTF-8/);
  assert.deepEqual(readFileSync(join(dir, 'latin1.assistant.yaml')), latin1, 'the bytes are kept');
  assert.equal(readFileSync(join(dir, 'bom.assistant.yaml'), 'utf8'), '\uFEFFkind: AssistantConfig\r\nversion: v2\r\n');
  const check = runCli(['format', '--check', 'latin1.assistant.yaml'], { cwd: dir });
  assert.equal(check.code, 2);
  assert.equal(check.stdout, '');
});

test('format --diff shows the file control characters escaped, tabs and CRLF kept (REVIEW3 F20)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fmt-'));
  const text =
    'kind:    AssistantConfig\r\nversion: v2\r\n# note \u202erlo\u202c \u2066x\u2069\r\ndefinition:\r\n  llm:\t{provider: hosted}\r\n';
  writeFileSync(join(dir, 'esc.assistant.yaml'), text);
  const r = runCli(['format', '--diff', 'esc.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /[\u202e\u202c\u2066\u2069]/u, 'no raw bidi control');
  assert.match(r.stdout, /^ # note \\u202erlo\\u202c \\u2066x\\u2069\r$/m);
  assert.match(r.stdout, /^-kind: {4}AssistantConfig\r$/m, 'CRLF kept');
  assert.match(r.stdout, /^- {2}llm:\t\{provider: hosted\}\r$/m, 'a tab kept');
  assert.match(
    r.stderr,
    /control characters and invisible ones \(a no-break space as <U\+00A0>\) in 1 file are shown escaped in the diff/,
  );
  assert.equal(readFileSync(join(dir, 'esc.assistant.yaml'), 'utf8'), text);
});
