// REVIEW15-user (fix16): one slip of the user's, one finding and one fix, run as processes. Each case:
// `lint --format json` (the findings), `lint --fix-dry-run` (its diff must apply with `git apply` and
// give what `--fix` writes), `lint --fix`, and `lint --fix` again (nothing changes). LF and CRLF,
// comments kept. Fake credentials are made at run time from a printed seed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fakeSecret, madeUpPasswords } from '../helpers';
import { leakedRuns, runCli } from './helpers';

const SEED = 20261124 + 16;
console.log(`oneSlipOneFix: seed ${SEED}`);

const work = mkdtempSync(join(tmpdir(), 'ac-one-slip-'));
after(() => rmSync(work, { recursive: true, force: true }));

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
let n = 0;

interface Finding {
  code: string;
  severity: string;
  message: string;
}

interface Run {
  findings: Finding[];
  /** `lint` in text form (code frames). */
  frames: string;
  dry: { stdout: string; stderr: string };
  /** The text `git apply` makes of the dry run's diff (undefined when git is not there; why not, when it does not apply). */
  applied: string | undefined;
  fixOut: string;
  fixed: string;
  again: string;
  /** The findings left after `--fix`. */
  left: Finding[];
}

function lintJson(dir: string, name: string, extra: string[] = []): Finding[] {
  const r = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', ...extra, name], { cwd: dir });
  const report = JSON.parse(r.stdout) as { files: { diagnostics: Finding[] }[] };
  return report.files.flatMap((f) => f.diagnostics);
}

function run(text: string, ext = 'yaml'): Run {
  const dir = join(work, `c${n++}`);
  mkdirSync(dir);
  const name = `a.assistant.${ext}`;
  const path = join(dir, name);
  writeFileSync(path, text);
  const args = ['--no-config', '--no-env-check'];
  const findings = lintJson(dir, name);
  const frames = runCli(['lint', ...args, name], { cwd: dir }).stdout;
  const dry = runCli(['lint', ...args, '--fix-dry-run', name], { cwd: dir });
  assert.equal(readFileSync(path, 'utf8'), text, 'the dry run writes nothing');
  let applied: string | undefined;
  if (dry.stdout !== '') {
    const copy = join(dir, 'copy');
    mkdirSync(copy);
    writeFileSync(join(copy, name), text);
    const git = spawnSync('git', ['apply', '--whitespace=nowarn', '-'], {
      cwd: copy,
      input: dry.stdout,
      encoding: 'utf8',
    });
    if (git.error === undefined)
      applied = git.status === 0 ? readFileSync(join(copy, name), 'utf8') : `(does not apply: ${git.stderr})`;
  } else applied = text;
  const fix = runCli(['lint', ...args, '--fix', name], { cwd: dir });
  const fixed = readFileSync(path, 'utf8');
  runCli(['lint', ...args, '--fix', name], { cwd: dir });
  const again = readFileSync(path, 'utf8');
  return { findings, frames, dry, applied, fixOut: fix.stdout + fix.stderr, fixed, again, left: lintJson(dir, name) };
}

/** The run's invariants for a slip `--fix` repairs: the fix is the dry run's diff, idempotent, clean. */
function assertRepaired(r: Run, want: string): void {
  assert.equal(r.fixed, want, r.fixOut);
  assert.equal(r.again, r.fixed, 'a second --fix changes nothing');
  if (r.applied !== undefined) assert.equal(r.applied, r.fixed, "the dry run's diff gives what --fix writes");
  assert.doesNotMatch(r.dry.stderr, /masked|does not apply/, r.dry.stderr);
  assert.deepEqual(
    r.left.filter((d) => d.severity === 'error'),
    [],
  );
}

const codes = (r: Run): string[] => r.findings.map((d) => d.code);

// ---------------------------------------------------------------------------------------------
// U4 + U5: a misspelt `valueFromEnv` is one finding (the near-miss key, with its rename), and the
// variable's name under it is no credential: shown, so the dry run's diff applies.

