// dist/cli.js loads the CLI bundle with a V8 code cache (cli/launch.ts): the first run writes it,
// later runs use it, and the output is the same with a cache, without one, with a corrupt one, with
// one made from another bundle of the same size, with one it cannot write, and with the cache turned
// off; and a plain lint does not load node:crypto (cli/crypto.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Script } from 'node:vm';
import { spawnSync } from 'node:child_process';
import { CLI, runCli } from './helpers';
import { cacheDir } from '../../server/src/cli/cacheDir';
import { cacheFileOf, cachedDataFor } from '../../server/src/cli/codeCache';
import { ROOT } from '../helpers';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ac-launch-'));
  writeFileSync(
    join(dir, 'a.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hostd\n',
  );
  writeFileSync(
    join(dir, 'b.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n',
  );
  return dir;
}

test('the first run writes the code cache, the next runs use it; the output never changes', { timeout: 60_000 }, () => {
  const dir = project();
  const cache = mkdtempSync(join(tmpdir(), 'ac-cache-'));
  const env = { ASSISTANT_CONFIG_COMPILE_CACHE: cache };
  const off = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env: { ASSISTANT_CONFIG_COMPILE_CACHE: '0' } });
  assert.equal(off.code, 1, off.stderr);
  assert.match(off.stdout, /unknown-discriminator/);
  const first = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
  const files = readdirSync(cache);
  assert.equal(files.length, 1, files.join(' '));
  assert.match(files[0]!, /^cli-main-[0-9a-z]+-[0-9a-z]+-v[\d.]+-\w+\.v8cache$/);
  const second = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
  for (const r of [first, second]) {
    assert.equal(r.code, off.code);
    assert.equal(r.stdout, off.stdout);
    assert.equal(r.stderr, off.stderr);
  }
  // Corrupt bytes under the expected name: V8 rejects them, the bundle compiles, a good cache replaces them.
  writeFileSync(join(cache, files[0]!), Buffer.alloc(4096, 7));
  const corrupt = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
  assert.equal(corrupt.code, off.code);
  assert.equal(corrupt.stdout, off.stdout);
  const again = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
  assert.equal(again.stdout, off.stdout);
  assert.deepEqual(readdirSync(cache), files, 'no temporary file left behind');
});

test('a cache directory that cannot be written costs nothing but the cache', { timeout: 60_000 }, () => {
  const dir = project();
  const parent = mkdtempSync(join(tmpdir(), 'ac-cache-'));
  // A file where the directory should be: mkdir fails whoever runs the test (root too).
  const blocked = join(parent, 'not-a-dir');
  writeFileSync(blocked, '');
  chmodSync(blocked, 0o400);
  const r = runCli(['lint', '--no-env-check', '.'], {
    cwd: dir,
    env: { ASSISTANT_CONFIG_COMPILE_CACHE: join(blocked, 'x') },
  });
  const off = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env: { ASSISTANT_CONFIG_COMPILE_CACHE: '0' } });
  assert.equal(r.code, off.code);
  assert.equal(r.stdout, off.stdout);
  assert.equal(r.stderr, off.stderr);
  const v = runCli(['--version'], { env: { ASSISTANT_CONFIG_COMPILE_CACHE: join(blocked, 'x') } });
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^\d+\.\d+\.\d+\n$/);
});

test('the cache lives in the user cache directory of each platform, or where the variable says', () => {
  const home = { HOME: '/home/u' };
  assert.equal(cacheDir({ ...home, ASSISTANT_CONFIG_COMPILE_CACHE: '0' }), undefined);
  assert.equal(cacheDir({ ...home, ASSISTANT_CONFIG_COMPILE_CACHE: 'false' }), undefined);
  assert.equal(cacheDir({ ASSISTANT_CONFIG_COMPILE_CACHE: '/x/y' }), '/x/y');
  assert.equal(cacheDir({ XDG_CACHE_HOME: '/xdg' }, 'linux'), '/xdg/assistant-config');
  assert.match(cacheDir({}, 'linux') ?? '', /[\\/]\.cache[\\/]assistant-config$/);
  assert.match(cacheDir({}, 'darwin') ?? '', /[\\/]Library[\\/]Caches[\\/]assistant-config$/);
  assert.match(
    cacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32') ?? '',
    /assistant-config[\\/]cache$/,
  );
});

