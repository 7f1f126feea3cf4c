// The client's activation cost and bundle sizes (issue 16): the bundle named by `main` loaded and
// its `activate` run against a stub of the `vscode` module (bench/client/vscode-stub.mjs), with one
// YAML file already open. Prints the figures; asserts nothing (the README holds the targets).
//   node bench/client/activation.mjs [--runs N] [--file dist/client.js] [--no-build]
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { createVscodeStub } from './vscode-stub.mjs';
import { installStub, requireFresh } from './load-client.mjs';

const root = resolve(new URL('../..', import.meta.url).pathname);
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(opt('--runs', 50));
const file = resolve(root, opt('--file', 'dist/client.js'));

if (!args.includes('--no-build') && !args.includes('--file')) {
  const b = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

/**
 * For bundles other than ours (`--file`, e.g. the client before issue 16): the stub's namespaces
 * answer any name it lacks with a harmless class, so that a bundle that touches more of the API
 * while loading can still be loaded and timed.
 */
const permissive = (target) =>
  new Proxy(target, {
    get(t, k) {
      if (k in t || typeof k === 'symbol')
        return typeof t[k] === 'object' && t[k] !== null && !Array.isArray(t[k]) ? permissive(t[k]) : t[k];
      return /^[A-Z]/.test(k) ? class {} : () => ({ dispose() {} });
    },
  });

const YAML = '# a compose file, nothing to do with us\nservices:\n  web:\n    image: nginx\n';
const loadMs = [];
const activateMs = [];
let lazyLoads = 0;
let failure;
for (let i = 0; i < runs; i++) {
  const stub = createVscodeStub();
  if (args.includes('--file')) stub.vscode = permissive(stub.vscode);
  stub.openDocument('/w/docker-compose.yaml', 'yaml', YAML);
  const uninstall = installStub(stub, () => {
    lazyLoads++;
    return {};
  });
  try {
    const t0 = performance.now();
    let mod;
    try {
      mod = requireFresh(file);
    } catch (e) {
      failure ??= `loading: ${e instanceof Error ? e.message : String(e)}`;
    }
    const t1 = performance.now();
    try {
      // An async activate (the client before issue 16) has returned at its first await.
      const r = mod?.activate(stub.context(root));
      if (r && typeof r.catch === 'function') r.catch(() => undefined);
    } catch (e) {
      failure ??= e instanceof Error ? e.message : String(e);
    }
    const t2 = performance.now();
    loadMs.push(t1 - t0);
    activateMs.push(t2 - t1);
  } finally {
    uninstall();
  }
}

const sorted = (a) => [...a].sort((x, y) => x - y);
const median = (a) => sorted(a)[Math.floor(a.length / 2)];
const p95 = (a) => sorted(a)[Math.min(a.length - 1, Math.floor(a.length * 0.95))];
const total = loadMs.map((l, i) => l + activateMs[i]);
const f = (ms) => ms.toFixed(2);
console.log(
  `client activation: ${file.replace(root + '/', '')} · ${runs} runs · Node ${process.version} · load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(`| | first run | median | p95 |`);
console.log(`|---|---|---|---|`);
console.log(`| module loaded | ${f(loadMs[0])} ms | ${f(median(loadMs))} ms | ${f(p95(loadMs))} ms |`);
console.log(
  `| activate() returned | ${f(activateMs[0])} ms | ${f(median(activateMs))} ms | ${f(p95(activateMs))} ms |`,
);
console.log(`| both (target < 10 ms) | ${f(total[0])} ms | ${f(median(total))} ms | ${f(p95(total))} ms |`);
if (failure) console.log(`activate() threw with the stub: ${failure}`);
if (lazyLoads > 0) console.log(`WARNING: activation on a plain YAML file loaded another bundle ${lazyLoads} time(s)`);

console.log('\n| bundle | bytes (minified) | gzip |');
console.log('|---|---|---|');
for (const b of [
  'dist/client.js',
  'dist/client-lsp.js',
  'dist/client-connection.js',
  'dist/browser/client.js',
  'dist/browser/server.js',
  'dist/server.js',
]) {
  const p = join(root, b);
  if (!existsSync(p)) continue;
  console.log(
    `| ${b} | ${statSync(p).size.toLocaleString('en')} | ${gzipSync(readFileSync(p)).length.toLocaleString('en')} |`,
  );
}
