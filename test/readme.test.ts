// The README stays true: every setting, command and diagnostic code is documented in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODES } from '../server/src/service/codes';
import { ROOT } from './helpers';
import { runCli } from './cli/helpers';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  contributes: {
    configuration: { properties: Record<string, { default?: unknown; enum?: unknown[] }> };
    commands: { title: string }[];
  };
};

test('every setting is in the README', () => {
  for (const key of Object.keys(pkg.contributes.configuration.properties))
    assert.ok(readme.includes('`' + key + '`'), key);
});

test("every setting's default and, for a setting with a list of values, each value is in its README row", () => {
  for (const [key, v] of Object.entries(pkg.contributes.configuration.properties)) {
    const row = readme.split('\n').find((l) => l.startsWith(`| \`${key}\` |`));
    assert.ok(row, `${key}: a row in the settings table`);
    const cells = row.split(' | ');
    assert.equal(cells[1], JSON.stringify(v.default), `${key}: the default`);
    for (const value of v.enum ?? [])
      assert.ok(cells[2]!.includes(`\`${String(value)}\``), `${key}: \`${String(value)}\``);
  }
});

test('every command is in the README', () => {
  for (const c of pkg.contributes.commands) assert.ok(readme.includes(`AssistantConfig: ${c.title}`), c.title);
});

test('every diagnostic code is in the README with its severity', () => {
  for (const [code, info] of Object.entries(CODES))
    assert.ok(readme.includes(`| \`${code}\` | ${info.severity} |`), code);
});

test('the README gives the two commands', () => {
  assert.ok(readme.includes('npm ci && npm test'));
  assert.ok(readme.includes('npm ci && npm start'));
});

test('the CLI section\'s "real run" is what the CLI prints for the file it shows (REVIEW4 G13: it had gone stale)', () => {
  const file = /`configs\/prod\.assistant\.yaml`:\n\n```yaml\n([\s\S]*?)```\n\n```text\n([\s\S]*?)```\n/.exec(readme);
  assert.ok(file, 'the README shows configs/prod.assistant.yaml and a run on it');
  const [, text, run] = file;
  const dir = mkdtempSync(join(tmpdir(), 'ac-readme-'));
  mkdirSync(join(dir, 'configs'));
  writeFileSync(join(dir, 'configs/prod.assistant.yaml'), text!);
  // The run: `$ assistant-config ARGS` lines, each followed by what that command printed.
  const parts = run!.split(/^\$ assistant-config (.*)\n/m).slice(1);
  assert.equal(parts.length, 4, 'two commands');
  for (let i = 0; i < parts.length; i += 2) {
    const r = runCli(parts[i]!.split(' '), { cwd: dir });
    assert.equal(r.stdout, parts[i + 1], `assistant-config ${parts[i]}`);
  }
});
