// Generator of AssistantConfig v2 files of a given size, for the benchmark and its test.
//
// Layout (YAML and JSON alike): kind/version, then `definition` with `llm`, `systemInstructions`,
// `aiPrimitivesLlm`, `threadTitleGeneration`, a `fixed` schemaSelector whose tables (10 columns each)
// fill the file up to the requested number of lines, and last, deep in the file, the
// `overrideAiPrimitivesLlm` entries (one per named primitive). The seven provider variants all occur:
// four in the overrides, three in llm / aiPrimitivesLlm / threadTitleGeneration.llm — with
// `variantsInOverrides: true` all seven sit in the overrides (three primitives then repeat, which
// is valid for the schema but draws a `duplicate-primitive` warning from our server).
// Options: a `fallback` chain of depth D on the last override (the deepest part of the file), and
// errors (an unknown provider in the first override and a table without its required `schemaName`).
//
// CLI: node bench/generate.mjs --lines 10000 [--format yaml|json] [--fallback 5] [--errors] [--out file]
// Importable: generate({ lines, format, fallbackDepth, errors }) → { text, data, lines, tables, marks, envNames }.

import { writeFileSync } from 'node:fs';

export const PROVIDERS = ['hosted', 'vendor_a', 'vendor_b', 'cloud_a', 'vendor_c', 'cloud_b', 'cloud_c'];
export const PRIMITIVES = ['classify', 'summarize', 'extract', 'visualize'];
export const COLUMNS_PER_TABLE = 10;

const env = (name) => ({ valueFromEnv: name });

/** A valid LlmConfig of the given provider variant (every field the variant allows, bar `fallback`). */
export function llmOf(provider, tag = '') {
  const up = provider.toUpperCase() + (tag ? `_${tag}` : '');
  switch (provider) {
    case 'hosted':
      return { provider };
    case 'vendor_a':
    case 'vendor_b':
      return { provider, model: `${provider}-model-large`, baseUrl: `https://${provider.replace('_', '-')}.example.com/v1`, apiKey: env(`${up}_API_KEY`) };
    case 'cloud_a':
      return { provider, apiVersion: '2024-06-01', model: 'cloud-a-model', endpoint: 'https://cloud-a.example.com/llm', apiKey: env(`${up}_API_KEY`) };
    case 'vendor_c':
      return { provider, model: 'vendor-c-pro', apiKey: env(`${up}_API_KEY`), safetySettings: { harassment: 'blockOnlyHigh', hateSpeech: 'blockMediumAndAbove', sexuallyExplicit: 'blockLowAndAbove', dangerous: 'blockNone' } };
    case 'cloud_b':
      return { provider, modelId: 'cloud-b-model-001', cloudProject: 'my-project', cloudLocation: 'us-central1', cloudServiceAccountKeyJson: env(`${up}_SERVICE_ACCOUNT_KEY_JSON`), safetySettings: { dangerous: 'blockOnlyHigh', civicIntegrity: 'blockLowAndAbove' } };
    case 'cloud_c':
      return { provider, modelId: 'cloud-c.model-v1', regionName: 'eu-west-1', cloudAccessKeyId: env(`${up}_ACCESS_KEY_ID`), cloudSecretAccessKey: env(`${up}_SECRET_ACCESS_KEY`) };
    default:
      throw new Error(`unknown provider ${provider}`);
  }
}

/** `llm` with a `fallback` chain `depth` deep below it, cycling through the variants. */
function withFallback(llm, depth, start) {
  const root = { ...llm };
  let cur = root;
  for (let i = 0; i < depth; i++) {
    const next = llmOf(PROVIDERS[(start + i) % PROVIDERS.length], `FB${i + 1}`);
    cur.fallback = next;
    cur = next;
  }
  return root;
}

const COLUMN_NAMES = ['customer_id', 'customer_name', 'order_total', 'order_status', 'created_at', 'updated_at', 'region_code', 'sales_channel', 'discount_rate', 'shipping_cost'];

