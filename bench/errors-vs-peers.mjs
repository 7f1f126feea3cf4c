// What the three servers say about hand-written broken AssistantConfig files (bench/error-cases/,
// listed with the mistake in each in cases.json): our language server (dist/server.js --stdio),
// yaml-language-server with our published schema in `yaml.schemas` (the YAML files, as a user of
// Red Hat YAML sets it up) and VS Code's JSON language server with the schema in `json.schemas`
// (the JSON files, as a VS Code user gets them without our extension). It prints one markdown table,
// the rules of its verdict and the totals, and writes the table with every message and range to
// bench/results/errors-vs-peers.md (raw diagnostics in errors-vs-peers.json).
//
//   node bench/errors-vs-peers.mjs [--only y01,j03] [--details] [--no-build] [--server path/to/server.js]
//
// --server: another build of our server (another checkout's dist/server.js), to compare before and after.
//
// Nothing here is a test: the peers' messages change from version to version. Our side of the cases
// is asserted in test/validation/peerCases.test.ts.

import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LspSession, oursServer, peerServer, peerInstalled, sleep } from './lsp-client.mjs';
import { judgeCase, verdict, loadCases, RULES } from './error-cases/judge.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const only = opt('--only')?.split(',');
const details = args.includes('--details');

const JSON_SERVER = join(
  root,
  'test/e2e/node_modules/code-server/lib/vscode/extensions/json-language-features/server/dist/node/jsonServerMain.js',
);

