// dist/cli.js, the `assistant-config` bin: loads the CLI bundle (dist/cli-main.js) with a V8 code
// cache, as v8-compile-cache does and Node 22's module.enableCompileCache does natively (the
// package supports Node 20). Without it every run parses the 430 KB bundle and compiles each
// function it calls; with it the bytecode of the first run is reused. Measured on 10,000 small
// configs (bench/cli-vs-ajv.mjs): about 25 ms of the run, and 10 of the 80 ms of `--version`.
//
// The cache is never a correctness dependency: it lives in the user's cache directory (not a shared
// temporary directory: the bytes are code), keyed by the bundle's content hash, the Node version and
// the architecture; V8 rejects a cache it cannot use, and then, as on any error, the bundle loads as
// a plain module. ASSISTANT_CONFIG_COMPILE_CACHE=0 turns it off; a path there moves it.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { cacheDir } from './cacheDir';

interface CliModule {
  run(): void;
}

const bundle = join(__dirname, 'cli-main.js');

/** Compiles and runs the bundle's module code with `cachedData`; writes a new cache when there was none. */
function loadWithCache(dir: string): CliModule {
  let source = readFileSync(bundle, 'utf8');
  const key = createHash('sha256')
    .update(source)
    .update(`\0${process.version}\0${process.arch}`)
    .digest('hex')
    .slice(0, 32);
  const file = join(dir, `cli-main-${key}.v8cache`);
  let cached: Buffer | undefined;
  try {
    cached = readFileSync(file);
  } catch {
    cached = undefined;
  }
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
        writeAtomically(dir, file, script.createCachedData());
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
