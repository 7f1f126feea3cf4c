// Our sources bundled with esbuild for a benchmark that calls them in process (the parser floors of
// run.mjs, typing-while-broken.mjs's incremental patch, diag-masking.mjs's two validators): one place
// for the options, which are scripts/build.mjs's for the CLI without minifying (cjs, node20).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A source file of server/src, as a string literal for an entry's `export … from`. */
export function source(path) {
  return JSON.stringify(join(ROOT, 'server/src', path));
}

/**
 * Bundles `entry` (TypeScript: `export … from ${source('parser/index.ts')}` lines) and loads it.
 * `plugins`: esbuild plugins (diag-masking.mjs swaps a function of codes.ts). `dir`: where to write the
 * entry and the bundle (kept); without it, a temporary directory removed once the bundle is loaded.
 * Throws what esbuild throws.
 */
export async function bundleSources(entry, { name = 'ours', plugins = [], dir } = {}) {
  const esbuild = createRequire(join(ROOT, 'package.json'))('esbuild');
  const at = dir ?? mkdtempSync(join(tmpdir(), 'ac-bench-bundle-'));
  try {
    const file = join(at, `${name}.ts`);
    writeFileSync(file, entry);
    const out = join(at, `${name}.cjs`);
    await esbuild.build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      mainFields: ['module', 'main'],
      outfile: out,
      logLevel: 'silent',
      plugins,
    });
    return createRequire(join(at, 'x.cjs'))(out);
  } finally {
    if (dir === undefined) rmSync(at, { recursive: true, force: true });
  }
}
