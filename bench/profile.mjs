// Where our server spends its time on a large config: runs dist/server.js under `--cpu-prof`, does
// what the benchmark does (open, edits, completion, hover) and prints the functions and source
// files with the most self time, for the whole session and for each phase.
//
// node bench/profile.mjs [--struct N (rounds of structural edits, each a phase)] [--cold] [--lines 100000] [--fallback 0] [--edits 10] [--requests 20] [--push] [--keep]

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { generate } from './generate.mjs';
import { LspSession, oursServer } from './lsp-client.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : def;
};
const lines = Number(opt('--lines', 100000));
const edits = Number(opt('--edits', 10));
const requests = Number(opt('--requests', 20));
/** Rounds of the benchmark's structural edits (Enter, delete lines, paste), each edit its own phase. */
const structRounds = Number(opt('--struct', 0));
const g = generate({ lines, fallbackDepth: Number(opt('--fallback', 0)) });
const dir = mkdtempSync(join(tmpdir(), 'assistant-config-profile-'));
// An unminified bundle of the current sources (the options of scripts/build.mjs, no minification),
// so that the profile names functions and each bundle line maps back to its source file.
const serverPath = join(dir, 'server.js');
await createRequire(join(root, 'package.json'))('esbuild').build({
  entryPoints: [join(root, 'server/src/server.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: false,
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  outfile: serverPath,
});
const sourceOfLine = [];
{
  let current = '(bundle)';
  readFileSync(serverPath, 'utf8')
    .split('\n')
    .forEach((l, i) => {
      const m = /^\/\/ ((?:node_modules|server|client)\/\S+)$/.exec(l);
      if (m) current = m[1].replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*$/, 'node_modules/$1');
      sourceOfLine[i] = current;
    });
}
const base = oursServer(root, { envNames: g.envNames, serverPath });
const spec = {
  ...base,
  args: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '200', ...base.args],
  ...(argv.includes('--push') ? { pullDiagnostics: false } : {}),
};

const phases = [];
const phase = async (name, fn) => {
  const from = performance.now();
  await fn();
  const to = performance.now();
  phases.push({ name, ms: to - from, from, to });
};

const spawnAt = performance.now();
const s = await LspSession.start(spec);
let exitAt = 0;
s.exitedPromise.then(() => (exitAt = performance.now()));
phases.push({ name: 'cold start → initialize answered', ms: s.coldStartMs, from: spawnAt, to: performance.now() });
const cold = argv.includes('--cold');
if (!cold) await s.configure();
const uri = pathToFileURL(join(dir, `profile${spec.fileSuffix}`)).href;
if (!cold && structRounds > 0) {
  // As the benchmark does: a small document opened, completed, hovered and closed first.
  const w = generate({ lines: 60 });
  const wu = pathToFileURL(join(dir, `warmup${spec.fileSuffix}`)).href;
  await s.open(wu, w.text, { timeoutMs: 120000 });
  await s.completion(wu, w.marks.providerValue, { timeoutMs: 120000 });
  await s.hover(wu, w.marks.tableKey, { timeoutMs: 120000 });
  s.close(wu);
}
if (!cold) await phase('open → diagnostics', () => s.open(uri, g.text, { timeoutMs: 120000 }));
const sl = g.marks.structLine;
for (let i = 0; i < structRounds && sl !== undefined; i++) {
  // The benchmark's structural edits (bench/run.mjs), each timed and profiled alone.
  const ed = (kind, a, b, text) =>
    phase(`round ${i + 1} ${kind}`, () => s.editRange(uri, a, b, text, { timeoutMs: 120000 }));
  const line = s.lineText(uri, sl);
  const indent = /^ */.exec(line)[0];
  const eol = { line: sl, character: line.length };
  await ed('Enter', eol, eol, '\n' + indent);
  await ed('blank line deleted', eol, { line: sl + 1, character: indent.length }, '');
  const next = s.lineText(uri, sl + 1);
  await ed('line deleted', { line: sl + 1, character: 0 }, { line: sl + 2, character: 0 }, '');
  await ed('line pasted', { line: sl + 1, character: 0 }, { line: sl + 1, character: 0 }, next + '\n');
  const five = [1, 2, 3, 4, 5].map((k) => `${indent}- pasted_column_${k}\n`).join('');
  await ed('5 lines pasted', { line: sl + 1, character: 0 }, { line: sl + 1, character: 0 }, five);
  await ed('5 lines deleted', { line: sl + 1, character: 0 }, { line: sl + 6, character: 0 }, '');
}
const original = g.text.split('\n')[g.marks.edit.line][g.marks.edit.character];
if (!cold)
  await phase(`${edits} edits → diagnostics`, async () => {
    for (let i = 0; i < edits; i++)
      await s.replaceChar(uri, g.marks.edit, s.charAt(uri, g.marks.edit) === original ? 'Z' : original, {
        timeoutMs: 120000,
      });
  });
