// `npm run bench`: our language server side by side with yaml-language-server (given our JSON
// Schema through its settings) on generated configs of 200, 1k, 10k and 100k lines, the parser floors,
// fallback chains of depth 1 to 8, the bundle size, and the targets of issue 6 checked PASS/MISS.
// Prints a markdown table on stdout (progress on stderr) and writes bench/results/latest.{md,json}.
//
// Options: --sizes 200,1000 (subset) --samples N (default 50) --only ours|peer --no-build
//          --no-fallback --no-floors --push (make our server push diagnostics instead of being pulled)
//          --quick (fewer samples and sizes, for trying the harness) --json (adds a 100k-line JSON case)
//          --readme (also writes the table into bench/README.md)

import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  mkdtempSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import { bundleSources, source } from './bundle-sources.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const rootRequire = createRequire(join(root, 'package.json'));
const started = performance.now();
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : def;
};
const quick = flag('--quick');
const SAMPLES = Number(opt('--samples', quick ? 10 : 50));
const SIZES = opt('--sizes', quick ? '200,10000' : '200,1000,10000,100000')
  .split(',')
  .map(Number);
const ONLY = opt('--only', '');
/** The YAML files: `realistic` (the default) or `synthetic` (the earlier benchmark's plain block subset). */
const MODE = opt('--mode', 'realistic');
const log = (...a) => process.stderr.write(a.join(' ') + '\n');

// ---- Dependencies and our build ----

function ensureBenchDeps() {
  if (existsSync(join(root, 'bench/node_modules/yaml-language-server/bin/yaml-language-server'))) return;
  log('installing the benchmark dependencies: npm ci --prefix bench');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--prefix', join(root, 'bench'), '--no-audit', '--no-fund'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error('npm ci --prefix bench failed');
}

function newestMtime(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    t = Math.max(t, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return t;
}

function ensureOursBuilt() {
  const dist = join(root, 'dist/server.js');
  const src = join(root, 'server/src');
  if (!existsSync(join(src, 'server.ts'))) return existsSync(dist);
  if (!flag('--no-build') && (!existsSync(dist) || statSync(dist).mtimeMs < newestMtime(src))) {
    log('building our server: node scripts/build.mjs');
    const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      stdio: ['ignore', 'inherit', 'inherit'],
      cwd: root,
    });
    if (r.status !== 0) log('build failed; measuring the existing dist/server.js if any');
  }
  return existsSync(dist);
}

ensureBenchDeps();
const oursAvailable = ensureOursBuilt();
const { generate } = await import('./generate.mjs');
const { LspSession, oursServer, peerServer } = await import('./lsp-client.mjs');

// ---- Statistics and formatting ----

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
function median(xs) {
  const s = xs.filter(isNum).sort((a, b) => a - b);
  if (!s.length) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function p95(xs) {
  const s = xs.filter(isNum).sort((a, b) => a - b);
  return s.length ? s[Math.max(0, Math.ceil(0.95 * s.length) - 1)] : undefined;
}
function fmtMs(v) {
  if (typeof v === 'string') return v;
  if (!isNum(v)) return '–';
  if (v < 1) return `${v.toFixed(2)} ms`;
  if (v < 100) return `${v.toFixed(1)} ms`;
  return `${Math.round(v).toLocaleString('en-US')} ms`;
}
/** CPU times from /proc tick at 10 ms: 0 means less than a tick. */
const fmtCpu = (v) => (v === 0 ? '< 10 ms' : fmtMs(v));
const fmtMb = (kb) => (isNum(kb) && kb > 0 ? `${(kb / 1024).toFixed(0)} MB` : '–');
function ratio(peer, ours) {
  if (typeof peer === 'string' && peer.startsWith('timeout') && isNum(ours))
    return `> ${fmt1(parseTimeout(peer) / Math.max(ours, 0.01))}×`;
  if (!isNum(peer) || !isNum(ours) || ours <= 0) return '–';
  return `${fmt1(peer / ours)}×`;
}
const fmt1 = (x) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x >= 10 ? x.toFixed(0) : x.toFixed(1));
const parseTimeout = (s) => Number(/(\d+)/.exec(s)?.[1] ?? 0) * 1000;
const sizeLabel = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));

// ---- Documents ----

const docDir = mkdtempSync(join(tmpdir(), 'assistant-config-bench-'));
const docUri = (spec, name, json = false) =>
  pathToFileURL(
    join(docDir, `${spec.name === 'ours' ? 'o' : 'p'}-${name}${json ? spec.jsonFileSuffix : spec.fileSuffix}`),
  ).href;

const Ajv = rootRequire('ajv');
const ajv = new Ajv({ strict: false, discriminator: true, allErrors: true });
const validateSchema = ajv.compile(
  JSON.parse(readFileSync(join(root, 'schemas/assistant-config.schema.json'), 'utf8')),
);
const envNames = new Set();
function doc(opts) {
  const g = generate({ mode: MODE, ...opts });
  const valid = validateSchema(g.data);
  if (valid === !!opts.errors)
    throw new Error(
      `generator: ${JSON.stringify(opts)} valid=${valid} ${JSON.stringify(validateSchema.errors?.slice(0, 3))}`,
    );
  for (const n of g.envNames) envNames.add(n);
  return g;
}

const cases = SIZES.map((n) => ({ key: sizeLabel(n), g: doc({ lines: n }) }));
if (SIZES.includes(100000) && !quick)
  cases.push({ key: '100k fb5', g: doc({ lines: 100000, fallbackDepth: 5 }), tight: true });
if (flag('--json')) cases.push({ key: '100k JSON', g: doc({ lines: 100000, format: 'json' }), tight: true });
const warmDoc = doc({ lines: 60 });
// Files only read by the fast-path report (not sent to the servers).
const extraDocs = SIZES.includes(100000) ? [{ key: '100k CRLF', g: doc({ lines: 100000, crlf: true }) }] : [];
const fallbackDocs = [1, 2, 3, 4, 5, 6, 7, 8].map((d) => ({ depth: d, g: doc({ lines: 150, fallbackDepth: d }) }));
log(
  `documents: ${cases.map((c) => `${c.key}=${c.g.lines} lines/${(c.g.text.length / 1e6).toFixed(2)} MB`).join(', ')} (in ${docDir})`,
);

