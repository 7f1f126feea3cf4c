// REVIEW5 H14a/f in the editor: a `.assistant-config.yml` where the project config is looked for is
// told once (a warning and the log), not ignored; duplicate keys in `.assistant-config.yaml` are
// told as its other mistakes are.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';

const TEXT = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  maxAssistantActions: 0\n';
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function openIn(files: Record<string, string>): Promise<{ c: TestClient; codes: unknown[]; root: string }> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-cfg-notice-')));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const c = new TestClient(undefined, { rootUri: pathToFileURL(root).href, env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  await c.initialize();
  const path = join(root, 'a.assistant.yaml');
  writeFileSync(path, TEXT);
  const uri = pathToFileURL(path).href;
  await c.open(uri, TEXT);
  const d = await c.waitForDiagnostics(uri);
  // Reopened: told once only.
  await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  await c.open(uri, TEXT + '# again\n', 'assistantconfig', 2);
  await c.waitForDiagnostics(uri, (p) => p.version === 2 || c.diagnostics.get(uri)!.length > 1);
  return { c, codes: d.diagnostics.map((x) => x.code), root };
}

test('a .assistant-config.yml is not read; the editor says so once, naming the file name that is read', async () => {
  const { c, codes, root } = await openIn({ '.assistant-config.yml': 'rules:\n  non-positive-limit: off\n' });
  assert.deepEqual(codes, ['non-positive-limit']);
  const told = c.messages.filter((m) => m.message.includes('not read'));
  assert.deepEqual(told, [
    {
      type: 2,
      message: `found ${join(root, '.assistant-config.yml')}, which is not read: the project config file is named .assistant-config.yaml (rename it to apply its settings)`,
    },
  ]);
});

test('duplicate keys in .assistant-config.yaml: a warning naming the key and both lines', async () => {
  const { c, root } = await openIn({
    '.assistant-config.yaml': 'rules:\n  non-positive-limit: warning\n  non-positive-limit: off\n',
  });
  const told = c.messages.filter((m) => m.message.includes('duplicate key'));
  assert.equal(told.length, 1, JSON.stringify(c.messages));
  assert.equal(told[0]!.type, 2);
  assert.match(
    told[0]!.message,
    new RegExp(
      `^${join(root, '.assistant-config.yaml').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: line 3: duplicate key 'non-positive-limit' in rules \\(first on line 2\\); write it once\\. Its valid entries are applied here; 'assistant-config lint' refuses the file \\(exit 2\\)`,
    ),
  );
});
