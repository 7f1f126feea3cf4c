// Fuzzing the language service: generated (valid and nearly valid) documents and mutations of every
// example and fixture, each through validation, completion, hover, code actions, symbols, folding,
// selection ranges and formatting at random positions. No exception, well-formed results, each call
// bounded in time. The properties run in a worker thread so that a hang (a synchronous endless loop)
// becomes a failing test naming its input instead of a stuck test run.
// Replay a failure: FUZZ_SEED=<seed printed below> node scripts/run-tests.mjs robustness/fuzz
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { analyze, doHover } from '../../server/src/service';
import { doComplete } from '../../server/src/service/completion';
import { caseArbitraries, checkCase, corpus, stats, resetStats, CALL_BOUND_MS, ENV } from './properties';
import type { FuzzCase } from './properties';
import { testSeed } from '../seed';

const RUNS = Number(process.env.FUZZ_RUNS ?? 800);
/**
 * A property whose worker starts no new case for this long is hung on its current case (one case
 * takes milliseconds). Measured from the last case, not from the start: on a loaded machine the
 * thousands of cases may take minutes in all and still all be checked.
 */
const HANG_MS = Number(process.env.FUZZ_HANG_MS ?? 30_000);

type Msg =
  { type: 'case'; c: FuzzCase } | { type: 'done'; stats: typeof stats; ms: number } | { type: 'fail'; message: string };

function runInWorker(name: string, seed: number, numRuns: number): Promise<{ stats: typeof stats; ms: number }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { name, seed, numRuns } });
    let last: FuzzCase | undefined;
    const hung = (): void => {
      void w.terminate();
      reject(
        new Error(
          `'${name}' checked no new case for ${HANG_MS} ms (seed ${seed}); the case being checked:\n${JSON.stringify(last)}`,
        ),
      );
    };
    let timer = setTimeout(hung, HANG_MS);
    w.on('message', (m: Msg) => {
      if (m.type === 'case') {
        last = m.c;
        clearTimeout(timer);
        timer = setTimeout(hung, HANG_MS);
      } else if (m.type === 'done') {
        clearTimeout(timer);
        void w.terminate();
        resolve(m);
      } else {
        clearTimeout(timer);
        void w.terminate();
        reject(new Error(m.message));
      }
    });
    w.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

if (!isMainThread && workerData) {
  const { name, seed, numRuns } = workerData as { name: string; seed: number; numRuns: number };
  const arb = caseArbitraries().find((a) => a.name === name)!.arb;
  const t0 = performance.now();
  resetStats();
  try {
    fc.assert(
      fc.property(arb, (c) => {
        // Posted before the check: if the check never returns, the main thread knows what hung.
        parentPort!.postMessage({ type: 'case', c } satisfies Msg);
        checkCase(c);
      }),
      { seed, numRuns },
    );
    parentPort!.postMessage({ type: 'done', stats: { ...stats }, ms: performance.now() - t0 } satisfies Msg);
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? `\ncause: ${e.cause.stack ?? e.cause.message}` : '';
    parentPort!.postMessage({
      type: 'fail',
      message: (e instanceof Error ? e.message : String(e)) + cause,
    } satisfies Msg);
  }
}

if (isMainThread) {
  const seed = testSeed('fuzz', 0xf022, 'FUZZ_SEED');
  console.log(`fuzz: property i uses seed+i, ${RUNS} runs per property, call bound ${CALL_BOUND_MS} ms`);
  const names = ['generated documents', 'mutated examples and fixtures', 'mutated generated documents'];
  // One worker per property, one after the other (the test run already uses both cores).
  names.forEach((n, i) => {
    test(`fuzz: ${n} (seed ${seed + i})`, async () => {
      const r = await runInWorker(n, seed + i, RUNS);
      console.log(
        `  ${n}: ${r.stats.cases} cases, ${r.stats.calls} calls in ${(r.ms / 1000).toFixed(1)} s, max call ${r.stats.maxCallMs.toFixed(1)} ms (${r.stats.maxCall}), ${r.stats.retimed} over ${CALL_BOUND_MS} ms by the clock and within it by CPU time`,
      );
      assert.equal(r.stats.cases, RUNS);
      // Every call was timed against the bound (a call over it by CPU time throws, naming its case).
      assert.ok(r.stats.calls >= RUNS * 10, `${r.stats.calls} calls`);
    });
  });

  test('fuzz: truncation at every offset of every example (YAML and JSON; every 5th in the two large ones), validation, completion and hover at the cut', () => {
    const files = corpus().filter((f) => f.path.startsWith('examples/'));
    assert.ok(files.length >= 10);
    for (const f of files) {
      const step = f.text.length > 1000 ? 5 : 1;
      for (let at = 0; at <= f.text.length; at += step) {
        const text = f.text.slice(0, at);
        const { doc, diagnostics } = analyze(text, f.language);
        for (const d of diagnostics)
          assert.ok(
            d.offset >= 0 && d.offset + d.length <= text.length,
            `${f.path} cut at ${at}: ${d.code} ${d.offset}+${d.length}`,
          );
        for (const it of doComplete(doc, at, { env: ENV }).items)
          assert.ok(
            it.replace.offset >= 0 && it.replace.offset + it.replace.length <= text.length,
            `${f.path} cut at ${at}: completion ${it.label}`,
          );
        const h = doHover(doc, Math.max(0, at - 1), { env: ENV });
        if (h) assert.ok(h.offset >= 0 && h.offset + h.length <= text.length);
      }
    }
  });

  test('fuzz: a known case replays (the checks themselves work)', () => {
    // A fixed input that once made completion loop forever (a leading blank line, cursor below).
    checkCase({ text: '\nx\n  ', language: 'yaml', positions: [4, 0, 1], source: 'regression' });
    // And an unclosed quote at the end: its syntax error must stay inside the text.
    checkCase({ text: 'kind: AssistantConfig\n    ": x\n', language: 'yaml', positions: [0], source: 'regression' });
    // A lone newline, cursor at 0: the cursor's line was taken to start after it (a negative column).
    checkCase({ text: '\n', language: 'yaml', positions: [0, 1], source: 'regression' });
    checkCase({ text: '\n', language: 'json', positions: [0, 1], source: 'regression' });
    // A final `---`: the empty document's warning stays inside the text.
    checkCase({ text: 'name: x\n---', language: 'yaml', positions: [0], source: 'regression' });
    // Completion inside the quotes of a boolean with a default (`"enable": "bl|"`) threw.
    checkCase({
      text: '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"threadTitleGeneration":{"enable":"blockMedium"}}}',
      language: 'json',
      positions: [118, 120, 129],
      source: 'regression',
    });
    // Switching the variant of an unclosed flow mapping: its composed edits overlapped and threw.
    checkCase({
      text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: {vendor_b\n    baseUrl: https://llm.vendor-b.example/v1\n    apiKey:\n      valueFromEnv: VENDOR_B_API_KEY\n',
      language: 'yaml',
      positions: [0, 65, 70],
      source: 'regression',
    });
    // Completion in a broken flow mapping whose alias points back at the enclosing mapping looped
    // forever (found by fuzz-long at 122k cases).
    checkCase({
      text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &main\n    provider: hosted\n    f{allback: *main\n  aiPrimitivesLlm: *nowhere\n',
      language: 'yaml',
      positions: [95, 78],
      source: 'regression',
    });
    assert.ok(stats.cases >= 8);
  });
}
