// REVIEW11 C7: GitHub shows at most 10 error, 10 warning and 10 notice annotations per step (50 per
// job); `--format github` printed more with no word of it and no count. Now the run ends with a count
// line, a run with more annotations than GitHub shows says so in one notice (the first line, so that
// it is among the notices shown), and with GITHUB_STEP_SUMMARY every finding is appended to the job
// summary as a Markdown table (escaped; messages masked). As processes, the summary file a temp file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { leakedRuns, runCli } from './helpers';
import { fakeSecret } from '../helpers';
import { markdownText, stepSummaryMarkdown, STEP_SUMMARY_BYTES } from '../../server/src/cli/github';
import { emptyCounts } from '../../server/src/cli/output';
import type { FileReport } from '../../server/src/cli/report';

/** `n` configs in a monorepo's layout, each with two errors and a warning; one quotes a key in `provider`. */
function repo(n: number, secret: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-gh-limits-'));
  for (let i = 0; i < n; i++) {
    const sub = join(dir, 'packages', `team ${i}`, 'config');
    mkdirSync(sub, { recursive: true });
    writeFileSync(
      join(sub, `bot|${i}.assistant.yaml`),
      `# team ${i}: owner @someone <a@example.invalid>\r\nkind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: ${i === 0 ? secret : 'vendr_a'}\r\n    modle: x\r\n    apiKey:\r\n      value: ${secret}\r\n  contextWindowLimit: 0\r\n`,
    );
  }
  return dir;
}

/** A table row of the summary split into its cells, backslash escapes undone (as CommonMark reads them). */
function cells(row: string): string[] {
  const parts = row.slice(2, -2).split(/(?<!\\) \| /);
  return parts.map((c) => c.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
}

test('C7: more annotations than GitHub shows: a notice first, a count last, every finding in the job summary', () => {
  const secret = fakeSecret('sk-proj-', 40, 1407);
  const dir = repo(6, secret);
  const summary = join(dir, 'step-summary.md');
  writeFileSync(summary, '## Earlier step output\n\n');
  const r = runCli(['lint', '--no-env-check', '--format', 'github', 'packages'], {
    cwd: join(dir),
    env: { GITHUB_WORKSPACE: dir, GITHUB_STEP_SUMMARY: summary },
  });
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, '');
  const lines = r.stdout.trimEnd().split('\n');
  // 11 errors (the first file's provider is masked: it is an error too), 6 literal-secret warnings
  // and 6 non-positive-limit warnings: over GitHub's 10 of each.
  const annotations = lines.filter((l) => /^::(error|warning|notice) file=/.test(l));
  const errors = annotations.filter((l) => l.startsWith('::error')).length;
  const warnings = annotations.filter((l) => l.startsWith('::warning')).length;
  assert.ok(errors > 10 && warnings > 10, `${errors} errors, ${warnings} warnings`);
  assert.match(lines[0]!, /^::notice title=assistant-config%3A more findings than GitHub shows::/);
  assert.match(
    lines[0]!,
    new RegExp(
      `${errors} errors, ${warnings} warnings, 0 notices to annotate; GitHub shows at most 10 of each kind per step \\(50 per job\\), so some are not on the pull request: every finding is in this step's log and in the job summary\\.$`,
    ),
  );
  assert.equal(lines.filter((l) => l.startsWith('::notice')).length, 1);
  assert.equal(lines.at(-1), `6 files checked: ${errors} errors, ${warnings} warnings, 0 information.`);
  // Annotations name files from the workspace, with `,` `:` escaped as properties.
  assert.ok(
    annotations.every((l) => l.includes('file=packages/team ')),
    annotations[0],
  );

  const md = readFileSync(summary, 'utf8');
  assert.ok(md.startsWith('## Earlier step output\n\n### '), 'appended, what the step wrote before kept');
  const rows = md
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Location') && !l.startsWith('| ---'));
  assert.equal(rows.length, errors + warnings, 'one row a finding');
  for (const row of rows) assert.equal(cells(row).length, 4, row);
  const first = cells(rows[0]!);
  assert.match(first[0]!, /^packages\/team 0\/config\/bot\|0\.assistant\.yaml:\d+:\d+$/);
  assert.ok(['error', 'warning'].includes(first[1]!));
  // Every annotation's message is a row's message, word for word once unescaped.
  const messages = new Set(rows.map((row) => cells(row)[3]));
  for (const a of annotations) {
    const m = a
      .slice(a.indexOf('::', 2) + 2)
      .replace(/%0A/g, '\n')
      .replace(/%0D/g, '\r')
      .replace(/%25/g, '%');
    assert.ok(messages.has(m), m);
  }
  // Nothing of the key reaches the log or the summary (the provider quoted it; the value is literal).
  assert.deepEqual(leakedRuns(r.stdout + md, [secret], 6), []);
  assert.deepEqual(leakedRuns(r.stdout + md, [secret.slice(8)], 6), []);
});