const specs = [];
// Our server keeps a V8 code cache in the user's cache directory (server/src/serverLaunch.ts), made
// when a session ends: here a directory of this run, empty at first, so that the first cold start is
// one with no cache (a first start after an install or update) and the later ones use the cache the
// earlier sessions made, as on a user's machine.
const codeCacheDir = mkdtempSync(join(tmpdir(), 'assistant-config-bench-cache-'));
process.on('exit', () => rmSync(codeCacheDir, { recursive: true, force: true }));
if (oursAvailable && ONLY !== 'peer')
  specs.push(() => {
    const spec = oursServer(root, { envNames: [...envNames] });
    return {
      ...spec,
      env: { ...spec.env, ASSISTANT_CONFIG_COMPILE_CACHE: codeCacheDir },
      ...(flag('--push') ? { pullDiagnostics: false } : {}),
    };
  });
if (ONLY !== 'ours') specs.push(() => peerServer(root));
if (!oursAvailable) log('dist/server.js does not exist: only the peer is measured');

// ---- Measuring one server on one document ----

/** Collects up to `n` samples of `fn` (ms), stopping early once `budgetMs` is spent (at least `min`). */
async function samples(n, budgetMs, fn, min = 3) {
  const out = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    out.push(await fn(i));
    if (performance.now() - t0 > budgetMs && out.length >= min) break;
  }
  return out;
}

function toggleChar(session, uri, pos, original) {
  return session.charAt(uri, pos) === original ? 'Z' : original;
}

async function startConfigured(spec) {
  const s = await LspSession.start(spec);
  await s.configure();
  return s;
}

async function warmUp(s, spec) {
  const uri = docUri(spec, 'warmup');
  await s.open(uri, warmDoc.text, { timeoutMs: 30000 });
  await s.completion(uri, warmDoc.marks.providerValue, { timeoutMs: 30000 });
  await s.hover(uri, warmDoc.marks.tableKey, { timeoutMs: 30000 });
  s.close(uri);
}

