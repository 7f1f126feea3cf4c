// Anchors and aliases as pure functions: definition, references, highlights, rename (applied and
// validated again), hover preview, unused-anchor hint and its fix — on a file shaped like users write
// them (block scalars mentioning & and *, comments, anchors shared between LLM blocks, CRLF).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser';
import {
  anchorDefinition,
  anchorReferences,
  anchorHighlights,
  prepareAnchorRename,
  renameAnchor,
  validate,
  doHover,
  getCodeActions,
  applyEdits,
} from '../../server/src/service';
import { ROOT } from '../helpers';

const LF = readFileSync(join(ROOT, 'test/fixtures/editor/team.assistant.yaml'), 'utf8');
const CRLF = LF.replace(/\n/g, '\r\n');

for (const [name, text] of [
  ['LF', LF],
  ['CRLF', CRLF],
] as const) {
  const doc = parse(text, 'yaml');
  const aliasAt = text.indexOf('*vendorKey') + 3;
  const anchorAt = text.indexOf('&vendorKey');

  test(`${name}: definition goes from *vendorKey to &vendorKey; text in a block scalar is no anchor`, () => {
    assert.deepEqual(anchorDefinition(doc, aliasAt), { offset: anchorAt, length: '&vendorKey'.length });
    assert.equal(anchorDefinition(doc, text.indexOf('*notAnAlias') + 2), undefined);
    assert.equal(anchorDefinition(doc, text.indexOf('model-001')), undefined);
  });

  test(`${name}: references and highlights of an anchor`, () => {
    const refs = anchorReferences(doc, anchorAt + 2, true).map((r) => text.slice(r.offset, r.offset + r.length));
    assert.deepEqual(refs, ['&vendorKey', '*vendorKey']);
    assert.deepEqual(
      anchorReferences(doc, aliasAt, false).map((r) => r.offset),
      [text.indexOf('*vendorKey')],
    );
    assert.deepEqual(
      anchorHighlights(doc, aliasAt).map((h) => h.kind),
      ['write', 'read'],
    );
  });

  test(`${name}: rename edits anchor and aliases; the result validates the same`, () => {
    const prep = prepareAnchorRename(doc, aliasAt)!;
    assert.equal(prep.placeholder, 'vendorKey');
    assert.equal(text.slice(prep.offset, prep.offset + prep.length), 'vendorKey');
    const r = renameAnchor(doc, aliasAt, 'sharedKey');
    assert.ok('edits' in r);
    const after = applyEdits(text, r.edits);
    assert.ok(after.includes('apiKey: &sharedKey') && after.includes('apiKey: *sharedKey   # same key'));
    assert.ok(!after.includes('vendorKey'));
    const codes = (t: string) => validate(parse(t, 'yaml')).map((d) => d.code);
    assert.deepEqual(codes(after), codes(text));
    assert.equal(after.replace(/\r/g, '').split('\n').length, text.replace(/\r/g, '').split('\n').length);
  });

  test(`${name}: rename refuses names YAML cannot carry and names taken`, () => {
    // Names every loader reads: PyYAML takes ASCII letters, digits, '_' and '-' only.
    for (const bad of ['two words', 'a,b', 'x[1]', '', 'tab\tname', '😀', 'a.b', '&', '**x', 'naïve']) {
      const r = renameAnchor(doc, aliasAt, bad);
      assert.ok('error' in r && /cannot be an anchor name every YAML loader reads/.test(r.error), bad);
    }
    // `&name` or `*name` typed by habit: the mark is dropped, not doubled.
    for (const typed of ['&shared_key', '*shared_key']) {
      const r = renameAnchor(doc, aliasAt, typed);
      assert.ok('edits' in r, typed);
      const after = applyEdits(text, r.edits);
      assert.ok(after.includes('&shared_key') && after.includes('*shared_key') && !after.includes('&&'), typed);
    }
    const taken = renameAnchor(doc, aliasAt, 'secondary');
    assert.ok('error' in taken && /already taken/.test(taken.error));
  });

  test(`${name}: hover on an alias previews the anchored node and its variant, never a literal value`, () => {
    const h = doHover(doc, aliasAt)!;
    assert.match(h.contents, /Alias of `&vendorKey`/);
    assert.match(h.contents, /valueFromEnv: VENDOR_A_API_KEY/);
    const t2 = text
      .replace('fallback: &secondary', 'fallback: &secondary')
      .replace(
        'apiKey: *vendorKey',
        'apiKey: *vendorKey\n      fallback: *secondary'.replace(/\n/g, name === 'CRLF' ? '\r\n' : '\n'),
      );
    const d2 = parse(t2, 'yaml');
    const h2 = doHover(d2, t2.indexOf('*secondary') + 2)!;
    assert.match(h2.contents, /VendorALlmConfig.*`provider: vendor_a`/);
    const secret = parse('definition:\n  a: &k\n    value: sk-live-1234567890\n  b: *k\n', 'yaml');
    const h3 = doHover(secret, secret.text.indexOf('*k') + 1)!;
    assert.ok(!h3.contents.includes('sk-live'), h3.contents);
    assert.match(h3.contents, /value: •••/);
    // Scalars as written (K13b): a quoted date stays quoted, a number keeps its digits, a long or
    // multi-line string is shortened; a credential shape in a plain value is still masked.
    const eol = name === 'CRLF' ? '\r\n' : '\n';
    const t4 = [
      'definition:',
      '  llm: &p',
      '    provider: cloud_a',
      '    apiVersion: "2024-06-01"',
      "    deploymentName: 'it''s'",
      '    temperature: 0.50',
      `    note: plain ${'sk-' + 'q'.repeat(5) + '7Ab9'.repeat(6)}`,
      '    endpoint: >-',
      '      https://x.example/a',
      '  aiPrimitivesLlm: *p',
      '',
    ].join(eol);
    const d4 = parse(t4, 'yaml');
    const h4 = doHover(d4, t4.indexOf('*p') + 1)!.contents;
    assert.match(h4, /apiVersion: "2024-06-01"/);
    assert.match(h4, /deploymentName: 'it''s'/);
    assert.match(h4, /temperature: 0\.50/);
    assert.ok(!h4.includes('7Ab97Ab9'), h4);
  });

  test(`${name}: an unused anchor gets a hint whose fix removes only the mark`, () => {
    const diags = validate(doc);
    const hint = diags.find((d) => d.code === 'unused-anchor')!;
    assert.equal(hint.severity, 'hint');
    assert.equal(text.slice(hint.offset, hint.offset + hint.length), '&secondary');
    const fix = getCodeActions(doc, [hint], { offset: hint.offset, length: 0 }).find((a) =>
      /Remove the unused anchor/.test(a.title),
    )!;
    const fixed = applyEdits(text, fix.edits);
    assert.ok(fixed.includes('    fallback:' + (name === 'CRLF' ? '\r\n' : '\n') + '      provider: vendor_a'));
    assert.deepEqual(
      validate(parse(fixed, 'yaml')).filter((d) => d.code === 'unused-anchor'),
      [],
    );
  });
}

