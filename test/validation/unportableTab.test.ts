// REVIEW15-user U2: a tab between a value and its comment, after `key:`, or at the end of a line linted
// clean, but PyYAML refuses the file ("found character '\t' that cannot start any token"). Now
// `unportable-tab`, whose fix (also `lint --fix`) writes a space for each tab or removes white space
// at a line's end; a tab inside a quoted scalar, a block scalar's text or a comment is text and is not
// said; a plain value holding a tab is written in double quotes (the same text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { toValue } from '../../server/src/model/value';
import { fixesFor, ROOT } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const T = '\t';
const crlf = (t: string): string => t.replace(/\r?\n/g, '\r\n');
const said = (text: string) =>
  validate(parse(text, 'yaml'))
    .filter((d) => d.code === 'unportable-tab')
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
const data = (text: string): unknown => toValue(parse(text, 'yaml').root, 1_000_000).value;
const lintFix = (text: string) => fixAll(text, 'yaml', (t, l) => analyze(t, l, DEFAULT_OPTIONS));

// U2's file, and the places a tab lands in a hand-edited file.
const TABBED = `${H}  llm:${T}# the platform model
    provider:${T}hosted${T}
  maxAssistantActions: 5 ${T}# per turn
  featureFlags: {enable_automations:${T}true,${T}my_flag: false}
${T}
${T}# a comment line indented with a tab
  threadTitleGeneration:
    enable: true # a tab${T}in a comment is text
    llm: {provider: hosted}
`;
const SPACED = `${H}  llm: # the platform model
    provider: hosted
  maxAssistantActions: 5  # per turn
  featureFlags: {enable_automations: true, my_flag: false}

 # a comment line indented with a tab
  threadTitleGeneration:
    enable: true # a tab${T}in a comment is text
    llm: {provider: hosted}
`;

test('U2: each tab where YAML separates tokens is said, and --fix writes spaces (LF and CRLF); what is read is unchanged', () => {
  for (const eol of [(t: string) => t, crlf]) {
    const text = eol(TABBED);
    const all = said(text);
    assert.deepEqual(
      all.map((f) => [f.at, f.d.message.slice(0, f.d.message.indexOf(': YAML'))]),
      [
        [T, 'A tab before the comment'],
        [T, "A tab after ':'"],
        [T, 'A tab at the end of the line'],
        [` ${T}`, 'A tab before the comment'],
        [T, "A tab after ':'"],
        [T, "A tab after ','"],
        [T, 'A line of only white space holds a tab'],
        [T, 'A tab before the comment'],
      ],
    );
    for (const f of all) {
      assert.equal(f.d.severity, 'warning');
      assert.match(f.d.message, /PyYAML\) refuse the file \("found character '\\t' that cannot start any token"\)/);
    }
    // The editor's fix, one at a time.
    const first = fixesFor(text, all[1]!.d);
    assert.deepEqual(
      first.map((f) => [f.title, f.preferred]),
      [['Replace the tab with a space', true]],
    );
    assert.equal(first[0]!.result, text.replace(`provider:${T}`, 'provider: '));
    assert.deepEqual(
      fixesFor(text, all[2]!.d).map((f) => f.title),
      ['Remove the white space at the end of the line'],
    );
    assert.deepEqual(
      fixesFor(text, all[6]!.d).map((f) => f.title),
      ['Empty the line'],
    );
    // `lint --fix`: every one, nothing else; a second run applies nothing.
    const r = lintFix(text);
    assert.equal(r.text, eol(SPACED));
    assert.deepEqual(said(r.text), []);
    assert.deepEqual(data(r.text), data(text));
    assert.equal(lintFix(r.text).text, r.text);
  }
});

test('U2: tabs inside quoted scalars, block scalars and comments are text: not said; a plain value with a tab is quoted', () => {
  const text = `${H}  llm:\n    provider: hosted\n  systemInstructions: |\n    Columns:${T}name${T}value${T}\n${T}  indented with a tab in the text\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    instructions: "a${T}b" # quoted${T}tab\n    maxItems: 5\n`;
  assert.deepEqual(said(text), []);
  const plain = `${H}  llm:\n    provider: hosted\n  systemInstructions: Be brief.${T}Answer in English.\n`;
  const all = said(plain);
  assert.deepEqual(
    all.map((f) => f.at),
    [`Be brief.${T}Answer in English.`],
  );
  assert.match(all[0]!.d.message, /^A tab inside the plain value of 'systemInstructions': /);
  const fixes = fixesFor(plain, all[0]!.d);
  assert.deepEqual(
    fixes.map((f) => f.title),
    ['Write the value in double quotes (the tab as \\t)'],
  );
  assert.equal(fixes[0]!.result, plain.replace(`Be brief.${T}Answer in English.`, '"Be brief.\\tAnswer in English."'));
  assert.deepEqual(data(fixes[0]!.result), data(plain));
  assert.equal(lintFix(plain).text, fixes[0]!.result);
});

test('U2: the hand-written file of REVIEW15-user (CRLF, anchors, block scalars) is said once and --fix changes that tab only', () => {
  const file = join(ROOT, 'test/fixtures/editor/search-tabs.assistant.yaml');
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes('\r\n'));
  const all = said(text);
  assert.equal(all.length, 1);
  const r = lintFix(text);
  assert.equal(r.text, text.replace(`europe-west4${T}#`, 'europe-west4 #'));
  assert.deepEqual(data(r.text), data(text));
});

test("U2: a tab in the indentation before content is the parser's (no second finding); a file without tabs is not scanned", () => {
  const text = `${H}  llm:\n${T}provider: hosted\n`;
  assert.deepEqual(said(text), []);
  assert.deepEqual(said(SPACED.replace(/\t/g, ' ')), []);
});

