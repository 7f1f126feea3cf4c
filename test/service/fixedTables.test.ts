// REVIEW7 J9: `type: fixed` with `tables: []`, or with the same table listed twice, linted clean. The
// spec gives `tables` no length and no uniqueness (server/src/service/validation/rules/fixedTables.ts
// says why both are warnings): empty-tables and duplicate-table, in YAML (block and flow, comments,
// anchors, CRLF) and JSON; the quick fix removes a later entry only when it repeats the first word
// for word, never with a comment or an anchor, and `lint --fix` leaves entries alone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { safeFixFor } from '../../server/src/service/fixAll';
import { doHover } from '../../server/src/service/hover';
import type { Language } from '../../server/src/parser/ast';
import { runCli } from '../cli/helpers';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const H =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n';
const codes = (text: string, language: Language = 'yaml'): string[] =>
  analyze(text, language).diagnostics.map(
    (d) => `${d.code}@${text.slice(d.offset, d.offset + d.length).split('\n')[0]}`,
  );

/** The duplicate-table diagnostics' fixes, applied one at a time to the text. */
function fixes(text: string, language: Language = 'yaml'): { title: string; result: string; preferred: boolean }[] {
  const { doc, diagnostics } = analyze(text, language);
  return diagnostics
    .filter((d) => d.code === 'duplicate-table')
    .flatMap((d) =>
      getCodeActions(doc, diagnostics, { offset: d.offset, length: 0 })
        .filter((a) => a.diagnostic?.code === 'duplicate-table')
        .map((a) => ({ title: a.title, result: applyEdits(text, a.edits), preferred: a.isPreferred === true })),
    );
}

describe('empty-tables', () => {
  test('tables: [] in YAML (flow and block-style key) and JSON, a warning that names the variant', () => {
    const { diagnostics } = analyze(`${H}    tables: []  # to do\n`, 'yaml');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity]),
      [['empty-tables', 'warning']],
    );
    assert.match(diagnostics[0]!.message, /type: fixed/);
    assert.match(diagnostics[0]!.message, /type: all/);
    assert.deepEqual(
      codes(
        '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "schemaSelector": {"type": "fixed", "tables": [ ]}}}',
        'json',
      ),
      ['empty-tables@[ ]'],
    );
  });
  test('not for a list with a table, nor for other variants or other empty lists', () => {
    assert.deepEqual(codes(`${H}    tables:\n      - {schemaName: s, tableName: t, columns: []}\n`), []);
    assert.deepEqual(
      codes(
        'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  overrideAiPrimitivesLlm: []\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude: {tables: {}, functions: []}\n',
      ),
      [],
    );
  });
});

