// Shared by the fuzz tests and the long-run script: arbitraries built from the JSON Schema, mutations
// of the examples and fixtures, and the well-formedness checks run on every language-service call.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify as yamlStringify } from 'yaml';
import {
  analyze,
  doHover,
  documentSymbols,
  foldingRanges,
  selectionRanges,
  formatDocument,
  CODES,
} from '../../server/src/service';
import type { Diagnostic, EnvInfo, SymbolEntry, TextEdit } from '../../server/src/service';
import { doComplete } from '../../server/src/service/completion';
import { getCodeActions, applyEdits } from '../../server/src/service/codeActions';
import { LineIndex } from '../../server/src/parser';
import type { Language, ParsedDocument } from '../../server/src/parser';
import { cpuBound } from '../timing';

// ---------------------------------------------------------------------------------------------
// Seeds, bounds, statistics

/**
 * Generous: the point is "never hangs", not a benchmark. Checked by CPU time when a busy machine
 * stretches the wall-clock time (test/timing.ts `cpuBound`).
 */
export const CALL_BOUND_MS = Number(process.env.FUZZ_CALL_BOUND_MS ?? 2000);

export interface Stats {
  cases: number;
  calls: number;
  maxCallMs: number;
  maxCall: string;
  totalMs: number;
  /** Calls over the bound by wall-clock time (the machine busy) and within it by CPU time. */
  retimed: number;
}

export const stats: Stats = { cases: 0, calls: 0, maxCallMs: 0, maxCall: '', totalMs: 0, retimed: 0 };

export function resetStats(): void {
  Object.assign(stats, { cases: 0, calls: 0, maxCallMs: 0, maxCall: '', totalMs: 0, retimed: 0 });
}

let bound = CALL_BOUND_MS;

/**
 * Calls `fn` within the bound: over it by wall-clock time, the call is timed again by this thread's CPU
 * time (test/timing.ts), so that a loaded machine does not fail it and an endless or exponential call does.
 */
function timed<T>(name: string, fn: () => T): T {
  const { value, ms } = cpuBound(name, fn, bound);
  stats.calls++;
  stats.totalMs += ms;
  if (ms > bound) stats.retimed++;
  if (ms > stats.maxCallMs) {
    stats.maxCallMs = ms;
    stats.maxCall = name;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Corpus: every example and fixture

export interface CorpusFile {
  path: string;
  text: string;
  language: Language;
}

export function corpus(root = process.cwd()): CorpusFile[] {
  const out: CorpusFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(name) && !/sarif/.test(p))
        out.push({
          path: p.slice(root.length + 1),
          text: readFileSync(p, 'utf8'),
          language: /\.json$/.test(name) ? 'json' : 'yaml',
        });
    }
  };
  walk(join(root, 'examples'));
  walk(join(root, 'test/fixtures'));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Documents generated from the JSON Schema

type JsonSchema = Record<string, unknown>;

/** The engine's copy of the schema: its unions are `oneOf` lists, each branch one variant to generate. */
export function loadSchema(root = process.cwd()): JsonSchema {
  return JSON.parse(
    readFileSync(join(root, 'server/src/generated/assistant-config.engine.schema.json'), 'utf8'),
  ) as JsonSchema;
}

const ENV_NAMES = ['VENDOR_A_API_KEY', 'CLOUD_A_API_KEY', 'OPENAI_KEY', 'HOME', 'X1', 'lower_case', '1BAD', ''];
const STRINGS = [
  'hosted',
  'model-001',
  'https://llm.example/v1',
  'us-east-1',
  'a b: c',
  '',
  '#x',
  'yes',
  '- item',
  '{x}',
  'line1\nline2',
  'ünïcødé ✓',
  '"quoted"',
  "it's",
  'sk-live-0123456789abcdef',
];

/**
 * An arbitrary value that follows `schema` (discriminated unions pick a variant, enums a value,
 * `fallback` nests), within `depth` levels of objects.
 */