const misspeltFromEnv: { name: string; before: string; after: string; ext?: string }[] = [
  {
    name: 'flow, v1 snake_case',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey: {value_from_env: MY_VENDOR_KEY}  # from CI\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: MY_VENDOR_KEY}  # from CI\n`,
  },
  {
    name: 'block, a letter left out, comments around',
    before: `${H}  llm:\n    provider: vendor_a\n    # the key of the shared account\n    apiKey:\n      valuFromEnv: MY_VENDOR_KEY # rotated monthly\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    # the key of the shared account\n    apiKey:\n      valueFromEnv: MY_VENDOR_KEY # rotated monthly\n`,
  },
  {
    name: 'a $-reference under the misspelt key',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey: {value_from_env: $MY_VENDOR_KEY}\n`,
    // (The rename keeps the value; the `$` is then its own safe fix.)
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: MY_VENDOR_KEY}\n`,
  },
  {
    name: 'JSON',
    ext: 'json',
    before:
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": { "value_from_env": "MY_VENDOR_KEY" } }\n  }\n}\n',
    after:
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": { "valueFromEnv": "MY_VENDOR_KEY" } }\n  }\n}\n',
  },
];

for (const s of misspeltFromEnv) {
  for (const eol of s.ext === 'json' ? ['LF'] : ['LF', 'CRLF']) {
    test(`U4/U5 a misspelt valueFromEnv (${s.name}, ${eol}): one finding, renamed by --fix, the name shown`, () => {
      const conv = eol === 'CRLF' ? crlf : (t: string): string => t;
      const r = run(conv(s.before), s.ext);
      assert.deepEqual(codes(r), ['unknown-property'], JSON.stringify(r.findings));
      assert.match(r.findings[0]!.message, /Did you mean 'valueFromEnv'\?/);
      assert.match(r.frames, /MY_VENDOR_KEY/, 'the variable name is shown in the code frame');
      assert.match(r.dry.stdout, /^-.*MY_VENDOR_KEY/m);
      assertRepaired(r, conv(s.after));
    });
  }
}

test('U5 api_key: ${VENDOR_B_KEY} (a reference under a misspelt credential field): shown, the diff applies', () => {
  for (const conv of [(t: string): string => t, crlf]) {
    const r = run(conv(`${H}  llm:\n    provider: vendor_b\n    api_key: \${VENDOR_B_KEY} # v1 name\n`));
    assert.deepEqual(codes(r), ['unknown-property'], JSON.stringify(r.findings));
    assert.match(r.frames, /api_key: \$\{VENDOR_B_KEY\}/);
    assertRepaired(
      r,
      conv(`${H}  llm:\n    provider: vendor_b\n    apiKey: { valueFromEnv: VENDOR_B_KEY } # v1 name\n`),
    );
  }
});

test('U5 a credential under a misspelt valueFromEnv or a misspelt apiKey stays masked, and is not renamed', () => {
  const key = fakeSecret('sk-' + 'proj-', 40, SEED);
  const [password] = madeUpPasswords(SEED, 1) as [string];
  const cases = [
    `${H}  llm:\n    provider: vendor_a\n    apiKey: {value_from_env: ${key}}\n`,
    `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valuFromEnv: ${password}\n`,
    `${H}  llm:\n    provider: vendor_b\n    api_key: ${password}\n`,
    `${H}  llm:\n    provider: vendor_b\n    api_key: {value_from_env: ${key}}\n`,
  ];
  for (const text of cases) {
    const r = run(text);
    const printed = r.frames + r.dry.stdout + r.dry.stderr + r.fixOut + JSON.stringify(r.findings);
    // (The key's public prefix, `sk-proj-`, is no secret: "unknown-property" holds `-pro`.)
    assert.deepEqual(leakedRuns(printed, [key.slice('sk-proj-'.length), password], 4), [], text);
    // Still said, once per slip: no "neither" beside the near-miss key.
    assert.ok(!codes(r).includes('env-value-conflict'), JSON.stringify(r.findings));
    // Renamed to valueFromEnv, the secret would pass for a variable's name: --fix leaves the key.
    assert.ok(!/valueFromEnv: (?:sk-|[A-Z][a-z])/.test(r.fixed), r.fixed);
  }
});

// ---------------------------------------------------------------------------------------------
// U15: `value: ""` beside `valueFromEnv` is one finding with the safe removal, as `value: null` is.

