// REVIEW15-user U1: `columns: "*"` was wrapped by `lint --fix` into `columns: ["*"]`, which linted
// clean and asks the service for a column named `*`. Now a name holding `*` is `wildcard-name`
// (the schema's `names` annotation says which strings name database objects), `columns` holding
// only `*` gets the editor's fix `[]` (the spec: an empty list means all columns), and neither the
// wrap nor any other fix of `--fix` writes `["*"]`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import type { Language } from '../../server/src/parser';
import { validate } from '../../server/src/service/validation/index';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted } # the platform model\n';
const fixed = (tables: string): string => `${H}  schemaSelector:\n    type: fixed\n    tables:\n${tables}`;
const lint = (text: string, language: Language) => analyze(text, language, DEFAULT_OPTIONS);
const lintFix = (text: string, language: Language = 'yaml') => fixAll(text, language, lint);
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
const found = (text: string, language: Language = 'yaml') =>
  validate(parse(text, language)).map((d) => ({ code: d.code, at: text.slice(d.offset, d.offset + d.length), d }));

test("U1: columns: ['*'] is a warning that says [] means all columns, and the editor's fix writes []", () => {
  for (const eol of [(t: string) => t, crlf]) {
    const text = eol(
      fixed(
        '      - schemaName: sales # the sales schema\n        tableName: orders\n        columns: ["*"] # all of them\n',
      ),
    );
    const all = found(text);
    assert.deepEqual(
      all.map((f) => [f.code, f.at]),
      [['wildcard-name', '"*"']],
    );
    const d = all[0]!.d;
    assert.equal(d.severity, 'warning');
    assert.match(
      d.message,
      /^'\*' in 'columns' is not a wildcard: .*An empty list \(columns: \[\]\) includes all columns\.$/,
    );
    const fixes = fixesFor(text, d);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [["Write 'columns: []' (an empty list includes all columns)", true]],
    );
    assert.equal(fixes[0]!.result, text.replace('["*"]', '[]'));
    assert.deepEqual(found(fixes[0]!.result), []);
    // Not `--fix`: the file is left as written, the warning remains.
    const r = lintFix(text);
    assert.equal(r.text, text);
    assert.deepEqual(r.applied, []);
  }
});

test('U1: a block list of only * gets the fix, the comment on the key line kept; a comment between items blocks it', () => {
  const text = fixed(
    '      - schemaName: sales\n        tableName: orders\n        columns: # every column\n          - "*"\n',
  );
  const d = found(text).find((f) => f.code === 'wildcard-name')!.d;
  const fixes = fixesFor(text, d);
  assert.equal(fixes.length, 1);
  assert.equal(fixes[0]!.result, text.replace('\n          - "*"', '\n          []'));
  assert.deepEqual(found(fixes[0]!.result), []);
  const commented = fixed(
    '      - schemaName: sales\n        tableName: orders\n        columns:\n          - "*" # one\n          - "*"\n',
  );
  const ds = found(commented).filter((f) => f.code === 'wildcard-name');
  assert.equal(ds.length, 2);
  assert.deepEqual(fixesFor(commented, ds[0]!.d), []);
});

test("U1: columns: '*' (a string where the list belongs) is not wrapped into ['*']: --fix leaves it, the editor offers []", () => {
  for (const language of ['yaml', 'json'] as const) {
    const text =
      language === 'yaml'
        ? fixed('      - {schemaName: s, tableName: t, columns: "*"}\n')
        : JSON.stringify({
            kind: 'AssistantConfig',
            version: 'v2',
            definition: {
              llm: { provider: 'hosted' },
              schemaSelector: { type: 'fixed', tables: [{ schemaName: 's', tableName: 't', columns: '*' }] },
            },
          });
    const all = found(text, language);
    assert.deepEqual(
      all.map((f) => [f.code, f.at]),
      [['invalid-type', '"*"']],
    );
    const r = lintFix(text, language);
    assert.equal(r.text, text, `${language}: --fix must not write ["*"]`);
    if (language === 'yaml') {
      const fixes = fixesFor(text, all[0]!.d);
      assert.deepEqual(
        fixes.map((f) => f.title),
        ["Write 'columns: []' (an empty list includes all columns)"],
      );
      assert.equal(fixes[0]!.result, text.replace('"*"', '[]'));
    }
  }
  // A name without '*' is still wrapped, by the editor and --fix alike (REVIEW8 K17).
  const one = fixed('      - {schemaName: s, tableName: t, columns: id}\n');
  assert.equal(lintFix(one).text, one.replace('columns: id', 'columns: [id]'));
});

test('U1: table, schema and function names with * are said; alwaysInclude has no "all", so no fix', () => {
  const text = `${H}  schemaSelector:
    type: llm_selector
    llm: { provider: hosted }
    alwaysInclude:
      tables:
        reporting: ["*"] # every table
        sales: [orders, "order_*"]
      functions: ["*"]
`;
  const all = found(text).filter((f) => f.code === 'wildcard-name');
  assert.deepEqual(
    all.map((f) => f.at),
    ['"*"', '"order_*"', '"*"'],
  );
  assert.match(all[0]!.d.message, /^'\*' in 'reporting' is not a pattern: the service matches table names exactly/);
  assert.match(all[2]!.d.message, /function names exactly/);
  for (const f of all) assert.deepEqual(fixesFor(text, f.d), []);
  const single = fixed('      - {schemaName: "*", tableName: orders, columns: []}\n');
  assert.deepEqual(
    found(single).map((f) => [f.code, f.at]),
    [['wildcard-name', '"*"']],
  );
  assert.match(
    found(single)[0]!.d.message,
    /^'\*' in 'schemaName' is not a pattern: the service matches schema names exactly/,
  );
});

test('U1: names without *, and a list shared through an alias, are reported once at the anchor', () => {
  assert.deepEqual(found(fixed('      - {schemaName: s, tableName: t, columns: [id, "a b"]}\n')), []);
  const text = fixed(
    '      - {schemaName: s, tableName: t, columns: &all ["*"]}\n      - {schemaName: s, tableName: u, columns: *all}\n',
  );
  assert.deepEqual(
    found(text).map((f) => [f.code, f.at]),
    [['wildcard-name', '"*"']],
  );
  // An anchored list is shared: no fix edits it.
  assert.deepEqual(fixesFor(text, found(text)[0]!.d), []);
});