export function schemaArbitrary(root: JsonSchema): fc.Arbitrary<unknown> {
  const defs = (root.definitions ?? {}) as Record<string, JsonSchema>;
  const deref = (s: JsonSchema): JsonSchema => {
    let cur = s;
    for (let i = 0; i < 8 && typeof cur.$ref === 'string'; i++)
      cur = { ...defs[(cur.$ref as string).replace('#/definitions/', '')]!, ...withoutRef(cur) };
    return cur;
  };
  const withoutRef = (s: JsonSchema): JsonSchema => {
    const { $ref: _r, description: _d, markdownDescription: _m, ...rest } = s;
    return rest;
  };
  const memo = new Map<string, fc.Arbitrary<unknown>>();
  const build = (s0: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const key = typeof s0.$ref === 'string' ? `${s0.$ref}@${depth}` : undefined;
    if (key && memo.has(key)) return memo.get(key)!;
    const a = buildUncached(deref(s0), depth);
    if (key) memo.set(key, a);
    return a;
  };
  const buildUncached = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    if ('const' in s) return fc.constant(s.const);
    const variants = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
    if (variants) {
      const usable = depth <= 0 ? variants.filter((v) => deref(v).type === 'null' || !isRecursive(v)) : variants;
      return fc.oneof(...(usable.length > 0 ? usable : variants.slice(0, 1)).map((v) => build(v, depth)));
    }
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((t) => buildUncached({ ...s, type: t }, depth)));
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.constantFrom(0, 1, 12, 128000));
      case 'number':
        return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'string':
        return fc.oneof(fc.constantFrom(...STRINGS), fc.string({ maxLength: 12 }));
      case 'array': {
        const items = (s.items ?? {}) as JsonSchema;
        return depth <= 0 ? fc.constant([]) : fc.array(build(items, depth - 1), { maxLength: 3 });
      }
      case 'object':
      default:
        return objectArbitrary(s, depth);
    }
  };
  const isRecursive = (v: JsonSchema): boolean => {
    const r = deref(v);
    return r.type === 'object' || Array.isArray(r.oneOf) || Array.isArray(r.anyOf);
  };
  const objectArbitrary = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required ?? []) as string[]);
    if (typeof s.maxProperties === 'number' && s.maxProperties === 1) {
      // EnvironmentValue: exactly one of its properties.
      return fc.oneof(
        fc.record({ valueFromEnv: fc.constantFrom(...ENV_NAMES.slice(0, 5)) }),
        fc.record({ value: fc.constantFrom(...STRINGS) }),
      );
    }
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, ps] of Object.entries(props)) {
      const recursive = isRecursive(ps);
      if (recursive && depth <= 0 && !required.has(k)) continue;
      shape[k] = build(ps, recursive ? depth - 1 : depth);
    }
    const base = fc.record(shape, { requiredKeys: Object.keys(shape).filter((k) => required.has(k)) });
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const extra = build(s.additionalProperties as JsonSchema, depth - 1);
      return fc
        .tuple(base, fc.dictionary(fc.constantFrom('reporting', 'sales', 'x'), extra, { maxKeys: 2 }))
        .map(([a, b]) => ({ ...b, ...(a as object) }));
    }
    if (s.additionalProperties === true)
      return fc
        .tuple(
          base,
          fc.dictionary(fc.constantFrom('my_flag', 'other'), fc.oneof(fc.boolean(), fc.constant(null)), { maxKeys: 2 }),
        )
        .map(([a, b]) => ({ ...b, ...(a as object) }));
    return base;
  };
  const { definitions: _defs, ...top } = root;
  return buildUncached(top, 4);
}

/** One small change that most likely makes a valid document nearly valid. */
type Breakage = { kind: 'drop' | 'unknown' | 'typo' | 'wrongType' | 'both' | 'secret' | 'dup'; pick: number };

const breakageArb: fc.Arbitrary<Breakage> = fc.record({
  kind: fc.constantFrom('drop', 'unknown', 'typo', 'wrongType', 'both', 'secret', 'dup'),
  pick: fc.nat(),
});

function objectsOf(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) for (const x of v) objectsOf(x, out);
  else if (v && typeof v === 'object') {
    out.push(v as Record<string, unknown>);
    for (const x of Object.values(v)) objectsOf(x, out);
  }
  return out;
}

