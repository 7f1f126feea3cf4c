// Validation stays linear in the number of schema errors (REVIEW2 E19): thousands of unknown keys in
// one mapping, thousands of list items each missing a field, thousands of literal secrets.
// 1. The diagnostics are exactly those of the quadratic version: seeded random documents (unknown,
//    misspelt, duplicate and merged-in keys, list items missing fields, unknown variants, literal
//    secrets, block and flow style) against golden outputs recorded before the change
//    (test/fixtures/validation-linear/; UPDATE_GOLDEN=1 rewrites them).
// 2. A growth bound by counting operations (never time): the reads of mappings' property lists and
//    the prefix comparisons of error paths, for n and 2n errors, grow by at most ~2x (they grew 4x).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/service/analyze';
import { buildReport } from '../../server/src/cli/report';
import { PROVIDERS, mulberry32 } from '../helpers';
import type { Node } from '../../server/src/parser/ast';
import { parse } from '../../server/src/parser';
import { DEFAULT_OPTIONS, validateWithSuppressions } from '../../server/src/service/validation';

const DIR = join(process.cwd(), 'test/fixtures/validation-linear');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const SEED = 0x5eed19;
const DOCS = 300;

// The schema's providers and a few that are not.
const PROVIDER_VALUES = [...PROVIDERS, 'hostd', 'vendr_a', ''];
const KEYS = [
  'modelId',
  'model',
  'endpoint',
  'apiVersion',
  'regionName',
  'cloudProject',
  'cloudLocation',
  'provder',
  'apiKy',
  'api_key',
  'modelid',
  'endpont',
  'foo',
  'bar',
  'temperature',
  'instructions',
  'k1',
  'k2',
];

/** A random document: its text, in YAML (block or flow mappings) or JSON. */
function randomDoc(r: () => number): { text: string; language: 'yaml' | 'json' } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const llm = (depth: number): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    if (r() < 0.9) o.provider = pick(PROVIDER_VALUES);
    const n = Math.floor(r() * 7);
    for (let i = 0; i < n; i++) o[pick(KEYS) + (r() < 0.3 ? String(Math.floor(r() * 4)) : '')] = pick(['x', 1, 'm-1']);
    if (r() < 0.4)
      o.apiKey = r() < 0.5 ? { value: `sk-live-${Math.floor(r() * 1e12)}abcdEFGH1234` } : { valueFromEnv: 'K' };
    if (r() < 0.2) o.apiKey = { value: 'x', valueFromEnv: 'K' };
    if (depth < 2 && r() < 0.3) o.fallback = llm(depth + 1);
    return o;
  };
  const def: Record<string, unknown> = { llm: llm(0) };
  if (r() < 0.6) {
    const items: unknown[] = [];
    const n = Math.floor(r() * 6);
    for (let i = 0; i < n; i++) {
      const it: Record<string, unknown> = {};
      if (r() < 0.8) it.primitiveName = pick(['summarize', 'sumarize', 'p1', 'translate']);
      if (r() < 0.8) it.llm = llm(1);
      if (r() < 0.2) it[pick(KEYS)] = 1;
      items.push(it);
    }
    def.overrideAiPrimitivesLlm = items;
  }
  if (r() < 0.4) {
    const sel: Record<string, unknown> = { type: pick(['fixed', 'all', 'al', 'llmSelector']) };
    if (r() < 0.7) {
      const tables: unknown[] = [];
      const n = Math.floor(r() * 5);
      for (let i = 0; i < n; i++) {
        const t: Record<string, unknown> = {};
        if (r() < 0.7) t.schemaName = 's';
        if (r() < 0.7) t.tableName = 't' + i;
        if (r() < 0.3) t[pick(KEYS)] = 'v';
        tables.push(t);
      }
      sel.tables = tables;
    }
    def.schemaSelector = sel;
  }
  if (r() < 0.3) def[pick(KEYS)] = { a: 1 };
  if (r() < 0.3) def.maxAssistantActions = pick([3, 'three', 2.5, -1]);
  const root: Record<string, unknown> = { kind: pick(['AssistantConfig', 'AssistantConfig', 'AssistantConfg']) };
  if (r() < 0.9) root.version = pick(['v2', 'v2', 'v3', 2]);
  root.definition = def;
  if (r() < 0.25) return { text: JSON.stringify(root, null, r() < 0.5 ? 2 : undefined), language: 'json' };
  const flow = r() < 0.3;
  const dup = r() < 0.3;
  let text = toYaml(root, '', flow);
  // A duplicate unknown key, and a merge key that brings unknown keys in.
  if (dup) text = text.replace(/^(\s+)provider: (.*)$/m, '$1provider: $2\n$1zz: 1\n$1zz: 2');
  if (r() < 0.2)
    text = `x-base: &b\n  modelId: m\n  unknownMerged: 1\n${text.replace(/^(\s+)provider: (.*)$/m, '$1provider: $2\n$1<<: *b')}`;
  return { text, language: 'yaml' };
}

