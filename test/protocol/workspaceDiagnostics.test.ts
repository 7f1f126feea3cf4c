// Workspace diagnostics through the bundled server: files that are not open are checked from disk
// (found as the CLI finds them: by name or by `kind`, minus node_modules, .gitignore'd and excluded
// paths), open files are reported from their open text, nothing is reported with the setting off,
// and the caps (files, file size, time per request) hold.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, realpathSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { WorkspaceDiagnosticRequest, CancellationTokenSource, LSPErrorCodes } from 'vscode-languageserver-protocol';
import type {
  WorkspaceDiagnosticReport,
  WorkspaceDocumentDiagnosticReport,
  WorkspaceDiagnosticReportPartialResult,
  InitializeResult,
} from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const GOOD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
const BAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: not_a_provider\n';

/** A workspace as users have them: configs by name and by content, and files that must not be checked. */
function workspace(): { dir: string; uri: (rel: string) => string } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-wsdiag-')));
  const files: Record<string, string> = {
    '.assistant-config.yaml': 'exclude:\n  - legacy/**\n',
    '.gitignore': 'build/\n',
    'team/broken.assistant.yaml': BAD,
    'team/good.assistant.yaml': GOOD,
    // Recognised by content, as the editor recognises it.
    'configs/sniffed.yaml': '# no telling name\n' + BAD,
    'configs/plain.yaml': 'name: not an assistant config\nprovider: not_a_provider\n',
    'opened.assistant.yaml': BAD,
    'legacy/old.assistant.yaml': BAD,
    'node_modules/pkg/dep.assistant.yaml': BAD,
    'build/out.assistant.yaml': BAD,
    // Over the size cap set below (limits.maxFileSize 2048): never read.
    'big.assistant.yaml': BAD + '# ' + 'x'.repeat(4096) + '\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { dir, uri: (rel) => pathToFileURL(join(dir, rel)).href };
}

function settings(ws: Record<string, unknown>): Record<string, unknown> {
  return { workspaceDiagnostics: ws, limits: { maxFileSize: 2048 }, diagnostics: { envNotSet: false } };
}

async function start(dir: string, s: Record<string, unknown>): Promise<{ c: TestClient; init: InitializeResult }> {
  const c = new TestClient(undefined, {
    pull: true,
    initializationOptions: { settings: s },
    rootUri: pathToFileURL(dir).href,
  });
  clients.push(c);
  const init = await c.initialize();
  return { c, init };
}

/**
 * A client that answers `workspace/configuration` with `current()` (so a test can change settings),
 * started and initialised; the settings the server asks for after `initialized` are in force when
 * this returns, before the first walk.
 */
async function startConfigurable(dir: string, current: () => Record<string, unknown>): Promise<TestClient> {
  const c = new TestClient(undefined, {
    pull: true,
    configuration: true,
    settings: current,
    initializationOptions: { settings: current() },
    rootUri: pathToFileURL(dir).href,
  });
  clients.push(c);
  await c.initialize();
  while (c.configurationRequests === 0) await new Promise((r) => setTimeout(r, 10));
  return c;
}

let tokens = 0;
/** One `workspace/diagnostic` request; partial results and the final answer together. */
async function pull(
  c: TestClient,
  previous: ReadonlyMap<string, string> = new Map(),
): Promise<WorkspaceDocumentDiagnosticReport[]> {
  const token = `ws-${++tokens}`;
  const parts: WorkspaceDocumentDiagnosticReport[] = [];
  const sub = c.conn.onProgress(
    WorkspaceDiagnosticRequest.partialResult,
    token,
    (p: WorkspaceDiagnosticReportPartialResult) => parts.push(...p.items),
  );
  const r = await c.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
    previousResultIds: [...previous].map(([uri, value]) => ({ uri, value })),
    partialResultToken: token,
  });
  sub.dispose();
  return [...parts, ...r.items];
}

const byUri = (items: WorkspaceDocumentDiagnosticReport[]) => new Map(items.map((i) => [i.uri, i]));
const resultIds = (items: WorkspaceDocumentDiagnosticReport[], into = new Map<string, string>()) => {
  for (const i of items) if (i.resultId !== undefined) into.set(i.uri, i.resultId);
  return into;
};
const codes = (r: WorkspaceDocumentDiagnosticReport | undefined): string[] =>
  r && r.kind === 'full' ? r.items.map((d) => String(d.code)) : [];

test('workspace diagnostics: closed files with errors are reported, excluded and ignored ones are not, open ones from their text', async () => {
  const ws = workspace();
  const { c, init } = await start(ws.dir, settings({ enabled: true }));
  assert.deepEqual(init.capabilities.diagnosticProvider, { interFileDependencies: false, workspaceDiagnostics: true });
  // The open version has no error, the disk version has one: the open one is reported.
  await c.open(ws.uri('opened.assistant.yaml'), GOOD, 'assistantconfig', 7);
  const items = await pull(c);
  const got = byUri(items);
  assert.deepEqual([...got.keys()].sort(), [
    ws.uri('configs/sniffed.yaml'),
    ws.uri('opened.assistant.yaml'),
    ws.uri('team/broken.assistant.yaml'),
    ws.uri('team/good.assistant.yaml'),
  ]);
  assert.ok(codes(got.get(ws.uri('team/broken.assistant.yaml'))).length > 0, 'the broken file has diagnostics');
  assert.ok(codes(got.get(ws.uri('configs/sniffed.yaml'))).length > 0, 'the file recognised by content is checked');
  assert.deepEqual(codes(got.get(ws.uri('team/good.assistant.yaml'))), []);
  const opened = got.get(ws.uri('opened.assistant.yaml'))!;
  assert.equal(opened.version, 7);
  assert.deepEqual(codes(opened), []);
  // The same diagnostics as the file gets when it is opened.
  const brokenUri = ws.uri('team/broken.assistant.yaml');
  await c.open(brokenUri, BAD);
  const asOpened = await c.request<{ items: { code: string }[] }>('textDocument/diagnostic', {
    textDocument: { uri: brokenUri },
  });
  assert.deepEqual(
    codes(got.get(brokenUri)),
    asOpened.items.map((d) => String(d.code)),
  );
  await c.shutdown();
});

