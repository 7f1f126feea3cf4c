// `lint --cache` as a process: a second run reuses the reports and prints exactly what a run without
// the cache prints, in every format; an edited file, a changed project config, --suppress or the
// environment check's variables are never answered from the cache; a corrupt cache is ignored and
// one that cannot be written costs only speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';
import type { RunResult } from './helpers';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function project(n = 20): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-cache-'));
  for (let i = 0; i < n; i++) {
    const provider = i % 3 === 0 ? 'hostd' : 'hosted';
    writeFileSync(
      join(dir, `f${String(i).padStart(2, '0')}.assistant.yaml`),
      `# ${i}\n${HEAD}  llm:\n    provider: ${provider}\n  contextWindowLimit: ${i % 4}\n`,
    );
  }
  writeFileSync(
    join(dir, 'env.assistant.yaml'),
    `${HEAD}  llm:\n    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: CACHE_TEST_KEY}\n`,
  );
  writeFileSync(
    join(dir, 'silenced.assistant.yaml'),
    `${HEAD}  llm:\n    provider: hosted\n  # assistant-config-disable-next-line unknown-property\n  colour: blue\n`,
  );
  return dir;
}

const stats = (r: RunResult): string => /cache: (\d+ reused, \d+ analysed)/.exec(r.stderr)?.[1] ?? r.stderr;
const TIMING = { ASSISTANT_CONFIG_TIMING: '1' };
/** stderr without the timing line (which says how the run went, cache or not). */
const quiet = (r: RunResult): string => r.stderr.replace(/^assistant-config: timing: .*\n/m, '');

test('a second run reuses every report and prints what a run without the cache prints (every format)', () => {
  const dir = project();
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    const plain = runCli(['lint', '--format', format, '.'], { cwd: dir });
    const first = runCli(['lint', '--cache', '--format', format, '.'], { cwd: dir, env: TIMING });
    const second = runCli(['lint', '--cache', '--format', format, '.'], { cwd: dir, env: TIMING });
    assert.equal(stats(second), '22 reused, 0 analysed', format);
    for (const r of [first, second]) {
      assert.equal(r.code, plain.code, format);
      assert.equal(r.stdout, plain.stdout, format);
      assert.equal(quiet(r), plain.stderr, format);
    }
  }
  assert.ok(existsSync(join(dir, '.assistant-config-cache')));
  // Reports, not file text: the comment that starts each file is not in the cache.
  assert.doesNotMatch(readFileSync(join(dir, '.assistant-config-cache'), 'utf8'), /# 1\\n/);
});

test('an edited file is analysed again; the others are reused', () => {
  const dir = project();
  runCli(['lint', '--cache', '.'], { cwd: dir });
  writeFileSync(join(dir, 'f01.assistant.yaml'), `${HEAD}  llm:\n    provider: vendr_b\n`);
  const r = runCli(['lint', '--cache', '.'], { cwd: dir, env: TIMING });
  assert.equal(stats(r), '21 reused, 1 analysed');
  assert.match(r.stdout, /f01\.assistant\.yaml:5:15 error unknown-discriminator Unknown provider 'vendr_b'/);
  assert.equal(r.stdout, runCli(['lint', '.'], { cwd: dir }).stdout);
});

test('a changed project config, --suppress or environment are never answered from the cache', () => {
  const dir = project();
  const first = runCli(['lint', '--cache', '.'], { cwd: dir });
  assert.match(first.stdout, /env-var-missing|CACHE_TEST_KEY/);
  // The project config turns a code off: every file it applies to is analysed again.
  writeFileSync(join(dir, '.assistant-config.yaml'), 'rules:\n  unknown-discriminator: off\n');
  const cfg = runCli(['lint', '--cache', '.'], { cwd: dir, env: TIMING });
  assert.equal(stats(cfg), '0 reused, 22 analysed');
  assert.doesNotMatch(cfg.stdout, /unknown-discriminator/);
  assert.equal(cfg.stdout, runCli(['lint', '.'], { cwd: dir }).stdout);
  // --suppress and --no-env-check change the run's key.
  const sup = runCli(['lint', '--cache', '--suppress', 'empty-required', '.'], { cwd: dir, env: TIMING });
  assert.equal(stats(sup), '0 reused, 22 analysed');
  const noEnv = runCli(['lint', '--cache', '--no-env-check', '.'], { cwd: dir, env: TIMING });
  assert.equal(stats(noEnv), '0 reused, 22 analysed');
  assert.doesNotMatch(noEnv.stdout, /CACHE_TEST_KEY/);
  runCli(['lint', '--cache', '.'], { cwd: dir });
  // The variable is defined now: the one file that names it is analysed again, and its finding goes.
  const env = runCli(['lint', '--cache', '.'], { cwd: dir, env: { ...TIMING, CACHE_TEST_KEY: 'x' } });
  assert.equal(stats(env), '21 reused, 1 analysed');
  assert.doesNotMatch(env.stdout, /CACHE_TEST_KEY/);
  assert.equal(env.stdout, runCli(['lint', '.'], { cwd: dir, env: { CACHE_TEST_KEY: 'x' } }).stdout);
});

