// Workspace folders added or removed after start (REVIEW2 E28). Since each document takes its own
// `.env` (found walking up from it), the folder list decides what is left: where the secret-moving
// fix creates a `.env` when none exists yet (the top of the document's folder; no folder, no such
// fix), which `.env` a file without one of its own takes (a file in a folder: the environment only;
// outside every folder: the folders' top `.env` files), where env-not-set links, and which folders
// workspace diagnostics walk. Each is checked after a `workspace/didChangeWorkspaceFolders`, for an
// added folder and for a removed one.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CodeAction,
  Diagnostic,
  WorkspaceDiagnosticReport,
  WorkspaceDocumentDiagnosticReport,
  WorkspaceFolder,
  CreateFile,
  InitializeResult,
} from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const SECRET = 'sk-live-0123456789abcdef';
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n';
const BAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: not_a_provider\n';
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A git repository (so that the walk up for `.env` stops at its top), with these files. */
function repo(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-wf-')));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, rel), text);
  return root;
}

const folder = (dir: string): WorkspaceFolder => ({ uri: pathToFileURL(dir).href, name: basename(dir) });

let initResult: InitializeResult | undefined;

async function start(folders: string[], opts: { pull?: boolean; settings?: unknown } = {}): Promise<TestClient> {
  const c = new TestClient(undefined, {
    workspaceFolders: folders.map(folder),
    createFiles: true,
    env: { PATH: process.env.PATH ?? '' },
    ...(opts.pull ? { pull: true } : {}),
    ...(opts.settings ? { initializationOptions: { settings: opts.settings } } : {}),
  });
  clients.push(c);
  initResult = await c.initialize();
  return c;
}

function changeFolders(c: TestClient, added: string[], removed: string[]): Promise<void> {
  return c.conn.sendNotification('workspace/didChangeWorkspaceFolders', {
    event: { added: added.map(folder), removed: removed.map(folder) },
  });
}

/** The diagnostics a file gets once opened (published after the folder change, which came first). */
async function diagnosticsOf(c: TestClient, path: string, text: string): Promise<Diagnostic[]> {
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  await c.open(uri, text);
  return (await c.waitForDiagnostics(uri)).diagnostics;
}

async function moveFixes(c: TestClient, path: string, d: Diagnostic): Promise<CodeAction[]> {
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: pathToFileURL(path).href },
    range: d.range,
    context: { diagnostics: [d] },
  });
  return actions.filter((a) => a.title.startsWith('Move the secret'));
}

const created = (a: CodeAction): string | undefined =>
  (a.edit?.documentChanges ?? []).find((x): x is CreateFile => 'kind' in x && x.kind === 'create')?.uri;

test("an added folder: its files take their own (absent) .env, not the first folder's, and env-not-set links to its .env", async () => {
  const a = repo({ '.env': 'AVAR=1\n', '.gitignore': '.env\n' });
  const b = repo({ '.gitignore': '.env\n' });
  const c = await start([a]);
  assert.deepEqual(initResult?.capabilities.workspace?.workspaceFolders, {
    supported: true,
    changeNotifications: true,
  });
  await changeFolders(c, [b], []);
  // AVAR is defined only in the first folder's .env, which the file in the added folder does not take.
  const diags = await diagnosticsOf(c, join(b, 'c.assistant.yaml'), `${HEAD}    apiKey: {valueFromEnv: AVAR}\n`);
  assert.deepEqual(
    diags.map((d) => d.code),
    ['env-not-set'],
  );
  assert.equal(diags[0]!.relatedInformation?.[0]?.location.uri, pathToFileURL(join(b, '.env')).href);
  assert.equal(
    diags[0]!.message,
    "Variable 'AVAR' is defined neither in the environment nor in a .env file (none found for this file).",
  );
});

test('an added folder: the secret-moving fix creates the .env at its top; once removed, no such fix', async () => {
  const a = repo({ '.env': 'AVAR=1\n', '.gitignore': '.env\n' });
  const b = repo({ '.gitignore': '.env\n' });
  const c = await start([a]);
  await changeFolders(c, [b], []);
  const path = join(b, 's.assistant.yaml');
  const diags = await diagnosticsOf(c, path, `${HEAD}    apiKey:\n      value: ${SECRET}\n`);
  const d = diags.find((x) => x.code === 'literal-secret');
  assert.ok(d, JSON.stringify(diags.map((x) => x.code)));
  const moves = await moveFixes(c, path, d);
  assert.equal(moves.length, 1, JSON.stringify(moves.map((m) => m.title)));
  assert.equal(created(moves[0]!), pathToFileURL(join(b, '.env')).href);

  await changeFolders(c, [], [b]);
  // Outside every folder, with no .env of its own: nowhere to create one.
  assert.deepEqual(await moveFixes(c, path, d), []);
});

test('workspace diagnostics walk an added folder and stop listing a removed one', async () => {
  const a = repo({ 'a.assistant.yaml': BAD });
  const b = repo({ 'b.assistant.yaml': BAD });
  const c = await start([a], { pull: true, settings: { workspaceDiagnostics: { enabled: true } } });
  const pull = async (previous: ReadonlyMap<string, string>): Promise<WorkspaceDocumentDiagnosticReport[]> =>
    (
      await c.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
        previousResultIds: [...previous].map(([uri, value]) => ({ uri, value })),
      })
    ).items;
  const withItems = (items: WorkspaceDocumentDiagnosticReport[]): string[] =>
    items
      .filter((i) => i.kind === 'full' && i.items.length > 0)
      .map((i) => i.uri)
      .sort();
  const ids = (items: WorkspaceDocumentDiagnosticReport[]): Map<string, string> =>
    new Map(items.flatMap((i) => (i.resultId !== undefined ? [[i.uri, i.resultId] as const] : [])));
  const aUri = pathToFileURL(join(a, 'a.assistant.yaml')).href;
  const bUri = pathToFileURL(join(b, 'b.assistant.yaml')).href;

  const first = await pull(new Map());
  assert.deepEqual(withItems(first), [aUri]);

  await changeFolders(c, [b], []);
  const second = await pull(ids(first));
  // Both folders' files (the folder change made every result new).
  assert.deepEqual(withItems(second), [aUri, bUri].sort());

  await changeFolders(c, [], [a]);
  const third = await pull(new Map([...ids(first), ...ids(second)]));
  // The removed folder's file is cleared (an empty full report), the other one still reported.
  const aReport = third.find((i) => i.uri === aUri);
  assert.ok(aReport && aReport.kind === 'full' && aReport.items.length === 0, JSON.stringify(aReport));
  assert.deepEqual(withItems(third), [bUri]);
});
