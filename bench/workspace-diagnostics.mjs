// Workspace diagnostics on a workspace of many small configs: the time until every file has been
// reported, and the server's peak memory (VmHWM), through our bundled server over stdio.
//
//   node bench/workspace-diagnostics.mjs [--files 10000] [--no-build] [--json] [--keep]
//
// The workspace: `--files` generated configs (bench/generate.mjs, one table each, about 100 lines
// and 3.5 KB), 100 to a directory, one in ten with errors, plus a node_modules/ and an excluded
// directory that must not be read. The client asks as VS Code does (`workspace/diagnostic` with a
// partial result token and the result ids it holds), but asks again at once instead of after 2 s,
// until every file is reported: the server stops each request after its time budget
// (`workspaceDiagnostics.timeBudgetMs`, default 5 s) and the next goes on where it stopped.
// While the first pass runs, a hover on an open document is sent every 100 ms: its latency shows
// whether the server stays responsive. Then a second pass after a watched-file notification (nothing
// changed on disk): every file answers `unchanged` from its size and modification time.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { WorkspaceDiagnosticRequest } from 'vscode-languageserver-protocol/node.js';
import { generate } from './generate.mjs';
import { LspSession, oursServer, procMemoryKb, sleep } from './lsp-client.mjs';
import { ensureBuilt, machineLine, fmtMs } from './editor-features.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes the workspace; returns its directory, the config paths and the env names they use. */
export function makeWorkspace(files) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wsdiag-'));
  const good = generate({ tables: 1 });
  const bad = generate({ tables: 1, errors: true });
  writeFileSync(join(dir, '.assistant-config.yaml'), 'exclude:\n  - archive/**\n');
  const paths = [];
  for (let i = 0; i < files; i++) {
    const sub = join(dir, `team-${String(Math.floor(i / 100)).padStart(3, '0')}`);
    if (i % 100 === 0) mkdirSync(sub);
    const p = join(sub, `config-${String(i).padStart(5, '0')}.assistant.yaml`);
    writeFileSync(p, (i % 10 === 9 ? bad : good).text.replace('# AssistantConfig', `# AssistantConfig ${i}`));
    paths.push(p);
  }
  for (const skipped of ['node_modules/pkg', 'archive'])
    for (let i = 0; i < 10; i++) {
      mkdirSync(join(dir, skipped), { recursive: true });
      writeFileSync(join(dir, skipped, `old-${i}.assistant.yaml`), bad.text);
    }
  return {
    dir,
    paths,
    envNames: [...new Set([...good.envNames, ...bad.envNames])],
    withErrors: Math.floor((files + 1) / 10),
  };
}

let tokenCounter = 0;
/** One request; resolves with every report (partial results and the final answer) and timings. */
async function pull(s, held) {
  const token = `bench-ws-${++tokenCounter}`;
  const reports = [];
  let firstMs;
  const t0 = performance.now();
  const sub = s.conn.onProgress(WorkspaceDiagnosticRequest.partialResult, token, (p) => {
    firstMs ??= performance.now() - t0;
    reports.push(...(p.items ?? []));
  });
  const r = await s.conn.sendRequest('workspace/diagnostic', {
    previousResultIds: [...held].map(([uri, value]) => ({ uri, value })),
    partialResultToken: token,
  });
  sub.dispose();
  reports.push(...(r?.items ?? []));
  return { reports, ms: performance.now() - t0, firstMs: firstMs ?? performance.now() - t0 };
}

/**
 * Runs the measurement. Resolves with { files, requests, fullMs, firstReportMs, reported, withDiagnostics,
 * unexpected, unchangedPassMs, unchanged, hover: {n, median, p95, max}, peakKb, idlePeakKb }.
 */
