// REVIEW14-user U7: the move fixes of a misplaced key take a key that carries an anchor (`llm: &primary`
// with aliases of it below) when every alias still reads its own anchor after the move; a move that
// would put an anchor after an alias of it, or an alias before its anchor, is not offered.
// And the provider switch of a shared block says what it leaves in a block that merges it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { parse } from '../../server/src/parser';
import { fixAll } from '../../server/src/service/fixAll';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

/** The data a YAML 1.1 loader (merge keys applied, aliases resolved) reads. */
const loaded = (text: string): unknown => parseYaml(text, { merge: true });

function unknown(text: string): Diagnostic[] {
  return analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property');
}

// The team's file with its `definition:` line left out: every key written at the top level, the
// primary LLM anchored, aliases of it and of its fallback below, a merge, comments on most lines.
const WITH = [
  '# the team config',
  H.trimEnd(),
  '',
  'definition:',
  '  # Primary LLM, shared below.',
  '  llm: &primary # the main one',
  '    provider: vendor_a',
  '    model: big',
  '    apiKey: { valueFromEnv: VENDOR_A_API_KEY }',
  '    fallback: &fast',
  '      provider: vendor_b',
  '      model: small',
  '      apiKey: { valueFromEnv: VENDOR_B_API_KEY }',
  '',
  '  systemInstructions: |',
  '    Be brief.',
  '',
  '    # not a comment: a line of the instructions',
  '',
  '  aiPrimitivesLlm: *fast # the fast one',
  '  overrideAiPrimitivesLlm:',
  '    - primitiveName: extract',
  '      llm: *primary',
  '    - primitiveName: visualize',
  '      llm:',
  '        <<: *primary # merged',
  '        model: bigger',
  '  # titles on the fast model',
  '  threadTitleGeneration:',
  '    enable: true',
  '    llm: *fast',
  '',
].join('\n');
const WITHOUT = WITH.split('\n')
  .filter((l) => l !== 'definition:')
  .map((l) => (l.startsWith('  ') ? l.slice(2) : l))
  .join('\n');

test('the keys of definition at the top level with an anchored llm: one fix moves them all, the anchored llm first', () => {
  for (const [before, after] of [
    [WITHOUT, WITH],
    [crlf(WITHOUT), crlf(WITH)],
  ] as const) {
    const strays = unknown(before);
    assert.deepEqual(
      strays.map((d) => d.data?.key),
      ['llm', 'systemInstructions', 'aiPrimitivesLlm', 'overrideAiPrimitivesLlm', 'threadTitleGeneration'],
    );
    for (const d of strays) {
      const fixes = fixesFor(before, d);
      const all = fixes.filter(
        (f) => f.title === "Move 'llm', 'systemInstructions' and 3 more under a new 'definition'",
      );
      assert.equal(all.length, 1, `${d.data?.key}: ${JSON.stringify(fixes.map((f) => f.title))}`);
      assert.ok(all[0]!.preferred, String(d.data?.key));
      // Every line, comment and blank line where it was in the file with its definition; every alias reads its anchor.
      assert.equal(all[0]!.result, after, String(d.data?.key));
      assert.deepEqual(
        analyze(all[0]!.result, 'yaml').diagnostics.filter((x) => x.severity === 'error'),
        [],
      );
      // What a loader reads: the same values (aliases and the merge resolved), now under definition.
      const { kind, version, ...rest } = loaded(before) as Record<string, unknown>;
      assert.deepEqual(loaded(all[0]!.result), { kind, version, definition: rest });
    }
    // The anchored llm alone: moved in its place under a new definition (nothing crosses an alias).
    const llm = fixesFor(before, strays[0]!).find((f) => f.title === "Move 'llm' under a new 'definition'");
    assert.ok(llm, 'the single move of the anchored llm');
    assert.deepEqual(parse(llm.result, 'yaml').problems, []);
    // `--fix` leaves misplaced keys for the user (where they go is shown, not decided), anchored or not.
    assert.equal(fixAll(before, 'yaml', (t, l) => analyze(t, l)).text, before);
  }
});

test('into an existing block: an anchored key goes in with the aliases of it, in order', () => {
  const before = `${H}definition:\n  llm:\n    provider: hosted\n# the fast one\naiPrimitivesLlm: &fast # shared\n  provider: hosted\n\nthreadTitleGeneration:\n  enable: true\n  llm: *fast\n`;
  const after = `${H}definition:\n  llm:\n    provider: hosted\n  # the fast one\n  aiPrimitivesLlm: &fast # shared\n    provider: hosted\n\n  threadTitleGeneration:\n    enable: true\n    llm: *fast\n`;
  for (const [b, a] of [
    [before, after],
    [crlf(before), crlf(after)],
  ] as const) {
    for (const d of unknown(b)) {
      const all = fixesFor(b, d).find(
        (f) => f.title === "Move 'aiPrimitivesLlm' and 'threadTitleGeneration' under 'definition'",
      );
      assert.ok(all, `${d.data?.key}: ${JSON.stringify(fixesFor(b, d).map((f) => f.title))}`);
      assert.equal(all.result, a);
      assert.deepEqual(analyze(all.result, 'yaml').diagnostics, []);
    }
    // The alias alone would come before its anchor: no single move of it.
    const alias = unknown(b).find((d) => d.data?.key === 'threadTitleGeneration')!;
    assert.ok(!fixesFor(b, alias).some((f) => f.title === "Move 'threadTitleGeneration' under 'definition'"));
  }
});

