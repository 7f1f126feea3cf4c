// Review findings on the CLI as real processes: excluded files named on the command line, invalid
// project configs, explain in any case, summary plurals, JUnit escapes, SARIF relative URIs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { applyEdits, formatDocument, parseWithLimits, DEFAULT_OPTIONS } from '../../server/src/service';
import { runCli } from './helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
const WARN = `${H}definition:\n  llm: { provider: hosted }\n  contextWindowLimit: 0\n`;

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-review-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

test('a file named on the command line but excluded by the config: a note, not counted for --max-warnings (REVIEW7 J6)', () => {
  const dir = tree({
    '.assistant-config.yaml': 'exclude:\n  - legacy/**\n',
    'legacy/old.assistant.yaml': `${H}definition:\n  llm: { provider: nope }\n`,
    'new.assistant.yaml': `${H}definition:\n  llm: { provider: hosted }\n`,
    'warn.assistant.yaml': WARN,
  });
  const r = runCli(['lint', 'legacy/old.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stderr,
    "assistant-config: note: 'legacy/old.assistant.yaml' is ignored by the exclude patterns of .assistant-config.yaml; use --no-config to lint it anyway\n",
  );
  assert.match(r.stdout, /0 files checked: 0 errors, 0 warnings,/);
  // pre-commit names every staged file: an excluded one next to a clean one passes --max-warnings 0,
  // and the note still says it was not checked.
  const strict = runCli(
    ['lint', '--no-env-check', '--max-warnings', '0', 'legacy/old.assistant.yaml', 'new.assistant.yaml'],
    { cwd: dir },
  );
  assert.equal(strict.code, 0, strict.stdout + strict.stderr);
  assert.match(strict.stderr, /'legacy\/old\.assistant\.yaml' is ignored by the exclude patterns/);
  assert.doesNotMatch(strict.stderr, /more than --max-warnings/);
  assert.match(strict.stdout, /1 file checked: 0 errors, 0 warnings,/);
  const asJson = runCli(['lint', '--format', 'json', '--max-warnings', '0', 'legacy/old.assistant.yaml'], { cwd: dir });
  assert.equal(asJson.code, 0, asJson.stderr);
  assert.match(asJson.stderr, /is ignored by the exclude patterns/);
  // A warning in a checked file still counts.
  const warned = runCli(['lint', '--max-warnings', '0', 'legacy/old.assistant.yaml', 'warn.assistant.yaml'], {
    cwd: dir,
  });
  assert.equal(warned.code, 1, warned.stdout + warned.stderr);
  const anyway = runCli(['lint', '--no-config', 'legacy/old.assistant.yaml'], { cwd: dir });
  assert.equal(anyway.code, 1);
  assert.match(anyway.stdout, /unknown-discriminator/);
  // A directory walk still skips excluded files without a word.
  const walk = runCli(['lint', '.'], { cwd: dir });
  assert.doesNotMatch(walk.stderr, /ignored/);
});

test('format names an excluded file it was given instead of skipping it silently', () => {
  const messy = `${H}definition:\n    llm:   { provider: hosted }\n`;
  const dir = tree({ '.assistant-config.yaml': 'exclude:\n  - legacy/**\n', 'legacy/old.assistant.yaml': messy });
  const r = runCli(['format', '--check', 'legacy/old.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stderr,
    "assistant-config: note: 'legacy/old.assistant.yaml' is ignored by the exclude patterns of .assistant-config.yaml; use --no-config to format it anyway\n",
  );
  assert.equal(runCli(['format', '--check', '--no-config', 'legacy/old.assistant.yaml'], { cwd: dir }).code, 1);
  assert.doesNotMatch(runCli(['format', '--check', '.'], { cwd: dir }).stderr, /ignored/);
});

test('an invalid project config exits 2, naming the file, the key and the valid values', () => {
  const dir = tree({ '.assistant-config.yaml': 'rules: {literal-secret: of}\n', 'a.assistant.yaml': WARN });
  const r = runCli(['lint', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.equal(
    r.stderr,
    "assistant-config: .assistant-config.yaml: line 1: 'literal-secret' must be off, info, warning or error (got 'of'; did you mean 'off'?)\n",
  );
  assert.match(r.stdout, /non-positive-limit/, 'the file is still checked');
  assert.equal(runCli(['format', '--check', 'a.assistant.yaml'], { cwd: dir }).code, 2);
  assert.equal(runCli(['lint', '--no-config', 'a.assistant.yaml'], { cwd: dir }).code, 0);
});

test('explain accepts a code in any case', () => {
  const upper = runCli(['explain', 'LITERAL-SECRET']);
  assert.equal(upper.code, 0, upper.stderr);
  assert.equal(upper.stdout, runCli(['explain', 'literal-secret']).stdout);
  assert.equal(runCli(['explain', 'Literal-Secret']).code, 0);
});

test('--max-warnings: one warning is "1 warning"', () => {
  const dir = tree({ 'a.assistant.yaml': WARN });
  const r = runCli(['lint', '--max-warnings', '0', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'assistant-config: 1 warning, more than --max-warnings 0.\n');
  assert.match(r.stdout, /^1 file checked: 0 errors, 1 warning, /m);
});

test('--format junit: a line break in a message is shown escaped, as the text format shows it, and parsed back as such', () => {
  // A JSON key with a line break, echoed by the unknown-property message.
  const dir = tree({
    'd.assistant.json':
      '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"x\\ny":1}}',
  });
  const r = runCli(['lint', '--format', 'junit', 'd.assistant.json'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.equal(XMLValidator.validate(r.stdout), true, r.stdout);
  const attr = /message="([^"]*)"/.exec(r.stdout)?.[1] ?? '';
  assert.ok(!attr.includes('\n') && !attr.includes('&#10;'), attr);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true }).parse(
    r.stdout,
  ) as { testsuites: { testsuite: { testcase: { failure: { message: string; '#text': string } } } } };
  assert.match(doc.testsuites.testsuite.testcase.failure.message, /'x\\ny'/);
  assert.match(doc.testsuites.testsuite.testcase.failure['#text'], /'x\\ny'/);
});

test('--format junit: a key with CR LF, ESC, VT, NUL and a bidi override cannot start a line of its own nor vanish (REVIEW3 F6)', () => {
  const dir = tree({
    'ctl.assistant.yaml':
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n    "bad\\x1b[31mkey\\vtab\\r\\n::error::x%0A": 1\n    "\\u202ertl,key:50%": 2\n  featureFlags:\n    "enable_automation\\0": true\n',
  });
  const r = runCli(['lint', '--no-env-check', '--format', 'junit', 'ctl.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.equal(XMLValidator.validate(r.stdout), true, r.stdout);
  for (const line of r.stdout.split('\n')) assert.doesNotMatch(line, /^\s*::/, line);
  for (const c of ['\r', '\u001b', '\u000b', '\u0000', '\u202e'])
    assert.ok(!r.stdout.includes(c), `no raw ${JSON.stringify(c)}`);
  // The key is shown as the text format shows it, every character accounted for.
  assert.ok(r.stdout.includes('bad\\e[31mkey\\x0btab\\r\\n::error::x%0A'), r.stdout);
  // (A bidi override is named by the message itself: REVIEW5 H22.)
  assert.ok(
    r.stdout.includes('&lt;U+202E&gt;rtl,key:50%&apos; (it starts with U+202E right-to-left override'),
    r.stdout,
  );
  const text = runCli(['lint', '--no-env-check', 'ctl.assistant.yaml'], { cwd: dir }).stdout;
  assert.ok(text.includes('bad\\e[31mkey\\x0btab\\r\\n::error::x%0A'), text);
});

test('format --write ends a JSON file with one line break (its own; LF when it had none, as Prettier), as the editor formatter does', () => {
  const messy = '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"}}}';
  for (const ending of ['\n', '\r\n', '']) {
    const dir = tree({ 'c.assistant.json': messy + ending });
    const r = runCli(['format', '--write', 'c.assistant.json'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const out = readFileSync(join(dir, 'c.assistant.json'), 'utf8');
    const eol = ending || '\n';
    assert.ok(out.endsWith(`}${eol}`) && !out.endsWith(`}${eol}${eol}`), JSON.stringify(out.slice(-4)));
    assert.equal(runCli(['format', '--check', 'c.assistant.json'], { cwd: dir }).code, 0);
    const doc = parseWithLimits(messy + ending, 'json', DEFAULT_OPTIONS);
    assert.equal(applyEdits(messy + ending, formatDocument(doc, { tabSize: 2, insertSpaces: true })), out);
  }
});

test('--fix, --fix-dry-run and format leave a file that is not UTF-8 (Windows-1252) untouched and say why, exit 2; a UTF-8 file with a real U+FFFD is fixed (REVIEW3 F19)', () => {
  const latin1 = Buffer.from(
    'kind: AssistantConfig\nversion: v2\n# r\xe9sum\xe9 des r\xe8gles\ndefinition:\n  llm: {provider: hostd}\n  systemInstructions: "Caf\xe9 cr\xe8me"\n',
    'latin1',
  );
  const dir = tree({});
  const file = join(dir, 'l.assistant.yaml');
  const reasons = /cannot (fix|format) 'l\.assistant\.yaml': it is not valid UTF-8 .*save it as UTF-8 first/;
  for (const args of [
    ['lint', '--no-env-check', '--fix', 'l.assistant.yaml'],
    ['lint', '--no-env-check', '--fix-dry-run', 'l.assistant.yaml'],
    ['format', '--write', 'l.assistant.yaml'],
    ['format', '--check', 'l.assistant.yaml'],
    ['format', '--diff', 'l.assistant.yaml'],
  ]) {
    writeFileSync(file, latin1);
    const r = runCli(args, { cwd: dir });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, reasons, args.join(' '));
    assert.deepEqual(readFileSync(file), latin1, `${args.join(' ')}: the bytes are unchanged`);
    assert.doesNotMatch(r.stdout, /^[-+]/m, 'no diff printed');
  }
  // Plain lint still reports what it can (the typo and the encoding), as before.
  writeFileSync(file, latin1);
  const lint = runCli(['lint', '--no-env-check', 'l.assistant.yaml'], { cwd: dir });
  assert.match(lint.stdout, /unknown-discriminator/);
  assert.match(lint.stdout, /invalid-encoding/);
  // A UTF-8 file that holds U+FFFD written on purpose is valid UTF-8: fixed as any other.
  const utf8 = 'kind: AssistantConfig\nversion: v2\n# \uFFFD marks a gap\ndefinition:\n  llm: {provider: hostd}\n';
  writeFileSync(file, utf8);
  const fixed = runCli(['lint', '--no-env-check', '--fix', 'l.assistant.yaml'], { cwd: dir });
  assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
  assert.equal(readFileSync(file, 'utf8'), utf8.replace('hostd', 'hosted'));
});
