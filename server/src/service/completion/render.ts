// Schema snippet bodies (JSON values whose strings may hold `${1:x}` placeholders) rendered as YAML
// or JSON text at a given indentation, and scalars written so they read back as the same string.

/** Escapes text meant literally inside a snippet. */
export function escapeSnippet(s: string): string {
  return s.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** The text a snippet string shows once its placeholders take their defaults. */
export function snippetDefault(s: string): string {
  return s
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}|\$\d+/g, '')
    .replace(/\\([\\$}])/g, '$1');
}

const YAML_SPECIAL =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?(?:\.inf|\.Inf|\.INF)|\.nan|\.NaN|\.NAN)$/;

/** Whether a string can be written as a YAML plain scalar and read back as the same string. */
export function yamlPlainOk(s: string): boolean {
  if (s === '' || YAML_SPECIAL.test(s)) return false;
  if (/^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(s) || /^0[xob]/i.test(s)) return false;
  if (/^[\s\-?:,[\]{}#&*!|>'"%@`]/.test(s) && !/^-[A-Za-z0-9_]/.test(s)) return false;
  if (/:\s|\s#|:$|\s$|[\n\r\t]/.test(s)) return false;
  return true;
}

/** A literal string as a YAML scalar (plain when safe, else double-quoted). */
export function yamlScalar(s: string): string {
  return yamlPlainOk(s) ? s : JSON.stringify(s);
}

/** A snippet string as a YAML scalar: the decision to quote is made on what it shows by default. */
function yamlSnippetScalar(s: string): string {
  return yamlPlainOk(snippetDefault(s)) ? s : `"${s.replace(/"/g, '\\"')}"`;
}

function scalarOf(v: unknown, yaml: boolean): string {
  if (typeof v === 'string') return yaml ? yamlSnippetScalar(v) : `"${v.replace(/"/g, '\\"')}"`;
  return String(v);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const pad = (n: number): string => ' '.repeat(n);

/** YAML lines of a mapping whose keys stand at column `col`; each line carries its indentation. */
export function yamlLines(obj: Record<string, unknown>, col: number, unit: number): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    const key = escapeSnippet(yamlScalar(k));
    if (isObj(v) && Object.keys(v).length > 0) {
      out.push(`${pad(col)}${key}:`, ...yamlLines(v, col + unit, unit));
    } else if (Array.isArray(v) && v.length > 0) {
      out.push(`${pad(col)}${key}:`);
      for (const item of v) {
        if (isObj(item) && Object.keys(item).length > 0) {
          const lines = yamlLines(item, col + unit + 2, unit);
          lines[0] = `${pad(col + unit)}- ${lines[0]!.slice(col + unit + 2)}`;
          out.push(...lines);
        } else
          out.push(`${pad(col + unit)}- ${isObj(item) ? '{}' : Array.isArray(item) ? '[]' : scalarOf(item, true)}`);
      }
    } else if (isObj(v)) out.push(`${pad(col)}${key}: {}`);
    else if (Array.isArray(v)) out.push(`${pad(col)}${key}: []`);
    else out.push(`${pad(col)}${key}: ${scalarOf(v, true)}`);
  }
  return out;
}

/** A JSON value; nested lines are indented from `col`, the first line is not. */
export function jsonValue(v: unknown, col: number, unit: number): string {
  if (isObj(v)) {
    const entries = Object.entries(v);
    if (entries.length === 0) return '{}';
    return `{\n${jsonMembers(v, col + unit, unit)}\n${pad(col)}}`;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => pad(col + unit) + jsonValue(x, col + unit, unit)).join(',\n')}\n${pad(col)}]`;
  }
  return scalarOf(v, false);
}

/** `"k": v` members of an object, each line indented at `col`, separated by commas. */
export function jsonMembers(obj: Record<string, unknown>, col: number, unit: number): string {
  return Object.entries(obj)
    .map(([k, v]) => `${pad(col)}${escapeSnippet(JSON.stringify(k))}: ${jsonValue(v, col, unit)}`)
    .join(',\n');
}

export { isObj };
