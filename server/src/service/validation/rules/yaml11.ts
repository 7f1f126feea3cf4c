// Plain scalars that YAML 1.1 loaders (PyYAML, SnakeYAML, Go yaml.v2, and the deploy tools built on
// them) read otherwise than YAML 1.2, where the spec's type makes the difference matter (REVIEW4 G24):
// - a string field (`apiVersion: 2024-06-01`, `schemaName: no`, `columns: [id, on]`): a 1.1 loader
//   hands the service a date, a boolean or a number; quoting keeps the string for every loader;
// - a whole-number field (`maxAssistantActions: 010`, `1e3`): 1.1 reads 8 (octal) or a string where
//   1.2 reads 10 or 1000; writing the number in plain decimal makes every loader read what was checked;
// - a key that names something (a schema name in `tables`, a custom feature flag): `on:` is the key
//   true to a 1.1 loader;
// - a custom feature flag's value, whose type the spec leaves open: both readings are allowed and they
//   differ, so the user chooses (no `--fix`).
// A boolean field written `yes`/`on` is a string in YAML 1.2: `invalid-type` reports it (and says that
// only 1.1 reads it as a boolean), not this rule. JSON has none of this.
// A document that declares `%YAML 1.1` is read as 1.1 by this tool and by every loader that honours
// the directive: there is then no second reading to warn of, and a fix to the 1.2 reading would
// change the value every reader read (REVIEW6 I6: `010` is 8 there, `write 10` made it 10). What is
// left is the 1.1 reading itself: a timestamp where a string belongs (`apiVersion: 2024-06-01` is a
// date to them all) is an `invalid-type`, with the fix that quotes it as written.
import type { Node, ObjectNode, PropertyNode } from '../../../parser/ast';
import type { Schema } from '../../../model/schema';
import { itemSchema, typesOf, unwrapNullable } from '../../../model/schema';
import type { Visit } from '../../../model/typedWalk';
import type { DiagnosticData } from '../../codes';
import { diag } from '../../codes';
import type { Rule, RuleContext } from '../rule';
import { credentialShapes } from '../../credentialShapes';
import type { Reading } from '../../yaml11';
import { describeReading, mayDiffer, numberText, plainText, reading11, yaml11Difference } from '../../yaml11';
import { keyInVariant } from '../../../model/variantAround';

/**
 * Whether the document declares `%YAML 1.1` (or 1.0): read from the directive lines at the top (only
 * blank lines, comments and other directives may come before it), never the whole text.
 */
export function declaresYaml11(text: string): boolean {
  // (Asked once per file: most hold no directive at all, and the lines need not be read.)
  if (!text.includes('%YAML')) return false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    const line = text.slice(i, nl < 0 ? text.length : nl).replace(/\r$/, '');
    const m = /^%YAML[ \t]+1\.([01])(?:[ \t]|$)/.exec(line);
    if (m) return true;
    if (!(line.trim() === '' || line.trimStart().startsWith('#') || line.startsWith('%'))) return false;
    if (nl < 0) return false;
    i = nl + 1;
  }
  return false;
}

/**
 * Under `%YAML 1.1`: a plain timestamp where the spec asks for a string (`apiVersion: 2024-06-01`,
 * `tableName: 2024-01-01`, a column) is a date to this tool and every loader, not the string written.
 */
function checkUnder11(
  ctx: RuleContext,
  node: Node,
  expected: Schema | undefined,
  prop: PropertyNode | undefined,
  list: string | undefined,
): void {
  if (node.type !== 'string' || node.quoted || expected === undefined || !typesOf(expected).includes('string')) return;
  const src = plainText(ctx.doc, node);
  if (src === undefined) return;
  const r = reading11(src);
  if (r.kind !== 'timestamp') return;
  ctx.report(
    diag(
      'invalid-type',
      `${subjectOf(prop, list, node)} must be a string; found ${shown(src)}, which is ${describeReading(r)} under the document's %YAML 1.1 directive (to this tool and every YAML 1.1 loader): quote it to keep it as written.`,
      node.offset,
      node.length,
      { data: { yaml11: { quote: true, write: [] }, lossless: true } },
    ),
  );
}

/**
 * Under `%YAML 1.1`: a plain key of the user's own that is not a string there (`2024-06-01:` a date,
 * `on:` the boolean true, `0755:` the number 493, in a custom feature flag or a table group) is that
 * value to this tool and every loader, not the name written (fix7): said on the key, with the fix
 * that quotes it as written. (Two of them read alike, `yes:` and `on:`, are also a duplicate key.)
 */
