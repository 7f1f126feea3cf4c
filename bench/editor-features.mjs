// Inlay hints, code lenses and document links on a large realistic file: the p95 of each request
// against the completion budget (< 15 ms, issue 14), through our bundled server over stdio. Then the
// anchor features on the same file (references, highlight and rename of the anchor most aliases
// use), the outline and whole-file formatting: no issue sets their budget; they are here so that a
// cost growing faster than the file (REVIEW3 F12: rename was quadratic in the aliases) shows.
//
//   node bench/editor-features.mjs [--lines 100000] [--samples 50] [--no-build] [--json]
//
// One server, one file (bench/generate.mjs, realistic mode); the file is opened and its diagnostics
// pulled first, so every request below reads an analysed document, as completion does in run.mjs.
// Inlay hints are asked the way an editor asks them: for the visible range (60 lines, at the top, the
// middle and the end of the file in turn), and once more for the whole file (what a client that
// ignores the range would cost). Lenses and links are asked for the whole document, as VS Code does.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir, cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { generate } from './generate.mjs';
import { LspSession, oursServer } from './lsp-client.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TARGET_P95_MS = 15;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, median: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
}

/**
 * Runs the measurement; resolves with one row per request kind:
 * { name, n, median, p95, max, cpuPerRequest, target, pass, count } (cpuPerRequest: the server's CPU time
 * per request, mean, from /proc: less sensitive to the machine's load than the times; count: the most hints/lenses/links in one answer).
 */
