// REVIEW8 K15: in a git repository whose git does not ignore `.env`, the preferred "Move the secret
// to .env" fix also appends `.env` to the repository's `.gitignore` (created when missing), in the
// same workspace edit, and its title says so; the plain move stays offered, not preferred. The
// edits are applied to the files as a client applies them, then git is asked: the `.env` holding the
// key is ignored, and every line `.gitignore` had is still there as it was (no final line break,
// CR LF). Real temporary git repositories; a fake key made at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { fakeApiKey } from '../helpers';

const KEY = fakeApiKey(15);
const TEXT = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {value: ${KEY}}\n`;
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const gitEnv = { PATH: process.env.PATH ?? '', HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1' };

function repository(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-gitignore-')));
  dirs.push(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir, env: gitEnv });
  return dir;
}

/** Whether git ignores `path` (relative to `repo`). */
function ignored(repo: string, path: string): boolean {
  return spawnSync('git', ['check-ignore', '-q', path], { cwd: repo, env: gitEnv }).status === 0;
}

/** The literal-secret fixes for `doc` (written with TEXT), over the protocol. */
async function moveActions(root: string, doc: string, createFiles = true): Promise<CodeAction[]> {
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(root).href,
    createFiles,
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
  });
  clients.push(c);
  await c.initialize();
  mkdirSync(join(doc, '..'), { recursive: true });
  writeFileSync(doc, TEXT);
  const uri = pathToFileURL(doc).href;
  await c.open(uri, TEXT);
  const d = (await c.waitForDiagnostics(uri)).diagnostics.find((x) => x.code === 'literal-secret');
  assert.ok(d);
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d] },
  });
  await c.shutdown();
  for (const a of actions) assert.ok(!a.title.includes(KEY.slice(3, 12)), a.title);
  return actions.filter((a) => a.title.startsWith('Move the secret'));
}

/** Applies a workspace edit to the files, as a client does (creations, then each file's edits). */
function apply(edit: WorkspaceEdit): void {
  const edits: [string, TextEdit[]][] = edit.documentChanges
    ? edit.documentChanges.flatMap((ch): [string, TextEdit[]][] => {
        if ('kind' in ch) {
          assert.equal(ch.kind, 'create');
          const path = fileURLToPath(ch.uri);
          if (!existsSync(path)) writeFileSync(path, '');
          return [];
        }
        return [[ch.textDocument.uri, ch.edits as TextEdit[]]];
      })
    : Object.entries(edit.changes ?? {});
  for (const [uri, list] of edits) {
    const path = fileURLToPath(uri);
    const before = readFileSync(path, 'utf8');
    writeFileSync(path, TextDocument.applyEdits(TextDocument.create(uri, 'text', 0, before), list));
  }
}

test('no .gitignore: the preferred move creates .env and a .gitignore naming it; git then ignores the key', async () => {
  const repo = repository();
  const actions = await moveActions(repo, join(repo, 'x.assistant.yaml'));
  assert.equal(actions.length, 2, actions.map((a) => a.title).join(' | '));
  const [withIgnore, plain] = actions as [CodeAction, CodeAction];
  assert.equal(
    withIgnore.title,
    "Move the secret to a new .env file (.env) as VENDOR_A_API_KEY ('valueFromEnv: VENDOR_A_API_KEY') and add '.env' to .gitignore (git does not ignore .env yet)",
  );
  assert.equal(withIgnore.isPreferred, true);
  assert.match(plain.title, /\(note: git does not ignore \.env\)$/);
  assert.notEqual(plain.isPreferred, true);
  assert.ok(!JSON.stringify(plain.edit).includes('.gitignore'), 'the plain move touches no .gitignore');

  apply(withIgnore.edit!);
  assert.equal(readFileSync(join(repo, '.gitignore'), 'utf8'), '.env\n');
  assert.equal(readFileSync(join(repo, '.env'), 'utf8'), `VENDOR_A_API_KEY=${KEY}\n`);
  assert.match(readFileSync(join(repo, 'x.assistant.yaml'), 'utf8'), /apiKey: \{valueFromEnv: VENDOR_A_API_KEY\}/);
  assert.ok(ignored(repo, '.env'), 'git ignores the .env holding the key');
  // `git add .` now stages the config and .gitignore, never the key.
  execFileSync('git', ['add', '.'], { cwd: repo, env: gitEnv });
  const staged = execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: repo, env: gitEnv, encoding: 'utf8' });
  assert.deepEqual(staged.trim().split('\n').sort(), ['.gitignore', 'x.assistant.yaml']);
});

test('an existing .gitignore keeps every line: no final line break, CR LF, a negated .env', async () => {
  const cases: [string, string][] = [
    ['node_modules/\n# build output\ndist', 'node_modules/\n# build output\ndist\n.env\n'],
    ['dist\r\n# comment\r\n*.log\r\n', 'dist\r\n# comment\r\n*.log\r\n.env\r\n'],
    ['dist\r\n*.log', 'dist\r\n*.log\r\n.env\r\n'],
    ['.env\n!.env\n', '.env\n!.env\n.env\n'],
    ['', '.env\n'],
  ];
  for (const [before, after] of cases) {
    const repo = repository();
    writeFileSync(join(repo, '.gitignore'), before);
    writeFileSync(join(repo, '.env'), 'OTHER=1');
    const actions = await moveActions(repo, join(repo, 'x.assistant.yaml'));
    const withIgnore = actions.find((a) => a.title.includes("add '.env' to .gitignore"));
    assert.ok(withIgnore, `${JSON.stringify(before)}: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(withIgnore.isPreferred, true);
    apply(withIgnore.edit!);
    assert.equal(readFileSync(join(repo, '.gitignore'), 'utf8'), after, JSON.stringify(before));
    assert.equal(readFileSync(join(repo, '.env'), 'utf8'), `OTHER=1\nVENDOR_A_API_KEY=${KEY}\n`);
    assert.ok(ignored(repo, '.env'), JSON.stringify(before));
  }
});

