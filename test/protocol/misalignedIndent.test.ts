// REVIEW8 J5 in the editor: a key typed one column short inside a list item, by an edit to an open
// document (the incremental reparse hands such a text to the whole-text reading, which reads the line
// where it belongs): one `misaligned-indent` error naming the key, no "requires" for what is there, a
// preferred quick fix that moves the line; undoing the edit clears it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const RAW = /All mapping items|Implicit keys need|Sequence item without|Nested mappings are not allowed/;

test('J5 over the protocol: an edit that slips a list item key gives one misaligned-indent error and its fix; undoing it clears it', async () => {
  const c = new TestClient(undefined, { settings: () => ({}), initializationOptions: { settings: {} } });
  clients.push(c);
  await c.initialize();
  const uri = 'file:///tmp/ac-misaligned/a.assistant.yaml';
  const text =
    'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: hosted\r\n  schemaSelector:\r\n    type: fixed\r\n    tables:\r\n      - schemaName: public # first\r\n        tableName: orders\r\n        columns: [id]\r\n';
  await c.open(uri, text);
  await c.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
  // Backspace before `tableName` (line 9, 0-based): one column short of `schemaName`.
  await c.change(uri, 2, [{ range: { start: { line: 9, character: 7 }, end: { line: 9, character: 8 } }, text: '' }]);
  const pub = await c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'misaligned-indent'));
  assert.deepEqual(
    pub.diagnostics.map((d) => d.code),
    ['misaligned-indent'],
    JSON.stringify(pub.diagnostics.map((d) => d.message)),
  );
  const d = pub.diagnostics[0] as Diagnostic;
  assert.equal(d.severity, 1);
  assert.deepEqual(d.range, { start: { line: 9, character: 7 }, end: { line: 9, character: 16 } });
  assert.equal(
    d.message,
    "'tableName' belongs with 'schemaName' in this item of 'tables', but is indented 1 column less: indent this line by 1 space.",
  );
  assert.doesNotMatch(d.message, RAW);
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d], only: ['quickfix'] },
  });
  const fix = actions.find((a) => a.isPreferred);
  assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(fix.title, "Align 'tableName' with 'schemaName'");
  assert.ok(!actions.some((a) => /^Add /.test(a.title)), 'no fix adds a key that is there');
  const slipped = text.replace('        tableName', '       tableName');
  const edits = fix.edit!.changes![uri]! as TextEdit[];
  assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'assistantconfig', 2, slipped), edits), text);
  // The user types the space back: the document reads clean again.
  await c.change(uri, 3, [{ range: { start: { line: 9, character: 7 }, end: { line: 9, character: 7 } }, text: ' ' }]);
  await c.waitForDiagnostics(uri, (p) => p.version === 3 && p.diagnostics.length === 0);
  await c.shutdown();
});
