// Typing in anchor-heavy files (nineteenth session): per-keystroke latency on 100k-line files written the way
// people share blocks, against the realistic generator's file. Four inputs:
//   realistic  the generator's file (bench/generate.mjs: a few LLM anchors, tables with no anchor);
//   llm        the same tables, and a long `overrideAiPrimitivesLlm` where every fourth item defines its LLM block
//              with an anchor (`llm: &llm_8`, its fallback an alias to the anchor before) and the others alias
//              one (`llm: *llm_8`);
//   merge      every tenth table anchored (`- &tbl_40`), the others merging it (`- <<: *tbl_40`) and
//              overriding tableName and columns;
//   scalar     every twentieth table's schemaName anchored (`schemaName: &s_40 reporting_schema_3`), the
//              others' an alias to it (`schemaName: *s_40`).
// In each, edits inside an anchored block (a value of the block the anchor is on; for `scalar` the anchored
// value itself), inside an item that aliases it, and far from both (a column of a table a quarter of the
// file away): one character typed (and deleted again), Enter (and the blank line deleted), a line deleted
// (and pasted back), 5 lines pasted (and deleted). Each edit's time to new diagnostics through our bundled
// server over stdio (median, p95), and in process, through the server's own document cache
// (lsp/documents.ts AnalysisCache, bundled from the sources): how often the tree was patched and how many
// list items validation took from the unit cache, per edit.
//
//   node bench/anchors.mjs [--lines 100000] [--rounds 10] [--only realistic,llm,merge,scalar] [--no-build]
//                          [--no-server] [--json]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir, cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { anchorHeavy, generate } from './generate.mjs';
import { LspSession, oursServer } from './lsp-client.mjs';
import { bundleSources, source } from './bundle-sources.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : def;
};
const LINES = Number(opt('--lines', 100_000));
const ROUNDS = Number(opt('--rounds', 10));
const ONLY = opt('--only', 'realistic,llm,merge,scalar').split(',');
const log = (...a) => process.stderr.write(a.join(' ') + '\n');

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, median: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
}
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');

// ---- The inputs ----

