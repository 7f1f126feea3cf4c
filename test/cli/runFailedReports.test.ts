// REVIEW9 K9: a lint run that ends with exit 2 (no AssistantConfig file found, a path that cannot be
// read, a project config with mistakes, a --config that cannot be read) wrote a SARIF with no results
// and no `invocations`, and a JUnit report `tests="0" failures="0"`: the README's CI recipes upload
// them after a failed step, and code scanning reads an empty run as "all alerts fixed". Now the SARIF
// says the run failed (`invocations[0].executionSuccessful: false`, exit code, the messages as error
// notifications; valid against the SARIF 2.1.0 schema) and the JUnit report carries an errored
// testcase (`errors="1"`). Runs that end with 0 or 1 say they succeeded. As processes, with -o.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import Ajv from 'ajv';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ROOT } from '../helpers';
import { runCli } from './helpers';

interface Invocation {
  executionSuccessful: boolean;
  exitCode: number;
  toolExecutionNotifications?: { level: string; message: { text: string } }[];
}
interface Sarif {
  runs: { invocations?: Invocation[]; results: { ruleId: string }[] }[];
}
interface Junit {
  testsuites: {
    tests: string;
    failures: string;
    errors: string;
    testsuite: {
      name: string;
      errors: string;
      testcase: { name: string; failure?: unknown; error?: { message: string; type: string; '#text': string } }[];
    }[];
  };
}

const validateSarif = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as object,
);

