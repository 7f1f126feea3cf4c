// REVIEW14-user U6: a list item whose first key lost its colon (`- primitiveName visualize`, a slip while
// typing over it) left the item's other keys, one level deeper, with no block of their own. The
// misaligned-indent repair moved them out to an outer mapping: `llm:` to `definition` ("'llm' belongs with
// 'llm' in 'definition'"), whose own `llm` it then duplicated, and the safe fixes (`lint --fix`, Fix all on
// save) wrote that move, so the item's `provider: hosted` replaced the file's primary LLM (the copy read
// last). `tableName:` and `columns:` went to `schemaSelector`. Such lines stay where they are: the item's
// line is the syntax error, nothing is moved, and an edit that makes it is patched as a fresh parse reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';
import { applyEdit } from '../../server/src/parser/incremental';
import { findSlips } from '../../server/src/parser/alignRepair';
import { MISSING_COLON_MESSAGE } from '../../server/src/parser/colonRepair';
import { toValue } from '../../server/src/model/value';
import { ROOT } from '../helpers';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

/** Parse trees compared without parent links and with an alias's target as its offset. */
function plain(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(plain);
  if (!n || typeof n !== 'object') return n;
  return Object.fromEntries(
    Object.entries(n)
      .filter(([k]) => k !== 'parent')
      .map(([k, v]) => [k, k === 'target' ? (v as { offset?: number } | undefined)?.offset : plain(v)]),
  );
}

/** An example with `from` (its first occurrence) replaced by `to`: the colon typed over. */
function slip(example: string, from: string, to: string): { text: string; at: number; edited: string } {
  const text = readFileSync(join(ROOT, 'examples', example), 'utf8');
  const at = text.indexOf(from);
  assert.ok(at >= 0, `${from} in ${example}`);
  return { text, at, edited: text.slice(0, at) + to + text.slice(at + from.length) };
}

const CASES = [
  // The item's `llm:` (its provider: hosted) would have been moved to definition, beside the primary llm.
  { example: 'everything.assistant.yaml', from: '- primitiveName: visualize', to: '- primitiveNama visualize' },
  // The item's tableName and columns would have been moved to schemaSelector.
  { example: 'schema-fixed.assistant.yaml', from: '- schemaName: public', to: '- schemaNama public' },
];

for (const c of CASES)
  for (const eol of ['LF', 'CRLF'] as const)
    test(`${c.example}, '${c.to.trim()}' (${eol}): a syntax error on that line, nothing moved, --fix changes nothing there`, () => {
      const { edited: lf } = slip(c.example, c.from, c.to);
      const edited = eol === 'CRLF' ? crlf(lf) : lf;
      const { diagnostics } = analyze(edited, 'yaml');
      assert.deepEqual(
        diagnostics.filter((d) => d.code === 'misaligned-indent' || d.code === 'duplicate-key').map((d) => d.message),
        [],
      );
      const line = edited.slice(0, edited.indexOf(c.to)).split('\n').length - 1;
      const errorLines = diagnostics
        .filter((d) => d.code === 'syntax-error')
        .map((d) => edited.slice(0, d.offset).split('\n').length - 1);
      assert.deepEqual([...new Set(errorLines)], [line], 'the syntax error is on the item line');
      assert.deepEqual(findSlips(edited), [], 'no line is taken for misaligned');
      // The safe fixes leave the text as written (before: the item's llm moved out, the primary replaced).
      assert.equal(fixAll(edited, 'yaml', (t, l) => analyze(t, l)).text, edited);
    });

test('the colon typed over on the item line: the patched tree and problems equal a fresh parse (LF and CRLF)', () => {
  for (const c of CASES)
    for (const eol of ['LF', 'CRLF'] as const) {
      const { text: lf, at: lfAt } = slip(c.example, c.from, c.to);
      const text = eol === 'CRLF' ? crlf(lf) : lf;
      const at = eol === 'CRLF' ? crlf(lf.slice(0, lfAt)).length : lfAt;
      // Type over the two characters `e:` of the key (as the property test in parser/incremental.test.ts did).
      const start = at + c.from.indexOf('e:');
      const next = applyEdit(parse(text, 'yaml'), start, start + 2, 'a');
      const full = parse(text.slice(0, start) + 'a' + text.slice(start + 2), 'yaml');
      if (!next) continue; // declined: the editor parses it whole, as the CLI does
      assert.deepEqual(next.problems, full.problems, `${c.example} ${eol}`);
      assert.deepEqual(plain(next.root), plain(full.root), `${c.example} ${eol}`);
    }
});

