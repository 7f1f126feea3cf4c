// From a cursor context to completion entries. Every key, value, document and snippet comes from the
// JSON Schema; this file only decides how to write them at the cursor (YAML or JSON).
import type { Node } from '../../parser/ast';
import { getProperty, resolve, stringValue } from '../../parser/ast';
import type { Schema, Union, Variant } from '../../model/schema';
import {
  rootSchema,
  schemaAtPath,
  resolveFor,
  unionOf,
  unwrapNullable,
  propertySchema,
  itemSchema,
  enumValuesOf,
  typesOf,
  docOf,
  definitionNameOf,
  isEnvNameProperty,
  definition,
  deref,
} from '../../model/schema';
import type { CompletionEntry, CompletionKind, EnvInfo } from '../types';
import type { CursorContext, KeyContext, Segment, ValueContext } from './context';
import { escapeSnippet, isObj, jsonMembers, jsonValue, yamlLines, yamlScalar } from './render';
import { envNameFor } from '../codeActions/placeholders';

interface Walked {
  expected: Schema | undefined;
  node: Node | undefined;
}

/** The schema expected at a path; through a union whose variant is unknown, any variant that has the key. */
function walk(root: Node | undefined, path: Segment[]): Walked {
  const at = schemaAtPath(root, path, { anyVariant: true });
  return { expected: at.expected, node: at.node };
}

interface ObjectResolution {
  schema: Schema | undefined;
  union?: Union;
  variant?: Variant;
}

/** The variant in force: from the tree when it has the object, else from the discriminator found in the text. */
function resolveObject(
  expected: Schema | undefined,
  node: Node | undefined,
  siblings: Map<string, string | undefined>,
): ObjectResolution {
  const r = resolveFor(expected, node);
  if (r.union && !r.variant) {
    const tag = siblings.get(r.union.property);
    const v = r.union.variants.find((x) => x.value === tag);
    if (v) return { schema: v.schema, union: r.union, variant: v };
  }
  const out: ObjectResolution = { schema: r.schema };
  if (r.union) out.union = r.union;
  if (r.variant) out.variant = r.variant;
  return out;
}

function typeLabel(s: Schema | undefined): string {
  const types = typesOf(s);
  const nullable = types.includes('null') ? ' | null' : '';
  const u = unionOf(s);
  if (u) return u.name + nullable;
  const d = unwrapNullable(s);
  const named = d?.title ?? (refersToDefinition(s) ? definitionNameOf(s) : undefined);
  if (named) return named + nullable;
  const { values, open } = enumValuesOf(s);
  if (values.length > 0 && !open) return values.map((v) => v.value).join(' | ') + nullable;
  const main = types.filter((t) => t !== 'null');
  if (main.length === 1 && main[0] === 'array') return `${typeLabel(itemSchema(s))}[]${nullable}`;
  return (main.join(' | ') || 'any') + nullable;
}

function refersToDefinition(s: Schema | undefined): boolean {
  return !!s?.$ref || !!s?.anyOf?.some((x) => !!x.$ref);
}

type Shape = 'object' | 'array' | 'string' | 'boolean' | 'number' | 'other';

function shapeOf(s: Schema | undefined): Shape {
  if (unionOf(s)) return 'object';
  const types = typesOf(s).filter((t) => t !== 'null');
  const d = unwrapNullable(s);
  if (types.includes('object') || d?.properties) return 'object';
  if (types.includes('array')) return 'array';
  if (types.includes('string') || enumValuesOf(s).values.length > 0) return 'string';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('integer') || types.includes('number')) return 'number';
  return 'other';
}

function hasValueCompletions(owner: Schema | undefined, key: string, s: Schema | undefined): boolean {
  const shape = shapeOf(s);
  return (
    shape === 'object' || shape === 'boolean' || enumValuesOf(s).values.length > 0 || isEnvNameProperty(owner, key)
  );
}

const pad = (n: number): string => ' '.repeat(n);
const sortKey = (group: number, i: number): string => `${group}${String(i).padStart(3, '0')}`;

