// The layering rules of eslint.config.mjs reject what they should: each fixture in
// test/fixtures/lint is linted with the project's config as if it were the file its first line
// names, and must be rejected (or, for the control cases, accepted) by the layering rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { ROOT } from '../helpers';

const DIR = join(ROOT, 'test/fixtures/lint');
const LAYERING_RULES = new Set(['no-restricted-imports', 'no-restricted-globals']);
// The fixtures stand for files that do not exist, which the type-aware project service cannot
// load: they are linted with the project's config minus type checking (the layering rules need none).
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});

const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

test('there are fixtures of both kinds', () => {
  const kinds = fixtures.map((f) => /^\/\/ expect: (\w+)$/m.exec(readFileSync(join(DIR, f), 'utf8'))?.[1]);
  assert.ok(kinds.filter((k) => k === 'rejected').length >= 8, 'rejected fixtures');
  assert.ok(kinds.includes('accepted'), 'accepted fixtures');
});

for (const name of fixtures) {
  test(`layering lint: ${name}`, async () => {
    const text = readFileSync(join(DIR, name), 'utf8');
    const as = /^\/\/ lint-as: (\S+)$/m.exec(text)?.[1];
    const expect = /^\/\/ expect: (rejected|accepted)$/m.exec(text)?.[1];
    assert.ok(as && expect, `${name} names the file it stands for and the expected verdict`);
    const [result] = await eslint.lintText(text, { filePath: join(ROOT, as) });
    assert.ok(result, 'eslint returned a result');
    const layering = result.messages.filter((m) => m.ruleId !== null && LAYERING_RULES.has(m.ruleId));
    const fatal = result.messages.filter((m) => m.fatal);
    assert.deepEqual(fatal, [], 'the fixture parses');
    if (expect === 'rejected') {
      assert.ok(
        layering.length > 0,
        `${name} (as ${as}) is rejected by a layering rule; got ${JSON.stringify(result.messages.map((m) => m.ruleId))}`,
      );
      assert.ok(
        layering.every((m) => m.severity === 2),
        'as an error',
      );
    } else {
      assert.deepEqual(
        layering.map((m) => m.message),
        [],
        `${name} (as ${as}) is accepted`,
      );
    }
  });
}
