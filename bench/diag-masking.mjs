// What masking a finding's message where it is made costs (codes.diag masks every credential-shaped
// piece of a message and its related messages: REVIEW11-sec S2), on files with thousands of findings.
// Two bundles of the validator from the sources: as shipped, and with codes.ts's `withoutShapes` made
// the identity (the plain message). Each input is parsed once per run and validated by both, in
// alternating order; the figures are the medians of the CPU time of validate() (process.cpuUsage, so
// other processes on the machine count less than in wall time), with the load average. A second figure
// times the masking alone: `withoutShapes` (the shipped gate and masker) over the plain messages of
// that input, as diag calls it. Prints its inputs (how each was made, its size, its findings, how many
// messages masking changed).
// `--only masked|plain|none` runs just one bundle (`none`: parse, no validation) over every input, for
// counting instructions (valgrind --tool=cachegrind): the difference masked - plain is the masking,
// plain - none the validation, free of the noise of a shared machine.
// `node bench/diag-masking.mjs [--runs 15] [--lines 20000] [--only masked|plain|none [--input 0|1|2]]`
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { generate } from './generate.mjs';
import { bundleSources, source } from './bundle-sources.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) || dflt : dflt;
};
const runs = arg('--runs', 15);
const lines = arg('--lines', 20000);

const CODES = join(root, 'server/src/service/codes.ts');
const SHIPPED =
  'const withoutShapes = (text: string): string => (mayHoldShape(text, 0, text.length) ? maskShapes(text) : text);';

/** The validator bundled from the sources; `plain`: with diag's masking taken out. */
async function bundle(name, plain) {
  const plugin = {
    name: 'plain-message',
    setup(b) {
      b.onLoad({ filter: /service[\\/]codes\.ts$/ }, () => {
        const text = readFileSync(CODES, 'utf8');
        if (!text.includes(SHIPPED)) throw new Error('codes.ts no longer defines withoutShapes as this bench expects');
        return {
          contents: plain ? text.replace(SHIPPED, 'const withoutShapes = (text: string): string => text;') : text,
          loader: 'ts',
        };
      });
    },
  };
  return bundleSources(
    `export { parse } from ${source('parser/index.ts')};\n` +
      `export { validate } from ${source('service/validation/index.ts')};\n` +
      `export { mayHoldShape, mayHoldShapeUncached, maskShapes } from ${source('service/credentialShapes.ts')};\n`,
    { name, plugins: [plugin] },
  );
}
const masked = await bundle('masked', false);
const plain = await bundle('plain', true);

/** A fake key made here from a fixed seed (nothing realistic is committed): `sk-` `proj-` and 40 letters and digits. */
function fakeKey(i) {
  let a = (0x5ec14 + i * 7919) >>> 0;
  let k = 'sk-' + 'proj-';
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (let n = 0; n < 40; n++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    k += abc[((t ^ (t >>> 14)) >>> 0) % abc.length];
  }
  return k;
}

const base = generate({ lines }).text;
let keyIndex = 0;
const inputs = [
  ['generated file as is (realistic YAML)', base],
  // Every table's `tableName` misspelt: an unknown key (quoting it, with its suggestion) and a missing
  // required field per table; messages of ordinary words, which the cheap gate lets pass unmasked.
  ['every table: tableName misspelt', base.replace(/\btableName:/g, 'tableNmae:')],
  // A key shaped like a credential pasted among every table's keys: an unknown key quoting it, which
  // diag masks (the gate says yes, the masker runs).
  [
    'every table: a key-shaped unknown key',
    base.replace(
      /^( *)(- )?tableName:/gm,
      (m, ind, dash) => `${m.replace('tableName:', `${fakeKey(keyIndex++)}: x\n${ind}${dash ? '  ' : ''}tableName:`)}`,
    ),
  ],
];

const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
if (only) {
  if (!['masked', 'plain', 'none'].includes(only)) throw new Error('--only masked|plain|none');
  const lib = only === 'plain' ? plain : masked;
  let findings = 0;
  const pick = argv.includes('--input') ? [inputs[Number(argv[argv.indexOf('--input') + 1])]] : inputs;
  for (const [, text] of pick)
    for (let r = 0; r < runs; r++) {
      const doc = lib.parse(text, 'yaml');
      if (only !== 'none') findings += lib.validate(doc).length;
    }
  console.log(`${only}: ${runs} runs over ${inputs.length} inputs, ${findings} findings`);
  process.exit(0);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => x.toFixed(2);

console.log(
  `diag masking: ${lines}-line generated file (bench/generate.mjs, realistic YAML), ${runs} runs per bundle, interleaved; CPU time (process.cpuUsage); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '| input | bytes | findings | messages masked | validate, masked (ms) | validate, plain (ms) | difference | masking alone (ms) | per message (µs) | masking alone / validate |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [name, text] of inputs) {
  const times = { masked: [], plain: [] };
  let ours = [];
  let theirs = [];
  // A few rounds first, not counted (V8 compiles what the loop runs).
  for (let r = -3; r < runs; r++) {
    const order =
      r % 2 === 0
        ? [
            ['masked', masked],
            ['plain', plain],
          ]
        : [
            ['plain', plain],
            ['masked', masked],
          ];
    for (const [which, lib] of order) {
      const doc = lib.parse(text, 'yaml');
      const t = cpu();
      const diags = lib.validate(doc);
      const spent = cpu() - t;
      if (r >= 0) times[which].push(spent);
      if (which === 'masked') ours = diags;
      else theirs = diags;
    }
  }
  if (ours.length !== theirs.length) throw new Error(`${name}: ${ours.length} findings masked, ${theirs.length} plain`);
  const texts = theirs.flatMap((d) => [d.message, ...(d.related ?? []).map((r) => r.message)]);
  let changed = 0;
  ours.forEach((d, i) => {
    const p = theirs[i];
    if (d.message.length !== p.message.length) throw new Error(`${name}: masking changed a message's length`);
    if (d.message !== p.message) changed++;
  });
  // The masking alone, as diag does it, over the plain messages (and related messages) of this input,
  // ten times per run (a figure well above the timer's grain), with the gate's memo of short clean
  // texts left out (in a large file of distinct names the memo is paused, as in validation then).
  const withoutShapes = (s) => (masked.mayHoldShapeUncached(s, 0, s.length) ? masked.maskShapes(s) : s);
  const alone = [];
  for (let r = -3; r < runs; r++) {
    const t = cpu();
    let n = 0;
    for (let k = 0; k < 10; k++) for (const s of texts) n += withoutShapes(s).length;
    const spent = (cpu() - t) / 10;
    if (n < 0) throw new Error('unreachable');
    if (r >= 0) alone.push(spent);
  }
  const m = median(times.masked);
  const p = median(times.plain);
  const a = median(alone);
  console.log(
    `| ${name} | ${text.length} | ${ours.length} | ${changed} | ${fmt(m)} | ${fmt(p)} | ${(((m - p) / p) * 100).toFixed(1)}% | ${fmt(a)} | ${texts.length ? ((a * 1000) / texts.length).toFixed(2) : '–'} | ${((a / m) * 100).toFixed(1)}% |`,
  );
}
