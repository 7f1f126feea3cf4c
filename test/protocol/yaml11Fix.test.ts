// REVIEW4 G24 in the editor: `yaml11-ambiguous` is published as a warning with its code page, and its
// quick fix (preferred, the light bulb's first) quotes the value in place, in the file's quotes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

test('yaml11-ambiguous through the protocol: a warning, and a preferred quick fix that quotes the value', async () => {
  const c = new TestClient(undefined, { settings: () => ({}), initializationOptions: { settings: {} } });
  clients.push(c);
  await c.initialize();
  const uri = 'file:///tmp/ac-yaml11/a.assistant.yaml';
  const text =
    "kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_a\n    endpoint: 'https://x.example.net/'\n    apiVersion: 2024-06-01 # pinned\n    apiKey: { valueFromEnv: K }\n";
  await c.open(uri, text);
  const pub = await c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'yaml11-ambiguous'));
  const d = pub.diagnostics.find((x) => x.code === 'yaml11-ambiguous') as Diagnostic;
  assert.equal(d.severity, 2, 'a warning');
  assert.deepEqual(d.range, { start: { line: 6, character: 16 }, end: { line: 6, character: 26 } });
  assert.match(d.message, /'apiVersion' of provider 'cloud_a' is a date to YAML 1\.1 loaders/);
  assert.match(String(d.codeDescription?.href), /yaml11-ambiguous/);
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d], only: ['quickfix'] },
  });
  const fix = actions.find((a) => a.isPreferred);
  assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(fix.title, "Quote '2024-06-01' (a string to every YAML loader)");
  const edits = fix.edit!.changes![uri]! as TextEdit[];
  const out = TextDocument.applyEdits(TextDocument.create(uri, 'assistantconfig', 1, text), edits);
  assert.equal(out, text.replace('apiVersion: 2024-06-01 #', "apiVersion: '2024-06-01' #"));
  await c.shutdown();
});
