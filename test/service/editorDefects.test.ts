// Editor features on material shaped the way users write it (REVIEW2): hover on an anchor mark and
// on a comment (E1), folding of block scalars holding `#` lines (E2), the link of a URL written as a
// block scalar (E10), Enter after `key: &anchor` (E14).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { doHover, foldingRanges, documentLinks, onTypeFormat, applyEdits } from '../../server/src/service';
import { cursor } from '../helpers';

const TEAM = `# Team config: anchors defined at first use
kind: AssistantConfig
version: v2
definition:
  llm: &main   # the primary LLM
    provider: vendor_a
    model: big-model-2025
    apiKey:
      valueFromEnv: VENDOR_A_API_KEY   # from vault
    fallback: &backup
      provider: cloud_c
      modelId: claude-ish
      regionName: eu-central-1
      cloudAccessKeyId: {valueFromEnv: AWS_ACCESS_KEY_ID}
      cloudSecretAccessKey: {valueFromEnv: AWS_SECRET_ACCESS_KEY}
  systemInstructions: |
    You are helpful.
      Indented line kept.

    # not a comment, part of the text
    # and neither is this
  schemaSelector:
    type: llm_selector
    llm: *backup
  overrideAiPrimitivesLlm:
    - &sum
      primitiveName: summarize
      llm: *main
    - *sum
  threadTitleGeneration: {enable: true, llm: *main}   # short titles
`;

function hoverAt(text: string, needle: string, delta = 1, language: 'yaml' | 'json' = 'yaml') {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, needle);
  return doHover(parse(text, language), at + delta);
}

test('hover on an anchor mark documents the key it stands on and counts its aliases (E1)', () => {
  for (const delta of [0, 1, 3, 5]) {
    const h = hoverAt(TEAM, '&main', delta);
    assert.ok(h, `hover at &main+${delta}`);
    assert.match(h.contents, /^Anchor `&main`, used by 2 aliases \(`\*main`\)\./, h.contents);
    assert.match(h.contents, /\*\*llm\*\*: LlmConfig/, h.contents);
    assert.doesNotMatch(h.contents, /\*\*definition\*\*/, h.contents);
    assert.equal(TEAM.slice(h.offset, h.offset + h.length), '&main');
  }
  const backup = hoverAt(TEAM, '&backup', 3);
  assert.match(backup?.contents ?? '', /^Anchor `&backup`, used by one alias/, backup?.contents);
  assert.match(backup?.contents ?? '', /\*\*fallback\*\*/, backup?.contents);
  // A list item's anchor: the anchored node's own description.
  const sum = hoverAt(TEAM, '&sum', 2);
  assert.match(sum?.contents ?? '', /^Anchor `&sum`, used by one alias/, sum?.contents);
  assert.doesNotMatch(sum?.contents ?? '', /overrideAiPrimitivesLlm/, sum?.contents);
});

test('hover on a comment shows nothing; a `#` inside a block scalar or a string is text (E1)', () => {
  for (const needle of ['# the primary', 'primary LLM', '# from vault', 'vault', '# short titles', '# Team config'])
    assert.equal(hoverAt(TEAM, needle, 2), undefined, needle);
  // The `#` lines of the block scalar are its text: hover documents systemInstructions.
  const inText = hoverAt(TEAM, '# not a comment', 3);
  assert.match(inText?.contents ?? '', /systemInstructions/, inText?.contents);
  const quoted =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: "a # b"\n';
  assert.match(hoverAt(quoted, '# b', 1)?.contents ?? '', /model/);
  // JSON with comments: the same.
  const json = '{\n  "kind": "AssistantConfig", // the kind\n  "version": "v2"\n}\n';
  assert.equal(hoverAt(json, 'the kind', 1, 'json'), undefined);
  assert.match(hoverAt(json, '"kind"', 2, 'json')?.contents ?? '', /kind/);
});

test('folding: a block scalar folds as one range; its `#` lines are no comment fold (E2)', () => {
  const text = `kind: AssistantConfig
version: v2
definition:
  llm:
    provider: hosted
  systemInstructions: |
    # Role
    You are the analytics assistant.
    # Rules
    # - be brief
    # - cite tables
    Done.
  # a real comment
  # on two lines
  schemaSelector:
    type: all
`;
  const f = foldingRanges(parse(text, 'yaml'));
  const ranges = f.map((x) => [x.startLine, x.endLine, x.kind ?? '']);
  assert.ok(
    ranges.some(([s, e, k]) => s === 5 && e === 11 && k === ''),
    JSON.stringify(ranges),
  );
  assert.deepEqual(
    ranges.filter(([, , k]) => k === 'comment'),
    [[12, 13, 'comment']],
  );
  // The same in the team file: the block scalar (lines 15-20) folds, its `#` lines are text.
  const team = foldingRanges(parse(TEAM, 'yaml'));
  assert.ok(
    team.some((f) => f.startLine === 15 && f.endLine === 20 && f.kind === undefined),
    JSON.stringify(team),
  );
  assert.ok(!team.some((f) => f.kind === 'comment' && f.startLine >= 15 && f.startLine <= 20), JSON.stringify(team));
});

test('the link of a URL written as a block scalar covers the URL, not the indicator (E10)', () => {
  const text = `kind: AssistantConfig
version: v2
definition:
  llm:
    provider: vendor_b
    baseUrl: >-
      https://folded.example.com/v1
    apiKey: {valueFromEnv: K}
    fallback:
      provider: vendor_a
      baseUrl: |-
        https://literal.example.com/v2
      apiKey: {valueFromEnv: K}
`;
  const links = documentLinks(parse(text, 'yaml'));
  assert.deepEqual(
    links.map((l) => [text.slice(l.offset, l.offset + l.length), l.target]),
    [
      ['https://folded.example.com/v1', 'https://folded.example.com/v1'],
      ['https://literal.example.com/v2', 'https://literal.example.com/v2'],
    ],
  );
});

function typeEnter(textWithCursor: string): string {
  const { text, offset } = cursor(textWithCursor);
  return applyEdits(text, onTypeFormat(parse(text, 'yaml'), offset, '\n', { tabSize: 2 }));
}

test('Enter after `key: &anchor`, `key: !tag` or both indents as after `key:` (E14)', () => {
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
  for (const line of [
    '  llm: &main',
    '  llm: &main   # primary',
    '  llm: !tag',
    '  llm: &main !!map',
    '  llm: !!map &main # c',
  ])
    assert.equal(typeEnter(`${head}${line}\n  |`), `${head}${line}\n    `, line);
  // An anchored block scalar, and an anchored list item whose mapping follows.
  assert.equal(typeEnter(`${head}  systemInstructions: &text >-\n|`), `${head}  systemInstructions: &text >-\n    `);
  assert.equal(typeEnter(`${head}  list:\n    - &sum\n    |`), `${head}  list:\n    - &sum\n      `);
  // An alias is a complete value: nothing to indent.
  assert.equal(typeEnter(`${head}  llm: *main\n  |`), `${head}  llm: *main\n  `);
});