function base(
  ctx: CursorContext,
  label: string,
  kind: CompletionKind,
  insertText: string,
  snippet: boolean,
): CompletionEntry {
  const e: CompletionEntry = { label, kind, insertText, snippet, replace: { ...ctx.replace } };
  if (ctx.commaBefore && ctx.commaAt !== undefined)
    e.additionalEdits = [{ offset: ctx.commaAt, length: 0, newText: ',' }];
  // A key that goes on over lines, typed before a comment (`  sche|  # note`): the comment stays on the
  // key's line (`schemaSelector:  # note`, then the indented line), not after the new line's indentation.
  const c = ctx.mode === 'key' && !ctx.flow ? ctx.commentAfter : undefined;
  const nl = insertText.indexOf('\n');
  if (c && nl >= 0) {
    e.insertText = insertText.slice(0, nl) + (snippet ? escapeSnippet(c.text) : c.text) + insertText.slice(nl);
    e.additionalEdits = [...(e.additionalEdits ?? []), { offset: c.offset, length: c.text.length, newText: '' }];
  }
  // The range starts with the quote the user typed, and editors filter on the range's text.
  if (ctx.quote) e.filterText = `${ctx.quote}${label}${ctx.quote}`;
  return e;
}

/** JSON punctuation around an insertion. */
function punctuate(ctx: CursorContext, text: string): string {
  if (ctx.language !== 'json' && !ctx.flow) return text;
  // A YAML flow value right after its key's colon: `{provider: hosted}`, not the key `provider:hosted`.
  const space = ctx.mode === 'value' && ctx.spaceBefore ? ' ' : '';
  return `${ctx.commaBefore && ctx.commaAt === undefined ? ', ' : ''}${space}${text}${ctx.commaAfter ? ',' : ''}`;
}

// ---------------------------------------------------------------- keys

function keyInsert(
  ctx: KeyContext,
  owner: Schema | undefined,
  key: string,
  s: Schema | undefined,
): { text: string; snippet: boolean; retrigger: boolean } {
  const shape = shapeOf(s);
  const { values, open } = enumValuesOf(s);
  const single = values.length === 1 && !open && shape === 'string' ? values[0]!.value : undefined;
  const retrigger = single === undefined && hasValueCompletions(owner, key, s);
  if (ctx.language === 'yaml' && ctx.flow) {
    const k = escapeSnippet(ctx.quote ? `${ctx.quote}${key}${ctx.quote}` : yamlScalar(key));
    if (ctx.keyHasColon) return { text: k, snippet: true, retrigger: false };
    const value =
      single !== undefined
        ? escapeSnippet(yamlScalar(single))
        : shape === 'object'
          ? '{$1}'
          : shape === 'array'
            ? '[$1]'
            : '$1';
    return { text: punctuate(ctx, `${k}: ${value}`), snippet: true, retrigger };
  }
  if (ctx.language === 'yaml') {
    const k = ctx.quote ? `${ctx.quote}${key}${ctx.quote}` : yamlScalar(key);
    if (ctx.keyHasColon) return { text: k, snippet: false, retrigger: false };
    if (ctx.blockBelow) return { text: `${k}:`, snippet: false, retrigger: false };
    if (single !== undefined) return { text: `${k}: ${yamlScalar(single)}`, snippet: false, retrigger: false };
    if (shape === 'object') return { text: `${k}:\n${pad(ctx.indent + ctx.unit)}`, snippet: false, retrigger };
    if (shape === 'array')
      return {
        text: `${k}:\n${pad(ctx.indent + ctx.unit)}- `,
        snippet: false,
        retrigger: shapeOf(itemSchema(s)) === 'object',
      };
    return { text: `${k}: `, snippet: false, retrigger };
  }
  const k = escapeSnippet(JSON.stringify(key));
  if (ctx.keyHasColon) return { text: k, snippet: true, retrigger: false };
  let value: string;
  if (single !== undefined) value = escapeSnippet(JSON.stringify(single));
  else if (shape === 'object') value = ctx.inline ? '{$1}' : `{\n${pad(ctx.indent + ctx.unit)}$1\n${pad(ctx.indent)}}`;
  else if (shape === 'array') value = '[$1]';
  else if (shape === 'string') value = '"$1"';
  else if (shape === 'boolean') value = `\${1:${unwrapNullable(s)?.default === true ? 'true' : 'false'}}`;
  // The schema's default, else nothing: the user types the number. A number no one chose would look
  // clean (`1` is a one-token context window, REVIEW16-user N7; `0` draws non-positive-limit); an empty
  // value is JSON's "Value expected" until it is typed, as YAML's `key: ` leaves the value unset.
  else if (shape === 'number') {
    const def = unwrapNullable(s)?.default;
    value = typeof def === 'number' ? `\${1:${String(def)}}` : '$1';
  } else value = '${1:null}';
  let text = `${k}: ${value}`;
  if (ctx.wrapInObject) {
    text = `{\n${pad(ctx.unit)}${text.replace(/\n/g, `\n${pad(ctx.unit)}`)}\n}`;
    return { text, snippet: true, retrigger };
  }
  return { text: punctuate(ctx, text), snippet: true, retrigger };
}