async function measureCase(spec, c) {
  const isPeer = spec.name !== 'ours';
  const timeoutMs = 30000;
  // The peer's slow cases stop early: a time budget per metric (each gives at least `min` samples).
  const budget = !isPeer ? 60000 : c.tight ? 8000 : 30000;
  const min = !isPeer ? 3 : c.tight ? 1 : 2;
  const g = c.g;
  const r = { lines: g.lines };
  const json = g.format === 'json';
  const uri = docUri(spec, c.key.replace(/\s+/g, '-'), json);
  const languageId = json ? spec.jsonLanguageId : spec.languageId;
  let s;
  const metric = async (name, fn) => {
    if (!s || s.exited) return (r[name] = r[name] ?? 'skipped');
    try {
      r[name] = await fn();
    } catch (e) {
      r[name] = e?.timeout ? `timeout ${timeoutMs / 1000} s` : `error: ${String(e?.message ?? e).slice(0, 80)}`;
      log(`  ${spec.name} ${c.key} ${name}: ${r[name]}`);
      if (e?.timeout) {
        r.peakRssKb = s.peakRssKb();
        s.kill();
      }
    }
  };
  try {
    s = await startConfigured(spec);
    r.coldStartMs = s.coldStartMs;
    r.coldStartCpuMs = s.coldStartCpuMs;
    r.diagnosticMode = s.diagnosticMode;
    r.sync = s.syncKind === 2 ? 'incremental' : 'full';
    await warmUp(s, spec);
  } catch (e) {
    r.error = String(e?.message ?? e).slice(0, 200);
    log(`  ${spec.name} ${c.key}: ${r.error}`);
    s?.kill();
    return r;
  }
  // Server CPU time around the open and the edits: a figure less sensitive to the machine's load.
  let cpu0 = s.cpuMs();
  await metric('openMs', async () => {
    const o = await s.open(uri, g.text, { timeoutMs, languageId });
    r.openDiagnostics = o.diagnostics.length;
    r.openCpuMs = s.cpuMs() - cpu0;
    return o.ms;
  });
  const original = g.text.split('\n')[g.marks.edit.line][g.marks.edit.character];
  const sl = g.marks.structLine;
  if (sl !== undefined) {
    // Structural edits around a column line in the middle: Enter (the editor keeps the indentation) and
    // the blank line deleted again; the next line deleted and pasted back; 5 lines pasted and deleted.
    cpu0 = s.cpuMs();
    await metric('structMs', async () => {
      const kinds = { enter: [], delete: [], paste: [], itemLine: [], comment: [] };
      // A list item's first line near the middle (a table's '- schemaName:') and the comment line
      // above it: edits there are kinds of their own, outside the pooled figure (kept comparable).
      const lines = g.text.split('\n');
      let il = Math.floor(lines.length / 2);
      while (il < lines.length && !/^\s*- \w+: ['"\w]/.test(lines[il])) il++;
      const itemLine = il < lines.length && /^\s*#/.test(lines[il - 1]) ? il : undefined;
      let diags = 0;
      const rounds = isPeer ? (c.tight ? 1 : 2) : 10;
      const t0 = performance.now();
      const ed = async (kind, a, b, text) => {
        const e = await s.editRange(uri, a, b, text, { timeoutMs });
        diags = Math.max(diags, e.diagnostics.length);
        kinds[kind].push(e.ms);
      };
      for (let i = 0; i < rounds; i++) {
        const line = s.lineText(uri, sl);
        const indent = /^ */.exec(line)[0];
        const eol = { line: sl, character: line.length };
        await ed('enter', eol, eol, '\n' + indent);
        await ed('delete', eol, { line: sl + 1, character: indent.length }, '');
        const next = s.lineText(uri, sl + 1);
        await ed('delete', { line: sl + 1, character: 0 }, { line: sl + 2, character: 0 }, '');
        await ed('paste', { line: sl + 1, character: 0 }, { line: sl + 1, character: 0 }, next + '\n');
        const five = [1, 2, 3, 4, 5].map((k) => `${indent}- pasted_column_${k}\n`).join('');
        await ed('paste', { line: sl + 1, character: 0 }, { line: sl + 1, character: 0 }, five);
        await ed('delete', { line: sl + 1, character: 0 }, { line: sl + 6, character: 0 }, '');
        if (itemLine !== undefined) {
          // Enter at the end of the item's first line and the blank line deleted; a letter typed in the
          // comment above it and deleted.
          const il2 = s.lineText(uri, itemLine);
          const at = { line: itemLine, character: il2.length };
          const inner = /^ */.exec(il2)[0] + '  ';
          await ed('itemLine', at, at, '\n' + inner);
          await ed('itemLine', at, { line: itemLine + 1, character: inner.length }, '');
          const ci = s.lineText(uri, itemLine - 1).indexOf('#') + 2;
          await ed('comment', { line: itemLine - 1, character: ci }, { line: itemLine - 1, character: ci }, 'x');
          await ed('comment', { line: itemLine - 1, character: ci }, { line: itemLine - 1, character: ci + 1 }, '');
        }
        if (performance.now() - t0 > budget) break;
      }
      const all = [...kinds.enter, ...kinds.delete, ...kinds.paste];
      r.structKinds = kinds;
      r.structDiagnostics = diags;
      r.structCpuMs = (s.cpuMs() - cpu0) / all.length;
      return all;
    });
  }
  cpu0 = s.cpuMs();
  await metric('editMs', async () => {
    const xs = await samples(
      20,
      budget / 2,
      async () => {
        const e = await s.replaceChar(uri, g.marks.edit, toggleChar(s, uri, g.marks.edit, original), { timeoutMs });
        r.editDiagnostics = e.diagnostics.length;
        return e.ms;
      },
      min,
    );
    r.editCpuMs = (s.cpuMs() - cpu0) / xs.length;
    return xs;
  });
  await metric('completionMs', async () =>
    samples(
      SAMPLES,
      budget,
      async () => {
        const x = await s.completion(uri, g.marks.providerValue, { timeoutMs });
        r.completionLabels = x.items.map((i) => i.label).slice(0, 20);
        return x.ms;
      },
      min,
    ),
  );
  await metric('hoverMs', async () =>
    samples(
      SAMPLES,
      budget,
      async () => {
        const h = await s.hover(uri, g.marks.tableKey, { timeoutMs });
        r.hoverChars = h.text.length;
        return h.ms;
      },
      min,
    ),
  );
  await metric('editCompletionMs', async () =>
    samples(
      10,
      budget / 2,
      async () => {
        const x = await s.replaceCharThenComplete(
          uri,
          g.marks.edit,
          toggleChar(s, uri, g.marks.edit, original),
          g.marks.providerValue,
          { timeoutMs },
        );
        return x.completionMs;
      },
      min,
    ),
  );
  if (s && !s.exited) r.peakRssKb = s.peakRssKb();
  // More opens (after the peak memory is read: reopening leaves garbage behind), each of a new
  // document: the open figure is their median.
  await metric('openMs', async () => {
    s.close(uri);
    const more = await samples(
      isPeer ? 4 : 9,
      isPeer ? budget / 3 : budget,
      async (i) => {
        const u = docUri(spec, `${c.key.replace(/\s+/g, '-')}-again${i}`, json);
        const o = await s.open(u, g.text, { timeoutMs, languageId });
        s.close(u);
        return o.ms;
      },
      0,
    );
    return [r.openMs, ...more];
  });
  if (s && !s.exited) await s.stop();
  return r;
}

async function measureColdStarts(spec, runs = 5) {
  const cold = [];
  const coldCpu = [];
  const firstOpen = [];
  const g = cases[0]?.g ?? doc({ lines: 200 });
  // Ours: a first start with no code cache yet (its session makes the cache), apart from the five.
  let firstStartMs;
  if (spec().name === 'ours') {
    let s;
    try {
      s = await LspSession.start(spec());
      firstStartMs = s.coldStartMs;
      await s.configure();
      await s.open(docUri(s.spec, 'first'), g.text, { timeoutMs: 30000 });
    } catch (e) {
      log(`  first start: ${String(e?.message ?? e).slice(0, 200)}`);
    } finally {
      await s?.stop();
    }
  }
  for (let i = 0; i < runs; i++) {
    let s;
    try {
      s = await LspSession.start(spec());
      cold.push(s.coldStartMs);
      coldCpu.push(s.coldStartCpuMs);
      await s.configure();
      firstOpen.push((await s.open(docUri(s.spec, `fresh${i}`), g.text, { timeoutMs: 30000 })).ms);
    } catch (e) {
      log(`  cold start: ${String(e?.message ?? e).slice(0, 200)}`);
    } finally {
      await s?.stop();
    }
  }
  return {
    coldStartMs: median(cold),
    coldStartAll: cold,
    firstStartMs,
    coldStartCpuMs: median(coldCpu),
    freshOpenMs: median(firstOpen),
    freshOpenLines: g.lines,
  };
}

async function measureFallback(specFn) {
  const spec = specFn();
  const isPeer = spec.name !== 'ours';
  const timeoutMs = isPeer ? 15000 : 30000;
  const budget = isPeer ? 6000 : 20000;
  const rows = [];
  let s;
  let timedOutAt = 0;
  try {
    s = await startConfigured(spec);
    await warmUp(s, spec);
  } catch (e) {
    log(`  fallback ${spec.name}: ${String(e?.message ?? e).slice(0, 200)}`);
    return rows;
  }
  for (const { depth, g } of fallbackDocs) {
    const row = { depth, lines: g.lines };
    rows.push(row);
    if (timedOutAt) {
      row.openMs = row.editMs = row.completionMs = `timeout ${timeoutMs / 1000} s`;
      row.note = `not run: depth ${timedOutAt} timed out`;
      continue;
    }
    const uri = docUri(spec, `fallback${depth}`);
    const original = g.text.split('\n')[g.marks.edit.line][g.marks.edit.character];
    try {
      const o = await s.open(uri, g.text, { timeoutMs });
      row.openMs = [o.ms];
      row.openDiagnostics = o.diagnostics.length;
      if (!isPeer) {
        for (let i = 0; i < 9; i++) {
          const u = docUri(spec, `fallback${depth}-again${i}`);
          row.openMs.push((await s.open(u, g.text, { timeoutMs })).ms);
          s.close(u);
        }
      }
      row.editMs = await samples(
        isPeer ? 5 : 20,
        budget,
        async () =>
          (await s.replaceChar(uri, g.marks.edit, toggleChar(s, uri, g.marks.edit, original), { timeoutMs })).ms,
        1,
      );
      row.completionMs = await samples(
        isPeer ? 5 : 20,
        budget,
        async () => (await s.completion(uri, g.marks.providerValue, { timeoutMs })).ms,
        1,
      );
      s.close(uri);
    } catch (e) {
      const t = e?.timeout ? `timeout ${timeoutMs / 1000} s` : `error: ${String(e?.message ?? e).slice(0, 60)}`;
      for (const k of ['openMs', 'editMs', 'completionMs']) if (row[k] === undefined) row[k] = t;
      log(`  ${spec.name} fallback depth ${depth}: ${t}`);
      if (e?.timeout) {
        timedOutAt = depth;
        s.kill();
        // A deeper chain only costs the peer more: the remaining depths are not run.
      }
    }
  }
  if (!s.exited) await s.stop();
  return rows;
}

// ---- Parser floors (in this process) and the bundle size ----

async function bundleOurs(outdir) {
  const parser = join(root, 'server/src/parser/index.ts');
  const service = join(root, 'server/src/service/index.ts');
  if (!existsSync(parser)) return undefined;
  try {
    return await bundleSources(
      `export { parse, LineIndex } from ${source('parser/index.ts')};\n` +
        (existsSync(join(root, 'server/src/parser/fastYaml.ts'))
          ? `export { fastParseYaml } from ${source('parser/fastYaml.ts')};\nexport { parseYamlFull } from ${source('parser/yaml.ts')};\n`
          : '') +
        (existsSync(service) ? `export * as service from ${source('service/index.ts')};\n` : ''),
      { name: 'ours', dir: outdir },
    );
  } catch (e) {
    log(`  bundling our parser failed: ${String(e?.message ?? e).slice(0, 200)}`);
    return undefined;
  }
}

function time(fn, runs) {
  fn(); // warm-up
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

async function measureFloors(g) {
  const YAML = rootRequire('yaml');
  const text = g.text;
  const json = JSON.stringify(g.data, null, 2);
  const runs = quick ? 2 : 3;
  const floors = [];
  floors.push({ name: '`yaml` parseDocument', ms: time(() => YAML.parseDocument(text), runs) });
  floors.push({
    name: '`yaml` CST Parser (all tokens)',
    ms: time(() => {
      let tokens = 0;
      for (const token of new YAML.Parser().parse(text)) if (token) tokens++;
      return tokens;
    }, runs),
  });
  floors.push({
    name: '`yaml` Lexer alone',
    ms: time(() => {
      let lexemes = 0;
      for (const lexeme of new YAML.Lexer().lex(text)) if (lexeme !== undefined) lexemes++;
      return lexemes;
    }, runs),
  });
  floors.push({ name: 'JSON.parse (same data as JSON)', ms: time(() => JSON.parse(json), runs) });
  const tmp = mkdtempSync(join(tmpdir(), 'assistant-config-bench-ours-'));
  try {
    const ours = await bundleOurs(tmp);
    if (ours?.parse) {
      floors.push({ name: 'ours: parser `parse` (YAML)', ms: time(() => ours.parse(text, 'yaml'), runs), ours: true });
      floors.push({
        name: 'ours: parser `parse` (JSON text)',
        ms: time(() => ours.parse(json, 'json'), runs),
        ours: true,
      });
      const svc = ours.service;
      if (svc?.validate && svc?.parseWithLimits && svc?.DEFAULT_OPTIONS) {
        const parsed = svc.parseWithLimits(text, 'yaml', svc.DEFAULT_OPTIONS);
        floors.push({
          name: 'ours: validate (parsed tree, no env check)',
          ms: time(() => svc.validate(parsed, svc.DEFAULT_OPTIONS), runs),
          ours: true,
        });
      }
      results.fastPath = fastPathReport(ours);
      results.memory = memoryReport(ours, text);
    } else floors.push({ name: 'ours: parser', ms: 'not available' });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return floors;
}

/** Per file: whether the fast YAML path engaged, and the share of the text it read itself (the rest was handed to `yaml`). */
function fastPathReport(ours) {
  if (!ours.fastParseYaml || !ours.parseYamlFull) return undefined;
  const handOff = (t, maxDepth) => ours.parseYamlFull(t, { maxDepth });
  const files = [...cases, ...extraDocs]
    .filter((c) => c.g.format === 'yaml')
    .map((c) => ({ file: `${c.key} (${c.g.mode})`, text: c.g.text }));
  for (const name of readdirSync(join(root, 'examples'))
    .filter((f) => /\.ya?ml$/.test(f))
    .sort())
    files.push({ file: `examples/${name}`, text: readFileSync(join(root, 'examples', name), 'utf8') });
  return files.map(({ file, text }) => {
    const r = ours.fastParseYaml(text, { maxDepth: 1000 }, handOff);
    return {
      file,
      lines: text.split('\n').length,
      chars: text.length,
      engaged: !!r,
      share: r ? 1 - r.handedOff / text.length : 0,
    };
  });
}

/**
 * What the parsed document keeps alive, in bytes, measured as the growth of the heap after a forced
 * garbage collection (the retained size a heap snapshot would give the result): the tree, the line
 * index, the diagnostics of a validation; and the heap a validation needs while it runs.
 */
function memoryReport(ours, text) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const keep = [];
  const h0 = heap();
  const parsed = ours.parse(text, 'yaml');
  keep.push(parsed);
  const h1 = heap();
  keep.push(new ours.LineIndex(text));
  const h2 = heap();
  const svc = ours.service;
  let h3 = h2;
  if (svc?.validate) {
    keep.push(svc.validate(parsed, svc.DEFAULT_OPTIONS));
    h3 = heap();
  }
  const out = { textChars: text.length, treeBytes: h1 - h0, lineIndexBytes: h2 - h1, diagnosticsBytes: h3 - h2 };
  keep.length = 0;
  return out;
}

async function measureBundle() {
  const esbuild = rootRequire('esbuild');
  const entry = join(root, 'server/src/server.ts');
  if (!existsSync(entry)) return undefined;
  const tmp = mkdtempSync(join(tmpdir(), 'assistant-config-bench-bundle-'));
  try {
    if (!existsSync(join(root, 'server/src/generated/validator.js'))) {
      const { generateValidator } = await import(pathToFileURL(join(root, 'scripts/gen-validator.mjs')).href);
      generateValidator(root);
    }
    const out = join(tmp, 'server.js');
    // The options of scripts/build.mjs with --minify, into a temporary directory.
    const r = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: false,
      minify: true,
      legalComments: 'none',
      mainFields: ['module', 'main'],
      logLevel: 'silent',
      outfile: out,
      banner: { js: '#!/usr/bin/env node' },
      metafile: true,
    });
    // The largest contributors, by package (or by our own source directory).
    const byPkg = new Map();
    for (const [file, info] of Object.entries(r.metafile.outputs[Object.keys(r.metafile.outputs)[0]].inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      const key = m ? m[1] : file.replace(/\/[^/]*$/, '');
      byPkg.set(key, (byPkg.get(key) ?? 0) + info.bytesInOutput);
    }
    results.bundleTop = [...byPkg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    return statSync(out).size;
  } catch (e) {
    log(`  bundle: ${String(e?.message ?? e).slice(0, 200)}`);
    return undefined;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---- Run ----

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  loadBefore: loadavg()[0],
  servers: {},
};
for (const specFn of specs) {
  const spec = specFn();
  const out = (results.servers[spec.name] = { cases: {}, fallback: [] });
  log(`${spec.name}: cold start`);
  Object.assign(out, await measureColdStarts(specFn));
  for (const c of cases) {
    log(`${spec.name}: ${c.key} (${c.g.lines} lines)`);
    const t0 = performance.now();
    out.cases[c.key] = await measureCase(specFn(), c);
    log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (!flag('--no-fallback')) {
    log(`${spec.name}: fallback depth 1..8`);
    out.fallback = await measureFallback(specFn);
  }
}
if (!flag('--no-floors')) {
  const yamlCases = cases.filter((c) => c.g.format === 'yaml' && !c.key.includes('fb'));
  const big = yamlCases.find((c) => c.key === '100k') ?? yamlCases[yamlCases.length - 1];
  log(`parser floors on ${big.key}`);
  results.floorsOn = big.key;
  results.floors = await measureFloors(big.g);
}
log('bundle size (minified)');
results.bundleBytes = await measureBundle();
rmSync(docDir, { recursive: true, force: true });

// ---- Report ----

const O = results.servers.ours;
const P = results.servers['yaml-language-server'];
const stat = (r, k, f) => {
  const v = r?.[k];
  if (Array.isArray(v)) return f(v);
  return v;
};
const lines = [];
const push = (s = '') => lines.push(s);
push(`# Benchmark: AssistantConfig language server vs yaml-language-server 1.25.0`);
push();
push(`Files: ${MODE} (\`--mode ${MODE}\`).`);
push();
push(
  `${results.date.slice(0, 16).replace('T', ' ')} UTC · Node ${results.node} · ${results.cpus} × ${results.cpuModel ?? 'cpu'} · ${SAMPLES} samples for completion/hover, up to 20 edits, 10 edit+completion, medians unless said (the peer's slow cases stop early at a time budget: n given) · diagnostics: ours ${O ? (Object.values(O.cases)[0]?.diagnosticMode ?? '?') : '–'}, peer ${P ? (Object.values(P.cases)[0]?.diagnosticMode ?? '?') : '–'}`,
);
push();
push('| metric | lines | ours | yaml-language-server | peer/ours |');
push('|---|---|---:|---:|---:|');
const n = (r, k) => (Array.isArray(r?.[k]) ? r[k].filter(isNum).length : undefined);
const withN = (v, r, k) => {
  const c = n(r, k);
  if (k === 'openMs') return fmtMs(v);
  const planned = k === 'editMs' ? 20 : k === 'editCompletionMs' ? 10 : k === 'structMs' ? 60 : SAMPLES;
  return c !== undefined && c < planned ? `${fmtMs(v)} (n=${c})` : fmtMs(v);
};
const metrics = [
  ['open → first diagnostics (median of 10, the peer: of 2+)', 'openMs', median],
  ['1-char edit → new diagnostics (median)', 'editMs', median],
  ['1-char edit → new diagnostics, p95', 'editMs', p95],
  ['Enter / delete a line / paste 5 lines → new diagnostics (median)', 'structMs', median],
  ['Enter / delete a line / paste 5 lines → new diagnostics, p95', 'structMs', p95],
  ['completion deep in file, median', 'completionMs', median],
  ['completion deep in file, p95', 'completionMs', p95],
  ['hover deep in file, median', 'hoverMs', median],
  ['hover deep in file, p95', 'hoverMs', p95],
  ['completion right after an edit (median)', 'editCompletionMs', median],
];
for (const [label, k, f] of metrics) {
  for (const c of cases) {
    const o = stat(O?.cases[c.key], k, f);
    const p = stat(P?.cases[c.key], k, f);
    push(
      `| ${label} | ${c.key} | ${withN(o, O?.cases[c.key], k)} | ${withN(p, P?.cases[c.key], k)} | ${ratio(p, o)} |`,
    );
  }
}
// Structural edits kind by kind: the first edit of each kind in a session (the first Enter is the first
// structural edit the server sees) apart from the rest, so a slow first edit cannot hide in a pooled p95.
const KINDS = [
  ['Enter', 'enter'],
  ['delete a line', 'delete'],
  ['paste a line / 5 lines', 'paste'],
  ["Enter on a list item's first line, blank line deleted", 'itemLine'],
  ['a letter typed / deleted in a comment between list items', 'comment'],
];
const kindStat = (r, kind, f) => {
  const xs = r?.structKinds?.[kind];
  if (!Array.isArray(xs) || xs.length === 0) return undefined;
  return f(xs);
};
for (const [label, kind] of KINDS) {
  for (const c of cases) {
    if (!O?.cases[c.key]?.structKinds && !P?.cases[c.key]?.structKinds) continue;
    const cell = (r) => {
      const p = kindStat(r, kind, p95);
      const first = kindStat(r, kind, (xs) => xs[0]);
      const later = kindStat(r, kind, (xs) => (xs.length > 1 ? median(xs.slice(1)) : undefined));
      if (!isNum(p)) return '–';
      return `p95 ${fmtMs(p)} · first ${fmtMs(first)} · later median ${fmtMs(later)} (n=${r.structKinds[kind].length})`;
    };
    const o = kindStat(O?.cases[c.key], kind, p95);
    const p = kindStat(P?.cases[c.key], kind, p95);
    push(
      `| ${label} → new diagnostics, per kind | ${c.key} | ${cell(O?.cases[c.key])} | ${cell(P?.cases[c.key])} | ${ratio(p, o)} |`,
    );
  }
}
for (const c of cases) {
  const o = O?.cases[c.key]?.peakRssKb;
  const p = P?.cases[c.key]?.peakRssKb;
  push(
    `| peak resident memory | ${c.key} | ${fmtMb(o)} | ${fmtMb(p)} | ${isNum(o) && isNum(p) && o > 0 ? fmt1(p / o) + '×' : '–'} |`,
  );
}
push(
  `| cold start → initialize answered (median of 5; ours with the code cache an earlier session made) | – | ${fmtMs(O?.coldStartMs)} | ${fmtMs(P?.coldStartMs)} | ${ratio(P?.coldStartMs, O?.coldStartMs)} |`,
);
push(
  `| first start ever → initialize answered (ours with no code cache yet) | – | ${fmtMs(O?.firstStartMs)} | – | – |`,
);
push(
  `| open → first diagnostics in a fresh server (no warm-up) | ${sizeLabel(cases[0]?.g.lines ?? 200)} | ${fmtMs(O?.freshOpenMs)} | ${fmtMs(P?.freshOpenMs)} | ${ratio(P?.freshOpenMs, O?.freshOpenMs)} |`,
);
push();
push(
  'Server CPU time (user + system, from /proc, 10 ms resolution; less sensitive to the load of the machine than the times above):',
);
push();
push('| what | lines | ours | yaml-language-server | peer/ours |');
push('|---|---|---:|---:|---:|');
push(
  `| cold start → initialize answered | – | ${fmtCpu(O?.coldStartCpuMs)} | ${fmtCpu(P?.coldStartCpuMs)} | ${ratio(P?.coldStartCpuMs, O?.coldStartCpuMs)} |`,
);
for (const [label, k] of [
  ['open → first diagnostics', 'openCpuMs'],
  ['1-char edit → new diagnostics (mean per edit)', 'editCpuMs'],
]) {
  for (const c of cases)
    push(
      `| ${label} | ${c.key} | ${fmtCpu(O?.cases[c.key]?.[k])} | ${fmtCpu(P?.cases[c.key]?.[k])} | ${ratio(P?.cases[c.key]?.[k], O?.cases[c.key]?.[k])} |`,
    );
}
push();
const diagCheck = [];
for (const [name, S] of [
  ['ours', O],
  ['peer', P],
]) {
  if (!S) continue;
  for (const [k, r] of Object.entries(S.cases))
    if (r.openDiagnostics !== 0 || (r.editDiagnostics ?? 0) !== 0 || (r.structDiagnostics ?? 0) !== 0 || r.error)
      diagCheck.push(
        `${name} ${k}: ${r.error ?? `${r.openDiagnostics} diagnostics on open, ${r.editDiagnostics} after edits, ${r.structDiagnostics ?? 0} after structural edits`}`,
      );
}
push(
  diagCheck.length
    ? `Unexpected diagnostics on the valid configs: ${diagCheck.join('; ')}.`
    : 'Every valid config drew no diagnostics from either server (checked), before and after the edits.',
);
push();

// The figures issue 6 gives for the peer and the parsers on its authors' machines: how this machine
// and this run compare (a factor well above 1 means a slower or busier machine).
const ANCHORS = [
  ['peer open → first diagnostics', '1k', 297, () => stat(P?.cases['1k'], 'openMs', median)],
  ['peer open → first diagnostics', '10k', 467, () => stat(P?.cases['10k'], 'openMs', median)],
  ['peer open → first diagnostics', '100k', 1333, () => stat(P?.cases['100k'], 'openMs', median)],
  ['peer completion deep in the file', '1k', 12, () => stat(P?.cases['1k'], 'completionMs', median)],
  ['peer completion deep in the file', '10k', 70, () => stat(P?.cases['10k'], 'completionMs', median)],
  ['peer completion deep in the file', '100k', 685, () => stat(P?.cases['100k'], 'completionMs', median)],
  ['peer open → first diagnostics, depth-5 chain', '100k', 2798, () => stat(P?.cases['100k fb5'], 'openMs', median)],
  ['peer completion, depth-5 chain', '100k', 2223, () => stat(P?.cases['100k fb5'], 'completionMs', median)],
  ['`yaml` parseDocument', '100k', 775, () => results.floors?.find((f) => f.name.includes('parseDocument'))?.ms],
  ['`yaml` CST parser', '100k', 585, () => results.floors?.find((f) => f.name.includes('CST'))?.ms],
  ['`yaml` lexer', '100k', 195, () => results.floors?.find((f) => f.name.includes('Lexer'))?.ms],
  ['JSON.parse', '100k', 5, () => results.floors?.find((f) => f.name.startsWith('JSON.parse'))?.ms],
];
{
  const floorsComparable = results.floorsOn === '100k';
  const rows = ANCHORS.map(([what, size, anchor, get]) => [
    what,
    size,
    anchor,
    what.startsWith('peer') || floorsComparable ? get() : undefined,
  ]).filter((r) => isNum(r[3]));
  if (rows.length) {
    push("## This run against the issue's anchors");
    push();
    push('| what | lines | issue 6 | here | here/issue |');
    push('|---|---|---:|---:|---:|');
    for (const [what, size, anchor, here] of rows)
      push(`| ${what} | ${size} | ${fmtMs(anchor)} | ${fmtMs(here)} | ${fmt1(here / anchor)}× |`);
    push();
  }
}

if (results.floors) {
  push(
    `## Parser floors (${results.floorsOn} lines, ${(cases.find((c) => c.key === results.floorsOn)?.g.text.length / 1e6).toFixed(2)} MB, in-process, median of ${quick ? 2 : 3} after a warm-up run)`,
  );
  push();
  push('| parser | time |');
  push('|---|---:|');
  for (const f of results.floors) push(`| ${f.name} | ${fmtMs(f.ms)} |`);
  push();
}

const fbO = O?.fallback ?? [];
const fbP = P?.fallback ?? [];
if (fbO.length || fbP.length) {
  push(`## Fallback chain depth (a ${fallbackDocs[0].g.lines}-line config, the chain on the last override)`);
  push();
  push(
    '| depth | open → diagnostics: ours | peer | × | edit → diagnostics: ours | peer | × | completion: ours | peer | × |',
  );
  push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let i = 0; i < fallbackDocs.length; i++) {
    const o = fbO[i] ?? {};
    const p = fbP[i] ?? {};
    const cell = (r, k) => (Array.isArray(r[k]) ? median(r[k]) : r[k]);
    const cols = ['openMs', 'editMs', 'completionMs'].flatMap((k) => [
      fmtMs(cell(o, k)),
      fmtMs(cell(p, k)),
      ratio(cell(p, k), cell(o, k)),
    ]);
    push(`| ${fallbackDocs[i].depth} | ${cols.join(' | ')} |`);
  }
  push();
}

// ---- Targets (issue 6, item 2) ----
const T = [];
// ok: true, false, undefined (not measured), or 'peer fails': ours meets the absolute budget and the
// peer answered none of the requests (an error, not a time-out), so there is no ratio to check.
const target = (name, ok, figure) =>
  T.push({
    name,
    status: ok === undefined ? 'N/A' : ok === 'peer fails' ? 'PEER FAILS' : ok ? 'PASS' : 'MISS',
    figure,
  });
/** A peer's measurement that is an error message (its requests failed), not a number or a time-out. */
const peerFailed = (v) => typeof v === 'string' && !v.startsWith('timeout');
const c100 = (S, k, f = median) => stat(S?.cases['100k'], k, f);
const rat = (p, o) =>
  isNum(p) && isNum(o) && o > 0
    ? p / o
    : typeof p === 'string' && p.startsWith('timeout') && isNum(o)
      ? parseTimeout(p) / o
      : undefined;
const has100 = !!O?.cases['100k'];
{
  const o = c100(O, 'editMs');
  const p = c100(P, 'editMs');
  const r = rat(p, o);
  target(
    '100k: edit → new diagnostics ≥ 20× faster than the peer',
    has100 && r !== undefined ? r >= 20 : undefined,
    `ours ${fmtMs(o)}, peer ${fmtMs(p)}: ${r !== undefined ? fmt1(r) + '×' : '–'} (server CPU per edit: ours ${fmtCpu(O?.cases['100k']?.editCpuMs)}, peer ${fmtCpu(P?.cases['100k']?.editCpuMs)})`,
  );
}
for (const [k, label] of [
  ['completionMs', 'completion'],
  ['hoverMs', 'hover'],
]) {
  const o95 = c100(O, k, p95);
  const om = c100(O, k);
  const pm = c100(P, k);
  const r = rat(pm, om);
  const fb = stat(O?.cases['100k fb5'], k, p95);
  const okP95 = isNum(o95) && o95 < 15 && (fb === undefined || (isNum(fb) && fb < 15));
  target(
    `100k: ${label} p95 < 15 ms, ≥ 50× faster than the peer, independent of fallback depth`,
    has100
      ? okP95 && r === undefined && peerFailed(pm)
        ? 'peer fails'
        : okP95 && r !== undefined && r >= 50
      : undefined,
    `ours p95 ${fmtMs(o95)} (with a depth-5 chain: ${fmtMs(fb)}), median ${fmtMs(om)}; peer median ${fmtMs(pm)}: ${r !== undefined ? fmt1(r) + '×' : '–'}`,
  );
}
{
  const o = c100(O, 'openMs');
  const p = c100(P, 'openMs');
  const r = rat(p, o);
  const pd = results.floors?.find((f) => f.name.includes('parseDocument'))?.ms;
  target(
    '100k: open → first diagnostics ≥ 3× faster than the peer',
    has100 && r !== undefined ? r >= 3 : undefined,
    `ours ${fmtMs(o)}, peer ${fmtMs(p)}: ${r !== undefined ? fmt1(r) + '×' : '–'} (yaml parseDocument ${fmtMs(pd)}; server CPU: ours ${fmtCpu(O?.cases['100k']?.openCpuMs)}, peer ${fmtCpu(P?.cases['100k']?.openCpuMs)})`,
  );
}
{
  const d8 = fbO.find((r) => r.depth === 8);
  const vals = d8 ? [median(d8.openMs ?? []), median(d8.editMs ?? []), median(d8.completionMs ?? [])] : [];
  const worst = vals.every(isNum) && vals.length ? Math.max(...vals) : undefined;
  const d1 = fbO.find((r) => r.depth === 1);
  target(
    'fallback depth 8 on a small file < 20 ms (cost linear in depth)',
    d8 ? isNum(worst) && worst < 20 : undefined,
    d8
      ? `depth 8: open ${fmtMs(vals[0])}, edit ${fmtMs(vals[1])}, completion ${fmtMs(vals[2])} (depth 1: edit ${fmtMs(median(d1?.editMs ?? []))})`
      : 'not measured',
  );
}
{
  const r200 = O?.cases['200'];
  const o = median(r200?.openMs ?? []);
  const e = median(r200?.editMs ?? []);
  target(
    '200 lines: first diagnostics < 25 ms from open',
    r200 ? isNum(o) && o < 25 : undefined,
    `${fmtMs(o)} (fresh server, no warm-up: ${fmtMs(O?.freshOpenMs)})`,
  );
  target('200 lines: < 10 ms after an edit', r200 ? isNum(e) && e < 10 : undefined, fmtMs(e));
}
{
  const o = O?.cases['100k']?.peakRssKb;
  const p = P?.cases['100k']?.peakRssKb;
  target(
    '100k: peak server memory ≤ ¼ of the peer',
    has100 && isNum(o) && isNum(p) ? o * 4 <= p : undefined,
    `ours ${fmtMb(o)}, peer ${fmtMb(p)}: ${isNum(o) && isNum(p) && o > 0 ? fmt1(p / o) + '×' : '–'}`,
  );
}
target(
  'cold start → initialize answered < 150 ms',
  O ? isNum(O.coldStartMs) && O.coldStartMs < 150 : undefined,
  `${fmtMs(O?.coldStartMs)} (median of ${O?.coldStartAll?.length ?? 0}: ${(O?.coldStartAll ?? []).map((x) => Math.round(x)).join(', ')}; server CPU ${fmtCpu(O?.coldStartCpuMs)})`,
);
target(
  'bundled server < 1 MB minified',
  isNum(results.bundleBytes) ? results.bundleBytes < 1024 * 1024 : undefined,
  isNum(results.bundleBytes)
    ? `${results.bundleBytes.toLocaleString('en-US')} bytes (${(results.bundleBytes / 1024).toFixed(0)} KiB)`
    : 'not measured',
);
results.targets = T;
if (results.bundleTop)
  T[T.length - 1].figure +=
    ` — largest parts: ${results.bundleTop.map(([k, v]) => `${k} ${(v / 1024).toFixed(0)} KiB`).join(', ')}`;
push('## Targets (issue 6)');
push();
push('| target | result | figure |');
push('|---|---|---|');
for (const t of T) push(`| ${t.name} | **${t.status}** | ${t.figure} |`);
push();
if (results.fastPath) {
  push('## Fast YAML path: engaged, and the share of the text it read itself');
  push();
  push('| file | lines | fast path | read by the fast path |');
  push('|---|---:|---|---:|');
  for (const f of results.fastPath)
    push(
      `| ${f.file} | ${f.lines.toLocaleString('en-US')} | ${f.engaged ? 'engaged' : '**declined**'} | ${f.engaged ? (100 * f.share).toFixed(f.share === 1 ? 0 : 2) + ' %' : '–'} |`,
    );
  push();
}
if (results.memory) {
  const m = results.memory;
  const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
  push(
    `## Where the memory goes (${results.floorsOn}, ${(m.textChars / 1e6).toFixed(2)} M characters; heap growth after a forced GC, in this process)`,
  );
  push();
  push('| what is kept | bytes | × text size |');
  push('|---|---:|---:|');
  push(`| node tree (parser \`parse\`) | ${mb(m.treeBytes)} | ${fmt1(m.treeBytes / m.textChars)}× |`);
  push(`| line index | ${mb(m.lineIndexBytes)} | ${fmt1(m.lineIndexBytes / m.textChars)}× |`);
  push(`| diagnostics of a validation | ${mb(m.diagnosticsBytes)} | ${fmt1(m.diagnosticsBytes / m.textChars)}× |`);
  push();
}

// ---- Targets (issue 13): realistic files ----
{
  const T13 = [];
  const t13 = (name, ok, figure) => T13.push({ name, status: ok === undefined ? 'N/A' : ok ? 'PASS' : 'MISS', figure });
  const pd = results.floors?.find((f) => f.name.includes('parseDocument'))?.ms;
  const o = c100(O, 'openMs');
  const p = c100(P, 'openMs');
  const r = rat(p, o);
  t13(
    '100k: open → first diagnostics ≥ 10× faster than the peer, below `yaml` parseDocument',
    has100 && r !== undefined ? r >= 10 && (!isNum(pd) || o < pd) : undefined,
    `ours ${fmtMs(o)}, peer ${fmtMs(p)}: ${r !== undefined ? fmt1(r) + '×' : '–'}; parseDocument ${fmtMs(pd)}`,
  );
  const e95 = c100(O, 'editMs', p95);
  t13(
    '100k: one character typed → new diagnostics, p95 < 20 ms',
    has100 ? isNum(e95) && e95 < 20 : undefined,
    `p95 ${fmtMs(e95)}, median ${fmtMs(c100(O, 'editMs'))}`,
  );
  const s95 = c100(O, 'structMs', p95);
  const k = O?.cases['100k']?.structKinds;
  // Per kind, and the first edit of each kind on its own (a session's first structural edit is the slow one).
  const perKind = ['enter', 'delete', 'paste'].map((kind) => {
    const xs = Array.isArray(k?.[kind]) ? k[kind] : [];
    return { kind, p: p95(xs), first: xs[0] };
  });
  const worst = Math.max(...perKind.flatMap((x) => [x.p, x.first]).filter(isNum));
  t13(
    '100k: Enter / delete a line / paste 5 lines → new diagnostics, p95 < 50 ms (each kind, its first edit included)',
    has100 ? isNum(s95) && perKind.every((x) => isNum(x.p) && isNum(x.first)) && worst < 50 : undefined,
    `pooled p95 ${fmtMs(s95)}; ${perKind.map((x) => `${x.kind} p95 ${fmtMs(x.p)}, first ${fmtMs(x.first)}`).join('; ')}; peer median ${fmtMs(c100(P, 'structMs'))}`,
  );
  const c95 = c100(O, 'completionMs', p95);
  const h95 = c100(O, 'hoverMs', p95);
  t13(
    '100k: completion and hover p95 < 15 ms',
    has100 ? isNum(c95) && isNum(h95) && c95 < 15 && h95 < 15 : undefined,
    `completion p95 ${fmtMs(c95)}, hover p95 ${fmtMs(h95)}`,
  );
  const k1 = O?.cases['1k'];
  const any1 = k1
    ? p95([...(Array.isArray(k1.editMs) ? k1.editMs : []), ...(Array.isArray(k1.structMs) ? k1.structMs : [])])
    : undefined;
  t13(
    '1k: any edit → new diagnostics, p95 < 5 ms',
    k1 ? isNum(any1) && any1 < 5 : undefined,
    `p95 ${fmtMs(any1)} over ${(k1?.editMs?.length ?? 0) + (k1?.structMs?.length ?? 0)} edits`,
  );
  const mo = O?.cases['100k']?.peakRssKb;
  const mp = P?.cases['100k']?.peakRssKb;
  t13(
    '100k: peak server memory ≤ ¼ of the peer',
    has100 && isNum(mo) && isNum(mp) ? mo * 4 <= mp : undefined,
    `ours ${fmtMb(mo)}, peer ${fmtMb(mp)}: ${isNum(mo) && isNum(mp) && mo > 0 ? fmt1(mp / mo) + '×' : '–'}`,
  );
  const m = results.memory;
  t13(
    '100k: retained tree ≤ 20× the text size',
    m ? m.treeBytes <= 20 * m.textChars : undefined,
    m
      ? `${(m.treeBytes / 1e6).toFixed(1)} MB for ${(m.textChars / 1e6).toFixed(2)} M characters: ${fmt1(m.treeBytes / m.textChars)}×`
      : 'not measured',
  );
  const fp = results.fastPath ?? [];
  t13(
    'fast path engaged on every realistic file and every example',
    fp.length ? fp.every((f) => f.engaged) : undefined,
    fp.length
      ? `${fp.filter((f) => f.engaged).length} of ${fp.length} files; least share read: ${(100 * Math.min(...fp.map((f) => f.share))).toFixed(1)} %`
      : 'not measured',
  );
  results.targets13 = T13;
  push(`## Targets (issue 13, ${MODE} files)`);
  push();
  push('| target | result | figure |');
  push('|---|---|---|');
  for (const t of T13) push(`| ${t.name} | **${t.status}** | ${t.figure} |`);
  push();
}

const total = (performance.now() - started) / 1000;
results.totalSeconds = total;
results.loadAfter = loadavg()[0];
push(
  `Whole run: ${total.toFixed(0)} s. Load average (1 min) before/after: ${results.loadBefore.toFixed(1)} / ${results.loadAfter.toFixed(1)} on ${results.cpus} cores — timings are only comparable between runs on an otherwise idle machine.`,
);

const md = lines.join('\n') + '\n';
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.md'), md);
writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
process.stdout.write(md);
if (flag('--readme')) {
  // The latest table goes into bench/README.md, between its markers.
  const readme = join(root, 'bench/README.md');
  const text = readFileSync(readme, 'utf8');
  const begin = '<!-- latest-results:begin -->';
  const end = '<!-- latest-results:end -->';
  const body = `${begin}\n${md.replace(/^# .*\n/, '## Latest results\n')}${end}`;
  writeFileSync(
    readme,
    text.includes(begin)
      ? text.replace(new RegExp(`${begin}[\\s\\S]*${end}`), () => body)
      : `${text.trimEnd()}\n\n${body}\n`,
  );
  log('bench/README.md updated');
}
log(`written to bench/results/latest.md (${total.toFixed(0)} s)`);