describe('duplicate-table', () => {
  const BLOCK = [
    '    tables:',
    '      - schemaName: sales',
    '        tableName: orders',
    '        columns: [id, total]',
    '      - schemaName: sales',
    '        tableName: customers',
    '        columns: []',
    '      - schemaName: sales',
    '        tableName: orders',
    '        columns: [id, total]',
    '',
  ].join('\n');
  test('on the later entry, pointing at the first, in block YAML', () => {
    const text = H + BLOCK;
    const { diagnostics } = analyze(text, 'yaml');
    assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
    const d = diagnostics[0]!;
    assert.equal(d.code, 'duplicate-table');
    assert.equal(d.severity, 'warning');
    assert.equal(d.offset, text.lastIndexOf('schemaName: sales'));
    assert.equal(d.related?.[0]?.offset, text.indexOf('schemaName: sales'));
    assert.match(
      d.message,
      /^Table 'sales\.orders' is listed twice in the fixed schema selector's 'tables' \(type: fixed\)/,
    );
  });
  test('the fix removes the later identical entry, its lines only, and says nothing is lost', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = (H + BLOCK).replace(/\n/g, eol);
      const [fix, ...rest] = fixes(text);
      assert.equal(rest.length, 0);
      assert.equal(
        fix!.title,
        "Remove the repeated entry of 'sales.orders' (the same as the first one: nothing is lost)",
      );
      assert.ok(fix!.preferred);
      assert.equal(fix!.result, (H + BLOCK.split('\n').slice(0, 7).join('\n') + '\n').replace(/\n/g, eol));
      assert.deepEqual(codes(fix!.result), []);
    }
  });
  test('flow YAML and JSON: the entry and the comma before it go', () => {
    const flow = `${H}    tables: [{schemaName: s, tableName: t, columns: []}, {schemaName: s, tableName: u, columns: []}, {schemaName: s, tableName: t, columns: []}]\n`;
    assert.equal(
      fixes(flow)[0]!.result,
      `${H}    tables: [{schemaName: s, tableName: t, columns: []}, {schemaName: s, tableName: u, columns: []}]\n`,
    );
    const json =
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "hosted"},\n    "schemaSelector": {\n      "type": "fixed",\n      "tables": [\n        {"schemaName": "s", "tableName": "t", "columns": []},\n        {"schemaName": "s", "tableName": "t", "columns": []}\n      ]\n    }\n  }\n}\n';
    const [fix] = fixes(json, 'json');
    assert.equal(fix!.result, json.replace(',\n        {"schemaName": "s", "tableName": "t", "columns": []}', ''));
    assert.deepEqual(codes(fix!.result, 'json'), []);
  });
  test('entries that differ (other columns) are reported with no fix: nothing the user wrote is dropped', () => {
    const text = `${H}    tables:\n      - {schemaName: s, tableName: t, columns: [a]}\n      - {schemaName: s, tableName: t, columns: [b]}\n`;
    assert.deepEqual(codes(text), ['duplicate-table@{schemaName: s, tableName: t, columns: [b]}']);
    assert.match(analyze(text, 'yaml').diagnostics[0]!.message, /other values: the service may use either entry/);
    assert.deepEqual(fixes(text), []);
  });
  test('no fix when a comment or an anchor would go with the entry', () => {
    const commented = `${H}    tables:\n      - {schemaName: s, tableName: t, columns: []}\n      - {schemaName: s, tableName: t, columns: []}  # again\n`;
    assert.deepEqual(fixes(commented), []);
    const inner = `${H}    tables:\n      - schemaName: s\n        tableName: t\n        columns: []\n      - schemaName: s\n        # kept for the audit\n        tableName: t\n        columns: []\n`;
    assert.equal(codes(inner).length, 1);
    assert.deepEqual(fixes(inner), []);
    const anchored = `${H}    tables:\n      - {schemaName: s, tableName: t, columns: &c []}\n      - {schemaName: s, tableName: t, columns: &c []}\n  threadTitleGeneration: {enable: true}\n`;
    assert.deepEqual(fixes(anchored), []);
  });
  test('the same table through an alias is a repeat; another schema or table name is not', () => {
    const aliased = `${H}    tables:\n      - &orders {schemaName: s, tableName: t, columns: []}\n      - *orders\n`;
    assert.deepEqual(codes(aliased), ['duplicate-table@*orders']);
    const distinct = `${H}    tables:\n      - {schemaName: s, tableName: t, columns: []}\n      - {schemaName: s2, tableName: t, columns: []}\n      - {schemaName: s, tableName: t2, columns: []}\n      - {schemaName: "s", tableName: "t.x", columns: []}\n`;
    assert.deepEqual(codes(distinct), []);
  });
  test('lint --fix does not remove entries (the spec allows the repeat); the CLI reports both codes', () => {
    const text = `${H}    tables: [{schemaName: s, tableName: t, columns: []}, {schemaName: s, tableName: t, columns: []}]\n`;
    const { doc, diagnostics } = analyze(text, 'yaml');
    assert.equal(safeFixFor(doc, diagnostics[0]!), undefined);
    const dir = mkdtempSync(join(tmpdir(), 'ac-tables-'));
    try {
      writeFileSync(join(dir, 'a.assistant.yaml'), text);
      writeFileSync(join(dir, 'b.assistant.yaml'), `${H}    tables: []\n`);
      const r = runCli(['lint', '--fix', '--format', 'json', '--no-config', dir]);
      const report = JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] };
      assert.deepEqual(
        report.files.flatMap((f) => f.diagnostics.map((d) => d.code)),
        ['duplicate-table', 'empty-tables'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('hover on tables says each table once and what an empty list does (from the schema)', () => {
  const text = `${H}    tables: []\n`;
  const { doc } = analyze(text, 'yaml');
  const h = doHover(doc, text.indexOf('tables:') + 2);
  assert.ok(h, 'a hover');
  assert.match(JSON.stringify(h), /each listed once/);
  assert.match(JSON.stringify(h), /An empty list includes no table/);
});