/** A project: a clean config, one with an error, an empty directory, and a project config with a misspelt level. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-runfailed-'));
  mkdirSync(join(dir, 'empty'));
  mkdirSync(join(dir, 'configs'));
  mkdirSync(join(dir, 'team'));
  writeFileSync(
    join(dir, 'configs/ok.assistant.yaml'),
    '# fine\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n',
  );
  writeFileSync(
    join(dir, 'configs/typo.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hostd # typo\n',
  );
  writeFileSync(join(dir, 'team/.assistant-config.yaml'), 'rules:\n  env-not-set: of\n');
  writeFileSync(
    join(dir, 'team/a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hostd\n',
  );
  return dir;
}

function sarifOf(dir: string, args: string[]): { code: number | null; stderr: string; sarif: Sarif } {
  const r = runCli(['lint', '--no-env-check', '--format', 'sarif', '-o', 'out.sarif', ...args], { cwd: dir });
  const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')) as Sarif;
  assert.ok(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 5)));
  return { code: r.code, stderr: r.stderr, sarif };
}

function junitOf(dir: string, args: string[]): { code: number | null; doc: Junit } {
  const r = runCli(['lint', '--no-env-check', '--format', 'junit', '-o', 'out.xml', ...args], { cwd: dir });
  const xml = readFileSync(join(dir, 'out.xml'), 'utf8');
  assert.equal(XMLValidator.validate(xml), true, xml);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testsuite', 'testcase'].includes(name),
  }).parse(xml) as Junit;
  return { code: r.code, doc };
}

test('K9: exit 2 runs write a SARIF that says the run failed, with what stderr said', () => {
  const dir = project();
  const cases: [string[], RegExp, number][] = [
    // No AssistantConfig file in the directory named: nothing was checked.
    [['empty'], /^no AssistantConfig files found in 'empty'$/, 0],
    // A path that does not exist, beside a file that was checked.
    [['configs/ok.assistant.yaml', 'missing'], /^cannot read 'missing': /, 0],
    // A project config with a misspelt level: the file is still checked (its error is a result).
    [['team'], /^team\/\.assistant-config\.yaml: .*'of'/, 1],
    // A --config that cannot be read stops the run before any file.
    [['--config', 'nope.yaml', 'configs'], /^cannot read the config file 'nope\.yaml'\.$/, 0],
  ];
  for (const [args, said, results] of cases) {
    const { code, stderr, sarif } = sarifOf(dir, args);
    assert.equal(code, 2, args.join(' '));
    const inv = sarif.runs[0]!.invocations;
    assert.equal(inv?.length, 1, args.join(' '));
    assert.equal(inv[0]!.executionSuccessful, false);
    assert.equal(inv[0]!.exitCode, 2);
    const notes = inv[0]!.toolExecutionNotifications ?? [];
    assert.ok(notes.length >= 1, args.join(' '));
    assert.ok(
      notes.every((n) => n.level === 'error'),
      JSON.stringify(notes),
    );
    assert.ok(
      notes.some((n) => said.test(n.message.text)),
      `${args.join(' ')}: ${JSON.stringify(notes)}`,
    );
    // Each notification is what stderr said.
    for (const n of notes) assert.ok(stderr.includes(n.message.text), `${n.message.text} not in ${stderr}`);
    assert.equal(sarif.runs[0]!.results.length, results, args.join(' '));
  }
});

test('K9: exit 0 and exit 1 runs say they succeeded (findings are no failure of the run)', () => {
  const dir = project();
  const clean = sarifOf(dir, ['configs/ok.assistant.yaml']);
  assert.equal(clean.code, 0);
  assert.deepEqual(clean.sarif.runs[0]!.invocations, [{ executionSuccessful: true, exitCode: 0 }]);
  const errors = sarifOf(dir, ['configs']);
  assert.equal(errors.code, 1);
  assert.deepEqual(errors.sarif.runs[0]!.invocations, [{ executionSuccessful: true, exitCode: 1 }]);
  assert.deepEqual(
    errors.sarif.runs[0]!.results.map((r) => r.ruleId),
    ['unknown-discriminator'],
  );
  // An empty directory allowed by --no-error-on-unmatched-pattern is a successful run.
  const allowed = sarifOf(dir, ['--no-error-on-unmatched-pattern', 'empty']);
  assert.equal(allowed.code, 0);
  assert.deepEqual(allowed.sarif.runs[0]!.invocations, [{ executionSuccessful: true, exitCode: 0 }]);
});

test('K9: the JUnit report of an exit 2 run has an errored testcase; the files checked keep theirs', () => {
  const dir = project();
  const empty = junitOf(dir, ['empty']);
  assert.equal(empty.code, 2);
  assert.equal(empty.doc.testsuites.errors, '1');
  assert.equal(empty.doc.testsuites.tests, '1');
  assert.equal(empty.doc.testsuites.failures, '0');
  const [suite] = empty.doc.testsuites.testsuite;
  assert.equal(suite!.errors, '1');
  assert.equal(suite!.testcase[0]!.error?.type, 'exit 2');
  assert.equal(suite!.testcase[0]!.error?.message, "no AssistantConfig files found in 'empty'");

  // The misspelt level: the file's error is a failure, the config's mistake the run's error.
  const team = junitOf(dir, ['team']);
  assert.equal(team.code, 2);
  assert.equal(team.doc.testsuites.errors, '1');
  assert.equal(team.doc.testsuites.failures, '1');
  assert.deepEqual(
    team.doc.testsuites.testsuite.map((s) => [s.name, s.errors]),
    [
      ['team/a.assistant.yaml', '0'],
      ['assistant-config', '1'],
    ],
  );
  assert.match(
    team.doc.testsuites.testsuite[1]!.testcase[0]!.error!['#text'],
    /team\/\.assistant-config\.yaml: .*'of'/,
  );

  // A clean run and a run with findings have no error.
  for (const [args, code, failures] of [
    [['configs/ok.assistant.yaml'], 0, '0'],
    [['configs'], 1, '1'],
  ] as const) {
    const r = junitOf(dir, [...args]);
    assert.equal(r.code, code);
    assert.equal(r.doc.testsuites.errors, '0');
    assert.equal(r.doc.testsuites.failures, failures);
    assert.ok(r.doc.testsuites.testsuite.every((s) => s.testcase.every((c) => c.error === undefined)));
  }
});

test('K9: without -o the report on standard output says the same; a usage error writes no report', () => {
  const dir = project();
  const r = runCli(['lint', '--format', 'sarif', 'empty'], { cwd: dir });
  assert.equal(r.code, 2);
  const sarif = JSON.parse(r.stdout) as Sarif;
  assert.equal(sarif.runs[0]!.invocations?.[0]?.executionSuccessful, false);
  // A run stopped before any file (a --config that cannot be read) prints its report too (REVIEW11
  // C1: it printed nothing, and `> out.sarif` left an empty file).
  const stopped = runCli(['lint', '--format', 'sarif', '--config', 'nope.yaml', 'configs'], { cwd: dir });
  assert.equal(stopped.code, 2);
  const said = (JSON.parse(stopped.stdout) as Sarif).runs[0]!.invocations?.[0];
  assert.equal(said?.executionSuccessful, false);
  assert.equal(said.toolExecutionNotifications?.[0]?.message.text, "cannot read the config file 'nope.yaml'.");
  const stoppedJunit = runCli(['lint', '--format', 'junit', '--config', 'nope.yaml', 'configs'], { cwd: dir });
  assert.equal(stoppedJunit.code, 2);
  assert.match(stoppedJunit.stdout, /<testsuites name="assistant-config" tests="1" failures="0" errors="1"/);
  // A command line that does not parse never gets to a run (nor to its -o): exit 2, nothing written,
  // so an upload step fails on the missing file instead of reading an empty report.
  const bad = runCli(['lint', '--format', 'sarif', '-o', 'bad.sarif', '--max-warnings', 'x', 'configs'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.equal(existsSync(join(dir, 'bad.sarif')), false);
});

interface JsonReport {
  source: string;
  files: { path: string; diagnostics: { code: string }[] }[];
  ok: boolean;
  exitCode: number;
  errors: { message: string }[];
}

test('REVIEW11 C1: the JSON report of an exit 2 run says so (ok: false, exitCode, errors as stderr said them)', () => {
  const dir = project();
  const cases: [string[], RegExp, string[]][] = [
    [['empty'], /^no AssistantConfig files found in 'empty'$/, []],
    [['configs/ok.assistant.yaml', 'missing'], /^cannot read 'missing': /, ['configs/ok.assistant.yaml']],
    [['team'], /^team\/\.assistant-config\.yaml: .*'of'/, ['team/a.assistant.yaml']],
    // Stopped before any file (the run throws): the report is still written, with -o and without.
    [['--config', 'nope.yaml', 'configs'], /^cannot read the config file 'nope\.yaml'\.$/, []],
  ];
  for (const [args, said, files] of cases) {
    for (const toFile of [true, false]) {
      const r = runCli(['lint', '--no-env-check', '--format', 'json', ...(toFile ? ['-o', 'out.json'] : []), ...args], {
        cwd: dir,
      });
      const what = `${args.join(' ')}${toFile ? ' -o' : ''}`;
      assert.equal(r.code, 2, what);
      const doc = JSON.parse(toFile ? readFileSync(join(dir, 'out.json'), 'utf8') : r.stdout) as JsonReport;
      if (toFile) assert.equal(r.stdout, '', what);
      assert.equal(doc.source, 'assistant-config', what);
      assert.equal(doc.ok, false, what);
      assert.equal(doc.exitCode, 2, what);
      assert.deepEqual(
        doc.files.map((f) => f.path),
        files,
        what,
      );
      assert.ok(doc.errors.length >= 1, what);
      assert.ok(
        doc.errors.some((e) => said.test(e.message)),
        `${what}: ${JSON.stringify(doc.errors)}`,
      );
      for (const e of doc.errors) assert.ok(r.stderr.includes(e.message), `${e.message} not in ${r.stderr}`);
    }
  }
});

test('REVIEW11 C1: the JSON report of an exit 0 or exit 1 run says ok, with no errors; its fields keep their shape', () => {
  const dir = project();
  for (const [args, code, codes] of [
    [['configs/ok.assistant.yaml'], 0, [[]]],
    [['configs'], 1, [[], ['unknown-discriminator']]],
    [['--no-error-on-unmatched-pattern', 'empty'], 0, []],
  ] as const) {
    const r = runCli(['lint', '--no-env-check', '--format', 'json', ...args], { cwd: dir });
    assert.equal(r.code, code, args.join(' '));
    const doc = JSON.parse(r.stdout) as JsonReport;
    // (`skipped`: files a walk found and that were removed before their read, REVIEW11 C8.)
    assert.deepEqual(Object.keys(doc), ['source', 'files', 'ok', 'exitCode', 'errors', 'skipped']);
    assert.equal(doc.ok, true);
    assert.equal(doc.exitCode, code);
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(
      doc.files.map((f) => f.diagnostics.map((d) => d.code)),
      codes,
    );
  }
  // More warnings than --max-warnings: exit 1, a successful run all the same.
  writeFileSync(
    join(dir, 'configs/limit.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  contextWindowLimit: 0\n',
  );
  const over = runCli(
    ['lint', '--no-env-check', '--format', 'json', '--max-warnings', '0', 'configs/limit.assistant.yaml'],
    { cwd: dir },
  );
  assert.equal(over.code, 1, over.stderr);
  const doc = JSON.parse(over.stdout) as JsonReport;
  assert.deepEqual([doc.ok, doc.exitCode, doc.errors], [true, 1, []]);
});