// REVIEW15-user U7: a blank line inside a `|` block holding only a tab (an editor's auto-indent left
// behind) was two syntax errors that blamed an empty-looking line for its indentation. Every reader
// refuses it: one error that names the tab, and the fix (also `lint --fix`) empties the line.
test('U7: a line of only a tab in a | block is one error naming the tab; --fix empties it, the text keeps its blank line', () => {
  for (const eol of [(t: string) => t, crlf])
    for (const blank of [T, `  ${T}`, `${T}  `]) {
      const text = eol(
        `${H}  llm:\n    provider: hosted\n  systemInstructions: |\n    line one\n${blank}\n    line two\n  maxAssistantActions: 5\n`,
      );
      const all = validate(parse(text, 'yaml'));
      assert.deepEqual(
        all.map((d) => [d.code, d.severity, text.slice(d.offset, d.offset + d.length)]),
        [['unportable-tab', 'error', blank]],
        JSON.stringify(blank),
      );
      assert.match(
        all[0]!.message,
        /^This line of the block scalar's text of 'systemInstructions' holds only white space with a tab: /,
      );
      assert.deepEqual(
        fixesFor(text, all[0]!).map((f) => [f.title, f.preferred]),
        [['Empty the line', true]],
      );
      const r = lintFix(text);
      assert.equal(r.text, text.replace(`${blank}`, ''));
      const v = data(r.text) as { definition: { systemInstructions: string } };
      assert.equal(v.definition.systemInstructions, 'line one\n\nline two\n');
      assert.deepEqual(validate(parse(r.text, 'yaml')), []);
    }
});

test('U7: two such lines in the instructions of examples/team.assistant.yaml: each said as a line of the text, both emptied by --fix', () => {
  const team = readFileSync(join(ROOT, 'examples/team.assistant.yaml'), 'utf8');
  for (const eol of [(t: string) => t, crlf]) {
    const marks = ['    Rules:\n', '    Glossary:\n'];
    let text = team;
    for (const m of marks) {
      assert.ok(text.includes(`\n${m}`), m);
      text = text.replace(`\n${m}`, `\n${T}\n${m}`);
    }
    text = eol(text);
    const all = validate(parse(text, 'yaml'));
    assert.deepEqual(
      all.map((d) => [d.code, d.severity]),
      [
        ['unportable-tab', 'error'],
        ['unportable-tab', 'error'],
      ],
    );
    const r = lintFix(text);
    // The tab lines become blank lines of the text; nothing else changes.
    let blanked = team;
    for (const m of marks) blanked = blanked.replace(`\n${m}`, `\n\n${m}`);
    assert.equal(r.text, eol(blanked));
    assert.deepEqual(validate(parse(r.text, 'yaml')), []);
    assert.equal(r.text.includes(T), false);
  }
});

// REVIEW16 (slips17): a plain value continued over lines holding a tab was not said (only one-line
// plain values were): PyYAML refuses it all the same. Said the same way, with a fix that keeps the
// lines and the value.
test('a plain value over several lines holding a tab is said once; the fix keeps its lines and its value (LF, CRLF, list item)', () => {
  const multi = `${H}  llm:\n    provider: hosted\n  systemInstructions: Be brief,\n    answer${T}in "plain" English \\ no jargon.\n    Cite the table.\n  maxAssistantActions: 5 # per turn\n`;
  const inList = `${H}  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n      llm: {provider: hosted}\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    instructions: Prefer the\n      reporting schema # a comment\n    alwaysInclude:\n      functions:\n        - fiscal\n          quarter${T}end\n`;
  for (const text of [multi, crlf(multi), inList, crlf(inList)]) {
    const all = said(text);
    assert.equal(all.length, 1, JSON.stringify(all.map((f) => f.at)));
    assert.match(
      all[0]!.d.message,
      /^A tab in the text of the plain value( of '(systemInstructions|instructions)')?, which continues over [23] lines: YAML 1\.2 reads it as text, but YAML 1\.1 loaders \(PyYAML\) refuse the file/,
    );
    assert.ok(all[0]!.at.includes('\n') && all[0]!.at.includes(T));
    const fixes = fixesFor(text, all[0]!.d);
    assert.deepEqual(
      fixes.map((f) => f.title),
      ['Write the value in double quotes (a tab in the text as \\t)'],
    );
    // Same lines, same value; the tab written \t; nothing else changes; --fix writes the same.
    const out = fixes[0]!.result;
    assert.equal(out.split('\n').length, text.split('\n').length);
    assert.deepEqual(data(out), data(text));
    assert.ok(!out.includes(T));
    assert.equal(lintFix(text).text, out);
    assert.deepEqual(said(out), []);
  }
  assert.match(
    fixesFor(multi, said(multi)[0]!.d)[0]!.result,
    /systemInstructions: "Be brief,\n {4}answer\\tin \\"plain\\" English \\\\ no jargon\.\n {4}Cite the table\."\n/,
  );
});

test('a tab at the end of a line inside a plain value over several lines: said; the fix removes that white space only', () => {
  const text = `${H}  llm:\n    provider: hosted\n  systemInstructions: Be brief,${T}\n    answer in English.\n`;
  for (const t of [text, crlf(text)]) {
    const all = said(t);
    assert.equal(all.length, 1);
    assert.match(
      all[0]!.d.message,
      /^A tab at the end of a line of the plain value of 'systemInstructions', which continues over 2 lines: YAML 1\.2 folds it away/,
    );
    const fixes = fixesFor(t, all[0]!.d);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.result]),
      [['Remove the white space at the ends of its lines', t.replace(`Be brief,${T}`, 'Be brief,')]],
    );
    assert.deepEqual(data(fixes[0]!.result), data(t));
    assert.equal(lintFix(t).text, fixes[0]!.result);
  }
});