test('U15 value: "" beside valueFromEnv: one finding, removed by --fix (flow, block, JSON; LF and CRLF)', () => {
  const cases: { before: string; after: string; ext?: string }[] = [
    {
      before: `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K, value: ""}  # generated\n`,
      after: `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}  # generated\n`,
    },
    {
      before: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: '' # no literal\n      valueFromEnv: K\n`,
      after: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      # no literal\n      valueFromEnv: K\n`,
    },
    {
      ext: 'json',
      before:
        '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"vendor_a","apiKey":{"value":"","valueFromEnv":"K"}}}}\n',
      after:
        '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"vendor_a","apiKey":{"valueFromEnv":"K"}}}}\n',
    },
  ];
  for (const c of cases)
    for (const conv of c.ext ? [(t: string): string => t] : [(t: string): string => t, crlf]) {
      const r = run(conv(c.before), c.ext);
      assert.deepEqual(codes(r), ['env-value-conflict'], JSON.stringify(r.findings));
      assert.match(r.findings[0]!.message, /empty string is no credential/);
      assert.doesNotMatch(r.findings[0]!.message, /fill it in/);
      assertRepaired(r, conv(c.after));
    }
});

test('U15 a blank value beside valueFromEnv: one finding, left to the editor (--fix keeps it)', () => {
  const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K, value: "  "}\n`;
  const r = run(text);
  assert.deepEqual(codes(r), ['env-value-conflict'], JSON.stringify(r.findings));
  assert.equal(r.fixed, text);
});

// ---------------------------------------------------------------------------------------------
// U6: `llm` left at the top level beside a `definition` that lacks it: one finding (the stray key's,
// with its move: test/service/oneSlipFixes.test.ts); `--fix` writes no second `llm`: it moves this one
// under `definition`, its comment with it (certain and lossless: REVIEW16-user N2).

test('U6 llm at the top level: one finding; --fix moves it under definition, adds no second llm (LF and CRLF)', () => {
  const before =
    'kind: AssistantConfig\nversion: v2\n# v1 place\nllm:\n  provider: hosted\ndefinition:\n  maxAssistantActions: 5\n';
  for (const conv of [(t: string): string => t, crlf]) {
    const r = run(conv(before));
    assert.deepEqual(codes(r), ['unknown-property'], JSON.stringify(r.findings));
    assert.match(r.findings[0]!.message, /belongs under 'definition', which requires it/);
    assertRepaired(
      r,
      conv(
        'kind: AssistantConfig\nversion: v2\ndefinition:\n  maxAssistantActions: 5\n  # v1 place\n  llm:\n    provider: hosted\n',
      ),
    );
  }
  // The same in JSON, pretty and on one line: the value as written, the commas right.
  const pretty =
    '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "llm": { "provider": "hosted" },\n  "definition": {\n    "maxAssistantActions": 5\n  }\n}\n';
  const j = run(pretty, 'json');
  assert.deepEqual(codes(j), ['unknown-property'], JSON.stringify(j.findings));
  assertRepaired(
    j,
    '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "maxAssistantActions": 5,\n    "llm": { "provider": "hosted" }\n  }\n}\n',
  );
  const line = run(
    '{"kind":"AssistantConfig","version":"v2","llm":{"provider":"hosted"},"definition":{"maxAssistantActions":5}}',
    'json',
  );
  assertRepaired(
    line,
    '{"kind":"AssistantConfig","version":"v2","definition":{"maxAssistantActions":5,"llm":{"provider":"hosted"}}}',
  );
});

// ---------------------------------------------------------------------------------------------
// U13: `version: 2.0` / `v2.0`: said as written, and `v2` written by --fix when that is certain.

test('U13 version 2.0, v2.0, "2.0", 2.0.0: said as written, --fix writes v2 (comments, LF and CRLF)', () => {
  const body = 'definition:\n  llm: {provider: hosted}\n';
  for (const [v, said, want] of [
    ['2.0', /found the number 2\.0\. Did you mean 'v2'\?/, 'v2'],
    ['v2.0', /Version 'v2\.0' is not supported: only v2 is described\. Did you mean 'v2'\?/, 'v2'],
    ['"2.0"', /Version '2\.0' is not supported/, '"v2"'],
    ['2.0.0', /Version '2\.0\.0' is not supported/, 'v2'],
  ] as const) {
    for (const conv of [(t: string): string => t, crlf]) {
      const r = run(conv(`kind: AssistantConfig\nversion: ${v} # migrated\n${body}`));
      assert.equal(r.findings.length, 1, JSON.stringify(r.findings));
      assert.match(r.findings[0]!.message, said);
      assertRepaired(r, conv(`kind: AssistantConfig\nversion: ${want} # migrated\n${body}`));
    }
  }
});