function keyEntries(ctx: KeyContext, res: ObjectResolution, root: Node | undefined): CompletionEntry[] {
  const out: CompletionEntry[] = [];
  const { union, variant } = res;
  if (union && !variant) {
    if (ctx.siblings.has(union.property)) return out;
    const baseSchema = unwrapNullable(res.schema);
    const ps = baseSchema?.properties?.[union.property];
    const ins = keyInsert(ctx, baseSchema, union.property, {
      type: 'string',
      enum: union.variants.map((v) => v.value),
    });
    const e = base(ctx, union.property, 'property', ins.text, ins.snippet);
    e.detail = `${union.variants.map((v) => v.value).join(' | ')} · ${union.name}`;
    e.documentation =
      `${docOf(ps) ?? ''}\n\n${union.variants.map((v) => `- \`${v.value}\`: ${v.description}`).join('\n')}`.trim();
    e.sortText = sortKey(0, 0);
    e.preselect = true;
    if (!ctx.keyHasColon) e.retrigger = true;
    out.push(e);
    if (!ctx.keyHasColon) out.push(...snippetEntries(ctx, baseSchema, root));
    return out;
  }
  const schema = unwrapNullable(res.schema);
  const props = schema?.properties;
  if (!props) return out;
  // EnvironmentValue holds exactly one of its keys.
  if (schema.maxProperties !== undefined && ctx.siblings.size >= schema.maxProperties) return out;
  const required = new Set(schema.required ?? []);
  Object.entries(props).forEach(([key, ps], i) => {
    if (ctx.siblings.has(key)) return;
    if (union && key === union.property) return;
    const ins = keyInsert(ctx, schema, key, ps);
    const e = base(ctx, key, 'property', ins.text, ins.snippet);
    const isReq = required.has(key);
    e.detail = `${typeLabel(ps)}${variant ? ` · ${variant.name}` : schema.title ? ` · ${schema.title}` : ''}`;
    const doc = docOf(ps) ?? '';
    e.documentation = isReq
      ? `${doc}\n\n*Required${variant ? ` for \`${variant.property}: ${variant.value}\`` : ''}.*`.trim()
      : doc;
    // `$schema` (for editors, ignored by the service) comes after the format's own keys.
    e.sortText = sortKey(key === '$schema' ? 3 : isReq ? 0 : 1, i);
    if (ins.retrigger) e.retrigger = true;
    out.push(e);
  });
  if (ctx.siblings.size === 0 && !ctx.keyHasColon) {
    // A snippet that inserts just one of the keys offered above would be the same item twice.
    const offered = new Set(out.map((e) => e.label));
    const snippets = snippetEntries(ctx, schema, root).filter((e) => !offered.has(e.label));
    // In an empty document, the whole-document snippet is the first thing offered.
    if (schema === rootSchema && !resolve(root))
      for (const sn of snippets) Object.assign(sn, { sortText: sortKey(0, 0), preselect: true });
    out.push(...snippets);
  }
  return out;
}

/** The schema's own snippets (one per variant for a union), minus keys the mapping already has. */
function snippetEntries(ctx: CursorContext, schema: Schema | undefined, root: Node | undefined): CompletionEntry[] {
  const out: CompletionEntry[] = [];
  const snippets = schema?.defaultSnippets ?? [];
  // The whole-document snippet only where the document is empty.
  if (schema === rootSchema && resolve(root) && ctx.mode === 'key' && ctx.siblings.size > 0) return out;
  snippets.forEach((sn, i) => {
    if (!isObj(sn.body)) return;
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(sn.body)) if (!(ctx.mode === 'key' && ctx.siblings.has(k))) body[k] = v;
    if (Object.keys(body).length === 0) return;
    const text = snippetText(ctx, body);
    if (text === undefined) return;
    const e = base(ctx, sn.label, 'snippet', text, true);
    if (sn.description) e.detail = sn.description;
    e.documentation = '```' + ctx.language + '\n' + previewOf(ctx, body) + '\n```';
    e.sortText = sortKey(2, i);
    e.filterText = ctx.quote ? `${ctx.quote}${sn.label}${ctx.quote}` : sn.label;
    out.push(e);
  });
  return out;
}

function snippetText(ctx: CursorContext, body: Record<string, unknown>): string | undefined {
  // Block snippets do not fit in a YAML flow collection.
  if (ctx.flow && ctx.language === 'yaml') return undefined;
  if (ctx.mode === 'key') {
    if (ctx.keyHasColon || ctx.blockBelow) return undefined;
    if (ctx.language === 'yaml') return yamlLines(body, ctx.indent, ctx.unit).join('\n').slice(ctx.indent);
    if (ctx.wrapInObject) return jsonValue(body, 0, ctx.unit);
    return punctuate(ctx, jsonMembers(body, ctx.indent, ctx.unit).slice(ctx.indent));
  }
  if (ctx.quote) return undefined;
  if (ctx.language === 'yaml') {
    const item = typeof ctx.path[ctx.path.length - 1] === 'number';
    if (item) return yamlLines(body, ctx.keyIndent, ctx.unit).join('\n').slice(ctx.keyIndent);
    return `\n${yamlLines(body, ctx.keyIndent + ctx.unit, ctx.unit).join('\n')}`;
  }
  return punctuate(ctx, jsonValue(body, ctx.keyIndent, ctx.unit));
}

function previewOf(ctx: CursorContext, body: Record<string, unknown>): string {
  const strip = (s: string): string =>
    s
      .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
      .replace(/\$\{\d+:([^}]*)\}/g, '$1')
      .replace(/\$\{\d+\}|\$\d+/g, '');
  return strip(ctx.language === 'yaml' ? yamlLines(body, 0, ctx.unit).join('\n') : jsonValue(body, 0, ctx.unit));
}

// ---------------------------------------------------------------- values

function valueText(ctx: CursorContext, value: string, literal: boolean): string {
  if (ctx.language === 'yaml') {
    const t = ctx.quote
      ? `${ctx.quote}${ctx.quote === "'" ? value.replace(/'/g, "''") : JSON.stringify(value).slice(1, -1)}${ctx.quote}`
      : literal
        ? value
        : yamlScalar(value);
    if (ctx.flow) return punctuate(ctx, t);
    return ctx.mode === 'value' && ctx.spaceBefore ? ` ${t}` : t;
  }
  return punctuate(ctx, literal ? value : JSON.stringify(value));
}

