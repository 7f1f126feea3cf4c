// REVIEW11 C10: `assistant-config` with no command printed its help on standard output and exited 2:
// a usage error whose text went where a report goes (`assistant-config > report.txt` wrote the help
// there). Now the help goes to stderr for it; `--help` still prints it on stdout, exit 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './helpers';

test('C10: no command: the help on stderr, exit 2; --help and -h: on stdout, exit 0', () => {
  const none = runCli([]);
  assert.equal(none.code, 2);
  assert.equal(none.stdout, '');
  assert.match(none.stderr, /^Usage: assistant-config <command> \[options\]$/m);
  for (const flag of ['--help', '-h']) {
    const help = runCli([flag]);
    assert.equal(help.code, 0);
    assert.equal(help.stderr, '');
    assert.equal(help.stdout, none.stderr);
  }
});
