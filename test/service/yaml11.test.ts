// REVIEW4 G24: plain values that YAML 1.1 loaders (PyYAML, SnakeYAML, Go yaml.v2) read otherwise than
// YAML 1.2 (this tool's reading): `yaml11-ambiguous` where the spec's type makes it matter, its quick
// fixes (quote, in the file's quotes; plain decimal), and `invalid-type` naming the 1.1 reading of
// `enable: yes`. Expected readings are PyYAML's (`yaml.safe_load`), written out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { reading11, yaml11Difference } from '../../server/src/service/yaml11';

const H = 'kind: AssistantConfig\nversion: v2\n';
const CLOUD_A = `${H}definition:\n  llm:\n    provider: cloud_a\n    endpoint: https://x.example.net/\n    apiKey: {valueFromEnv: HOME}\n`;

function found(text: string, code = 'yaml11-ambiguous'): { at: string; d: Diagnostic }[] {
  return analyze(text, text.trimStart().startsWith('{') ? 'json' : 'yaml')
    .diagnostics.filter((d) => d.code === code)
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
}

/** The text after the diagnostic's preferred quick fix, as the editor offers it. */
function preferredFix(text: string, d: Diagnostic): string | undefined {
  const actions = getCodeActions(parse(text, 'yaml'), [d], d).filter((a) => a.diagnostic === d);
  const p = actions.find((a) => a.isPreferred);
  return p ? applyEdits(text, p.edits) : undefined;
}

test('1.1 readings: booleans, octal/binary/underscored/base-60 numbers, floats, dates and timestamps', () => {
  const cases: [string, unknown][] = [
    ['yes', true],
    ['No', false],
    ['ON', true],
    ['off', false],
    ['y', true],
    ['N', false],
    ['yEs', 'str'],
    ['010', 8],
    ['0755', 493],
    ['0b101', 5],
    ['1_000', 1000],
    ['0x_1F', 31],
    ['1:30', 90],
    ['-1:30', -90],
    ['190:20:30.15', 685230.15],
    ['1.5', 1.5],
    ['1e3', 'str'],
    ['1.5e3', 'str'],
    ['1.5e+3', 1500],
    ['08', 'str'],
    ['.inf', Infinity],
    ['2024-06-01', 'date'],
    ['2001-12-14 21:59:43.10 -5', 'timestamp'],
    ['2001-12-14t21:59:43.10-05:00', 'timestamp'],
    ['2024-6-1', 'str'],
    ['=', 'special'],
    ['gpt-4o', 'str'],
  ];
  for (const [text, want] of cases) {
    const r = reading11(text);
    const got =
      r.kind === 'bool' || r.kind === 'int' || r.kind === 'float'
        ? r.value
        : r.kind === 'timestamp'
          ? r.date
            ? 'date'
            : 'timestamp'
          : r.kind;
    if (typeof want === 'number' && typeof got === 'number')
      assert.ok(got === want || Math.abs(got - want) < 1e-9, `${text}: ${got}`);
    else assert.equal(got, want, text);
  }
  // What 1.1 and 1.2 read alike is no difference.
  for (const same of [
    'true',
    'False',
    'null',
    '~',
    '10',
    '0',
    '-7',
    '0x1F',
    '1.5',
    '.5',
    '.inf',
    '-.inf',
    '.NaN',
    'hosted',
  ])
    assert.equal(yaml11Difference(same), undefined, same);
  for (const differ of ['yes', 'n', '010', '0o10', '1e3', '08', '1_000', '1:30', '2024-06-01', '0b1', '='])
    assert.ok(yaml11Difference(differ), differ);
});

