// Many files on worker threads: the same output, in the same order, as one thread; a file that
// cannot be read is reported in its place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';

test(
  'worker threads give byte-identical output in file order (text, json, sarif, github, junit)',
  { timeout: 120_000 },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-workers-'));
    for (let i = 0; i < 260; i++) {
      const name = `f${String(i).padStart(3, '0')}.assistant.yaml`;
      const provider = i % 3 === 0 ? 'vendr_a' : 'hosted';
      writeFileSync(
        join(dir, name),
        `# ${i}\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${provider}\n  contextWindowLimit: ${i % 4}\n`,
      );
    }
    for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
      const one = runCli(['lint', '--no-env-check', '--jobs', '1', '--format', format, '.'], { cwd: dir });
      const many = runCli(['lint', '--no-env-check', '--jobs', '3', '--format', format, '.'], { cwd: dir });
      const auto = runCli(['lint', '--no-env-check', '--format', format, '.'], { cwd: dir });
      assert.equal(one.code, 1);
      assert.equal(many.stdout, one.stdout, format);
      assert.equal(auto.stdout, one.stdout, format);
      assert.equal(many.code, one.code);
    }
    const text = runCli(['lint', '--no-env-check', '--jobs', '2', '.'], { cwd: dir }).stdout;
    assert.match(text, /260 files checked: 87 errors, 65 warnings/);
    const firsts = [...text.matchAll(/^(f\d{3})\.assistant\.yaml:/gm)].map((m) => m[1]!);
    assert.deepEqual(firsts, [...firsts].sort(), 'file order');
  },
);

test('an unreadable file among many is reported in its place; the run goes on', { timeout: 60_000 }, () => {
  if (process.getuid?.() === 0) return; // root reads any file: nothing to show
  const dir = mkdtempSync(join(tmpdir(), 'ac-workers-'));
  for (let i = 0; i < 20; i++)
    writeFileSync(
      join(dir, `f${i}.assistant.yaml`),
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n',
    );
  chmodSync(join(dir, 'f5.assistant.yaml'), 0);
  const r = runCli(['lint', '--jobs', '2', '.'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /cannot read 'f5\.assistant\.yaml': permission denied/);
  assert.match(r.stdout, /19 files checked/);
});
