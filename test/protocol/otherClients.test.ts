// Editors other than VS Code (Neovim, Helix, Emacs, vim-lsp, kak-lsp) are answered by what they
// declare (REVIEW5 H4, H15, H6): snippets only with snippetSupport, Markdown only to clients that
// prefer it, client commands only to the client that runs them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type {
  CompletionItem,
  CompletionList,
  Hover,
  MarkupContent,
  TextEdit,
  CodeLens,
  InitializeResult,
  FullDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';
import type { StartOptions } from './lspClient';
import { VSCODE_CLIENT_COMMANDS } from '../../server/src/shared';
import { mkdtempSync, mkdirSync, writeFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';

const URI = 'file:///work/other.assistant.yaml';
const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

async function start(opts: StartOptions): Promise<{ c: TestClient; init: InitializeResult }> {
  const c = new TestClient(undefined, { pull: true, ...opts });
  clients.push(c);
  const init = await c.initialize();
  return { c, init };
}

const items = (r: CompletionList | CompletionItem[] | null): CompletionItem[] =>
  Array.isArray(r) ? r : (r?.items ?? []);

/** The reviewer's document: completion under `llm:` (REVIEW5 H4). */
const UNDER_LLM = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    \n';

/** The document with the item applied as a client without snippet support applies it: newText literally. */
function applyLiterally(text: string, item: CompletionItem): string {
  const doc = TextDocument.create(URI, 'assistantconfig', 1, text);
  const main = item.textEdit as TextEdit;
  return TextDocument.applyEdits(doc, [
    { range: main.range, newText: main.newText },
    ...(item.additionalTextEdits ?? []),
  ]);
}

async function completeUnderLlm(snippetSupport: boolean): Promise<{ c: TestClient; list: CompletionItem[] }> {
  const { c } = await start({ snippetSupport });
  await c.open(URI, UNDER_LLM);
  const list = items(
    await c.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 4, character: 4 },
    }),
  );
  return { c, list };
}

test('H4: no snippet syntax to a client without snippetSupport; the inserted placeholders keep their diagnostics', async () => {
  const { c, list } = await completeUnderLlm(false);
  assert.ok(list.length >= 5, `items: ${list.map((i) => i.label).join(', ')}`);
  for (const it of list) {
    assert.notEqual(it.insertTextFormat, 2, `${it.label} is sent as a snippet`);
    const t = (it.textEdit as TextEdit).newText;
    assert.ok(!/\$\{?\d/.test(t), `${it.label}: ${t}`);
  }
  const cloudB = list.find((i) => i.label === 'provider: cloud_b');
  assert.ok(cloudB, 'the cloud_b variant');
  assert.equal(
    (cloudB.textEdit as TextEdit).newText,
    'provider: cloud_b\n    modelId: <modelId>\n    cloudProject: <cloudProject>\n    cloudLocation: <cloudLocation>\n    cloudServiceAccountKeyJson:\n      valueFromEnv: CLOUD_B_SERVICE_ACCOUNT_KEY_JSON',
  );
  // What the client writes is what lint sees: the placeholders are reported until filled.
  const written = applyLiterally(UNDER_LLM, cloudB);
  await c.change(URI, 2, [{ text: written }]);
  const report = await c.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', {
    textDocument: { uri: URI },
  });
  const placeholders = report.items.filter((d) => d.code === 'empty-required').map((d) => d.message);
  assert.equal(placeholders.length, 3, JSON.stringify(report.items));
  assert.match(
    placeholders.join('\n'),
    /'modelId' of provider '[a-z_]+' is required and is still the placeholder '<modelId>'/,
  );
  await c.shutdown();
});

