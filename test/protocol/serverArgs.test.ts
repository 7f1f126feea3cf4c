// The server bin on a wrong command line (a typo in an editor's `cmd`): a usage line naming the
// transports and exit 2, not the library's "Connection input stream is not set" and exit 0
// (REVIEW3 F23).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const SERVER = join(process.cwd(), 'dist', 'server.js');
const run = (args: string[]) =>
  spawnSync(process.execPath, [SERVER, ...args], { encoding: 'utf8', input: '', timeout: 120_000 });

test('no transport, a misspelt one or a socket without a port: usage on stderr, exit 2', () => {
  for (const [args, why] of [
    [[], /no transport given/],
    [['--stdoi'], /no transport given \(unknown: "--stdoi"\)/],
    [['--socket=abc'], /'--socket' needs a port number/],
    [['--pipe='], /'--pipe' needs a name/],
  ] as [string[], RegExp][]) {
    const r = run(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, why);
    assert.match(r.stderr, /Usage: assistant-config-language-server --stdio \| --node-ipc/);
    assert.doesNotMatch(r.stderr, /uncaught|createConnection/);
    assert.equal(r.stdout, '', 'nothing on stdout, which an editor reads as the protocol');
  }
});

test('--help prints the usage and exits 0; --version still works', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: assistant-config-language-server/);
  const version = run(['--version']);
  assert.equal(version.status, 0);
  assert.match(version.stdout, /^assistant-config-language-server \d+\.\d+\.\d+\n$/);
});
