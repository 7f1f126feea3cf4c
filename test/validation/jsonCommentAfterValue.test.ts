// A key in a JSON comment written straight after a value (`"model": "x"// sk-…`, `2// …`, `true// …`,
// `"x",// …`, `"kind":// …`), at a line end with CRLF, or in a `/* */` block glued to a value: the
// same literal-secret warning as a comment after a blank (the gate before the scanner used to ask
// for a blank, a comma or a bracket before `//`, and let these through with only json-not-strict).
// json-not-strict still flags each comment; a `//` in a string (a URL) is still no comment, also
// when a real comment follows it on the line. As a CLI process, no piece of a key is printed in any
// --format. Keys made at run time from a seeded generator.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze } from '../../server/src/service';
import { secretRanges } from '../../server/src/service/secretRanges';
import { fakeApiKey } from '../helpers';
import { leakedRuns, runCli } from '../cli/helpers';

const KEY = ['sk', 'proj', fakeApiKey(3301).slice(3, 40)].join('-');
const AWS = [
  'AKIA',
  fakeApiKey(3302)
    .slice(3, 19)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'Q'),
].join('');
const dir = mkdtempSync(join(tmpdir(), 'ac-json-comment-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const codes = (text: string) => analyze(text, 'json').diagnostics.map((d) => d.code);
const found = (text: string): string[] =>
  analyze(text, 'json')
    .diagnostics.filter((d) => d.code === 'literal-secret')
    .map((d) => text.slice(d.offset, d.offset + d.length));

/** A config whose llm mapping holds `tail` right after its `model` value. */
const after1 = (tail: string): string =>
  `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "vendor_a", "model": "x"${tail}\n      "apiKey": {"valueFromEnv": "VENDOR_A_API_KEY"}}\n  }\n}\n`;

const CASES: [string, string, string][] = [
  ['// glued to a string value', after1(`,// ${KEY}`), KEY],
  ['// glued to a string value, before the comma', after1(`// ${KEY}\n      ,`), KEY],
  ['// glued to the comma, no blank', after1(`,//${KEY}`), KEY],
  ['/* */ glued to a value', after1(`/* old: ${KEY} */,`), KEY],
  ['/* */ over lines, glued to a comma', after1(`,/*\n      old key:\n      ${KEY}\n    */`), KEY],
  [
    '// after a number, true, null, ] and }',
    `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"},\n  "maxAssistantActions": 3// ${KEY}\n  , "featureFlags": {"a": true// ${AWS}\n  , "b": null//${KEY}\n  , "c": [1]//${KEY}\n  , "d": {}//${AWS}\n}}}\n`,
    '',
  ],
  ["// glued to a key's colon", `{"kind"://${KEY}\n "AssistantConfig", "version": "v2"}\n`, KEY],
  ['// after the last brace', `{"kind": "AssistantConfig", "version": "v2"}// ${KEY}\n`, KEY],
  [
    'a URL in a string, then a real comment on the line',
    `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "baseUrl": "https://api.example.com/v1"// ${KEY}\n, "apiKey": {"valueFromEnv": "K"}}}}\n`,
    KEY,
  ],
];

test('a key in a comment glued to a value is literal-secret, on the key, beside json-not-strict', () => {
  for (const [what, text, key] of CASES) {
    for (const [nl, t] of [
      ['LF', text],
      ['CRLF', text.replace(/\n/g, '\r\n')],
    ] as const) {
      const keys = found(t);
      if (key) assert.deepEqual(keys, [key], `${what} (${nl})`);
      else assert.deepEqual(keys, [KEY, AWS, KEY, KEY, AWS], `${what} (${nl})`);
      assert.ok(codes(t).includes('json-not-strict'), `${what} (${nl}): the comment is still json-not-strict`);
      // Masked in output as a key (by its shape, whatever the finding).
      const masked = secretRanges(analyze(t, 'json').doc).map((r) => t.slice(r.offset, r.offset + r.length));
      for (const k of key ? [key] : [KEY, AWS]) assert.ok(masked.includes(k), `${what} (${nl}): masked`);
    }
  }
});

test('a // in a string is still no comment: a URL, a path, a glued // inside quotes', () => {
  for (const text of [
    `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "baseUrl": "https://api.example.com//v1", "apiKey": {"valueFromEnv": "K"}}}}\n`,
    `{"kind": "AssistantConfig", "version": "v2", "definition": {"systemInstructions": "see x// and https://docs.example.com/a//b"}}\n`,
  ])
    assert.deepEqual(found(text), [], text);
});

test('as a CLI process, every --format reports the finding and prints no piece of the keys', () => {
  // Only comments glued to a value (what the old gate let through), CRLF.
  const text = CASES[1]![1].replace(/\n/g, '\r\n');
  const file = join(dir, 'c.assistant.json');
  writeFileSync(file, text);
  let all = '';
  for (const format of ['text', 'json', 'sarif', 'github', 'junit']) {
    const r = runCli(['lint', '--no-config', '--no-env-check', '--format', format, file], {
      cwd: dir,
      env: { GITHUB_WORKSPACE: dir },
    });
    assert.equal(r.code, 1, `${format}: ${r.stderr}`);
    assert.match(r.stdout, /literal-secret/, format);
    all += r.stdout + r.stderr;
  }
  assert.deepEqual(leakedRuns(all, [KEY.slice('sk-proj-'.length)], 6), []);
});
