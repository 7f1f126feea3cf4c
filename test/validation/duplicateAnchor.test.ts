// REVIEW15-user U3: an anchor defined twice linted clean, while PyYAML refuses the file ("found
// duplicate anchor") and an alias below the second definition takes the later node. Now
// `duplicate-anchor` (a warning, like `unportable-anchor`) on each later definition, naming the
// first's line; the editor renames it with its aliases (nothing read changes) or removes the mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { toValue } from '../../server/src/model/value';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
const said = (text: string) =>
  validate(parse(text, 'yaml'))
    .filter((d) => d.code === 'duplicate-anchor')
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
const data = (text: string): unknown => toValue(parse(text, 'yaml').root, 1_000_000).value;
const lintFix = (text: string) => fixAll(text, 'yaml', (t, l) => analyze(t, l, DEFAULT_OPTIONS));

// U3's file: a block copied with its mark; the alias below reads the copy.
const COPIED = `${H}  llm: &fb # the platform model
    provider: hosted
  aiPrimitivesLlm: &fb
    provider: vendor_a
    apiKey: {valueFromEnv: VENDOR_A_API_KEY}
  threadTitleGeneration:
    enable: true
    llm: *fb
`;

test('U3: the second &fb is said, naming the first line; the rename keeps what is read, the removal reads the first', () => {
  for (const eol of [(t: string) => t, crlf]) {
    const text = eol(COPIED);
    const all = said(text);
    assert.deepEqual(
      all.map((f) => f.at),
      ['&fb'],
    );
    const d = all[0]!.d;
    assert.equal(d.severity, 'warning');
    assert.equal(d.offset, text.indexOf('&fb', text.indexOf('aiPrimitivesLlm')));
    assert.match(d.message, /^The anchor '&fb' is defined again here \(first on line 4\): .*PyYAML.*refuse/);
    assert.match(d.message, /the alias below it reads this one, not the first/);
    assert.equal(d.related?.[0]?.offset, text.indexOf('&fb'));
    const fixes = fixesFor(text, d);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [
        ["Rename this anchor '&fb' to '&fb_2', with the alias that reads it", true],
        ["Remove this '&fb': the alias below then reads the first '&fb'", false],
      ],
    );
    const renamed = fixes[0]!.result;
    assert.equal(renamed, text.replace('aiPrimitivesLlm: &fb', 'aiPrimitivesLlm: &fb_2').replace('*fb', '*fb_2'));
    assert.deepEqual(data(renamed), data(text));
    assert.deepEqual(said(renamed), []);
    const removed = fixes[1]!.result;
    assert.equal(removed, text.replace('aiPrimitivesLlm: &fb', 'aiPrimitivesLlm:'));
    assert.deepEqual(said(removed), []);
    // The alias now reads the first block (hosted), as the user may have meant.
    const v = data(removed) as { definition: { threadTitleGeneration: { llm: { provider: string } } } };
    assert.equal(v.definition.threadTitleGeneration.llm.provider, 'hosted');
    // Not `lint --fix`.
    assert.equal(lintFix(text).text, text);
  }
});

test('U3: a later mark no alias reads: its removal is preferred; three definitions: each later one names the first', () => {
  const text = `${H}  llm: &m\n    provider: hosted\n  aiPrimitivesLlm: *m\n  threadTitleGeneration:\n    enable: true\n    llm: &m\n      provider: hosted\n  schemaSelector:\n    type: llm_selector\n    llm: &m {provider: hosted}\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm: *m\n`;
  const all = said(text);
  assert.deepEqual(
    all.map((f) => [f.at, f.d.message.match(/first on line (\d+)/)?.[1]]),
    [
      ['&m', '4'],
      ['&m', '4'],
    ],
  );
  assert.match(all[0]!.d.message, /no alias reads this one, so the mark can go/);
  const fixes = fixesFor(text, all[0]!.d);
  assert.deepEqual(
    fixes.map((f) => [f.title, f.preferred]),
    [
      ["Remove this '&m' (no alias reads it)", true],
      ["Rename this anchor '&m' to '&m_2'", false],
    ],
  );
  assert.deepEqual(data(fixes[0]!.result), data(text));
  // The third is read by the alias below it; a free name is chosen past names in use.
  const taken = text.replace('aiPrimitivesLlm: *m', 'aiPrimitivesLlm: &m_2 {provider: hosted}');
  const third = said(taken).find((f) => f.d.offset === taken.lastIndexOf('&m {'))!;
  const rename = fixesFor(taken, third.d)[0]!;
  assert.equal(rename.title, "Rename this anchor '&m' to '&m_3', with the alias that reads it");
  assert.deepEqual(data(rename.result), data(taken));
});

test('U3: one anchor per name, or the same name in two documents, is not said', () => {
  assert.deepEqual(said(COPIED.replace('aiPrimitivesLlm: &fb', 'aiPrimitivesLlm: &other')), []);
  const two = `${H}  llm: &fb\n    provider: hosted\n  aiPrimitivesLlm: *fb\n---\n${H}  llm: &fb\n    provider: hosted\n  aiPrimitivesLlm: *fb\n`;
  assert.deepEqual(
    validate(parse(two, 'yaml')).filter((d) => d.code === 'duplicate-anchor'),
    [],
  );
});