function checkKeysUnder11(ctx: RuleContext, obj: ObjectNode, schema: Schema | undefined): void {
  if (!takesOwnKeys(schema)) return;
  for (const p of obj.properties) {
    if (p.key.quoted || !isOwnKey(schema, p.key.value)) continue;
    // The key as written (its value is already the 1.1 reading: `on` is 'true').
    const src = ctx.doc.text.slice(p.key.offset, p.key.offset + p.key.length);
    if (src.length === 0 || src.length > 64 || !/^[\w.+:-]+$/.test(src)) continue;
    const r = reading11(src);
    if (r.kind === 'str' || r.kind === 'special') continue;
    ctx.report(
      diag(
        'invalid-type',
        `The key ${shown(src)} is ${describeReading(r)} under the document's %YAML 1.1 directive (to this tool and every YAML 1.1 loader), not the name written: quote it to keep it as written.`,
        p.key.offset,
        p.key.length,
        { data: { yaml11: { quote: true, write: [] }, lossless: true } },
      ),
    );
  }
}

/** Which loaders a message names: `y`/`n` are booleans to Go yaml.v2, not to PyYAML or SnakeYAML. */
function loaders(src: string): string {
  return /^[yYnN]$/.test(src)
    ? 'YAML 1.1 loaders that follow its type repository (Go yaml.v2)'
    : 'YAML 1.1 loaders (PyYAML, SnakeYAML, Go yaml.v2)';
}

/** The scalar as a message shows it: quoted, unless it looks like a credential. */
function shown(src: string): string {
  return credentialShapes(src).length > 0 ? 'this value' : `'${src}'`;
}

function what(r: Reading, src: string): string {
  return r.kind === 'str' ? `the string ${shown(src)}` : describeReading(r);
}

/** The text a number field should hold for every loader to read `r`, when it can be written plainly. */
function writeNumber(r: Reading): string | undefined {
  if (r.kind !== 'int' && r.kind !== 'float') return undefined;
  return Number.isFinite(r.value) ? numberText(r.value) : undefined;
}

/** Whether `value` is a string the field takes: any, or one of its enum (or const) when it has one. */
function allowsString(expected: Schema | undefined, value: string): boolean {
  const d = unwrapNullable(expected);
  if (!d) return true;
  if (Array.isArray(d.enum)) return d.enum.includes(value);
  if (d.const !== undefined) return d.const === value;
  return true;
}

/** Whether a mapping takes keys of the user's own besides its named ones (`featureFlags`, `tables`). */
function takesOwnKeys(s: Schema | undefined): boolean {
  const d = unwrapNullable(s);
  return !!d?.additionalProperties;
}

function isOwnKey(owner: Schema | undefined, key: string): boolean {
  const d = unwrapNullable(owner);
  return !!d && takesOwnKeys(d) && !d.properties?.[key];
}

/** The value `node` as a message names it, with the variant in force (REVIEW8 K17). */
function subjectOf(prop: PropertyNode | undefined, list: string | undefined, node: Node): string {
  if (prop) return keyInVariant(prop.key.value, node);
  return list
    ? `An item of ${keyInVariant(list, node.parent?.type === 'array' ? node.parent : undefined)}`
    : 'This value';
}