test('workspace diagnostics: unchanged files answer unchanged; a held request wakes on a file change; off clears', async () => {
  const ws = workspace();
  let current = settings({ enabled: true });
  const c = await startConfigurable(ws.dir, () => current);
  await c.request('textDocument/hover', {
    textDocument: { uri: ws.uri('none.yaml') },
    position: { line: 0, character: 0 },
  });
  const first = await pull(c);
  assert.ok(first.every((i) => i.kind === 'full' && i.resultId !== undefined));
  const ids = resultIds(first);
  // The client holds every result: the request waits until something changes on disk.
  const held = pull(c, ids);
  writeFileSync(join(ws.dir, 'team/good.assistant.yaml'), BAD + '# now broken\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: ws.uri('team/good.assistant.yaml'), type: 2 }],
  });
  const second = byUri(await held);
  assert.equal(second.get(ws.uri('team/good.assistant.yaml'))?.kind, 'full');
  assert.ok(codes(second.get(ws.uri('team/good.assistant.yaml'))).length > 0);
  assert.equal(second.get(ws.uri('team/broken.assistant.yaml'))?.kind, 'unchanged');
  assert.equal(second.get(ws.uri('configs/sniffed.yaml'))?.kind, 'unchanged');
  resultIds([...second.values()], ids);
  // Turned off: every file the client still shows is cleared, and nothing else is reported.
  const cleared = pull(c, ids);
  current = settings({ enabled: false });
  await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
  const off = await cleared;
  assert.deepEqual(off.map((i) => i.uri).sort(), [...ids.keys()].sort());
  assert.ok(off.every((i) => i.kind === 'full' && i.items.length === 0));
  // A held request that the client cancels is answered as cancelled.
  const source = new CancellationTokenSource();
  const pending = c.conn.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] }, source.token);
  source.cancel();
  await assert.rejects(pending, (e: { code?: number }) => e.code === LSPErrorCodes.RequestCancelled);
  await c.shutdown();
});

test('workspace diagnostics: with detectByContent off, only files named as AssistantConfig files are checked', async () => {
  const ws = workspace();
  let current: Record<string, unknown> = { ...settings({ enabled: true }), detectByContent: false };
  const c = await startConfigurable(ws.dir, () => current);
  const first = await pull(c);
  const uris = first.map((i) => i.uri);
  assert.ok(!uris.includes(ws.uri('configs/sniffed.yaml')), 'a file recognised only by content is not checked');
  assert.ok(uris.includes(ws.uri('team/broken.assistant.yaml')), 'a file named *.assistant.yaml still is');
  // Turned back on: the next walk reports it.
  current = settings({ enabled: true });
  await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
  const again = await pull(c, resultIds(first));
  assert.ok(codes(byUri(again).get(ws.uri('configs/sniffed.yaml'))).length > 0);
  await c.shutdown();
});

test('workspace diagnostics: off by default, nothing reported', async () => {
  const ws = workspace();
  const { c } = await start(ws.dir, {});
  assert.deepEqual(await pull(c), []);
  await c.shutdown();
});

test('workspace diagnostics: the file cap and the time budget bound each request; the next one goes on', async () => {
  const ws = workspace();
  // The walk stops after 3 files (in path order): big.assistant.yaml (over the size cap, not read),
  // configs/sniffed.yaml and opened.assistant.yaml; team/ is beyond the cap.
  const capped = await start(ws.dir, settings({ enabled: true, maxFiles: 3 }));
  const some = await pull(capped.c);
  assert.deepEqual(
    some.map((i) => i.uri),
    [ws.uri('configs/sniffed.yaml'), ws.uri('opened.assistant.yaml')],
  );
  await capped.c.shutdown();
  // A budget of 0 ms: each request checks one file, and the files checked before answer unchanged.
  const slow = await start(ws.dir, settings({ enabled: true, timeBudgetMs: 0 }));
  const ids = new Map<string, string>();
  const fullOnes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const items = await pull(slow.c, ids);
    const full = items.filter((r) => r.kind === 'full');
    assert.equal(full.length, 1, `request ${i + 1} checks one file`);
    assert.equal(items.length - 1, i, `request ${i + 1} answers unchanged for the ${i} checked before`);
    fullOnes.push(full[0]!.uri);
    resultIds(items, ids);
  }
  assert.deepEqual(fullOnes.sort(), [
    ws.uri('configs/sniffed.yaml'),
    ws.uri('opened.assistant.yaml'),
    ws.uri('team/broken.assistant.yaml'),
    ws.uri('team/good.assistant.yaml'),
  ]);
  await slow.c.shutdown();
});
