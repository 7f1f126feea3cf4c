// Builds the bundles (dist/), the precompiled schema validator and, with --tests, the test files (out/).
// ASSISTANT_CONFIG_ESBUILD: esbuild fetched by scripts/prepare.mjs where npm installed no devDependencies.
const esbuild = await import(process.env.ASSISTANT_CONFIG_ESBUILD || 'esbuild');
import { readdirSync, statSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateValidator } from './gen-validator.mjs';
import { webBuildOptions as web } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
// Bundles are always minified (they ship as built; cold start is faster) with linked source maps
// beside them, which .vscodeignore leaves out of the package. --dev skips minification.
const dev = args.has('--dev');

generateValidator(root);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  minify: !dev,
  legalComments: 'none',
  // jsonc-parser's UMD build hides its requires from bundlers; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
};

const shebang = { js: '#!/usr/bin/env node' };

/**
 * In dist/cli-main.js, `import('./cli/testConnection')` loads dist/cli-connection.js at run time instead
 * of bundling it: Test Connection's HTTP stack (undici, about 420 KB) is then parsed only by that
 * command, and `lint` and `format` start faster. (Test builds bundle it as usual.)
 */
const connectionApart = {
  name: 'cli-connection-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/cli\/testConnection$/ }, () => ({ path: './cli-connection.js', external: true }));
  },
};
/**
 * undici ships its HTTP parser (llhttp) twice, as base64 WebAssembly with and without SIMD (65 KB
 * each, 22 KB packed), and loads the plain one when SIMD does not compile. The SIMD build only parses
 * faster, which a handful of small answers never notices: both requires get the plain build, so each
 * bundle with undici holds one copy (the .vsix stays under 1 MiB: test/packaging.test.ts).
 */
const oneLlhttp = {
  name: 'one-llhttp',
  setup(build) {
    build.onResolve({ filter: /(^|\/)llhttp_simd-wasm\.js$/ }, (a) => ({
      path: join(a.resolveDir, a.path.replace(/llhttp_simd-wasm\.js$/, 'llhttp-wasm.js')),
    }));
  },
};
const bundles = [
  // The language server: a small launcher that loads the server bundle with a V8 code cache (serverLaunch.ts).
  { entry: 'server/src/serverLaunch.ts', out: 'dist/server.js', banner: shebang },
  { entry: 'server/src/server.ts', out: 'dist/server-main.js' },
  // The bin is a small launcher that loads the CLI bundle with a V8 code cache (cli/launch.ts).
  { entry: 'server/src/cli/launch.ts', out: 'dist/cli.js', banner: shebang },
  // import() of the connection bundle becomes require(): the launcher compiles this bundle as a
  // vm.Script, whose import() Node 20.0 cannot serve.
  {
    entry: 'server/src/cli.ts',
    out: 'dist/cli-main.js',
    plugins: [connectionApart],
    supported: { 'dynamic-import': false },
  },
  { entry: 'server/src/cli/testConnection.ts', out: 'dist/cli-connection.js' },
  // The lint worker thread's script: only what linting needs, so that a worker starts fast.
  { entry: 'server/src/cli/lintWorker.ts', out: 'dist/lint-worker.js' },
  // The read-ahead thread of a one-thread lint: node:fs only, so that it starts in about 20 ms.
  { entry: 'server/src/cli/readWorker.ts', out: 'dist/read-worker.js' },
  // The desktop client in three steps: what activates on every YAML/JSON file (main), the language
  // client loaded with the first AssistantConfig document, Test Connection loaded on first use.
  { entry: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
  { entry: 'client/src/lsp.ts', out: 'dist/client-lsp.js', external: ['vscode'] },
  { entry: 'client/src/connection.ts', out: 'dist/client-connection.js', external: ['vscode'] },
  // The web extension: one client bundle for the web-worker extension host and the server as a Web
  // Worker, on the same service code; Node modules replaced by the small browser versions in
  // client/src/web/ (fetch for HTTP, a Buffer subset, SHA-256).
  { entry: 'client/src/browser.ts', out: 'dist/browser/client.js', external: ['vscode'], web: true },
  { entry: 'server/src/browserServer.ts', out: 'dist/browser/server.js', web: true, format: 'iife' },
];

await Promise.all(
  bundles.map((b) =>
    esbuild.build({
      ...common,
      ...(b.web ? web(root) : {}),
      ...(b.format ? { format: b.format } : {}),
      entryPoints: [join(root, b.entry)],
      outfile: join(root, b.out),
      ...(b.banner ? { banner: b.banner } : {}),
      ...(b.external ? { external: b.external } : {}),
      plugins: [...(b.plugins ?? []), ...(b.web ? web(root).plugins : [oneLlhttp])],
      ...(b.supported ? { supported: b.supported } : {}),
      metafile: false,
    }),
  ),
);

if (args.has('--tests')) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'e2e' || name.startsWith('.')) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.test.ts')) files.push(p);
    }
  };
  walk(join(root, 'test'));
  rmSync(join(root, 'out'), { recursive: true, force: true });
  mkdirSync(join(root, 'out'), { recursive: true });
  await esbuild.build({
    ...common,
    minify: false,
    sourcemap: 'inline',
    entryPoints: files,
    outdir: join(root, 'out'),
    outbase: root,
    packages: 'external',
  });
  writeFileSync(
    join(root, 'out/tests.json'),
    JSON.stringify(files.map((f) => relative(root, f).replace(/\.ts$/, '.js'))),
  );
}