test('G24 file: each shape is reported where its type makes it matter, with what a 1.1 loader reads', () => {
  const text = `${CLOUD_A.replace('    apiKey', '    apiVersion: 2024-06-01\n    model: 1:30\n    apiKey')}  threadTitleGeneration:\n    enable: yes\n  featureFlags:\n    enable_automations: on\n    my_flag: y\n    on: true\n  schemaSelector:\n    type: fixed\n    tables:\n      - {schemaName: no, tableName: y, columns: [id, on, 1_000]}\n  maxAssistantActions: 010\n  contextWindowLimit: 1e3\n  maxTableArtifactSampleRows: 1_000\n`;
  const warns = found(text);
  const msg = (at: string, nth = 0): string => warns.filter((w) => w.at === at)[nth]?.d.message ?? '(none)';
  assert.deepEqual(
    warns.map((w) => w.at),
    ['2024-06-01', '1:30', 'y', 'on', 'no', 'y', 'on', '1_000', '010', '1e3'],
  );
  assert.match(
    msg('2024-06-01'),
    /^'apiVersion' of provider 'cloud_a' is a date to YAML 1\.1 loaders \(PyYAML, SnakeYAML, Go yaml\.v2\), not the string '2024-06-01'.*quote it/,
  );
  assert.match(msg('1:30'), /'model' of provider 'cloud_a' is the number 90 \(base 60\)/);
  assert.match(
    msg('y'),
    /'my_flag' is the boolean true to YAML 1\.1 loaders that follow its type repository \(Go yaml\.v2\) but the string 'y' to YAML 1\.2, and the spec gives this key's value no type: write true, or quote it/,
  );
  assert.match(msg('on'), /^The key 'on' is the boolean true/);
  assert.match(msg('no'), /^'schemaName' of a 'tables' item under type 'fixed' is the boolean false/);
  assert.match(msg('y', 1), /^'tableName' of a 'tables' item under type 'fixed' is the boolean true/);
  assert.match(msg('on', 1), /^An item of 'columns' of a 'tables' item under type 'fixed' is the boolean true/);
  assert.match(msg('1_000'), /^An item of 'columns' of a 'tables' item under type 'fixed' is the number 1000/);
  assert.match(
    msg('010'),
    /^'maxAssistantActions' is the number 10 to YAML 1\.2 but the number 8 \(octal\) to YAML 1\.1 .*: write 10/,
  );
  assert.match(msg('1e3'), /^'contextWindowLimit' is the number 1000 to YAML 1\.2 but the string '1e3' to YAML 1\.1/);
  for (const w of warns) assert.equal(w.d.severity, 'warning');
  // A boolean field written `yes`/`on` is a string to YAML 1.2: the invalid-type error says why.
  const types = found(text, 'invalid-type');
  assert.match(
    types.find((t) => t.at === 'yes')!.d.message,
    /'enable' must be a boolean \(true or false\); found the string 'yes', which only YAML 1\.1 loaders \(PyYAML, SnakeYAML, Go yaml\.v2\) read as the boolean true: write true\./,
  );
  assert.match(
    types.find((t) => t.at === 'on')!.d.message,
    /'enable_automations' .* read as the boolean true: write true/,
  );
  assert.match(
    types.find((t) => t.at === '1_000')!.d.message,
    /found the string '1_000', .* read as the number 1000: write 1000/,
  );
});

test('not reported: quoted, tagged, block and multi-line values, words, values 1.1 reads alike, unknown keys, JSON', () => {
  const quiet = `${CLOUD_A.replace('    apiKey', `    apiVersion: "2024-06-01"\n    model: !!str 010\n    apiKey`)}  systemInstructions: |\n    yes\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    instructions: on the\n      next line\n    maxItems: 0x10\n    alwaysInclude:\n      tables: {'on': [a], "no": [b], public: [yesterday, 'y', 2024-06-01x]}\n      functions: [!!str off, 'n']\n  maxAssistantActions: 10\n  contextWindowLimit: 1.5e+3\n  featureFlags: {enable_automations: true, custom: hello}\n`;
  assert.deepEqual(found(quiet), [], JSON.stringify(found(quiet).map((w) => w.d.message)));
  // An unknown key is reported as such; its value is not looked at again.
  assert.deepEqual(found(`${CLOUD_A}  mystery: no\n`), []);
  const json = `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "cloud_a", "endpoint": "https://x", "apiVersion": "2024-06-01", "apiKey": {"valueFromEnv": "K"}}, "featureFlags": {"on": "yes"}, "schemaSelector": {"type": "fixed", "tables": [{"schemaName": "no", "tableName": "y", "columns": ["on"]}]}}}`;
  assert.deepEqual(
    analyze(json, 'json').diagnostics.map((d) => d.code),
    [],
  );
});

