// `assistant-config lint` on many small configs, side by side with ajv-cli validating the same files
// against our schema (ajv-cli 5, a dependency of bench/ only). Prints a markdown table: wall time
// (median of --samples runs), peak RSS (from /usr/bin/time), and our peak RSS at several file counts
// to show memory does not grow with the number of files.
//   node bench/cli-vs-ajv.mjs [--files 10000] [--samples 3] [--sizes 1000,5000,10000]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir, loadavg, cpus, availableParallelism } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const FILES = Number(opt('files', '10000'));
const SAMPLES = Number(opt('samples', '3'));
const SIZES = opt('sizes', `1000,5000,${FILES}`).split(',').map(Number);
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

/** Runs a command; wall milliseconds and peak RSS (MB) via /usr/bin/time. */
function measure(cmd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', ...cmd], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const [kb, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { ms, rss: kb / 1024, cpu: user + sys, status: r.status };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function bench(label, cmd) {
  const runs = [];
  for (let i = 0; i < SAMPLES; i++) runs.push(measure(cmd));
  return {
    label,
    ms: median(runs.map((r) => r.ms)),
    cpu: median(runs.map((r) => r.cpu)),
    rss: Math.max(...runs.map((r) => r.rss)),
    status: runs[0].status,
  };
}

const load0 = loadavg();
const lines = [];
const dir = mkdtempSync(join(tmpdir(), 'ac-bench-cli-'));
try {
  generate(dir, FILES);
  const ours = (extra) => ['node', CLI, 'lint', '--no-env-check', '--format', 'json', ...extra, dir];
  const results = [
    bench(`ajv-cli 5 (validate -d "*.{yaml,json}", strict off)`, [
      'node',
      AJV,
      'validate',
      '-s',
      SCHEMA,
      '-d',
      `${dir}/*.{yaml,json}`,
      '--strict=false',
      '--errors=json',
    ]),
    bench(
      `assistant-config lint --jobs ${availableParallelism()} (worker threads)`,
      ours(['--jobs', String(availableParallelism())]),
    ),
    bench('assistant-config lint (one thread, the default)', ours([])),
  ];
  const ajv = results[0].ms;
  lines.push(
    `${FILES} small configs (${new Date().toISOString().slice(0, 16)}Z; ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}); load average before ${load0.map((x) => x.toFixed(1)).join(' ')}, after ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; median of ${SAMPLES})`,
  );
  lines.push('');
  lines.push('| run | wall time | vs ajv-cli | CPU time (user+sys) | peak RSS |');
  lines.push('|---|---:|---:|---:|---:|');
  for (const r of results)
    lines.push(
      `| ${r.label} | ${(r.ms / 1000).toFixed(2)} s | ${(ajv / r.ms).toFixed(2)}× | ${r.cpu.toFixed(2)} s | ${r.rss.toFixed(0)} MB |`,
    );
  lines.push('');
  lines.push('Memory in the number of files (assistant-config lint, default: one thread, peak RSS):');
  lines.push('');
  lines.push('| files | wall time | peak RSS |');
  lines.push('|---:|---:|---:|');
  for (const n of SIZES) {
    const sub = mkdtempSync(join(tmpdir(), 'ac-bench-n-'));
    try {
      generate(sub, n);
      const r = measure(['node', CLI, 'lint', '--no-env-check', '--format', 'text', sub]);
      lines.push(`| ${n} | ${(r.ms / 1000).toFixed(2)} s | ${r.rss.toFixed(0)} MB |`);
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
