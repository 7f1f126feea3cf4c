// A no-break space (U+00A0) or another invisible character in the file, as the CLI prints it: YAML
// reads `provider: hosted` + U+00A0 as the value 'hosted' + U+00A0 (only space and tab are white space
// in YAML 1.2), but a terminal shows it as `hosted ` or `hosted`. Code frames show it as `<U+00A0>`
// with the caret still under the finding, the message names the character, and the diffs of
// `lint --fix-dry-run` and `format --diff` show it as the frame does (a line that changes only there
// would otherwise look unchanged), with a note that such a diff does not apply to those lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

const NBSP = '\u00a0';
const HOSTED = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted${NBSP}\n`;

test('lint: the frame shows a trailing no-break space as <U+00A0>, the caret spans it, the message names it', () => {
  const r = runCli(['lint', '--no-env-check', '--no-color', '-'], { input: HOSTED });
  assert.equal(r.code, 1, r.stderr);
  assert.ok(!r.stdout.includes(NBSP), `no raw no-break space:\n${r.stdout}`);
  assert.match(
    r.stdout,
    /Unknown provider 'hosted<U\+00A0>' \(it ends with U\+00A0 no-break space, which is part of the value\)\. Did you mean 'hosted'\?/,
  );
  const lines = r.stdout.split('\n');
  const at = lines.findIndex((l) => l.startsWith('> 5 |'));
  assert.equal(lines[at], '> 5 |     provider: hosted<U+00A0>');
  // The caret under the whole value as shown: `hosted<U+00A0>`, 14 columns from its start.
  const caret = lines[at + 1]!;
  assert.equal(caret.indexOf('^'), lines[at]!.indexOf('hosted'));
  assert.equal(caret.slice(caret.indexOf('^')), '^'.repeat('hosted<U+00A0>'.length));
});

for (const [name, ch] of [
  ['a no-break space', NBSP],
  ['a zero-width space', '\u200b'],
  ['an ideographic space', '\u3000'],
  ['a BOM inside the text', '\ufeff'],
] as const) {
  test(`lint: the caret stays under the finding after ${name} on its line`, () => {
    const H =
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n    tables:\n';
    const line = `      - {schemaName: "a${ch}b", tableName: t, colums: [id]}`;
    const r = runCli(['lint', '--no-env-check', '--no-color', '-'], { input: `${H}${line}\n` });
    assert.ok(!r.stdout.includes(ch), `no raw ${name}:\n${r.stdout}`);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('> 8 |'));
    assert.ok(at > 0, r.stdout);
    const shown = `<U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`;
    assert.ok(lines[at]!.includes(`"a${shown}b"`), lines[at]);
    assert.equal(lines[at + 1]!.indexOf('^'), lines[at]!.indexOf('colums'), `${lines[at]}\n${lines[at + 1]}`);
  });
}

test('lint --fix-dry-run: the diff shows the no-break space as <U+00A0>, and says the diff does not apply there', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-invisible-'));
  // (`provider:` + U+00A0 + `hosted`: read as meant, with a fix that writes a plain space.)
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider:${NBSP}hosted\n    note: a${NBSP}b\n`;
  writeFileSync(join(dir, 'a.assistant.yaml'), text);
  const r = runCli(['lint', '--no-env-check', '--no-color', '--fix-dry-run', 'a.assistant.yaml'], { cwd: dir });
  assert.ok(!r.stdout.includes(NBSP), `no raw no-break space:\n${r.stdout}`);
  assert.match(r.stdout, /^- {4}provider:<U\+00A0>hosted$/m, r.stdout);
  assert.match(r.stdout, /^\+ {4}provider: hosted$/m, r.stdout);
  assert.match(r.stderr, /invisible ones \(a no-break space as <U\+00A0>\) in 1 file are shown escaped in the diff/);
  assert.equal(readFileSync(join(dir, 'a.assistant.yaml'), 'utf8'), text, 'a dry run writes nothing');
});

test('format --diff: a value ending with a no-break space shows it as <U+00A0> on both sides', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-invisible-'));
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: hosted${NBSP}\n`;
  writeFileSync(join(dir, 'a.assistant.yaml'), text);
  const r = runCli(['format', '--diff', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!r.stdout.includes(NBSP), `no raw no-break space:\n${r.stdout}`);
  assert.match(r.stdout, /^- {8}provider: hosted<U\+00A0>$/m, r.stdout);
  assert.match(r.stdout, /^\+ {4}provider: hosted<U\+00A0>$/m, r.stdout);
  assert.match(r.stderr, /a no-break space as <U\+00A0>\) in 1 file are shown escaped in the diff/);
  // What `format` prints and writes keeps the character: it is part of the value.
  const out = runCli(['format', 'a.assistant.yaml'], { cwd: dir });
  assert.ok(out.stdout.includes(`provider: hosted${NBSP}\n`), out.stdout);
});