function table(i) {
  const columns = [];
  for (let c = 0; c < COLUMNS_PER_TABLE; c++) columns.push(`${COLUMN_NAMES[c % COLUMN_NAMES.length]}_t${i}`);
  return { schemaName: `reporting_schema_${i % 37}`, tableName: `sales_table_${i}`, columns };
}

/** The data of a config with `tables` tables (before any error is injected). */
export function buildData({ tables, fallbackDepth = 0, errors = false, variantsInOverrides = false }) {
  const overrides = (variantsInOverrides ? PROVIDERS : ['vendor_a', 'cloud_a', 'vendor_c', 'cloud_b']).map((p, i) => ({
    primitiveName: PRIMITIVES[i % PRIMITIVES.length],
    llm: llmOf(p, `P${i}`),
  }));
  if (fallbackDepth > 0) {
    const last = overrides[overrides.length - 1];
    last.llm = withFallback(last.llm, fallbackDepth, 0);
  }
  const tableList = [];
  for (let i = 0; i < tables; i++) tableList.push(table(i));
  if (errors) {
    // An unknown provider (keeps the vendor_a fields) and a required field missing in a table.
    overrides[0].llm = { ...overrides[0].llm, provider: 'vendor_x' };
    const mid = tableList[Math.floor(tables / 2)];
    delete mid.schemaName;
  }
  const definition = {
    llm: variantsInOverrides ? llmOf('hosted') : llmOf('cloud_c', 'MAIN'),
    systemInstructions: 'Answer questions about the sales data. Prefer tables from the reporting schemas.',
    aiPrimitivesLlm: variantsInOverrides ? llmOf('hosted') : llmOf('vendor_b', 'DEFAULT'),
    threadTitleGeneration: { enable: true, llm: llmOf('hosted') },
    maxAssistantActions: 12,
    maxTableArtifactSampleRows: 50,
    featureFlags: { enable_automations: true, enable_visualizations_v2: false },
    contextWindowLimit: 128000,
    schemaSelector: { type: 'fixed', tables: tableList },
    overrideAiPrimitivesLlm: overrides,
  };
  return { kind: 'AssistantConfig', version: 'v2', definition };
}

// ---- YAML emitter: block style, two-space indent, compact `- key: value` sequences. ----

const PLAIN = /^[A-Za-z_][A-Za-z0-9_.\-/: ]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function scalar(v) {
  if (v === null) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const s = String(v);
  if (PLAIN.test(s) && !RESERVED.test(s) && !s.includes(': ') && !s.endsWith(':') && !s.endsWith(' ')) return s;
  return JSON.stringify(s);
}

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function emitMapping(obj, indent, out, firstPrefix) {
  let first = true;
  for (const [k, v] of Object.entries(obj)) {
    const pad = first && firstPrefix !== undefined ? firstPrefix : ' '.repeat(indent);
    first = false;
    if (isObj(v)) {
      if (Object.keys(v).length === 0) out.push(`${pad}${k}: {}`);
      else {
        out.push(`${pad}${k}:`);
        emitMapping(v, indent + 2, out);
      }
    } else if (Array.isArray(v)) {
      if (v.length === 0) out.push(`${pad}${k}: []`);
      else {
        out.push(`${pad}${k}:`);
        emitSequence(v, indent + 2, out);
      }
    } else out.push(`${pad}${k}: ${scalar(v)}`);
  }
}

function emitSequence(arr, indent, out) {
  const pad = ' '.repeat(indent);
  for (const item of arr) {
    if (isObj(item) && Object.keys(item).length > 0) emitMapping(item, indent + 2, out, `${pad}- `);
    else if (Array.isArray(item)) throw new Error('nested sequences are not emitted');
    else out.push(`${pad}- ${isObj(item) ? '{}' : scalar(item)}`);
  }
}

/** YAML text of the data (block style), ending with a newline. */
export function toYaml(data) {
  const out = [];
  emitMapping(data, 0, out);
  return out.join('\n') + '\n';
}

