// The test client lets its process exit after kill() even when the server died in the middle of
// writing a message. vscode-jsonrpc re-arms a 10 s partial-message timer for ever while a message
// is half read; a full `npm test` stalled on it (projectConfigNotices.test.js passed both tests, then
// its process sat at 0% CPU with no server left). Deterministic here: a stand-in server writes a
// header and half a body, then waits to be killed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient } from './lspClient';

const ROLE = 'AC_CLIENT_EXIT_CHILD';

if (process.env[ROLE]) {
  // The child: a TestClient on the half-writing server, killed once the half message has arrived.
  const c = new TestClient(process.env[ROLE]);
  c.proc.stdout!.once('data', () =>
    setTimeout(() => {
      c.kill();
      process.stdout.write('killed\n');
    }, 50),
  );
} else {
  const dir = mkdtempSync(join(tmpdir(), 'ac-client-exit-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a server killed while writing a message does not keep the test process alive', async () => {
    const server = join(dir, 'half-server.js');
    writeFileSync(
      server,
      `process.stdout.write('Content-Length: 200\\r\\n\\r\\n{"jsonrpc":"2.0","method":"window/logMessage"');\nsetInterval(() => {}, 1000);\n`,
    );
    const child = spawn(process.execPath, [process.argv[1]!], {
      env: { ...process.env, [ROLE]: server },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // It leaves at once when nothing holds it; 60 s only bounds a failure (the bug: never), generous for a
    // machine at load 20.
    const code = await new Promise<number | string | null>((resolve) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('still running after 60 s');
      }, 60_000);
      child.on('exit', (c, signal) => {
        clearTimeout(t);
        resolve(c ?? signal);
      });
    });
    assert.equal(out, 'killed\n', err);
    assert.equal(code, 0, err);
  });
}
