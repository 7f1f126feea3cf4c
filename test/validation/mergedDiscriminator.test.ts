// A discriminator merged in by `<<: *anchor` is read from the merged mapping (REVIEW2 E16): a
// provider typo in the anchor is reported once, at its place, as through an alias; never a second
// time on the `<<` as "Unknown provider ''".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function findings(text: string): string[] {
  return analyze(text, 'yaml', DEFAULT_OPTIONS)
    .diagnostics.filter((d) => d.code === 'unknown-discriminator')
    .map((d) => `${JSON.stringify(text.slice(d.offset, d.offset + d.length))} ${d.message}`);
}

test('a misspelt provider in a merged anchor is reported once, at the anchor', () => {
  const merged = `${HEAD}  llm: &main\n    provider: vendr_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm:\n    <<: *main\n`;
  const plain = `${HEAD}  llm: &main\n    provider: vendr_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm: *main\n`;
  for (const text of [merged, plain]) {
    const f = findings(text);
    assert.equal(f.length, 1, f.join('\n'));
    assert.match(f[0]!, /^"vendr_a" Unknown provider 'vendr_a'\. Did you mean 'vendor_a'\?/);
  }
});

test('a merged provider is read through the merge when only the merging mapping is wrong', () => {
  // The anchor is used where any provider is fine (a list of flags), the merge puts it in an LLM.
  const text = `${HEAD}  featureFlags:\n    base: &b {provider: vendr_b, note: x}\n  aiPrimitivesLlm:\n    <<: *b\n`;
  const f = findings(text);
  assert.equal(f.length, 1, f.join('\n'));
  assert.doesNotMatch(f[0]!, /Unknown provider ''/, f[0]);
  assert.match(
    f[0]!,
    /^"\*b" Unknown provider 'vendr_b'\. Did you mean 'vendor_b'\?.* \(through the merge key '<<: \*b'\)$/,
    f[0],
  );
  // An own provider next to the merge wins over the merged one.
  const own = `${HEAD}  llm: &main\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm:\n    <<: *main\n    provider: vendr_c\n`;
  const o = findings(own);
  assert.equal(o.length, 1, o.join('\n'));
  assert.match(o[0]!, /^"vendr_c" Unknown provider 'vendr_c'/);
});

/** Every finding as `"text at its range" code message`. */
function all(text: string): string[] {
  return analyze(text, 'yaml', DEFAULT_OPTIONS).diagnostics.map(
    (d) => `${JSON.stringify(text.slice(d.offset, d.offset + d.length))} ${d.code} ${d.message}`,
  );
}

test('a misspelt key beside `<<` is reported although the merged provider is wrong; the anchor’s typo once, at its place', () => {
  // /tmp/rev/fix2/a.assistant.yaml of REVIEW2 E16, with CRLF and comments as well.
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main',
    '    provider: vendr_a    # typo inside an anchor',
    '    apiKey: {valueFromEnv: VENDOR_A_API_KEY}',
    '  aiPrimitivesLlm: *main',
    '  schemaSelector:',
    '    type: llm_selector',
    '    llm:',
    '      <<: *main',
    '      provder: vendor_b     # override, misspelt',
    '  overrideAiPrimitivesLlm:',
    '    - primitiveName: classify',
    '      llm: {<<: *main, provder: vendor_b}',
    '',
  ].join('\n');
  for (const t of [text, text.replace(/\n/g, '\r\n')]) {
    const f = all(t);
    const provider = f.filter((x) => x.includes('unknown-discriminator'));
    assert.equal(provider.length, 1, f.join('\n'));
    assert.match(provider[0]!, /^"vendr_a" unknown-discriminator Unknown provider 'vendr_a'/);
    const override = f.filter((x) => x.startsWith('"provder"'));
    assert.equal(override.length, 2, f.join('\n'));
    for (const o of override) assert.match(o, /unknown-property .*'provder'.* Did you mean 'provider'\?/);
  }
  // With the anchor's provider right, the same two keys are reported (as before).
  const fixed = all(text.replace('vendr_a', 'vendor_a'));
  assert.equal(fixed.filter((x) => x.startsWith('"provder"')).length, 2, fixed.join('\n'));
});

test('under an unknown provider, near misses of keys some provider has are reported; those keys, and others, are not', () => {
  // `zoneName` is no near miss of anything: the key of a provider this schema does not know, left for
  // when the provider is known (as before).
  const text = `${HEAD}  llm:\n    provider: vendr_a\n    modle: big\n    zoneName: z-1\n    regionName: r\n    apiKey: {valueFromEnv: K}\n`;
  const f = all(text);
  assert.deepEqual(
    f.filter((x) => x.includes('unknown-property')).map((x) => x.split(' ')[0]),
    ['"modle"'],
    f.join('\n'),
  );
  assert.equal(f.filter((x) => x.includes('unknown-discriminator')).length, 1);
  // The anchor's own misspelt key, used through an alias and a merge: once, at its place.
  const shared = `${HEAD}  llm: &m\n    provider: vendr_a\n    modle: big\n  aiPrimitivesLlm: *m\n  threadTitleGeneration:\n    llm: {<<: *m}\n`;
  const s = all(shared);
  assert.equal(s.filter((x) => x.includes("'modle'")).length, 1, s.join('\n'));
  assert.match(
    s.find((x) => x.includes("'modle'"))!,
    /^"modle" /,
  );
});
