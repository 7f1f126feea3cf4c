// REVIEW15-user U8: instructions pasted at the column of `systemInstructions: |` were read as a key
// missing its colon (`blank-string`, "A ':' is missing", `unknown-property 'You'`: three findings, two
// wrong); a comment at the key's column inside a `|` block gave "A ':' is missing" and
// `unknown-property 'line'` on instruction text. Each is now one syntax error that says the one true
// thing, and the colon repair no longer takes a line of prose for a key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { MISSING_COLON_MESSAGE } from '../../server/src/parser/colonRepair';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { toValue } from '../../server/src/model/value';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
const found = (text: string) =>
  validate(parse(text, 'yaml')).map((d) => ({
    code: d.code,
    at: text.slice(d.offset, d.offset + d.length),
    message: d.message,
  }));

test('U8: text not indented under systemInstructions: | is one error that says where block text goes', () => {
  for (const eol of [(t: string) => t, crlf])
    for (const [header, body, at] of [
      ['|', '  You answer questions.\n', 'You answer questions.'],
      ['>-', '  You answer questions.\n  Be brief.\n\n  Quote the table you used.\n', 'You answer questions.'],
      ['|  # from the wiki', 'Answer in one paragraph.\n', 'Answer in one paragraph.'],
      // Lower case prose, which the colon repair reads as a key 'you': said the same way.
      ['|', '  you answer questions\n', 'you answer questions'],
    ] as const) {
      const text = eol(
        `${H}  llm: {provider: hosted}\n  systemInstructions: ${header}\n${body}  maxAssistantActions: 5\n`,
      );
      const all = found(text);
      assert.deepEqual(
        all.map((f) => [f.code, f.at]),
        [['syntax-error', at]],
        header,
      );
      const indicator = header.split(' ')[0]!;
      assert.equal(
        all[0]!.message,
        `This line is not indented under 'systemInstructions: ${indicator}': the text of a block scalar goes on the lines below its key, indented more than the key. As written the block is empty and this line is read as a key. Indent the text (two spaces more than 'systemInstructions').`,
      );
    }
});

test('U8: a comment at the key column inside a | block is one error on the comment: it ends the block', () => {
  for (const eol of [(t: string) => t, crlf])
    for (const comment of ['  # a comment at key indent', '# at column 0', '   # between the key and the text']) {
      const text = eol(
        `${H}  llm:\n    provider: hosted\n  systemInstructions: |\n    line one\n${comment}\n    line two\n    Line three.\n\n    line four\n  maxAssistantActions: 5\n`,
      );
      const all = found(text);
      assert.deepEqual(
        all.map((f) => [f.code, f.at]),
        [['syntax-error', comment.trim()]],
        comment,
      );
      assert.match(
        all[0]!.message,
        /^This comment, less indented than the text of the block scalar 'systemInstructions' above, ends the block: the lines below it are not its text and are read as keys\. Inside a block scalar a '#' line is text/,
      );
    }
});

test('U8: what the rule must not take: a key that lost its colon after an empty block, a comment indented like the text, valid files', () => {
  // `maxAssistantActions 5` is a key of the mapping: the missing colon is said, as before.
  const lost = found(`${H}  llm: {provider: hosted}\n  systemInstructions: |\n  maxAssistantActions 5\n`);
  assert.deepEqual(
    lost.filter((f) => f.code === 'syntax-error').map((f) => f.message),
    [MISSING_COLON_MESSAGE],
  );
  // A '#' line indented like the text is text: no error at all.
  assert.deepEqual(
    found(`${H}  llm:\n    provider: hosted\n  systemInstructions: |\n    line one\n    # a heading\n    line two\n`),
    [],
  );
  // An empty block followed by a key at the key's column is valid (said as an empty value only).
  assert.deepEqual(
    found(`${H}  llm:\n    provider: hosted\n  systemInstructions: |\n  maxAssistantActions: 5\n`).map((f) => f.code),
    ['blank-string'],
  );
});

test('U8: the colon repair reads no line of prose as a key, and still reads a key that lost its colon', () => {
  const prose = parse(`${H}  llm: {provider: hosted}\n  systemInstructions: |\n  You answer questions.\n`, 'yaml');
  assert.ok(!prose.problems.some((p) => p.message === MISSING_COLON_MESSAGE));
  const key = parse(`${H}  llm:\n    provider cloud_b\n    modelId: model-001\n`, 'yaml');
  assert.ok(key.problems.some((p) => p.message === MISSING_COLON_MESSAGE));
});

