// Defects a review found on main, each checked through the built CLI as a real process.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
      assert.match(
        r.out,
        /:6:21 error empty-required 'value' of 'apiKey' under provider 'vendor_a' is a credential and is (empty|blank)/,
      );
    });
  }
  it('a filled literal is still only the literal-secret warning', () => {
    const r = lintFile(`${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {value: sk-x}\n`);
    assert.doesNotMatch(r.out, /empty-required/);
  });
});

describe('a node checked through an alias: the finding is at the alias, and no fix edits the anchor', () => {
  const text = `${HEAD}  llm: &primary\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: *primary\n`;
  it('lint reports the misuse on the alias line only, never on the valid anchored llm', () => {
    const r = lintFile(text, '--format', 'json');
    assert.equal(r.code, 1, r.out);
    const report = JSON.parse(r.out) as {
      files: { diagnostics: { code: string; range: { start: { line: number } } }[] }[];
    };
    const lines = report.files.flatMap((f) => f.diagnostics.map((d) => d.range.start.line));
    assert.ok(lines.length > 0, r.out);
    for (const l of lines) assert.ok(l >= 7, `reported on line ${l} (the anchor is lines 4-6): ${r.out}`);
  });
  it('lint --fix leaves the anchored llm untouched and the valid llm valid', () => {
    const r = lintFile(text, '--fix');
    const after = readFileSync(r.file, 'utf8');
    assert.equal(after.split('aiPrimitivesLlm')[0], text.split('aiPrimitivesLlm')[0], after);
    const again = runCli(['lint', r.file], { env: { K: 'x' } });
    assert.doesNotMatch(again.stdout, /:[456]:\d+ /, again.stdout);
  });
});

describe('lint --fix renames a misspelt key only when the rename cannot change meaning', () => {
  it("'instructions' under definition is not renamed to 'systemInstructions' (a valid key elsewhere)", () => {
    const text = `${HEAD}  llm: { provider: hosted }\n  instructions: be brief\n`;
    const r = lintFile(text, '--fix');
    assert.equal(readFileSync(r.file, 'utf8'), text);
    assert.match(r.out, /unknown-property/);
  });
  it('a clear misspelling with one candidate is still renamed', () => {
    const r = lintFile(`${HEAD}  llm: { provider: hosted }\n  systemInstructionz: be brief\n`, '--fix');
    assert.match(readFileSync(r.file, 'utf8'), /^ {2}systemInstructions: be brief$/m);
  });
});
