// REVIEW18-user U3: a line of instructions at the key's column right after a block scalar's text
// (`  Note: keep answers short`) is valid YAML: it ends the block and is read as a key, so the
// instructions were cut short with no word but "does not allow 'Note'". The unknown key now says that
// the line may be meant as text of the block above, with the editor's fix that indents it (and the
// lines of such a run above it) like the text: a move, nothing dropped; not `lint --fix`. A misspelt
// key after a block keeps its did-you-mean, and keys that read as keys are not taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { toValue } from '../../server/src/model/value';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const TAIL = '  maxAssistantActions: 5\n';
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
const HINT =
  /This line may be meant as text of the block scalar 'systemInstructions: [|>][0-9+-]*' above: written at the column of 'systemInstructions', it ends the block, and YAML reads it as a key \(the text stops at the line before\)\. If so, indent it like the text\.$/;

const instructions = (text: string): string =>
  (toValue(parse(text, 'yaml').root, 1000).value as { definition: { systemInstructions: string } }).definition
    .systemInstructions;

test('U3: a line of prose after the text of a block scalar, at its key column: the hint and the indent fix', () => {
  for (const eol of [(t: string) => t, crlf])
    for (const header of ['|', '>-', '|  # from the wiki', '|+'])
      for (const [prose, key] of [
        ['  Note: keep answers short\n', 'Note'],
        ['  note: keep answers short\n', 'note'],
        ['  Keep it short: three lines at most\n', 'Keep it short'],
        ['  IMPORTANT: never guess a table name\n', 'IMPORTANT'],
        ['  Rules:\n    - cite the table\n    - no guesses\n', 'Rules'],
        ['  Rules:\n  - cite the table\n', 'Rules'],
        ['  Examples:\n', 'Examples'],
      ] as const)
        for (const gap of ['', '\n']) {
          const text = eol(
            `${H}  systemInstructions: ${header}\n    You are a data analyst.\n    Answer in English.\n${gap}${prose}${TAIL}`,
          );
          const doc = parse(text, 'yaml');
          const ds = validate(doc);
          const what = `${header} ${JSON.stringify(prose)} gap ${JSON.stringify(gap)}`;
          assert.deepEqual(
            ds.map((d) => [d.code, text.slice(d.offset, d.offset + d.length)]),
            [['unknown-property', key]],
            what,
          );
          assert.match(ds[0]!.message, new RegExp(`^AssistantConfigV2 does not allow '${key}'\\. `), what);
          assert.match(ds[0]!.message, HINT, what);
          const actions = getCodeActions(doc, ds, { offset: ds[0]!.offset, length: ds[0]!.length }).filter(
            (a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'),
          );
          const lines = prose.split('\n').length - 1;
          const title = `Indent ${lines === 1 ? 'the line' : 'the lines'} like the text of 'systemInstructions'`;
          assert.deepEqual(actions[0] && [actions[0].title, actions[0].isPreferred], [title, true], what);
          // (Removing it stays offered, not preferred.)
          assert.ok(
            actions.slice(1).every((a) => !a.isPreferred),
            what,
          );
          const out = applyEdits(text, actions[0]!.edits);
          const moved = prose.replace(/^/gm, '  ').replace(/^ +$/gm, '');
          assert.equal(out, text.replace(eol(prose), eol(moved)), what);
          assert.deepEqual(validate(parse(out, 'yaml')), [], what);
          for (const l of prose.split('\n').filter((x) => x.trim() !== ''))
            assert.ok(instructions(out).includes(l.trim()), `${l} in ${JSON.stringify(instructions(out))}`);
          // Not lint --fix: whether the line is text or a key is the user's to say.
          assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text, what);
        }
});

test('U3: several such lines in a row: each says so, and its fix indents the run from the block down to it', () => {
  for (const eol of [(t: string) => t, crlf]) {
    const run = '  Note: keep answers short\n  Keep it short: three lines\n  Rules:\n    - cite the table\n';
    const text = eol(`${H}  systemInstructions: |\n    You are a data analyst.\n${run}${TAIL}`);
    const doc = parse(text, 'yaml');
    const ds = validate(doc);
    assert.deepEqual(
      ds.map((d) => text.slice(d.offset, d.offset + d.length)),
      ['Note', 'Keep it short', 'Rules'],
    );
    for (const d of ds) assert.match(d.message, HINT);
    const fixed = ds.map((d) => {
      const a = getCodeActions(doc, [d], { offset: d.offset, length: d.length }).find((x) =>
        x.title.startsWith('Indent'),
      )!;
      return applyEdits(text, a.edits);
    });
    // The last one's fix moves the whole run: nothing left between the block and it.
    assert.equal(fixed[2], text.replace(eol(run), eol(run.replace(/^(?=.)/gm, '  '))));
    assert.deepEqual(validate(parse(fixed[2]!, 'yaml')), []);
    // The first one's moves its line only: the next still follows the block, and still says so.
    assert.equal(fixed[0], text.replace(eol('  Note: keep answers short\n'), eol('    Note: keep answers short\n')));
    assert.deepEqual(
      validate(parse(fixed[0]!, 'yaml')).map((d) => HINT.test(d.message)),
      [true, true],
    );
  }
});

test('U3: what is not taken: a misspelt key keeps its did-you-mean, keys that read as keys, lines not right after the text', () => {
  const head = `${H}  systemInstructions: |\n    You are a data analyst.\n`;
  const hinted = (rest: string): boolean[] =>
    validate(parse(head + rest, 'yaml'))
      .filter((d) => d.code === 'unknown-property')
      .map((d) => HINT.test(d.message));
  // A near miss of an allowed key: did you mean, no hint.
  const near = validate(parse(`${head}  maxAssistantAction: 5\n`, 'yaml'));
  assert.deepEqual(
    near.map((d) => [d.code, /did you mean 'maxAssistantActions'/i.test(d.message), HINT.test(d.message)]),
    [['unknown-property', true, false]],
  );
  const nearWords = validate(parse(`${head}  sytemInstructions: be brief and kind\n`, 'yaml'));
  assert.ok(
    nearWords.every((d) => !HINT.test(d.message)),
    JSON.stringify(nearWords),
  );
  // A key that has a home elsewhere (said where it goes), camelCase, snake_case, digits, a mapping, a number.
  for (const rest of [
    '  provider: vendor_a\n',
    '  searchIndex: keep it short\n',
    '  custom_notes: keep it short\n',
    '  Note2: keep it short\n',
    '  Note:\n    text: keep it short\n',
    '  Note: 5\n',
    '  Note: "keep it short"\n',
    '  Keep it short:\n    a: b\n',
    '  notes:\n',
  ])
    assert.deepEqual(hinted(rest), [false], rest);
  // Not right after the text: a comment between, or another key between.
  assert.deepEqual(hinted('  # notes\n  Note: keep answers short\n'), [false]);
  assert.deepEqual(hinted('  maxAssistantActions: 5\n  Note: keep answers short\n'), [false]);
  // A block deeper in the file (a key of llm's): the same, naming its key.
  assert.deepEqual(
    validate(parse(`${H}  llm:\n    provider: hosted\n    x: |\n      t\n    Note: keep it short\n`, 'yaml'))
      .filter((d) => d.code === 'unknown-property' && d.message.includes("'Note'"))
      .map((d) => /This line may be meant as text of the block scalar 'x: \|'/.test(d.message)),
    [true],
  );
  // (The control: the same line right after the text.)
  assert.deepEqual(hinted('  Note: keep answers short\n'), [true]);
});
