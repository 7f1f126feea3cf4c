// REVIEW5 H24: the fix that moves a secret to a new `.env` never creates `/.env`, `~/.env` or a `.env`
// above the document's project, whatever root the editor sends (Neovim falls back to the current
// directory: `/` or `$HOME`). Outside git: beside the document, or at the top of the workspace folder
// when that folder holds the document and is neither `/` nor the home directory. In git: at most at
// the repository's top. Fake credentials only; the fix's edits are inspected, not applied.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { fakeSecret } from '../helpers';

const SECRET = fakeSecret('sk-' + 'proj-', 20, 0x3d01);
const TEXT = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {value: ${SECRET}}\n`;
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A fresh directory (no git, no `.env` in it), standing for the home directory in some cases. */
function scratch(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'ac-where-')));
  dirs.push(d);
  return d;
}

/** Where the move fix would create the `.env` for a document, with this root and home. */
async function createdAt(rootUri: string, home: string, doc: string): Promise<string | undefined> {
  const c = new TestClient(undefined, {
    rootUri,
    createFiles: true,
    env: { PATH: process.env.PATH ?? '', HOME: home },
  });
  clients.push(c);
  await c.initialize();
  mkdirSync(join(doc, '..'), { recursive: true });
  writeFileSync(doc, TEXT);
  const uri = pathToFileURL(doc).href;
  await c.open(uri, TEXT);
  const diags: Diagnostic[] = (await c.waitForDiagnostics(uri)).diagnostics;
  const d = diags.find((x) => x.code === 'literal-secret');
  assert.ok(d, JSON.stringify(diags));
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d] },
  });
  const move = actions.find((a) => a.title.startsWith('Move the secret'));
  assert.ok(move, actions.map((a) => a.title).join(' | '));
  const create = move.edit?.documentChanges?.find((ch) => 'kind' in ch && ch.kind === 'create');
  await c.shutdown();
  return create && 'uri' in create ? create.uri : undefined;
}

const url = (p: string): string => pathToFileURL(p).href;

test('outside git, with the filesystem root as the workspace: beside the document, never /.env', async () => {
  const base = scratch();
  const doc = join(base, 'nowhere/deep/er/x.assistant.yaml');
  assert.equal(await createdAt('file:///', scratch(), doc), url(join(base, 'nowhere/deep/er/.env')));
});

test('outside git, with the home directory as the workspace: beside the document, never ~/.env', async () => {
  const home = scratch();
  const doc = join(home, 'projects/p/x.assistant.yaml');
  assert.equal(await createdAt(url(home), home, doc), url(join(home, 'projects/p/.env')));
});

test('outside git, a project folder that holds the document: its top, as before', async () => {
  const folder = scratch();
  const doc = join(folder, 'configs/x.assistant.yaml');
  assert.equal(await createdAt(url(folder), scratch(), doc), url(join(folder, '.env')));
});

test("in git, a workspace folder above the repository: the repository's top, not the folder", async () => {
  const folder = scratch();
  const repo = join(folder, 'repo');
  mkdirSync(repo);
  execFileSync('git', ['init', '-q'], { cwd: repo, env: { PATH: process.env.PATH ?? '' } });
  const doc = join(repo, 'services/a/x.assistant.yaml');
  assert.equal(await createdAt(url(folder), scratch(), doc), url(join(repo, '.env')));
  // The folder opened within the repository: that folder's top, as before.
  const inner = join(repo, 'services');
  assert.equal(await createdAt(url(inner), scratch(), doc), url(join(inner, '.env')));
});
