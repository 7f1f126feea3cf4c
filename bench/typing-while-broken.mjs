// Typing while a file has a syntax error (issue 13 item 1): on a large realistic file, a syntax error is
// introduced (an unclosed quote, a half-typed key among a table's keys or as a table's last line, an
// unclosed `[` or `{` at a table's end: REVIEW4 G23), characters are typed while it stands (in a value far
// from it, and inside the broken entry), then it is repaired and typing goes on; each step's time to new
// diagnostics through our bundled server over stdio, median and p95. In process, with our parser bundled:
// how often the fast path and the incremental patch engaged on the same edits, the share of the text the
// fast path reads on the realistic corpus and `examples/` (should stay 100 %), and on a corpus with
// constructs outside the fast path's own subset (explicit keys, anchors on keys, tagged block
// collections, tabs, syntax errors) the share read by the fast path vs handed to the `yaml` package.
//
//   node bench/typing-while-broken.mjs [--lines 100000] [--samples 20] [--no-build] [--no-server] [--json]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir, cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { generate } from './generate.mjs';
import { LspSession, oursServer } from './lsp-client.mjs';
import { bundleSources, source } from './bundle-sources.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : def;
};
const LINES = Number(opt('--lines', 100_000));
const SAMPLES = Number(opt('--samples', 20));
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

/** Our parser and incremental patch, bundled from the sources (as bench/run.mjs does for its fast-path report). */
async function bundleParser() {
  const src = (p) => source(`parser/${p}`);
  return bundleSources(
    `export { parse } from ${src('index.ts')};\n` +
      `export { applyEdit } from ${src('incremental.ts')};\n` +
      `export { fastParseYaml } from ${src('fastYaml.ts')};\n` +
      `export { parseYamlFull } from ${src('yaml.ts')};\n`,
  );
}

/** The breaks: where, what is inserted, and the positions typed at while it stands. */
function scenarios(text) {
  const mid = Math.floor(text.length / 2);
  // An unclosed quote: a column written `- "customer_name…` without its closing quote.
  const col = text.indexOf('- customer_name_', mid) + 2;
  // A half-typed key: a new line `provid` among a table's keys.
  const tn = text.indexOf('tableName:', mid);
  const tnLine = text.lastIndexOf('\n', tn) + 1;
  const indent = text.slice(tnLine, tn);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // REVIEW4 G23: the broken line is the last line of a list item (the next line is the next table's dash,
  // indented less), or an unclosed `[` / `{`: a new table typed in the middle of the list, before a table's dash line.
  const dm = /\n( *)- schemaName:/g;
  dm.lastIndex = mid;
  const d = dm.exec(text);
  if (!d) throw new Error('no block table to type before');
  const dash = d.index + 1;
  const ind = d[1];
  return [
    { name: 'unclosed quote', at: col, insert: '"' },
    { name: 'half-typed key', at: tnLine, insert: indent + 'provid' + eol },
    {
      name: "half-typed key, the item's last line",
      at: dash,
      insert: `${ind}- schemaName: sales${eol}${ind}  tableName: t${eol}${ind}  col${eol}`,
    },
    {
      name: "unclosed `[`, the item's last line",
      at: dash,
      insert: `${ind}- schemaName: sales${eol}${ind}  tableName: t${eol}${ind}  columns: [a${eol}`,
    },
    { name: 'unclosed `{` (a flow item)', at: dash, insert: `${ind}- {schemaName: sales, tableName: t${eol}` },
  ];
}

