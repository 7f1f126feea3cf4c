// Defects a review found on main, each checked through the built CLI as a real process.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './helpers';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function lintFile(text: string, ...args: string[]): { code: number | null; out: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-review-'));
  const file = join(dir, 'a.assistant.yaml');
  writeFileSync(file, text);
  const r = runCli(['lint', ...args, file], { env: { K: 'x' }, cwd: dir });
  return { code: r.code, out: r.stdout + r.stderr, file };
}

describe('an empty or blank literal credential is an error (as an empty valueFromEnv is)', () => {
  for (const value of ['""', '"   "', "''"]) {
    it(`apiKey: {value: ${value}}`, () => {
      const r = lintFile(`${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {value: ${value}}\n`);
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /:6:21 error empty-required 'value' of 'apiKey' is a credential and is (empty|blank)/);
    });
  }
  it('a filled literal is still only the literal-secret warning', () => {
    const r = lintFile(`${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {value: sk-x}\n`);
    assert.doesNotMatch(r.out, /empty-required/);
  });
});