test('a client that cannot create files: an existing .gitignore is appended to; none, and only the plain move', async () => {
  const repo = repository();
  writeFileSync(join(repo, '.env'), 'OTHER=1\n');
  writeFileSync(join(repo, '.gitignore'), 'dist\n');
  const both = await moveActions(repo, join(repo, 'x.assistant.yaml'), false);
  const withIgnore = both.find((a) => a.title.includes('.gitignore'))!;
  assert.ok(withIgnore && withIgnore.edit?.changes, both.map((a) => a.title).join(' | '));
  assert.deepEqual(Object.keys(withIgnore.edit.changes).sort(), [
    pathToFileURL(join(repo, '.env')).href,
    pathToFileURL(join(repo, '.gitignore')).href,
    pathToFileURL(join(repo, 'x.assistant.yaml')).href,
  ]);
  apply(withIgnore.edit);
  assert.equal(readFileSync(join(repo, '.gitignore'), 'utf8'), 'dist\n.env\n');
  assert.ok(ignored(repo, '.env'));

  const bare = repository();
  writeFileSync(join(bare, '.env'), 'OTHER=1\n');
  const plainOnly = await moveActions(bare, join(bare, 'x.assistant.yaml'), false);
  assert.deepEqual(
    plainOnly.map((a) => [a.title.endsWith('(note: git does not ignore .env)'), a.isPreferred === true]),
    [[true, true]],
  );
});

test('no .gitignore variant when git already ignores .env, tracks it, or its .gitignore already says .env', async () => {
  const ignoring = repository();
  writeFileSync(join(ignoring, '.gitignore'), '.env\n');
  const one = await moveActions(ignoring, join(ignoring, 'x.assistant.yaml'));
  assert.deepEqual(
    one.map((a) => [a.title.includes('.gitignore') || a.title.includes('git does not'), a.isPreferred === true]),
    [[false, true]],
  );

  const tracking = repository();
  writeFileSync(join(tracking, '.env'), 'OTHER=1\n');
  execFileSync('git', ['add', '.env'], { cwd: tracking, env: gitEnv });
  const tracked = await moveActions(tracking, join(tracking, 'x.assistant.yaml'));
  assert.equal(tracked.length, 1);
  assert.match(tracked[0]!.title, /git tracks \.env/);
  assert.ok(!JSON.stringify(tracked[0]!.edit).includes('.gitignore'));

  // The top .gitignore says `.env`, a nested one takes it back: one more line at the top would
  // change nothing, so only the plain move with its note.
  const nested = repository();
  writeFileSync(join(nested, '.gitignore'), '.env\n');
  mkdirSync(join(nested, 'packages/api'), { recursive: true });
  writeFileSync(join(nested, 'packages/api/.gitignore'), '!.env\n');
  writeFileSync(join(nested, 'packages/api/.env'), 'OTHER=1\n');
  assert.ok(!ignored(nested, 'packages/api/.env'));
  const kept = await moveActions(nested, join(nested, 'packages/api/x.assistant.yaml'));
  assert.equal(kept.length, 1, kept.map((a) => a.title).join(' | '));
  assert.match(kept[0]!.title, /note: git does not ignore \.env\)$/);
});

test("a .env below the repository's top: the top .gitignore, named from the document", async () => {
  const repo = repository();
  writeFileSync(join(repo, '.gitignore'), 'dist/\n');
  mkdirSync(join(repo, 'packages/api'), { recursive: true });
  writeFileSync(join(repo, 'packages/api/.env'), 'OTHER=1\n');
  const actions = await moveActions(repo, join(repo, 'packages/api/x.assistant.yaml'));
  const withIgnore = actions.find((a) => a.isPreferred === true)!;
  assert.match(withIgnore.title, /and add '\.env' to \.\.\/\.\.\/\.gitignore \(git does not ignore \.env yet\)$/);
  apply(withIgnore.edit!);
  assert.equal(readFileSync(join(repo, '.gitignore'), 'utf8'), 'dist/\n.env\n');
  assert.ok(ignored(repo, 'packages/api/.env'));
});
