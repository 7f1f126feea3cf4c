// What a YAML 1.1 loader (PyYAML, SnakeYAML, Go yaml.v2, and the deploy tools built on them) makes of
// a plain scalar, beside what YAML 1.2's core schema (the `yaml` package, which this tool reads with)
// makes of it. Where the two differ, the same file means something else to a 1.1 loader:
// `apiVersion: 2024-06-01` is a date, `schemaName: no` the boolean false, `maxAssistantActions: 010`
// the number 8 (REVIEW4 G24). The patterns are the YAML 1.1 type repository's as PyYAML implements
// them (resolver.py), plus `y`/`n`, which the repository and Go yaml.v2 read as booleans.
import type { Node, ParsedDocument, StringNode } from '../parser/ast';

export type Reading =
  | { kind: 'bool'; value: boolean }
  | { kind: 'int' | 'float'; value: number; base?: 'octal' | 'binary' | 'hex' | 'sexagesimal' }
  | { kind: 'timestamp'; date: boolean }
  | { kind: 'null' }
  /** `=` (the 1.1 "value" type, which PyYAML refuses to load) and `<<` (a merge key). */
  | { kind: 'special' }
  | { kind: 'str' };

const BOOL_TRUE_11 = /^(?:y|Y|yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const BOOL_FALSE_11 = /^(?:n|N|no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const INT_BIN_11 = /^[-+]?0b[01_]+$/;
const INT_OCT_11 = /^[-+]?0[0-7_]+$/;
const INT_DEC_11 = /^[-+]?(?:0|[1-9][0-9_]*)$/;
const INT_HEX_11 = /^[-+]?0x[0-9a-fA-F_]+$/;
const INT_60_11 = /^[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+$/;
const FLOAT_11 = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?)$/;
const FLOAT_60_11 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const DATE_11 = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const TIMESTAMP_11 =
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$/;

const BOOL_TRUE_12 = /^(?:true|True|TRUE)$/;
const BOOL_FALSE_12 = /^(?:false|False|FALSE)$/;
const INT_12 = /^[-+]?[0-9]+$/;
const INT_OCT_12 = /^0o[0-7]+$/;
const INT_HEX_12 = /^0x[0-9a-fA-F]+$/;
const FLOAT_12 = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

function sign(text: string): { neg: boolean; rest: string } {
  const neg = text.startsWith('-');
  return { neg, rest: text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text };
}

function sexagesimal(text: string): number {
  const { neg, rest } = sign(text);
  let v = 0;
  for (const part of rest.replace(/_/g, '').split(':')) v = v * 60 + Number(part);
  return neg ? -v : v;
}

const WORD_11 = /^(?:[yYnN]|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$/;

/**
 * A cheap first test (for every string of a file): only text that starts like a number, a date or
 * `=`, or is one of the 1.1 boolean words, can be read otherwise by a 1.1 loader.
 */
export function mayDiffer(text: string): boolean {
  if (text.length === 0 || text.length > 64) return false;
  const c = text.charCodeAt(0);
  if (c === 43 || c === 45 || c === 46 || c === 61 || (c >= 48 && c <= 57)) return true;
  return text.length <= 3 && WORD_11.test(text);
}

/** What a YAML 1.1 loader reads a plain scalar's text as. */
export function reading11(text: string): Reading {
  if (BOOL_TRUE_11.test(text)) return { kind: 'bool', value: true };
  if (BOOL_FALSE_11.test(text)) return { kind: 'bool', value: false };
  if (NULL.test(text)) return { kind: 'null' };
  if (text === '=' || text === '<<') return { kind: 'special' };
  const c = text.charCodeAt(0);
  // Numbers and timestamps start with a sign, a digit or a dot.
  if (!(c === 43 || c === 45 || c === 46 || (c >= 48 && c <= 57))) return { kind: 'str' };
  const { neg, rest } = sign(text);
  const bare = rest.replace(/_/g, '');
  const signed = (v: number): number => (neg ? -v : v);
  if (INT_BIN_11.test(text)) return { kind: 'int', value: signed(parseInt(bare.slice(2) || '0', 2)), base: 'binary' };
  if (INT_HEX_11.test(text)) return { kind: 'int', value: signed(parseInt(bare.slice(2) || '0', 16)), base: 'hex' };
  if (INT_OCT_11.test(text)) return { kind: 'int', value: signed(parseInt(bare, 8)), base: 'octal' };
  if (INT_DEC_11.test(text)) return { kind: 'int', value: signed(Number(bare)) };
  if (INT_60_11.test(text)) return { kind: 'int', value: sexagesimal(text), base: 'sexagesimal' };
  if (FLOAT_11.test(text)) return { kind: 'float', value: signed(Number(bare)) };
  if (FLOAT_60_11.test(text)) return { kind: 'float', value: sexagesimal(text), base: 'sexagesimal' };
  if (INF.test(text)) return { kind: 'float', value: neg ? -Infinity : Infinity };
  if (NAN.test(text)) return { kind: 'float', value: NaN };
  if (DATE_11.test(text)) return { kind: 'timestamp', date: true };
  if (TIMESTAMP_11.test(text)) return { kind: 'timestamp', date: false };
  return { kind: 'str' };
}

/**
 * A quoted string whose text is a boolean word (`'true'`, `"False"`, `'yes'`, `"off"`) where a boolean
 * belongs (REVIEW14-editor E6): the boolean meant, and whether that is sure (`y`/`n` may be a letter:
 * said, but no fix is preferred for them).
 */
export function quotedBoolean(text: string): { value: boolean; sure: boolean } | undefined {
  const r = reading11(text);
  return r.kind === 'bool' ? { value: r.value, sure: !/^[yYnN]$/.test(text) } : undefined;
}

/** What YAML 1.2's core schema reads a plain scalar's text as (what the `yaml` package gives). */
export function reading12(text: string): Reading {
  if (BOOL_TRUE_12.test(text)) return { kind: 'bool', value: true };
  if (BOOL_FALSE_12.test(text)) return { kind: 'bool', value: false };
  if (NULL.test(text)) return { kind: 'null' };
  if (INT_12.test(text)) return { kind: 'int', value: Number(text) };
  if (INT_OCT_12.test(text)) return { kind: 'int', value: parseInt(text.slice(2), 8) };
  if (INT_HEX_12.test(text)) return { kind: 'int', value: parseInt(text.slice(2), 16) };
  if (FLOAT_12.test(text)) return { kind: 'float', value: Number(text) };
  if (INF.test(text)) return { kind: 'float', value: text.startsWith('-') ? -Infinity : Infinity };
  if (NAN.test(text)) return { kind: 'float', value: NaN };
  return { kind: 'str' };
}

const isNumber = (r: Reading): r is Extract<Reading, { kind: 'int' | 'float' }> =>
  r.kind === 'int' || r.kind === 'float';

/**
 * What a 1.1 loader reads differently from YAML 1.2, or undefined when they agree (as they do on
 * `true`, `null`, `10`, `0x1F`, `1.5`, `.inf`, and every ordinary word). `<<` is left to the merge
 * handling (model/merge.ts).
 */
export function yaml11Difference(text: string): { r11: Reading; r12: Reading } | undefined {
  if (text === '<<') return undefined;
  const r11 = reading11(text);
  const r12 = reading12(text);
  if (isNumber(r11) && isNumber(r12)) return Object.is(r11.value, r12.value) ? undefined : { r11, r12 };
  if (r11.kind !== r12.kind) return { r11, r12 };
  if (r11.kind === 'bool' && r12.kind === 'bool' && r11.value !== r12.value) return { r11, r12 };
  return undefined;
}

/** How a message names a reading: `the boolean true`, `the number 8 (octal)`, `a date`. */
export function describeReading(r: Reading): string {
  switch (r.kind) {
    case 'bool':
      return `the boolean ${r.value}`;
    case 'int':
    case 'float':
      return `the number ${numberText(r.value)}${r.base === 'octal' ? ' (octal)' : r.base === 'sexagesimal' ? ' (base 60)' : ''}`;
    case 'timestamp':
      return r.date ? 'a date' : 'a timestamp';
    case 'null':
      return 'null';
    case 'special':
      return "the 1.1 'value' type, which PyYAML refuses to load";
    case 'str':
      return 'a string';
  }
}

/** A number as YAML (and the fix) writes it. */
export function numberText(v: number): string {
  if (v === Infinity) return '.inf';
  if (v === -Infinity) return '-.inf';
  if (Number.isNaN(v)) return '.nan';
  return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
}

/**
 * The source text of a plain, single-line scalar written without a tag, as the 1.1 and 1.2 resolvers
 * see it; undefined for quoted and block scalars, a multi-line plain scalar (folded), a tagged one
 * (`!!str no` is a string everywhere) and JSON.
 */
export function plainText(doc: ParsedDocument, node: Node | StringNode): string | undefined {
  if (doc.language !== 'yaml') return undefined;
  if (node.type !== 'string' && node.type !== 'number' && node.type !== 'boolean') return undefined;
  if (node.type === 'string' && node.quoted) return undefined;
  const text = doc.text;
  const src = text.slice(node.offset, node.offset + node.length);
  if (src.length === 0 || src.length > 64 || /[\r\n]/.test(src)) return undefined;
  if (node.type === 'string' && src !== node.value) return undefined;
  // A tag before the scalar on its line (`!!str no`, `!custom 010`, with an anchor between or not).
  let ls = node.offset;
  while (ls > 0 && text[ls - 1] !== '\n' && text[ls - 1] !== '\r') ls--;
  if (/(?:^|[\s[{,:?-])![^\s]*(?:[ \t]+&[^\s]+)?[ \t]+$/.test(text.slice(Math.max(ls, node.offset - 200), node.offset)))
    return undefined;
  return src;
}

const quoteStyles = new WeakMap<ParsedDocument, '"' | "'">();

/**
 * The quote the file writes its quoted scalars with (the more frequent of the two; double when it
 * quotes nothing), so that a quoted value looks like its neighbours. Counted once per parsed version.
 */
export function quoteOf(doc: ParsedDocument): '"' | "'" {
  const known = quoteStyles.get(doc);
  if (known) return known;
  let single = 0;
  let double = 0;
  const stack: (Node | undefined)[] = [doc.root];
  const count = (n: StringNode): void => {
    if (!n.quoted) return;
    const c = doc.text[n.offset];
    if (c === "'") single++;
    else if (c === '"') double++;
  };
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n) continue;
    if (n.type === 'string') count(n);
    else if (n.type === 'object')
      for (const p of n.properties) {
        count(p.key);
        stack.push(p.value);
      }
    else if (n.type === 'array') for (const i of n.items) stack.push(i);
  }
  const q = single > double ? "'" : '"';
  quoteStyles.set(doc, q);
  return q;
}
