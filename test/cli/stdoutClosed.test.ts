// REVIEW11 C5: standard output closed early (`lint . | head -1`) made the CLI exit 0 at once, whatever
// the files held: under `set -o pipefail` (GitHub Actions' bash) a run with errors passed. Now what
// would have followed is dropped and the run ends with its own status, without a stack trace. A
// failure to write other than a closed pipe (a full disk under `> report.sarif`: /dev/full) is said
// on stderr and is exit 2, not a pass on a report that was never written. As processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { CLI } from './helpers';

function project(files: number, typo: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-stdout-'));
  for (let i = 0; i < files; i++)
    writeFileSync(
      join(dir, `team-${i}.assistant.yaml`),
      `# team ${i}\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${typo && i % 2 === 0 ? 'vendr_a # typo' : 'hosted'}\n`,
    );
  return dir;
}

/** Runs the CLI with its standard output a pipe this side closes before reading anything. */
function closedEarly(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH ?? '' } });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('C5: stdout closed early: the run ends with its own exit status, no stack trace, in every format', async () => {
  const errors = project(300, true);
  for (const format of ['text', 'github', 'json', 'sarif', 'junit']) {
    const r = await closedEarly(['lint', '--no-env-check', '--format', format, '.'], errors);
    assert.equal(r.code, 1, `${format}: ${r.stderr}`);
    assert.equal(r.stderr, '', format);
  }
  const clean = await closedEarly(['lint', '--no-env-check', '.'], project(50, false));
  assert.equal(clean.code, 0, clean.stderr);
  const missing = await closedEarly(['lint', '--no-env-check', '.', 'missing.assistant.yaml'], errors);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^assistant-config: cannot read 'missing\.assistant\.yaml': /);
  assert.doesNotMatch(missing.stderr, /EPIPE|at \w+ \(/);
  // format prints each file's text: the same.
  const format = await closedEarly(['format', '.'], errors);
  assert.equal(format.code, 0, format.stderr);
  assert.equal(format.stderr, '');
});

test('C5: stdout that cannot be written (a full disk) is exit 2 and said on stderr, for a clean run too', () => {
  const clean = project(3, false);
  const full = openSync('/dev/full', 'w');
  try {
    for (const args of [
      ['lint', '--no-env-check', '.'],
      ['lint', '--no-env-check', '--format', 'sarif', '.'],
      ['format', '.'],
      ['--version'],
    ]) {
      const r = spawnSync(process.execPath, [CLI, ...args], {
        cwd: clean,
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
      });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stderr, 'assistant-config: cannot write to standard output: ENOSPC\n', args.join(' '));
    }
  } finally {
    closeSync(full);
  }
});
