// Inlay hints (before and after a .env change), code lenses and their commands, document links, the
// .env location on env-not-set, and on-type formatting, through the bundled server.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type {
  InlayHint,
  CodeLens,
  DocumentLink,
  TextEdit,
  FullDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';
import { ROOT } from '../helpers';
import { VSCODE_CLIENT_COMMANDS } from '../../server/src/shared';

const TEXT = readFileSync(join(ROOT, 'test/fixtures/editor/team.assistant.yaml'), 'utf8').replace(/\n/g, '\r\n');
const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

function workspace(dotenv: string): { dir: string; root: string; uri: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-editor-'));
  writeFileSync(join(dir, '.env'), dotenv);
  const root = pathToFileURL(dir).href;
  return { dir, root, uri: `${root}/team.assistant.yaml` };
}

async function start(root: string, settings: Record<string, unknown> = {}): Promise<TestClient> {
  const env: NodeJS.ProcessEnv = { ...process.env, CLOUD_B_SERVICE_ACCOUNT_KEY_JSON: 'not-shown-anywhere' };
  delete env.VENDOR_A_API_KEY;
  const c = new TestClient(undefined, {
    pull: true,
    configuration: true,
    settings: () => settings,
    // As the VS Code client declares itself (client/src/glue.ts).
    initializationOptions: { settings, clientCommands: [...VSCODE_CLIENT_COMMANDS], labelLenses: true },
    rootUri: root,
    env,
  });
  clients.push(c);
  await c.initialize();
  return c;
}

const FULL = { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } };
const labels = (hints: InlayHint[]) => hints.map((h) => `${h.position.line}:${String(h.label)}`);

test('inlay hints: set, where and depth; they follow a .env change; never a value; a setting turns them off', async () => {
  const ws = workspace('OTHER=1\n');
  const c = await start(ws.root);
  await c.open(ws.uri, TEXT);
  const before = await c.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: ws.uri }, range: FULL });
  assert.deepEqual(labels(before), ['14:✓ set in environment', '16:fallback 1', '19:✗ not set', '21:fallback 2']);
  assert.ok(!JSON.stringify(before).includes('not-shown-anywhere'));
  writeFileSync(join(ws.dir, '.env'), 'VENDOR_A_API_KEY=sk-test-secret-value\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${ws.root}/.env`, type: 2 }] });
  const afterChange = await c.request<InlayHint[]>('textDocument/inlayHint', {
    textDocument: { uri: ws.uri },
    range: FULL,
  });
  assert.deepEqual(labels(afterChange), [
    '14:✓ set in environment',
    '16:fallback 1',
    '19:✓ set in .env',
    '21:fallback 2',
  ]);
  assert.ok(!JSON.stringify(afterChange).includes('sk-test'));
  await c.shutdown();
  const off = await start(ws.root, { inlayHints: { enabled: false } });
  await off.open(ws.uri, TEXT);
  assert.deepEqual(
    await off.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: ws.uri }, range: FULL }),
    [],
  );
  await off.shutdown();
});

test('code lenses: the chain, Configure connection… until the settings are there, then Test Connection; a setting turns them off', async () => {
  const ws = workspace('');
  const c = await start(ws.root);
  await c.open(ws.uri, TEXT);
  const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: ws.uri } });
  assert.deepEqual(
    lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command, l.command?.arguments]),
    [
      [8, 'cloud_b → vendor_a → hosted', '', undefined],
      [8, 'Configure connection…', 'workbench.action.openSettings', ['assistantConfig.connection']],
    ],
  );
  await c.shutdown();
  const ready = await start(ws.root, {
    connection: {
      baseUrl: 'https://api.example.com/v1',
      tokenRefreshUrl: 'https://auth.example.com/token/refresh',
      projectId: '2f1c0000-0000-4000-8000-000000000000',
    },
  });
  await ready.open(ws.uri, TEXT);
  const l2 = await ready.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: ws.uri } });
  assert.deepEqual(
    l2.map((l) => [l.command?.title, l.command?.command]),
    [
      ['cloud_b → vendor_a → hosted', ''],
      ['Test Connection', 'assistantConfig.testConnection'],
    ],
  );
  await ready.shutdown();
  const off = await start(ws.root, { codeLens: { enabled: false } });
  await off.open(ws.uri, TEXT);
  assert.deepEqual(await off.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: ws.uri } }), []);
  await off.shutdown();
});

test('document links on baseUrl and endpoint; env-not-set points at the workspace .env', async () => {
  const ws = workspace('');
  const c = await start(ws.root);
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_b\n    baseUrl: https://llm.example.com/v1   # gateway\n    model: m\n    apiKey:\n      valueFromEnv: NOT_DEFINED_ANYWHERE\n';
  await c.open(ws.uri, text);
  const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: ws.uri } });
  assert.deepEqual(
    links.map((l) => [l.range, l.target]),
    [[{ start: { line: 5, character: 13 }, end: { line: 5, character: 39 } }, 'https://llm.example.com/v1']],
  );
  const report = await c.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', {
    textDocument: { uri: ws.uri },
  });
  const notSet = report.items.find((d) => d.code === 'env-not-set')!;
  assert.equal(notSet.relatedInformation?.[0]?.location.uri, `${ws.root}/.env`);
  assert.match(notSet.relatedInformation![0]!.message, /define NOT_DEFINED_ANYWHERE in this \.env file/);
  await c.shutdown();
});

test('on-type formatting after Enter: indent under key:, next list item', async () => {
  const ws = workspace('');
  const c = await start(ws.root);
  const text = 'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n\r\n';
  await c.open(ws.uri, text);
  const edits = await c.request<TextEdit[]>('textDocument/onTypeFormatting', {
    textDocument: { uri: ws.uri },
    position: { line: 3, character: 0 },
    ch: '\n',
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.equal(
    TextDocument.applyEdits(TextDocument.create(ws.uri, 'assistantconfig', 1, text), edits),
    'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  \r\n',
  );
  const list = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  tables:\n    - orders\n    \n';
  await c.change(ws.uri, 2, [{ text: list }]);
  const e2 = await c.request<TextEdit[]>('textDocument/onTypeFormatting', {
    textDocument: { uri: ws.uri },
    position: { line: 5, character: 4 },
    ch: '\n',
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.equal(
    TextDocument.applyEdits(TextDocument.create(ws.uri, 'assistantconfig', 2, list), e2),
    list.replace('    \n', '    - \n'),
  );
  await c.shutdown();
});
