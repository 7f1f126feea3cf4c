// Property test of YAML formatting on the shapes the layout-keeping printer keeps as written since
// the last session's noticed list: an anchor and a tag in either order and verbatim tags, explicit
// keys, flow collections over several lines with comments inside, a comment after a bare `- `, empty
// values with properties, content on the `---` line. Comment lines are inserted everywhere (see
// formatCases.ts), and each variant is checked in LF and in CRLF: formatting twice gives the same
// text, comments survive in order, the data read by the `yaml` package is unchanged, the line endings
// are the file's, and the editor's edits (through the protocol's conversion) give byte for byte what
// the CLI's `format` prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parse } from '../../server/src/parser';
import { formatDocumentOutcome } from '../../server/src/service';
import { toLspEdit } from '../../server/src/lsp/convert';
import { formatText } from '../../server/src/cli/format';
import { testSeed } from '../seed';
import { cases, comments, data, fmt, readable } from './formatCases';

const SEED = testSeed('format shapes', 0x5a9e, 'FORMAT_SHAPES_SEED');

const SHAPES: string[] = [
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '    llm: !!map &main',
    '        provider: hosted',
    '    aiPrimitivesLlm: *main',
    '    systemInstructions: !!str &text |',
    '        Be brief.',
    '    selectorInstructions: *text',
    '    modelId: !<tag:yaml.org,2002:str> 12',
    '    contextWindowLimit: !!int &n "4096"',
    '    featureFlags:',
    '        ? 012',
    '        : 1e3',
    '        ? lone',
    '        ? &k key',
    '        : !!null',
    '        again: *k',
    '        empty: &e',
    '        tables: [a, b, # after b',
    '          c]',
    '    overrideAiPrimitivesLlm:',
    '    -   # a scalar item',
    '        plain',
    '    -   # a flow item',
    '        {primitiveName: x,',
    '         llm: *main}',
    '    -   # a mapping item',
    '        primitiveName: y',
    '    -   &item # an anchored scalar',
    '        z',
    '',
  ].join('\n'),
  [
    '--- |',
    '    a document that is a literal',
    '--- &root',
    'kind: AssistantConfig',
    'definition:',
    '  llm: {provider: hosted,',
    '        model: m}   # after the brace',
    '  list:',
    '  - !<tag:yaml.org,2002:str> |',
    '      tagged',
    '  - # a nested sequence',
    '    - deep',
    '  - ? !!str x',
    '    : y',
    '  - - # an item of an item',
    '      deeper',
    '    - - - # three levels',
    '          k: v',
    '  - ? explicit',
    '    : # on the value line',
    '      value',
    '  - ? other # on the key line',
    '    :   # on the value line',
    '      - a',
    '...',
    '',
  ].join('\n'),
];

const crlf = (t: string): string => t.replace(/\r?\n/g, '\r\n');

/** The editor's formatting: the service's edits converted to protocol edits and applied to the document. */
function editorFormat(text: string): string | undefined {
  const doc = TextDocument.create('file:///w/x.assistant.yaml', 'yaml', 1, text);
  const outcome = formatDocumentOutcome(parse(text, 'yaml'), { tabSize: 2, insertSpaces: true });
  if (outcome.refused !== undefined) return undefined;
  return TextDocument.applyEdits(
    doc,
    outcome.edits.map((e) => toLspEdit(doc, e)),
  );
}

test('formatting keeps the shapes written (properties, explicit keys, flow over lines, `- # note`), comments anywhere, LF and CRLF', () => {
  let checked = 0;
  for (const [name, text] of cases(SHAPES, SEED, 150)) {
    if (!readable(text)) continue;
    checked++;
    const once = fmt(text);
    assert.ok(once !== undefined, `${name}: refused\n${text}`);
    const show = `\n--- input\n${text}\n--- once\n${once}`;
    assert.equal(fmt(once), once, `${name}: a second formatting changes the text${show}`);
    assert.deepEqual(comments(once), comments(text), `${name}: the comments changed${show}`);
    assert.equal(data(once), data(text), `${name}: the data changed${show}`);
    // The same text in CRLF gives the same result in CRLF (no bare LF, no line moved).
    assert.equal(fmt(crlf(text)), crlf(once), `${name}: CRLF${show}`);
    // The CLI and the editor, on the LF or the CRLF text in turn.
    const t = checked % 2 === 0 ? text : crlf(text);
    const expected = t === text ? once : crlf(once);
    assert.deepEqual(formatText(t, 'yaml', 2), { text: expected }, `${name}: the CLI prints otherwise${show}`);
    assert.equal(editorFormat(t), expected, `${name}: the editor's edits give otherwise${show}`);
  }
  console.log(`format shapes: ${checked} documents checked`);
  assert.ok(checked > 500, `enough readable documents (${checked})`);
});

test('the shapes themselves are kept as written, only re-indented', () => {
  const once = fmt(SHAPES[0]!)!;
  for (const kept of [
    'llm: !!map &main',
    'systemInstructions: !!str &text |',
    'modelId: !<tag:yaml.org,2002:str> 12',
    'contextWindowLimit: !!int &n "4096"',
    '    ? 012\n    : 1e3\n    ? lone\n    ? &k key\n    : !!null\n',
    'empty: &e\n',
    'tables: [a, b, # after b\n      c]',
    '  - # a scalar item\n      plain',
    '  - # a flow item\n      {primitiveName: x,\n       llm: *main}',
    '  - &item # an anchored scalar\n      z',
  ])
    assert.ok(once.includes(kept), `${JSON.stringify(kept)} not in\n${once}`);
  const second = fmt(SHAPES[1]!)!;
  for (const kept of [
    '--- |\n  a document',
    '--- &root\n',
    '    - ? !!str x\n      : y\n',
    '    - - # an item of an item\n        deeper\n      - - - # three levels\n            k: v\n',
    '    - ? explicit\n      : # on the value line\n        value\n',
    '    - ? other # on the key line\n      : # on the value line\n        - a\n',
    '  llm: {provider: hosted,\n',
  ])
    assert.ok(second.includes(kept), `${JSON.stringify(kept)} not in\n${second}`);
});