export async function runWorkspaceDiagnostics({ files = 10_000, keep = false, serverPath, timeBudgetMs } = {}) {
  const ws = makeWorkspace(files);
  const expected = new Set(ws.paths.map((p) => pathToFileURL(p).href));
  const settings = {
    assistantConfig: {
      workspaceDiagnostics: { enabled: true, ...(timeBudgetMs !== undefined ? { timeBudgetMs } : {}) },
    },
  };
  const spec = {
    ...oursServer(ROOT, { envNames: ws.envNames, settings, ...(serverPath ? { serverPath } : {}) }),
    cwd: ws.dir,
  };
  const s = await LspSession.start(spec, { timeoutMs: 60_000 });
  try {
    await s.configure();
    // A small open document for the responsiveness probe.
    const probeUri = pathToFileURL(join(ws.dir, 'open.assistant.yaml')).href;
    const probe = generate({ tables: 1 });
    await s.open(probeUri, probe.text);
    const idlePeakKb = procMemoryKb(s.pid).hwm;

    const held = new Map();
    const withDiagnostics = new Set();
    const unexpected = new Set();
    let requests = 0;
    let firstReportMs;
    const hoverTimes = [];
    let walking = true;
    const prober = (async () => {
      while (walking) {
        const h = await s.hover(probeUri, probe.marks.tableKey);
        hoverTimes.push(h.ms);
        await sleep(100);
      }
    })();
    const t0 = performance.now();
    while ([...expected].some((u) => !held.has(u))) {
      const r = await pull(s, held);
      firstReportMs ??= r.firstMs;
      requests++;
      for (const rep of r.reports) {
        if (rep.uri === probeUri) continue;
        if (!expected.has(rep.uri)) unexpected.add(rep.uri);
        if (rep.resultId !== undefined) held.set(rep.uri, rep.resultId);
        if (rep.kind === 'full' && rep.items.length > 0) withDiagnostics.add(rep.uri);
      }
      if (requests > 1000) throw new Error('workspace diagnostics made no progress');
    }
    const fullMs = performance.now() - t0;
    walking = false;
    await prober;
    const peakAfterFull = procMemoryKb(s.pid).hwm;

    // Second pass: a watched file changed notification wakes the server; nothing changed on disk.
    s.conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: pathToFileURL(join(ws.dir, 'x.yaml')).href, type: 2 }],
    });
    const t1 = performance.now();
    let unchanged = 0;
    const second = await pull(s, held);
    for (const rep of second.reports) if (rep.kind === 'unchanged') unchanged++;
    const unchangedPassMs = performance.now() - t1;

    const hs = [...hoverTimes].sort((a, b) => a - b);
    const pct = (p) => hs[Math.min(hs.length - 1, Math.ceil((p / 100) * hs.length) - 1)] ?? NaN;
    return {
      files,
      requests,
      fullMs,
      firstReportMs,
      reported: held.size,
      withDiagnostics: withDiagnostics.size,
      expectedWithDiagnostics: ws.withErrors,
      unexpected: [...unexpected],
      unchangedPassMs,
      unchanged,
      hover: { n: hs.length, median: pct(50), p95: pct(95), max: hs[hs.length - 1] ?? NaN },
      idlePeakKb,
      peakKb: Math.max(peakAfterFull, s.peakRssKb()),
    };
  } finally {
    await s.stop();
    if (!keep) rmSync(ws.dir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const val = (name, def) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : def;
  };
  if (!args.includes('--no-build')) ensureBuilt();
  const before = machineLine();
  const r = await runWorkspaceDiagnostics({ files: val('--files', 10_000), keep: args.includes('--keep') });
  if (args.includes('--json')) {
    console.log(JSON.stringify(r, null, 2));
    return;
  }
  const mb = (kb) => `${Math.round(kb / 1024)} MB`;
  console.log(
    `\nWorkspace diagnostics on ${r.files.toLocaleString('en')} files (about 100 lines each, one in ten with errors)`,
  );
  console.log(`before: ${before}\nafter:  ${machineLine()}\n`);
  console.log('| metric | value |');
  console.log('|---|---:|');
  console.log(`| time to the full report (every file reported) | ${fmtMs(r.fullMs)} |`);
  console.log(`| requests it took (time budget 5 s each) | ${r.requests} |`);
  console.log(`| time to the first partial result | ${fmtMs(r.firstReportMs)} |`);
  console.log(
    `| files reported / with diagnostics (expected ${r.expectedWithDiagnostics}) | ${r.reported} / ${r.withDiagnostics} |`,
  );
  console.log(`| files reported that should not be (node_modules, excluded) | ${r.unexpected.length} |`);
  console.log(
    `| second pass, nothing changed: time / files answered unchanged | ${fmtMs(r.unchangedPassMs)} / ${r.unchanged} |`,
  );
  console.log(
    `| hover during the first pass: median / p95 / max (n=${r.hover.n}) | ${fmtMs(r.hover.median)} / ${fmtMs(r.hover.p95)} / ${fmtMs(r.hover.max)} |`,
  );
  console.log(`| server peak memory (VmHWM): before the walk / after | ${mb(r.idlePeakKb)} / ${mb(r.peakKb)} |`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
