// REVIEW16-user N3: a comma missing between two JSON properties was `syntax-error Comma expected` at the
// start of the next key (the line after the slip), with no fix, and `lint --fix` left it (format then
// refuses the file). Now, where the comma's place is certain (the value before it is whole, nothing else
// is wrong between the two, what follows fits the object or list it is in), it is `missing-comma` at the
// value it belongs after, and its fix (also `lint --fix`) writes it. Elsewhere the parser's
// `syntax-error` stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';
import { ROOT, mulberry32 } from '../helpers';
import { runCli } from '../cli/helpers';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const lint = (t: string, l: 'yaml' | 'json' = 'json') => analyze(t, l);
const codes = (text: string): string[] =>
  lint(text).diagnostics.map((d) => {
    const { line } = lineCol(text, d.offset);
    return `${line}:${d.code}`;
  });
const lineCol = (text: string, offset: number) => {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
};
const fixed = (text: string): string => fixAll(text, 'json', (t, l) => lint(t, l)).text;

const FILE = `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": {
      "provider": "vendor_a",
      "model": "va-4"
      "apiKey": { "valueFromEnv": "VENDOR_A_API_KEY" }
    }
    "maxAssistantActions": 5
  }
}
`;

test('N3: a missing comma is said at the value it belongs after, naming what follows; the fix writes it (LF, CRLF)', () => {
  for (const text of [FILE, crlf(FILE)]) {
    const ds = lint(text).diagnostics;
    assert.deepEqual(codes(text), ['7:missing-comma', '9:missing-comma']);
    const first = ds[0]!;
    assert.equal(text.slice(first.offset, first.offset + first.length), '"', 'the closing quote of "va-4"');
    assert.match(first.message, /A ',' is missing after this value: the property "apiKey" follows it/);
    assert.equal(first.severity, 'error');
    const actions = getCodeActions(parse(text, 'json'), [first], { offset: first.offset, length: first.length }).filter(
      (a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'),
    );
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred]),
      [["Insert the missing ','", true]],
    );
    assert.equal(applyEdits(text, actions[0]!.edits).includes('"model": "va-4",'), true);
    // `lint --fix` (fixAll): both commas, nothing else; the result is JSON and lints clean.
    const after = fixed(text);
    const want = text.replace('"va-4"', '"va-4",').replace(/ {4}}(\r?\n) {4}"max/, '    },$1    "max');
    assert.equal(after, want);
    assert.deepEqual(JSON.parse(after).definition.maxAssistantActions, 5);
    assert.deepEqual(codes(after), []);
    assert.equal(fixed(after), after, 'idempotent');
  }
});

test('N3: the rest of the file is still checked: a misspelt provider beside a missing comma is said too', () => {
  const text = FILE.replace('vendor_a', 'vendr_a');
  assert.deepEqual(codes(text), ['6:unknown-discriminator', '7:missing-comma', '9:missing-comma']);
});

test('N3: one-line JSON, list items, a comment between the value and the next key', () => {
  const one =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"} "featureFlags":{"a":true "b":false}}}';
  assert.deepEqual(
    lint(one).diagnostics.map((d) => d.code),
    ['missing-comma', 'missing-comma'],
  );
  assert.equal(
    fixed(one),
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"}, "featureFlags":{"a":true, "b":false}}}',
  );
  const list =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"schemaSelector":{"type":"fixed","tables":[{"schemaName":"s","tableName":"t","columns":["id" "name" 3]}]}}}';
  const ds = lint(list).diagnostics;
  assert.deepEqual(
    ds
      .filter((d) => d.code === 'missing-comma')
      .map((d) => d.message.match(/follows/) && d.message.includes('the next item')),
    [true, true],
  );
  assert.match(fixed(list), /"columns":\["id", "name", 3\]/);
  // The comma goes right after the value, before a comment that follows it (JSONC).
  const jsonc =
    '{\n  "kind": "AssistantConfig" // the kind\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted" } }\n}\n';
  assert.deepEqual(codes(jsonc), ['2:missing-comma', '2:json-not-strict']);
  assert.match(fixed(jsonc), /"kind": "AssistantConfig", \/\/ the kind\n/);
});