function breakValue(doc: unknown, b: Breakage): unknown {
  const copy = structuredClone(doc);
  const objs = objectsOf(copy);
  if (objs.length === 0) return copy;
  const o = objs[b.pick % objs.length]!;
  const keys = Object.keys(o);
  const k = keys.length > 0 ? keys[b.pick % keys.length]! : 'x';
  switch (b.kind) {
    case 'drop':
      delete o[k];
      break;
    case 'unknown':
      o[['modle', 'apikey', 'fallbak', 'extra', 'type'][b.pick % 5]!] = 'x';
      break;
    case 'typo':
      if (typeof o[k] === 'string') o[k] = (o[k] as string).slice(0, -1) + 'q';
      else o[k] = 'blockMedium';
      break;
    case 'wrongType':
      o[k] = [42, 'str', true, null, [], {}][b.pick % 6];
      break;
    case 'both':
      o.value = 'literal';
      o.valueFromEnv = 'SOME_KEY';
      break;
    case 'secret':
      o.apiKey = { value: 'sk-live-0123456789abcdef' };
      break;
    case 'dup':
      // Rendered as a duplicate key by the YAML/JSON renderers below (a marker key).
      o['\u0000dup'] = k;
      break;
  }
  return copy;
}

export interface Rendered {
  text: string;
  language: Language;
}

function render(value: unknown, style: number): Rendered {
  const dupFix = (text: string, json: boolean): string =>
    text.replace(json ? /"\\u0000dup": "([^"]*)"/g : /"\\0dup": (\S+)/g, (_m, k: string) =>
      json ? `"${k}": null` : `${k.replace(/^"|"$/g, '')}: null`,
    );
  switch (style % 5) {
    case 0:
      return { text: dupFix(yamlStringify(value), false), language: 'yaml' };
    case 1:
      return { text: dupFix(yamlStringify(value, { indent: 4, indentSeq: false }), false), language: 'yaml' };
    case 2:
      return { text: dupFix(yamlStringify(value, { collectionStyle: 'flow' }), false), language: 'yaml' };
    case 3:
      return { text: dupFix(JSON.stringify(value, null, 2), true), language: 'json' };
    default:
      return { text: dupFix(JSON.stringify(value), true), language: 'json' };
  }
}

/** Generated documents: valid ones from the schema, and nearly valid ones (one or two breakages). */
export function generatedDocArbitrary(schema: JsonSchema): fc.Arbitrary<Rendered> {
  return fc
    .tuple(schemaArbitrary(schema), fc.array(breakageArb, { maxLength: 2 }), fc.nat({ max: 4 }))
    .map(([value, breaks, style]) =>
      render(
        breaks.reduce((v, b) => breakValue(v, b), value),
        style,
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Mutations of real files

const INSERTS = [
  '\t',
  '\0',
  '"',
  "'",
  ':',
  ': ',
  '- ',
  '\n',
  '\r\n',
  '{',
  '}',
  '[',
  ']',
  ',',
  '#',
  '&a ',
  '*a',
  '!!str ',
  '|',
  '>',
  '? ',
  '---\n',
  '...',
  '\uFEFF',
  '\uFFFD',
  '\uD800',
  '😀',
  '\\',
  '  ',
  'null',
  '%YAML 1.2\n',
  '<<: *a\n',
  '\u2028',
  '\u0085',
];

export type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'truncate'; at: number }
  | { op: 'deleteLine' | 'dupLine'; line: number }
  | { op: 'indent'; line: number; by: number }
  | { op: 'swap'; a: number; b: number }
  | { op: 'insert'; at: number; s: number }
  | { op: 'delete'; at: number; n: number };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), bit: fc.nat({ max: 15 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constantFrom('deleteLine' as const, 'dupLine' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('indent' as const), line: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ op: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), s: fc.nat({ max: INSERTS.length - 1 }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 20 }) }),
);

