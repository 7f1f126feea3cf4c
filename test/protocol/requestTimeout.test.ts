// A server that never answers fails its test fast, with a message naming the request and the time
// waited, instead of hanging the test file until CI's job limit kills the whole run with no clue
// (TestClient.request/shutdown had no time limit). And a test file that hangs all the same is killed
// at the per-file limit of scripts/run-tests.mjs, named in the closing lines, the run's summary kept.
// Stand-in servers: tiny scripts written at run time.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient, defaultRequestTimeoutMs } from './lspClient';
import { timed, took } from '../timing';
import { closingLines, fileTimeoutFrom, runnerArgs } from '../../scripts/test-runner.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ac-request-timeout-'));
const clients: TestClient[] = [];
// Every stand-in server goes, whatever a test did: one left running would hold this file open.
after(() => {
  clients.forEach((c) => c.kill());
  rmSync(dir, { recursive: true, force: true });
});

function client(server: string, requestTimeoutMs?: number): TestClient {
  const c = new TestClient(server, requestTimeoutMs === undefined ? {} : { requestTimeoutMs });
  clients.push(c);
  return c;
}

function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Reads everything, answers nothing, never exits. */
const SILENT = script('silent-server.js', 'process.stdin.resume();\nsetInterval(() => {}, 1000);\n');

/** Answers every request with `null` (framed as LSP does), ignores `exit`: it never leaves. */
const STAYS = script(
  'stays-server.js',
  `let buf = Buffer.alloc(0);
process.stdin.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  for (;;) {
    const head = buf.indexOf('\\r\\n\\r\\n');
    if (head < 0) return;
    const len = Number(/Content-Length: (\\d+)/i.exec(buf.subarray(0, head).toString())[1]);
    if (buf.length < head + 4 + len) return;
    const msg = JSON.parse(buf.subarray(head + 4, head + 4 + len).toString());
    buf = buf.subarray(head + 4 + len);
    if (msg.id === undefined) continue;
    const body = JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: null });
    process.stdout.write('Content-Length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
  }
});
setInterval(() => {}, 1000);
`,
);

/** Writes a line to stderr and exits at the first byte it reads, answering nothing. */
const DIES = script(
  'dies-server.js',
  "process.stdin.once('data', () => { process.stderr.write('stand-in server: giving up\\n'); process.exit(3); });\n",
);

const exited = (c: TestClient): Promise<void> =>
  c.proc.exitCode !== null || c.proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => c.proc.once('exit', () => resolve()));

test('a request the server never answers fails at its limit, naming the method and the time waited', async () => {
  const c = client(SILENT, 400);
  try {
    // Fails fast, not at a test or file limit (what the machine held this process up not counted: test/timing.ts).
    const t = await timed(() =>
      assert.rejects(c.initialize(), (e: Error) => {
        assert.match(e.message, /^LSP request 'initialize' got no answer within (\d+) ms \(limit 400 ms\)$/);
        const waited = Number(/within (\d+) ms/.exec(e.message)![1]);
        assert.ok(waited >= 400, e.message);
        return true;
      }),
    );
    assert.ok(t.ownMs < 10_000, took(t));
    // A per-call limit overrides the client's.
    await assert.rejects(
      c.request('textDocument/hover', { textDocument: { uri: 'file:///a.assistant.yaml' } }, 150),
      /^Error: LSP request 'textDocument\/hover' got no answer within \d+ ms \(limit 150 ms\)$/,
    );
  } finally {
    c.kill();
  }
});

test('shutdown on a server that never answers fails with its message, and the server is killed', async () => {
  const c = client(SILENT, 300);
  await assert.rejects(c.shutdown(), /LSP request 'shutdown' got no answer within \d+ ms \(limit 300 ms\)/);
  await exited(c);
  assert.ok(c.proc.killed, 'shutdown kills the server it gave up on');
});

test('shutdown on a server that answers but never exits fails at the limit, and the server is killed', async () => {
  // (initialize within the default limit: a loaded machine may take more than a moment to answer it.)
  const c = client(STAYS);
  await c.initialize();
  await assert.rejects(c.shutdown(3000), /^Error: the server did not exit within \d+ ms of 'exit' \(limit 3000 ms\)$/);
  await exited(c);
  assert.ok(c.proc.killed);
});

test('a server that exits without answering fails the request at once, with its exit code and stderr', async () => {
  const c = client(DIES, 30_000);
  const t = await timed(() =>
    assert.rejects(c.initialize(), (e: Error) => {
      assert.match(e.message, /^LSP request 'initialize': the server exited \(code 3\) after \d+ ms without answering/);
      assert.match(e.message, /stderr ends with:\nstand-in server: giving up$/);
      return true;
    }),
  );
  // Not at the 30 s limit (a stand-in's start on a busy machine may take seconds of it).
  assert.ok(t.ownMs < 20_000, took(t));
  c.kill();
});

