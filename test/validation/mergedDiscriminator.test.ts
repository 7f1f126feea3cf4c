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
  assert.match(f[0]!, /^"\*b" Unknown provider 'vendr_b'\. Did you mean 'vendor_b'\?.* \(through alias '\*b'\)$/, f[0]);
  // An own provider next to the merge wins over the merged one.
  const own = `${HEAD}  llm: &main\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm:\n    <<: *main\n    provider: vendr_c\n`;
  const o = findings(own);
  assert.equal(o.length, 1, o.join('\n'));
  assert.match(o[0]!, /^"vendr_c" Unknown provider 'vendr_c'/);
});
