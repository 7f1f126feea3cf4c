// The bundled server over stdio, driven like an editor would: initialize, open, diagnostics, edits,
// completion, hover, code actions, symbols, folding, formatting, settings, shutdown.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type {
  CompletionList,
  CompletionItem,
  Hover,
  CodeAction,
  DocumentSymbol,
  FoldingRange,
  TextEdit,
  SelectionRange,
  Diagnostic,
  FullDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';
import { PROVIDERS } from '../helpers';

const URI = 'file:///work/project.assistant.yaml';
const TEXT =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a\n    apiKey:\n      valueFromEnv: MY_KEY\n';
const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

function client(opts?: ConstructorParameters<typeof TestClient>[1]): TestClient {
  const c = new TestClient(undefined, opts);
  clients.push(c);
  return c;
}

test('push diagnostics: open, a sequence of edits, newest version wins', async () => {
  const c = client({ env: { ...process.env, MY_KEY: 'x' } });
  const init = await c.initialize();
  assert.equal(init.capabilities.diagnosticProvider, undefined, 'no pull without client support');
  await c.open(URI, TEXT);
  const first = await c.waitForDiagnostics(URI);
  assert.equal(first.version, 1);
  assert.equal(first.diagnostics.length, 1);
  const d = first.diagnostics[0]!;
  assert.equal(d.code, 'unknown-discriminator');
  assert.equal(d.source, 'assistant-config');
  assert.deepEqual(d.range, { start: { line: 4, character: 14 }, end: { line: 4, character: 21 } });
  // Five quick incremental edits: type the missing 'o' one char at a time, with noise in between.
  await c.change(URI, 2, [
    { range: { start: { line: 4, character: 18 }, end: { line: 4, character: 18 } }, text: 'x' },
  ]);
  await c.change(URI, 3, [{ range: { start: { line: 4, character: 18 }, end: { line: 4, character: 19 } }, text: '' }]);
  await c.change(URI, 4, [
    { range: { start: { line: 4, character: 18 }, end: { line: 4, character: 18 } }, text: 'o' },
  ]);
  const last = await c.waitForDiagnostics(URI, (p) => p.version === 4);
  assert.deepEqual(last.diagnostics, []);
  assert.ok((c.diagnostics.get(URI) ?? []).every((p) => (p.version ?? 0) <= 4));
  assert.equal(await c.shutdown(), 0);
});

test('pull diagnostics when the client supports them', async () => {
  const c = client({ pull: true, env: { ...process.env, MY_KEY: 'x' } });
  const init = await c.initialize();
  assert.ok(init.capabilities.diagnosticProvider);
  await c.open(URI, TEXT);
  const report = await c.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', {
    textDocument: { uri: URI },
  });
  assert.equal(report.kind, 'full');
  assert.deepEqual(
    report.items.map((d: Diagnostic) => d.code),
    ['unknown-discriminator'],
  );
  assert.equal(c.diagnostics.size, 0, 'nothing pushed in pull mode');
  await c.shutdown();
});

test('completion, resolve, hover, code action, symbols, folding, selection, formatting', async () => {
  const c = client();
  await c.initialize();
  const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: \n';
  await c.open(URI, text);
  const list = await c.request<CompletionList | CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: URI },
    position: { line: 4, character: 14 },
  });
  const items = Array.isArray(list) ? list : list.items;
  const labels = items.map((i) => i.label);
  for (const p of PROVIDERS)
    assert.ok(
      labels.some((l) => l === p || l.includes(p)),
      `${p} offered: ${labels.join(', ')}`,
    );
  const hosted = items.find((i) => i.label === 'hosted' || i.label.includes('hosted'))!;
  const resolved = await c.request<CompletionItem>('completionItem/resolve', hosted);
  assert.match(JSON.stringify(resolved.documentation ?? ''), /platform/i);

  await c.change(URI, 2, [{ text: TEXT }]);
  const hover = await c.request<Hover>('textDocument/hover', {
    textDocument: { uri: URI },
    position: { line: 3, character: 3 },
  });
  assert.match(JSON.stringify(hover.contents), /LLM used by the service/);

  const diags = await c.waitForDiagnostics(URI, (p) => p.version === 2);
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: diags.diagnostics[0]!.range,
    context: { diagnostics: diags.diagnostics },
  });
  const fix = actions.find((a) => a.kind === 'quickfix' && /vendor_a/.test(a.title));
  assert.ok(fix, actions.map((a) => a.title).join(' | '));
  const edit = fix.edit!.changes![URI]![0]!;
  assert.equal(edit.newText, 'vendor_a');
  assert.deepEqual(edit.range, diags.diagnostics[0]!.range);

  const symbols = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['kind', 'version', 'definition'],
  );
  const folds = await c.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: URI } });
  assert.ok(folds.some((f) => f.startLine === 2 && f.endLine === 6));
  const sel = await c.request<SelectionRange[]>('textDocument/selectionRange', {
    textDocument: { uri: URI },
    positions: [{ line: 4, character: 16 }],
  });
  assert.deepEqual(sel[0]!.range, diags.diagnostics[0]!.range);
  assert.ok(sel[0]!.parent);

  await c.change(URI, 3, [
    { text: 'kind: AssistantConfig   # c\ndefinition:\n      llm:\n          provider: hosted\n' },
  ]);
  const fmt = await c.request<TextEdit[]>('textDocument/formatting', {
    textDocument: { uri: URI },
    options: { tabSize: 2, insertSpaces: true },
  });
  // The lines that change, less what they keep (REVIEW8 K13e): `definition:` is not touched.
  const before = 'kind: AssistantConfig   # c\ndefinition:\n      llm:\n          provider: hosted\n';
  assert.ok(fmt.length >= 2, JSON.stringify(fmt));
  assert.ok(
    fmt.every((e) => !(e.range.start.line <= 1 && e.range.end.line > 1)),
    JSON.stringify(fmt),
  );
  assert.equal(
    TextDocument.applyEdits(TextDocument.create(URI, 'assistantconfig', 3, before), fmt),
    'kind: AssistantConfig # c\ndefinition:\n  llm:\n    provider: hosted\n',
  );
  await c.shutdown();
});