export function mutate(text: string, m: Mutation): string {
  const len = text.length;
  const at = (n: number): number => (len === 0 ? 0 : n % (len + 1));
  switch (m.op) {
    case 'flip': {
      if (len === 0) return text;
      const i = m.at % len;
      return text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ (1 << m.bit)) + text.slice(i + 1);
    }
    case 'truncate':
      return text.slice(0, at(m.at));
    case 'deleteLine':
    case 'dupLine': {
      const lines = text.split('\n');
      const i = m.line % lines.length;
      if (m.op === 'deleteLine') lines.splice(i, 1);
      else lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 'indent': {
      const lines = text.split('\n');
      const i = m.line % lines.length;
      const l = lines[i]!;
      lines[i] = m.by >= 0 ? ' '.repeat(m.by) + l : l.replace(new RegExp(`^ {0,${-m.by}}`), '');
      return lines.join('\n');
    }
    case 'swap': {
      const toks = text.match(/\w+|\s+|[^\w\s]/g) ?? [];
      if (toks.length < 2) return text;
      const a = m.a % toks.length;
      const b = m.b % toks.length;
      [toks[a], toks[b]] = [toks[b]!, toks[a]!];
      return toks.join('');
    }
    case 'insert': {
      const i = at(m.at);
      return text.slice(0, i) + INSERTS[m.s % INSERTS.length]! + text.slice(i);
    }
    case 'delete': {
      const i = at(m.at);
      return text.slice(0, i) + text.slice(i + m.n);
    }
  }
}

export function mutatedDocArbitrary(files: CorpusFile[]): fc.Arbitrary<Rendered & { source: string }> {
  return fc
    .tuple(fc.nat({ max: files.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 4 }))
    .map(([i, ms]) => {
      const f = files[i]!;
      return { text: ms.reduce(mutate, f.text), language: f.language, source: f.path };
    });
}

// ---------------------------------------------------------------------------------------------
// Well-formedness checks

export const ENV: EnvInfo = {
  names: () => ['VENDOR_A_API_KEY', 'CLOUD_A_API_KEY', 'HOME'],
  isDefined: (n) => n === 'VENDOR_A_API_KEY' || n === 'HOME',
  sourceOf: (n) => (n === 'VENDOR_A_API_KEY' ? '.env' : n === 'HOME' ? 'environment' : undefined),
};

function fail(msg: string): never {
  throw new Error(msg);
}

function checkRange(what: string, len: number, offset: number, length: number): void {
  if (!Number.isInteger(offset) || !Number.isInteger(length)) fail(`${what}: non-integer range ${offset}+${length}`);
  if (offset < 0 || length < 0 || offset + length > len)
    fail(`${what}: range ${offset}+${length} outside the document (length ${len})`);
}

/** Edits inside the document, not overlapping (inserts at one point allowed), and applicable. */
export function checkEdits(what: string, text: string, edits: readonly TextEdit[]): string {
  for (const e of edits) {
    checkRange(what, text.length, e.offset, e.length);
    if (typeof e.newText !== 'string') fail(`${what}: edit without text`);
  }
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  for (let i = 1; i < sorted.length; i++) {
    const p = sorted[i - 1]!;
    const c = sorted[i]!;
    if (c.offset < p.offset + p.length)
      fail(`${what}: overlapping edits ${p.offset}+${p.length} and ${c.offset}+${c.length}`);
  }
  return applyEdits(text, edits);
}

export function checkDiagnostics(text: string, diags: readonly Diagnostic[]): void {
  for (const d of diags) {
    if (!(d.code in CODES)) fail(`unknown diagnostic code ${String(d.code)}`);
    if (!d.message || typeof d.message !== 'string') fail(`diagnostic ${d.code} without a message`);
    checkRange(`diagnostic ${d.code}`, text.length, d.offset, d.length);
    for (const r of d.related ?? []) checkRange(`related of ${d.code}`, text.length, r.offset, r.length);
  }
}

function checkSymbols(text: string, syms: readonly SymbolEntry[], depth = 0): void {
  for (const s of syms) {
    checkRange(`symbol ${s.name}`, text.length, s.offset, s.length);
    checkRange(`symbol ${s.name} selection`, text.length, s.selectionOffset, s.selectionLength);
    if (s.selectionOffset < s.offset || s.selectionOffset + s.selectionLength > s.offset + s.length)
      fail(`symbol ${s.name}: selection range outside its range`);
    if (typeof s.name !== 'string' || s.name.length === 0) fail('symbol without a name');
    if (depth < 200) checkSymbols(text, s.children, depth + 1);
  }
}

export interface CheckResult {
  doc: ParsedDocument;
  diagnostics: Diagnostic[];
}

