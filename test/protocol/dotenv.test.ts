// The secret-moving fix over the protocol: the server reads the workspace folder's .env (never
// keeping values), asks git whether it is ignored, and answers with one workspace edit that creates
// or appends to .env and rewrites the document; a variable read from a .env that git does not
// ignore is flagged. A client that cannot create files gets no fix that would need to.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, CreateFile, TextDocumentEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { gitIgnoresDotenv } from '../../server/src/lsp/env';

const SECRET = 'sk-live-0123456789abcdef';
const TEXT = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${SECRET}\n`;
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** These tests ask git whether .env is ignored: without git they fail and say so (CI has git). */
function needGit(): void {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
  } catch (e) {
    assert.fail(`git is needed by this test and is not on the PATH (${e instanceof Error ? e.message : String(e)})`);
  }
}

function workspace(git: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-dotenv-'));
  dirs.push(dir);
  if (git) execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

async function actionsFor(
  dir: string,
  text: string,
  createFiles: boolean,
): Promise<{ c: TestClient; uri: string; actions: CodeAction[] }> {
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(dir).href,
    createFiles,
    env: { ...process.env, VENDOR_A_API_KEY: undefined },
  });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(join(dir, 'x.assistant.yaml')).href;
  writeFileSync(join(dir, 'x.assistant.yaml'), text);
  await c.open(uri, text);
  const diags = await c.waitForDiagnostics(uri);
  const d = diags.diagnostics.find((x) => x.code === 'literal-secret');
  assert.ok(d, JSON.stringify(diags.diagnostics));
  return {
    c,
    uri,
    actions: await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    }),
  };
}

test('git tells whether .env is ignored; outside a git work tree it is unknown', () => {
  needGit();
  const dir = workspace(true);
  assert.equal(gitIgnoresDotenv(dir), false);
  writeFileSync(join(dir, '.gitignore'), '.env\n');
  assert.equal(gitIgnoresDotenv(dir), true);
  assert.equal(gitIgnoresDotenv(workspace(false)), undefined);
});

test('a missing .env is created by the one workspace edit that rewrites the document', async () => {
  needGit();
  const dir = workspace(true);
  const { uri, actions } = await actionsFor(dir, TEXT, true);
  // The plain move (the preferred one also creates .gitignore: moveSecretGitignore.test.ts).
  const move = actions.find((a) => a.title.startsWith('Move the secret') && !a.title.includes('.gitignore'));
  assert.ok(move, actions.map((a) => a.title).join(' | '));
  assert.ok(!move.title.includes(SECRET));
  assert.match(move.title, /git does not ignore \.env/);
  const changes = move.edit!.documentChanges!;
  const envUri = pathToFileURL(join(dir, '.env')).href;
  assert.deepEqual(changes[0], { kind: 'create', uri: envUri, options: { ignoreIfExists: true } } satisfies CreateFile);
  const envEdit = changes[1] as TextDocumentEdit;
  assert.equal(envEdit.textDocument.uri, envUri);
  assert.equal(envEdit.edits[0]!.newText, `VENDOR_A_API_KEY=${SECRET}\n`);
  const docEdit = changes[2] as TextDocumentEdit;
  assert.equal(docEdit.textDocument.uri, uri);
  assert.ok(docEdit.edits.some((e) => e.newText === 'VENDOR_A_API_KEY'));
});

test('an existing .env is appended to; a client that cannot create files still gets that', async () => {
  const dir = workspace(false);
  writeFileSync(join(dir, '.env'), 'OTHER=1');
  const { uri, actions } = await actionsFor(dir, TEXT, false);
  const move = actions.find((a) => a.title.startsWith('Move the secret to .env as VENDOR_A_API_KEY'));
  assert.ok(move, actions.map((a) => a.title).join(' | '));
  const envUri = pathToFileURL(join(dir, '.env')).href;
  assert.deepEqual(move.edit!.changes![envUri], [
    {
      range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } },
      newText: `\nVENDOR_A_API_KEY=${SECRET}\n`,
    },
  ]);
  assert.ok(move.edit!.changes![uri]!.length > 0);
  const none = await actionsFor(workspace(false), TEXT, false);
  assert.deepEqual(
    none.actions.filter((a) => a.title.includes('.env')),
    [],
    'no .env to append to and no way to create one',
  );
});

test('a variable read from a .env that git does not ignore is flagged', async () => {
  needGit();
  const dir = workspace(true);
  writeFileSync(join(dir, '.env'), `VENDOR_A_API_KEY=${SECRET}\n`);
  const text = TEXT.replace(`value: ${SECRET}`, 'valueFromEnv: VENDOR_A_API_KEY');
  const c = new TestClient(undefined, { rootUri: pathToFileURL(dir).href });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(join(dir, 'y.assistant.yaml')).href;
  await c.open(uri, text);
  const diags = await c.waitForDiagnostics(uri);
  assert.deepEqual(
    diags.diagnostics.map((d) => d.code),
    ['dotenv-not-ignored'],
  );
  assert.ok(!JSON.stringify(diags).includes(SECRET));
});

test('REVIEW7 J8: over the protocol, a .env that git tracks is said in the title and the move is not preferred', async () => {
  needGit();
  const dir = workspace(true);
  writeFileSync(join(dir, '.env'), 'OTHER=1\n');
  execFileSync('git', ['add', '.env'], { cwd: dir });
  const { actions } = await actionsFor(dir, TEXT, true);
  const move = actions.find((a) => a.title.startsWith('Move the secret'));
  assert.ok(move, actions.map((a) => a.title).join(' | '));
  assert.ok(!move.title.includes(SECRET));
  assert.match(move.title, /git tracks \.env/);
  assert.notEqual(move.isPreferred, true);
});
