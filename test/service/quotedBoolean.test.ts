// REVIEW14-editor E6: a boolean written in quotes where a boolean belongs (`enable: 'true'`, JSON
// `"enable": "false"`, `'yes'`) is said as such, with the "Write true" fix that `enable: yes` has;
// `--fix` applies it when the word is sure (not for `'y'`/`'n'`, which may be a letter).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';
import type { Language } from '../../server/src/parser/ast';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const fix = (t: string, l: Language = 'yaml'): string => fixAll(t, l, (x, y) => analyze(x, y)).text;

function quickFixes(text: string, language: Language): { title: string; preferred: boolean; result: string }[] {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.filter((x) => x.code === 'invalid-type');
  assert.equal(d.length, 1, JSON.stringify(diagnostics));
  return getCodeActions(doc, d, { offset: d[0]!.offset, length: 0 })
    .filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'))
    .map((a) => ({ title: a.title, preferred: a.isPreferred === true, result: applyEdits(text, a.edits) }));
}

const YAML = (value: string): string =>
  `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  threadTitleGeneration:\n    # titles\n    enable: ${value} # on for now\n    llm: {provider: hosted}\n  featureFlags: {enable_automations: true}\n`;

test("a quoted boolean word: said, 'Write true/false' preferred, applied by --fix, comments kept (LF, CRLF)", () => {
  const cases: [string, string][] = [
    ["'true'", 'true'],
    ['"false"', 'false'],
    ["'True'", 'true'],
    ['"FALSE"', 'false'],
    ["'yes'", 'true'],
    ['"off"', 'false'],
  ];
  for (const [written, bare] of cases)
    for (const conv of [(s: string): string => s, crlf]) {
      const text = conv(YAML(written));
      const want = conv(YAML(bare));
      const d = analyze(text, 'yaml').diagnostics.find((x) => x.code === 'invalid-type')!;
      assert.match(
        d.message,
        new RegExp(`found the string '${written.slice(1, -1)}', in quotes, .*: write ${bare} without quotes\\.$`),
      );
      const fixes = quickFixes(text, 'yaml');
      assert.deepEqual(
        fixes.map((f) => [f.title, f.preferred]),
        [[`Write ${bare}`, true]],
        written,
      );
      assert.equal(fixes[0]!.result, want);
      assert.deepEqual(analyze(want, 'yaml').diagnostics, []);
      assert.equal(fix(text), want, `--fix ${written}`);
    }
});

test('JSON "enable": "true" and a nullable flag in featureFlags get the same fix', () => {
  const json =
    '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "hosted" },\n    "threadTitleGeneration": { "enable": "true", "llm": { "provider": "hosted" } }\n  }\n}\n';
  assert.deepEqual(
    quickFixes(json, 'json').map((f) => f.title),
    ['Write true'],
  );
  assert.equal(fix(json, 'json'), json.replace('"enable": "true"', '"enable": true'));
  const flags =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  featureFlags:\n    enable_automations: "false"\n';
  assert.equal(fix(flags), flags.replace('"false"', 'false'));
});

test("'y' and 'n' are offered, not preferred, and --fix leaves them; other strings, anchored ones: no fix", () => {
  const y = YAML("'y'");
  const d = analyze(y, 'yaml').diagnostics.find((x) => x.code === 'invalid-type')!;
  assert.match(d.message, /if it meant true, write true without quotes\.$/);
  assert.deepEqual(
    quickFixes(y, 'yaml').map((f) => [f.title, f.preferred]),
    [['Write true', false]],
  );
  assert.equal(fix(y), y);
  // A string that is no boolean word: the message as before, no fix.
  const maybe = YAML("'maybe'");
  assert.match(analyze(maybe, 'yaml').diagnostics.find((x) => x.code === 'invalid-type')!.message, /found a string\.$/);
  assert.deepEqual(quickFixes(maybe, 'yaml'), []);
  // An anchored value shares its text with its aliases: said, but no fix edits it.
  const anchored = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  threadTitleGeneration:\n    enable: &on 'true'\n    llm: {provider: hosted}\n  featureFlags: {x-note: *on}\n`;
  assert.ok(!quickFixes(anchored, 'yaml').some((f) => f.title.startsWith('Write')));
  assert.equal(fix(anchored), anchored);
});
