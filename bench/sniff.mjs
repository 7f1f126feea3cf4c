// The content sniff (server/src/shared/sniff.ts) on large files: what deciding "is this an
// AssistantConfig?" costs for every YAML/JSON file an editor opens or the CLI walks (REVIEW7 J1:
// one window of 256 KB for everyone). Prints the median and p95 of N calls per input, with the
// load average. `node bench/sniff.mjs [--runs 200]`
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf('--runs') + 1] || 200) || 200;
const dir = mkdtempSync(join(tmpdir(), 'ac-sniff-bench-'));
const out = join(dir, 'sniff.mjs');
await createRequire(join(root, 'package.json'))('esbuild').build({
  entryPoints: [join(root, 'server/src/shared/sniff.ts')],
  bundle: true,
  platform: 'neutral',
  format: 'esm',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  outfile: out,
});
const { declaresAssistantConfigKind, SNIFF_CHARS } = await import(pathToFileURL(out).href);
rmSync(dir, { recursive: true, force: true });

const MB = 1024 * 1024;
const fill = (unit) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const k8s = fill(
  '  - name: web\n    image: nginx:1.27\n    ports: [{containerPort: 80}]\n    env:\n      - {name: MODE, value: "prod # not a comment"}\n',
);
const inputs = [
  ['1 MB non-config YAML (block)', `apiVersion: v1\nkind: List\nitems:\n${k8s}`, false],
  [
    '1 MB non-config YAML (one flow mapping)',
    `{items: [${fill('{name: web, image: "nginx:1.27", port: 80}, ')}x]}`,
    false,
  ],
  ['1 MB non-config JSON', `{"items": [${fill('{"name": "web", "image": "nginx:1.27", "port": 80}, ')}0]}`, false],
  [
    '1 MB config, kind at 250 KB (block)',
    `${fill('# license line of a long header, as some projects keep\n').slice(0, 250 * 1024)}\nkind: AssistantConfig\n${k8s}`,
    true,
  ],
  [
    '1 MB config, kind last in a flow mapping at 250 KB',
    `{items: [${'{name: web, port: 80}, '.repeat(Math.floor((250 * 1024) / 23))}x], kind: AssistantConfig, more: ${fill('[a, b], ')}}`,
    true,
  ],
];
console.log(
  `window: ${SNIFF_CHARS} characters; ${runs} calls per input; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('| input | decided | median ms | p95 ms |\n|---|---|---|---|');
for (const [name, text, expected] of inputs) {
  const got = declaresAssistantConfigKind(text);
  if (got !== expected) throw new Error(`${name}: decided ${got}, expected ${expected}`);
  const times = [];
  for (let i = 0; i < runs; i++) {
    // A fresh string each call (as an opened document is), so no regexp or slice result is reused.
    const t = text + ' '.repeat(i % 2);
    const s = performance.now();
    declaresAssistantConfigKind(t);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(`| ${name} | ${got} | ${q(0.5)} | ${q(0.95)} |`);
}
