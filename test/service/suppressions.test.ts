// Suppression comments, applied inside validation (so the CLI and the editor agree): next-line and
// file-level, reasons, codes that cannot be silenced, unused suppressions with their fix, the
// "Ignore <code> on this line" fix, and codes silenced through the options (the JSON way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import {
  validate,
  validateWithSuppressions,
  getCodeActions,
  suppressionActions,
  applyEdits,
  findSuppressions,
} from '../../server/src/service';

const BASE = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
const codes = (t: string, lang: 'yaml' | 'json' = 'yaml', suppress?: string[]) =>
  validate(parse(t, lang), {
    maxFallbackDepth: 16,
    maxAliasExpansion: 1e6,
    maxFileSize: 1e7,
    maxNestingDepth: 1000,
    ...(suppress ? { suppress } : {}),
  }).map((d) => d.code);

test('next-line suppression silences that code on the next line only, with a reason', () => {
  const text =
    BASE +
    '  # assistant-config-disable-next-line unknown-property -- kept for the old client\n  legacyFlag: true\n  otherFlag: true\n';
  const r = validateWithSuppressions(parse(text, 'yaml'));
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['unknown-property'],
  );
  assert.equal(text.slice(r.diagnostics[0]!.offset).split(':')[0], 'otherFlag');
  assert.equal(r.suppressed.length, 1);
  assert.deepEqual(r.suppressed[0]!.suppression, { kind: 'inSource', justification: 'kept for the old client' });
});

test('file-level suppression, several codes, CRLF, comment after a value', () => {
  const text = (
    BASE +
    '  contextWindowLimit: 0  # assistant-config-disable non-positive-limit, unknown-property\n  legacyFlag: true\n'
  ).replace(/\n/g, '\r\n');
  assert.deepEqual(codes(text), []);
});

test('an unused suppression and an unknown code get hints; syntax errors cannot be silenced', () => {
  const text =
    BASE +
    '# assistant-config-disable-next-line unknown-property, not-a-code\n  contextWindowLimit: 5\n# assistant-config-disable syntax-error\n';
  const diags = validate(parse(text, 'yaml'));
  assert.deepEqual(
    diags.map((d) => [d.code, d.severity, text.slice(d.offset, d.offset + d.length)]),
    [
      ['unused-suppression', 'hint', 'unknown-property'],
      ['unused-suppression', 'hint', 'not-a-code'],
      ['unused-suppression', 'hint', 'syntax-error'],
    ],
  );
  assert.match(diags[1]!.message, /not a diagnostic code/);
  assert.match(diags[2]!.message, /cannot be silenced/);
});

test('the fix removes an unused code, then the whole comment line; the rest stays', () => {
  let text =
    BASE + '  # assistant-config-disable-next-line unknown-property, non-positive-limit\n  contextWindowLimit: 5\n';
  for (let i = 0; i < 2; i++) {
    const doc = parse(text, 'yaml');
    const hint = validate(doc).find((d) => d.code === 'unused-suppression')!;
    const fix = getCodeActions(doc, [hint], { offset: hint.offset, length: 0 }).find(
      (a) => a.title === 'Remove the unused suppression',
    )!;
    text = applyEdits(text, fix.edits);
  }
  assert.equal(text, BASE + '  contextWindowLimit: 5\n');
  const trailing = BASE + '  contextWindowLimit: 5 # assistant-config-disable unknown-property\n';
  const doc = parse(trailing, 'yaml');
  const hint = validate(doc)[0]!;
  const fix = getCodeActions(doc, [hint], { offset: hint.offset, length: 0 }).find(
    (a) => a.title === 'Remove the unused suppression',
  )!;
  assert.equal(applyEdits(trailing, fix.edits), BASE + '  contextWindowLimit: 5\n');
});

