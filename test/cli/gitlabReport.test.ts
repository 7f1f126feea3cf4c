// `lint --format gitlab` (REVIEW14 F7): a GitLab Code Quality report. Each entry valid against GitLab's
// own schema (test/fixtures/gitlab, which GitLab's reader applies entry by entry, stopping at the first
// that fails), and what its documentation asks beyond it: an array, no byte order mark, severity one of
// five words, a path relative to the repository's top, a line from 1. Fingerprints: one per finding
// (GitLab keeps entries by fingerprint: two alike show as one) and unchanged by edits elsewhere in the
// file or the repository (the merge request compares them with the target branch's). Paths from
// CI_PROJECT_DIR, else the git top, else the working directory. A failed run (exit 2) is not an empty
// report: a `blocker` entry says why, at the file it is about. As processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import Ajv from 'ajv';
import { ROOT, fakeSecret } from '../helpers';
import { leakedRuns, runCli } from './helpers';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number; end?: number } };
}

const validateEntry = new Ajv({ strict: false, allErrors: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/gitlab/codeclimate.json'), 'utf8')) as object,
);

/** The report as GitLab reads it, every check on the way; the entries. */
function read(stdout: string): Issue[] {
  assert.notEqual(stdout.charCodeAt(0), 0xfeff, 'no byte order mark');
  const root = JSON.parse(stdout) as unknown;
  assert.ok(Array.isArray(root), 'an array');
  const issues = root as Issue[];
  for (const issue of issues) {
    assert.ok(validateEntry(issue), `${JSON.stringify(issue)}: ${JSON.stringify(validateEntry.errors)}`);
    assert.equal(typeof issue.check_name, 'string');
    assert.ok(issue.check_name.length > 0);
    assert.ok(['info', 'minor', 'major', 'critical', 'blocker'].includes(issue.severity), issue.severity);
    assert.match(issue.fingerprint, /^[0-9a-f]{32}$/);
    assert.ok(issue.description.length > 0);
    const p = issue.location.path;
    assert.ok(!p.startsWith('/') && !p.startsWith('./') && !p.split('/').includes('..') && !p.includes('\\'), p);
    assert.ok(Number.isInteger(issue.location.lines.begin) && issue.location.lines.begin >= 1);
    if (issue.location.lines.end !== undefined) assert.ok(issue.location.lines.end > issue.location.lines.begin);
  }
  const prints = issues.map((i) => i.fingerprint);
  assert.equal(new Set(prints).size, prints.length, 'a fingerprint per entry');
  return issues;
}

const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function repo(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-gitlab-')));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'packages/api'), { recursive: true });
  mkdirSync(join(dir, 'packages/web'), { recursive: true });
  // The same typo twice in one file (two findings, alike but for the line), a warning, and an
  // anchor shared by two LLM blocks.
  writeFileSync(
    join(dir, 'packages/api/prod.assistant.yaml'),
    `${head}  llm: &main\n    provider: vendr_a\n  aiPrimitivesLlm:\n    provider: vendr_a # same typo\n  contextWindowLimit: 0\n`,
  );
  writeFileSync(
    join(dir, 'packages/web/assistant-config.json'),
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hostd"}}}',
  );
  return dir;
}

const byKey = (issues: Issue[]): Map<string, Issue> =>
  new Map(issues.map((i) => [`${i.location.path}:${i.location.lines.begin}:${i.check_name}`, i]));

test('gitlab: every entry valid for GitLab; severities; a fingerprint per finding; exit status as the other formats', () => {
  const dir = repo();
  const r = runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, '');
  const issues = read(r.stdout);
  const keys = byKey(issues);
  assert.deepEqual([...keys.keys()].sort(), [
    'packages/api/prod.assistant.yaml:4:unused-anchor',
    'packages/api/prod.assistant.yaml:5:unknown-discriminator',
    'packages/api/prod.assistant.yaml:7:unknown-discriminator',
    'packages/api/prod.assistant.yaml:8:non-positive-limit',
    'packages/web/assistant-config.json:1:unknown-discriminator',
  ]);
  assert.equal(keys.get('packages/api/prod.assistant.yaml:5:unknown-discriminator')!.severity, 'major');
  assert.equal(keys.get('packages/api/prod.assistant.yaml:8:non-positive-limit')!.severity, 'minor');
  assert.match(
    keys.get('packages/web/assistant-config.json:1:unknown-discriminator')!.description,
    /^Unknown provider 'hostd'.*\(assistant-config unknown-discriminator\)$/,
  );
  // Information (env-not-set, with the env check on) is `info`.
  const env = read(runCli(['lint', '--format', 'gitlab', 'packages/api'], { cwd: dir }).stdout);
  writeFileSync(
    join(dir, 'packages/api/env.assistant.yaml'),
    `${head}  llm:\n    provider: vendor_a\n    model: m\n    apiKey:\n      valueFromEnv: NOT_SET_IN_THIS_TEST\n`,
  );
  const withEnv = read(runCli(['lint', '--format', 'gitlab', 'packages/api'], { cwd: dir }).stdout);
  assert.equal(withEnv.length, env.length + 1);
  assert.equal(withEnv.find((i) => i.check_name === 'env-not-set')?.severity, 'info');
  // A clean run: an empty array, exit 0.
  const clean = runCli(['lint', '--no-env-check', '--format', 'gitlab', 'packages/api/env.assistant.yaml'], {
    cwd: dir,
  });
  assert.equal(clean.code, 0);
  assert.equal(clean.stdout, '[]\n');
  assert.deepEqual(read(clean.stdout), []);
});

