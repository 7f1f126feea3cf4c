// REVIEW8 K13e through the protocol: the server offers range formatting (Format Selection, format on
// paste) for YAML and JSON documents, and answers Format Document with the edits of the lines that
// change, not one edit replacing the whole text.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit, Range } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const OPTIONS = { tabSize: 2, insertSpaces: true };

test('range formatting and minimal document formatting, YAML and JSON (CRLF too)', async () => {
  const c = new TestClient();
  clients.push(c);
  const init = await c.initialize();
  assert.equal(init.capabilities.documentRangeFormattingProvider, true);
  assert.equal(init.capabilities.documentFormattingProvider, true);
  const cases: {
    uri: string;
    languageId: string;
    text: string;
    line: number;
    expected: string;
    whole: string;
    kept: number;
  }[] = [
    {
      uri: 'file:///tmp/ac-range/a.assistant.yaml',
      languageId: 'assistantconfig',
      text: 'kind:    AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  featureFlags: [ x ]\n',
      line: 3,
      kept: 1,
      expected:
        'kind:    AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n  featureFlags: [ x ]\n',
      whole: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n  featureFlags: [x]\n',
    },
    {
      uri: 'file:///tmp/ac-range/b.assistant.json',
      languageId: 'assistantconfig-json',
      text: '{\n"kind":"AssistantConfig",\n    "version":   "v2",\n  "definition": {"llm": {"provider": "hosted"}}\n}\n',
      line: 2,
      kept: 4,
      expected:
        '{\n"kind":"AssistantConfig",\n  "version": "v2",\n  "definition": {"llm": {"provider": "hosted"}}\n}\n',
      whole:
        '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted" } }\n}\n',
    },
  ];
  for (const eol of ['\n', '\r\n']) {
    for (const k of cases) {
      const text = k.text.replace(/\n/g, eol);
      const uri = k.uri.replace('/ac-range/', eol === '\n' ? '/ac-range/lf-' : '/ac-range/crlf-');
      await c.open(uri, text, k.languageId);
      const doc = TextDocument.create(uri, k.languageId, 1, text);
      const range: Range = { start: { line: k.line, character: 3 }, end: { line: k.line, character: 6 } };
      const edits = await c.request<TextEdit[]>('textDocument/rangeFormatting', {
        textDocument: { uri },
        range,
        options: OPTIONS,
      });
      assert.ok(edits.length > 0, uri);
      for (const e of edits)
        assert.ok(e.range.start.line === k.line && e.range.end.line === k.line, `${uri}: ${JSON.stringify(e)}`);
      assert.equal(TextDocument.applyEdits(doc, edits), k.expected.replace(/\n/g, eol), uri);
      // Format Document: the formatted text, in edits that leave a line already formatted alone.
      const whole = await c.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: OPTIONS });
      assert.equal(TextDocument.applyEdits(doc, whole), k.whole.replace(/\n/g, eol), uri);
      assert.ok(whole.length > 1, JSON.stringify(whole));
      assert.ok(
        whole.every((e) => e.range.start.line > k.kept || e.range.end.line < k.kept),
        `${uri}: ${JSON.stringify(whole)}`,
      );
    }
  }
  await c.shutdown();
});