/** JSON text of the data (two-space indent), ending with a newline. */
export function toJson(data) {
  return JSON.stringify(data, null, 2) + '\n';
}

// ---- Sizing and marks ----

function render(data, format) {
  return format === 'json' ? toJson(data) : toYaml(data);
}

const countLines = (text) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** Positions ({ line, character }, zero-based) the benchmark works at. */
function findMarks(text, format) {
  const lines = text.split('\n');
  const json = format === 'json';
  const at = (line, character) => ({ line, character });
  // The last `provider` value of the file (the deepest fallback when there is a chain).
  let providerValue;
  let providerKey;
  for (let l = lines.length - 1; l >= 0 && !providerValue; l--) {
    const s = lines[l];
    const k = s.indexOf(json ? '"provider": "' : 'provider: ');
    if (k >= 0) {
      providerKey = at(l, k + (json ? 3 : 2));
      providerValue = at(l, k + (json ? '"provider": "'.length : 'provider: '.length));
    }
  }
  // A key inside the last table: `tableName`.
  let tableKey;
  for (let l = lines.length - 1; l >= 0 && !tableKey; l--) {
    const k = lines[l].indexOf(json ? '"tableName": ' : 'tableName: ');
    if (k >= 0) tableKey = at(l, k + (json ? 4 : 3));
  }
  // The last character of a column name in the middle of the file: one-character edits go there.
  let edit;
  const mid = Math.floor(lines.length / 2);
  for (let d = 0; d < lines.length && !edit; d++) {
    for (const l of [mid + d, mid - d]) {
      const s = lines[l];
      if (s === undefined) continue;
      const m = /[a-z]+_[a-z]+_t\d+/.exec(s);
      if (m) {
        edit = at(l, m.index + m[0].length - 1);
        break;
      }
    }
  }
  return { providerValue, providerKey, tableKey, edit };
}

/**
 * A config of about `lines` lines (at least one table).
 * @param {{ lines?: number, format?: 'yaml'|'json', fallbackDepth?: number, errors?: boolean, variantsInOverrides?: boolean, tables?: number }} opts
 */
export function generate(opts = {}) {
  const format = opts.format ?? 'yaml';
  const base = { fallbackDepth: opts.fallbackDepth ?? 0, errors: !!opts.errors, variantsInOverrides: !!opts.variantsInOverrides };
  let tables = opts.tables;
  if (tables === undefined) {
    const target = opts.lines ?? 200;
    const one = countLines(render(buildData({ ...base, tables: 1 }), format));
    const two = countLines(render(buildData({ ...base, tables: 2 }), format));
    const per = two - one;
    tables = Math.max(1, Math.round((target - (one - per)) / per));
  }
  const data = buildData({ ...base, tables });
  const text = render(data, format);
  const envNames = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === 'valueFromEnv') envNames.push(x);
        else walk(x);
      }
  };
  walk(data);
  return { text, data, format, lines: countLines(text), tables, marks: findMarks(text, format), envNames: [...new Set(envNames)] };
}

function cli(argv) {
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--lines') o.lines = Number(argv[++i]);
    else if (a === '--format') o.format = argv[++i];
    else if (a === '--fallback') o.fallbackDepth = Number(argv[++i]);
    else if (a === '--errors') o.errors = true;
    else if (a === '--all-variants-in-overrides') o.variantsInOverrides = true;
    else if (a === '--out') o.out = argv[++i];
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node bench/generate.mjs --lines N [--format yaml|json] [--fallback D] [--errors] [--all-variants-in-overrides] [--out file]\n');
      return;
    } else throw new Error(`unknown option ${a}`);
  }
  const g = generate(o);
  if (o.out) {
    writeFileSync(o.out, g.text);
    process.stderr.write(`${o.out}: ${g.lines} lines, ${g.tables} tables, ${g.text.length} chars\n`);
  } else process.stdout.write(g.text);
}

const invokedAs = process.argv[1] ?? '';
if (/generate\.mjs$/.test(invokedAs) && typeof module === 'undefined') cli(process.argv.slice(2));
