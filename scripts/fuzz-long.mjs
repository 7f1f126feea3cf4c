// The long fuzz run: the properties of test/robustness/fuzz.test.ts for N cases (default 1,000,000).
//   node scripts/fuzz-long.mjs [--cases N] [--seed S] [--workers W] [--chunk C] [--keep-going]
// Cases are split into chunks of C, each chunk checked with seed S+k by one of W worker threads
// (the three properties in turn). Prints progress (cases, cases/s, slowest call) and a summary; a
// failure prints its seed, chunk and counterexample. A worker that makes no progress for 60 s is
// taken as hung: the case it was checking is printed and the run fails.
import * as esbuild from 'esbuild';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setInterval, clearInterval } from 'node:timers';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : def;
};
const total = opt('cases', 1_000_000);
const seed = opt('seed', Number(process.env.FUZZ_SEED ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0));
const workers = Math.max(1, opt('workers', Math.max(1, Math.min(4, availableParallelism() - 0))));
const chunk = Math.max(1, opt('chunk', 500));
const keepGoing = argv.includes('--keep-going');
const STALL_MS = 60_000;

const dir = mkdtempSync(join(tmpdir(), 'fuzz-long-'));
const bundle = join(dir, 'properties.cjs');
await esbuild.build({
  entryPoints: [join(root, 'test/robustness/properties.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
});

const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const fc = require(${JSON.stringify(join(root, 'node_modules/fast-check'))});

const P = require(workerData.bundle);
const arbs = P.caseArbitraries(workerData.root);
parentPort.on('message', ({ k, seed, numRuns }) => {
  const a = arbs[k % arbs.length];
  P.resetStats();
  let n = 0;
  const r = fc.check(fc.property(a.arb, (c) => {
    // Every case is announced before it runs, so a stall names the exact case and its chunk.
    parentPort.postMessage({ type: 'case', c, k, n: n++ });
    P.checkCase(c);
  }), { seed, numRuns });
  parentPort.postMessage({ type: 'chunk', k, name: a.name, seed, stats: { ...P.stats }, failed: r.failed, report: r.failed ? fc.defaultReportMessage(r) + '\\nerror: ' + String(r.errorInstance && r.errorInstance.stack ? r.errorInstance.stack.split('\\n').slice(0, 6).join('\\n') : r.errorInstance) : undefined });
});
`;

console.log(`fuzz-long: ${total} cases, seed ${seed}, ${workers} workers, chunks of ${chunk}`);
const t0 = performance.now();
const chunks = Math.ceil(total / chunk);
let nextChunk = 0;
let done = 0;
let calls = 0;
let maxCallMs = 0;
let maxCall = '';
let failures = 0;
let lastPrint = 0;
const byName = new Map();

function report(final = false) {
  const s = (performance.now() - t0) / 1000;
  const line = `${final ? 'done' : 'progress'}: ${done} cases in ${s.toFixed(0)} s, ${(done / s).toFixed(0)} cases/s, ${calls} calls, slowest call ${maxCallMs.toFixed(1)} ms (${maxCall}), failures ${failures}`;
  console.log(line);
}

await new Promise((resolveAll) => {
  let live = 0;
  const start = () => {
    const w = new Worker(workerCode, { eval: true, workerData: { root, bundle } });
    live++;
    let lastCase;
    let lastBeat = performance.now();
    const watchdog = setInterval(() => {
      if (performance.now() - lastBeat > STALL_MS) {
        console.log(
          `HANG: a worker made no progress for ${STALL_MS / 1000} s on case ${lastCase?.n} of chunk ${lastCase?.k} (chunk seed ${seed + (lastCase?.k ?? 0)}):\n${JSON.stringify(lastCase?.c)}`,
        );
        failures++;
        clearInterval(watchdog);
        void w.terminate();
      }
    }, 5000);
    const feed = () => {
      if (nextChunk >= chunks || (failures > 0 && !keepGoing)) {
        clearInterval(watchdog);
        void w.terminate();
        return;
      }
      const k = nextChunk++;
      w.postMessage({ k, seed: seed + k, numRuns: Math.min(chunk, total - k * chunk) });
    };
    w.on('message', (m) => {
      lastBeat = performance.now();
      if (m.type === 'case') lastCase = m;
      else if (m.type === 'chunk') {
        done += m.stats.cases;
        calls += m.stats.calls;
        if (m.stats.maxCallMs > maxCallMs) {
          maxCallMs = m.stats.maxCallMs;
          maxCall = `${m.stats.maxCall}, ${m.name}`;
        }
        const b = byName.get(m.name) ?? { cases: 0 };
        b.cases += m.stats.cases;
        byName.set(m.name, b);
        if (m.failed) {
          failures++;
          console.log(
            `FAILURE in '${m.name}', chunk ${m.k}, seed ${m.seed} (replay: --seed ${m.seed - m.k} or FUZZ_SEED=${m.seed}):\n${m.report}`,
          );
        }
        if (performance.now() - lastPrint > 10_000) {
          lastPrint = performance.now();
          report();
        }
        feed();
      }
    });
    w.on('error', (e) => {
      console.log(`worker error: ${e?.stack ?? e}`);
      failures++;
    });
    w.on('exit', () => {
      clearInterval(watchdog);
      if (--live === 0) resolveAll();
    });
    feed();
  };
  for (let i = 0; i < workers; i++) start();
});

report(true);
for (const [name, b] of byName) console.log(`  ${name}: ${b.cases} cases`);
rmSync(dir, { recursive: true, force: true });
process.exit(failures > 0 ? 1 : 0);
