// The server's last-resort handlers (uncaught exception, unhandled rejection) write to stderr, which
// VS Code's client copies into the output channel: an error whose message quotes the document (as the
// yaml package's do) must not carry a literal credential there (REVIEW15-sec T2). A preloaded script
// throws such errors once the server runs; the server stays up and says what failed, without the text.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, fakeSecret, madeUpPasswords } from '../helpers';

test('an uncaught error quoting the document: named on stderr, the quoted text and shapes left out', async () => {
  const [plain] = madeUpPasswords(0x7a20, 1) as [string];
  const prefixed = fakeSecret('sk-' + 'proj-', 32, 0x7a21);
  const dir = mkdtempSync(join(tmpdir(), 'ac-stderr-'));
  try {
    const preload = join(dir, 'throw.cjs');
    writeFileSync(
      preload,
      [
        `setTimeout(() => { throw new SyntaxError('Unexpected scalar at "value: ${plain}"'); }, 50);`,
        `setTimeout(() => { Promise.reject(new Error('refused ${prefixed} at line 3')); }, 100);`,
        `setTimeout(() => process.exit(0), 400);`,
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['-r', preload, join(ROOT, 'dist/server.js'), '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve) => child.on('exit', () => resolve()));
    assert.match(stderr, /uncaught SyntaxError: Unexpected scalar at "…"/, stderr);
    assert.match(stderr, /unhandled rejection Error: refused .* at line 3/, stderr);
    for (const secret of [plain, prefixed.slice('sk-proj-'.length)])
      for (let i = 0; i + 6 <= secret.length; i++) assert.ok(!stderr.includes(secret.slice(i, i + 6)), stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