test('H4: a client with snippetSupport still gets the snippets, and the plain text is their tab stops filled with defaults', async () => {
  const snip = await completeUnderLlm(true);
  const plain = await completeUnderLlm(false);
  const cloudB = snip.list.find((i) => i.label === 'provider: cloud_b')!;
  assert.equal(cloudB.insertTextFormat, 2);
  assert.match((cloudB.textEdit as TextEdit).newText, /modelId: \$\{1:<modelId>\}/);
  assert.deepEqual(
    plain.list.map((i) => i.label),
    snip.list.map((i) => i.label),
  );
  for (const [i, it] of snip.list.entries()) {
    const expected = (it.textEdit as TextEdit).newText.replace(/\$\{\d+:([^}]*)\}|\$\{\d+\}|\$\d+/g, '$1');
    assert.equal((plain.list[i]!.textEdit as TextEdit).newText, expected, it.label);
  }
  await snip.c.shutdown();
  await plain.c.shutdown();
});

test('H15: hover and completion documentation as plain text to a client that asked for it, Markdown otherwise', async () => {
  const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    \n';
  const hoverAt = { textDocument: { uri: URI }, position: { line: 4, character: 15 } };
  const completeAt = { textDocument: { uri: URI }, position: { line: 5, character: 4 } };
  const answers: Record<string, { hover: MarkupContent; doc: MarkupContent }> = {};
  for (const kinds of [['plaintext'], ['markdown', 'plaintext'], ['plaintext', 'markdown']] as const) {
    const { c } = await start({ markupKinds: [...kinds] });
    await c.open(URI, text);
    const hover = (await c.request<Hover>('textDocument/hover', hoverAt)).contents as MarkupContent;
    const list = items(await c.request<CompletionList | null>('textDocument/completion', completeAt));
    const model = list.find((i) => i.label === 'model');
    assert.ok(model, list.map((i) => i.label).join(', '));
    const resolved = await c.request<CompletionItem>('completionItem/resolve', model);
    answers[kinds.join(',')] = { hover, doc: resolved.documentation as MarkupContent };
    await c.shutdown();
  }
  const md = answers['markdown,plaintext']!;
  assert.equal(md.hover.kind, 'markdown');
  assert.match(md.hover.value, /\*\*VendorALlmConfig\*\* \(`provider: vendor_a`\)/);
  assert.equal(md.doc.kind, 'markdown');
  for (const key of ['plaintext', 'plaintext,markdown']) {
    const plain = answers[key]!;
    assert.equal(plain.hover.kind, 'plaintext');
    assert.match(plain.hover.value, /^VendorALlmConfig \(provider: vendor_a\)\n\n/);
    assert.ok(!/\*\*|`/.test(plain.hover.value), plain.hover.value);
    assert.equal(plain.doc.kind, 'plaintext');
    assert.ok(plain.doc.value.length > 0 && !/\*\*|`/.test(plain.doc.value), plain.doc.value);
  }
});

const LENS_DOC =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: K}\n';

test('H6: a client that does not run VS Code commands gets no such lens, and a title lens it can run', async () => {
  const { c, init } = await start({});
  assert.deepEqual(init.capabilities.executeCommandProvider?.commands, ['assistantConfig.showLens']);
  await c.open(URI, LENS_DOC);
  const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
  assert.deepEqual(
    lenses.map((l) => [l.command?.title, l.command?.command]),
    [['vendor_a', 'assistantConfig.showLens']],
  );
  // Running it (as Neovim's codelens.run and Helix do: workspace/executeCommand) shows its text.
  const cmd = lenses[0]!.command!;
  assert.equal(await c.request('workspace/executeCommand', { command: cmd.command, arguments: cmd.arguments }), null);
  assert.ok(
    c.messages.some((m) => m.message === 'AssistantConfig: vendor_a: The provider in force (no fallback).'),
    JSON.stringify(c.messages),
  );
  // Anything else is refused with an error, not left unhandled.
  await assert.rejects(
    c.request('workspace/executeCommand', { command: 'workbench.action.openSettings', arguments: ['x'] }),
    /runs only assistantConfig\.showLens/,
  );
  // Completion items carry no VS Code command either (`editor.action.triggerSuggest` after a key).
  await c.change(URI, 2, [{ text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  \n' }]);
  const list = items(
    await c.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 3, character: 2 },
    }),
  );
  assert.ok(list.length > 0);
  assert.deepEqual(
    list.filter((i) => i.command).map((i) => i.label),
    [],
  );
  await c.shutdown();
});

