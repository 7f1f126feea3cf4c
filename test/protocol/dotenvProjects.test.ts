// The editor takes each document's `.env` as the CLI does (lsp/dotenvLookup.ts): in a monorepo opened
// at its root, a package's own `.env` defines its variables, dotenv-not-ignored is judged for that
// `.env`, env-not-set links to it, and the secret-moving fix appends to it (not to a new root .env
// the CLI would not read). The CLI, run on the same files, reports the same codes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { runCli } from '../cli/helpers';

const SECRET = 'sk-live-0123456789abcdef';
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n';
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A git monorepo: `/.env` ignored at the top only; services/a has its own .env, which git does not ignore. */
function monorepo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-mono-')));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  writeFileSync(join(root, '.gitignore'), '/.env\n');
  writeFileSync(join(root, '.env'), 'TOP_ONLY=1\n');
  mkdirSync(join(root, 'services/a'), { recursive: true });
  writeFileSync(join(root, 'services/a/.env'), 'SVCVAR=1\n');
  return root;
}

async function client(root: string): Promise<TestClient> {
  const c = new TestClient(undefined, {
    rootUri: pathToFileURL(root).href,
    createFiles: true,
    env: { PATH: process.env.PATH ?? '' },
  });
  clients.push(c);
  await c.initialize();
  return c;
}

async function diagnosticsOf(c: TestClient, path: string, text: string): Promise<Diagnostic[]> {
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  await c.open(uri, text);
  return (await c.waitForDiagnostics(uri)).diagnostics;
}

test("a package's .env defines its variables in the editor as in the CLI; env-not-set links to it", async () => {
  const root = monorepo();
  const c = await client(root);
  const files: [string, string, string[]][] = [
    ['services/a/a.assistant.yaml', `${HEAD}    apiKey: {valueFromEnv: SVCVAR}\n`, ['dotenv-not-ignored']],
    // The package's .env replaces the top one: TOP_ONLY is not set for its files.
    ['services/a/t.assistant.yaml', `${HEAD}    apiKey: {valueFromEnv: TOP_ONLY}\n`, ['env-not-set']],
    ['top.assistant.yaml', `${HEAD}    apiKey: {valueFromEnv: TOP_ONLY}\n`, []],
    ['services/b/b.assistant.yaml', `${HEAD}    apiKey: {valueFromEnv: SVCVAR}\n`, ['env-not-set']],
  ];
  for (const [rel, text, codes] of files) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    const diags = await diagnosticsOf(c, join(root, rel), text);
    assert.deepEqual(
      diags.map((d) => d.code),
      codes,
      rel,
    );
    const cli = runCli(['lint', '--format', 'json', rel], { cwd: root });
    const cliCodes = (JSON.parse(cli.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] })
      .files[0]!.diagnostics;
    assert.deepEqual(
      cliCodes.map((d) => d.code),
      codes,
      `CLI: ${rel}`,
    );
    const notSet = diags.find((d) => d.code === 'env-not-set');
    const link = notSet?.relatedInformation?.[0]?.location.uri;
    // The .env it takes: services/b has none, so it takes the top one, as the CLI does.
    const takes = rel.startsWith('services/a/') ? 'services/a/.env' : '.env';
    if (notSet) {
      assert.equal(link, pathToFileURL(join(root, takes)).href, rel);
      // The message names that .env relative to the file, in the editor and the CLI alike.
      const shown = relative(join(root, rel, '..'), join(root, takes));
      const name = /'(\w+)'/.exec(notSet.message)?.[1] ?? '';
      const msg = `Variable '${name}' is defined neither in the environment nor in ${shown}.`;
      assert.equal(notSet.message, msg, rel);
      assert.equal(cliCodes.find((d) => d.code === 'env-not-set')?.message, msg, `CLI: ${rel}`);
    }
    const exposed = diags.find((d) => d.code === 'dotenv-not-ignored');
    if (exposed) assert.ok(exposed.message.includes('is read from .env, which git does not ignore'), exposed.message);
  }
});

test("the secret-moving fix appends to the package's .env, which the CLI then reads", async () => {
  const root = monorepo();
  const c = await client(root);
  const path = join(root, 'services/a/s.assistant.yaml');
  const text = `${HEAD}    apiKey:\n      value: ${SECRET}\n`;
  const diags = await diagnosticsOf(c, path, text);
  const d = diags.find((x) => x.code === 'literal-secret');
  assert.ok(d, JSON.stringify(diags));
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: pathToFileURL(path).href },
    range: d.range,
    context: { diagnostics: [d] },
  });
  const [withIgnore, move] = actions.filter((a) => a.title.startsWith('Move the secret'));
  assert.ok(withIgnore && move, actions.map((a) => a.title).join(' | '));
  // Appended to the existing services/a/.env (no file created), which git does not ignore: the
  // preferred fix also adds `.env` to the repository's .gitignore (REVIEW8 K15); the plain move says it.
  assert.equal(
    withIgnore.title,
    "Move the secret to .env as VENDOR_A_API_KEY ('valueFromEnv: VENDOR_A_API_KEY') and add '.env' to ../../.gitignore (git does not ignore .env yet)",
  );
  assert.equal(
    move.title,
    "Move the secret to .env as VENDOR_A_API_KEY ('valueFromEnv: VENDOR_A_API_KEY') (note: git does not ignore .env)",
  );
  const envUri = pathToFileURL(join(root, 'services/a/.env')).href;
  const edits = move.edit!.changes![envUri];
  assert.ok(edits, JSON.stringify(move.edit));
  assert.equal(edits[0]!.newText, `VENDOR_A_API_KEY=${SECRET}\n`);
  // Applied by hand: the CLI finds the variable in that .env.
  writeFileSync(join(root, 'services/a/.env'), `SVCVAR=1\nVENDOR_A_API_KEY=${SECRET}\n`);
  writeFileSync(path, `${HEAD}    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n`);
  const cli = runCli(['lint', 'services/a/s.assistant.yaml'], { cwd: root });
  assert.doesNotMatch(cli.stdout, /env-not-set/);
  assert.match(cli.stdout, /dotenv-not-ignored/);
  assert.ok(!cli.stdout.includes(SECRET));
});

test('dotenv-not-ignored goes once .gitignore ignores the .env (a watched-file event for .gitignore)', async () => {
  const root = monorepo();
  const c = await client(root);
  const path = join(root, 'services/a/g.assistant.yaml');
  const uri = pathToFileURL(path).href;
  const first = await diagnosticsOf(c, path, `${HEAD}    apiKey: {valueFromEnv: SVCVAR}\n`);
  assert.deepEqual(
    first.map((d) => d.code),
    ['dotenv-not-ignored'],
  );
  writeFileSync(join(root, '.gitignore'), '.env\n');
  await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: pathToFileURL(join(root, '.gitignore')).href, type: 2 }],
  });
  const after = await c.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
  assert.deepEqual(after.diagnostics, []);
});