test('an anchor redefined later: each alias binds to the nearest anchor before it', () => {
  const text = 'a: &x 1\nb: *x\nc: &x 2\nd: *x\n';
  const doc = parse(text, 'yaml');
  assert.deepEqual(anchorDefinition(doc, text.lastIndexOf('*x') + 1), { offset: text.lastIndexOf('&x'), length: 2 });
  assert.deepEqual(
    anchorReferences(doc, text.indexOf('&x') + 1, false).map((r) => r.offset),
    [text.indexOf('*x')],
  );
  const r = renameAnchor(doc, text.indexOf('&x') + 1, 'y');
  assert.ok('edits' in r);
  assert.equal(applyEdits(text, r.edits), 'a: &y 1\nb: *y\nc: &x 2\nd: *x\n');
});

test('an anchor on a flow collection and on a list item', () => {
  const text = 'list:\n  - &first { provider: hosted }\n  - *first\nflow: [&f 1, *f]\n';
  const doc = parse(text, 'yaml');
  assert.deepEqual(anchorDefinition(doc, text.indexOf('*first') + 1), { offset: text.indexOf('&first'), length: 6 });
  assert.deepEqual(anchorDefinition(doc, text.indexOf('*f]') + 1), { offset: text.indexOf('&f '), length: 2 });
});

test('a JSON document has no anchors', () => {
  assert.deepEqual(anchorReferences(parse('{"a": "&x", "b": "*x"}', 'json'), 7, true), []);
});
