// A credential in a shell-style default, `value: "${OPENAI_KEY:-…}"`, in the editor (the bundled
// server over stdio): literal-secret beside value-not-expanded, no piece of the key in diagnostics,
// hover, outline or code action titles, and the preferred fix is one workspace edit that creates .env
// with OPENAI_KEY=<the default> and writes `valueFromEnv: OPENAI_KEY`. Fake keys made at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, TextDocumentEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { madeUpPasswords } from '../helpers';
import { leakedRuns } from '../cli/helpers';

const [KEY] = madeUpPasswords(2801, 1) as [string];
const TEXT = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    # local fallback: ${KEY}\n    apiKey:\n      value: "\${OPENAI_KEY:-${KEY}}"  # from docker-compose.yml\n`;
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

test('the editor reports, masks and moves the default of ${OPENAI_KEY:-…} as a literal key', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-shell-default-lsp-'));
  dirs.push(dir);
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(dir).href,
    createFiles: true,
    env: { ...process.env, OPENAI_KEY: undefined },
  });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(join(dir, 'x.assistant.yaml')).href;
  writeFileSync(join(dir, 'x.assistant.yaml'), TEXT);
  await c.open(uri, TEXT);
  const diags = (await c.waitForDiagnostics(uri)).diagnostics;
  assert.deepEqual(
    diags.map((d) => d.code),
    ['value-not-expanded', 'literal-secret'],
  );
  const d = diags.find((x) => x.code === 'literal-secret')!;
  const hover = await c.request<unknown>('textDocument/hover', {
    textDocument: { uri },
    position: { line: 7, character: 20 },
  });
  const symbols = await c.request<unknown>('textDocument/documentSymbol', { textDocument: { uri } });
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: d.range,
    context: { diagnostics: [d] },
  });
  const shown = JSON.stringify({ diags, hover, symbols, titles: actions.map((a) => a.title) });
  assert.deepEqual(leakedRuns(shown, [KEY], 6), [], shown);
  const move = actions.find((a) => a.isPreferred);
  assert.ok(move, actions.map((a) => a.title).join(' | '));
  assert.match(
    move.title,
    /^Move the default \(the credential\) to a new \.env file.* as OPENAI_KEY \('valueFromEnv: OPENAI_KEY'\)/,
  );
  const changes = move.edit!.documentChanges!;
  const envUri = pathToFileURL(join(dir, '.env')).href;
  assert.deepEqual(changes[0], { kind: 'create', uri: envUri, options: { ignoreIfExists: true } });
  assert.equal((changes[1] as TextDocumentEdit).edits[0]!.newText, `OPENAI_KEY=${KEY}\n`);
  const docEdit = changes[2] as TextDocumentEdit;
  assert.equal(docEdit.textDocument.uri, uri);
  assert.deepEqual(
    docEdit.edits.map((e) => e.newText),
    ['valueFromEnv', 'OPENAI_KEY'],
  );
  await c.shutdown();
});

test('beside valueFromEnv: NAME, the preferred fixes store the default (not the ${…} around it) in .env as NAME', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-shell-default-lsp-'));
  dirs.push(dir);
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(dir).href,
    createFiles: true,
    env: { ...process.env, OPENAI_KEY: undefined, VENDOR_A_API_KEY: undefined },
  });
  clients.push(c);
  await c.initialize();
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: "\${OPENAI_KEY:-${KEY}}"\n      valueFromEnv: VENDOR_A_API_KEY\n`;
  const uri = pathToFileURL(join(dir, 'y.assistant.yaml')).href;
  writeFileSync(join(dir, 'y.assistant.yaml'), text);
  await c.open(uri, text);
  const diags = (await c.waitForDiagnostics(uri)).diagnostics;
  for (const code of ['literal-secret', 'env-value-conflict']) {
    const d = diags.find((x) => x.code === code);
    assert.ok(d, diags.map((x) => x.code).join(', '));
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const shown = JSON.stringify({ diags, titles: actions.map((a) => a.title) });
    assert.deepEqual(leakedRuns(shown, [KEY], 6), [], shown);
    const move = actions.find((a) => a.isPreferred);
    assert.ok(move, actions.map((a) => a.title).join(' | '));
    assert.match(move.title, /the default \(the credential\) of the literal 'value' to .*\.env as VENDOR_A_API_KEY/);
    const changes = move.edit!.documentChanges!;
    assert.equal((changes[1] as TextDocumentEdit).edits[0]!.newText, `VENDOR_A_API_KEY=${KEY}\n`, code);
  }
  await c.shutdown();
});

test('${OPENAI_KEY:-} (an empty default) is a reference in the editor: quoted, not masked, fixed to valueFromEnv', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-shell-default-lsp-'));
  dirs.push(dir);
  const c = new TestClient(undefined, { rootUri: pathToFileURL(dir).href });
  clients.push(c);
  await c.initialize();
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: "\${OPENAI_KEY:-}"\n`;
  const uri = pathToFileURL(join(dir, 'z.assistant.yaml')).href;
  await c.open(uri, text);
  const diags = (await c.waitForDiagnostics(uri)).diagnostics;
  assert.deepEqual(
    diags.map((d) => d.code),
    ['value-not-expanded'],
  );
  assert.match(diags[0]!.message, /the text '\$\{OPENAI_KEY:-\}' as the credential; use 'valueFromEnv: OPENAI_KEY'/);
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diags[0]!.range,
    context: { diagnostics: [diags[0]] },
  });
  const fix = actions.find((a) => a.isPreferred);
  assert.equal(fix?.title, 'Read the variable OPENAI_KEY (valueFromEnv: OPENAI_KEY)');
  await c.shutdown();
});

test('hover on valueFromEnv: "${OPENAI_KEY:-<password>}" does not show the password (masked everywhere else)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-shell-default-lsp-'));
  dirs.push(dir);
  const c = new TestClient(undefined, { rootUri: pathToFileURL(dir).href });
  clients.push(c);
  await c.initialize();
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: "\${OPENAI_KEY:-${KEY}}"\n`;
  const uri = pathToFileURL(join(dir, 'h.assistant.yaml')).href;
  await c.open(uri, text);
  const diags = (await c.waitForDiagnostics(uri)).diagnostics;
  assert.deepEqual(
    diags.map((d) => d.code),
    ['literal-secret'],
  );
  const hovers: unknown[] = [];
  for (const character of [8, 24, 40])
    hovers.push(
      await c.request<unknown>('textDocument/hover', { textDocument: { uri }, position: { line: 6, character } }),
    );
  const shown = JSON.stringify({ diags, hovers });
  assert.match(shown, /This holds a credential \(not shown\)/);
  assert.deepEqual(leakedRuns(shown, [KEY], 6), [], shown);
  await c.shutdown();
});
