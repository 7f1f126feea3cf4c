// Anchors, aliases and suppressions through the bundled server, as an editor drives them: definition,
// references, highlights, prepare + rename (edits applied, the document validated again), refusals,
// alias hover, the unused-anchor hint and its fix, and suppression comments with their quick fixes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  Location,
  DocumentHighlight,
  WorkspaceEdit,
  Hover,
  CodeAction,
  FullDocumentDiagnosticReport,
  Range,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';
import { ROOT } from '../helpers';

const URI = 'file:///work/team.assistant.yaml';
const TEXT = readFileSync(join(ROOT, 'test/fixtures/editor/team.assistant.yaml'), 'utf8').replace(/\n/g, '\r\n');
const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

async function start(settings: unknown = {}): Promise<TestClient> {
  const c = new TestClient(undefined, {
    pull: true,
    configuration: true,
    settings: () => settings,
    initializationOptions: { settings },
    env: { ...process.env, CLOUD_B_SERVICE_ACCOUNT_KEY_JSON: 'x', VENDOR_A_API_KEY: 'x' },
  });
  clients.push(c);
  await c.initialize();
  return c;
}

const doc0 = TextDocument.create(URI, 'assistantconfig', 1, TEXT);
const pos = (needle: string, delta = 1) => doc0.positionAt(TEXT.indexOf(needle) + delta);
const pull = (c: TestClient) =>
  c.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: URI } });

test('definition, references and highlights of an anchor shared by two LLM blocks (CRLF)', async () => {
  const c = await start();
  await c.open(URI, TEXT);
  const def = await c.request<Location>('textDocument/definition', {
    textDocument: { uri: URI },
    position: pos('*vendorKey', 4),
  });
  assert.deepEqual(def.range, { start: pos('&vendorKey', 0), end: pos('&vendorKey', 10) });
  const none = await c.request<Location | null>('textDocument/definition', {
    textDocument: { uri: URI },
    position: pos('*notAnAlias', 3),
  });
  assert.equal(none, null);
  const refs = await c.request<Location[]>('textDocument/references', {
    textDocument: { uri: URI },
    position: pos('&vendorKey', 2),
    context: { includeDeclaration: true },
  });
  assert.deepEqual(
    refs.map((r) => r.range.start),
    [pos('&vendorKey', 0), pos('*vendorKey', 0)],
  );
  const hl = await c.request<DocumentHighlight[]>('textDocument/documentHighlight', {
    textDocument: { uri: URI },
    position: pos('*vendorKey', 2),
  });
  assert.deepEqual(
    hl.map((h) => h.kind),
    [3, 2],
  );
  const hover = await c.request<Hover>('textDocument/hover', {
    textDocument: { uri: URI },
    position: pos('*vendorKey', 2),
  });
  assert.match(JSON.stringify(hover.contents), /Alias of `&vendorKey`/);
  await c.shutdown();
});

test('rename: prepared on the name, edits applied by the client, the document validated again', async () => {
  const c = await start();
  await c.open(URI, TEXT);
  const before = (await pull(c)).items.map((d) => d.code);
  const prep = await c.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
    textDocument: { uri: URI },
    position: pos('*vendorKey', 3),
  });
  assert.equal(prep.placeholder, 'vendorKey');
  assert.deepEqual(prep.range.start, pos('*vendorKey', 1));
  const edit = await c.request<WorkspaceEdit>('textDocument/rename', {
    textDocument: { uri: URI },
    position: pos('*vendorKey', 3),
    newName: 'teamKey',
  });
  const edits = edit.changes![URI]!;
  assert.equal(edits.length, 2);
  const next = TextDocument.applyEdits(doc0, edits as TextEdit[]);
  assert.ok(next.includes('apiKey: &teamKey\r\n') && next.includes('apiKey: *teamKey   #'));
  await c.change(URI, 2, [{ text: next }]);
  assert.deepEqual(
    (await pull(c)).items.map((d) => d.code),
    before,
  );
  // A taken name and a name YAML cannot carry are refused with a message.
  await assert.rejects(
    c.request('textDocument/rename', {
      textDocument: { uri: URI },
      position: pos('*vendorKey', 3),
      newName: 'secondary',
    }),
    /already taken/,
  );
  await assert.rejects(
    c.request('textDocument/rename', { textDocument: { uri: URI }, position: pos('*vendorKey', 3), newName: 'a b' }),
    /cannot be an anchor name every YAML loader reads/,
  );
  await c.shutdown();
});

test('unused anchor: a hint with a fix that removes the mark', async () => {
  const c = await start();
  await c.open(URI, TEXT);
  const hint = (await pull(c)).items.find((d) => d.code === 'unused-anchor')!;
  assert.equal(hint.severity, 4);
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: hint.range,
    context: { diagnostics: [hint] },
  });
  const fix = actions.find((a) => a.title === "Remove the unused anchor mark '&secondary'")!;
  const next = TextDocument.applyEdits(doc0, fix.edit!.changes![URI]! as TextEdit[]);
  assert.ok(next.includes('    fallback:\r\n      provider: vendor_a'));
  await c.shutdown();
});

test('a misspelt alias in the editor: one diagnostic with the anchor meant, a rename fix, no unused hint (REVIEW3 F9)', async () => {
  const c = await start();
  const text =
    'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm: &main # shared\r\n    provider: hosted\r\n  aiPrimitivesLlm: *mian\r\n';
  await c.open(URI, text);
  const items = (await pull(c)).items;
  assert.deepEqual(
    items.map((x) => `${x.code} ${x.message}`),
    ["unresolved-alias Alias '*mian' has no anchor '&mian' before it. Did you mean '*main'?"],
  );
  assert.equal(items[0]!.relatedInformation?.[0]?.message, "The anchor '&main'.");
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: items[0]!.range,
    context: { diagnostics: items },
  });
  const fix = actions.find((a) => a.title === "Change the alias '*mian' to '*main'")!;
  assert.equal(fix.isPreferred, true);
  const next = TextDocument.applyEdits(
    TextDocument.create(URI, 'assistantconfig', 1, text),
    fix.edit!.changes![URI]! as TextEdit[],
  );
  await c.change(URI, 2, [{ text: next }]);
  assert.deepEqual((await pull(c)).items, []);
  await c.shutdown();
});

test('suppressions in the editor: Ignore fix, silenced diagnostic, unused hint, and the suppress setting', async () => {
  const c = await start();
  const text =
    'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: hosted\r\n  legacyFlag: true\r\n';
  await c.open(URI, text);
  const d = (await pull(c)).items.find((x) => x.code === 'unknown-property')!;
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: d.range,
    context: { diagnostics: [d] },
  });
  const ignore = actions.find((a) => a.title === 'Ignore unknown-property on this line')!;
  const next = TextDocument.applyEdits(
    TextDocument.create(URI, 'assistantconfig', 1, text),
    ignore.edit!.changes![URI]! as TextEdit[],
  );
  await c.change(URI, 2, [{ text: next }]);
  assert.deepEqual((await pull(c)).items, []);
  await c.change(URI, 4, [{ text: next.replace('  legacyFlag: true\r\n', '') }]);
  assert.deepEqual(
    (await pull(c)).items.map((x) => x.code),
    ['unused-suppression'],
  );
  await c.shutdown();
  const json = 'file:///work/p.assistant.json';
  const s = await start({ suppress: ['unknown-property'] });
  await s.open(
    json,
    '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "legacyFlag": true}}',
    'assistantconfig-json',
  );
  const report = await s.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', {
    textDocument: { uri: json },
  });
  assert.deepEqual(report.items, []);
  await s.shutdown();
});