test('C7: within GitHub’s limits: no notice, nothing written to the job summary, the count still printed', () => {
  const dir = repo(3, fakeSecret('sk-proj-', 40, 1408));
  const summary = join(dir, 'step-summary.md');
  writeFileSync(summary, '');
  const r = runCli(['lint', '--no-env-check', '--quiet', '--format', 'github', '.'], {
    cwd: dir,
    env: { GITHUB_WORKSPACE: dir, GITHUB_STEP_SUMMARY: summary },
  });
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.filter((l) => l.startsWith('::error')).length, 6);
  assert.equal(lines.filter((l) => l.startsWith('::notice') || l.startsWith('::warning')).length, 0);
  // --quiet hides the warnings' annotations (the first file's key in `provider` is one more); the count has them.
  assert.equal(lines.at(-1), '3 files checked: 6 errors, 7 warnings, 0 information.');
  assert.equal(readFileSync(summary, 'utf8'), '');
  // A clean run prints its count too.
  const clean = mkdtempSync(join(tmpdir(), 'ac-gh-clean-'));
  writeFileSync(
    join(clean, 'a.assistant.json'),
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"}}}',
  );
  const c = runCli(['lint', '--no-env-check', '--format', 'github', '.'], { cwd: clean });
  assert.equal(c.code, 0, c.stderr);
  assert.equal(c.stdout, '1 file checked: 0 errors, 0 warnings, 0 information.\n');
});

test('C7: a job summary that cannot be written is said on stderr; the exit status is the run’s', () => {
  const dir = repo(6, fakeSecret('sk-proj-', 40, 1409));
  const r = runCli(['lint', '--no-env-check', '--format', 'github', '.'], {
    cwd: dir,
    // A directory: appending to it fails (EISDIR).
    env: { GITHUB_STEP_SUMMARY: join(dir, 'packages') },
  });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'assistant-config: note: the findings were not added to the job summary: EISDIR\n');
});

test('C7: the summary stops short of GitHub’s 1 MiB and counts what it leaves out; Markdown is escaped', () => {
  const finding = (i: number, message: string): FileReport['findings'][number] => ({
    code: 'unknown-property',
    severity: 'error',
    message,
    line: i + 1,
    column: 1,
    endLine: i + 1,
    endColumn: 2,
  });
  const nasty = 'x | <script>alert(1)</script> @team *b* _i_ [l](https://e.invalid) `c` # h \\ ~s~ ![i](x) &amp;\nnext';
  const reports: FileReport[] = [
    {
      path: '/w/a.assistant.yaml',
      displayPath: 'a.assistant.yaml',
      findings: Array.from({ length: 5000 }, (_, i) => finding(i, i === 0 ? nasty : `message ${i} `.repeat(20))),
    },
  ];
  const counts = { ...emptyCounts(), files: 1, error: 5000 };
  const md = stepSummaryMarkdown({ reports, counts, skipped: [], workspaces: ['/w'], stepSummary: 'x' });
  assert.ok(Buffer.byteLength(md) < STEP_SUMMARY_BYTES, String(Buffer.byteLength(md)));
  const rows = md.split('\n').filter((l) => /^\| a\\\.assistant/.test(l));
  const left = /(\d+) more findings not listed: a step summary holds at most 1 MiB; they are in the step's log\./.exec(
    md.replace(/\\([!-/:-@[-`{-~])/g, '$1'),
  );
  assert.ok(left, md.slice(-300));
  assert.equal(rows.length + Number(left[1]), 5000);
  // The first message comes back whole once the escapes are undone; no raw HTML, link or mention is left.
  assert.deepEqual(cells(rows[0]!), ['a.assistant.yaml:1:1', 'error', 'unknown-property', nasty.replace('\n', '\\n')]);
  assert.doesNotMatch(rows[0]!, /(?<!\\)[<>@[\]`*_~!#&]/);
  assert.equal(markdownText('a|b'), 'a\\|b');
  assert.equal(markdownText('line\nbreak'), 'line\\\\nbreak');
});

test('a run that fails with no finding to say why (exit 2, or --max-warnings) says it in an error annotation, first', () => {
  const dir = repo(1, fakeSecret('sk-proj-', 40, 1410));
  writeFileSync(join(dir, 'packages', '.assistant-config.yaml'), 'rules:\n  literal-secret: eror\n');
  const r = runCli(['lint', '--no-env-check', '--format', 'github', '.'], { cwd: dir, env: { GITHUB_WORKSPACE: dir } });
  assert.equal(r.code, 2, r.stderr);
  const said =
    "packages/.assistant-config.yaml: line 2: 'literal-secret' must be off, info, warning or error (got 'eror'; did you mean 'error'?)";
  assert.equal(r.stderr, `assistant-config: ${said}\n`);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines[0], `::error title=assistant-config%3A the run failed::${said}`);
  assert.match(lines.at(-1)!, /^1 file checked: /);

  const warned = mkdtempSync(join(tmpdir(), 'ac-gh-warned-'));
  writeFileSync(
    join(warned, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  contextWindowLimit: 0\n',
  );
  const w = runCli(['lint', '--no-env-check', '--format', 'github', '--max-warnings', '0', '.'], { cwd: warned });
  assert.equal(w.code, 1);
  assert.equal(w.stderr, 'assistant-config: 1 warning, more than --max-warnings 0.\n');
  const wl = w.stdout.trimEnd().split('\n');
  assert.equal(wl[0], '::error title=assistant-config%3A the run failed::1 warning, more than --max-warnings 0.');
  assert.match(wl[1]!, /^::warning file=a\.assistant\.yaml,line=6,/);
  assert.equal(wl[2], '1 file checked: 0 errors, 1 warning, 0 information.');
  // Within the limit: no such annotation.
  const ok = runCli(['lint', '--no-env-check', '--format', 'github', '--max-warnings', '1', '.'], { cwd: warned });
  assert.equal(ok.code, 0);
  assert.doesNotMatch(ok.stdout, /::error/);
});