test('U8 on examples/team.assistant.yaml (LF and CRLF): its instructions dedented to the key, or one of their lines commented out at the key', () => {
  const team = readFileSync(join(ROOT, 'examples/team.assistant.yaml'), 'utf8');
  const lines = team.split('\n');
  const from = lines.findIndex((l) => l.startsWith('  systemInstructions: |')) + 1;
  let to = from;
  while (to < lines.length && (lines[to]!.startsWith('    ') || lines[to]!.trim() === '')) to++;
  const dedented = [...lines.slice(0, from), ...lines.slice(from, to).map((l) => l.slice(2)), ...lines.slice(to)].join(
    '\n',
  );
  const rule = '      - Never show customer names; aggregate to at least 10 rows.\n';
  assert.ok(team.includes(rule));
  const commented = team.replace(rule, `  # ${rule.trim()}\n`);
  for (const eol of [(t: string) => t, crlf]) {
    assert.deepEqual(found(eol(team)), []);
    assert.deepEqual(
      found(eol(dedented)).map((f) => [f.code, f.at]),
      [['syntax-error', 'You are the analytics assistant for the sales team.']],
    );
    assert.deepEqual(
      found(eol(commented)).map((f) => [f.code, f.at]),
      [['syntax-error', `# ${rule.trim()}`]],
    );
  }
});

// REVIEW16 (slips17), U8's fix: "Indent the text under 'key'" shifts the run of lines so that its least
// indented line stands two columns past the key, keeping blank lines and the lines' relative indentation,
// and leaves the blank and comment lines that end the run (a comment there may be the next key's) and
// every line after it alone. Not lint --fix.
test('U8 fix: the text is indented under its key; blank lines kept, nothing after the run touched (LF, CRLF)', () => {
  const body = `  You answer questions.\n    - keep it short\n\n  # Rules\n  Quote the table.\n\n  # limits\n  maxAssistantActions: 5\n`;
  const want = `    You answer questions.\n      - keep it short\n\n    # Rules\n    Quote the table.\n\n  # limits\n  maxAssistantActions: 5\n`;
  for (const eol of [(t: string) => t, crlf]) {
    const head = `${H}  llm: {provider: hosted}\n  systemInstructions: |\n`;
    const text = eol(head + body);
    const doc = parse(text, 'yaml');
    const ds = validate(doc);
    assert.deepEqual(
      ds.map((d) => d.code),
      ['syntax-error'],
    );
    const actions = getCodeActions(doc, ds, { offset: ds[0]!.offset, length: ds[0]!.length }).filter(
      (a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'),
    );
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred]),
      [["Indent the text under 'systemInstructions'", true]],
    );
    const out = applyEdits(text, actions[0]!.edits);
    assert.equal(out, eol(head + want));
    assert.deepEqual(validate(parse(out, 'yaml')), []);
    assert.equal(
      (toValue(parse(out, 'yaml').root, 1000).value as { definition: { systemInstructions: string } }).definition
        .systemInstructions,
      ['You answer questions.', '  - keep it short', '', '# Rules', 'Quote the table.', ''].join('\n'),
    );
    // Not lint --fix: where the text ends is the user's to say.
    assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text);
  }
});

test('U8 fix: none when the header fixes the indentation (|2)', () => {
  for (const text of [
    `${H}  llm: {provider: hosted}\n  systemInstructions: |2\n  You answer questions.\n  maxAssistantActions: 5\n`,
  ]) {
    const doc = parse(text, 'yaml');
    const ds = validate(doc).filter((d) => d.code === 'syntax-error');
    assert.ok(ds.length > 0);
    for (const d of ds)
      assert.deepEqual(
        getCodeActions(doc, [d], { offset: d.offset, length: d.length })
          .filter((a) => a.title.startsWith('Indent the text'))
          .map((a) => a.title),
        [],
      );
  }
});

