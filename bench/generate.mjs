// Generator of AssistantConfig v2 files of a given size, for the benchmark and its test.
//
// Layout (YAML and JSON alike): kind/version, then `definition` with `llm`, `systemInstructions`,
// `aiPrimitivesLlm`, `threadTitleGeneration`, a `fixed` schemaSelector whose tables (10 columns each)
// fill the file up to the requested number of lines, and last, deep in the file, the
// `overrideAiPrimitivesLlm` entries (one per named primitive). Every provider variant occurs:
// four in the overrides, three in llm / aiPrimitivesLlm / threadTitleGeneration.llm (any other, in a
// fallback chain under the last) — with
// `variantsInOverrides: true` all of them sit in the overrides (three primitives then repeat, which
// is valid for the schema but draws a `duplicate-primitive` warning from our server).
// Options: a `fallback` chain of depth D on the last override (the deepest part of the file), and
// errors (an unknown provider in the first override and a table without its required `schemaName`).
//
// Two modes for YAML. `realistic` (the default) writes the files people write: `systemInstructions` as
// a literal block scalar of up to hundreds of lines (a comment after its header, a blank line inside,
// trailing blank lines), some values as folded block scalars, LLM blocks shared through anchors and
// aliases (overrides and fallbacks point at `&main_llm` / `&default_llm`), comments on about a fifth of
// the lines (before tables, after columns), quoted strings with escapes, columns as flow sequences for
// every other table, and with `crlf` CRLF line ends. `synthetic` is the plain block subset of the
// earlier benchmark, kept for comparison. The data (and so what is valid) is the same in both.
//
// CLI: node bench/generate.mjs --lines 10000 [--format yaml|json] [--mode realistic|synthetic] [--crlf] [--fallback 5] [--errors] [--out file]
// Importable: generate({ lines, format, mode, crlf, fallbackDepth, errors }) → { text, data, lines, tables, marks, envNames }.

import { readFileSync, writeFileSync } from 'node:fs';

// The provider variants, read from the schema (scripts/gen-schema.mjs holds the only list).
const SCHEMA = JSON.parse(readFileSync(new URL('../schemas/assistant-config.schema.json', import.meta.url), 'utf8'));
// Each variant is applied by `if: {provider: {const}}, then: {$ref: variant}`.
const VARIANT_REFS = SCHEMA.definitions.LlmConfig.allOf.map((b) => b.then);
const variantOf = (ref) => SCHEMA.definitions[ref.$ref.replace('#/definitions/', '')];
export const PROVIDERS = VARIANT_REFS.map((ref) => variantOf(ref).properties.provider.const);
// Four variants with credentials and different fields (no second list: picked from the schema's).
const SAMPLE_PROVIDERS = VARIANT_REFS.map(variantOf)
  .filter((v) => v.required.length > 1)
  .filter((v, i, all) => all.findIndex((w) => sameFields(w, v)) === i)
  .slice(0, 4)
  .map((v) => v.properties.provider.const);
function sameFields(a, b) {
  const keys = (v) => Object.keys(v.properties).join(',');
  return keys(a) === keys(b);
}
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
      return {
        provider,
        model: `${provider}-model-large`,
        baseUrl: `https://${provider.replace('_', '-')}.example.com/v1`,
        apiKey: env(`${up}_API_KEY`),
      };
    case 'cloud_a':
      return {
        provider,
        apiVersion: '2024-06-01',
        model: 'cloud-a-model',
        endpoint: 'https://cloud-a.example.com/llm',
        apiKey: env(`${up}_API_KEY`),
      };
    case 'vendor_c':
      return {
        provider,
        model: 'vendor-c-pro',
        apiKey: env(`${up}_API_KEY`),
        safetySettings: {
          harassment: 'blockOnlyHigh',
          hateSpeech: 'blockMediumAndAbove',
          sexuallyExplicit: 'blockLowAndAbove',
          dangerous: 'blockNone',
        },
      };
    case 'cloud_b':
      return {
        provider,
        modelId: 'cloud-b-model-001',
        cloudProject: 'my-project',
        cloudLocation: 'us-central1',
        cloudServiceAccountKeyJson: env(`${up}_SERVICE_ACCOUNT_KEY_JSON`),
        safetySettings: { dangerous: 'blockOnlyHigh', civicIntegrity: 'blockLowAndAbove' },
      };
    case 'cloud_c':
      return {
        provider,
        modelId: 'cloud-c.model-v1',
        regionName: 'eu-west-1',
        cloudAccessKeyId: env(`${up}_ACCESS_KEY_ID`),
        cloudSecretAccessKey: env(`${up}_SECRET_ACCESS_KEY`),
      };
    default: {
      // A variant without a hand-written case (a new provider): its required fields, from the schema.
      const i = PROVIDERS.indexOf(provider);
      if (i < 0) throw new Error(`unknown provider ${provider}`);
      const def = variantOf(SCHEMA.definitions.LlmConfig.oneOf[i]);
      const out = { provider };
      for (const f of def.required) {
        if (f === 'provider') continue;
        const isEnv = def.properties[f].$ref === '#/definitions/EnvironmentValue';
        out[f] = isEnv ? env(`${up}_${f.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`) : `${provider}-${f}`;
      }
      return out;
    }
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

