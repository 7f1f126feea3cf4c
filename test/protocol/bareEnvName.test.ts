// REVIEW7 J4 in the editor: `apiKey: PASSWORD_2024` with no such variable set gets two quick fixes,
// neither preferred (read it as a variable's name, or move it to .env as the credential), source.fixAll
// changes nothing, and the string is in no message, title or diagnostic data. With the variable set
// in the workspace's .env, the rewrite is the preferred fix and source.fixAll applies it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const PASSWORD = ['PASS', 'WORD'].join('') + '_' + String(2000 + 24);
const TEXT = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: ${PASSWORD}\n`;
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function open(dotenv: string): Promise<{ d: Diagnostic; actions: CodeAction[]; fixAll: CodeAction[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'ac-bare-'));
  dirs.push(dir);
  writeFileSync(join(dir, '.env'), dotenv);
  const c = new TestClient(undefined, { rootUri: pathToFileURL(dir).href, env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(join(dir, 'x.assistant.yaml')).href;
  writeFileSync(join(dir, 'x.assistant.yaml'), TEXT);
  await c.open(uri, TEXT);
  const diags = await c.waitForDiagnostics(uri);
  const d = diags.diagnostics.find((x) => x.code === 'invalid-type');
  assert.ok(d, JSON.stringify(diags.diagnostics));
  const ask = (only?: string[]) =>
    c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d], ...(only ? { only } : {}) },
    });
  return { d, actions: await ask(), fixAll: await ask(['source.fixAll']) };
}

test('REVIEW7 J4: a bare password-like apiKey, no such variable: two fixes, none preferred, no fix-all, never shown', async () => {
  const { d, actions, fixAll } = await open('OTHER=1\n');
  const quick = actions.filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore '));
  assert.deepEqual(
    quick.map((a) => a.title.replace(/ \(.*$/, '')),
    [
      "Read 'apiKey' from a variable of the name written here",
      'If it is the credential itself: move the secret to .env as VENDOR_A_API_KEY',
    ],
  );
  assert.ok(quick.every((a) => a.isPreferred !== true));
  assert.deepEqual(fixAll, []);
  assert.ok(!JSON.stringify({ d, titles: actions.map((a) => a.title) }).includes(PASSWORD));
});

test('REVIEW7 J4: the same name set in the workspace .env: the rewrite is preferred and source.fixAll applies it', async () => {
  const { actions, fixAll } = await open(`${PASSWORD}=x\n`);
  const quick = actions.filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore '));
  assert.equal(quick.length, 1);
  assert.equal(quick[0]!.isPreferred, true);
  assert.equal(fixAll.length, 1);
  const edits = Object.values(fixAll[0]!.edit!.changes!)[0]!;
  assert.ok(
    edits.some((e) => e.newText.includes(`{ valueFromEnv: ${PASSWORD} }`)),
    JSON.stringify(edits),
  );
});
