// dist/cli.js, the `assistant-config` bin: loads the CLI bundle (dist/cli-main.js) with a V8 code
// cache, as v8-compile-cache does and Node 22's module.enableCompileCache does natively (the
// package supports Node 20). Without it every run parses the 430 KB bundle and compiles each
// function it calls; with it the bytecode of the first run is reused. Measured on 10,000 small
// configs (bench/cli-vs-ajv.mjs): about 25 ms of the run, and 10 of the 80 ms of `--version`.
//
// The cache is never a correctness dependency: it lives in the user's cache directory (not a shared
// temporary directory: the bytes are code), named by the bundle's size and modification time, the
// Node version and the architecture, and it holds a copy of the bundle it was made from: it is used
// only when that copy is byte for byte the bundle now (V8 itself checks only the source's length).
// V8 rejects a cache it cannot use, and then, as on any error, the bundle loads as a plain module.
// ASSISTANT_CONFIG_COMPILE_CACHE=0 turns it off; a path there moves it. No hash is computed: loading
// node:crypto took about 2.5 ms of every run's start-up (a plain lint needs it nowhere else), and
// comparing the bundle with its copy costs a read and a memcmp.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { cacheDir } from './cacheDir';
import { cacheFileOf, cachedDataFor } from './codeCache';

interface CliModule {
  run(): void;
}

const bundle = join(__dirname, 'cli-main.js');

/** Compiles and runs the bundle's module code with `cachedData`; writes a new cache when there was none. */
function loadWithCache(dir: string): CliModule {
  const bytes = readFileSync(bundle);
  const st = statSync(bundle);
  // The name finds the cache of this bundle (a rebuilt or reinstalled one gets another); the copy
  // inside decides whether it is used.
  const name = `${st.size.toString(36)}-${Math.round(st.mtimeMs * 1000).toString(36)}-${process.version}-${process.arch}`;
  const file = join(dir, `cli-main-${name}.v8cache`);
  let cached: Buffer | undefined;
  try {
    cached = cachedDataFor(readFileSync(file), bytes);
  } catch {
    cached = undefined;
  }
  let source = bytes.toString('utf8');
  if (source.startsWith('#!')) source = '//' + source.slice(2);
  const wrapper = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
  const script = new Script(wrapper, { filename: bundle, ...(cached ? { cachedData: cached } : {}) });
  const mod = { exports: {} as unknown };
  const fn = script.runInThisContext() as (
    e: unknown,
    r: NodeJS.Require,
    m: { exports: unknown },
    f: string,
    d: string,
  ) => void;
  fn.call(mod.exports, mod.exports, createRequire(bundle), mod, bundle, dirname(bundle));
  if (!cached || script.cachedDataRejected === true) {
    // At exit, when the run has compiled the functions it used: their bytecode goes in the cache.
    process.once('exit', () => {
      try {
        writeAtomically(dir, file, cacheFileOf(bytes, script.createCachedData()));
      } catch {
        // A read-only or full disk: no cache, the next run compiles again.
      }
    });
  }
  return mod.exports as CliModule;
}

function writeAtomically(dir: string, file: string, data: Buffer): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, data);
  } finally {
    closeSync(fd);
  }
  // Several runs at once (pre-commit, CI matrices) each write a whole file; the last rename wins.
  renameSync(tmp, file);
}

function load(): CliModule {
  const dir = cacheDir(process.env);
  if (dir) {
    try {
      return loadWithCache(dir);
    } catch {
      // Fall through: the plain module load below.
    }
  }
  return createRequire(__filename)(bundle) as CliModule;
}

if (require.main === module) load().run();