test("gitlab: fingerprints stay when lines move, other files change or the finding's neighbours are fixed", () => {
  const dir = repo();
  const before = read(runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd: dir }).stdout);
  // Comments and a key above every finding (lines move), CRLF, an unrelated file changed and added.
  const api = join(dir, 'packages/api/prod.assistant.yaml');
  writeFileSync(
    api,
    `# owned by the api team\r\n# reviewed\r\n${readFileSync(api, 'utf8').replace(/\n/g, '\r\n').replace('definition:\r\n', 'definition:\r\n  maxAssistantActions: 5\r\n')}`,
  );
  writeFileSync(
    join(dir, 'packages/web/assistant-config.json'),
    JSON.stringify({ kind: 'AssistantConfig', version: 'v2', definition: { llm: { provider: 'hostd' } } }, null, 2),
  );
  writeFileSync(join(dir, 'new.assistant.yaml'), `${head}  llm:\n    provider: hostd\n`);
  const after = read(runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd: dir }).stdout);
  const lines = (issues: Issue[]): number[] => issues.map((i) => i.location.lines.begin);
  const old = before.map((i) => i.fingerprint);
  const kept = after.filter((i) => old.includes(i.fingerprint));
  assert.equal(kept.length, before.length, 'every finding of before is there after, by fingerprint');
  assert.notDeepEqual(lines(kept), lines(before), 'with other line numbers');
  assert.equal(after.length, before.length + 1, "the new file's finding is new");
  // Fixing the first of the two typos: the second keeps a fingerprint of before (GitLab reads one
  // fixed, not one fixed and one new).
  writeFileSync(
    api,
    readFileSync(api, 'utf8').replace('provider: vendr_a\r\n', 'provider: vendor_a\r\n    model: m\r\n'),
  );
  const fixed = read(runCli(['lint', '--no-env-check', '--format', 'gitlab', 'packages/api'], { cwd: dir }).stdout);
  const typos = fixed.filter((i) => i.check_name === 'unknown-discriminator');
  assert.equal(typos.length, 1);
  assert.ok(old.includes(typos[0]!.fingerprint));
  // The same run twice: the same bytes.
  const again = runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd: dir }).stdout;
  assert.equal(runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd: dir }).stdout, again);
});

test('gitlab: paths from CI_PROJECT_DIR, else the top of the git repository, else the working directory', () => {
  const dir = repo();
  const api = join(dir, 'packages/api');
  const paths = (cwd: string, env: Record<string, string> = {}): string[] =>
    read(runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd, env }).stdout).map(
      (i) => i.location.path,
    );
  // A job with `cd packages/api` (or a monorepo's per-package job) in a GitLab checkout.
  assert.deepEqual([...new Set(paths(api, { CI_PROJECT_DIR: dir }))], ['packages/api/prod.assistant.yaml']);
  // No CI_PROJECT_DIR (run by hand, another CI): from the git top.
  assert.deepEqual([...new Set(paths(api))], ['packages/api/prod.assistant.yaml']);
  // CI_PROJECT_DIR wins over the git top: a checkout whose .git is not at the project's top (here,
  // `packages` standing in for a project cloned below another repository).
  mkdirSync(join(dir, 'packages/.git'));
  assert.deepEqual([...new Set(paths(api, { CI_PROJECT_DIR: dir }))], ['packages/api/prod.assistant.yaml']);
  assert.deepEqual([...new Set(paths(api))], ['api/prod.assistant.yaml']);
  // A CI_PROJECT_DIR that does not hold the working directory is not used.
  assert.deepEqual(
    [...new Set(paths(api, { CI_PROJECT_DIR: join(dir, 'packages/web') }))],
    ['api/prod.assistant.yaml'],
  );
  // Outside any repository: from the working directory.
  const loose = realpathSync(mkdtempSync(join(tmpdir(), 'ac-gitlab-loose-')));
  mkdirSync(join(loose, 'sub'));
  writeFileSync(join(loose, 'sub/x.assistant.yaml'), `${head}  llm:\n    provider: hostd\n`);
  assert.deepEqual(paths(loose), ['sub/x.assistant.yaml']);
});