function valueEntries(
  ctx: CursorContext,
  owner: ObjectResolution | undefined,
  key: string | undefined,
  s: Schema | undefined,
  env: EnvInfo | undefined,
  root: Node | undefined,
): CompletionEntry[] {
  const out: CompletionEntry[] = [];
  const add = (
    label: string,
    kind: CompletionKind,
    literal: boolean,
    detail: string | undefined,
    doc: string | undefined,
    group: number,
  ): void => {
    if (ctx.quote && literal) return;
    const e = base(ctx, label, kind, valueText(ctx, label, literal), false);
    if (detail) e.detail = detail;
    if (doc) e.documentation = doc;
    e.sortText = sortKey(group, out.length);
    out.push(e);
  };
  if (owner?.union && key === owner.union.property) {
    for (const v of owner.union.variants) {
      const req = (v.schema.required ?? []).filter((r) => r !== v.property);
      const doc = `${v.description}\n\n${docOf(v.schema) ?? ''}${req.length ? `\n\nRequires ${req.map((r) => `\`${r}\``).join(', ')}.` : ''}`;
      add(v.value, 'enum', false, v.name, doc.trim(), 0);
    }
    return out;
  }
  if (key !== undefined && isEnvNameProperty(owner?.schema, key)) {
    // The conventional name first (the one the fixes and snippets write), then the workspace .env's
    // names, then environment variables that look like credentials; never the rest of the process
    // environment (PATH, HOME, _, OLDPWD…).
    const conventional = conventionalEnvName(root, ctx.path);
    const all = env ? [...new Set(env.names())] : [];
    const fromDotenv = all.filter((n) => env?.sourceOf(n) === 'workspace .env').sort();
    const credentials = all.filter((n) => env?.sourceOf(n) !== 'workspace .env' && looksLikeCredential(n)).sort();
    const seen = new Set<string>();
    const offer = (name: string, detail: string, group: number): void => {
      if (seen.has(name)) return;
      seen.add(name);
      add(name, 'variable', false, detail, undefined, group);
    };
    if (conventional)
      offer(
        conventional,
        `conventional name${env?.isDefined(conventional) ? ` (${env.sourceOf(conventional) ?? 'set'})` : ' (not set yet)'}`,
        0,
      );
    for (const n of fromDotenv) offer(n, 'workspace .env', 1);
    for (const n of credentials) offer(n, 'environment', 2);
    if (out[0] && conventional) out[0].preselect = true;
    return out;
  }
  const { values } = enumValuesOf(s);
  const typeDoc = docOf(unwrapNullable(s));
  const taken = key === 'primitiveName' ? overriddenElsewhere(root, ctx.path, owner?.schema) : undefined;
  for (const v of values) {
    const doc = [v.description, typeDoc].filter(Boolean).join('\n\n') || undefined;
    // A primitive another item of the list overrides already: last, and said (duplicate-primitive).
    if (taken?.has(v.value)) add(v.value, 'enum', false, `${typeLabel(s)} · already overridden`, doc, 2);
    else add(v.value, 'enum', false, typeLabel(s), doc, 0);
  }
  const types = typesOf(s);
  if (types.includes('boolean')) {
    const def = unwrapNullable(s)?.default;
    for (const b of ['true', 'false']) {
      add(b, 'value', true, 'boolean', undefined, 0);
      // (Inside quotes the literal is not offered: nothing was added to preselect.)
      const last = out[out.length - 1];
      if (String(def) === b && last?.label === b) last.preselect = true;
    }
  }
  if (out.length > 0 && types.includes('null')) add('null', 'value', true, 'null', 'No value: the default applies.', 1);
  if (shapeOf(s) === 'object') {
    const u = unionOf(s);
    const schema = unwrapNullable(s);
    out.push(...snippetEntries(ctx, schema, root));
    if (!u && out.length === 0 && ctx.language === 'json' && !ctx.quote) {
      const ind = ctx.mode === 'value' ? ctx.keyIndent : ctx.indent;
      const e = base(ctx, '{}', 'value', punctuate(ctx, `{\n${pad(ind + ctx.unit)}$1\n${pad(ind)}}`), true);
      e.detail = typeLabel(s);
      e.retrigger = true;
      out.push(e);
    }
  }
  return out;
}

