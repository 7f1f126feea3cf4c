// An alias with no anchor before it is one mistake, one diagnostic (REVIEW3 F9): `unresolved-alias` on
// the alias, not also "'apiKey' must be EnvironmentValue … found nothing"; with the anchor meant
// named (a near miss above it, with a rename quick fix, or the anchor defined further down), and that
// anchor not called unused with "the mark can go". On files shaped as users write them: anchors
// shared between LLM blocks, comments, block scalars, CRLF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, getCodeActions, validate } from '../../server/src/service';
import { safeFixFor } from '../../server/src/service/fixAll';
import type { Diagnostic } from '../../server/src/service';

const H = 'kind: AssistantConfig\nversion: v2\n';
const diagnostics = (text: string): Diagnostic[] => analyze(text, 'yaml').diagnostics;
const codes = (text: string): string[] => diagnostics(text).map((d) => d.code);
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

const UNRES = `${H}definition:
  # the main LLM
  llm:
    provider: vendor_a
    apiKey: *vendorKey   # shared key, anchor forgotten
  systemInstructions: |
    Answer with *stars* & ampersands.
  aiPrimitivesLlm: *main
`;

test('an unresolved alias in a required field: unresolved-alias alone, not "found nothing" too', () => {
  for (const text of [UNRES, crlf(UNRES)]) {
    const ds = diagnostics(text);
    assert.deepEqual(
      ds.map((d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}`),
      ['unresolved-alias *vendorKey', 'unresolved-alias *main'],
    );
    assert.ok(!ds.some((d) => /found nothing/.test(d.message)));
  }
});

test('a merge of an unresolved alias: no second finding about what it would have brought', () => {
  const text = `${H}definition:\n  llm:\n    <<: *base # defaults\n    model: small\n  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n      llm: *bse\n`;
  assert.deepEqual(codes(text), ['unresolved-alias', 'unresolved-alias']);
});

const TYPO = `${H}definition:
  llm: &main # shared by every block
    provider: hosted
  aiPrimitivesLlm: *mian
  threadTitleGeneration:
    enable: true
    llm: *main
`;

test('a near miss of an anchor above: did you mean, a quick fix that renames the alias, the anchor not "unused"', () => {
  for (const text of [TYPO, crlf(TYPO), TYPO.replace(/ {2}threadTitleGeneration:[^]*$/, '')]) {
    const doc = parse(text, 'yaml');
    const ds = validate(doc);
    assert.deepEqual(
      ds.map((d) => d.code),
      ['unresolved-alias'],
    );
    const d = ds[0]!;
    assert.equal(d.message, "Alias '*mian' has no anchor '&mian' before it. Did you mean '*main'?");
    assert.equal(text.slice(d.related![0]!.offset, d.related![0]!.offset + d.related![0]!.length), '&main');
    const fix = getCodeActions(doc, ds, d).find((a) => a.diagnostic === d)!;
    assert.equal(fix.title, "Change the alias '*mian' to '*main'");
    assert.ok(fix.isPreferred);
    const fixed = applyEdits(text, fix.edits);
    assert.equal(fixed, text.replace('*mian', '*main'));
    assert.deepEqual(diagnostics(fixed), []);
    // One clear match: `lint --fix` may apply it.
    assert.ok(safeFixFor(doc, d));
  }
});

test('a did-you-mean that is a guess stays an editor quick fix: short names, two anchors near it', () => {
  for (const [text, meant] of [
    [`${H}definition:\n  llm: &ab\n    provider: hosted\n  aiPrimitivesLlm: *ac\n`, 'ab'],
    [
      `${H}definition:\n  llm: &main\n    provider: hosted\n  aiPrimitivesLlm: &mains {provider: hosted}\n  threadTitleGeneration: {llm: *mian}\n`,
      'main',
    ],
  ] as const) {
    const doc = parse(text, 'yaml');
    const d = validate(doc).find((x) => x.code === 'unresolved-alias')!;
    assert.equal(d.data?.suggestion, meant, text);
    assert.equal(d.data?.unsafeRename, true, text);
    assert.equal(safeFixFor(doc, d), undefined, text);
    assert.equal(getCodeActions(doc, [d], d).length > 0, true, 'the editor still offers it');
  }
});

test('no anchor near: the plain message, no fix; the unused anchor is still a hint', () => {
  const text = `${H}definition:\n  llm: &primary\n    provider: hosted\n  aiPrimitivesLlm: *zzz\n`;
  const ds = diagnostics(text);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['unused-anchor', 'unresolved-alias'],
  );
  assert.equal(ds[1]!.message, "Alias '*zzz' has no anchor '&zzz' before it.");
  assert.equal(ds[1]!.data, undefined);
});

test('an alias before its anchor: the message says the anchor comes later; no invalid-type, no unused-anchor', () => {
  const FWD = `${H}definition:\n  llm: *later # the fallback block below\n  aiPrimitivesLlm: &later\n    provider: hosted\n`;
  for (const text of [FWD, crlf(FWD)]) {
    const ds = diagnostics(text);
    assert.deepEqual(
      ds.map((d) => d.code),
      ['unresolved-alias'],
    );
    assert.match(
      ds[0]!.message,
      /^Alias '\*later' comes before its anchor '&later' \(line 5\): a YAML alias can only refer to an anchor above it/,
    );
    const r = ds[0]!.related![0]!;
    assert.equal(text.slice(r.offset, r.offset + r.length), '&later');
    assert.equal(getCodeActions(parse(text, 'yaml'), ds, ds[0]!).filter((a) => a.diagnostic === ds[0]).length, 0);
  }
});

test('every other diagnostic of the file is still found beside an unresolved alias', () => {
  const text = `${H}definition:\n  llm:\n    provider: hostd\n    fallback: *backup\n  maxAssistantActions: zero\n`;
  assert.deepEqual(codes(text), ['unknown-discriminator', 'unresolved-alias', 'invalid-type']);
});
