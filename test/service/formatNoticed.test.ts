// What the formatter changed without need, noticed in the last session (each idempotent and losing
// nothing, but not what the user wrote): the order of an anchor and a tag, an explicit key, a comment
// inside a flow collection written over several lines, a comment after a bare `- `, a verbatim tag;
// and an empty value with an anchor or a tag. Each input is indented by 4 so that formatting has
// something to do; the expected text is the same with an indentation of 2, then the same in CRLF, and
// the CLI's `format` gives the editor's text byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome } from '../../server/src/service';
import { formatText } from '../../server/src/cli/format';

const fmt = (text: string): string => {
  const o = formatDocumentOutcome(parse(text, 'yaml'), { tabSize: 2, insertSpaces: true });
  assert.equal(o.refused, undefined, `refused: ${o.refused ?? ''}\n${text}`);
  return applyEdits(text, o.edits);
};
const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/** Formats `text` to `expected`, once and for all, in LF and in CRLF, in the editor and the CLI alike. */
function formatsTo(text: string, expected: string): void {
  const once = fmt(text);
  assert.equal(once, expected);
  assert.equal(fmt(once), once, 'a second formatting changes the text');
  const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
  assert.equal(fmt(crlf(text)), crlf(expected), 'CRLF');
  for (const t of [text, crlf(text)]) {
    const cli = formatText(t, 'yaml', 2);
    assert.ok('text' in cli, JSON.stringify(cli));
    assert.equal(cli.text, fmt(t), 'the CLI formats as the editor does');
  }
}

test('noticed 1: an anchor and a tag stay in the order written (`!!str &q |`), on scalars and collections', () => {
  formatsTo(
    lines(
      'kind: AssistantConfig',
      'definition:',
      '    systemInstructions: !!str &q |',
      '        Be brief.',
      '    selectorInstructions: *q',
      '    llm: !!map &m',
      '        provider: hosted',
      '    aiPrimitivesLlm: *m',
      '    modelId: !!str &n 4',
      '    other: *n',
      '    quoted: !!str &s "x"',
      '    tables: !!seq &t',
      '    -   a',
      '    list:',
      '    -   !!str &i item',
      '    flow: [!!str &f 1, *f]',
    ),
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  systemInstructions: !!str &q |',
      '    Be brief.',
      '  selectorInstructions: *q',
      '  llm: !!map &m',
      '    provider: hosted',
      '  aiPrimitivesLlm: *m',
      '  modelId: !!str &n 4',
      '  other: *n',
      '  quoted: !!str &s "x"',
      '  tables: !!seq &t',
      '    - a',
      '  list:',
      '    - !!str &i item',
      '  flow: [!!str &f 1, *f]',
    ),
  );
  // The model's own order is kept too.
  formatsTo('a: &q !!str |\n    text\nb: *q\n', 'a: &q !!str |\n  text\nb: *q\n');
});

test('noticed 2: an explicit key stays explicit (`? 012` then `: 1e3`)', () => {
  formatsTo(
    lines(
      'kind: AssistantConfig',
      'definition:',
      '    featureFlags:',
      '        ? 012',
      '        : 1e3',
      '        ? lone',
      '        ? "quoted"   # on the key',
      '        : v',
      '        ? !!str &k 7',
      '        : |',
      '            text',
      '        again: *k',
      '    list:',
      '    -   ? a',
      '        : b',
    ),
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  featureFlags:',
      '    ? 012',
      '    : 1e3',
      '    ? lone',
      '    ? "quoted" # on the key',
      '    : v',
      '    ? !!str &k 7',
      '    : |',
      '      text',
      '    again: *k',
      '  list:',
      '    - ? a',
      '      : b',
    ),
  );
});

test('noticed 3: a flow collection written over several lines keeps its lines and its comments in place', () => {
  formatsTo(
    lines(
      'kind: AssistantConfig',
      'definition:',
      '    llm: {provider: hosted, # the provider',
      '          model: m}   # after',
      '    tables: [a, b, # last',
      '    ]',
      '    nested:',
      '        -   {x: [1,',
      '              2], y: 3}',
      '    oneLine: {a: 1}',
    ),
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  llm: {provider: hosted, # the provider',
      '        model: m} # after',
      '  tables: [a, b, # last',
      '  ]',
      '  nested:',
      '    - {x: [1,',
      '        2], y: 3}',
      // (One a line is still spaced by the model.)
      '  oneLine: { a: 1 }',
    ),
  );
  // A document that is a flow mapping (JSON written in a .yaml file).
  const json = lines('{', '  "kind": "AssistantConfig", # the kind', '  "version": "v2"', '}');
  formatsTo(json, json);
});

