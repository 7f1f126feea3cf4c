// REVIEW5 H5: a core tag on a value of another kind (`!!str {…}`, `!!seq {…}`, `!!map foo`), which
// PyYAML and SnakeYAML refuse to load ("expected a scalar node, but found mapping"), is a
// `tag-mismatch` error whose fix removes the tag; and no fix that turns a tagged scalar into a
// mapping keeps the scalar's tag (`apiKey: !!str $KEY` became `apiKey: !!str { valueFromEnv: KEY }`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { runCli } from '../cli/helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';

function tagged(text: string): { at: string; d: Diagnostic }[] {
  return analyze(text, 'yaml')
    .diagnostics.filter((d) => d.code === 'tag-mismatch')
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
}

function preferred(text: string, d: Diagnostic): string | undefined {
  const p = getCodeActions(parse(text, 'yaml'), [d], d).find((a) => a.diagnostic === d && a.isPreferred);
  return p ? applyEdits(text, p.edits) : undefined;
}

test('a scalar tag on a mapping or a list, a list tag on a mapping, a mapping tag on a scalar: one error on the tag', () => {
  const cases: [string, string, RegExp][] = [
    [
      `${H}definition:\n  llm: !!str {provider: hosted}\n`,
      '!!str',
      /'!!str' says a string, but the value is a mapping/,
    ],
    [`${H}definition:\n  llm: !!str\n    provider: hosted\n`, '!!str', /but the value is a mapping/],
    [
      `${H}definition:\n  llm: {provider: hosted}\n  featureFlags: !!seq {enable_automations: true}\n`,
      '!!seq',
      /'!!seq' says a sequence, but the value is a mapping/,
    ],
    [
      `${H}definition:\n  llm: {provider: hosted}\n  overrideAiPrimitivesLlm: !!int\n    - primitiveName: classify\n      llm: {provider: hosted}\n`,
      '!!int',
      /says an integer, but the value is a sequence/,
    ],
    [
      `${H}definition:\n  llm: {provider: hosted}\n  systemInstructions: !!map hello\n`,
      '!!map',
      /says a mapping, but the value is a scalar/,
    ],
    [
      `${H}definition:\n  llm: &m !<tag:yaml.org,2002:str> {provider: hosted}\n  aiPrimitivesLlm: *m\n`,
      '!<tag:yaml.org,2002:str>',
      /PyYAML/,
    ],
    [
      `${H}definition:\r\n  llm: !!str # a comment\r\n    provider: hosted\r\n`.replace(/\n/g, '\n'),
      '!!str',
      /mapping/,
    ],
  ];
  for (const [text, tag, message] of cases) {
    const found = tagged(text);
    assert.equal(found.length, 1, `${JSON.stringify(text)}: ${JSON.stringify(found)}`);
    assert.equal(found[0]!.at, tag);
    assert.equal(found[0]!.d.severity, 'error');
    assert.match(found[0]!.d.message, message);
  }
});

test('tags of the right kind are not reported', () => {
  for (const text of [
    `${H}definition:\n  llm: !!map {provider: !!str hosted}\n  systemInstructions: !!str "hi"\n  maxAssistantActions: !!int 3\n`,
    `${H}definition:\n  llm: {provider: hosted}\n  overrideAiPrimitivesLlm: !!seq\n    - primitiveName: classify\n      llm: {provider: hosted}\n`,
  ])
    assert.deepEqual(tagged(text), [], text);
});

test('the fix removes the tag and nothing else; the value is read the same', () => {
  const cases: [string, string][] = [
    [`${H}definition:\n  llm: !!str {provider: hosted}\n`, `${H}definition:\n  llm: {provider: hosted}\n`],
    [`${H}definition:\n  llm: !!str\n    provider: hosted\n`, `${H}definition:\n  llm:\n    provider: hosted\n`],
    [
      `${H}definition:\n  llm: !!str # note\n    provider: hosted\n`,
      `${H}definition:\n  llm: # note\n    provider: hosted\n`,
    ],
    [
      `${H}definition:\n  llm: !!seq &m {provider: hosted}\n  aiPrimitivesLlm: *m\n`,
      `${H}definition:\n  llm: &m {provider: hosted}\n  aiPrimitivesLlm: *m\n`,
    ],
  ];
  for (const [before, after] of cases) {
    const [f] = tagged(before);
    assert.ok(f, before);
    assert.equal(preferred(before, f.d), after);
    assert.deepEqual(
      analyze(after, 'yaml').diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  }
});

test("the valueFromEnv rewrite of a tagged scalar drops the scalar's tag (never '!!str { … }')", () => {
  const before = `${H}definition:\n  llm:\n    provider: vendor_b\n    apiKey: !!str $TAGGED_KEY\n  aiPrimitivesLlm:\n    provider: vendor_a\n    apiKey: !!str &k \${OTHER_KEY}   # kept\n`;
  const diags = analyze(before, 'yaml').diagnostics.filter((d) => d.code === 'invalid-type');
  assert.equal(diags.length, 2, JSON.stringify(diags));
  assert.equal(
    preferred(before, diags[0]!),
    before.replace('apiKey: !!str $TAGGED_KEY', 'apiKey: { valueFromEnv: TAGGED_KEY }'),
  );
  assert.equal(
    preferred(before, diags[1]!),
    before.replace('apiKey: !!str &k ${OTHER_KEY}', 'apiKey: &k { valueFromEnv: OTHER_KEY }'),
  );
  const all = fixAll(before, 'yaml', (t, l) => analyze(t, l));
  assert.doesNotMatch(all.text, /!!str/);
  assert.match(all.text, /apiKey: \{ valueFromEnv: TAGGED_KEY \}/);
  assert.match(all.text, /apiKey: &k \{ valueFromEnv: OTHER_KEY \} {3}# kept/);
});

test('lint --fix as a process: the tags go, a second run changes nothing, and the file lints clean', () => {
  const before = `${H}definition:\n  llm: !!str {provider: hosted}\n  featureFlags: !!seq {enable_automations: true}\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm:\n        provider: vendor_b\n        apiKey: !!str $TAGGED_KEY\n`;
  const dir = mkdtempSync(join(tmpdir(), 'ac-tag-'));
  const f = join(dir, 'a.assistant.yaml');
  writeFileSync(f, before);
  const lint = runCli(['lint', '--no-env-check', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(lint.code, 1);
  assert.equal((lint.stdout.match(/error tag-mismatch/g) ?? []).length, 2, lint.stdout);
  const r = runCli(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], { cwd: dir });
  const after = readFileSync(f, 'utf8');
  assert.equal(
    after,
    `${H}definition:\n  llm: {provider: hosted}\n  featureFlags: {enable_automations: true}\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm:\n        provider: vendor_b\n        apiKey: { valueFromEnv: TAGGED_KEY }\n`,
    r.stdout + r.stderr,
  );
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const again = runCli(['lint', '--fix', '--no-env-check', 'a.assistant.yaml'], { cwd: dir });
  assert.equal(readFileSync(f, 'utf8'), after, 'a second run changes nothing');
  assert.equal(again.code, 0);
});
