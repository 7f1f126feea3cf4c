// Files that are not UTF-8, as real processes: a UTF-16 file (what `>` in Windows PowerShell 5 and
// Notepad's "Unicode" write), little- and big-endian, gets one clear error instead of a syntax error
// per character, and the run fails (nothing else in it could be checked).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { CLI, runCli } from './helpers';

const TEXT = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hostd}\n';

function utf16(text: string, bigEndian: boolean): Buffer {
  const le = Buffer.from('\uFEFF' + text, 'utf16le');
  return bigEndian ? le.swap16() : le;
}

for (const bigEndian of [false, true]) {
  test(`a UTF-16 ${bigEndian ? 'big' : 'little'}-endian file: one error saying to save it as UTF-8`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-enc-'));
    writeFileSync(join(dir, 'w.assistant.yaml'), utf16(TEXT, bigEndian));
    const r = runCli(['lint', '--format', 'json', 'w.assistant.yaml'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout) as {
      files: { diagnostics: { code: string; severity: string; message: string }[] }[];
    };
    const ds = out.files[0]!.diagnostics;
    assert.equal(ds.length, 1, JSON.stringify(ds));
    assert.equal(ds[0]!.code, 'invalid-encoding');
    assert.equal(ds[0]!.severity, 'error');
    assert.match(ds[0]!.message, /UTF-16.*save it as UTF-8/);
  });
}

test('format of standard input that is not UTF-8 is refused (exit 2, nothing printed), not decoded with U+FFFD (REVIEW5 H23)', () => {
  const bytes = Buffer.concat([
    Buffer.from(
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:   {provider: hosted}\n  systemInstructions: "Caf',
    ),
    Buffer.from([0xe9]),
    Buffer.from(' cr'),
    Buffer.from([0xe8]),
    Buffer.from('me"\n'),
  ]);
  for (const args of [
    ['format', '--stdin-filepath', 'cp1252.assistant.yaml'],
    ['format', '-'],
  ]) {
    const r = spawnSync(process.execPath, [CLI, ...args], { input: bytes, env: { PATH: process.env.PATH ?? '' } });
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout.length, 0, `${args.join(' ')}: ${r.stdout.toString('latin1')}`);
    assert.match(r.stderr.toString('utf8'), /not valid UTF-8/);
  }
  // Valid UTF-8 on standard input is still formatted.
  const ok = runCli(['format', '--stdin-filepath', 'a.assistant.yaml'], {
    input:
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:   {provider: hosted}\n  systemInstructions: "Café crème"\n',
  });
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /Café crème/);
});