test('gitlab: a failed run (exit 2) is a blocker entry saying why, at the file it is about, not an empty report', () => {
  const dir = repo();
  const failed = (args: string[], cwd = dir): Issue[] => {
    const r = runCli(['lint', '--no-env-check', '--format', 'gitlab', ...args], { cwd });
    assert.equal(r.code, 2, r.stderr);
    const issues = read(r.stdout);
    const blockers = issues.filter((i) => i.severity === 'blocker');
    assert.ok(blockers.length > 0, r.stdout);
    for (const b of blockers) {
      assert.equal(b.check_name, 'run-failed');
      assert.ok(
        r.stderr.includes(b.description.replace(/^.*its report is not complete: /, '')),
        `${b.description}\n${r.stderr}`,
      );
    }
    return blockers;
  };
  // A path that cannot be read, beside files that were: their findings are there too.
  const missing = runCli(
    ['lint', '--no-env-check', '--format', 'gitlab', 'packages/api', 'packages/gone.assistant.yaml'],
    { cwd: dir },
  );
  assert.ok(read(missing.stdout).some((i) => i.check_name === 'unknown-discriminator'));
  const [gone] = failed(['packages/api', 'packages/gone.assistant.yaml']);
  assert.equal(gone!.location.path, 'packages/gone.assistant.yaml');
  assert.match(gone!.description, /the run failed \(exit 2\).*cannot read 'packages\/gone\.assistant\.yaml'/);
  // A project config with a mistake: at the config file.
  writeFileSync(join(dir, 'packages/api/.assistant-config.yaml'), 'rules:\n  unknown-discriminator: loud\n');
  const [cfg] = failed(['.']);
  assert.equal(cfg!.location.path, 'packages/api/.assistant-config.yaml');
  // A directory with no AssistantConfig file, from a subdirectory with CI_PROJECT_DIR.
  mkdirSync(join(dir, 'docs'));
  const empty = runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], {
    cwd: join(dir, 'docs'),
    env: { CI_PROJECT_DIR: dir },
  });
  assert.equal(empty.code, 2);
  assert.deepEqual(
    read(empty.stdout).map((i) => [i.check_name, i.location.path]),
    [['run-failed', 'docs']],
  );
  // A --config that cannot be read (the run stops before any file): the report says so.
  const stopped = failed(['--config', 'nope.yaml', '.']);
  assert.equal(stopped.length, 1);
  assert.match(stopped[0]!.description, /nope\.yaml/);
  // -o: the same report in the file.
  const o = runCli(['lint', '--no-env-check', '--format', 'gitlab', '-o', 'gl-code-quality-report.json', 'docs'], {
    cwd: dir,
  });
  assert.equal(o.code, 2);
  assert.equal(read(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8'))[0]!.severity, 'blocker');
});

test('gitlab: no credential reaches the report, whole or in part; a bidi override in a key is shown escaped', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-gitlab-secret-')));
  const s1 = fakeSecret('sk-' + 'live-', 24, 0x61a);
  const s2 = fakeSecret('pw-', 18, 0x61b);
  writeFileSync(
    join(dir, 'a.assistant.yaml'),
    `${head}  llm:\n    provider: vendor_a\n    model: m\n    apiKy: ${s1}\n    apiKey:\n      value: ${s1}\n    endpoint: https://u:${s2}@llm.example.com/v1\n    "mo\u202edel": x\n`,
  );
  const r = runCli(['lint', '--no-env-check', '--format', 'gitlab', '.'], { cwd: dir });
  const issues = read(r.stdout);
  assert.ok(issues.length >= 3, r.stdout);
  assert.deepEqual(leakedRuns(r.stdout, [s1, s2], 8), []);
  assert.ok(!r.stdout.includes('\u202e'));
  assert.ok(
    issues.some((i) => i.description.includes("'mo<U+202E>del'")),
    r.stdout,
  );
});
