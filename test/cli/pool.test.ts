// The lint thread pool in-process: every file's outcome reaches `emit` once and in list order, with
// the real worker script, and when workers cannot start or stop in the middle of a batch (the main
// thread then lints what they left); and how many threads a run uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { BATCH, FileLinter, LintPool, threadCount } from '../../server/src/cli/pool';
import type { LintSetup, Outcome } from '../../server/src/cli/pool';
import { DotenvLookup } from '../../server/src/lsp/dotenvLookup';
import { ROOT } from '../helpers';

const SETUP: LintSetup = { cwd: '/', envNames: undefined, config: { kind: 'none' } };
const quietIO = {
  stdout: () => undefined,
  stderr: () => undefined,
  env: {},
  cwd: '/',
  readStdin: () => Promise.resolve(''),
};

function corpus(n: number): { path: string; displayPath: string }[] {
  const dir = mkdtempSync(join(tmpdir(), 'ac-pool-'));
  const files = [];
  for (let i = 0; i < n; i++) {
    const path = join(dir, `f${i}.assistant.yaml`);
    // Every fifth file has a misspelt provider: findings to compare, not only empty reports.
    writeFileSync(
      path,
      `# ${i}\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${i % 5 === 0 ? 'hostd' : 'hosted'}\n  contextWindowLimit: ${i}\n`,
    );
    files.push({ path, displayPath: `f${i}.assistant.yaml` });
  }
  // One that cannot be read (a directory where a file was expected): its error comes in its place.
  files.splice(7, 0, { path: dir, displayPath: 'not-a-file' });
  return files;
}

async function runPool(entry: string, workers: number, files: { path: string; displayPath: string }[]) {
  const linter = new FileLinter(SETUP, quietIO);
  const seen: { i: number; o: Outcome }[] = [];
  const pool = new LintPool(entry, SETUP, workers);
  await pool.run(
    files,
    (i) => linter.lintFile(files[i]!.path, files[i]!.displayPath),
    (i, o) => seen.push({ i, o }),
  );
  return seen;
}

function oneThread(files: { path: string; displayPath: string }[]): Outcome[] {
  const linter = new FileLinter(SETUP, quietIO);
  return files.map((f) => linter.lintFile(f.path, f.displayPath));
}

test('the worker pool gives every outcome once, in file order, equal to one thread', async () => {
  const files = corpus(BATCH * 6 + 5);
  const expected = oneThread(files);
  assert.ok(expected.some((o) => 'error' in o));
  assert.ok(expected.some((o) => !('error' in o) && o.findings.length > 0));
  const seen = await runPool(join(ROOT, 'dist/lint-worker.js'), 2, files);
  assert.deepEqual(
    seen.map((s) => s.i),
    files.map((_, i) => i),
  );
  assert.deepEqual(
    seen.map((s) => s.o),
    expected,
  );
});

test('workers that cannot start cost only speed: the main thread lints everything', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-pool-'));
  const broken = join(dir, 'broken-worker.js');
  writeFileSync(broken, 'throw new Error("this worker cannot start");\n');
  const files = corpus(BATCH * 3 + 1);
  const seen = await runPool(broken, 2, files);
  assert.deepEqual(
    seen.map((s) => s.o),
    oneThread(files),
  );
});

test('a worker that stops holding a batch: the main thread lints the batch it left', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-pool-'));
  const quitter = join(dir, 'quitting-worker.js');
  // Claims the first batch it can, as a real worker does, then exits without answering.
  writeFileSync(
    quitter,
    `const { workerData } = require('node:worker_threads');
const ctl = new Int32Array(workerData.control);
workerData.port.once('message', () => { Atomics.add(ctl, 0, ${BATCH}); process.exit(3); });
`,
  );
  const files = corpus(BATCH * 4);
  const seen = await runPool(quitter, 1, files);
  assert.deepEqual(
    seen.map((s) => s.i),
    files.map((_, i) => i),
  );
  assert.deepEqual(
    seen.map((s) => s.o),
    oneThread(files),
  );
});

test("workers take each file's .env from the main thread's lookup, without reading a .env again", async () => {
  // Two projects, each with its own .env; every file reads both variables.
  const root = mkdtempSync(join(tmpdir(), 'ac-pool-env-'));
  const files: { path: string; displayPath: string }[] = [];
  for (const p of ['a', 'b']) {
    mkdirSync(join(root, p));
    writeFileSync(join(root, p, '.env'), `ONLY_${p.toUpperCase()}=1\n`);
    for (let i = 0; i < BATCH * 2; i++) {
      const path = join(root, p, `f${i}.assistant.yaml`);
      writeFileSync(
        path,
        'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: ONLY_A}\n    fallback:\n      provider: vendor_b\n      model: m\n      apiKey: {valueFromEnv: ONLY_B}\n',
      );
      files.push({ path, displayPath: `${p}/f${i}` });
    }
  }
  // Interleaved, so that every batch holds files of both projects.
  files.sort((x, y) =>
    x.displayPath.slice(2) + x.displayPath[0] < y.displayPath.slice(2) + y.displayPath[0] ? -1 : 1,
  );
  const setup: LintSetup = { ...SETUP, envNames: [] };
  const lookup = new DotenvLookup();
  for (const f of files) lookup.forFile(f.path);
  const snapshot = lookup.snapshot();
  // Changed after the lookup: a thread that read a .env again would answer differently.
  for (const p of ['a', 'b']) writeFileSync(join(root, p, '.env'), 'ONLY_A=1\nONLY_B=1\n');
  const main = new FileLinter(setup, quietIO, lookup);
  const expected = files.map((f) => main.lintFile(f.path, f.displayPath));
  const notSet = (o: Outcome): string[] =>
    'error' in o ? [o.error] : o.findings.map((d) => `${d.code} ${/'(\w+)'/.exec(d.message)?.[1] ?? ''}`);
  assert.deepEqual(notSet(expected[0]!), ['env-not-set ONLY_B']);
  assert.deepEqual(notSet(expected[1]!), ['env-not-set ONLY_A']);
  const pool = new LintPool(join(ROOT, 'dist/lint-worker.js'), setup, 1);
  // The main thread waits for the worker's first batch before linting: the worker surely lints some.
  const ctl = (pool as unknown as { ctl: Int32Array }).ctl;
  const seen: Outcome[] = [];
  const r = await pool.run(
    files,
    (i) => {
      Atomics.wait(ctl, 2, 0, 60_000);
      return main.lintFile(files[i]!.path, files[i]!.displayPath);
    },
    (_, o) => seen.push(o),
    snapshot,
  );
  assert.ok(r.onWorkers > 0);
  assert.deepEqual(seen.map(notSet), expected.map(notSet));
});

test('threads: one unless --jobs asks for more; --jobs is honoured up to one a batch', () => {
  assert.equal(threadCount(10_000, undefined), 1);
  assert.equal(threadCount(10_000, 3), 3);
  assert.equal(threadCount(BATCH, 4), 1);
  assert.equal(threadCount(3 * BATCH, 4), 3);
});