function newestMtime(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!args.includes('--no-build') && !opt('--server')) {
  const server = join(root, 'dist/server.js');
  if (!existsSync(server) || statSync(server).mtimeMs < newestMtime(join(root, 'server/src'))) {
    const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
if (!peerInstalled(root)) {
  const r = spawnSync('npm', ['ci', '--prefix', 'bench'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const schemaUrl = pathToFileURL(join(root, 'schemas/assistant-config.schema.json')).href;

/** VS Code's JSON language server as code-server ships it, with the schema in `json.schemas`. */
function jsonServer() {
  return {
    name: 'json',
    command: process.execPath,
    args: [JSON_SERVER, '--stdio'],
    cwd: root,
    languageId: 'json',
    // As VS Code's JSON client starts it: it reads file: schemas itself.
    initializationOptions: { handledSchemaProtocols: ['file'], provideFormatter: false, customCapabilities: {} },
    settings: {
      json: {
        schemas: [{ fileMatch: ['*.assistant.json'], url: schemaUrl }],
        validate: { enable: true },
        format: { enable: false },
        resultLimit: 5000,
      },
      http: { proxy: '', proxyStrictSSL: false },
    },
  };
}

const casesDir = join(root, 'bench/error-cases');
let cases = loadCases(casesDir);
if (only) cases = cases.filter((c) => only.some((o) => c.file.startsWith(o)));

/** Diagnostics of one file: opened, diagnostics awaited (pulled or pushed), closed. */
async function diagnose(session, c, languageId) {
  const uri = pathToFileURL(join(casesDir, c.file)).href;
  const r = await session.open(uri, c.text, { languageId, timeoutMs: 30000 });
  let diagnostics = r.diagnostics;
  if (session.diagnosticMode === 'push' && session.name !== 'ours') {
    // A peer may push an early empty set before its schema is loaded: wait for it to settle.
    for (let i = 0; i < 20; i++) {
      await sleep(100);
      const p = session.published.get(uri);
      if (p && p.diagnostics !== diagnostics) diagnostics = p.diagnostics;
    }
  }
  session.close(uri);
  return diagnostics;
}

// The variables the cases name are set for our server (as on the machine of the user who wrote the
// file): it says when one is not, which no peer can, and that note is not what this compares.
const envNames = [
  ...new Set(
    cases.flatMap((c) => [...c.text.matchAll(/valueFromEnv"?\s*:\s*"?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1])),
  ),
];

const results = [];
const serverPath = opt('--server');
const ours = await LspSession.start(oursServer(root, { envNames, ...(serverPath ? { serverPath } : {}) }));
await ours.configure();
const yamlPeer = await LspSession.start({ ...peerServer(root), pullDiagnostics: false });
await yamlPeer.configure();
const jsonPeer = existsSync(JSON_SERVER) ? await LspSession.start(jsonServer()) : null;
if (jsonPeer) await jsonPeer.configure();
else
  console.error(
    `VS Code's JSON server is not installed (${JSON_SERVER}): run test/e2e/setup.sh; its column stays empty.`,
  );

for (const c of cases) {
  const isJson = c.file.endsWith('.json');
  const row = { case: c, ours: null, yaml: null, json: null };
  row.ours = judgeCase(c, await diagnose(ours, c, isJson ? 'assistantconfig-json' : 'assistantconfig'));
  if (!isJson) row.yaml = judgeCase(c, await diagnose(yamlPeer, c, 'yaml'));
  if (isJson && jsonPeer) row.json = judgeCase(c, await diagnose(jsonPeer, c, 'json'));
  row.verdict = verdict(row.ours, isJson ? row.json : row.yaml);
  results.push(row);
}
await Promise.all([ours.stop(), yamlPeer.stop(), jsonPeer?.stop()]);

const cell = (j) =>
  j
    ? `${j.count} diag · ${j.found}/${j.errors} on the spot · ${j.named}/${j.errors} names the fix · ${j.extra} extra`
    : '—';
const lines = [
  '| case | what | ours | yaml-language-server | VS Code JSON server | verdict |',
  '|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.case.file.replace(/\.assistant\.(yaml|json)$/, '')} | ${r.case.what} | ${cell(r.ours)} | ${cell(r.yaml)} | ${cell(r.json)} | ${r.verdict} |`,
  ),
];

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
}
function totals(name, rows, pick) {
  const js = rows.map(pick).filter(Boolean);
  const errors = js.reduce((a, j) => a + j.errors, 0);
  const sum = (k) => js.reduce((a, j) => a + j[k], 0);
  const perError = js.map((j) => j.count / j.errors);
  return `${name}: over ${js.length} files (${errors} errors) names the fix for ${sum('named')}, on the spot for ${sum('found')}, silent on ${js.filter((j) => j.count === 0).length} files; ${sum('extra')} extra diagnostics in all; median diagnostics per error ${median(perError)}, mean ${(perError.reduce((a, b) => a + b, 0) / (perError.length || 1)).toFixed(2)}`;
}
const yamlRows = results.filter((r) => !r.case.file.endsWith('.json'));
const jsonRows = results.filter((r) => r.case.file.endsWith('.json'));
const count = (rows, v) => rows.filter((r) => r.verdict === v).length;
const summary = [
  totals('ours, YAML', yamlRows, (r) => r.ours),
  totals('yaml-language-server', yamlRows, (r) => r.yaml),
  totals('ours, JSON', jsonRows, (r) => r.ours),
  totals('VS Code JSON server', jsonRows, (r) => r.json),
  `verdicts: ours better ${count(results, 'ours better')}, same ${count(results, 'same')}, peer better ${count(results, 'peer better')}`,
];

const detailLines = [];
for (const r of results) {
  detailLines.push(`### ${r.case.file}: ${r.case.what}`, '');
  for (const [name, j] of [
    ['ours', r.ours],
    ['yaml-language-server', r.yaml],
    ['json', r.json],
  ]) {
    if (!j) continue;
    detailLines.push(`- **${name}** (${j.count}):`);
    for (const d of j.diagnostics)
      detailLines.push(
        `  - ${d.range.start.line + 1}:${d.range.start.character + 1}–${d.range.end.line + 1}:${d.range.end.character + 1} ${['', 'error', 'warning', 'info', 'hint'][d.severity ?? 1]}${d.code !== undefined ? ` [${d.code}]` : ''}: ${d.message.replace(/\s*\n\s*/g, ' ⏎ ')}`,
      );
  }
  detailLines.push('');
}

const out = [
  '# Errors: ours vs yaml-language-server and VS Code JSON server',
  '',
  ...RULES.map((l) => l),
  '',
  ...lines,
  '',
  ...summary.map((s) => `- ${s}`),
  '',
  '## Every diagnostic',
  '',
  ...detailLines,
].join('\n');
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/errors-vs-peers.md'), out);
writeFileSync(
  join(root, 'bench/results/errors-vs-peers.json'),
  JSON.stringify(
    results.map((r) => ({ file: r.case.file, ours: r.ours, yaml: r.yaml, json: r.json, verdict: r.verdict })),
    null,
    1,
  ),
);
console.log(RULES.join('\n'));
console.log();
console.log(lines.join('\n'));
console.log();
console.log(summary.map((s) => `- ${s}`).join('\n'));
if (details) console.log('\n' + detailLines.join('\n'));
console.log(`\n(every message and range: bench/results/errors-vs-peers.md)`);