/** Where to type far from the break: a plain value about a tenth of the file after it (or before, near the end). */
function farValue(text, from) {
  const word = '- customer_name_t';
  let at = text.indexOf(word, Math.min(text.length - 1000, from + Math.floor(text.length / 10)));
  if (at < 0) at = text.lastIndexOf(word, Math.max(0, from - Math.floor(text.length / 10)));
  if (at < 0) throw new Error('no plain column value to type in');
  return at + word.length;
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

// ---- In process: the fast path's share, and how often the patch engaged ----

function shareReport(ours) {
  const handOff = (t, maxDepth) => ours.parseYamlFull(t, { maxDepth });
  const row = (file, text) => {
    const r = ours.fastParseYaml(text, { maxDepth: 1000 }, handOff);
    return {
      file,
      chars: text.length,
      engaged: !!r,
      share: r ? 1 - r.handedOff / text.length : 0,
      problems: r ? r.problems.length : undefined,
    };
  };
  const realistic = [200, 1000, 10_000, LINES].map((n) => row(`${n} lines (realistic)`, generate({ lines: n }).text));
  realistic.push(row(`${LINES} lines (realistic, CRLF)`, generate({ lines: LINES, crlf: true }).text));
  for (const name of readdirSync(join(ROOT, 'examples'))
    .filter((f) => /\.ya?ml$/.test(f))
    .sort())
    realistic.push(row(`examples/${name}`, readFileSync(join(ROOT, 'examples', name), 'utf8')));
  // The same 10k-line file with constructs outside the fast path's own subset, each in a table now and
  // then: an explicit key, an anchor on a key, a tagged block collection, a tab after a colon, and syntax
  // errors (an unclosed quote, a half-typed key, a stray `]`).
  const base = generate({ lines: 10_000 }).text;
  const lines = base.split('\n');
  const inserts = [
    (ind) => [`${ind}? explicitKey`, `${ind}: 1`],
    (ind) => [`${ind}&k anchoredKey: 1`],
    (ind) => [`${ind}tagged: !!map`, `${ind}  a: 1`],
    (ind) => [`${ind}tabbed:\t1`],
    (ind) => [`${ind}broken: "unclosed`],
    (ind) => [`${ind}provid`],
    (ind) => [`${ind}stray: [1, 2]]`],
  ];
  const out = [];
  let k = 0;
  for (const l of lines) {
    out.push(l);
    const m = /^( *)tableName:/.exec(l);
    if (m && k++ % 5 === 0) out.push(...inserts[((k / 5) % inserts.length) | 0](m[1]));
  }
  const outside = out.join('\n');
  const valid = outside
    .split('\n')
    .filter((l) => !/broken: "unclosed|^ *provid$|stray: \[1, 2\]\]/.test(l))
    .join('\n');
  const outsideRows = [
    row('10k lines with explicit keys, anchors on keys, tagged collections, tabs', valid),
    row('the same with syntax errors (unclosed quotes, half-typed keys, stray `]`)', outside),
  ];
  return { realistic, outside: outsideRows };
}

function patchReport(ours, text) {
  const out = [];
  for (const sc of scenarios(text)) {
    let doc = ours.parse(text, 'yaml');
    let patched = 0;
    let edits = 0;
    let last = 0;
    const apply = (start, end, ins) => {
      const t0 = performance.now();
      const next = ours.applyEdit(doc, start, end, ins);
      last = performance.now() - t0;
      edits++;
      if (next) patched++;
      doc = next ?? ours.parse(doc.text.slice(0, start) + ins + doc.text.slice(end), 'yaml');
    };
    const t0 = performance.now();
    const fresh = ours.parse(text.slice(0, sc.at) + sc.insert + text.slice(sc.at), 'yaml');
    const freshMs = performance.now() - t0;
    apply(sc.at, sc.at, sc.insert);
    const placed = doc.problems.length > 0 && doc.zones !== undefined;
    const far = farValue(doc.text, sc.at);
    for (let i = 0; i < 10; i++) apply(far, far, 'x');
    const inside = sc.at + sc.insert.trimEnd().length;
    // The patch's own time per keystroke inside the broken entry (or the fresh parse's when it declined).
    const insideMs = [];
    for (let i = 0; i < 10; i++) {
      apply(inside + i, inside + i, 'y');
      insideMs.push(last);
    }
    apply(sc.at, inside + 10 + (sc.insert.length - sc.insert.trimEnd().length), '');
    const repaired = doc.problems.length === 0;
    out.push({
      name: sc.name,
      placed,
      patched,
      edits,
      repaired,
      freshParseMs: freshMs,
      typingInside: stats(insideMs),
      problems: fresh.problems.length,
    });
  }
  return out;
}

// ---- Through the server ----

async function serverReport(text, envNames) {
  const serverPath = join(ROOT, 'dist/server.js');
  const spec = oursServer(ROOT, { envNames, serverPath });
  const rows = [];
  for (const sc of scenarios(text)) {
    const s = await LspSession.start(spec, { timeoutMs: 60_000 });
    try {
      await s.configure();
      const uri = pathToFileURL(join(tmpdir(), `bench-broken-${process.pid}-${rows.length}.assistant.yaml`)).href;
      const open = await s.open(uri, text, { timeoutMs: 600_000 });
      const cur = () => s.docs.get(uri).text;
      const edit = async (offset, endOffset, ins) => {
        const t = cur();
        const r = await s.editRange(uri, offsetToPos(t, offset), offsetToPos(t, endOffset), ins, {
          timeoutMs: 600_000,
        });
        return r;
      };
      const cpu0 = s.cpuMs();
      const brk = await edit(sc.at, sc.at, sc.insert);
      const far = farValue(cur(), sc.at);
      const whileFar = [];
      for (let i = 0; i < SAMPLES; i++) whileFar.push((await edit(far + i, far + i, 'x')).ms);
      const inside = sc.at + sc.insert.trimEnd().length;
      const whileInside = [];
      for (let i = 0; i < SAMPLES; i++) whileInside.push((await edit(inside + i, inside + i, 'y')).ms);
      const repair = await edit(sc.at, inside + SAMPLES + (sc.insert.length - sc.insert.trimEnd().length), '');
      const after = [];
      const far2 = farValue(cur(), sc.at);
      for (let i = 0; i < SAMPLES; i++) after.push((await edit(far2 + i, far2 + i, 'z')).ms);
      rows.push({
        name: sc.name,
        openMs: open.ms,
        breakMs: brk.ms,
        breakDiagnostics: brk.diagnostics.length,
        whileBrokenFar: stats(whileFar),
        whileBrokenInside: stats(whileInside),
        repairMs: repair.ms,
        repairDiagnostics: repair.diagnostics.length,
        afterRepair: stats(after),
        cpuMsPerEdit: (s.cpuMs() - cpu0) / (3 * SAMPLES + 2),
      });
    } finally {
      await s.stop();
    }
  }
  return rows;
}

async function main() {
  const loadBefore = loadavg()[0];
  if (!argv.includes('--no-build') && !argv.includes('--no-server')) {
    const b = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const g = generate({ lines: LINES });
  const ours = await bundleParser();
  log('fast-path shares…');
  const shares = shareReport(ours);
  log('incremental patch on the broken file…');
  const patches = patchReport(ours, g.text);
  let server;
  if (!argv.includes('--no-server') && existsSync(join(ROOT, 'dist/server.js'))) {
    log(`our server on ${LINES} lines…`);
    server = await serverReport(g.text, g.envNames);
  }
  const result = {
    lines: LINES,
    samples: SAMPLES,
    loadBefore,
    loadAfter: loadavg()[0],
    cpus: cpus().length,
    shares,
    patches,
    server,
  };
  if (argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  console.log(`## Typing while a syntax error stands (${LINES.toLocaleString('en-US')} lines, realistic)\n`);
  if (server) {
    console.log(
      '| error | break → diagnostics | typing far from it, p95 (median) | typing inside it, p95 (median) | repair → diagnostics | typing after repair, p95 (median) | server CPU per edit |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of server)
      console.log(
        `| ${r.name} | ${ms(r.breakMs)} (${r.breakDiagnostics} diagnostics) | ${ms(r.whileBrokenFar.p95)} (${ms(r.whileBrokenFar.median)}) | ${ms(r.whileBrokenInside.p95)} (${ms(r.whileBrokenInside.median)}) | ${ms(r.repairMs)} (${r.repairDiagnostics}) | ${ms(r.afterRepair.p95)} (${ms(r.afterRepair.median)}) | ${ms(r.cpuMsPerEdit)} |`,
      );
    console.log('');
  }
  console.log(
    '| error | problems placed in a broken entry | edits patched (in process) | patch per keystroke inside it, p95 (median) | repaired | a fresh parse of the broken text |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const p of patches)
    console.log(
      `| ${p.name} | ${p.placed ? 'yes' : 'no'} | ${p.patched} of ${p.edits} | ${ms(p.typingInside.p95)} (${ms(p.typingInside.median)}) | ${p.repaired ? 'yes' : 'no'} | ${ms(p.freshParseMs)} |`,
    );
  console.log('\n| file | fast path | share read by the fast path | problems |');
  console.log('|---|---|---|---|');
  for (const r of [...shares.realistic, ...shares.outside])
    console.log(`| ${r.file} | ${r.engaged ? 'engaged' : 'declined'} | ${pct(r.share)} | ${r.problems ?? '–'} |`);
  console.log(
    `\nLoad average (1 min) before/after: ${loadBefore.toFixed(1)} / ${result.loadAfter.toFixed(1)} on ${result.cpus} cores.`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
