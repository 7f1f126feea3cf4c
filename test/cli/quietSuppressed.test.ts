// REVIEW11 C6: `--quiet` (errors only) dropped the warnings from the SARIF report but kept the
// warnings a suppression comment silenced (SARIF lists those with `suppressions`): a quiet report
// showed a silenced warning and hid the live one. Now --quiet keeps errors only, silenced or not,
// in every format; the counts (and --max-warnings) are those of the whole run. As processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

interface Sarif {
  runs: { results: { ruleId: string; level: string; suppressions?: { kind: string; justification?: string }[] }[] }[];
}

test('C6: --quiet keeps errors only, suppressed ones included, and drops suppressed warnings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-quiet-'));
  writeFileSync(
    join(dir, 'team.assistant.yaml'),
    [
      '# a config as a team keeps it',
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm:',
      '    provider: hosted',
      '  # assistant-config-disable-next-line unknown-property -- read by our own tooling',
      '  teamNotes: see the wiki',
      '  # assistant-config-disable-next-line non-positive-limit -- the mock ignores it',
      '  contextWindowLimit: 0',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'other.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  contextWindowLimit: 0\n',
  );
  const results = (args: string[]): [string, string, boolean][] => {
    const r = runCli(['lint', '--no-env-check', '--format', 'sarif', ...args, '.'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as Sarif).runs[0]!.results.map((x) => [x.ruleId, x.level, !!x.suppressions]);
  };
  assert.deepEqual(results([]).sort(), [
    ['non-positive-limit', 'warning', false],
    ['non-positive-limit', 'warning', true],
    ['unknown-property', 'error', true],
  ]);
  assert.deepEqual(results(['--quiet']), [['unknown-property', 'error', true]]);
  // The live warning still counts for --max-warnings; the silenced one does not.
  const over = runCli(['lint', '--no-env-check', '--quiet', '--max-warnings', '0', '.'], { cwd: dir });
  assert.equal(over.code, 1);
  assert.match(over.stdout, /^2 files checked: 0 errors, 1 warning, 0 information\.$/m);
  assert.equal(runCli(['lint', '--no-env-check', '--quiet', '--max-warnings', '1', '.'], { cwd: dir }).code, 0);
});
