// REVIEW10 L10: "Add the required fields" on an anchored mapping that others merge (`<<: *base`) or
// alias changes them all: the title says so, and the fix is not preferred when a mapping that merges
// it sets another provider (the added fields would not fit there). A mapping no alias uses: as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function addRequired(text: string, at: string): { title: string; preferred: boolean; out: string }[] {
  const { doc, diagnostics } = analyze(text, 'yaml');
  const offset = text.indexOf(at);
  const d = diagnostics.find((x) => x.code === 'missing-required' && x.offset === offset);
  assert.ok(d, `${at}: ${diagnostics.map((x) => `${x.code}@${x.offset}`).join()}`);
  return getCodeActions(doc, diagnostics, d)
    .filter((a) => a.title.startsWith('Add the required'))
    .map((a) => ({ title: a.title, preferred: a.isPreferred === true, out: applyEdits(text, a.edits) }));
}

test('L10: the required fields added to an anchor that mappings merge: said in the title', () => {
  for (const eol of ['\n', '\r\n']) {
    // Merged by two mappings of the same provider (comments on the way): the fix is right for all three.
    const same =
      `${HEAD}  llm: &base   # the shared LLM\n    provider: cloud_a\n    model: gpt-4o\n  aiPrimitivesLlm:\n    <<: *base   # same one\n  threadTitleGeneration:\n    enable: true\n    llm: {<<: *base}\n`.replace(
        /\n/g,
        eol,
      );
    const [fix] = addRequired(same, 'llm: &base');
    assert.equal(
      fix?.title,
      "Add the required fields 'endpoint' and 'apiKey' of provider 'cloud_a' to '&base' (shared: its 2 aliases get them too)",
    );
    assert.equal(fix.preferred, true);
    // Applied: every mapping that merges it is complete, comments and line endings kept.
    const after = analyze(fix.out, 'yaml').diagnostics.filter((x) => x.code === 'missing-required');
    assert.deepEqual(after, []);
    assert.match(fix.out, /# the shared LLM/);
    assert.ok(!fix.out.replace(/\r\n/g, '').includes('\n') || eol === '\n');

    // One that merges it sets another provider: the fields would not fit there; not preferred.
    const other = same.replace(`llm: {<<: *base}`, `llm: {<<: *base, provider: cloud_c}`);
    const [o] = addRequired(other, 'llm: &base');
    assert.match(o!.title, /to '&base' \(shared: its 2 aliases get them too\)$/);
    assert.equal(o!.preferred, false);
  }
});

test('L10: aliased whole, or inside an anchored block: the title says which anchor; unshared: as before', () => {
  const whole = `${HEAD}  llm: &base {provider: cloud_a, model: gpt-4o}\n  aiPrimitivesLlm: *base\n`;
  assert.deepEqual(
    addRequired(whole, 'llm: &base').map((f) => [f.title, f.preferred]),
    [
      [
        "Add the required fields 'endpoint' and 'apiKey' of provider 'cloud_a' to '&base' (shared: its alias gets them too)",
        true,
      ],
    ],
  );
  const inside = `${HEAD}  threadTitleGeneration: &titles\n    enable: true\n    llm:\n      provider: cloud_a\n      model: gpt-4o\n  aiPrimitivesLlm: {provider: hosted}\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm: {provider: hosted}\n`;
  const t = `${inside}x-titles: *titles\n`;
  const r = addRequired(t, 'llm:\n      provider: cloud_a');
  assert.deepEqual(
    r.map((f) => f.title),
    [
      "Add the required fields 'endpoint' and 'apiKey' of provider 'cloud_a' (shared: inside '&titles'; an alias gets them too)",
    ],
  );
  const plain = `${HEAD}  llm:\n    provider: cloud_a\n    model: gpt-4o\n`;
  assert.deepEqual(
    addRequired(plain, 'llm:').map((f) => [f.title, f.preferred]),
    [["Add the required fields 'endpoint' and 'apiKey' of provider 'cloud_a'", true]],
  );
});

test('REVIEW11 M1: a key merged from an anchor that an anchored mapping merges is reported at the `<<` that brings it, with no fix', () => {
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'x-base: &base   # the shared endpoint and key',
    '  provider: cloud_a',
    '  endpoint: https://api.example.com/v1',
    '  apiKey: {valueFromEnv: CLOUD_A_API_KEY}',
    'definition:',
    '  llm: &cls',
    '    <<: *base',
    '    model: gpt-4o',
    '  overrideAiPrimitivesLlm:',
    '    - primitiveName: summarize',
    '      llm:',
    '        <<: *cls   # but on the hosted model',
    '        provider: hosted',
    '',
  ].join('\n');
  for (const eol of ['\n', '\r\n']) {
    const t = text.replace(/\n/g, eol);
    const { doc, diagnostics } = analyze(t, 'yaml');
    const merge = t.indexOf('<<: *cls');
    const found = diagnostics
      .filter((d) => d.code === 'unknown-property' && d.offset !== 0 && !/x-base/.test(d.message))
      .map((d) => [
        t.slice(d.offset, d.offset + d.length),
        d.offset === merge,
        d.message.replace(/ \(.*belongs.*?\)/, ''),
        t.slice(d.related![0]!.offset).split(':')[0],
      ]);
    assert.deepEqual(found, [
      ['<<', true, "provider 'hosted' does not allow 'model'. (through the merge key '<<: *cls')", 'model'],
      ['<<', true, "provider 'hosted' does not allow 'endpoint'. (through the merge key '<<: *cls')", 'endpoint'],
      ['<<', true, "provider 'hosted' does not allow 'apiKey'. (through the merge key '<<: *cls')", 'apiKey'],
    ]);
    // No fix edits the shared anchors (removing `endpoint` there broke the mappings that need it).
    for (const d of diagnostics.filter((x) => x.code === 'unknown-property' && x.offset === merge)) {
      const edits = getCodeActions(doc, diagnostics, d).filter((a) => !a.title.startsWith('Ignore'));
      assert.deepEqual(
        edits.map((a) => a.title),
        [],
      );
    }
  }
});