test('--cache-location; a corrupt cache is ignored and replaced; an unwritable one costs only speed', () => {
  const dir = project(5);
  const plain = runCli(['lint', '.'], { cwd: dir });
  const where = join(mkdtempSync(join(tmpdir(), 'ac-cache-loc-')), 'sub', 'lint.cache');
  const first = runCli(['lint', '--cache-location', where, '.'], { cwd: dir });
  assert.equal(first.stdout, plain.stdout);
  assert.ok(existsSync(where));
  assert.ok(!existsSync(join(dir, '.assistant-config-cache')));
  writeFileSync(where, '{"tool": "assistant-config lint", "key": 1, "files": [');
  const corrupt = runCli(['lint', '--cache-location', where, '.'], { cwd: dir, env: TIMING });
  assert.equal(corrupt.stdout, plain.stdout);
  assert.equal(stats(corrupt), '0 reused, 7 analysed');
  const again = runCli(['lint', '--cache-location', where, '.'], { cwd: dir, env: TIMING });
  assert.equal(stats(again), '7 reused, 0 analysed');
  // A file where the cache's directory should be.
  const blocked = join(dir, 'f00.assistant.yaml', 'cache');
  const r = runCli(['lint', '--cache-location', blocked, '.'], { cwd: dir });
  assert.equal(r.stdout, plain.stdout);
  assert.equal(r.code, plain.code);
  assert.match(r.stderr, /note: cannot write the cache/);
});

test('--cache with --fix: the fixes are made as without it, and no cache is written', () => {
  const dir = project(3);
  const r = runCli(['lint', '--cache', '--fix', '.'], { cwd: dir });
  assert.match(r.stdout, /fixed/);
  assert.ok(!existsSync(join(dir, '.assistant-config-cache')));
});

test('the cache keeps no line of a file: frames come back from the file, masked as without the cache (REVIEW8 K2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-cache-frames-'));
  // A value no masker knows as a credential, on a line a code frame shows, and a credential the
  // masker knows (an `sk-` key built here from pieces) on the line after a finding.
  const marker = ['plain', 'words', 'only', 'here'].join('_') + String(Date.now() % 997);
  const key = ['sk', 'proj', 'Q9x'.repeat(12) + '7Zk1'].join('-');
  writeFileSync(
    join(dir, 'a.assistant.yaml'),
    `${HEAD}  llm:\n    provider: hostd\n    model: ${marker}\n  systemInstructions: "${marker}"\n  colour: blue\n  note: ${key}\n`,
  );
  const cacheFile = join(dir, 'c.json');
  for (const format of ['text', 'json']) {
    const plain = runCli(['lint', '--format', 'text', '.'], { cwd: dir });
    assert.match(plain.stdout, new RegExp(marker), 'the frame shows the line');
    assert.doesNotMatch(plain.stdout, new RegExp(key.slice(8, 20)));
    // Written by a run in one format, read by the text format: the same frames.
    runCli(['lint', '--cache', '--cache-location', cacheFile, '--format', format, '.'], { cwd: dir });
    const stored = readFileSync(cacheFile, 'utf8');
    assert.doesNotMatch(stored, new RegExp(marker), format);
    assert.doesNotMatch(stored, /colour: blue/, format);
    assert.doesNotMatch(stored, new RegExp(key.slice(8, 20)), format);
    const hit = runCli(['lint', '--cache', '--cache-location', cacheFile, '--format', 'text', '.'], {
      cwd: dir,
      env: TIMING,
    });
    assert.equal(stats(hit), '1 reused, 0 analysed', format);
    assert.equal(hit.stdout, plain.stdout, format);
  }
});