/** The inputs, each about `lines` lines, with what they hold. */
function inputs(lines) {
  const out = [];
  for (const shape of ONLY) {
    if (shape === 'realistic') {
      const g = generate({ lines });
      out.push({ name: 'realistic', text: g.text, envNames: g.envNames, holds: 'the generator as is' });
    } else out.push({ name: shape, ...anchorHeavy(shape, lines) });
  }
  for (const f of out) {
    f.lines = f.text.split('\n').length;
    f.anchors = (f.text.match(/(?:^|[ [{,])&[\w-]+/gm) ?? []).length;
    f.aliases = (f.text.match(/(?:^|[ [{,:])\*[\w-]+/gm) ?? []).length;
    f.merges = (f.text.match(/<<: /g) ?? []).length;
  }
  return out;
}

/** Where to edit: a value's end in the anchored block, in an aliasing item, far from both. */
function places(f) {
  const text = f.text;
  const mid = Math.floor(text.length * (f.name === 'llm' ? 0.8 : 0.5));
  const after = (re, from) => {
    re.lastIndex = from;
    const m = re.exec(text);
    if (!m) throw new Error(`${f.name}: no ${re} after ${from}`);
    return m;
  };
  const lineEndAt = (o) => text.indexOf('\n', o);
  const out = [];
  if (f.name === 'llm') {
    const a = after(/llm: &llm_\d+\r?\n *provider: \w+\r?\n *model: [\w.-]+/g, mid);
    out.push({ where: 'in the anchored block', at: a.index + a[0].length });
    const b = after(/- primitiveName: (primitive_\d+)\n *llm: \*/g, mid);
    out.push({ where: 'in an aliasing item', at: b.index + '- primitiveName: '.length + b[1].length });
  } else if (f.name === 'merge') {
    const a = after(/- &tbl_\d+\n *schemaName: '[^']*'\n *tableName: "[^"]*"/g, mid);
    out.push({ where: 'in the anchored block', at: a.index + a[0].length - 1 });
    const b = after(/- <<: \*tbl_\d+\n *tableName: "[^"]*"/g, mid);
    out.push({ where: 'in an aliasing item', at: b.index + b[0].length - 1 });
  } else if (f.name === 'scalar') {
    const a = after(/schemaName: &s_\d+ \w+/g, mid);
    out.push({ where: 'the anchored value', at: a.index + a[0].length });
    const b = after(/- schemaName: \*s_\d+\n *tableName: "[^"]*"/g, mid);
    out.push({ where: 'in an aliasing item', at: b.index + b[0].length - 1 });
  }
  // Far: a plain column name a quarter of the file away.
  const farFrom = f.name === 'llm' ? Math.floor(text.length * 0.3) : Math.floor(text.length * 0.75);
  const c = after(/\n( *)- (customer_name_t\d+)\n/g, farFrom);
  out.push({ where: 'far from both', at: c.index + 1 + c[1].length + 2 + c[2].length });
  for (const p of out) p.lineEnd = lineEndAt(p.at);
  return out;
}

/**
 * The edit rounds at a place: each round is [kind, edit, undo] in offsets of the text as it is before
 * the edit; every round leaves the text as it was.
 */
function rounds(text, p) {
  const ls = text.lastIndexOf('\n', p.at - 1) + 1;
  const le = p.lineEnd;
  const indent = /^ */.exec(text.slice(ls, le))[0];
  const next = le + 1;
  const nextEnd = text.indexOf('\n', next) + 1;
  const lineAfter = text.slice(next, nextEnd);
  // Five lines from just above the place (what a paste of a neighbouring block brings).
  let from = ls;
  for (let k = 0; k < 5 && from > 0; k++) from = text.lastIndexOf('\n', from - 2) + 1;
  const five = text.slice(from, ls);
  return [
    ['type', { start: p.at, end: p.at, text: 'x' }, { start: p.at, end: p.at + 1, text: '' }],
    ['enter', { start: le, end: le, text: '\n' + indent }, { start: le, end: le + 1 + indent.length, text: '' }],
    ['delete', { start: next, end: nextEnd, text: '' }, { start: next, end: next, text: lineAfter }],
    ['paste', { start: ls, end: ls, text: five }, { start: ls, end: ls + five.length, text: '' }],
  ];
}

function offsetToPos(text, offset) {
  let line = 0;
  let ls = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    ls = i + 1;
  }
  return { line, character: offset - ls };
}

// ---- In process ----

async function bundleCache() {
  return bundleSources(
    `export { AnalysisCache } from ${source('lsp/documents.ts')};\n` +
      `export { DEFAULT_OPTIONS, UnitCache } from ${source('service/index.ts')};\n` +
      `export { TextDocument } from ${JSON.stringify(createRequire(join(ROOT, 'package.json')).resolve('vscode-languageserver-textdocument'))};\n`,
    { name: 'anchors' },
  );
}

function inProcess(ours, f) {
  const envSet = new Set(f.envNames);
  const options = { ...ours.DEFAULT_OPTIONS, env: { isDefined: (n) => envSet.has(n) } };
  const out = [];
  for (const p of places(f)) {
    const cache = new ours.AnalysisCache(() => options);
    const uri = `file:///bench-anchors-${f.name}.assistant.yaml`;
    let doc = ours.TextDocument.create(uri, 'assistantconfig', 1, f.text);
    const t0 = performance.now();
    const first = cache.diagnostics(doc);
    const openMs = performance.now() - t0;
    const row = { where: p.where, openMs, findings: first.length, kinds: {} };
    for (const [kind, edit, undo] of rounds(f.text, p)) {
      const times = [];
      let patched = 0;
      let edits = 0;
      let replayed = 0;
      let heldReplayed = 0;
      let heldWalked = 0;
      for (let r = 0; r < ROUNDS; r++)
        for (const e of [edit, undo]) {
          const root = cache.parsed(doc).root;
          const before = cache.unitsReplayed(uri);
          const h0 = cache.heldStats ? cache.heldStats(uri) : { replayed: 0, walked: 0 };
          cache.recordChange(uri, doc.version + 1, e);
          doc = ours.TextDocument.update(
            doc,
            [{ range: { start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, text: e.text }],
            doc.version + 1,
          );
          const s = performance.now();
          cache.diagnostics(doc);
          times.push(performance.now() - s);
          edits++;
          if (cache.parsed(doc).root === root) patched++;
          replayed += cache.unitsReplayed(uri) - before;
          if (cache.heldStats) {
            const h1 = cache.heldStats(uri);
            heldReplayed += h1.replayed - h0.replayed;
            heldWalked += h1.walked - h0.walked;
          }
        }
      row.kinds[kind] = {
        ...stats(times),
        patched,
        edits,
        replayedPerEdit: replayed / edits,
        heldReplayedPerEdit: heldReplayed / edits,
        heldWalkedPerEdit: heldWalked / edits,
      };
    }
    out.push(row);
  }
  return out;
}

// ---- Through the server ----

async function server(f) {
  const spec = oursServer(ROOT, { envNames: f.envNames, serverPath: join(ROOT, 'dist/server.js') });
  const out = [];
  const s = await LspSession.start(spec, { timeoutMs: 60_000 });
  try {
    await s.configure();
    const uri = pathToFileURL(join(tmpdir(), `bench-anchors-${process.pid}-${f.name}.assistant.yaml`)).href;
    const open = await s.open(uri, f.text, { timeoutMs: 600_000 });
    for (const p of places(f)) {
      const row = { where: p.where, openMs: open.ms, findings: open.diagnostics.length, kinds: {} };
      for (const [kind, edit, undo] of rounds(f.text, p)) {
        const times = [];
        const cpu0 = s.cpuMs();
        for (let r = 0; r < ROUNDS; r++)
          for (const e of [edit, undo]) {
            const t = s.docs.get(uri).text;
            const res = await s.editRange(uri, offsetToPos(t, e.start), offsetToPos(t, e.end), e.text, {
              timeoutMs: 600_000,
            });
            times.push(res.ms);
          }
        row.kinds[kind] = { ...stats(times), cpuMsPerEdit: (s.cpuMs() - cpu0) / (2 * ROUNDS) };
      }
      out.push(row);
    }
  } finally {
    await s.stop();
  }
  return out;
}

async function main() {
  const loadBefore = loadavg()[0];
  const withServer = !argv.includes('--no-server');
  if (withServer && !argv.includes('--no-build')) {
    const b = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const files = inputs(LINES);
  const ours = await bundleCache();
  const result = { lines: LINES, rounds: ROUNDS, loadBefore, cpus: cpus().length, files: [] };
  for (const f of files) {
    log(`${f.name}: in process…`);
    const entry = {
      name: f.name,
      lines: f.lines,
      chars: f.text.length,
      holds: f.holds,
      anchors: f.anchors,
      aliases: f.aliases,
      merges: f.merges,
      inProcess: inProcess(ours, f),
    };
    if (withServer && existsSync(join(ROOT, 'dist/server.js'))) {
      log(`${f.name}: through the server…`);
      entry.server = await server(f);
    }
    result.files.push(entry);
  }
  result.loadAfter = loadavg()[0];
  if (argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  console.log(`## Typing in anchor-heavy files (${LINES.toLocaleString('en-US')} lines, ${ROUNDS} rounds per edit)\n`);
  console.log('| input | lines | what it holds | anchors | aliases | merge keys | findings |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of result.files)
    console.log(
      `| ${f.name} | ${f.lines.toLocaleString('en-US')} | ${f.holds} | ${f.anchors} | ${f.aliases} | ${f.merges} | ${f.inProcess[0]?.findings ?? '–'} |`,
    );
  const KINDS = ['type', 'enter', 'delete', 'paste'];
  if (result.files.some((f) => f.server)) {
    console.log('\nThrough the server (edit → new diagnostics), p95 (median):\n');
    console.log(
      '| input | where | one character | Enter | delete a line | paste 5 lines | server CPU per edit (type) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const f of result.files)
      for (const r of f.server ?? [])
        console.log(
          `| ${f.name} | ${r.where} | ${KINDS.map((k) => `${ms(r.kinds[k].p95)} (${ms(r.kinds[k].median)})`).join(' | ')} | ${ms(r.kinds.type.cpuMsPerEdit)} |`,
        );
  }
  console.log(
    "\nIn process (the server's document cache, bundled): validation after the edit, p95 (median); edits whose tree was patched; list items replayed from the unit cache per edit:\n",
  );
  console.log('| input | where | open | one character | Enter | delete a line | paste 5 lines |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of result.files)
    for (const r of f.inProcess)
      console.log(
        `| ${f.name} | ${r.where} | ${ms(r.openMs)} | ${KINDS.map((k) => {
          const x = r.kinds[k];
          return `${ms(x.p95)} (${ms(x.median)}); ${x.patched}/${x.edits} patched, ${Math.round(x.replayedPerEdit)} replayed (${Math.round(x.heldReplayedPerEdit)} holding an anchor or alias; ${Math.round(x.heldWalkedPerEdit)} such walked)`;
        }).join(' | ')} |`,
      );
  console.log(
    `\nLoad average (1 min) before/after: ${loadBefore.toFixed(1)} / ${result.loadAfter.toFixed(1)} on ${result.cpus} cores.`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
