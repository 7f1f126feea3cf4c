// REVIEW5 H20: `--fix` (and Fix all on save) applies a suggestion only when one candidate is clearly
// the closest (README: "one clear closest match"). Tied candidates (`cloud_d`: one letter from each
// cloud) and a value that several candidates continue (`block` begins every `block…` value,
// `vendor` every `vendor_…`) are named in the message, each offered as a quick fix, none preferred,
// and `--fix` leaves the text for the user. Case and spelling slips of a whole value stay fixed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { closestMatches } from '../../server/src/service/text';
import { PROVIDERS, fixesFor } from '../helpers';

const family = (p: string): string[] => PROVIDERS.filter((x) => x.startsWith(p));

const H = 'kind: AssistantConfig\nversion: v2\n';
const fix = (text: string): string => fixAll(text, 'yaml', (t, l) => analyze(t, l)).text;
const only = (text: string, code: string): Diagnostic => {
  const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code === code);
  assert.equal(ds.length, 1, JSON.stringify(analyze(text, 'yaml').diagnostics));
  return ds[0]!;
};

test('H20: a provider equally close to several: each named and offered, none preferred, --fix leaves it', () => {
  const cases: [string, string[]][] = [
    ['cloud_d', family('cloud_')],
    ['cloud', family('cloud_')],
    ['vendor_d', family('vendor_')],
    ['vendor', family('vendor_')],
  ];
  for (const [value, meant] of cases) {
    const text = `${H}definition:\n  llm:\n    provider: ${value} # which one?\n`;
    const d = only(text, 'unknown-discriminator');
    assert.ok(
      d.message.includes(
        `Did you mean ${meant
          .map((m) => `'${m}'`)
          .join(', ')
          .replace(/, ([^,]*)$/, ' or $1')}?`,
      ),
      d.message,
    );
    const fixes = fixesFor(text, d);
    assert.deepEqual(
      fixes.map((f) => f.title.replace(/ and add .*/, '')),
      meant.map((m) => `Change 'provider' to '${m}'`),
    );
    assert.ok(fixes.every((f) => !f.preferred));
    assert.equal(fix(text), text, value);
  }
});

test('H20: a provider one clear step from one variant is still fixed', () => {
  const text = `${H}definition:\n  llm:\n    provider: hostd\n`;
  assert.equal(fix(text), `${H}definition:\n  llm:\n    provider: hosted\n`);
});

const SAFETY = (v: string): string =>
  `${H}definition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n    safetySettings:\n      harassment: ${v} # legal\n`;

test('H20: `block`, `blockAbove`: several values continue it; never turned into `blockNone` or any one of them', () => {
  for (const v of ['block', 'blockAbove', 'Block']) {
    const text = SAFETY(v);
    const d = only(text, 'invalid-enum');
    assert.match(d.message, /Did you mean '.*', '.*' or|Did you mean '[^']*' or '[^']*'\?/);
    const fixes = fixesFor(text, d);
    assert.ok(fixes.length >= 2, JSON.stringify(fixes));
    assert.ok(fixes.every((f) => !f.preferred));
    assert.equal(fix(text), text, v);
  }
});

test('H20: case and spelling slips of a whole BlockType value are fixed', () => {
  for (const [v, meant] of [
    ['blocknone', 'blockNone'],
    ['blockOnlyhigh', 'blockOnlyHigh'],
    ['BLOCK_NONE', 'blockNone'],
    ['blockOnlyHig', 'blockOnlyHigh'],
    ['blockMediumAndAbov', 'blockMediumAndAbove'],
  ] as const) {
    const d = only(SAFETY(v), 'invalid-enum');
    const fixes = fixesFor(SAFETY(v), d);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [[`Change 'harassment' to '${meant}'`, true]],
    );
    assert.equal(fix(SAFETY(v)), SAFETY(meant), v);
  }
});

test('H20: a feature flag between two named ones: both offered, neither preferred', () => {
  const text = `${H}definition:\n  llm: {provider: hosted}\n  featureFlags: {enable_visualizations_v: true}\n`;
  const d = only(text, 'near-miss-key');
  assert.match(d.message, /did you mean 'enable_visualizations_v2' or 'enable_visualizations_v3'\?/);
  assert.deepEqual(
    fixesFor(text, d).map((f) => [f.title, f.preferred]),
    [
      ["Rename 'enable_visualizations_v' to 'enable_visualizations_v2'", false],
      ["Rename 'enable_visualizations_v' to 'enable_visualizations_v3'", false],
    ],
  );
  assert.equal(fix(text), text);
});

test('H20: closestMatches: one clear match, ties, and words several candidates continue', () => {
  assert.deepEqual(closestMatches('valueFromEnvv', ['value', 'valueFromEnv']).tied, ['valueFromEnv']);
  assert.deepEqual(closestMatches('cloud_d', PROVIDERS).tied, family('cloud_'));
  assert.deepEqual(closestMatches('modle', ['model', 'modelId']).tied, ['model']);
  assert.deepEqual(closestMatches('xyz', ['model']), { best: undefined, tied: [] });
});

test('N9: a flag one letter from two named ones, one of which is set: the other is meant, said and offered', () => {
  // Hand-written: block mapping with comments, CRLF; and minified JSON.
  const yaml = `${H}definition:\r\n  llm: {provider: hosted}\r\n  featureFlags:\r\n    enable_visualizations_v2: true # on since May\r\n    enable_visualizations_v: true # trying the new one\r\n`;
  const d = only(yaml, 'near-miss-key');
  assert.match(
    d.message,
    /did you mean 'enable_visualizations_v3' \('enable_visualizations_v2' is set already\)\? \(Other keys are allowed\.\)/,
  );
  assert.deepEqual(
    fixesFor(yaml, d).map((f) => [
      f.title,
      f.result.includes('    enable_visualizations_v3: true # trying the new one\r\n'),
    ]),
    [["Rename 'enable_visualizations_v' to 'enable_visualizations_v3'", true]],
  );
  // Not lint --fix: a custom flag of that name is allowed.
  assert.equal(fix(yaml), yaml);
  const json = `{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"featureFlags":{"enable_visualizations_v3":false,"enable_visualizations_v":true}}}`;
  const found = analyze(json, 'json').diagnostics.filter((x) => x.code === 'near-miss-key');
  assert.equal(found.length, 1);
  assert.match(
    found[0]!.message,
    /did you mean 'enable_visualizations_v2' \('enable_visualizations_v3' is set already\)\?/,
  );
  // Every closest named key set: a custom key of its own, nothing said.
  const both = `${H}definition:\n  llm: {provider: hosted}\n  featureFlags:\n    enable_visualizations_v2: true\n    enable_visualizations_v3: true\n    enable_visualizations_v: true\n`;
  assert.deepEqual(
    analyze(both, 'yaml').diagnostics.filter((x) => x.code === 'near-miss-key'),
    [],
  );
});
