// Loads a bundle of dist/ with a V8 code cache, as v8-compile-cache does and Node 22's
// module.enableCompileCache does natively (the package supports Node 20): the CLI's launcher
// (dist/cli.js → cli-main.js, cli/launch.ts) and the language server's (dist/server.js →
// server-main.js, serverLaunch.ts). Without it every start parses the bundle and compiles each
// function it calls; with it the bytecode of an earlier run is reused.
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

/** Compiles and runs the bundle's module code with `cachedData`; writes a new cache when there was none. */
function loadWithCache(bundle: string, dir: string, keep: (code: number) => boolean): unknown {
  const bytes = readFileSync(bundle);
  const st = statSync(bundle);
  // The name finds the cache of this bundle (a rebuilt or reinstalled one gets another); the copy
  // inside decides whether it is used.
  const name = `${st.size.toString(36)}-${Math.round(st.mtimeMs * 1000).toString(36)}-${process.version}-${process.arch}`;
  const stem = bundle.replace(/^.*[\\/]/, '').replace(/\.js$/, '');
  const file = join(dir, `${stem}-${name}.v8cache`);
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
    process.once('exit', (code) => {
      if (!keep(code)) return;
      try {
        writeAtomically(dir, file, cacheFileOf(bytes, script.createCachedData()));
      } catch {
        // A read-only or full disk: no cache, the next run compiles again.
      }
    });
  }
  return mod.exports;
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
  // Several runs at once (pre-commit, CI matrices, editor windows) each write a whole file; the last rename wins.
  renameSync(tmp, file);
}

/**
 * The exports of `bundle` (a CommonJS bundle beside the launcher), loaded with the code cache when
 * there is one. `keep`: whether a run that ends with this exit code made a cache worth keeping (one
 * that compiled what later runs use; the cache is not made again while it is valid).
 */
export function loadCachedBundle(bundle: string, keep: (code: number) => boolean = () => true): unknown {
  const dir = cacheDir(process.env);
  if (dir) {
    try {
      return loadWithCache(bundle, dir, keep);
    } catch {
      // Fall through: the plain module load below.
    }
  }
  return createRequire(bundle)(bundle) as unknown;
}