test('the default limit is 60 s, or LSP_TEST_REQUEST_TIMEOUT_MS', () => {
  const saved = process.env.LSP_TEST_REQUEST_TIMEOUT_MS;
  try {
    delete process.env.LSP_TEST_REQUEST_TIMEOUT_MS;
    assert.equal(defaultRequestTimeoutMs(), 60_000);
    process.env.LSP_TEST_REQUEST_TIMEOUT_MS = '250';
    assert.equal(defaultRequestTimeoutMs(), 250);
    process.env.LSP_TEST_REQUEST_TIMEOUT_MS = 'soon';
    assert.equal(defaultRequestTimeoutMs(), 60_000);
  } finally {
    if (saved === undefined) delete process.env.LSP_TEST_REQUEST_TIMEOUT_MS;
    else process.env.LSP_TEST_REQUEST_TIMEOUT_MS = saved;
  }
});

/** Runs `files` as run-tests.mjs does (outside this file's own test context): exit status, output, time. */
async function runRunner(
  files: string[],
  tap: string,
  limitMs: number,
  killAfterMs: number,
): Promise<{ code: number | string | null; out: string; ms: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const started = performance.now();
  const run = spawn(process.execPath, runnerArgs(files, tap, limitMs), {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  run.stdout.on('data', (d: Buffer) => (out += d.toString()));
  run.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | string | null>((resolve) => {
    const t = setTimeout(() => {
      run.kill('SIGKILL');
      resolve(`still running after ${killAfterMs} ms`);
    }, killAfterMs);
    run.on('exit', (c, signal) => {
      clearTimeout(t);
      resolve(c ?? signal);
    });
  });
  return { code, out, ms: performance.now() - started };
}

test('run-tests: a test file that hangs is killed at the per-file limit and named; the others run and the summary stays', async () => {
  const hangs = script(
    'hangs.test.mjs',
    "import { test } from 'node:test';\ntest('quick', () => {});\ntest('waits for ever', () => new Promise(() => setInterval(() => {}, 1000)));\n",
  );
  const leaves = script(
    'leaves-a-handle.test.mjs',
    "import { test } from 'node:test';\ntest('passes, then holds the process', () => { setInterval(() => {}, 1000); });\n",
  );
  const ok = script('ok.test.mjs', "import { test } from 'node:test';\ntest('ok', () => {});\n");
  // The limit must let a quick file finish and still cut the hanging ones off. A quick file takes well under
  // a second on an idle machine and seconds on a loaded one (5.5 s at load 13-26, niced): the limit is five
  // times what the runner takes for the quick file alone here and now, at least 10 s.
  const calibration = await runRunner([ok], join(dir, 'calibration.txt'), 0, 120_000);
  assert.equal(calibration.code, 0, calibration.out);
  const limit = Math.max(10_000, Math.ceil((5 * calibration.ms) / 1000) * 1000);
  const files = [hangs, leaves, ok];
  const tap = join(dir, 'tap.txt');
  // The two hanging files run side by side, then the quick one: twice the limit and more stops a runner that hangs.
  const { code, out } = await runRunner(files, tap, limit, 3 * limit + 60_000);
  assert.equal(code, 1, `limit ${limit} ms (the quick file alone: ${calibration.ms.toFixed(0)} ms)\n${out}`);
  const lines = closingLines(readFileSync(tap, 'utf8'), files, limit, dir + '/');
  assert.deepEqual(
    lines,
    [
      '',
      `timed out and killed (limit ${limit} ms per file, TEST_FILE_TIMEOUT_MS):`,
      `  hangs.test.mjs (test timed out after ${limit}ms)`,
      `  leaves-a-handle.test.mjs (test timed out after ${limit}ms)`,
      '',
      'tests: 3 passed, 0 failed, 0 skipped, 2 cancelled',
    ],
    `limit ${limit} ms (the quick file alone: ${calibration.ms.toFixed(0)} ms)\n${out}`,
  );
  // The runner's own report names each file too, as it goes.
  assert.match(out, new RegExp(`✖ .*hangs\\.test\\.mjs .*\\n\\s+'test timed out after ${limit}ms'`));
  assert.match(out, /✔ ok /);
});

test('run-tests: TEST_FILE_TIMEOUT_MS sets the per-file limit (0: none); anything else is refused', () => {
  assert.deepEqual(fileTimeoutFrom({}), { ms: 30 * 60_000 });
  assert.deepEqual(fileTimeoutFrom({ TEST_FILE_TIMEOUT_MS: '5000' }), { ms: 5000 });
  assert.deepEqual(fileTimeoutFrom({ TEST_FILE_TIMEOUT_MS: '0' }), { ms: 0 });
  assert.match(fileTimeoutFrom({ TEST_FILE_TIMEOUT_MS: '10m' }).error ?? '', /whole number of milliseconds/);
  assert.ok(runnerArgs(['a.js'], 't', 5000).includes('--test-timeout=5000'));
  assert.ok(!runnerArgs(['a.js'], 't', 0).some((a) => a.startsWith('--test-timeout')));
});