test('test-connection (a second bundle, required by the cached one) still loads', { timeout: 60_000 }, () => {
  const cache = mkdtempSync(join(tmpdir(), 'ac-cache-'));
  for (let i = 0; i < 2; i++) {
    const r = runCli(['test-connection', '--help'], { env: { ASSISTANT_CONFIG_COMPILE_CACHE: cache } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Usage: assistant-config test-connection/);
  }
});

test('a cache file is used only with the very bundle it was made from', () => {
  const source = Buffer.from('console.log("a");');
  const data = Buffer.from([1, 2, 3, 4, 5]);
  const file = cacheFileOf(source, data);
  assert.deepEqual(cachedDataFor(file, source), data);
  // Another bundle of the same length (V8's own check would take it), a longer one, a shorter one.
  assert.equal(cachedDataFor(file, Buffer.from('console.log("b");')), undefined);
  assert.equal(cachedDataFor(file, Buffer.from('console.log("ab");')), undefined);
  assert.equal(cachedDataFor(file, Buffer.from('console.log();')), undefined);
  // Truncated files, no V8 data, nothing.
  assert.equal(cachedDataFor(file.subarray(0, 10), source), undefined);
  assert.equal(cachedDataFor(file.subarray(0, 4 + source.length), source), undefined);
  assert.equal(cachedDataFor(Buffer.alloc(0), source), undefined);
  assert.equal(cachedDataFor(undefined, source), undefined);
});

test(
  'a cache made from another bundle of the same size, under the expected name, is not used',
  { timeout: 60_000 },
  () => {
    const dir = project();
    const cache = mkdtempSync(join(tmpdir(), 'ac-cache-'));
    const env = { ASSISTANT_CONFIG_COMPILE_CACHE: cache };
    const off = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env: { ASSISTANT_CONFIG_COMPILE_CACHE: '0' } });
    runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
    const [name] = readdirSync(cache);
    assert.ok(name);
    // A bundle of the same length that says another message, compiled: its cache under this name.
    const bundle = readFileSync(join(ROOT, 'dist/cli-main.js'));
    const other = Buffer.from(
      bundle.toString('latin1').replace('unknown-discriminator', 'unknown-discriminatoR'),
      'latin1',
    );
    assert.equal(other.length, bundle.length);
    assert.notDeepEqual(other, bundle);
    const wrapper = `(function (exports, require, module, __filename, __dirname) { ${other.toString('utf8')}\n})`;
    writeFileSync(join(cache, name), cacheFileOf(other, new Script(wrapper).createCachedData()));
    const r = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
    assert.equal(r.code, off.code);
    assert.equal(r.stdout, off.stdout);
    assert.equal(r.stderr, off.stderr);
    // Not used: the run compiled the bundle and wrote its own cache in its place.
    const written = readFileSync(join(cache, name));
    assert.ok(cachedDataFor(written, bundle), 'the cache was made again from the real bundle');
  },
);

test('a plain lint does not load node:crypto (its start-up cost); --cache does', { timeout: 60_000 }, () => {
  const dir = project();
  // What the process loaded, said at exit by a preloaded script.
  const preload = join(dir, 'modules.cjs');
  writeFileSync(
    preload,
    "process.on('exit', () => process.stderr.write(process.moduleLoadList.includes('NativeModule crypto') ? '\\nCRYPTO' : '\\nNONE'));\n",
  );
  const loaded = (args: string[]): boolean => {
    const r = spawnSync(process.execPath, ['-r', preload, CLI, ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ASSISTANT_CONFIG_COMPILE_CACHE: mkdtempSync(join(tmpdir(), 'ac-cache-')) },
    });
    assert.match(r.stderr, /\n(CRYPTO|NONE)$/, r.stderr);
    return r.stderr.endsWith('CRYPTO');
  };
  assert.equal(loaded(['lint', '--no-env-check', '--format', 'json', '.']), false);
  assert.equal(loaded(['lint', '--no-env-check', '--cache-location', join(dir, 'c.json'), '.']), true);
});

test(
  "a new cache removes the same bundle's older ones beyond the newest three, and temporary files left by dead runs (REVIEW16-user N8)",
  { timeout: 60_000 },
  () => {
    const dir = project();
    const cache = mkdtempSync(join(tmpdir(), 'ac-cache-prune-'));
    const env = { ASSISTANT_CONFIG_COMPILE_CACHE: cache };
    const hour = 3600;
    const now = Date.now() / 1000;
    // Caches of earlier builds of the CLI (never valid again), of the server, and files that are not ours.
    const made: Record<string, number> = {
      'cli-main-aa-k1-v20.1.0-x64.v8cache': now - 5 * hour,
      'cli-main-ab-k2-v20.1.0-x64.v8cache': now - 4 * hour,
      'cli-main-ac-k3-v20.1.0-x64.v8cache': now - 3 * hour,
      'cli-main-ad-k4-v18.2.0-arm64.v8cache': now - 2 * hour,
      'cli-main-ae-k5-v20.1.0-x64.v8cache': now - 1 * hour,
      'server-main-aa-k1-v20.1.0-x64.v8cache': now - 9 * hour,
      'server-main-ab-k2-v20.1.0-x64.v8cache': now - 8 * hour,
      'server-main-ac-k3-v20.1.0-x64.v8cache': now - 7 * hour,
      'server-main-ad-k4-v20.1.0-x64.v8cache': now - 6 * hour,
      'notes.txt': now - 10 * hour,
      'cli-main-af-k6-v20.1.0-x64.v8cache.4242.tmp': now - 2 * hour,
      'cli-main-ag-k7-v20.1.0-x64.v8cache.4343.tmp': now - 60,
    };
    for (const [name, t] of Object.entries(made)) {
      writeFileSync(join(cache, name), 'x');
      utimesSync(join(cache, name), t, t);
    }
    const first = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
    assert.equal(first.code, 1, first.stderr);
    const after = readdirSync(cache).sort();
    const fresh = after.filter((f) => !(f in made));
    assert.equal(fresh.length, 1, `one new cache: ${after.join(' ')}`);
    assert.match(fresh[0]!, /^cli-main-/);
    assert.deepEqual(
      after.filter((f) => f !== fresh[0]),
      [
        'cli-main-ad-k4-v18.2.0-arm64.v8cache',
        'cli-main-ae-k5-v20.1.0-x64.v8cache',
        'cli-main-ag-k7-v20.1.0-x64.v8cache.4343.tmp',
        'notes.txt',
        'server-main-aa-k1-v20.1.0-x64.v8cache',
        'server-main-ab-k2-v20.1.0-x64.v8cache',
        'server-main-ac-k3-v20.1.0-x64.v8cache',
        'server-main-ad-k4-v20.1.0-x64.v8cache',
      ],
      "the two newest older CLI caches stay (three in all), the server's and other files are not touched, a dead run's old temporary file goes",
    );
    // A run that uses the cache writes nothing and removes nothing.
    const second = runCli(['lint', '--no-env-check', '.'], { cwd: dir, env });
    assert.equal(second.stdout, first.stdout);
    assert.deepEqual(readdirSync(cache).sort(), after);
  },
);