/**
 * The primitives the other items of an `overrideAiPrimitivesLlm` list override: `path` is the value
 * being typed (…, the list, the item's index, `primitiveName`).
 */
function overriddenElsewhere(
  root: Node | undefined,
  path: Segment[],
  owner: Schema | undefined,
): Set<string> | undefined {
  const index = path[path.length - 2];
  if (typeof index !== 'number' || deref(unwrapNullable(owner)) !== definition('AiPrimitivesLlmConfig'))
    return undefined;
  const list = resolve(walk(root, path.slice(0, -2)).node);
  if (list?.type !== 'array') return undefined;
  const out = new Set<string>();
  list.items.forEach((it, i) => {
    const item = resolve(it);
    if (i === index || item?.type !== 'object') return;
    const name = stringValue(getProperty(item, 'primitiveName')?.value);
    if (name !== undefined) out.add(name);
  });
  return out;
}

/** A variable name made of words such as KEY, TOKEN, SECRET, PASSWORD, CREDENTIALS (GITHUB_TOKEN, OPENAI_API_KEY). */
function looksLikeCredential(name: string): boolean {
  return (
    name
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .some((w) => CREDENTIAL_WORDS.has(w)) || /(KEY|TOKEN|SECRET)$/i.test(name)
  );
}

const CREDENTIAL_WORDS = new Set([
  'KEY',
  'KEYS',
  'APIKEY',
  'TOKEN',
  'TOKENS',
  'SECRET',
  'SECRETS',
  'PASSWORD',
  'PASSWD',
  'CREDENTIAL',
  'CREDENTIALS',
  'JWT',
  'PAT',
]);