if (!cold)
  await phase(`${requests} completions`, async () => {
    for (let i = 0; i < requests; i++) await s.completion(uri, g.marks.providerValue, { timeoutMs: 120000 });
  });
if (!cold)
  await phase(`${requests} hovers`, async () => {
    for (let i = 0; i < requests; i++) await s.hover(uri, g.marks.tableKey, { timeoutMs: 120000 });
  });
await s.stop({ timeoutMs: 20000 });

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) {
  process.stderr.write(`no profile written in ${dir}\n`);
  process.exit(1);
}
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const short = (url, line) =>
  url.endsWith('/server.js') && url.includes(dir)
    ? (sourceOfLine[line] ?? 'bundle')
    : url
        .replace(/^file:\/\//, '')
        .replace(root, '')
        .replace(/^.*node_modules\//, 'node_modules/');

// Self time per sample, attributed to a function (and its bundle line, for dist/server.js).
const deltas = prof.timeDeltas;
const startUs = prof.startTime;
function summarize(fromUs, toUs) {
  const byFn = new Map();
  const byFile = new Map();
  let total = 0;
  let t = startUs;
  for (let i = 0; i < prof.samples.length; i++) {
    t += deltas[i] ?? 0;
    if (t < fromUs || t > toUs) continue;
    const n = nodes.get(prof.samples[i]);
    const cf = n.callFrame;
    const dt = (deltas[i + 1] ?? 0) / 1000;
    total += dt;
    const file = cf.url ? short(cf.url, cf.lineNumber) : '(native)';
    const key = `${cf.functionName || '(anonymous)'} — ${file}`;
    byFn.set(key, (byFn.get(key) ?? 0) + dt);
    byFile.set(file, (byFile.get(file) ?? 0) + dt);
  }
  const top = (m, k) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k);
  return {
    total,
    top: top(byFn, Number(process.env.PROFILE_TOP || 15)),
    files: top(byFile, Number(process.env.PROFILE_FILES || 8)),
  };
}

process.stdout.write(
  `# Profile of our server: ${g.lines} lines (${(g.text.length / 1e6).toFixed(2)} MB), ${s.diagnosticMode} diagnostics\n\n`,
);
for (const p of phases) process.stdout.write(`- ${p.name}: ${p.ms.toFixed(0)} ms\n`);
// The profile's clock is the server's: its end (endTime) is placed at the moment the server exited.
const offsetUs = prof.endTime - exitAt * 1000;
for (const p of [{ name: 'whole session' }, ...phases]) {
  const r =
    p.from === undefined ? summarize(-Infinity, Infinity) : summarize(p.from * 1000 + offsetUs, p.to * 1000 + offsetUs);
  process.stdout.write(
    `\n## ${p.name}: ${r.total.toFixed(0)} ms of samples\n\nBy source: ${r.files.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}\n\n| self ms | function — source |\n|---:|---|\n`,
  );
  for (const [k, v] of r.top) process.stdout.write(`| ${v.toFixed(1)} | ${k} |\n`);
}
if (argv.includes('--keep')) process.stdout.write(`\nprofile kept: ${join(dir, file)}\n`);
else rmSync(dir, { recursive: true, force: true });