test('noticed 4: a comment after a bare `- ` stays there, whatever the item below it', () => {
  formatsTo(
    lines(
      'kind: AssistantConfig',
      'definition:',
      '    llm: &m',
      '        provider: hosted',
      '    overrideAiPrimitivesLlm:',
      '    -   # a scalar',
      '        plain',
      '    -   # a flow',
      '        [a, b]',
      '    -   # a sequence',
      '        -   z',
      '    -   # an alias',
      '        *m',
      '    -   &z # after an anchor',
      '        scalar',
      '    -   # a quoted one',
      '        "over two',
      '        lines"',
      '    -   # a mapping',
      '        primitiveName: x',
      '    -   # note-x, a dash in the comment',
      '        primitiveName: y',
    ),
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  llm: &m',
      '    provider: hosted',
      '  overrideAiPrimitivesLlm:',
      '    - # a scalar',
      '      plain',
      '    - # a flow',
      '      [a, b]',
      '    - # a sequence',
      '      - z',
      '    - # an alias',
      '      *m',
      '    - &z # after an anchor',
      '      scalar',
      '    - # a quoted one',
      '      "over two',
      '      lines"',
      '    - # a mapping',
      '      primitiveName: x',
      '    - # note-x, a dash in the comment',
      '      primitiveName: y',
    ),
  );
});

test('noticed 5: a verbatim tag is printed as written (`!<tag:yaml.org,2002:str>`, not `!!str`)', () => {
  formatsTo(
    lines(
      'kind: AssistantConfig',
      'definition:',
      '    modelId: !<tag:yaml.org,2002:str> 12',
      '    limit: !<tag:yaml.org,2002:int> "4096"',
      '    systemInstructions: !<tag:yaml.org,2002:str> |',
      '        Be brief.',
      '    featureFlags: !<tag:yaml.org,2002:map>',
      '        a: true',
      '    tables: [!<tag:yaml.org,2002:str> 1, b]',
    ),
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  modelId: !<tag:yaml.org,2002:str> 12',
      '  limit: !<tag:yaml.org,2002:int> "4096"',
      '  systemInstructions: !<tag:yaml.org,2002:str> |',
      '    Be brief.',
      '  featureFlags: !<tag:yaml.org,2002:map>',
      '    a: true',
      '  tables: [!<tag:yaml.org,2002:str> 1, b]',
    ),
  );
});

// (A comment after an empty value with only an anchor or a tag is two spaces off, as Prettier writes it:
// formatPrettier.test.ts; an empty item's `- # note` keeps one.)
test('an empty value with an anchor or a tag, and an empty item, get no trailing space and no `""`; a comment after the properties two spaces off, as Prettier writes it', () => {
  formatsTo(
    lines(
      'kind: AssistantConfig',
      'definition:',
      '    a: !!null # x',
      '    b: &a',
      '    c: &b # y',
      '    list:',
      '    -   !!null',
      '    -   &c',
      '    -   !!str',
      '    -',
      '    -   # an empty item',
      '    d: *a',
    ),
    lines(
      'kind: AssistantConfig',
      'definition:',
      '  a: !!null  # x',
      '  b: &a',
      '  c: &b  # y',
      '  list:',
      '    - !!null',
      '    - &c',
      '    - !!str',
      '    -',
      '    - # an empty item',
      '  d: *a',
    ),
  );
});

test('found: content written on the `---` line stays there (`--- |`, `--- &root`, `--- {a: 1}`)', () => {
  formatsTo(
    lines('%YAML 1.2', '--- |', '    a document that is a literal', '--- &root', 'kind: AssistantConfig', '--- {a: 1}'),
    lines('%YAML 1.2', '--- |', '  a document that is a literal', '--- &root', 'kind: AssistantConfig', '--- { a: 1 }'),
  );
  formatsTo(lines('# first', '--- !!str &x 12', '--- "quoted"'), lines('# first', '--- !!str &x 12', '--- "quoted"'));
});

test('found: a blank line before the comment lines after a scalar document is kept, and none added', () => {
  formatsTo(
    lines('--- |', '    literal', '# c', '---', 'kind: A'),
    lines('--- |', '  literal', '# c', '---', 'kind: A'),
  );
  formatsTo(
    lines('--- |', '    literal', '', '# c', '---', 'kind: A'),
    lines('--- |', '  literal', '', '# c', '---', 'kind: A'),
  );
  formatsTo(lines('--- plain', '', '# c', '---', 'kind: A'), lines('--- plain', '', '# c', '---', 'kind: A'));
  formatsTo(lines('|', '    literal', '# c'), lines('|', '  literal', '# c'));
});

test('found: a comment line left of a flow collection over several lines is not cut; comments above a `- # note` stay above', () => {
  formatsTo(
    lines('definition:', '    tables: [a, b,', '# at column 0', '      c]'),
    lines('definition:', '  tables: [a, b,', '# at column 0', '    c]'),
  );
  formatsTo(
    lines('list:', '    - a', '    # above', '', '    # above too', '    - # note', '      plain'),
    lines('list:', '  - a', '  # above', '', '  # above too', '  - # note', '    plain'),
  );
});
