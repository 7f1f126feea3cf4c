// `assistant-config lint` on many small configs, side by side with ajv-cli validating the same files
// against our schema (ajv-cli 5, a dependency of bench/ only). Both are timed as whole processes
// (start-up, schema or bundle load, directory listing, every file read, parsed and validated, output
// to a pipe that is read). Runs are interleaved (ajv, ours, ours, ajv…) so that a change of machine
// load hits every contender alike. Prints a markdown table: median wall time, the ratio to ajv-cli
// with PASS/MISS against the 2× target, median CPU time (user+sys), peak RSS (all from
// /usr/bin/time), with a row for a first run (no V8 code cache) and a line for `--cache` over
// unchanged files (not the target); how our default run went (threads, files on workers: ASSISTANT_CONFIG_TIMING); and
// our peak RSS at several file counts, to show memory does not grow with the number of files.
//   node bench/cli-vs-ajv.mjs [--files 10000] [--samples 5] [--sizes 1000,5000,10000]
import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  existsSync,
  openSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import { tmpdir, loadavg, cpus, availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const FILES = Number(opt('files', '10000'));
const SAMPLES = Number(opt('samples', '5'));
const SIZES = opt('sizes', `1000,5000,${FILES}`).split(',').map(Number);
const TARGET = 2;
const CLI = join(root, 'dist/cli.js');
const AJV = join(root, 'bench/node_modules/ajv-cli/dist/index.js');
const SCHEMA = join(root, 'schemas/assistant-config.schema.json');
if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run npm run build first');
if (!existsSync(AJV)) throw new Error('ajv-cli is missing: run npm ci --prefix bench');

/** Small configs as people write them: the examples, with comments, block scalars, anchors, CRLF; every 7th has a mistake. */
function generate(dir, n) {
  const examples = readdirSync(join(root, 'examples'))
    .filter((f) => /\.assistant\.(ya?ml)$/.test(f))
    .map((f) => readFileSync(join(root, 'examples', f), 'utf8'));
  const extra = [
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &main # shared below\n    provider: vendor_b\n    model: fast-model\n    apiKey:\n      valueFromEnv: VENDOR_B_API_KEY\n  aiPrimitivesLlm: *main\n  systemInstructions: |\n    Answer in one paragraph.\n    Quote the table you used.\n',
  ];
  const bases = [...examples, ...extra];
  for (let i = 0; i < n; i++) {
    let text = `# config ${i}\n` + bases[i % bases.length];
    if (i % 7 === 3) text = text.replace(/provider: (\w+)/, 'provider: $1x');
    if (i % 11 === 5) text = text.replace(/\n/g, '\r\n');
    if (i % 13 === 0) {
      writeFileSync(
        join(dir, `c${i}.assistant.json`),
        JSON.stringify(
          {
            kind: 'AssistantConfig',
            version: 'v2',
            definition: { llm: { provider: 'hosted' }, contextWindowLimit: 1000 + i },
          },
          null,
          i % 2 ? 2 : 0,
        ),
      );
      continue;
    }
    writeFileSync(join(dir, `c${i}.assistant.yaml`), text);
  }
}

/** Runs a command; wall milliseconds, CPU seconds and peak RSS (MB) via /usr/bin/time. Output is read (a pipe), not kept. */
function measure(cmd, env = {}) {
  const t0 = process.hrtime.bigint();
  // A run never takes minutes; if one does (see bench/README.md: real-time priority on an overloaded
  // machine once starved V8's helper threads), `timeout` kills its whole process group.
  const r = spawnSync('timeout', ['-s', 'KILL', '120', '/usr/bin/time', '-f', '%M %U %S', ...cmd], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (r.status === 137) throw new Error(`${cmd.join(' ')}: stopped after 120 s (see bench/README.md)`);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const [kb, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { ms, rss: kb / 1024, cpu: user + sys, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Each contender once per round, in turn, SAMPLES rounds. */
function benchAll(contenders) {
  const runs = contenders.map(() => []);
  for (let i = 0; i < SAMPLES; i++)
    contenders.forEach((c, k) => {
      const r = measure(c.cmd);
      runs[k].push(r);
    });
  return contenders.map((c, k) => ({
    label: c.label,
    ms: median(runs[k].map((r) => r.ms)),
    cpu: median(runs[k].map((r) => r.cpu)),
    rss: Math.max(...runs[k].map((r) => r.rss)),
    status: runs[k][0].status,
  }));
}

const load0 = loadavg();
const lines = [];
const dir = mkdtempSync(join(tmpdir(), 'ac-bench-cli-'));
const v8cache = mkdtempSync(join(tmpdir(), 'ac-bench-v8cache-'));
try {
  generate(dir, FILES);
  const ours = (extra) => ['node', CLI, 'lint', '--no-env-check', '--format', 'json', ...extra, dir];
  const ajvCmd = [
    'node',
    AJV,
    'validate',
    '-s',
    SCHEMA,
    '-d',
    `${dir}/*.{yaml,json}`,
    '--strict=false',
    '--errors=json',
  ];
  // Fairness: both see the same files (ajv-cli says "valid" or "invalid" once per file).
  // (Into a file: ajv-cli exits with process.exit, which can drop what a pipe had not yet taken.)
  const out = join(dir, 'ajv-output.txt');
  const fd = openSync(out, 'w');
  spawnSync('node', ajvCmd.slice(1), { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const ajvFiles = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => / (in)?valid$/.test(l)).length;
  rmSync(out);
  // The code cache of dist/cli.js (cli/launch.ts) in a directory of this run: written by this first,
  // untimed run, used by the timed ones; one row runs without it (what a first run costs).
  process.env.ASSISTANT_CONFIG_COMPILE_CACHE = v8cache;
  const ourCheck = measure(ours([]), { ASSISTANT_CONFIG_TIMING: '1' });
  const ourFiles = JSON.parse(ourCheck.stdout).files.length;
  const how = /timing: (.*)/.exec(ourCheck.stderr)?.[1] ?? '(no timing line)';
  const poolCheck = measure(ours(['--jobs', String(Math.max(2, availableParallelism()))]), {
    ASSISTANT_CONFIG_TIMING: '1',
  });
  const poolHow = /timing: (.*)/.exec(poolCheck.stderr)?.[1] ?? '(no timing line)';
  if (poolCheck.stdout !== ourCheck.stdout) throw new Error('the worker threads gave a different output');
  if (ajvFiles !== FILES || ourFiles !== FILES)
    throw new Error(`not the same files: ${FILES} written, ajv-cli checked ${ajvFiles}, we checked ${ourFiles}`);
  const jobs = Math.max(2, availableParallelism());
  const results = benchAll([
    { label: 'ajv-cli 5 (validate -d "*.{yaml,json}", strict off)', cmd: ajvCmd },
    { label: 'assistant-config lint (default: one thread)', cmd: ours([]) },
    {
      label: 'assistant-config lint, no code cache (a first run)',
      cmd: ['env', 'ASSISTANT_CONFIG_COMPILE_CACHE=0', ...ours([])],
    },
    {
      label: `assistant-config lint --jobs ${jobs} (main + ${jobs - 1} worker thread${jobs === 2 ? '' : 's'})`,
      cmd: ours(['--jobs', String(jobs)]),
    },
  ]);
  const ajv = results[0];
  lines.push(
    `${FILES} small configs, both checking all ${FILES} (${new Date().toISOString().slice(0, 16)}Z; node ${process.version}; ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}); load average before ${load0.map((x) => x.toFixed(1)).join(' ')}, after ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; median of ${SAMPLES}, interleaved)`,
  );
  lines.push('');
  lines.push(`| run | wall time | vs ajv-cli (target ≥ ${TARGET}×) | CPU time (user+sys) | peak RSS |`);
  lines.push('|---|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = ajv.ms / r.ms;
    const verdict = r === ajv ? '' : ratio >= TARGET ? ' PASS' : ' MISS';
    lines.push(
      `| ${r.label} | ${(r.ms / 1000).toFixed(2)} s | ${ratio.toFixed(2)}×${verdict} | ${r.cpu.toFixed(2)} s | ${r.rss.toFixed(0)} MB |`,
    );
  }
  // Not the target (which is cold): --cache over files that did not change since the last run.
  const cacheFile = join(v8cache, 'lint-cache.json');
  const cached = (extra) => ours(['--cache-location', cacheFile, ...extra]);
  const fill = measure(cached([]));
  if (fill.stdout !== ourCheck.stdout) throw new Error('--cache gave a different output');
  const warm = benchAll([{ label: 'cached', cmd: cached([]) }])[0];
  const again = measure(cached([]));
  if (again.stdout !== ourCheck.stdout) throw new Error('--cache gave a different output from the cache');
  lines.push('');
  lines.push(
    `Separately (not the target, which is cold): \`--cache\` over unchanged files, the cache written by a run before: ${(warm.ms / 1000).toFixed(2)} s (${(ajv.ms / warm.ms).toFixed(2)}× ajv-cli's median), CPU ${warm.cpu.toFixed(2)} s, peak RSS ${warm.rss.toFixed(0)} MB; the run that wrote it: ${(fill.ms / 1000).toFixed(2)} s.`,
  );
  lines.push('');
  lines.push(`How our runs went (ASSISTANT_CONFIG_TIMING=1): default: ${how}; --jobs: ${poolHow}.`);
  lines.push('');
  lines.push('Memory in the number of files (assistant-config lint, text output, which streams; peak RSS):');
  lines.push('');
  lines.push(
    `| files | default: wall time | default: peak RSS | --jobs ${jobs}: wall time | --jobs ${jobs}: peak RSS |`,
  );
  lines.push('|---:|---:|---:|---:|---:|');
  for (const n of SIZES) {
    const sub = mkdtempSync(join(tmpdir(), 'ac-bench-n-'));
    try {
      generate(sub, n);
      const text = (extra) => ['node', CLI, 'lint', '--no-env-check', '--format', 'text', ...extra, sub];
      const d = measure(text([]));
      const one = measure(text(['--jobs', String(jobs)]));
      lines.push(
        `| ${n} | ${(d.ms / 1000).toFixed(2)} s | ${d.rss.toFixed(0)} MB | ${(one.ms / 1000).toFixed(2)} s | ${one.rss.toFixed(0)} MB |`,
      );
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(v8cache, { recursive: true, force: true });
}
console.log(lines.join('\n'));
