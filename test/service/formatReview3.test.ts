// Formatting defects of REVIEW3, each on the reviewer's material and its variants: a tail of
// comments formatted twice (F1), number literals as written (F2), an explicit tag on one scalar does
// not change how the rest of the file is printed (F11), comments on document markers and below a
// scalar written over several lines stay where they are (F4), and a text that cannot be formatted
// says why (F3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome } from '../../server/src/service';

const outcome = (text: string, tabSize = 2): ReturnType<typeof formatDocumentOutcome> =>
  formatDocumentOutcome(parse(text, 'yaml'), { tabSize, insertSpaces: true });
const fmt = (text: string, tabSize = 2): string => {
  const o = outcome(text, tabSize);
  assert.equal(o.refused, undefined, `refused: ${o.refused ?? ''}\n${text}`);
  return applyEdits(text, o.edits);
};
const lines = (...l: string[]): string => l.join('\n');

const HEAD = lines('kind: AssistantConfig', 'version: v2', 'definition:', '  llm:', '    provider: hosted', '');

test('F1: a column-0 comment then an indented one at the end of a document formats once and for all', () => {
  const text = `${HEAD}  contextWindowLimit: 1000\n# end of file\n  # reviewed by ops\n`;
  const once = fmt(text);
  assert.equal(once, `${HEAD}  contextWindowLimit: 1000\n# end of file\n# reviewed by ops\n`);
  assert.equal(fmt(once), once);
  for (const tail of [
    '# a\n    # b\n',
    '# a\n\n  # b\n',
    '# a\n  # b\n# c\n',
    '# a\n',
    '\n# a\n',
    '# a\n  # b\n---\nkind: x\n',
    '# a\n---\nkind: x\n',
    '  # a\n# b\n---\nkind: x\n',
  ]) {
    const t = `${HEAD}  contextWindowLimit: 1000\n${tail}`;
    const o = fmt(t);
    assert.equal(fmt(o), o, `tail ${JSON.stringify(tail)}: a second formatting changes\n${o}`);
    // A blank line is kept where one was written before the first comment, and none added.
    assert.equal(/1000\n\n#/.test(o), tail.startsWith('\n'), `tail ${JSON.stringify(tail)}:\n${o}`);
  }
});

test('F2: number literals are printed as written', () => {
  const text = lines(
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '    llm: {provider: hosted, n: 0o17, m: [+1, 1e3]}',
    '    maxAssistantActions: 012',
    '    maxTableArtifactSampleRows:    0x0C',
    '    contextWindowLimit: +4096',
    '    featureFlags:',
    '        ratio: 1e3',
    '        big: 123456789012345678901234567890',
    '        float: 1.50',
    '        inf: .Inf',
    '        sep: 1_000',
    '        truth: True',
    '        nothing: ~',
    '        012: key',
    '',
  );
  assert.equal(
    fmt(text),
    lines(
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm: { provider: hosted, n: 0o17, m: [+1, 1e3] }',
      '  maxAssistantActions: 012',
      '  maxTableArtifactSampleRows: 0x0C',
      '  contextWindowLimit: +4096',
      '  featureFlags:',
      '    ratio: 1e3',
      '    big: 123456789012345678901234567890',
      '    float: 1.50',
      '    inf: .Inf',
      '    sep: 1_000',
      '    truth: True',
      '    nothing: ~',
      '    012: key',
      '',
    ),
  );
});

test('F11: an explicit tag on a block or multi-line scalar keeps it as written and the rest of the file keeps its layout', () => {
  const rest = (tagged: string): string =>
    lines(
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm:   # main LLM',
      '    provider: hosted',
      '  systemInstructions: >',
      '    Be brief and precise,',
      '    and cite the tables.',
      '',
      '      - a more-indented line',
      '    Never guess.',
      '  schemaSelector:',
      '    type: llm_selector',
      '    llm: {provider: hosted}',
      tagged,
      '  featureFlags:',
      '    note: "a \\u00e9 escape"   # kept?',
      "    other: 'it''s'",
      '',
    );
  for (const tagged of [
    '    instructions: !!str |\n      Prefer fact tables.',
    '    instructions: !!str >-\n      Prefer fact\n      tables.',
    '    instructions: &a !!str |\n      Prefer fact tables.',
    "    instructions: !!str 'Prefer fact\n      tables.'",
    '    instructions: !!str Prefer fact\n      tables.',
    '    instructions: !custom |\n      Prefer fact tables.',
  ]) {
    const out = fmt(rest(tagged));
    assert.equal(
      out,
      lines(
        'kind: AssistantConfig',
        'version: v2',
        'definition:',
        '  llm: # main LLM',
        '    provider: hosted',
        '  systemInstructions: >',
        '    Be brief and precise,',
        '    and cite the tables.',
        '',
        '      - a more-indented line',
        '    Never guess.',
        '  schemaSelector:',
        '    type: llm_selector',
        '    llm: { provider: hosted }',
        // (The tag as written; a quoted scalar in the quotes Prettier writes, as on one line.)
        tagged.includes("'") ? tagged.replaceAll("'", '"') : tagged,
        '  featureFlags:',
        '    note: "a \\u00e9 escape" # kept?',
        '    other: "it\'s"', // (in the quotes Prettier writes)
        '',
      ),
    );
    assert.equal(fmt(out), out);
  }
});

test('F4: a comment line below a scalar written over several lines stays on its own line', () => {
  const text = lines(
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '    llm: {provider: hosted}',
    '    systemInstructions: This is a long plain',
    '        scalar over several lines',
    '        # a note about the instructions',
    '    selectorInstructions: "a quoted one',
    '        over two lines"',
    '    # a note at the key column',
    '    threadTitleInstructions: short # on its line',
    '',
  );
  const out = fmt(text);
  assert.equal(
    out,
    lines(
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm: { provider: hosted }',
      // (Continuation lines one unit past their key, as Prettier puts them: REVIEW8 K10c.)
      '  systemInstructions: This is a long plain',
      '    scalar over several lines',
      '    # a note about the instructions',
      '  selectorInstructions: "a quoted one',
      '    over two lines"',
      '  # a note at the key column',
      '  threadTitleInstructions: short # on its line',
      '',
    ),
  );
  assert.equal(fmt(out), out);
});

test('F4: comments on the --- and ... markers, and before ..., stay where they are', () => {
  const text = lines(
    '%YAML 1.2',
    '---   # on the marker',
    '# below the marker',
    'kind: AssistantConfig',
    'definition:',
    '    llm: {provider: hosted}',
    '# before the end',
    '...   # on the end marker',
    '--- # second',
    'kind: AssistantConfig',
    '...',
    '# after the last end',
    '',
  );
  const out = fmt(text);
  assert.equal(
    out,
    lines(
      '%YAML 1.2',
      '--- # on the marker',
      '# below the marker',
      'kind: AssistantConfig',
      'definition:',
      '  llm: { provider: hosted }',
      '# before the end',
      '... # on the end marker',
      '--- # second',
      'kind: AssistantConfig',
      '...',
      '# after the last end',
      '',
    ),
  );
  assert.equal(fmt(out), out);
  // A block scalar as the whole document, and CRLF.
  const crlf = '--- # m\r\n|\r\n    text\r\n... # e\r\n';
  assert.equal(fmt(crlf), '--- # m\r\n|\r\n  text\r\n... # e\r\n');
});

test('F3: a text that cannot be formatted says why', () => {
  const alias = lines(
    'kind:     AssistantConfig',
    'version: v2',
    'definition:',
    '      llm: *later',
    '      aiPrimitivesLlm: &later',
    '            provider: hosted',
    '',
  );
  assert.deepEqual(outcome(alias), { edits: [], refused: "the alias '*later' comes before its anchor" });
  const tagged = lines(
    'kind:    AssistantConfig',
    'version: v2',
    'definition:',
    '      llm:   {provider: hosted}',
    '      featureFlags: !!str',
    '        a: true',
    '',
  );
  assert.deepEqual(outcome(tagged), {
    edits: [],
    refused: "formatting would change its data (a '!!str' tag on a mapping, line 5)",
  });
  assert.match(outcome('kind: [\n').refused ?? '', /syntax errors/);
  // Formatted text, and text already formatted: no refusal.
  assert.equal(outcome('kind:    x\n').refused, undefined);
  assert.deepEqual(outcome('kind: x\n'), { edits: [] });
});

test('F11: a `- # comment` item whose first value spans lines keeps the layout of the whole file', () => {
  const text = lines(
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:   # main',
    '    provider: hosted',
    '  systemInstructions: >',
    '    Be brief,',
    '    cite tables.',
    '  overrideAiPrimitivesLlm:',
    '    - # the classifier',
    '      primitiveName: "classify the',
    '        request"',
    '      llm: {provider: hosted}',
    '',
  );
  const out = fmt(text);
  assert.equal(
    out,
    text.replace('llm:   # main', 'llm: # main').replace('llm: {provider: hosted}', 'llm: { provider: hosted }'),
  );
  assert.equal(fmt(out), out);
});

test('F11: a node the layout-keeping print gets wrong is printed by the model alone; the rest keeps its layout', () => {
  // The tag `!e!foo` kept as written hides from the model that the %TAG directive is used: that one
  // node is printed by the model (keeping the directive), every other node as written.
  const text = lines(
    '%TAG !e! tag:example.com,2000:app/',
    '---',
    'kind:   AssistantConfig',
    'definition:',
    '  llm:   # main',
    '    provider: hosted',
    '  systemInstructions: >',
    '    Be brief,',
    '    cite tables.',
    '  featureFlags:',
    '      x: !e!foo bar',
    '      n: 012',
    '',
  );
  const out = fmt(text);
  assert.equal(
    out,
    lines(
      '%TAG !e! tag:example.com,2000:app/',
      '---',
      'kind: AssistantConfig',
      'definition:',
      '  llm: # main',
      '    provider: hosted',
      '  systemInstructions: >',
      '    Be brief,',
      '    cite tables.',
      '  featureFlags:',
      '    x: !e!foo bar',
      '    n: 012',
      '',
    ),
  );
  assert.equal(fmt(out), out);
});

test('F16: an anchor stays on its key line when comment lines follow it (mapping and sequence)', () => {
  for (const [text, expected] of [
    [
      'definition:\n  llm: &m\n    # the main LLM\n    provider: hosted\n',
      'definition:\n  llm: &m\n    # the main LLM\n    provider: hosted\n',
    ],
    [
      'definition:\n  llm: &m\n    # assistant-config-disable-next-line unknown-property -- read by our proxy\n    proxyRoute: eu\n    provider: hosted\n  aiPrimitivesLlm: *m\n',
      'definition:\n  llm: &m\n    # assistant-config-disable-next-line unknown-property -- read by our proxy\n    proxyRoute: eu\n    provider: hosted\n  aiPrimitivesLlm: *m\n',
    ],
    [
      'definition:\n    overrideAiPrimitivesLlm: &ov\n        # the overrides\n\n        -   primitiveName: classify\n',
      'definition:\n  overrideAiPrimitivesLlm: &ov\n    # the overrides\n\n    - primitiveName: classify\n',
    ],
    ['a: !!map\n  # c\n  b: 1\n', 'a: !!map\n  # c\n  b: 1\n'],
  ] as const) {
    const out = fmt(text);
    assert.equal(out, expected);
    assert.equal(fmt(out), out);
  }
});

test('F1: an empty document after a trailing --- formats once and for all', () => {
  for (const [text, expected] of [
    [`${HEAD}---\n`, `${HEAD}---\n`],
    [`${HEAD}---\n\n`, `${HEAD}---\n`],
    ['---\n', '---\n'],
    [`${HEAD}--- # end\n`, `${HEAD}--- # end\n`],
    [`${HEAD}---\n# c\n`, `${HEAD}---\n# c\n`],
  ] as const) {
    const out = fmt(text);
    assert.equal(out, expected, JSON.stringify(text));
    assert.equal(fmt(out), out);
  }
});

test('a text with no document (only comments) is left as it is, not refused', () => {
  for (const text of ['# only a comment\n', '# a\n\n# b\n', '']) assert.deepEqual(outcome(text), { edits: [] });
});

test('a comment line written left of its entries, between two of them, stays between them', () => {
  const text = lines('x:', '  - a: 1', '  - model:', '    - plain', '    # own', '  # outdented', '    model1: 2', '');
  const out = fmt(text);
  assert.ok(out.indexOf('# outdented') < out.indexOf('model1'), out);
  assert.equal(fmt(out), out);
});

test('F4: a comment on a key line stays there when the scalar value is written on the next line', () => {
  const text = lines(
    'kind: AssistantConfig',
    'definition:',
    '    llm:',
    '        provider:    # which provider',
    '            vendor_a',
    '        model: # the model',
    '            # chosen by ops',
    '            "gpt-4o"',
    '',
  );
  const out = fmt(text);
  assert.equal(
    out,
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  llm:',
      '    provider: # which provider',
      '      vendor_a',
      '    model: # the model',
      '      # chosen by ops',
      '      "gpt-4o"',
      '',
    ),
  );
  assert.equal(fmt(out), out);
});