function checkValue(
  ctx: RuleContext,
  node: Node,
  expected: Schema | undefined,
  prop: PropertyNode | undefined,
  owner: Schema | undefined,
  list: string | undefined,
): void {
  if (node.type === 'string' ? node.quoted || !mayDiffer(node.value) : node.type !== 'number') return;
  const src = plainText(ctx.doc, node);
  if (src === undefined) return;
  const diff = yaml11Difference(src);
  if (!diff) return;
  const { r11, r12 } = diff;
  const types = typesOf(expected);
  const subject = subjectOf(prop, list, node);
  const data = (d: NonNullable<DiagnosticData['yaml11']>): DiagnosticData =>
    d.choice ? { yaml11: d } : { yaml11: d, lossless: true };
  if (expected === undefined) {
    // Only a value whose type the spec leaves open (a custom feature flag): an unknown key's value
    // is reported as the unknown key.
    if (!prop || !isOwnKey(owner, prop.key.value)) return;
    const write11 = r11.kind === 'bool' ? String(r11.value) : writeNumber(r11);
    const write12 = node.type === 'number' ? writeNumber(r12) : undefined;
    const writes = [write11, write12].filter((w): w is string => w !== undefined && w !== src);
    const options = [...writes, ...(node.type === 'string' ? [`quote it for the string ${shown(src)}`] : [])];
    ctx.report(
      diag(
        'yaml11-ambiguous',
        `${subject} is ${what(r11, src)} to ${loaders(src)} but ${what(r12, src)} to YAML 1.2, and the spec gives this key's value no type: write ${options.join(', or ')}.`,
        node.offset,
        node.length,
        { data: data({ quote: node.type === 'string', write: writes, choice: true }) },
      ),
    );
    return;
  }
  if (node.type === 'string' && types.includes('string')) {
    // A value the field does not take in either reading (`harassment: off`, a BlockType): invalid-enum
    // says so; quoting would keep it invalid (REVIEW6 I10).
    if (!allowsString(expected, node.value)) return;
    if (r11.kind === 'special') {
      ctx.report(
        diag(
          'yaml11-ambiguous',
          `${subject}: PyYAML refuses to load a plain ${shown(src)} (YAML 1.1 gives it a type of its own); YAML 1.2 reads the string ${shown(src)}. Quote it.`,
          node.offset,
          node.length,
          { data: data({ quote: true, write: [] }) },
        ),
      );
      return;
    }
    ctx.report(
      diag(
        'yaml11-ambiguous',
        `${subject} is ${what(r11, src)} to ${loaders(src)}, not the string ${shown(src)} the spec asks for (YAML 1.2 reads the string): quote it.`,
        node.offset,
        node.length,
        { data: data({ quote: true, write: [] }) },
      ),
    );
    return;
  }
  if (node.type === 'number' && (types.includes('integer') || types.includes('number'))) {
    const write = writeNumber(r12);
    if (write === undefined) return;
    ctx.report(
      diag(
        'yaml11-ambiguous',
        `${subject} is ${what(r12, src)} to YAML 1.2 but ${what(r11, src)} to ${loaders(src)}: write ${write}, which every loader reads alike.`,
        node.offset,
        node.length,
        { data: data({ quote: false, write: [write] }) },
      ),
    );
  }
}

function checkKeys(ctx: RuleContext, obj: ObjectNode, schema: Schema | undefined): void {
  if (!takesOwnKeys(schema)) return;
  for (const p of obj.properties) {
    if (p.key.quoted || !mayDiffer(p.key.value) || !isOwnKey(schema, p.key.value)) continue;
    const src = plainText(ctx.doc, p.key);
    if (src === undefined) continue;
    const diff = yaml11Difference(src);
    // A key that 1.2 reads as something else than a string too (`true:`, `10:`) is read alike.
    if (!diff || diff.r12.kind !== 'str') continue;
    ctx.report(
      diag(
        'yaml11-ambiguous',
        `The key ${shown(src)} is ${what(diff.r11, src)} to ${loaders(src)}, not the name ${shown(src)}: quote it.`,
        p.key.offset,
        p.key.length,
        { data: { yaml11: { quote: true, write: [] }, lossless: true } },
      ),
    );
  }
}

export const yaml11Rule: Rule = {
  on: ['string', 'number', 'object', 'array'],
  start(ctx) {
    if (ctx.doc.language !== 'yaml') return { visit() {} };
    if ((ctx.has?.('%YAML') ?? true) && declaresYaml11(ctx.doc.text))
      return {
        visit(v: Visit) {
          const n = v.node;
          if (n.type === 'array') {
            const items = itemSchema(v.resolved.schema);
            if (!items) return;
            for (const it of n.items) checkUnder11(ctx, it, items, undefined, v.prop?.key.value);
          } else if (n.type === 'string') checkUnder11(ctx, n, v.expected, v.prop, undefined);
          else if (n.type === 'object') checkKeysUnder11(ctx, n, v.resolved.schema);
        },
      };
    return {
      visit(v: Visit) {
        const n = v.node;
        if (n.type === 'object') checkKeys(ctx, n, v.resolved.schema);
        else if (n.type === 'array') {
          // Scalar list items are not visited on their own (model/typedWalk.ts).
          const items = itemSchema(v.resolved.schema);
          if (!items) return;
          const list = v.prop?.key.value;
          for (const it of n.items)
            if (it.type === 'string' || it.type === 'number') checkValue(ctx, it, items, undefined, undefined, list);
        } else checkValue(ctx, n, v.expected, v.prop, v.owner, undefined);
      },
    };
  },
};
