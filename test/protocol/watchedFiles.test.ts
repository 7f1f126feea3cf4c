// Editors other than VS Code (Neovim ≥ 0.10, Helix, Zed…) watch only what the server registers
// (REVIEW2 E21): the server asks, in one registration, for the project config, `.env` and
// `.gitignore`, and a change notification for either updates the diagnostics without a restart.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DidChangeWatchedFilesRegistrationOptions } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n';
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function repo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-watch-')));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  writeFileSync(join(root, '.env'), 'OTHER=1\n');
  return root;
}

function start(root: string, watchRegistration: boolean): TestClient {
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(root).href,
    watchRegistration,
    env: { PATH: process.env.PATH ?? '' },
  });
  clients.push(c);
  return c;
}

const globsOf = (r: { registerOptions?: unknown }): string[] =>
  ((r.registerOptions as DidChangeWatchedFilesRegistrationOptions | undefined)?.watchers ?? []).map((w) =>
    typeof w.globPattern === 'string' ? w.globPattern : w.globPattern.pattern,
  );

test('a client with dynamic registration is asked to watch .env, .gitignore, .git/info/exclude and the project config, in one registration', async () => {
  const c = start(repo(), true);
  await c.initialize();
  const r = await c.waitForRegistration((x) => x.method === 'workspace/didChangeWatchedFiles');
  assert.deepEqual(globsOf(r).sort(), [
    '**/.assistant-config.yaml',
    '**/.env',
    '**/.git/info/exclude',
    '**/.gitignore',
  ]);
  // Workspace diagnostics are off by default: no other watcher registration.
  const n = await c.request<unknown>('shutdown', null).then(() => c.registrations.length);
  assert.equal(n, 1, JSON.stringify(c.registrations));
});

test('a .env change, then a .gitignore change, update the diagnostics (env-not-set, then dotenv-not-ignored)', async () => {
  const root = repo();
  const c = start(root, true);
  await c.initialize();
  await c.waitForRegistration((x) => globsOf(x).includes('**/.env'));
  const path = join(root, 'a.assistant.yaml');
  const uri = pathToFileURL(path).href;
  const text = `${HEAD}    apiKey: {valueFromEnv: NEWVAR}\n`;
  writeFileSync(path, text);
  await c.open(uri, text);
  const codes = (p: { diagnostics: { code?: unknown }[] }): unknown[] => p.diagnostics.map((d) => d.code);
  const first = await c.waitForDiagnostics(uri);
  assert.deepEqual(codes(first), ['env-not-set']);

  // The user adds the variable; the editor reports the change as the server asked.
  writeFileSync(join(root, '.env'), 'OTHER=1\nNEWVAR=x\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(root, '.env')).href, type: 2 }],
  });
  // Defined now, in a .env that git does not ignore.
  const second = await c.waitForDiagnostics(uri, (p) => !codes(p).includes('env-not-set'));
  assert.deepEqual(codes(second), ['dotenv-not-ignored']);

  writeFileSync(join(root, '.gitignore'), '.env\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(root, '.gitignore')).href, type: 1 }],
  });
  const third = await c.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
  assert.deepEqual(third.diagnostics, []);
});

test('a change to .git/info/exclude updates the diagnostics as a .gitignore change does (dotenv-not-ignored goes)', async () => {
  // git check-ignore reads the repository's own exclude file too: a .env listed there is ignored.
  const root = repo();
  writeFileSync(join(root, '.env'), 'NEWVAR=x\n');
  const c = start(root, true);
  await c.initialize();
  await c.waitForRegistration((x) => globsOf(x).includes('**/.git/info/exclude'));
  const path = join(root, 'a.assistant.yaml');
  const uri = pathToFileURL(path).href;
  const text = `${HEAD}    apiKey: {valueFromEnv: NEWVAR}\n`;
  writeFileSync(path, text);
  await c.open(uri, text);
  const codes = (p: { diagnostics: { code?: unknown }[] }): unknown[] => p.diagnostics.map((d) => d.code);
  assert.deepEqual(codes(await c.waitForDiagnostics(uri)), ['dotenv-not-ignored']);
  const exclude = join(root, '.git', 'info', 'exclude');
  mkdirSync(dirname(exclude), { recursive: true });
  writeFileSync(exclude, '# local\n.env\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(exclude).href, type: 2 }],
  });
  const after = await c.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
  assert.deepEqual(after.diagnostics, []);
  // And back: the line removed, the .env is exposed again.
  writeFileSync(exclude, '# local\n');
  const published = c.diagnostics.get(uri)!.length;
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(exclude).href, type: 2 }],
  });
  const again = await c.waitForDiagnostics(
    uri,
    (p) => c.diagnostics.get(uri)!.indexOf(p) >= published && codes(p).includes('dotenv-not-ignored'),
  );
  assert.deepEqual(codes(again), ['dotenv-not-ignored']);
});

test('a client without dynamic registration is asked for nothing', async () => {
  const c = start(repo(), false);
  await c.initialize();
  // A request answered after `initialized`: a registration would have been sent before it.
  await c.request('textDocument/hover', {
    textDocument: { uri: 'file:///none.assistant.yaml' },
    position: { line: 0, character: 0 },
  });
  assert.deepEqual(c.registrations, []);
});
