// Suppressions through the CLI: the same comments the editor honours, --suppress for JSON, and SARIF
// that lists silenced results with their suppression (valid against the SARIF 2.1.0 schema).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import Ajv from 'ajv';
import { ROOT, mulberry32 } from '../helpers';
import { leakedRuns } from './helpers';

const CLI = join(ROOT, 'dist/cli.js');
const run = (args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';

test('lint honours suppression comments and reports an unused one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-sup-'));
  const f = join(dir, 'a.assistant.yaml');
  writeFileSync(
    f,
    (
      HEAD +
      '  # assistant-config-disable-next-line unknown-property -- migration\n  legacyFlag: true\n  # assistant-config-disable-next-line unknown-property\n  contextWindowLimit: 4\n'
    ).replace(/\n/g, '\r\n'),
  );
  const r = run(['lint', '--no-env-check', f]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout, /error unknown-property/);
  assert.match(
    r.stdout,
    /a\.assistant\.yaml:8:40 hint unused-suppression No 'unknown-property' diagnostic on the next line/,
  );
});

test('--suppress silences codes in JSON; a code that cannot be silenced is a usage error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-sup-'));
  const f = join(dir, 'a.assistant.json');
  writeFileSync(
    f,
    '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "legacyFlag": true}}',
  );
  assert.equal(run(['lint', '--no-env-check', f]).status, 1);
  const ok = run(['lint', '--no-env-check', '--suppress', 'unknown-property', f]);
  assert.equal(ok.status, 0, ok.stdout);
  const bad = run(['lint', '--suppress=syntax-error', f]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--suppress takes diagnostic codes that can be silenced/);
});

test('SARIF lists silenced results with their suppression kind and justification', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-sup-'));
  const y = join(dir, 'a.assistant.yaml');
  const j = join(dir, 'b.assistant.json');
  writeFileSync(y, HEAD + '  # assistant-config-disable-next-line unknown-property -- migration\n  legacyFlag: true\n');
  writeFileSync(
    j,
    '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "contextWindowLimit": 0}}',
  );
  const r = run(['lint', '--no-env-check', '--format', 'sarif', '--suppress', 'non-positive-limit', y, j]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const sarif = JSON.parse(r.stdout) as {
    runs: { results: { ruleId: string; suppressions?: { kind: string; justification?: string }[] }[] }[];
  };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(
    JSON.parse(readFileSync(join(ROOT, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as object,
  );
  assert.ok(validate(sarif), JSON.stringify(validate.errors?.slice(0, 5)));
  const results = sarif.runs[0]!.results.map((x) => [x.ruleId, x.suppressions]);
  assert.deepEqual(results, [
    ['unknown-property', [{ kind: 'inSource', justification: 'migration' }]],
    ['non-positive-limit', [{ kind: 'external' }]],
  ]);
});

test("a suppression's reason holding a credential is masked in SARIF's justification, as in messages (REVIEW8 K20)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-sup-'));
  const y = join(dir, 'a.assistant.yaml');
  // Fakes built here: a shaped key (sk-…) and a literal of no known shape that the file holds in `value:`.
  const rnd = mulberry32(0x20261123);
  const alnum = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const pick = (n: number): string => Array.from({ length: n }, () => alnum[Math.floor(rnd() * alnum.length)]).join('');
  const shaped = ['sk', 'proj', pick(48)].join('-');
  const plain = ['pw', pick(5), pick(5), '42'].join('-');
  writeFileSync(
    y,
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n' +
      `    # assistant-config-disable-next-line literal-secret -- rotating ${shaped} soon\n` +
      `    apiKey: {value: ${shaped}}\n` +
      `  aiPrimitivesLlm:\n    provider: vendor_b\n    model: m\n` +
      `    # assistant-config-disable-next-line literal-secret -- temp key ${plain} until Friday\n` +
      `    apiKey: {value: ${plain}}\n`,
  );
  const r = run(['lint', '--no-env-check', '--format', 'sarif', y]);
  const sarif = JSON.parse(r.stdout) as {
    runs: { results: { ruleId: string; suppressions?: { kind: string; justification?: string }[] }[] }[];
  };
  const reasons = sarif.runs[0]!.results.flatMap((x) => x.suppressions ?? []).map((s) => s.justification ?? '');
  assert.equal(reasons.length, 2, r.stdout);
  assert.match(reasons[0]!, /^rotating \*+ soon$/);
  assert.match(reasons[1]!, /^temp key \*+ until Friday$/);
  assert.deepEqual(leakedRuns(r.stdout + r.stderr, [shaped.slice(8), plain], 6), []);
});