test('"Ignore <code> on this line" inserts a comment that silences it, at the line\'s indentation, keeping CRLF', () => {
  for (const eol of ['\n', '\r\n']) {
    const text = (BASE + '  legacyFlag: true\n').replace(/\n/g, eol);
    const doc = parse(text, 'yaml');
    const d = validate(doc).find((x) => x.code === 'unknown-property')!;
    assert.ok(
      !getCodeActions(doc, [d], { offset: d.offset, length: 0 }).some((a) => a.title.startsWith('Ignore')),
      'kept apart from the fixes',
    );
    const fix = suppressionActions(doc, [d], { offset: d.offset, length: 0 }).find(
      (a) => a.title === 'Ignore unknown-property on this line',
    )!;
    const after = applyEdits(text, fix.edits);
    assert.ok(
      after.includes(`  # assistant-config-disable-next-line unknown-property${eol}  legacyFlag: true`),
      JSON.stringify(after),
    );
    assert.deepEqual(codes(after), []);
    // Another code on the same line joins the existing comment instead of adding a second one.
    const t2 = after.replace('legacyFlag: true', 'contextWindowLimit: 0');
    const doc2 = parse(t2, 'yaml');
    const d2 = validate(doc2).find((x) => x.code === 'non-positive-limit')!;
    const t3 = applyEdits(t2, suppressionActions(doc2, [d2], d2)[0]!.edits);
    assert.ok(
      t3.includes(
        `# assistant-config-disable-next-line unknown-property, non-positive-limit${eol}  contextWindowLimit: 0`,
      ),
      JSON.stringify(t3),
    );
    assert.equal(findSuppressions(parse(t3, 'yaml')).length, 1);
    assert.deepEqual(codes(t3), ['unused-suppression']);
  }
});

test('no "Ignore" fix for JSON, nor inside a block scalar line', () => {
  const json =
    '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "legacyFlag": true}}';
  const doc = parse(json, 'json');
  const d = validate(doc).find((x) => x.code === 'unknown-property')!;
  assert.deepEqual(suppressionActions(doc, [d], { offset: d.offset, length: 0 }), []);
});

test('JSON: codes listed in the options are silenced and reported as external suppressions', () => {
  const json =
    '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "legacyFlag": true}}';
  assert.deepEqual(codes(json, 'json'), ['unknown-property']);
  assert.deepEqual(codes(json, 'json', ['unknown-property']), []);
  const r = validateWithSuppressions(parse(json, 'json'), {
    maxFallbackDepth: 16,
    maxAliasExpansion: 1e6,
    maxFileSize: 1e7,
    maxNestingDepth: 1000,
    suppress: ['unknown-property'],
  });
  assert.equal(r.suppressed[0]!.suppression.kind, 'external');
});

test('the words inside a block scalar or a quoted string are text, not a suppression', () => {
  const text =
    BASE +
    '  systemInstructions: |\n    # assistant-config-disable unknown-property\n  legacyFlag: "# assistant-config-disable unknown-property"\n';
  assert.deepEqual(findSuppressions(parse(text, 'yaml')), []);
  assert.deepEqual(codes(text), ['unknown-property']);
});

test('"Ignore … on this line" on line 1 of a text that keeps its byte order mark inserts after the mark (REVIEW3 F14)', () => {
  for (const eol of ['\n', '\r\n']) {
    const text = `\uFEFFversion: v2${eol}definition:${eol}  llm: {provider: hosted}${eol}`;
    const doc = parse(text, 'yaml');
    const d = validate(doc).find((x) => x.code === 'kind-missing');
    assert.ok(d, 'kind-missing reported');
    const fix = suppressionActions(doc, [d], { offset: d.offset, length: 0 })[0];
    assert.ok(fix, 'the ignore action is offered');
    const after = applyEdits(text, fix.edits);
    assert.ok(
      after.startsWith(`\uFEFF# assistant-config-disable-next-line kind-missing${eol}version: v2`),
      JSON.stringify(after),
    );
    assert.ok(!validate(parse(after, 'yaml')).some((x) => x.code === 'kind-missing'), 'silenced');
  }
});