test('U13 version 2.1, v2.1, v3, 1.0: not a slip of v2 (another release): --fix leaves them', () => {
  for (const v of ['2.1', 'v2.1', 'v3', '1.0']) {
    const text = `kind: AssistantConfig\nversion: ${v}\ndefinition:\n  llm: {provider: hosted}\n`;
    const r = run(text);
    assert.equal(r.findings.length, 1, JSON.stringify(r.findings));
    assert.ok(r.findings[0]!.message.includes(v), r.findings[0]!.message);
    assert.doesNotMatch(r.findings[0]!.message, /Did you mean/);
    assert.equal(r.fixed, text);
  }
});

// ---------------------------------------------------------------------------------------------
// U10: `maxItem: 50` beside `maxItems: 40`: the competing key named; --fix keeps both values (the
// choice is the user's) and removes the near miss only when it repeats the same value.

test('U10 maxItem beside maxItems: named; --fix drops no value, and removes an exact repeat (LF and CRLF)', () => {
  const head =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    maxItems: 40\n';
  for (const conv of [(t: string): string => t, crlf]) {
    const differ = run(conv(`${head}    maxItem: 50 # raised\n`));
    assert.deepEqual(codes(differ), ['unknown-property']);
    assert.match(differ.findings[0]!.message, /It looks like 'maxItems', which is set too: keep one of the two\./);
    assert.equal(differ.fixed, conv(`${head}    maxItem: 50 # raised\n`));
    const same = run(conv(`${head}    maxItem: 40\n`));
    assertRepaired(same, conv(head));
  }
});

// ---------------------------------------------------------------------------------------------
// U9: v1 shapes whose v2 form keeps every word: `threadTitleGeneration: true` → `{ enable: true }`,
// `featureFlags: [a, b]` → `{ a: true, b: true }` (a block list item by item, comments kept).

test('U9 threadTitleGeneration: true and featureFlags as a list: --fix writes the v2 shapes (LF, CRLF, JSON)', () => {
  const H2 = `${H}  llm: {provider: hosted}\n`;
  const cases: { before: string; after: string; ext?: string }[] = [
    {
      before: `${H2}  threadTitleGeneration: true # on\n  featureFlags: [enable_automations, "enable_visualizations"]\n`,
      after: `${H2}  threadTitleGeneration: { enable: true } # on\n  featureFlags: { enable_automations: true, "enable_visualizations": true }\n`,
    },
    {
      before: `${H2}  threadTitleGeneration: false\n  featureFlags:\n    # the two we use\n    - enable_automations # since May\n\n    - my_custom_flag\n`,
      after: `${H2}  threadTitleGeneration: { enable: false }\n  featureFlags:\n    # the two we use\n    enable_automations: true # since May\n\n    my_custom_flag: true\n`,
    },
    {
      // A list at its key's column (YAML allows it): the keys go one level in.
      before: `${H2}  featureFlags:\n  - enable_automations\n  - enable_visualizations\n`,
      after: `${H2}  featureFlags:\n    enable_automations: true\n    enable_visualizations: true\n`,
    },
    {
      ext: 'json',
      before:
        '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"threadTitleGeneration":true,"featureFlags":["enable_automations"]}}\n',
      after:
        '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"threadTitleGeneration":{ "enable": true },"featureFlags":{ "enable_automations": true }}}\n',
    },
  ];
  for (const c of cases)
    for (const conv of c.ext ? [(t: string): string => t] : [(t: string): string => t, crlf]) {
      const r = run(conv(c.before), c.ext);
      assert.ok(
        r.findings.length > 0 && r.findings.every((d) => d.code === 'invalid-type'),
        JSON.stringify(r.findings),
      );
      assertRepaired(r, conv(c.after));
    }
});

test('U9 a list that is not only names written once, or holds a comment in flow, is left as written', () => {
  const H2 = `${H}  llm: {provider: hosted}\n`;
  for (const flags of [
    '[enable_automations, enable_automations]',
    '[enable_automations, {enable_visualizations: true}]',
    '[enable_automations, # ours\n    enable_visualizations]',
    '&flags [enable_automations]',
    '\n    - enable_automations\n    - - nested',
  ]) {
    const text = `${H2}  featureFlags: ${flags}\n`;
    assert.equal(run(text).fixed, text, flags);
  }
});
