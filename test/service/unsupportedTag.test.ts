// Tags this tool does not apply (`!Ref`, `!Sub`, `!custom`, `!!python/object:…`, `!!binary`, `!!timestamp`,
// `!!set`, `!!omap`) were read silently as if untagged, though PyYAML's safe_load, SnakeYAML and js-yaml
// refuse the file (or build bytes, a date, a set): now one `unsupported-tag` error on each tag, naming it
// and what a safe loader does, with a quick fix removing the tag where the untagged value is what the
// field takes. Core tags that change the type (`!!int "3"`, `!!str 3`) behave as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';

const H = 'kind: AssistantConfig\nversion: v2\n';

function found(text: string, language: 'yaml' | 'json' = 'yaml'): { at: string; d: Diagnostic }[] {
  return analyze(text, language)
    .diagnostics.filter((d) => d.code === 'unsupported-tag')
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
}

function removed(text: string, d: Diagnostic): string | undefined {
  const p = getCodeActions(parse(text, 'yaml'), [d], d).find((a) => a.diagnostic === d && a.isPreferred);
  return p ? applyEdits(text, p.edits) : undefined;
}

test('CloudFormation-style, local, Python and %TAG tags: one error on each tag, naming it and what safe loaders do', () => {
  const text =
    `%TAG !e! tag:example.com,2000:\n---\n${H}definition:\n  llm:\n    provider: vendor_a\n` +
    `    model: !Sub "\${Model}-large"   # from the stack\n    apiKey: !Ref VendorKey\n` +
    `    endpoint: !e!url https://llm.example.com\n  aiPrimitivesLlm: !!python/object:llm.Config {provider: hosted}\n` +
    `  systemInstructions: !custom |\n    Be brief.\n`;
  const f = found(text);
  assert.deepEqual(
    f.map((x) => x.at),
    ['!Sub', '!Ref', '!e!url', '!!python/object:llm.Config', '!custom'],
  );
  for (const { at, d } of f) {
    assert.equal(d.severity, 'error');
    assert.ok(d.message.includes(`'${at}'`), d.message);
  }
  assert.match(f[0]!.d.message, /CloudFormation/);
  assert.match(f[0]!.d.message, /PyYAML's safe_load, SnakeYAML and js-yaml refuse the whole file/);
  assert.match(f[3]!.d.message, /builds a Python object: only PyYAML's unsafe loaders read it/);
  // The value is read as if untagged: the model's text, the block scalar, the mapping.
  assert.equal(analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'invalid-type').length, 0);
});

test('the quick fix removes the tag where the untagged value is what the field takes; not otherwise', () => {
  const text = `${H}definition:\n  llm:\n    provider: vendor_a\n    model: !custom gpt-4o # the model\n    apiKey: !Ref VendorKey\n  maxAssistantActions: !n 3\n  schemaSelector: {type: fixed, tables: [{schemaName: s, tableName: t, columns: !!set {a, b}}]}\n`;
  const f = found(text);
  assert.deepEqual(
    f.map((x) => x.at),
    ['!custom', '!Ref', '!n', '!!set'],
  );
  assert.equal(removed(text, f[0]!.d), text.replace('!custom ', ''));
  // `!n 3` is the number 3 untagged, as the field takes it.
  assert.equal(removed(text, f[2]!.d), text.replace('!n ', ''));
  // A string where an EnvironmentValue belongs, a mapping where a list belongs: removing the tag is not enough.
  assert.equal(removed(text, f[1]!.d), undefined);
  assert.match(f[1]!.d.message, /Removing the tag is not enough/);
  assert.equal(removed(text, f[3]!.d), undefined);
  assert.match(f[3]!.d.message, /a set/);
  // `lint --fix` (Fix all) leaves them: what a tag means to the tool that wrote it only the user knows.
  assert.doesNotMatch(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, /model: gpt-4o/);
});

test('YAML 1.1 types no field takes (!!binary, !!timestamp, !!omap): reported, the value read as written', () => {
  const text = `${H}definition:\n  llm: {provider: hosted}\n  systemInstructions: !!binary aGVsbG8=\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    instructions: !!timestamp 2024-06-01\n    alwaysInclude:\n      tables: !!omap [{s: [a]}]\n`;
  const f = found(text);
  assert.deepEqual(
    f.map((x) => x.at),
    ['!!binary', '!!timestamp', '!!omap'],
  );
  assert.match(f[0]!.d.message, /bytes/);
  assert.match(f[1]!.d.message, /a date and time/);
  assert.equal(removed(text, f[0]!.d), text.replace('!!binary ', ''));
  // Read as written (no `{"0":104,…}` or ISO date read into the string).
  const r = analyze(text.replace('!!omap [{s: [a]}]', '{s: [a]}'), 'yaml');
  assert.deepEqual(
    r.diagnostics.filter((d) => d.code !== 'unsupported-tag' && d.severity === 'error').map((d) => d.message),
    [],
  );
});

test('tags on flow collections, flow items, keys and anchored values: once each; a tag on an alias is a syntax error', () => {
  const text = `${H}definition:\n  llm: &m !custom {provider: hosted, model: !Ref M}\n  aiPrimitivesLlm: *m\n  threadTitleGeneration: {enable: true, llm: *m}\n  !k contextWindowLimit: 8000\n`;
  assert.deepEqual(
    found(text).map((x) => x.at),
    ['!custom', '!Ref', '!k'],
  );
  const k = found(text)[2]!.d;
  assert.equal(removed(text, k), text.replace('!k ', ''));
  const alias = `${H}definition:\n  llm: &m {provider: hosted}\n  aiPrimitivesLlm: !custom *m\n`;
  assert.deepEqual(
    analyze(alias, 'yaml').diagnostics.map((d) => d.code),
    ['syntax-error'],
  );
});

test('core tags keep behaving as before; the non-specific `!` and JSON (which has no tags) are not reported', () => {
  for (const text of [
    `${H}definition:\n  llm: {provider: hosted}\n  maxAssistantActions: !!int "3"\n  systemInstructions: !!str 3\n`,
    `${H}definition:\n  llm: !!map {provider: hosted}\n  overrideAiPrimitivesLlm: !!seq []\n  systemInstructions: ! 3\n`,
  ])
    assert.deepEqual(found(text), [], text);
  const json = `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "model": "!Ref M", "apiKey": {"valueFromEnv": "K"}}}}\n`;
  assert.deepEqual(found(json, 'json'), []);
  assert.deepEqual(analyze(json, 'json').diagnostics, []);
  // `!!str` on a mapping stays a tag mismatch, not this.
  assert.deepEqual(found(`${H}definition:\n  llm: !!str {provider: hosted}\n`), []);
});

test('CRLF: the tag found at its place, the fix removes it alone', () => {
  const text = `${H}definition:\n  llm:\n    provider: hosted\n  systemInstructions: !custom hi\n`.replace(
    /\n/g,
    '\r\n',
  );
  const f = found(text);
  assert.deepEqual(
    f.map((x) => x.at),
    ['!custom'],
  );
  assert.equal(removed(text, f[0]!.d), text.replace('!custom ', ''));
});