function scalar(v: unknown): string {
  if (typeof v === 'string') return v === '' ? "''" : /^[\w.-]+$/.test(v) ? v : JSON.stringify(v);
  return String(v);
}

function toYaml(v: unknown, indent: string, flow: boolean): string {
  const flowOf = (x: unknown): string =>
    Array.isArray(x)
      ? `[${x.map(flowOf).join(', ')}]`
      : x && typeof x === 'object'
        ? `{${Object.entries(x)
            .map(([k, y]) => `${k}: ${flowOf(y)}`)
            .join(', ')}}`
        : scalar(x);
  let out = '';
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (Array.isArray(x)) {
      out += `${indent}${k}:\n`;
      for (const item of x)
        out += flow
          ? `${indent}  - ${flowOf(item)}\n`
          : `${indent}  - ${toYaml(item, indent + '    ', false).trimStart() || '{}\n'}`;
    } else if (x && typeof x === 'object') {
      out +=
        flow && indent.length >= 2
          ? `${indent}${k}: ${flowOf(x)}\n`
          : `${indent}${k}:\n${toYaml(x, indent + '  ', flow)}`;
    } else out += `${indent}${k}: ${scalar(x)}\n`;
  }
  return out;
}

/** The reviewer's shapes, cut down: unknown keys in one mapping, items missing a field, literal secrets. */
function shapes(n: number): { name: string; text: string }[] {
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
  const range = [...Array(n).keys()];
  return [
    { name: 'unknown-block', text: head + range.map((i) => `    k${i}: ${i}\n`).join('') },
    {
      name: 'unknown-flow',
      text: head.replace(
        'llm:\n    provider: hosted\n',
        `llm: {provider: hosted, ${range.map((i) => `k${i}: ${i}`).join(', ')}}\n`,
      ),
    },
    {
      name: 'missing',
      text:
        head +
        '  overrideAiPrimitivesLlm:\n' +
        range.map((i) => `    - {primitiveName: p${i}, llm: {provider: cloud_b}}\n`).join(''),
    },
    {
      name: 'literal',
      text:
        head +
        '  overrideAiPrimitivesLlm:\n' +
        range
          .map(
            (i) =>
              `    - {primitiveName: p${i}, llm: {provider: vendor_a, apiKey: {value: sk-live-${String(i).padStart(24, '0')}}}}\n`,
          )
          .join(''),
    },
  ];
}

/**
 * One line per document: a digest of everything the user is shown (each diagnostic with its message,
 * range and data; each CLI finding with its masked message and frame), then each diagnostic's code
 * and range to read a difference by. The documents hold made-up literal secrets: the golden file
 * holds none of their text.
 */
function outcome(text: string, language: 'yaml' | 'json'): string {
  const { doc, diagnostics } = analyze(text, language);
  const report = buildReport('f', 'f', doc, diagnostics);
  const all = JSON.stringify({
    diagnostics: diagnostics.map((d) => ({ ...d })),
    findings: report.findings.map((f) => [f.line, f.column, f.message, (f.frame ?? []).map((l) => l.text).join('\n')]),
  });
  const digest = createHash('sha256').update(all).digest('hex').slice(0, 20);
  return `${digest} ${diagnostics.map((d) => `${d.code}@${d.offset}+${d.length}`).join(' ')}`;
}

describe('validation with many errors: the same diagnostics (golden, seeded)', () => {
  it(`${DOCS} random documents, seed ${SEED.toString(16)}, and the reviewer's shapes at n = 60`, () => {
    console.log(`seed ${SEED.toString(16)}`);
    const r = mulberry32(SEED);
    const got: string[] = [];
    for (let i = 0; i < DOCS; i++) {
      const { text, language } = randomDoc(r);
      got.push(`${i} ${outcome(text, language)}`);
    }
    for (const s of shapes(60)) got.push(`${s.name} ${outcome(s.text, 'yaml')}`);
    const file = join(DIR, 'golden.txt');
    if (UPDATE || !existsSync(file)) {
      mkdirSync(DIR, { recursive: true });
      writeFileSync(file, got.join('\n') + '\n');
    }
    const want = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
    assert.equal(got.length, want.length);
    for (let i = 0; i < got.length; i++) assert.equal(got[i], want[i], `document ${i}`);
  });
});

/** Counts the reads of every mapping's property list (each element read) while `f` runs. */
function countReads(root: Node | undefined, f: () => void): number {
  let reads = 0;
  const seen = new Set<Node>();
  const visit = (n: Node | undefined): void => {
    if (!n || seen.has(n)) return;
    seen.add(n);
    if (n.type === 'object') {
      for (const p of n.properties) visit(p.value);
      const raw = n.properties;
      n.properties = new Proxy(raw, {
        get(t, k, rcv) {
          if (typeof k === 'string' && k !== 'length' && /^\d+$/.test(k)) reads++;
          return Reflect.get(t, k, rcv) as unknown;
        },
      });
    } else if (n.type === 'array') for (const x of n.items) visit(x);
  };
  visit(root);
  // Prefix comparisons of error paths, searches of messages for secret values and the clipping of
  // ranges to a line are calls: counted too.
  const counted = <T extends object, K extends keyof T>(o: T, k: K): (() => void) => {
    const f = o[k] as unknown as (...a: unknown[]) => unknown;
    (o as Record<K, unknown>)[k] = function (this: unknown, ...a: unknown[]): unknown {
      reads++;
      return f.apply(this, a);
    };
    return () => {
      (o as Record<K, unknown>)[k] = f;
    };
  };
  const restore = [
    counted(String.prototype, 'startsWith'),
    counted(String.prototype, 'includes'),
    counted(Math, 'max'),
    counted(Math, 'min'),
  ];
  try {
    f();
  } finally {
    for (const r of restore) r();
  }
  return reads;
}