test('quick fix: the string is quoted in the quotes the file uses, nothing else moves; numbers in plain decimal', () => {
  const base = `${CLOUD_A.replace('    apiKey', '    apiVersion: 2024-06-01   # the API version\n    apiKey')}  schemaSelector:\n    type: fixed\n    tables:\n      - {schemaName: no, tableName: t, columns: [id, on]}\n  maxAssistantActions: 010 # ten\n`;
  const cases: { name: string; text: string; want: string[] }[] = [
    {
      name: 'no quotes in the file: double',
      text: base,
      want: [
        'apiVersion: "2024-06-01"   # the API version',
        '{schemaName: "no", tableName: t',
        'columns: [id, "on"]',
        'maxAssistantActions: 10 # ten',
      ],
    },
    {
      name: 'single quotes in the file: single',
      text: base.replace('endpoint: https://x.example.net/', "endpoint: 'https://x.example.net/'"),
      want: ["apiVersion: '2024-06-01'   # the API version", "{schemaName: 'no', tableName: t", "columns: [id, 'on']"],
    },
    {
      name: 'CRLF',
      text: base.replace(/\n/g, '\r\n'),
      want: ['apiVersion: "2024-06-01"   # the API version\r\n', 'maxAssistantActions: 10 # ten\r\n'],
    },
  ];
  for (const c of cases) {
    const warns = found(c.text);
    assert.equal(warns.length, 4, c.name);
    let text = c.text;
    // Each fix on the text as the editor has it then (re-analysed after each).
    for (let i = 0; i < 4; i++) {
      const d = found(text)[0]!.d;
      const next = preferredFix(text, d);
      assert.ok(next, `${c.name}: a preferred fix for ${d.message}`);
      // Only the value changed: the text around it is the same.
      assert.equal(next.slice(0, d.offset), text.slice(0, d.offset), c.name);
      text = next;
    }
    for (const w of c.want) assert.ok(text.includes(w), `${c.name}: ${w}\n${text}`);
    assert.deepEqual(found(text), [], c.name);
    assert.deepEqual(
      analyze(text, 'yaml').diagnostics.map((d) => d.code),
      [],
      `${c.name}: nothing else appears\n${text}`,
    );
  }
});

test('quick fixes of a custom flag (its type left open): both choices, none preferred; enable: yes gets "Write true"', () => {
  const text = `${CLOUD_A}  featureFlags:\n    my_flag: yes\n    other: 010\n  threadTitleGeneration:\n    enable: off\n`;
  const doc = parse(text, 'yaml');
  const flag = found(text).find((w) => w.at === 'yes')!.d;
  const titles = getCodeActions(doc, [flag], flag).map((a) => `${a.title}${a.isPreferred ? ' *' : ''}`);
  assert.deepEqual(titles, ['Write true', "Quote 'yes' (a string to every YAML loader)"]);
  const octal = found(text).find((w) => w.at === '010')!.d;
  assert.deepEqual(
    getCodeActions(doc, [octal], octal).map((a) => `${a.title}${a.isPreferred ? ' *' : ''}`),
    ['Write 8', 'Write 10'],
  );
  const enable = found(text, 'invalid-type')[0]!.d;
  assert.match(preferredFix(text, enable)!, /\n {4}enable: false\n/);
});

test('through an alias: reported at the anchor with its fix, the alias gets no fix', () => {
  const text = `${CLOUD_A}  schemaSelector:\n    type: fixed\n    tables:\n      - {schemaName: &s no, tableName: t, columns: []}\n      - {schemaName: *s, tableName: u, columns: []}\n`;
  const warns = found(text);
  assert.deepEqual(
    warns.map((w) => w.at),
    ['no'],
  );
  assert.match(preferredFix(text, warns[0]!.d)!, /schemaName: &s "no",/);
});

test('no yaml11 warning on a value the field does not take in either reading; a plain = said in one sentence (REVIEW6 I10)', () => {
  const safety = (v: string): string =>
    `${H}definition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n    safetySettings:\n      harassment: ${v}\n`;
  // `off` is no BlockType: invalid-enum alone, no quote fix that would keep it invalid.
  assert.deepEqual(found(safety('off')), []);
  assert.equal(found(safety('off'), 'invalid-enum').length, 1);
  const eq = found(`${H}definition:\n  llm: {provider: hosted}\n  systemInstructions: =\n`);
  assert.equal(eq.length, 1);
  assert.match(eq[0]!.d.message, /^'systemInstructions': PyYAML refuses to load a plain '='.*Quote it\.$/);
});

test('a number or boolean in a free string field: said as written, with a quote fix (REVIEW6 I13)', () => {
  const text = `${H}definition:\n  llm:\n    provider: cloud_b\n    modelId: gemini-1.5-pro\n    cloudProject: 0123456\n    cloudLocation: us-central1\n    cloudServiceAccountKeyJson: {valueFromEnv: SA}\n`;
  const d = found(text, 'invalid-type');
  assert.equal(d.length, 1);
  assert.match(d[0]!.d.message, /found the number 0123456 \(read as 123456\): quote it/);
  const after = preferredFix(text, d[0]!.d) ?? '';
  assert.match(after, /cloudProject: (["'])0123456\1\n/);
  assert.deepEqual(found(after, 'invalid-type'), []);
});
