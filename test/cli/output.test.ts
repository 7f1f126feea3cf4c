// lint's output as a real process: code frames with and without colour, the summary, GitHub
// workflow commands, JUnit XML (checked by fast-xml-parser's validator and parsed back), --quiet,
// --max-warnings and --version everywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { runCli } from './helpers';
import { PROVIDERS, ROOT, quotedList } from '../helpers';

const dir = mkdtempSync(join(tmpdir(), 'ac-out-'));
const MIXED = join(dir, 'mixed.assistant.yaml');
// One error (unknown provider), two warnings (zero limit, literal secret), one information (env).
writeFileSync(
  MIXED,
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: sk-live-9f8e7d6c5b4a39281706aa\n  aiPrimitivesLlm:\n    provider: vendr_b\n  contextWindowLimit: 0\n',
);
/** How the unknown-discriminator message lists the providers (read from the schema). */
const VALID_PROVIDERS = `Valid values: ${quotedList(PROVIDERS)}.`;
const pkgVersion = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

test('text: each finding is a grep-able line, then a code frame with one line of context and a caret under the range', () => {
  const r = runCli(['lint', '--no-env-check', 'test/fixtures/validation/unknown-provider.assistant.yaml']);
  assert.equal(r.code, 1);
  assert.equal(
    r.stdout,
    [
      `test/fixtures/validation/unknown-provider.assistant.yaml:5:15 error unknown-discriminator Unknown provider 'vendr_a'. Did you mean 'vendor_a'? ${VALID_PROVIDERS}`,
      '  4 |   llm:',
      '> 5 |     provider: vendr_a',
      '    |               ^^^^^^^',
      '  6 |     apiKey:',
      '',
      '1 file checked: 1 error, 0 warnings, 0 information.',
      '',
    ].join('\n'),
  );
});

test('text: no colour when piped, NO_COLOR or FORCE_COLOR=0; colour with FORCE_COLOR or --color', () => {
  const ESC = '\u001b[';
  const plain = (s: string): boolean => !s.includes(ESC);
  assert.ok(plain(runCli(['lint', MIXED]).stdout));
  assert.ok(plain(runCli(['lint', MIXED], { env: { NO_COLOR: '1' } }).stdout));
  assert.ok(plain(runCli(['lint', MIXED], { env: { FORCE_COLOR: '0' } }).stdout));
  const coloured = runCli(['lint', MIXED], { env: { FORCE_COLOR: '1' } }).stdout;
  assert.ok(coloured.includes(`${ESC}31merror${ESC}39m`), coloured);
  assert.ok(coloured.includes(`${ESC}33mwarning${ESC}39m`), coloured);
  assert.ok(!plain(runCli(['lint', '--color', MIXED], { env: { NO_COLOR: '1' } }).stdout));
  assert.ok(plain(runCli(['lint', '--no-color', MIXED], { env: { FORCE_COLOR: '1' } }).stdout));
  // Without the escapes, the coloured output is the plain one.
  assert.equal(
    coloured
      .split(ESC)
      .map((part, i) => (i === 0 ? part : part.replace(/^\d+m/, '')))
      .join(''),
    runCli(['lint', MIXED]).stdout,
  );
});

test('text: a literal secret never appears in a code frame, whole or in part', () => {
  const r = runCli(['lint', MIXED]);
  assert.ok(!r.stdout.includes('sk-live'), r.stdout);
  assert.match(r.stdout, /value: \*{29}/);
});

test('--quiet shows errors only; the summary still counts everything', () => {
  const r = runCli(['lint', '--quiet', '--no-env-check', MIXED]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /error unknown-discriminator/);
  assert.doesNotMatch(r.stdout, /warning (non-positive-limit|literal-secret)/);
  assert.match(r.stdout, /1 file checked: 1 error, 2 warnings/);
});

test('--max-warnings N: exit 1 above N, as ESLint does', () => {
  const f = join(dir, 'warn.assistant.yaml');
  writeFileSync(
    f,
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n  contextWindowLimit: 0\n  maxAssistantActions: 0\n',
  );
  const base = runCli(['lint', f]);
  assert.equal(base.code, 0, base.stdout);
  assert.match(base.stdout, /2 warnings/);
  assert.equal(runCli(['lint', '--max-warnings', '2', f]).code, 0);
  const over = runCli(['lint', '--max-warnings=1', f]);
  assert.equal(over.code, 1);
  assert.match(over.stderr, /2 warnings, more than --max-warnings 1/);
  assert.equal(runCli(['lint', '--max-warnings', '0', '--quiet', f]).code, 1, 'hidden warnings still count');
  assert.equal(runCli(['lint', '--max-warnings', 'x', f]).code, 2);
});