/** The name the fixes and snippets use for the credential being written (`VENDOR_A_API_KEY`). */
function conventionalEnvName(root: Node | undefined, path: Segment[]): string | undefined {
  // path: …, the LLM mapping, the credential key, 'valueFromEnv'.
  const holder = path[path.length - 2];
  if (typeof holder !== 'string') return undefined;
  const llm = resolve(walk(root, path.slice(0, -2)).node);
  return envNameFor(llm?.type === 'object' ? llm : undefined, holder);
}

// ---------------------------------------------------------------- entry point

export function entriesFor(ctx: CursorContext, root: Node | undefined, env: EnvInfo | undefined): CompletionEntry[] {
  if (ctx.mode === 'key') {
    const w = walk(root, ctx.path);
    if (!w.expected) return [];
    const res = resolveObject(w.expected, ctx.object ?? w.node, ctx.siblings);
    if (!res.union && shapeOf(w.expected) !== 'object') {
      // `- |` in a list of scalars, or the line below `provider:` (a comment after the colon, the
      // value written under the key): the word is a value.
      if (ctx.siblings.size > 0 || ctx.keyHasColon) return [];
      const asValue: ValueContext = {
        ...ctx,
        mode: 'value',
        ownerSiblings: new Map(),
        spaceBefore: false,
        keyIndent: ctx.indent,
      };
      // The value of the key above: read as the value after its colon is (the discriminator's
      // variants, the conventional variable name), from the mapping that holds the key.
      if (typeof ctx.path[ctx.path.length - 1] === 'string') return entriesFor(asValue, root, env);
      return valueEntries(asValue, undefined, undefined, w.expected, env, root);
    }
    return keyEntries(ctx, res, root);
  }
  const last = ctx.path[ctx.path.length - 1];
  const ownerPath = ctx.path.slice(0, -1);
  const w = walk(root, ownerPath);
  if (!w.expected) return [];
  const owner = resolveObject(w.expected, ctx.owner ?? w.node, ctx.ownerSiblings);
  if (typeof last === 'number') return valueEntries(ctx, owner, undefined, itemSchema(owner.schema), env, root);
  if (last === undefined) return [];
  let s = propertySchema(owner.schema, last);
  if (!s && owner.union && !owner.variant)
    s = owner.union.variants.map((v) => propertySchema(v.schema, last)).find((x) => x !== undefined);
  return valueEntries(ctx, owner, last, s, env, root);
}