test('unrelated YAML files are left alone', async () => {
  const c = client();
  await c.initialize();
  await c.open('file:///work/deploy.yaml', 'name: x\nprovider: vendr_a\n', 'yaml');
  await c.open(URI, TEXT);
  await c.waitForDiagnostics(URI);
  assert.equal(c.diagnostics.get('file:///work/deploy.yaml'), undefined);
  const comp = await c.request<CompletionList | null>('textDocument/completion', {
    textDocument: { uri: 'file:///work/deploy.yaml' },
    position: { line: 1, character: 10 },
  });
  assert.equal(comp, null);
  await c.shutdown();
});

test('requests on unknown documents or odd positions answer empty, the server stays up', async () => {
  const c = client();
  await c.initialize();
  assert.equal(
    await c.request('textDocument/hover', {
      textDocument: { uri: 'file:///nope.assistant.yaml' },
      position: { line: 0, character: 0 },
    }),
    null,
  );
  await c.open(URI, TEXT);
  assert.equal(
    await c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 999, character: 999 } }),
    null,
  );
  const comp = await c.request<CompletionList>('textDocument/completion', {
    textDocument: { uri: URI },
    position: { line: 999, character: 0 },
  });
  assert.ok(comp === null || Array.isArray(comp.items));
  assert.equal(await c.shutdown(), 0);
});

test('initializationOptions.settings: the section alone, or wrapped in its name as the README example sends it', async () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: NOT_SET_HERE_42 }\n';
  const codes = async (settings: unknown): Promise<string[]> => {
    const c = client({ env: { PATH: process.env.PATH ?? '' }, initializationOptions: { settings } });
    await c.initialize();
    await c.open(URI, text);
    const d = await c.waitForDiagnostics(URI);
    await c.shutdown();
    return d.diagnostics.map((x) => String(x.code));
  };
  assert.deepEqual(await codes({}), ['env-not-set'], 'the control reports the unset variable');
  assert.deepEqual(await codes({ diagnostics: { envNotSet: false } }), []);
  assert.deepEqual(await codes({ assistantConfig: { diagnostics: { envNotSet: false } } }), []);
  assert.deepEqual(await codes({ assistantConfig: { suppress: ['env-not-set'] } }), []);
});

test('settings come through workspace/configuration and apply without a restart', async () => {
  let depth = 16;
  const c = client({
    configuration: true,
    settings: () => ({ validation: { maxFallbackDepth: depth }, diagnostics: { envNotSet: false } }),
  });
  await c.initialize();
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: hosted\n      fallback:\n        provider: hosted\n';
  await c.open(URI, text);
  const before = await c.waitForDiagnostics(URI);
  assert.deepEqual(before.diagnostics, []);
  depth = 1;
  const n = c.diagnostics.get(URI)!.length;
  await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
  const afterChange = await c.waitForDiagnostics(URI, (p) => p.diagnostics.length > 0);
  assert.ok(c.diagnostics.get(URI)!.length > n);
  assert.equal(afterChange.diagnostics[0]!.code, 'fallback-too-deep');
  // The message names where the bound came from: here the setting (REVIEW3 F7).
  assert.match(
    afterChange.diagnostics[0]!.message,
    /bound of 1 \(setting assistantConfig\.validation\.maxFallbackDepth\)/,
  );
  assert.ok(c.configurationRequests >= 2);
  await c.shutdown();
});
