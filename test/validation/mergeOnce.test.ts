// One mistake inside a merged anchor is one finding (REVIEW3 F21), and a merge that loops back into
// the mapping holding it is one fallback-cycle, with nothing at 1:1 and no garbled text (REVIEW3 F22).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS, LineIndex } from '../../server/src/service';

/** Every finding as `line:col code "text at its range" message`. */
function all(text: string): string[] {
  const lines = new LineIndex(text);
  return analyze(text, 'yaml', DEFAULT_OPTIONS).diagnostics.map((d) => {
    const p = lines.positionAt(d.offset);
    return `${p.line + 1}:${p.character + 1} ${d.code} ${JSON.stringify(text.slice(d.offset, d.offset + d.length))} ${d.message}`;
  });
}

const crlf = (lines: string[]): string[] => [lines.join('\n'), lines.join('\r\n')];

test('a typo in an anchor merged into the same variant three times is reported once, at the anchor (F21)', () => {
  const merges = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main   # the shared block',
    '    provider: vendor_a',
    '    apiKey: {valueFromEnv: K}',
    '    temprature: 0.2  # typo',
    '  aiPrimitivesLlm:',
    '    <<: *main',
    '  threadTitleGeneration:',
    '    enable: true',
    '    llm:',
    '      # the same again',
    '      <<: *main',
    '  overrideAiPrimitivesLlm:',
    '    - primitiveName: classify',
    '      llm: {<<: *main}',
    '',
  ];
  for (const text of crlf(merges)) {
    const f = all(text).filter((x) => x.includes('temprature'));
    assert.deepEqual(
      f,
      [`7:5 unknown-property "temprature" provider 'vendor_a' does not allow 'temprature'.`],
      f.join('\n'),
    );
  }
  // As with plain aliases.
  const aliases = merges.map((l) => l.replace(/\{<<: \*main\}/, '*main'));
  assert.equal(all(aliases.join('\n')).filter((x) => x.includes('temprature')).length, 1);
});

test('a merge site with another provider is a different finding: reported there, through the merge (F21)', () => {
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main',
    '    provider: vendor_a',
    '    apiKey: {valueFromEnv: K}',
    '    temprature: 0.2',
    '  aiPrimitivesLlm:',
    '    <<: *main',
    '    provider: vendor_b',
    '',
  ].join('\n');
  const f = all(text).filter((x) => x.includes('temprature'));
  assert.equal(f.length, 2, f.join('\n'));
  assert.match(f[0]!, /^7:5 unknown-property "temprature" provider 'vendor_a'/);
  assert.match(
    f[1]!,
    /^9:5 unknown-property "<<" provider 'vendor_b' does not allow 'temprature'\..* \(through the merge key '<<: \*main'\)$/,
  );
  // An inline merged mapping (not shared) is reported at the key itself.
  const inline = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {<<: {provider: hosted, temprature: 1}}\n';
  const g = all(inline).filter((x) => x.includes('temprature'));
  assert.equal(g.length, 1, g.join('\n'));
  assert.match(g[0]!, /^4:32 unknown-property "temprature" provider 'hosted' does not allow 'temprature'\./);
});

test('cyclic merges: one fallback-cycle per loop, nothing at 1:1, no missing provider beside it, no garbled message (F22)', () => {
  const cyc5 = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &x',
    '    provider: hosted',
    '    fallback:',
    '      provider: hosted',
    '      specificLlm: {<<: *x}',
    '  aiPrimitivesLlm: &y {provider: hosted, fallback: {<<: [*y, *x]}}',
    '',
  ];
  for (const text of crlf(cyc5)) {
    const f = all(text);
    assert.deepEqual(
      f.map((x) => x.split(' ').slice(0, 3).join(' ')),
      ['8:25 fallback-cycle "*x"', '9:58 fallback-cycle "*y"'],
      f.join('\n'),
    );
  }
  const cyc4 = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &x',
    '    provider: hosted',
    '    fallback:',
    '      <<: *x',
    '  aiPrimitivesLlm: {provider: hosted, fallback: {<<: [*x]}}',
    '',
  ].join('\n');
  const f = all(cyc4);
  assert.deepEqual(
    f.map((x) => x.split(' ').slice(0, 3).join(' ')),
    ['7:11 fallback-cycle "*x"'],
    f.join('\n'),
  );
  for (const x of [...f, ...all(cyc5.join('\n'))]) assert.doesNotMatch(x, /through alias this|^1:1 /, x);
});

test('a finding in a mapping merged in through a list is said "through this merge key" (F22)', () => {
  // The merge list holds no alias the finding lies in only when the mapping is inline; with an
  // anchored one merged into another variant the message names the merge key, in words.
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &a {provider: vendor_a, apiKey: {valueFromEnv: K}, temprature: 1}\n  aiPrimitivesLlm: {<<: [*a, {x: 1}], provider: hosted}\n';
  const f = all(text).filter((x) => x.includes('through'));
  assert.ok(f.length > 0, all(text).join('\n'));
  for (const x of f) assert.match(x, /\(through this merge key\)$/, x);
});

test('an incomplete anchored LLM used through aliases is one finding at the anchor, listing the aliases; a use in another context says "through alias" (K13m)', async () => {
  const { getCodeActions, applyEdits } = await import('../../server/src/service/codeActions');
  for (const text of crlf([
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &m   # shared',
    '    provider: cloud_b',
    '    modelId: m',
    '  aiPrimitivesLlm: *m',
    '  schemaSelector: {type: llm_selector, llm: *m}',
    '',
  ])) {
    assert.deepEqual(all(text), [
      `4:3 missing-required "llm" provider 'cloud_b' requires cloudProject, cloudLocation, cloudServiceAccountKeyJson.`,
    ]);
    const { doc, diagnostics } = analyze(text, 'yaml', DEFAULT_OPTIONS);
    const d = diagnostics[0]!;
    assert.deepEqual(
      d.related?.map((r) => `${text.slice(r.offset, r.offset + r.length)}: ${r.message}`),
      ["aiPrimitivesLlm: Also through alias '*m'", "llm: Also through alias '*m'"],
    );
    assert.ok(d.related![1]!.offset > text.indexOf('schemaSelector'), 'the second alias');
    // The fix edits the anchored block, once: every use is complete after it.
    const fix = getCodeActions(doc, diagnostics, { offset: d.offset, length: 0 }).find((a) =>
      /^Add the required fields/.test(a.title),
    );
    assert.ok(fix?.edits, 'the add-the-fields fix is offered');
    const after = applyEdits(text, fix.edits);
    assert.deepEqual(
      all(after).filter((l) => / missing-required /.test(l)),
      [],
    );
  }
  // Used where another kind of value belongs: said at the alias, naming it, pointing at the anchor.
  const other = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &m {provider: hosted}',
    '  systemInstructions: *m',
    '',
  ].join('\n');
  const found = analyze(other, 'yaml', DEFAULT_OPTIONS).diagnostics;
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0]!.message, /^'systemInstructions' must be a string.*\(through alias '\*m'\)$/);
  const r = found[0]!.related![0]!;
  assert.equal(other.slice(r.offset, r.offset + r.length), '{provider: hosted}');
  assert.equal(other.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), '*m');
});
