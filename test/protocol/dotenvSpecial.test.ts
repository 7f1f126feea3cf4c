// A `.env` that is not a regular file (a named pipe, as secret managers serve it; a link to
// /dev/zero) is no .env for the language server, as for the CLI: reading it would block the server
// in `initialize` for good, or never end (REVIEW2 E26). The server answers and reports as without it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';

const DOC =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: MYV}\n';
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

// (The timeout only ends a run that would otherwise hang; nothing asserts on time.)
test(
  'a named pipe or /dev/zero as .env: initialize is answered and diagnostics come as without a .env',
  { timeout: 120_000 },
  async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-fifo-')));
    dirs.push(root);
    execFileSync('mkfifo', [join(root, '.env')]);
    mkdirSync(join(root, 'zero'));
    symlinkSync('/dev/zero', join(root, 'zero', '.env'));
    const c = new TestClient(undefined, {
      rootUri: pathToFileURL(root).href,
      createFiles: true,
      env: { PATH: process.env.PATH ?? '' },
    });
    clients.push(c);
    await c.initialize();
    for (const path of [join(root, 'a.assistant.yaml'), join(root, 'zero', 'b.assistant.yaml')]) {
      writeFileSync(path, DOC);
      const uri = pathToFileURL(path).href;
      await c.open(uri, DOC);
      const { diagnostics } = await c.waitForDiagnostics(uri);
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['env-not-set'],
        path,
      );
    }
  },
);
