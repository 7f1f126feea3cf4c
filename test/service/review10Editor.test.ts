// REVIEW10 (review12): editor defects found on material written as users write it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, formatDocumentOutcome } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';

test('L3: a misspelt primitive whose closest name another item overrides: said, and the rename is not preferred', () => {
  const text = `${HEAD}  overrideAiPrimitivesLlm:\n    - primitiveName: clasify   # first\n      llm: {provider: hosted}\n    - primitiveName: classify\n      llm: {provider: hosted}\n`;
  const { doc, diagnostics } = analyze(text, 'yaml');
  const d = diagnostics.find((x) => x.code === 'unknown-primitive');
  assert.ok(d, diagnostics.map((x) => x.code).join());
  assert.match(
    d.message,
    /did you mean 'classify'\? \('classify' is already overridden by item 2: one of the two would go\.\)/,
  );
  const change = getCodeActions(doc, diagnostics, d).filter((a) => a.title.startsWith("Change 'primitiveName'"));
  assert.deepEqual(
    change.map((a) => [a.title, a.isPreferred === true]),
    [["Change 'primitiveName' to 'classify' (item 2 overrides 'classify' already)", false]],
  );
  // Taken, the rename makes what the title says: the same primitive twice.
  const after = analyze(applyEdits(text, change[0]!.edits), 'yaml').diagnostics.map((x) => x.code);
  assert.ok(after.includes('duplicate-primitive'), after.join());
  assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text);
  // The same slip with its primitive free (the other item a later one, or none): preferred, as before.
  for (const free of [
    `${HEAD}  overrideAiPrimitivesLlm:\n    - primitiveName: clasify\n      llm: {provider: hosted}\n    - primitiveName: summarize\n      llm: {provider: hosted}\n`,
    `${HEAD}  overrideAiPrimitivesLlm: [{primitiveName: clasify, llm: {provider: hosted}}]\n`,
  ]) {
    const r = analyze(free, 'yaml');
    const dd = r.diagnostics.find((x) => x.code === 'unknown-primitive')!;
    assert.doesNotMatch(dd.message, /already overridden/);
    const fix = getCodeActions(r.doc, r.diagnostics, dd).find(
      (a) => a.title === "Change 'primitiveName' to 'classify'",
    );
    assert.equal(fix?.isPreferred, true);
    assert.deepEqual(
      analyze(applyEdits(free, fix.edits), 'yaml').diagnostics.map((x) => x.code),
      [],
    );
  }
});

test('L4: formatting refused for an alias with no anchor at all says so, not that it comes before its anchor', () => {
  const fmt = (text: string): ReturnType<typeof formatDocumentOutcome> =>
    formatDocumentOutcome(parse(text, 'yaml'), { tabSize: 2, insertSpaces: true });
  // A half-typed alias of `&base`: no anchor `&bas` anywhere.
  const typed = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &base\n    provider: hosted\n  aiPrimitivesLlm: *bas\n`;
  assert.deepEqual(fmt(typed), { edits: [], refused: "the alias '*bas' has no anchor '&bas' in the document" });
  const later = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: *later\n  aiPrimitivesLlm: &later {provider: hosted}\n`;
  assert.deepEqual(fmt(later), { edits: [], refused: "the alias '*later' comes before its anchor" });
});

test('L6: a credential added to a mapping that takes its provider through <<: *base is named after that provider', () => {
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &base\n    provider: cloud_a\n    endpoint: https://e.example/\n    apiKey: {valueFromEnv: CLOUD_A_API_KEY}\n  aiPrimitivesLlm:\n    <<: *base\n    apiKey: {}\n`;
  const { doc, diagnostics } = analyze(text, 'yaml');
  const d = diagnostics.find((x) => x.code === 'env-value-conflict');
  assert.ok(d, diagnostics.map((x) => x.code).join());
  const titles = getCodeActions(doc, diagnostics, d).map((a) => a.title);
  assert.ok(titles.includes("Add 'valueFromEnv: CLOUD_A_API_KEY'"), titles.join(' | '));
  // The required field added where the anchor lacks it too: the name the anchor's own fix writes.
  const lacking = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &base\n    provider: cloud_a\n    model: gpt\n  aiPrimitivesLlm:\n    <<: *base\n    endpoint: https://e.example/\n`;
  const r = analyze(lacking, 'yaml');
  const missing = r.diagnostics.filter((x) => x.code === 'missing-required');
  const added = missing.flatMap((m) =>
    getCodeActions(r.doc, r.diagnostics, m)
      .filter((a) => a.title.startsWith('Add the required'))
      .map((a) => applyEdits(lacking, a.edits)),
  );
  assert.equal(added.length, 2, missing.map((m) => m.message).join());
  for (const out of added) assert.match(out, /apiKey:\n {6}valueFromEnv: CLOUD_A_API_KEY\n/, out);
  assert.ok(!added.some((out) => /\bAPI_KEY\b/.test(out.replace(/CLOUD_A_API_KEY/g, ''))));
});

test('L8: a whole number written in quotes where one belongs: the fix (also --fix) writes the digits unquoted', () => {
  const yaml = `${HEAD}  maxAssistantActions: "12"   # actions\n  maxTableArtifactSampleRows: '50'\n`;
  const json = `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "hosted"},\n    "maxAssistantActions": "12",\n    "contextWindowLimit": "128000"\n  }\n}\n`;
  for (const [text, language, want] of [
    [yaml, 'yaml', `${HEAD}  maxAssistantActions: 12   # actions\n  maxTableArtifactSampleRows: 50\n`],
    [json, 'json', json.replace('"12"', '12').replace('"128000"', '128000')],
  ] as const) {
    const { doc, diagnostics } = analyze(text, language);
    const ds = diagnostics.filter((d) => d.code === 'invalid-type');
    assert.equal(ds.length, 2, diagnostics.map((d) => d.message).join('\n'));
    const fix = getCodeActions(doc, diagnostics, ds[0]!).find((a) => a.title.startsWith('Write '));
    assert.equal(fix?.title, "Write 'maxAssistantActions' as a number (12, without quotes)");
    assert.equal(fix.isPreferred, true);
    assert.equal(fixAll(text, language, (t, l) => analyze(t, l)).text, want);
    assert.deepEqual(analyze(want, language).diagnostics, []);
  }
  // Not a plain whole number: no such fix (a fraction, a blank, a sign, a huge number, a word).
  for (const v of ['"1.5"', '" 12"', '"+3"', '"99999999999999999999"', '"twelve"', '"012"']) {
    const text = `${HEAD}  maxAssistantActions: ${v}\n`;
    const { doc, diagnostics } = analyze(text, 'yaml');
    const d = diagnostics.find((x) => x.code === 'invalid-type');
    assert.ok(d, v);
    assert.ok(!getCodeActions(doc, diagnostics, d).some((a) => a.title.startsWith('Write ')), v);
  }
});