export async function runEditorFeatures({ lines = 100_000, samples = 50, serverPath } = {}) {
  const g = generate({ lines });
  const spec = oursServer(ROOT, { envNames: g.envNames, ...(serverPath ? { serverPath } : {}) });
  const s = await LspSession.start(spec, { timeoutMs: 60_000 });
  try {
    await s.configure();
    const uri = pathToFileURL(join(tmpdir(), `bench-editor-${process.pid}.assistant.yaml`)).href;
    const open = await s.open(uri, g.text, { timeoutMs: 600_000 });
    const doc = { textDocument: { uri } };
    const total = g.text.split('\n').length;
    const window = (i) => {
      const starts = [0, Math.floor(total / 2), Math.max(0, total - 60)];
      const line = starts[i % starts.length];
      return { start: { line, character: 0 }, end: { line: line + 60, character: 0 } };
    };
    const kinds = [
      {
        name: 'inlay hints, visible range (60 lines)',
        method: 'textDocument/inlayHint',
        params: (i) => ({ ...doc, range: window(i) }),
      },
      {
        name: 'inlay hints, whole file',
        method: 'textDocument/inlayHint',
        params: () => ({ ...doc, range: { start: { line: 0, character: 0 }, end: { line: total, character: 0 } } }),
      },
      { name: 'code lenses', method: 'textDocument/codeLens', params: () => doc },
      { name: 'document links', method: 'textDocument/documentLink', params: () => doc },
    ];
    // The anchor with the most aliases (the generator shares LLM blocks through anchors).
    const lines = g.text.split('\n');
    const anchorNames = [...g.text.matchAll(/&([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    const aliasCount = (n) => g.text.split(`*${n}`).length - 1;
    const busiest = [...new Set(anchorNames)].sort((a, b) => aliasCount(b) - aliasCount(a))[0];
    if (busiest !== undefined) {
      const line = lines.findIndex((l) => l.includes(`&${busiest}`));
      const position = { line, character: lines[line].indexOf(`&${busiest}`) + 1 };
      const aliases = aliasCount(busiest);
      kinds.push(
        {
          name: `references of \`&${busiest}\` (${aliases} aliases)`,
          method: 'textDocument/references',
          params: () => ({ ...doc, position, context: { includeDeclaration: true } }),
          target: undefined,
        },
        {
          name: `highlight of \`&${busiest}\``,
          method: 'textDocument/documentHighlight',
          params: () => ({ ...doc, position }),
          target: undefined,
        },
        {
          name: `rename of \`&${busiest}\``,
          method: 'textDocument/rename',
          params: (i) => ({ ...doc, position, newName: `renamed_${i}` }),
          target: undefined,
          count: (a) => Object.values(a?.changes ?? {})[0]?.length ?? a?.documentChanges?.[0]?.edits.length ?? 0,
        },
      );
    }
    kinds.push(
      {
        name: 'outline (document symbols)',
        method: 'textDocument/documentSymbol',
        params: () => doc,
        target: undefined,
        samples: 5,
      },
      {
        // What an editor asks after typing (VS Code's outline, breadcrumbs and sticky scroll keep one
        // answer per version): each sample follows a one-character edit in a comment, untimed.
        name: 'outline after a one-character edit',
        method: 'textDocument/documentSymbol',
        params: () => doc,
        before: async (i) => {
          await s.replaceChar(uri, commentAt, i % 2 ? 'x' : 'y');
        },
        target: undefined,
        samples: 5,
      },
      {
        name: 'format the whole file',
        method: 'textDocument/formatting',
        params: () => ({ ...doc, options: { tabSize: 2, insertSpaces: true } }),
        target: undefined,
        samples: 3,
      },
    );
    // A character inside a comment (the edit before each "after an edit" sample keeps the structure).
    const commentLine = lines.findIndex((l, i) => i > total / 2 && /^\s*# \w/.test(l));
    const commentAt = { line: commentLine, character: lines[commentLine].indexOf('#') + 2 };
    const rows = [];
    for (const k of kinds) {
      const n = Math.min(samples, k.samples ?? samples);
      // Warm-up requests (the first may compile code paths), then the samples.
      for (let i = 0; i < Math.min(2, n); i++) {
        await k.before?.(i);
        await s.conn.sendRequest(k.method, k.params(i));
      }
      const times = [];
      let most = 0;
      let cpuBefore = 0;
      const cpu0 = s.cpuMs();
      for (let i = 0; i < n; i++) {
        if (k.before) {
          const c = s.cpuMs();
          await k.before(i);
          cpuBefore += s.cpuMs() - c;
        }
        const t0 = performance.now();
        const answer = await s.conn.sendRequest(k.method, k.params(i));
        times.push(performance.now() - t0);
        most = Math.max(most, k.count ? k.count(answer) : Array.isArray(answer) ? answer.length : 0);
      }
      const cpuPerRequest = (s.cpuMs() - cpu0 - cpuBefore) / n;
      const st = stats(times);
      const target = 'target' in k ? k.target : TARGET_P95_MS;
      rows.push({
        name: k.name,
        ...st,
        cpuPerRequest,
        target,
        pass: target === undefined ? undefined : st.p95 < target,
        count: most,
      });
    }
    return {
      lines: g.lines,
      bytes: g.text.length,
      openMs: open.ms,
      diagnostics: open.diagnostics.length,
      rows,
      peakKb: s.peakRssKb(),
    };
  } finally {
    await s.stop();
  }
}

/** Builds dist/server.js when server/src is newer (as bench/run.mjs does). */
export function ensureBuilt() {
  const out = join(ROOT, 'dist/server.js');
  const newest = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }, 0);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(join(ROOT, 'server/src'))) return;
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

export function machineLine() {
  const c = cpus();
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${c.length} × ${c[0]?.model ?? 'cpu'} · load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

export const fmtMs = (ms) =>
  Number.isNaN(ms)
    ? '–'
    : ms >= 100
      ? `${Math.round(ms).toLocaleString('en')} ms`
      : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

async function main() {
  const args = process.argv.slice(2);
  const val = (name, def) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : def;
  };
  if (!args.includes('--no-build')) ensureBuilt();
  const before = machineLine();
  const r = await runEditorFeatures({ lines: val('--lines', 100_000), samples: val('--samples', 50) });
  if (args.includes('--json')) {
    console.log(JSON.stringify(r, null, 2));
    return;
  }
  console.log(
    `\nInlay hints, code lenses, document links, anchors, outline and formatting on ${r.lines.toLocaleString('en')} lines (${(r.bytes / 1e6).toFixed(2)} MB, realistic)`,
  );
  console.log(`before: ${before}\nafter:  ${machineLine()}`);
  console.log(
    `open → first diagnostics ${fmtMs(r.openMs)} (${r.diagnostics} diagnostics), server peak ${Math.round(r.peakKb / 1024)} MB\n`,
  );
  console.log(
    `| request | answers | n | median | p95 | max | server CPU per request | target p95 < ${TARGET_P95_MS} ms |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const row of r.rows)
    console.log(
      `| ${row.name} | ${row.count} | ${row.n} | ${fmtMs(row.median)} | ${fmtMs(row.p95)} | ${fmtMs(row.max)} | ${fmtMs(row.cpuPerRequest)} | ${row.pass === undefined ? 'no target' : `**${row.pass ? 'PASS' : 'MISS'}**`} |`,
    );
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
