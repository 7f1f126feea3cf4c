// The README stays true: every setting, command and diagnostic code is documented in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODES } from '../server/src/service/codes';
import { ROOT } from './helpers';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, unknown> }; commands: { title: string }[] };
};

test('every setting is in the README', () => {
  for (const key of Object.keys(pkg.contributes.configuration.properties))
    assert.ok(readme.includes('`' + key + '`'), key);
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