describe('validation with many errors: linear growth (operations counted)', () => {
  for (const name of ['unknown-block', 'unknown-flow', 'missing', 'literal']) {
    it(`${name}: 400 → 800 errors at most ~2x the operations`, () => {
      const count = (n: number): number => {
        const text = shapes(n).find((s) => s.name === name)!.text;
        const doc = parse(text, 'yaml');
        let diags = 0;
        const reads = countReads(doc.root, () => {
          const { diagnostics } = validateWithSuppressions(doc, DEFAULT_OPTIONS);
          diags = diagnostics.length;
          buildReport('f', 'f', doc, diagnostics);
        });
        assert.ok(diags >= n, `${name}: ${diags} diagnostics for ${n}`);
        return reads;
      };
      const a = count(400);
      const b = count(800);
      console.log(`${name}: ${a} → ${b} operations`);
      assert.ok(b <= 2.5 * a + 1000, `${name}: ${a} operations for 400, ${b} for 800`);
    });
  }
});

/** Indentation slips (REVIEW6 I3, I9) with many keys: one slip of n flags, a slip then n unknown keys, n repeats. */
function slipShapes(n: number): { name: string; text: string }[] {
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n';
  const range = [...Array(n).keys()];
  return [
    {
      name: 'flags at featureFlags’ column',
      text: `${head}    provider: hosted\n  featureFlags:\n${range.map((i) => `  flag_${i}: true\n`).join('')}`,
    },
    {
      name: 'a slip, then unknown keys',
      text: `${head}    provider: hosted\n  threadTitleGeneration:\n  enable: true\n${range.map((i) => `  k${i}: ${i}\n`).join('')}`,
    },
    {
      name: 'a repeated provider under fallback, then unknown keys',
      text: `${head}    provider: cloud_a\n    endpoint: https://x.example.com/\n    apiKey: {valueFromEnv: A}\n    fallback:\n    provider: vendor_a\n${range.map((i) => `    k${i}: ${i}\n`).join('')}`,
    },
    {
      name: 'empty keys each followed by their value’s key',
      text: `${head}    provider: vendor_a\n${range.map((i) => `    apiKey:\n    valueFromEnv: K${i}\n`).join('')}`,
    },
  ];
}

describe('indentation slips with many keys: linear growth (operations counted)', () => {
  for (const name of slipShapes(1).map((s) => s.name)) {
    it(`${name}: 400 → 800 keys at most ~2x the operations`, () => {
      const count = (n: number): number => {
        const doc = parse(slipShapes(n).find((s) => s.name === name)!.text, 'yaml');
        let slips = 0;
        const reads = countReads(doc.root, () => {
          const { diagnostics } = validateWithSuppressions(doc, DEFAULT_OPTIONS);
          slips = diagnostics.filter((d) => d.data?.indentUnder !== undefined).length;
        });
        assert.ok(slips >= 1, `${name}: no slip found for ${n}`);
        return reads;
      };
      const a = count(400);
      const b = count(800);
      console.log(`${name}: ${a} → ${b} operations`);
      assert.ok(b <= 2.5 * a + 1000, `${name}: ${a} operations for 400, ${b} for 800`);
    });
  }
});

describe('lines of prose after a block scalar: linear growth (operations counted)', () => {
  /** `a`, `b` … `ba`: a distinct word per line, without digits (a key with digits is not read as prose). */
  const word = (i: number): string =>
    [...i.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
  it('a run of n prose lines at the key column after systemInstructions: | (REVIEW18-user U3): 400 → 800 at most ~2x', () => {
    const count = (n: number): number => {
      const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  systemInstructions: |\n    You answer.\n${[
        ...Array(n).keys(),
      ]
        .map((i) => `  Note ${word(i)}: keep answers short\n`)
        .join('')}`;
      const doc = parse(text, 'yaml');
      let hinted = 0;
      const reads = countReads(doc.root, () => {
        const { diagnostics } = validateWithSuppressions(doc, DEFAULT_OPTIONS);
        hinted = diagnostics.filter((d) => d.data?.indentText !== undefined).length;
      });
      assert.equal(hinted, n);
      return reads;
    };
    const a = count(400);
    const b = count(800);
    console.log(`prose after a block: ${a} → ${b} operations`);
    assert.ok(b <= 2.5 * a + 1000, `${a} operations for 400, ${b} for 800`);
  });
});
