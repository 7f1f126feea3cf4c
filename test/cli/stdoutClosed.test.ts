// REVIEW11 C5: standard output closed early (`lint . | head -1`) made the CLI exit 0 at once, whatever
// the files held: under `set -o pipefail` (GitHub Actions' bash) a run with errors passed. Now what
// would have followed is dropped and the run ends with its own status, without a stack trace. A
// failure to write other than a closed pipe (a full disk under `> report.sarif`: /dev/full) is said
// on stderr and is exit 2, not a pass on a report that was never written. As processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
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
function closedEarly(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
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
  for (const format of ['text', 'github', 'json', 'sarif', 'gitlab', 'junit']) {
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

/** As closedEarly, with the run's timing line (ASSISTANT_CONFIG_TIMING) on stderr: how far it went. */
const closedTimed = (args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> =>
  closedEarly(args, cwd, { ASSISTANT_CONFIG_TIMING: '1' });

/** `n` files, each with a warning (a limit of 0), and an error in those at the indexes given. */
function warned(n: number, errors: readonly number[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-stdout-stop-'));
  for (let i = 0; i < n; i++)
    writeFileSync(
      join(dir, `team-${String(i).padStart(4, '0')}.assistant.yaml`),
      `# team ${i}\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${errors.includes(i) ? 'hostd' : 'hosted'}\n  contextWindowLimit: 0\n`,
    );
  return dir;
}

const stoppedAt = (stderr: string): number | undefined => {
  const m = /stopped after (\d+) of (\d+) files: standard output closed, exit status decided/.exec(stderr);
  return m ? Number(m[1]) : undefined;
};

test('stdout closed and the exit status decided: the run stops early with it; undecided, it goes on to the end', async () => {
  const n = 1500;
  // An error in the first file: exit 1 is decided there; the run stops once the closed pipe is seen
  // (at the first 64 KB written), on one thread and on worker threads.
  const errors = warned(n, [0]);
  for (const jobs of [[], ['--jobs', '2']]) {
    const r = await closedTimed(['lint', '--no-env-check', ...jobs, '.'], errors);
    assert.equal(r.code, 1, r.stderr);
    const at = stoppedAt(r.stderr);
    assert.ok(at !== undefined && at > 0 && at < n, `${jobs.join(' ')}: ${r.stderr}`);
  }
  // Warnings only: with --max-warnings 0 exit 1 is decided at the first; without it nothing is decided
  // (an error could still come): the run goes to the end and exits 0.
  const warnings = warned(n, []);
  const over = await closedTimed(['lint', '--no-env-check', '--max-warnings', '0', '.'], warnings);
  assert.equal(over.code, 1, over.stderr);
  assert.ok((stoppedAt(over.stderr) ?? n) < n, over.stderr);
  const under = await closedTimed(['lint', '--no-env-check', '.'], warnings);
  assert.equal(under.code, 0, under.stderr);
  assert.equal(stoppedAt(under.stderr), undefined, under.stderr);
  assert.match(under.stderr, /timing: 1500 files on /);
  // An error in the last file only: undecided until then; the run reaches it and exits 1.
  const last = await closedTimed(['lint', '--no-env-check', '.'], warned(n, [n - 1]));
  assert.equal(last.code, 1, last.stderr);
  assert.equal(stoppedAt(last.stderr), undefined, last.stderr);
});

test('stdout closed: --fix still fixes every file and -o still writes the whole report', async () => {
  const n = 600;
  const dir = warned(n, [n - 1]);
  // The first file keeps an error after --fix (vendr_a is renamed to vendor_a, which needs fields the
  // file does not have): exit 1 is decided there, and still every file is fixed.
  const first = join(dir, 'team-0000.assistant.yaml');
  writeFileSync(first, readFileSync(first, 'utf8').replace('hosted', 'vendr_a'));
  const report = join(dir, 'report.txt');
  const o = await closedTimed(['lint', '--no-env-check', '-o', report, '.'], dir);
  assert.equal(o.code, 1, o.stderr);
  assert.equal(stoppedAt(o.stderr), undefined, o.stderr);
  assert.match(readFileSync(report, 'utf8'), /^600 files checked: 2 errors, 600 warnings, 0 information\.$/m);
  const fix = await closedTimed(['lint', '--no-env-check', '--fix', '.'], dir);
  assert.equal(fix.code, 1, fix.stderr);
  assert.equal(stoppedAt(fix.stderr), undefined, fix.stderr);
  assert.match(readFileSync(first, 'utf8'), /provider: vendor_a\n/);
  assert.match(
    readFileSync(join(dir, `team-${String(n - 1).padStart(4, '0')}.assistant.yaml`), 'utf8'),
    /provider: hosted\n/,
  );
});

test('REVIEW14 F6: the JSON, SARIF and GitLab reports are printed as the run goes: stdout closed, the run stops as the text one does', async () => {
  const n = 1500;
  const errors = warned(n, [0]);
  for (const format of ['json', 'sarif', 'gitlab']) {
    for (const jobs of [[], ['--jobs', '2']]) {
      const r = await closedTimed(['lint', '--no-env-check', '--format', format, ...jobs, '.'], errors);
      assert.equal(r.code, 1, `${format}: ${r.stderr}`);
      const at = stoppedAt(r.stderr);
      assert.ok(at !== undefined && at > 0 && at < n, `${format} ${jobs.join(' ')}: ${r.stderr}`);
    }
  }
  // Undecided (warnings only, no limit): to the end, exit 0, as the text format.
  const under = await closedTimed(['lint', '--no-env-check', '--format', 'json', '.'], warned(300, []));
  assert.equal(under.code, 0, under.stderr);
  assert.equal(stoppedAt(under.stderr), undefined, under.stderr);
  // JUnit and GitHub print at the end (JUnit's root element counts the whole run's tests; GitHub's
  // notice of what it will not show comes before the annotations): to the end, their exit status.
  for (const format of ['junit', 'github']) {
    const r = await closedTimed(['lint', '--no-env-check', '--format', format, '.'], errors);
    assert.equal(r.code, 1, `${format}: ${r.stderr}`);
    assert.match(r.stderr, /timing: 1500 files on /);
  }
});

test('REVIEW14 F6: printed as the run goes, the JSON and SARIF reports are the documents JSON.stringify writes', () => {
  const dir = warned(40, [3, 17]);
  writeFileSync(
    join(dir, 'clean.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n',
  );
  const cases: string[][] = [
    ['.'],
    ['clean.assistant.yaml'],
    ['.', 'missing.assistant.yaml'],
    ['--config', 'nope.yaml', '.'],
    ['--quiet', '.'],
  ];
  for (const format of ['json', 'sarif', 'gitlab'])
    for (const args of cases) {
      const r = spawnSync(process.execPath, [CLI, 'lint', '--no-env-check', '--format', format, ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
      });
      assert.equal(r.stdout, JSON.stringify(JSON.parse(r.stdout), null, 2) + '\n', `${format} ${args.join(' ')}`);
    }
});