test('--format github: one workflow command per finding, with escaped properties and data', () => {
  const r = runCli(['lint', '--format', 'github', '--no-env-check', MIXED]);
  assert.equal(r.code, 1);
  const lines = r.stdout.trim().split('\n');
  const rel = relative(ROOT, MIXED);
  const file = rel.replace(/:/g, '%3A').replace(/,/g, '%2C');
  assert.ok(
    lines.includes(
      `::error file=${file},line=9,col=15,endLine=9,endColumn=22,title=assistant-config(unknown-discriminator)::Unknown provider 'vendr_b'. Did you mean 'vendor_b'? ${VALID_PROVIDERS}`,
    ),
    r.stdout,
  );
  assert.ok(
    lines.some(
      (l) => l.startsWith(`::warning file=${file},line=7,`) && l.includes('title=assistant-config(literal-secret)'),
    ),
    r.stdout,
  );
  // Every line a workflow command, but the count at the end (REVIEW11 C7).
  assert.match(lines.at(-1)!, /^1 file checked: \d+ errors?, \d+ warnings?, \d+ information\.$/);
  for (const l of lines.slice(0, -1))
    assert.match(
      l,
      /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^,:]+::[^\n]+$/,
    );
  assert.ok(!r.stdout.includes('sk-live'));
});

test('--format junit: well-formed XML whose suites, cases and failures match the findings', () => {
  const clean = join(ROOT, 'examples/hosted.assistant.yaml');
  const r = runCli(['lint', '--format', 'junit', '--no-env-check', MIXED, clean]);
  assert.equal(r.code, 1);
  assert.equal(XMLValidator.validate(r.stdout), true, r.stdout);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testsuite', 'testcase'].includes(name),
  }).parse(r.stdout) as {
    testsuites: {
      tests: string;
      failures: string;
      testsuite: {
        name: string;
        tests: string;
        failures: string;
        testcase: { name: string; failure?: { type: string; message: string } }[];
      }[];
    };
  };
  const suites = doc.testsuites.testsuite;
  assert.equal(suites.length, 2);
  const mixed = suites[0]!;
  assert.match(mixed.name, /mixed\.assistant\.yaml$/);
  assert.deepEqual(
    mixed.testcase.map((c) => [c.name, c.failure?.type]),
    [
      ['7:14 literal-secret', 'warning'],
      ['9:15 unknown-discriminator', 'error'],
      ['10:23 non-positive-limit', 'warning'],
    ],
  );
  assert.equal(mixed.failures, '3');
  assert.equal(doc.testsuites.failures, '3');
  assert.equal(suites[1]!.testcase.length, 1);
  assert.equal(suites[1]!.testcase[0]!.failure, undefined);
  assert.equal(doc.testsuites.tests, '4');
  assert.ok(!r.stdout.includes('sk-live'));
});

test('--version everywhere: alone, with a command, after its arguments', () => {
  for (const args of [
    ['--version'],
    ['-V'],
    ['lint', '--version'],
    ['explain', 'x', '--version'],
    ['test-connection', '--version'],
    ['format', '--version'],
  ]) {
    const r = runCli(args);
    assert.equal(r.code, 0, args.join(' '));
    assert.equal(r.stdout, pkgVersion + '\n', args.join(' '));
  }
});

test('--format github names files from GITHUB_WORKSPACE when set (a step run in a subdirectory; REVIEW5 H10)', () => {
  const top = mkdtempSync(join(tmpdir(), 'ac-gh-'));
  const web = join(top, 'packages', 'web');
  mkdirSync(join(web, 'config'), { recursive: true });
  writeFileSync(
    join(web, 'config', 'prod.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: vendr_a}\n',
  );
  const inRepo = runCli(['lint', '--no-env-check', '--no-config', '--format', 'github', '.'], {
    cwd: web,
    env: { GITHUB_WORKSPACE: top },
  });
  assert.match(inRepo.stdout, /^::error file=packages\/web\/config\/prod\.assistant\.yaml,line=4,/m);
  // Without it (or for a file outside it), relative to the working directory as before.
  const plain = runCli(['lint', '--no-env-check', '--no-config', '--format', 'github', '.'], { cwd: web });
  assert.match(plain.stdout, /^::error file=config\/prod\.assistant\.yaml,line=4,/m);
  const elsewhere = runCli(['lint', '--no-env-check', '--no-config', '--format', 'github', '.'], {
    cwd: web,
    env: { GITHUB_WORKSPACE: join(top, 'other') },
  });
  assert.match(elsewhere.stdout, /^::error file=config\/prod\.assistant\.yaml,line=4,/m);
  // A workspace named through a link (macOS runners: /tmp is /private/tmp): the working directory is
  // real, the variable is resolved (REVIEW6 I14).
  const link = join(mkdtempSync(join(tmpdir(), 'ac-ghl-')), 'repolink');
  symlinkSync(top, link);
  const linked = runCli(['lint', '--no-env-check', '--no-config', '--format', 'github', '.'], {
    cwd: join(link, 'packages', 'web'),
    env: { GITHUB_WORKSPACE: link },
  });
  assert.match(linked.stdout, /^::error file=packages\/web\/config\/prod\.assistant\.yaml,line=4,/m);
  // And with a trailing slash.
  const slash = runCli(['lint', '--no-env-check', '--no-config', '--format', 'github', '.'], {
    cwd: web,
    env: { GITHUB_WORKSPACE: `${link}/` },
  });
  assert.match(slash.stdout, /^::error file=packages\/web\/config\/prod\.assistant\.yaml,line=4,/m);
});