const COLUMN_NAMES = [
  'customer_id',
  'customer_name',
  'order_total',
  'order_status',
  'created_at',
  'updated_at',
  'region_code',
  'sales_channel',
  'discount_rate',
  'shipping_cost',
];

function table(i) {
  const columns = [];
  for (let c = 0; c < COLUMNS_PER_TABLE; c++) columns.push(`${COLUMN_NAMES[c % COLUMN_NAMES.length]}_t${i}`);
  return { schemaName: `reporting_schema_${i % 37}`, tableName: `sales_table_${i}`, columns };
}

/** The data of a config with `tables` tables (before any error is injected). */
export function buildData({
  tables,
  fallbackDepth = 0,
  errors = false,
  variantsInOverrides = false,
  realistic = false,
  lines = 0,
}) {
  const overrides = (variantsInOverrides ? PROVIDERS : SAMPLE_PROVIDERS).map((p, i) => ({
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
  const mainLlm = variantsInOverrides ? llmOf('hosted') : llmOf('cloud_c', 'MAIN');
  const defaultLlm = variantsInOverrides ? llmOf('hosted') : llmOf('vendor_b', 'DEFAULT');
  if (realistic && !variantsInOverrides) {
    // LLM blocks shared by reference: the YAML writes them once with an anchor, then aliases.
    defaultLlm.fallback = mainLlm;
    overrides[1].llm.fallback = defaultLlm;
    overrides[2].llm.fallback = mainLlm;
  }
  // A variant that none of the blocks above uses (a provider added to the schema since these were
  // chosen) goes in a fallback chain under the title LLM, so that every variant occurs.
  const used = new Set([
    ...(variantsInOverrides ? PROVIDERS : SAMPLE_PROVIDERS),
    mainLlm.provider,
    defaultLlm.provider,
  ]);
  const titleLlm = llmOf('hosted');
  used.add(titleLlm.provider);
  let tail = titleLlm;
  for (const p of PROVIDERS.filter((x) => !used.has(x))) tail = tail.fallback = llmOf(p, 'TITLE');
  const definition = {
    llm: mainLlm,
    systemInstructions: realistic
      ? instructions(lines)
      : 'Answer questions about the sales data. Prefer tables from the reporting schemas.',
    aiPrimitivesLlm: defaultLlm,
    threadTitleGeneration: { enable: true, llm: titleLlm },
    maxAssistantActions: 12,
    maxTableArtifactSampleRows: 50,
    featureFlags: { enable_automations: true, enable_visualizations_v2: false },
    contextWindowLimit: 128000,
    schemaSelector: { type: 'fixed', tables: tableList },
    overrideAiPrimitivesLlm: overrides,
  };
  return { kind: 'AssistantConfig', version: 'v2', definition };
}

/** Long instructions, as written in a literal block scalar: paragraphs, a list, a blank line; about 2% of the file, 10 to 400 lines. */
function instructions(lines) {
  const n = Math.max(10, Math.min(400, Math.round(lines / 50)));
  const out = [];
  const topics = ['revenue', 'orders', 'returns', 'customers', 'regions', 'channels', 'discounts', 'shipping'];
  for (let i = 0; i < n; i++) {
    if (i % 12 === 11) out.push('');
    else if (i % 12 === 0) out.push(`Section ${i / 12 + 1}: questions about ${topics[(i / 12) % topics.length]}.`);
    else if (i % 4 === 1) out.push(`  - Prefer "reporting" tables; say which ones you used (rule ${i}).`);
    else
      out.push(
        `Answer with figures rounded to two decimals; state the time range and the currency: ${topics[i % topics.length]} #${i}.`,
      );
  }
  return out.join('\n') + '\n';
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

// ---- Realistic YAML emitter: what people write (see the header). ----

const ESCAPED = (s) => JSON.stringify(s).replace(/_/g, '\\u005f');

function realScalar(v, key) {
  if (typeof v === 'string' && key === 'tableName') return ESCAPED(v); // a double-quoted string with escapes
  if (typeof v === 'string' && key === 'schemaName') return `'${v}'`;
  if (typeof v === 'string' && (key === 'apiVersion' || key === 'modelId')) return JSON.stringify(v);
  return scalar(v);
}

/** `key: value` lines of a mapping, realistic style; anchors on shared objects, aliases after. */
function emitReal(obj, indent, out, firstPrefix, ctx) {
  let first = true;
  for (const [k, v] of Object.entries(obj)) {
    const pad = first && firstPrefix !== undefined ? firstPrefix : ' '.repeat(indent);
    first = false;
    if (isObj(v)) {
      const name = ctx.anchors.get(v);
      if (name !== undefined && ctx.written.has(v)) {
        out.push(`${pad}${k}: *${name}${ctx.rnd() < 0.5 ? '  # shared LLM block' : ''}`);
        continue;
      }
      if (name !== undefined) ctx.written.add(v);
      out.push(`${pad}${k}:${name !== undefined ? ` &${name}` : ''}`);
      emitReal(v, indent + 2, out, undefined, ctx);
    } else if (Array.isArray(v)) {
      if (k === 'tables') {
        out.push(`${pad}${k}:`);
        v.forEach((t, i) => emitTable(t, i, indent + 2, out));
      } else if (k === 'overrideAiPrimitivesLlm') {
        out.push(`${pad}${k}:  # per-primitive LLMs; shared blocks are aliases`);
        for (const item of v) emitReal(item, indent + 4, out, `${' '.repeat(indent + 2)}- `, ctx);
      } else {
        out.push(`${pad}${k}:`);
        for (const item of v) out.push(`${' '.repeat(indent + 2)}- ${realScalar(item, k)}`);
      }
    } else if (k === 'systemInstructions' && typeof v === 'string') {
      out.push(`${pad}${k}: |  # the house rules`);
      const lines = v.replace(/\n$/, '').split('\n');
      for (const l of lines) out.push(l === '' ? '' : ' '.repeat(indent + 2) + l);
      out.push('', '');
    } else out.push(`${pad}${k}: ${realScalar(v, k)}`);
  }
}

function emitTable(t, i, indent, out) {
  const pad = ' '.repeat(indent);
  out.push(`${pad}# ${t.tableName}: ${i % 2 ? 'daily figures' : 'one row per order'}`);
  let first = true;
  for (const [k, v] of Object.entries(t)) {
    const head = first ? `${pad}- ` : `${pad}  `;
    first = false;
    if (k === 'columns') {
      if (i % 2 === 1) {
        out.push(`${head}${k}: [${v.join(', ')}]`);
      } else if (i % 6 === 4) {
        out.push(`${head}${k}: [${v.slice(0, 5).join(', ')},`);
        out.push(`${pad}    ${v.slice(5).join(', ')}]`);
      } else {
        out.push(`${head}${k}:`);
        v.forEach((c, j) =>
          out.push(
            `${pad}    - ${j % 3 === 0 ? JSON.stringify(c) : c}${j % 4 === 0 ? `  # ${j === 0 ? 'key' : 'measure'}` : ''}`,
          ),
        );
      }
    } else if (k === 'schemaName' && i % 50 === 7) {
      out.push(`${head}${k}: >-`, `${pad}    ${v}`);
    } else out.push(`${head}${k}: ${realScalar(v, k)}`);
  }
}

/** Realistic YAML text of the data (see the header), ending with a newline. */
export function toRealisticYaml(data, { crlf = false } = {}) {
  let state = 12345;
  const rnd = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const def = data.definition;
  const anchors = new Map();
  if (isObj(def.llm)) anchors.set(def.llm, 'main_llm');
  if (isObj(def.aiPrimitivesLlm) && def.aiPrimitivesLlm !== def.llm) anchors.set(def.aiPrimitivesLlm, 'default_llm');
  const out = [
    '# AssistantConfig for the sales analytics assistant.',
    '# Generated for the benchmark (realistic mode).',
    '---',
  ];
  emitReal(data, 0, out, undefined, { anchors, written: new Set(), rnd });
  const text = out.join('\n') + '\n';
  return crlf ? text.replace(/\n/g, '\r\n') : text;
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

function render(data, format, mode = 'synthetic', crlf = false) {
  if (format === 'json') return toJson(data);
  return mode === 'realistic' ? toRealisticYaml(data, { crlf }) : toYaml(data);
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
  // A block-sequence column line in the middle, followed by another at its indentation: structural edits go there.
  let structLine;
  const item = /^( +)- "?[a-z]+_[a-z]+_t\d+"?(\s|$)/;
  for (let d = 0; d < lines.length && structLine === undefined; d++) {
    for (const l of [mid + d, mid - d]) {
      const m = item.exec(lines[l] ?? '');
      const n = item.exec(lines[l + 1] ?? '');
      if (m && n && m[1] === n[1]) {
        structLine = l;
        break;
      }
    }
  }
  return { providerValue, providerKey, tableKey, edit, structLine };
}

/**
 * A config of about `lines` lines (at least one table).
 * @param {{ lines?: number, format?: 'yaml'|'json', fallbackDepth?: number, errors?: boolean, variantsInOverrides?: boolean, tables?: number }} opts
 */
export function generate(opts = {}) {
  const format = opts.format ?? 'yaml';
  const mode = format === 'json' ? 'synthetic' : (opts.mode ?? 'realistic');
  const crlf = !!opts.crlf;
  const target = opts.lines ?? 200;
  const base = {
    fallbackDepth: opts.fallbackDepth ?? 0,
    errors: !!opts.errors,
    variantsInOverrides: !!opts.variantsInOverrides,
    realistic: mode === 'realistic',
    lines: target,
  };
  let tables = opts.tables;
  if (tables === undefined) {
    // Tables differ in length (realistic mode): measure the lines per table over a dozen of them.
    const one = countLines(render(buildData({ ...base, tables: 1 }), format, mode));
    const many = countLines(render(buildData({ ...base, tables: 13 }), format, mode));
    const per = (many - one) / 12;
    tables = Math.max(1, Math.round((target - (one - per)) / per));
  }
  const data = buildData({ ...base, tables });
  const text = render(data, format, mode, crlf);
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
  return {
    text,
    data,
    format,
    mode,
    lines: countLines(text),
    tables,
    marks: findMarks(text.replace(/\r\n/g, '\n'), format),
    envNames: [...new Set(envNames)],
  };
}

// ---- Anchor-heavy files (bench/anchors.mjs, test/validation/incremental.test.ts) ----

const TABLE_LINE = /^( *)- schemaName: '(reporting_schema_\d+)'(\r?)$/;

/** An LLM block as people write it, its keys at `ind` (the lines below its key's line). */
function llmBlock(i, ind, fallback) {
  const p = [
    ['provider: vendor_a', `model: vendor_a-model-${i}`, 'baseUrl: https://vendor-a.example.com/v1'],
    [
      'provider: cloud_a',
      'apiVersion: "2024-06-01"',
      `model: cloud-a-model-${i}`,
      'endpoint: https://cloud-a.example.com/llm',
    ],
    ['provider: vendor_b', `model: vendor_b-model-${i}`, 'baseUrl: https://vendor-b.example.com/v1'],
  ][i % 3];
  const out = p.map((l) => ind + l);
  // (Two spellings: a test's environment may define one and not the other.)
  out.push(`${ind}apiKey:`, `${ind}  valueFromEnv: LLM_${i % 7}_${i % 3 === 1 ? 'APIKEY' : 'API_KEY'}  # set in CI`);
  if (fallback !== undefined) out.push(`${ind}fallback: *llm_${fallback}`);
  return out;
}

/**
 * A realistic file of about `lines` lines written with many anchors, in one of three shapes:
 * `llm`: 60 % tables, then a long `overrideAiPrimitivesLlm` where every fourth item defines its LLM block
 * with an anchor (`llm: &llm_8`, its fallback an alias to the first one, `*llm_0`) and the others alias
 * the one before them (`llm: *llm_8`); `merge`: every tenth table anchored (`- &tbl_40`), the others merging it (`- <<: *tbl_40`)
 * and overriding tableName and columns; `scalar`: every twentieth table's schemaName anchored
 * (`schemaName: &s_40 reporting_schema_3`), the others' an alias to it (`schemaName: *s_40`).
 * @param {'llm'|'merge'|'scalar'} shape
 * @param {number} lines
 * @param {{ crlf?: boolean }} [opts]
 */
export function anchorHeavy(shape, lines, opts = {}) {
  const crlf = !!opts.crlf;
  const eol = crlf ? '\r\n' : '\n';
  if (shape === 'llm') {
    const g = generate({ lines: Math.round(lines * 0.6), crlf });
    const at = g.text.indexOf('  overrideAiPrimitivesLlm:');
    const items = [];
    let last;
    let n = 0;
    for (let i = 0; items.length < lines * 0.4; i++) {
      items.push(`    # primitive ${i}`, `    - primitiveName: primitive_${i}`);
      if (i % 4 === 0) {
        items.push(`      llm: &llm_${i}`, ...llmBlock(i, '        ', i === 0 ? undefined : 0));
        last = i;
        n++;
      } else items.push(`      llm: *llm_${last}${i % 2 ? '  # shared' : ''}`);
    }
    return {
      text: g.text.slice(0, at) + '  overrideAiPrimitivesLlm:' + eol + items.join(eol) + eol,
      envNames: [...g.envNames, ...Array.from({ length: 7 }, (_, k) => [`LLM_${k}_API_KEY`, `LLM_${k}_APIKEY`]).flat()],
      holds: `${n} anchored LLM blocks, ${items.length} override lines`,
    };
  }
  const g = generate({ lines, crlf });
  const out = [];
  let t = 0;
  let anchorAt = -1;
  let anchors = 0;
  let aliases = 0;
  for (const l of g.text.split('\n')) {
    const m = TABLE_LINE.exec(l);
    if (!m) {
      out.push(l);
      continue;
    }
    const [, ind, schema, cr] = m;
    if (shape === 'merge') {
      if (t % 10 === 0) {
        anchorAt = t;
        anchors++;
        out.push(`${ind}- &tbl_${t}${cr}`, `${ind}  schemaName: '${schema}'${cr}`);
      } else {
        aliases++;
        out.push(`${ind}- <<: *tbl_${anchorAt}${cr}`);
      }
    } else if (t % 20 === 0) {
      anchorAt = t;
      anchors++;
      out.push(`${ind}- schemaName: &s_${t} ${schema}${cr}`);
    } else {
      aliases++;
      out.push(`${ind}- schemaName: *s_${anchorAt}${cr}`);
    }
    t++;
  }
  return {
    text: out.join('\n'),
    envNames: g.envNames,
    holds:
      shape === 'merge'
        ? `${anchors} anchored tables, ${aliases} merging them (<<)`
        : `${anchors} anchored schemaName values, ${aliases} aliases to them`,
  };
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
    else if (a === '--mode') o.mode = argv[++i];
    else if (a === '--crlf') o.crlf = true;
    else if (a === '--out') o.out = argv[++i];
    else if (a === '--help' || a === '-h') {
      process.stdout.write(
        'usage: node bench/generate.mjs --lines N [--format yaml|json] [--mode realistic|synthetic] [--crlf] [--fallback D] [--errors] [--all-variants-in-overrides] [--out file]\n',
      );
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