test('H6: the VS Code client (clientCommands, labelLenses) keeps its lenses and the suggest command', async () => {
  const { c, init } = await start({
    initializationOptions: { clientCommands: [...VSCODE_CLIENT_COMMANDS], labelLenses: true },
  });
  assert.equal(init.capabilities.executeCommandProvider, undefined);
  await c.open(URI, LENS_DOC);
  const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
  assert.deepEqual(
    lenses.map((l) => [l.command?.title, l.command?.command]),
    [
      ['vendor_a', ''],
      ['Configure connection…', 'workbench.action.openSettings'],
    ],
  );
  await c.change(URI, 2, [{ text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  \n' }]);
  const list = items(
    await c.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 3, character: 2 },
    }),
  );
  assert.ok(
    list.some((i) => i.command?.command === 'editor.action.triggerSuggest'),
    JSON.stringify(list.map((i) => i.label)),
  );
  await c.shutdown();
});

test('H15: settings a Lua or TOML config slips on are told once in a warning; one code alone still silences it', async () => {
  const { c } = await start({
    initializationOptions: {
      settings: { assistantConfig: { suppress: 'unknown-discriminator', limits: { maxFileSize: -1 } } },
    },
  });
  const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: no_such_vendor\n';
  await c.open(URI, text);
  const report = await c.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', {
    textDocument: { uri: URI },
  });
  assert.deepEqual(
    report.items.filter((d) => d.code === 'unknown-discriminator'),
    [],
  );
  // The diagnostics were computed after `initialized`, where the warning is sent.
  const warnings = c.messages.filter((m) => m.type === 2 && m.message.startsWith('AssistantConfig settings:'));
  assert.deepEqual(
    warnings.map((m) => m.message),
    [
      'AssistantConfig settings: assistantConfig.limits.maxFileSize is the number -1, not a number of at least 1024: the default 16777216 applies.',
    ],
  );
  await c.shutdown();
});

test('H15: workspace diagnostics are pushed to a client without pull diagnostics (Helix, Neovim 0.10)', async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-push-')));
  const bad = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: not_a_provider\n';
  const good = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
  mkdirSync(join(dir, 'team'));
  writeFileSync(join(dir, 'team/broken.assistant.yaml'), bad);
  writeFileSync(join(dir, 'team/good.assistant.yaml'), good);
  const badUri = pathToFileURL(join(dir, 'team/broken.assistant.yaml')).href;
  const goodUri = pathToFileURL(join(dir, 'team/good.assistant.yaml')).href;
  const { c, init } = await start({
    pull: false,
    rootUri: pathToFileURL(dir).href,
    initializationOptions: { settings: { workspaceDiagnostics: { enabled: true }, diagnostics: { envNotSet: false } } },
  });
  assert.equal(init.capabilities.diagnosticProvider, undefined);
  // Neither file is opened: the walk pushes both.
  const pushed = await c.waitForDiagnostics(badUri, (p) => p.diagnostics.length > 0);
  assert.deepEqual(
    pushed.diagnostics.map((d) => d.code),
    ['unknown-discriminator'],
  );
  assert.deepEqual((await c.waitForDiagnostics(goodUri)).diagnostics, []);
  // Opened and fixed in the editor: its own pushes; closed unsaved: the file on disk is reported again.
  await c.open(badUri, good);
  await c.waitForDiagnostics(badUri, (p) => p.version === 1 && p.diagnostics.length === 0);
  const before = c.diagnostics.get(badUri)!.length;
  await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: badUri } });
  await c.waitForDiagnostics(badUri, (p) => c.diagnostics.get(badUri)!.indexOf(p) > before && p.diagnostics.length > 0);
  await c.shutdown();
});
