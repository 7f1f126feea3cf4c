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
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
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
        return;
      }
      try {
        prune(dir, stem, file);
      } catch {
        // Pruning is housekeeping: never a reason for a run to fail.
      }
    });
  }
  return mod.exports;
}

/** How many caches of one bundle stay: the newest (several installs used in turn do not rewrite each other's). */
export const KEPT_PER_BUNDLE = 3;
/** A temporary file older than this was left by a run that died before its rename. */
const STALE_TMP_MS = 60 * 60 * 1000;

/**
 * A new cache is written once per build or install of a bundle, and the older ones are never used again
 * (REVIEW16-user N8: 1,740 files, 2.3 GB after two days of rebuilds): after writing `kept`, the caches
 * of the same bundle beyond the newest KEPT_PER_BUNDLE go, and so do temporary files left by runs that
 * died. Only files named as this launcher names them are touched.
 */
export function prune(dir: string, stem: string, kept: string): void {
  const ours = new RegExp(`^${stem.replace(/[^\w]/g, '\\$&')}-[0-9a-z]+-[0-9a-z]+-v\\d+\\.\\d+\\.\\d+-\\w+\\.v8cache$`);
  const now = Date.now();
  const caches: { path: string; mtime: number }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === kept) continue;
    if (ours.test(name)) {
      try {
        caches.push({ path, mtime: statSync(path).mtimeMs });
      } catch {
        // Removed meanwhile by another run.
      }
    } else if (/\.v8cache\.\d+\.tmp$/.test(name)) {
      try {
        if (now - statSync(path).mtimeMs > STALE_TMP_MS) unlinkSync(path);
      } catch {
        // Removed or renamed meanwhile.
      }
    }
  }
  caches.sort((a, b) => b.mtime - a.mtime);
  for (const c of caches.slice(KEPT_PER_BUNDLE - 1)) {
    try {
      unlinkSync(c.path);
    } catch {
      // Removed meanwhile by another run.
    }
  }
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
