// dist/server.js loads the server bundle (dist/server-main.js) with a V8 code cache
// (cli/cachedBundle.ts): a session that ends well writes it, the next start uses it (and does not
// write it again), the answers are the same with it, without it and with a corrupt one; `--version`
// and a wrong command line write none; ASSISTANT_CONFIG_COMPILE_CACHE=0 turns it off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';
import { cachedDataFor } from '../../server/src/cli/codeCache';
import { ROOT } from '../helpers';

const SERVER = join(ROOT, 'dist/server.js');
const TEXT = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hostd\n  maxAssistantActions: x\n';

/** One session: initialize, open a broken file, its diagnostics, shutdown; the messages and the exit code. */
async function session(cache: string): Promise<{ messages: string[]; code: number | null }> {
  const c = new TestClient(SERVER, { env: { PATH: process.env.PATH ?? '', ASSISTANT_CONFIG_COMPILE_CACHE: cache } });
  try {
    await c.initialize();
    const uri = pathToFileURL(join(mkdtempSync(join(tmpdir(), 'ac-scc-')), 'a.assistant.yaml')).href;
    await c.open(uri, TEXT);
    const d = await c.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0, 30_000);
    const messages = d.diagnostics.map((x) => `${x.range.start.line}:${x.range.start.character} ${x.message}`);
    return { messages, code: await c.shutdown() };
  } catch (e) {
    c.kill();
    throw e;
  }
}

const cacheFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.startsWith('server-main-'));

test(
  'a session writes the code cache, the next one uses it; the diagnostics never change',
  { timeout: 120_000 },
  async () => {
    const off = await session('0');
    assert.ok(off.messages.length >= 2, off.messages.join('\n'));
    assert.equal(off.code, 0);
    const dir = mkdtempSync(join(tmpdir(), 'ac-scc-cache-'));
    const first = await session(dir);
    const files = cacheFiles(dir);
    assert.equal(files.length, 1, readdirSync(dir).join(' '));
    assert.match(files[0]!, /^server-main-[0-9a-z]+-[0-9a-z]+-v[\d.]+-\w+\.v8cache$/);
    const file = join(dir, files[0]!);
    // Made from the very bundle, with V8's data after it.
    assert.ok(cachedDataFor(readFileSync(file), readFileSync(join(ROOT, 'dist/server-main.js'))));
    const written = statSync(file).mtimeMs;
    const second = await session(dir);
    // Used, not rejected: a rejected cache is written again at exit.
    assert.equal(statSync(file).mtimeMs, written, 'the cache was used, not made again');
    for (const r of [first, second]) assert.deepEqual(r, off);
    // Corrupt bytes under the expected name: rejected, the bundle compiles, a good cache replaces them.
    writeFileSync(file, Buffer.alloc(4096, 7));
    assert.deepEqual(await session(dir), off);
    assert.ok(cachedDataFor(readFileSync(file), readFileSync(join(ROOT, 'dist/server-main.js'))));
    assert.deepEqual(cacheFiles(dir), files, 'no temporary file left behind');
  },
);

test('--version, --help and a wrong command line write no cache; 0 turns it off', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-scc-cache-'));
  const env = { PATH: process.env.PATH ?? '', ASSISTANT_CONFIG_COMPILE_CACHE: dir };
  for (const [args, status] of [
    [['--version'], 0],
    [['--help'], 0],
    [['--stdoi'], 2],
  ] as [string[], number][]) {
    const r = spawnSync(process.execPath, [SERVER, ...args], { env, encoding: 'utf8', input: '', timeout: 120_000 });
    assert.equal(r.status, status, `${args.join(' ')}: ${r.stderr}`);
  }
  assert.deepEqual(readdirSync(dir), []);
});
