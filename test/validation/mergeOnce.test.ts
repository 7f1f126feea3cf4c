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
    /^9:5 unknown-property "<<" provider 'vendor_b' does not allow 'temprature'\..* \(through alias '\*main'\)$/,
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