// REVIEW18-user U2: a line of the text that lost some of its indentation, below lines of the text (one
// column short, at the key's column, at column 0), ended the block and was read as a key: the parser's
// "Implicit keys need to be on a single line", "Implicit map keys need to be followed by map values",
// "All mapping items must start at the same column" and an unknown key made of the text (three or four
// findings, none saying what happened). Now one syntax error on that line, whose quick fix indents it
// (and the lines after it that stand short of the text too, by the same amount) like the text.
test('U2: a line of a block scalar less indented than the text above it is one error, fixed by indenting it like the text (LF, CRLF)', () => {
  const head = `${H}  llm: {provider: hosted}\n  systemInstructions: |\n    You are a data analyst.\n`;
  for (const eol of [(t: string) => t, crlf])
    for (const [slip, after, want] of [
      // One column short, in a folded block too.
      [
        '   Revenue questions use the sales schema.\n',
        '    Always cite tables.\n',
        '    Revenue questions use the sales schema.\n',
      ],
      // At the key's column.
      [
        '  When asked about revenue, use the sales schema.\n',
        '    Always cite tables.\n',
        '    When asked about revenue, use the sales schema.\n',
      ],
      // At column 0, and a paragraph of two lines with a blank line in it: moved together.
      ['When asked, answer.\n', '    Always cite tables.\n', '    When asked, answer.\n'],
      ['  Para one\n\n  para two\n', '    Always cite tables.\n', '    Para one\n\n    para two\n'],
      // A colon in the line (read as a key with a nested mapping): the same slip.
      ['  Note: revenue: use sales\n', '', '    Note: revenue: use sales\n'],
    ] as const)
      for (const indicator of ['|', '>']) {
        const h = head.replace('|', indicator);
        const tail = '\n  # limits\n  maxAssistantActions: 5\n';
        const text = eol(h + slip + after + tail);
        const doc = parse(text, 'yaml');
        const ds = validate(doc);
        const first = slip.split('\n')[0]!;
        assert.deepEqual(
          ds.map((d) => [d.code, text.slice(d.offset, d.offset + d.length)]),
          [['syntax-error', first.trim()]],
          slip,
        );
        const n = first.length - first.trimStart().length;
        assert.equal(
          ds[0]!.message,
          `This line is indented ${n} space${n === 1 ? '' : 's'}, less than the text of the block scalar 'systemInstructions: ${indicator}' above (4): a less indented line ends the block, so YAML reads this one as a key. Indent it like the text.`,
        );
        const actions = getCodeActions(doc, ds, { offset: ds[0]!.offset, length: ds[0]!.length }).filter(
          (a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'),
        );
        const lines = slip.split('\n').length - 1;
        assert.deepEqual(
          actions.map((a) => [a.title, a.isPreferred]),
          [[`Indent ${lines === 1 ? 'the line' : 'the lines'} like the text of 'systemInstructions'`, true]],
          slip,
        );
        const out = applyEdits(text, actions[0]!.edits);
        // The slipped lines only, the lines after them (already at the text's column) and the comment
        // before the next key untouched; the text now holds every line.
        assert.equal(out, eol(h + want + after + tail), slip);
        assert.deepEqual(validate(parse(out, 'yaml')), [], slip);
        const value = (toValue(parse(out, 'yaml').root, 1000).value as { definition: { systemInstructions: string } })
          .definition.systemInstructions;
        for (const w of (want + after).split('\n').filter((l) => l.trim() !== ''))
          assert.ok(value.includes(w.trim()), `${w} in ${JSON.stringify(value)}`);
        // Not lint --fix: which lines are text is the user's to say.
        assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text);
      }
});

test('U2: what the rule must not take: a known key after the text with a syntax error of its own, one that lost its colon', () => {
  const head = `${H}  llm: {provider: hosted}\n  systemInstructions: |\n    You are a data analyst.\n`;
  // An unclosed flow mapping on a key of the mapping: the parser's error stays.
  const flow = found(`${head}  schemaSelector: {type: all\n  maxAssistantActions: 5\n`);
  assert.ok(flow.every((f) => !f.message.startsWith('This line is indented')));
  assert.ok(flow.some((f) => f.code === 'syntax-error'));
  // A key of the mapping that lost its colon: said as such.
  assert.deepEqual(
    found(`${head}  maxAssistantActions 5\n`).map((f) => f.message),
    [MISSING_COLON_MESSAGE],
  );
});