test('a key one column off its block is still moved, and into a block that lacks it (the rules above are narrow)', () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  schemaSelector:\n' +
    '    type: fixed\n    tables:\n      - schemaName: public\n       tableName: orders\n        columns: []\n';
  const slips = findSlips(text);
  assert.equal(slips.length, 1);
  assert.deepEqual(slips[0]!.keys, ['tableName']);
  const { diagnostics } = analyze(text, 'yaml');
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
    ['misaligned-indent'],
  );
  assert.match(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, /\n {8}tableName: orders\n {8}columns: \[\]\n$/);
});

// REVIEW14-user U10: a key line whose colon was lost is read with it (parser/colonRepair.ts): one
// syntax error on the key, the rest of the file read as meant (no `'provider cloud_b modelId'` key, no
// "requires" for keys that are there), nothing written by --fix, and typing elsewhere still patched.
const EVERYTHING = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');
const LOST = [
  '    provider: cloud_b', // a variant's discriminator, keys of the variant below it
  '      model: gpt-deployment', // a key among others, its value on the line
  '  systemInstructions: |', // a block scalar header
  '  maxAssistantActions: 12', // a number
  '    - primitiveName: visualize', // a list item's first key, its llm below
];
const valueOf = (text: string): unknown => toValue(parse(text, 'yaml').root, 1_000_000).value;

for (const line of LOST)
  for (const eol of ['LF', 'CRLF'] as const)
    test(`'${line.trim()}' without its colon (${eol}): one syntax error on the key, the rest read as meant`, () => {
      assert.ok(EVERYTHING.includes(`\n${line}\n`), line);
      const colon = line.indexOf(':');
      const lostLf = EVERYTHING.replace(`\n${line}\n`, `\n${line.slice(0, colon)}${line.slice(colon + 1)}\n`);
      const text = eol === 'CRLF' ? crlf(lostLf) : lostLf;
      const { diagnostics } = analyze(text, 'yaml');
      const errors = diagnostics.filter((d) => d.severity === 'error');
      const lostLine = line.slice(0, colon) + line.slice(colon + 1);
      const key = text.indexOf(`\n${lostLine}${eol === 'CRLF' ? '\r' : ''}\n`) + 1 + lostLine.search(/[A-Za-z]/);
      assert.deepEqual(
        errors.map((d) => [d.code, d.offset, d.length, d.message]),
        [['syntax-error', key, colon - line.slice(0, colon).search(/[A-Za-z]/), MISSING_COLON_MESSAGE]],
      );
      // Read as if the colon were there: the same value as the example's.
      assert.deepEqual(valueOf(text), valueOf(eol === 'CRLF' ? crlf(EVERYTHING) : EVERYTHING));
      // The line is a syntax error: --fix leaves the file as written.
      assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text);
    });

test('while a colon is missing, typing elsewhere is patched and equals a fresh parse; so is typing the colon back', () => {
  for (const line of LOST) {
    const colon = line.indexOf(':');
    const at = EVERYTHING.indexOf(`\n${line}\n`) + 1 + colon;
    const lost = EVERYTHING.slice(0, at) + EVERYTHING.slice(at + 1);
    const doc = parse(lost, 'yaml');
    assert.ok(doc.zones && doc.zones.length > 0, `${line}: the broken entry keeps its place (a zone)`);
    const elsewhere = lost.indexOf('us-central1') + 2;
    const typed = applyEdit(doc, elsewhere, elsewhere, 'x');
    assert.ok(typed, `${line}: an edit elsewhere is patched`);
    const fresh = parse(typed.text, 'yaml');
    assert.deepEqual(typed.problems, fresh.problems, line);
    assert.deepEqual(plain(typed.root), plain(fresh.root), line);
    const back = applyEdit(parse(lost, 'yaml'), at, at, ':');
    if (back) {
      assert.deepEqual(back.problems, parse(back.text, 'yaml').problems, line);
      assert.deepEqual(plain(back.root), plain(parse(back.text, 'yaml').root), line);
    }
    assert.equal((back ?? parse(EVERYTHING, 'yaml')).problems.length, 0);
  }
});

test('not read as a lost colon: a half-typed key, a line with a colon of its own, text in a block scalar, a plain scalar', () => {
  const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
  const cases = [
    H + '    mod', // half-typed, no value yet: the existing "half-typed key" reading
    H + '  systemInstructions: |\n    provider cloud_b\n    Answer briefly.\n', // block scalar text
    H + '  systemInstructions: Answer\n    briefly and\n    never guess.\n', // a plain scalar over lines
    H + '    model gpt: 4o\n', // a colon of its own further on: another slip
  ];
  for (const text of cases)
    assert.ok(
      !analyze(text, 'yaml').diagnostics.some((d) => d.message === MISSING_COLON_MESSAGE),
      JSON.stringify(text),
    );
});