test('no move that leaves an alias before its anchor or reading another anchor', () => {
  const cases: [string, string][] = [
    // The anchored key would go to the end of definition, after the alias that reads it.
    ['aiPrimitivesLlm', `${H}aiPrimitivesLlm: &fast\n  provider: hosted\ndefinition:\n  llm: *fast\n`],
    // Moved up beside its holder, after the holder's block: after the alias of it in that block.
    [
      'aiPrimitivesLlm',
      `${H}definition:\n  llm:\n    provider: hosted\n    aiPrimitivesLlm: &p\n      provider: hosted\n    fallback: *p\n`,
    ],
    // The same anchor name twice: moved up, the alias below would read the moved one, not its own.
    [
      'aiPrimitivesLlm',
      `${H}definition:\n  llm:\n    provider: hosted\n    aiPrimitivesLlm: &p\n      provider: hosted\n    fallback: &p\n      provider: hosted\n  threadTitleGeneration:\n    enable: true\n    llm: *p\n`,
    ],
  ];
  for (const [key, text] of cases)
    for (const t of [text, crlf(text)]) {
      const ds = unknown(t).filter((d) => d.data?.key === key);
      assert.equal(ds.length, 1, t);
      const moves = fixesFor(t, ds[0]!).filter((f) => f.title.startsWith('Move'));
      assert.deepEqual(
        moves.map((f) => f.title),
        [],
        t,
      );
    }
  // The control: with the alias after the holder's block, the move up is offered and every alias still reads.
  const ok = `${H}definition:\n  llm:\n    provider: hosted\n    aiPrimitivesLlm: &p\n      provider: hosted\n  threadTitleGeneration:\n    enable: true\n    llm: *p\n`;
  const up = fixesFor(ok, unknown(ok)[0]!).find((f) => f.title === "Move 'aiPrimitivesLlm' up, beside 'llm'");
  assert.ok(up);
  assert.deepEqual(analyze(up.result, 'yaml').diagnostics, []);
});

test('switching the provider of a block others merge: their own keys are renamed as here, or kept and said', () => {
  const text = `${H}definition:\n  llm: &base\n    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm:\n    <<: *base # merged\n    model: other\n`;
  const doc = parse(text, 'yaml');
  const at = text.indexOf('vendor_a');
  const titles = (): string[] =>
    getCodeActions(doc, [], { offset: at, length: 0 })
      .filter((a) => a.kind === 'refactor.rewrite')
      .map((a) => a.title);
  const apply = (title: string): string => {
    const a = getCodeActions(doc, [], { offset: at, length: 0 }).find((x) => x.title === title);
    assert.ok(a, `${title}: ${JSON.stringify(titles())}`);
    return applyEdits(text, a.edits);
  };
  // cloud_b names the model modelId: the merging block's own model becomes modelId too.
  const toCloudB = titles().find((t) => t.startsWith("Switch provider to 'cloud_b'"))!;
  assert.doesNotMatch(toCloudB, /merges/);
  const b = apply(toCloudB);
  assert.match(b, /<<: \*base # merged\n {4}modelId: other\n/);
  assert.ok(!unknown(b).some((d) => d.data?.key === 'model'), b);
  // hosted has no model: the merging block's model is kept (the user's text) and the title says so.
  const toHosted = titles().find((t) => t.startsWith("Switch provider to 'hosted'"))!;
  assert.match(toHosted, /keeps 'model' of a block that merges it; shared by 1 merge: all switch\)$/);
  const h = apply(toHosted);
  assert.match(h, /<<: \*base # merged\n {4}model: other\n/);
});

test("the missing 'definition' with its keys at the top level: the move is the preferred fix, not an empty definition", () => {
  for (const [before, after] of [
    [WITHOUT, WITH],
    [crlf(WITHOUT), crlf(WITH)],
  ] as const) {
    const missing = analyze(before, 'yaml').diagnostics.filter((d) => d.code === 'missing-required');
    assert.equal(missing.length, 1);
    const fixes = fixesFor(before, missing[0]!);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [
        ["Move 'llm', 'systemInstructions' and 3 more under a new 'definition'", true],
        ["Add the required field 'definition'", false],
      ],
    );
    assert.equal(fixes[0]!.result, after);
  }
  // With nothing of definition written, adding it stays the preferred fix.
  const bare = `${H}# nothing yet\n`;
  const fixes = fixesFor(
    bare,
    analyze(bare, 'yaml').diagnostics.find((d) => d.code === 'missing-required')!,
  );
  assert.deepEqual(
    fixes.map((f) => [f.title, f.preferred]),
    [["Add the required field 'definition'", true]],
  );
});
