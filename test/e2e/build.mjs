// Bundles the end-to-end suite (suite/*.ts) into .cache/suite/*.js (git- and lint-ignored) for VS Code's extension host:
// one CommonJS file per test file, with `vscode` (given by the host) and `mocha` (from
// test/e2e/node_modules) left external. esbuild comes from the root project's dependencies.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const suite = join(here, 'suite');
const outdir = join(here, '.cache', 'suite');

export async function buildSuite() {
  rmSync(outdir, { recursive: true, force: true });
  const entryPoints = readdirSync(suite)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => join(suite, f));
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    mainFields: ['module', 'main'],
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(outdir, 'index.js');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const index = await buildSuite();
  console.log(`e2e suite built: ${index}`);
}
