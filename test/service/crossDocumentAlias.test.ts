// REVIEW11 M3: an alias whose anchor exists only in another YAML document of the file (`---` between
// them) says so, in the unresolved-alias message and related information, while definition, references
// and rename keep to the alias's own document (anchors do not reach across `---`). LF and CRLF, comments,
// the anchor in a document above (an AssistantConfig or notes) and below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, anchorDefinition, anchorReferences, applyEdits, renameAnchor } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';

const TEXT = [
  '# shared LLM settings, written once (or so the author thought)',
  'x-shared: &a   # notes document: not an AssistantConfig',
  '  provider: cloud_a',
  '  endpoint: https://api.example.com/v1',
  '---',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm:',
  '    <<: *a   # from the document above',
  '    model: gpt-4o',
  '    apiKey: {valueFromEnv: CLOUD_A_API_KEY}',
  '  aiPrimitivesLlm: *later',
  '---',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &later {provider: hosted, model: m}',
  '  aiPrimitivesLlm: *a',
  '',
].join('\n');

for (const [label, eol] of [
  ['LF', '\n'],
  ['CRLF', '\r\n'],
] as const) {
  const text = TEXT.replace(/\n/g, eol);
  const line = (o: number): number => text.slice(0, o).split('\n').length;
  const nth = (s: string, n: number): number => {
    let at = -1;
    for (let i = 0; i <= n; i++) at = text.indexOf(s, at + 1);
    return at;
  };

  test(`M3 (${label}): an alias to an anchor of another document says where it is and that anchors do not cross '---'`, () => {
    const { doc, diagnostics } = analyze(text, 'yaml');
    const found = diagnostics
      .filter((d) => d.code === 'unresolved-alias')
      .map((d) => [
        line(d.offset),
        text.slice(d.offset, d.offset + d.length),
        d.message,
        (d.related ?? []).map((r) => [line(r.offset), text.slice(r.offset, r.offset + r.length), r.message]),
      ]);
    assert.deepEqual(found, [
      [
        10,
        '*a',
        "Alias '*a' has no anchor '&a' before it. '&a' is defined in another YAML document (line 2); anchors do not reach across '---'.",
        [[2, '&a', "The anchor '&a', in another YAML document."]],
      ],
      [
        13,
        '*later',
        "Alias '*later' has no anchor '&later' before it. '&later' is defined in another YAML document (line 18); anchors do not reach across '---'.",
        [[18, '&later', "The anchor '&later', in another YAML document."]],
      ],
      [
        19,
        '*a',
        "Alias '*a' has no anchor '&a' before it. '&a' is defined in another YAML document (line 2); anchors do not reach across '---'.",
        [[2, '&a', "The anchor '&a', in another YAML document."]],
      ],
    ]);
    // No fix renames the alias to a guess, and --fix leaves the file as it is in this respect.
    for (const d of diagnostics.filter((x) => x.code === 'unresolved-alias'))
      assert.deepEqual(
        getCodeActions(doc, diagnostics, d)
          .filter((a) => a.diagnostic === d && !a.title.startsWith('Ignore'))
          .map((a) => a.title),
        [],
      );
    const fixed = fixAll(text, 'yaml', (t, l) => analyze(t, l));
    assert.equal(fixed.applied.filter((a) => a.code === 'unresolved-alias').length, 0);
  });

  test(`M3 (${label}): definition, references and rename stay in the alias's own document`, () => {
    const { doc } = analyze(text, 'yaml');
    // From `*a` (second and third documents): no definition, no reference beyond itself.
    for (const n of [0, 1]) {
      const alias = nth('*a', n) + 1;
      assert.equal(anchorDefinition(doc, alias), undefined);
      assert.deepEqual(
        anchorReferences(doc, alias, true).map((r) => line(r.offset)),
        [line(alias)],
      );
      assert.ok('error' in renameAnchor(doc, alias, 'shared'));
    }
    // Rename `&a` in the notes document: only its own mark (no alias there uses it).
    const r = renameAnchor(doc, nth('&a', 0) + 1, 'shared');
    assert.ok('edits' in r, JSON.stringify(r));
    assert.equal(applyEdits(text, r.edits), text.replace('&a ', '&shared '));
    // Rename `&later` in the third document: its mark only, not the `*later` of the second.
    const r2 = renameAnchor(doc, nth('&later', 0) + 1, 'hostedLlm');
    assert.ok('edits' in r2, JSON.stringify(r2));
    assert.equal(applyEdits(text, r2.edits), text.replace('&later', '&hostedLlm'));
  });
}

test('M3: a near miss in the same document is still offered, not for --fix, beside the anchor of the other document', () => {
  const text = [
    'x: &main {provider: hosted}',
    '---',
    'kind: AssistantConfig',
    'version: v2',
    'x-here: &mian {provider: hosted}',
    'definition:',
    '  llm: *main',
    '',
  ].join('\n');
  const { doc, diagnostics } = analyze(text, 'yaml');
  const d = diagnostics.find((x) => x.code === 'unresolved-alias');
  assert.ok(d);
  assert.equal(
    d.message,
    "Alias '*main' has no anchor '&main' before it. '&main' is defined in another YAML document (line 1); anchors do not reach across '---'. Did you mean '*mian'?",
  );
  assert.equal(d.data?.unsafeRename, true);
  assert.deepEqual(
    getCodeActions(doc, diagnostics, d)
      .filter((a) => a.diagnostic === d && !a.title.startsWith('Ignore'))
      .map((a) => a.title),
    ["Change the alias '*main' to '*mian'"],
  );
});