test("N3: where the comma is not certain, the parser's syntax-error stays and nothing is written", () => {
  const cases = [
    // An unclosed string before it: the slip is the quote (the file's other missing comma written).
    FILE.replace('"va-4"', '"va-4').replace('    }\n    "max', '    },\n    "max'),
    // A list whose `]` is missing: `"b"` then a property.
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"schemaSelector":{"type":"fixed","tables":[{"schemaName":"s","tableName":"t","columns":["a", "b"\n "x": 1}]}}}',
    // A value where an object needs a property.
    '{"kind":"AssistantConfig","version":"v2" 3, "definition":{"llm":{"provider":"hosted"}}}',
  ];
  for (const text of cases) {
    const ds = lint(text).diagnostics;
    assert.equal(
      ds.some((d) => d.code === 'missing-comma'),
      false,
      text,
    );
    assert.equal(
      ds.some((d) => d.code === 'syntax-error'),
      true,
      text,
    );
    assert.equal(fixed(text), text, `nothing written: ${text}`);
  }
});

test('N3: every comma of the JSON examples taken out, one at a time (pretty and minified, LF and CRLF): said, and --fix gives the file back byte for byte', () => {
  const SEED = 20261124;
  console.log(`missing-comma property: seed ${SEED}`);
  const rand = mulberry32(SEED);
  const dir = join(ROOT, 'examples');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 3, 'JSON examples to work on');
  let tried = 0;
  for (const f of files) {
    const pretty = readFileSync(join(dir, f), 'utf8');
    const value = JSON.parse(pretty);
    for (const base of [pretty, crlf(pretty), JSON.stringify(value), JSON.stringify(value, null, 4)]) {
      // The separating commas: outside strings (JSON.stringify of each string keeps its own commas).
      const commas: number[] = [];
      let inString = false;
      for (let i = 0; i < base.length; i++) {
        const c = base[i];
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === ',') commas.push(i);
      }
      // A sample of them (seeded), at most 12 a variant.
      const picked = commas.filter(() => rand() < Math.min(1, 12 / commas.length));
      for (const at of picked) {
        const broken = base.slice(0, at) + base.slice(at + 1);
        const ds = lint(broken).diagnostics;
        assert.deepEqual(
          ds.filter((d) => d.code === 'syntax-error' || d.code === 'missing-comma').map((d) => d.code),
          ['missing-comma'],
          `${f} without the comma at ${at}`,
        );
        assert.equal(fixed(broken), base, `${f}: --fix gives the comma at ${at} back`);
        tried++;
      }
    }
  }
  console.log(`missing-comma property: ${tried} commas taken out`);
  assert.ok(tried > 50, `${tried} cases`);
});

test('N3: lint --fix as a process: fixed, reported, JSON after, a second run changes nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-missing-comma-'));
  writeFileSync(join(dir, 'a.assistant.json'), crlf(FILE));
  const before = runCli(['lint', '--no-env-check', 'a.assistant.json'], { cwd: dir });
  assert.equal(before.code, 1);
  assert.match(before.stdout, /a\.assistant\.json:7:21 error missing-comma/);
  const first = runCli(['lint', '--fix', '--no-env-check', 'a.assistant.json'], { cwd: dir });
  assert.equal(first.code, 0, first.stdout);
  assert.match(first.stdout, /fixed 2 problems \(missing-comma\)/);
  const after = readFileSync(join(dir, 'a.assistant.json'), 'utf8');
  assert.equal(JSON.parse(after).definition.llm.model, 'va-4');
  assert.equal(after.split('\r\n').length, FILE.split('\n').length, 'CRLF kept');
  const again = runCli(['lint', '--fix', '--no-env-check', 'a.assistant.json'], { cwd: dir });
  assert.equal(readFileSync(join(dir, 'a.assistant.json'), 'utf8'), after);
  assert.doesNotMatch(again.stdout, /fixed/);
});
