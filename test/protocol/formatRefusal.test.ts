// Format Document on a text the formatter refuses: no edit, and the user is told why (once per
// document and reason, as format on save asks again at every save), not silence (REVIEW3 F3).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

test('Format Document on a text it cannot format: no edit, one warning with the reason', async () => {
  const c = new TestClient();
  clients.push(c);
  const shown: { type: number; message: string }[] = [];
  c.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => shown.push(p));
  await c.initialize();
  const uri = 'file:///work/a%20b.assistant.yaml';
  const alias =
    'kind:     AssistantConfig\nversion: v2\ndefinition:\n      llm: *later\n      aiPrimitivesLlm: &later\n            provider: hosted\n';
  await c.open(uri, alias);
  const format = (): Promise<TextEdit[]> =>
    c.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
  assert.deepEqual(await format(), []);
  assert.deepEqual(await format(), []);
  // A request after the notifications: they have arrived when it answers.
  await c.request('textDocument/documentSymbol', { textDocument: { uri } });
  const told = shown.filter((m) => m.message.startsWith('Cannot format'));
  assert.equal(told.length, 1, JSON.stringify(shown));
  assert.equal(told[0]!.type, 2);
  assert.equal(
    told[0]!.message,
    "Cannot format 'a b.assistant.yaml': the alias '*later' comes before its anchor. The document is left as it is.",
  );
  // Fixed, then broken again: told again.
  await c.change(uri, 2, [{ text: 'kind:    AssistantConfig\n' }]);
  assert.equal((await format()).length, 1);
  await c.change(uri, 3, [{ text: alias }]);
  assert.deepEqual(await format(), []);
  await c.request('textDocument/documentSymbol', { textDocument: { uri } });
  assert.equal(shown.filter((m) => m.message.startsWith('Cannot format')).length, 2);
  await c.shutdown();
});

test('Format Document on a text with syntax errors: said in editor terms, no terminal advice (REVIEW8 K21e)', async () => {
  const c = new TestClient();
  clients.push(c);
  const shown: { type: number; message: string }[] = [];
  c.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => shown.push(p));
  await c.initialize();
  const uri = 'file:///work/x.assistant.yaml';
  await c.open(uri, 'kind:    AssistantConfig\ndefinition:\n  llm: { provider: hosted\n');
  const edits = await c.request<TextEdit[]>('textDocument/formatting', {
    textDocument: { uri },
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.deepEqual(edits, []);
  await c.request('textDocument/documentSymbol', { textDocument: { uri } });
  const told = shown.filter((m) => m.message.startsWith('Cannot format'));
  assert.equal(told.length, 1, JSON.stringify(shown));
  assert.equal(
    told[0]!.message,
    "Cannot format 'x.assistant.yaml': it has syntax errors (they are marked in the document and listed in the Problems panel). The document is left as it is.",
  );
  assert.doesNotMatch(told[0]!.message, /assistant-config lint|\brun\b/);
  await c.shutdown();
});