/** Runs every feature on `text` at `positions` and checks each result; throws on the first problem. */
export function checkAllFeatures(
  text: string,
  language: Language,
  positions: readonly number[],
  boundMs = CALL_BOUND_MS,
): CheckResult {
  bound = boundMs;
  const { doc, diagnostics } = timed('analyze', () => analyze(text, language));
  checkDiagnostics(text, diagnostics);
  const len = text.length;
  const lines = new LineIndex(text);

  const syms = timed('documentSymbols', () => documentSymbols(doc));
  checkSymbols(text, syms);

  const folds = timed('foldingRanges', () => foldingRanges(doc));
  for (const f of folds) {
    if (!(f.startLine >= 0 && f.endLine >= f.startLine && f.endLine < lines.lineCount))
      fail(`folding range ${f.startLine}-${f.endLine} outside ${lines.lineCount} lines`);
  }

  for (const tab of [2, 4]) {
    const edits = timed('formatDocument', () => formatDocument(doc, { tabSize: tab, insertSpaces: true }));
    checkEdits('formatting', text, edits);
  }

  const allActions = timed('getCodeActions(all)', () => getCodeActions(doc, diagnostics, { offset: 0, length: len }));
  for (const a of allActions) checkEdits(`code action '${a.title}'`, text, a.edits);

  for (const p0 of positions) {
    const p = len === 0 ? 0 : p0 % (len + 1);
    const c = timed('doComplete', () => doComplete(doc, p, { env: ENV }));
    for (const it of c.items) {
      checkRange(`completion '${it.label}' replace`, len, it.replace.offset, it.replace.length);
      if (typeof it.insertText !== 'string' || typeof it.label !== 'string')
        fail('completion item without label or text');
    }
    const h = timed('doHover', () => doHover(doc, p, { env: ENV }));
    if (h) {
      checkRange('hover', len, h.offset, h.length);
      if (typeof h.contents !== 'string') fail('hover without contents');
    }
    const sel = timed('selectionRanges', () => selectionRanges(doc, p));
    let prev: { offset: number; length: number } | undefined;
    for (const s of sel) {
      checkRange('selection range', len, s.offset, s.length);
      if (prev && (s.offset > prev.offset || s.offset + s.length < prev.offset + prev.length))
        fail(`selection range ${s.offset}+${s.length} does not contain ${prev.offset}+${prev.length}`);
      prev = s;
    }
    if (sel.length > 0 && (sel[0]!.offset > p || sel[0]!.offset + sel[0]!.length < p))
      fail(`innermost selection range ${sel[0]!.offset}+${sel[0]!.length} does not contain the position ${p}`);
    const span = Math.min(len - p, 7);
    const acts = timed('getCodeActions', () =>
      getCodeActions(doc, diagnostics, { offset: p, length: Math.max(0, span) }),
    );
    for (const a of acts) checkEdits(`code action '${a.title}'`, text, a.edits);
  }
  stats.cases++;
  return { doc, diagnostics };
}

export const positionsArb = fc.array(fc.nat(), { minLength: 1, maxLength: 4 });

export interface FuzzCase {
  text: string;
  language: Language;
  positions: number[];
  source: string;
}

/** The fuzz case generators, by name: each is run through `checkAllFeatures`. */
export function caseArbitraries(root = process.cwd()): { name: string; arb: fc.Arbitrary<FuzzCase> }[] {
  const schema = loadSchema(root);
  const files = corpus(root);
  return [
    {
      name: 'generated documents',
      arb: fc
        .tuple(generatedDocArbitrary(schema), positionsArb)
        .map(([d, positions]) => ({ ...d, positions, source: 'generated' })),
    },
    {
      name: 'mutated examples and fixtures',
      arb: fc.tuple(mutatedDocArbitrary(files), positionsArb).map(([d, positions]) => ({ ...d, positions })),
    },
    {
      name: 'mutated generated documents',
      arb: fc
        .tuple(generatedDocArbitrary(schema), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), positionsArb)
        .map(([d, ms, positions]) => ({
          text: ms.reduce(mutate, d.text),
          language: d.language,
          positions,
          source: 'generated+mutated',
        })),
    },
  ];
}

export function checkCase(c: FuzzCase): void {
  checkAllFeatures(c.text, c.language, c.positions);
}