test('REVIEW11 M2: a finding in an anchor that a chain of anchors merges is said once, at the first use, with the others as related information', () => {
  // Three anchors in a chain (`&base` <- `&mid` <- `&cls`), none checked in place but `&cls`; YAML flow
  // mappings (unquoted keys, `{<<: *cls}`) beside block ones, comments on the way.
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'x-base: &base {provider: cloud_a, endpoint: 5, apiKey: {valueFromEnv: CLOUD_A_API_KEY}}   # shared',
    'x-mid: &mid   # the shared model',
    '  <<: *base',
    "  model: ' gpt-4o'",
    'definition:',
    '  llm: &cls {<<: *mid}',
    '  aiPrimitivesLlm: {<<: *cls}   # same one',
    '  threadTitleGeneration:',
    '    enable: true',
    '    llm:',
    '      <<: *cls',
    '',
  ].join('\n');
  for (const eol of ['\n', '\r\n']) {
    const t = text.replace(/\n/g, eol);
    const { doc, diagnostics } = analyze(t, 'yaml');
    const at = (d: { offset: number; length: number }): string => {
      const line = t.slice(0, d.offset).split('\n').length;
      return `${line}:${t.slice(d.offset, d.offset + d.length)}`;
    };
    const found = diagnostics
      .filter((d) => !/x-base|x-mid/.test(d.message))
      .map((d) => [
        d.code,
        at(d),
        d.message.replace(/[;:] .*? \(through/, ' (through'),
        (d.related ?? []).map((r) => `${at(r)} ${r.message}`),
      ]);
    assert.deepEqual(found, [
      [
        'invalid-type',
        '8:*mid',
        "'endpoint' must be a string (through the merge key '<<: *mid')",
        [
          '3:5 Found here, in the anchored node the alias uses',
          "9:*cls Also through the merge key '<<: *cls'",
          "13:*cls Also through the merge key '<<: *cls'",
        ],
      ],
      [
        'blank-string',
        '8:*mid',
        "'model' has leading spaces, which the service keeps (through the merge key '<<: *mid')",
        [
          "6:' gpt-4o' Found here, in the anchored node the alias uses",
          "9:*cls Also through the merge key '<<: *cls'",
          "13:*cls Also through the merge key '<<: *cls'",
        ],
      ],
    ]);
    // Nothing edits the shared anchors: no fix but the suppression comments.
    for (const d of diagnostics.filter((x) => x.code !== 'unknown-property')) {
      const edits = getCodeActions(doc, diagnostics, d).filter((a) => !a.title.startsWith('Ignore'));
      assert.deepEqual(
        edits.map((a) => a.title),
        [],
      );
    }
  }
});

test('REVIEW11 M2: the same value checked in place keeps its finding there, every use listed; a finding that differs per use stays at each', () => {
  for (const eol of ['\n', '\r\n']) {
    const t = [
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm: &base {provider: cloud_a, endpoint: 5, apiKey: {valueFromEnv: CLOUD_A_API_KEY}, model: m}',
      '  aiPrimitivesLlm: &cls {<<: *base}',
      '  threadTitleGeneration: {enable: true, llm: {<<: *cls}}',
      '  overrideAiPrimitivesLlm:',
      '    - primitiveName: classify',
      '      llm: {<<: *cls, provider: hosted}',
      '',
    ]
      .join('\n')
      .replace(/\n/g, eol);
    const { diagnostics } = analyze(t, 'yaml');
    const line = (o: number): number => t.slice(0, o).split('\n').length;
    const types = diagnostics.filter((d) => d.code === 'invalid-type');
    // The value `5` as `llm` reads it, with a fix (it is the user's text there); each use listed.
    assert.deepEqual(
      types.map((d) => [line(d.offset), t.slice(d.offset, d.offset + d.length), d.data?.throughAlias === true]),
      [[4, '5', false]],
    );
    assert.deepEqual(
      types[0]!.related!.map((r) => [line(r.offset), r.message]),
      [
        [5, "Also through the merge key '<<: *base'"],
        [6, "Also through the merge key '<<: *cls'"],
      ],
    );
    // Under `hosted` the merged keys are findings of that use alone: at its `<<`.
    const hosted = diagnostics.filter((d) => d.code === 'unknown-property');
    assert.ok(hosted.length > 0);
    for (const d of hosted) assert.deepEqual([line(d.offset), t.slice(d.offset, d.offset + d.length)], [9, '<<']);
  }
});
