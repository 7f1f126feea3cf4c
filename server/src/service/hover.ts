// Hover: the schema's documentation of a key or value, the variant in force, and for `valueFromEnv`
// whether the variable is set (never its value).
import type { Node, ParsedDocument, PropertyNode } from '../parser/ast';
import { isShadowed, nodeAt, pathOf, resolve } from '../parser/ast';
import { documentAt } from '../parser/documents';
import type { Resolved, Schema } from '../model/schema';
import {
  docOf,
  enumValuesOf,
  propertySchema,
  resolveFor,
  schemaAtPath,
  typesOf,
  unionOf,
  definitionNameOf,
  unwrapNullable,
} from '../model/schema';
import type { HoverResult, ServiceContext } from './types';
import { isMergeKey } from '../model/merge';
import { aliasHover, anchorSymbolAt } from './anchors';
import { commentStart } from './onType';
import { lineStart } from '../parser/lineIndex';
import { maskShapes } from './credentialShapes';
import { dotenvNamed } from './dotenv';
import { credentialInName } from './envNames';

export function doHover(doc: ParsedDocument, offset: number, ctx: ServiceContext = {}): HoverResult | undefined {
  // In a multi-document file, the tree of the document under the cursor (another AssistantConfig's too).
  const h = hoverAt(documentAt(doc, offset, 'config'), offset, ctx);
  // A hover quotes the document (a key, a variable name, an alias's preview): anything shaped like
  // a credential in it is masked, as in messages (the alias preview also masks the document's literal secrets).
  return h && { ...h, contents: maskShapes(h.contents) };
}

function hoverAt(doc: ParsedDocument, offset: number, ctx: ServiceContext): HoverResult | undefined {
  // A comment documents itself: no hover (the enclosing mapping's docs would be a wrong answer).
  if (inComment(doc, offset)) return undefined;
  const anchor = anchorHover(doc, offset, ctx);
  if (anchor) return anchor;
  const node = nodeAt(doc.root, offset);
  if (!node) return undefined;
  if (node.type === 'alias') return aliasHover(doc, node);
  // Whitespace no scalar owns (indentation, the gap after a colon, the end of a line, before a
  // comment) lies inside the enclosing collection's range: documenting that collection would name
  // the block above the line or the mapping around the key (REVIEW4 G28). Nothing is shown there.
  if ((node.type === 'object' || node.type === 'array') && isBlank(doc.text, offset)) return undefined;
  const parent = node.parent;
  if (parent?.type === 'property' && parent.key === node) return hoverKey(doc, parent, ctx);
  if (parent?.type === 'property') return hoverValue(doc, parent, node, ctx);
  if (node.type === 'object' || node.type === 'array') {
    const r = schemaAtPath(doc.root, pathOf(node));
    if (!r.schema) return undefined;
    return { contents: describeObject(r), offset: node.offset, length: 0 };
  }
  return undefined;
}

function isBlank(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  return Number.isNaN(c) || c === 32 || c === 9 || c === 10 || c === 13;
}

function ownerResolved(doc: ParsedDocument, prop: PropertyNode): Resolved {
  return schemaAtPath(doc.root, pathOf(prop.parent));
}

function hoverKey(doc: ParsedDocument, prop: PropertyNode, ctx: ServiceContext): HoverResult | undefined {
  const owner = ownerResolved(doc, prop);
  const key = prop.key.value;
  const s = propertySchema(owner.schema, key);
  const range = { offset: prop.key.offset, length: prop.key.length };
  if (isMergeKey(prop)) {
    return {
      contents:
        '**<<** (YAML merge key): the keys of the merged mapping apply here unless this mapping sets them itself; with a list, an earlier mapping wins over a later one. Applied as YAML 1.1 loaders (PyYAML, SnakeYAML, js-yaml) apply it, and checked as merged.',
      ...range,
    };
  }
  if (!s) {
    const contents = notAllowed(owner, key);
    return contents ? { contents, ...range } : undefined;
  }
  const parts: string[] = [`**${key}**${typeLabel(s)}${isRequired(owner.schema, key) ? ' (required)' : ''}`];
  if (isShadowed(prop))
    parts.push(`This \`${key}\` is **ignored**: the key appears again below, and the last occurrence is the one read.`);
  const d = docOf(s);
  if (d) parts.push(d);
  const value = resolve(prop.value);
  const union = unionOf(s);
  if (union && value?.type === 'object') parts.push(describeObject(resolveFor(s, value)));
  if (owner.variant) parts.push(`In ${owner.variant.name} (\`${owner.variant.property}: ${owner.variant.value}\`).`);
  if (key === 'valueFromEnv') {
    const name = stringOf(value);
    if (name) parts.push(envStatus(name, ctx));
  }
  return { contents: parts.join('\n\n'), ...range };
}

/** A key the variant in force does not allow: which variants do. */
function notAllowed(owner: Resolved, key: string): string | undefined {
  const union = owner.union;
  if (!union) return undefined;
  const allow = union.variants.filter((v) => v.schema.properties?.[key]);
  if (allow.length === 0) return undefined;
  const list = allow.map((v) => `\`${v.value}\``).join(', ');
  const here = owner.variant
    ? `${owner.variant.name} (\`${union.property}: ${owner.variant.value}\`) does not allow \`${key}\``
    : `\`${key}\` depends on \`${union.property}\``;
  return `${here}. It belongs to ${union.property} ${list}.`;
}

function hoverValue(doc: ParsedDocument, prop: PropertyNode, node: Node, ctx: ServiceContext): HoverResult | undefined {
  const owner = ownerResolved(doc, prop);
  const key = prop.key.value;
  const s = propertySchema(owner.schema, key);
  if (!s) return undefined;
  const parts: string[] = [];
  if (node.type === 'string') {
    // A discriminator value: the variant it selects.
    if (owner.union && key === owner.union.property) {
      const v = owner.union.variants.find((x) => x.value === node.value);
      if (v) {
        parts.push(`**${v.name}** (\`${v.property}: ${v.value}\`)`, v.description, requiredLine(v.schema));
        return { contents: parts.filter(Boolean).join('\n\n'), offset: node.offset, length: node.length };
      }
    }
    const { values } = enumValuesOf(s);
    const ev = values.find((x) => x.value === node.value);
    if (ev) {
      parts.push(`**${ev.value}**${definitionNameOf(s) ? ` (${definitionNameOf(s)})` : ''}`);
      if (ev.description) parts.push(ev.description);
      const d = docOf(s);
      if (d) parts.push(`\`${key}\`: ${d}`);
      return { contents: parts.join('\n\n'), offset: node.offset, length: node.length };
    }
    if (key === 'valueFromEnv') {
      // (A credential pasted there is not shown: envStatus says so alone.)
      return {
        contents: (credentialInName(node.value)
          ? [envStatus(node.value, ctx)]
          : [`**${node.value}**`, envStatus(node.value, ctx)]
        ).join('\n\n'),
        offset: node.offset,
        length: node.length,
      };
    }
  }
  const d = docOf(s);
  if (!d) return undefined;
  return { contents: `**${key}**${typeLabel(s)}\n\n${d}`, offset: node.offset, length: node.length };
}

function describeObject(r: Resolved): string {
  if (r.variant) {
    return [
      `Variant in force: **${r.variant.name}** (\`${r.variant.property}: ${r.variant.value}\`).`,
      requiredLine(r.variant.schema),
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (r.union)
    return `No variant yet: set \`${r.union.property}\` to one of ${r.union.variants.map((v) => `\`${v.value}\``).join(', ')}.`;
  return docOf(r.schema) ?? '';
}

function requiredLine(s: Schema): string {
  const req = s.required ?? [];
  return req.length > 0 ? `Requires ${req.map((k) => `\`${k}\``).join(', ')}.` : 'Requires nothing else.';
}

function isRequired(s: Schema | undefined, key: string): boolean {
  return unwrapNullable(s)?.required?.includes(key) ?? false;
}

function typeLabel(s: Schema): string {
  const name = definitionNameOf(s);
  const types = typesOf(s);
  if (name && name !== 'AssistantConfig') return `: ${name}${types.includes('null') ? ' or null' : ''}`;
  return types.length > 0 ? `: ${types.join(' | ')}` : '';
}

function stringOf(n: Node | undefined): string | undefined {
  return n?.type === 'string' ? n.value : undefined;
}

function envStatus(name: string, ctx: ServiceContext): string {
  // `valueFromEnv: ${OPENAI_KEY:-<a password>}`: masked everywhere else as a literal credential
  // (literal-secret), which a mask by shape alone (doHover) would not find here.
  if (credentialInName(name))
    return 'This holds a credential (not shown), not the name of a variable: keep the credential in a variable and write its name here.';
  if (!ctx.env) return `Variable \`${name}\`: not checked here.`;
  if (!ctx.env.isDefined(name))
    return ctx.env.environmentNotRead !== undefined
      ? ctx.env.dotenvNotRead !== undefined
        ? `Variable \`${name}\` is **not known** here: ${ctx.env.environmentNotRead}, and no .env file was read (${ctx.env.dotenvNotRead}).`
        : `Variable \`${name}\` is **not set** in ${dotenvNamed(ctx.env.dotenvShown)}; ${ctx.env.environmentNotRead}, so only .env files are checked.`
      : ctx.env.dotenvNotRead !== undefined
        ? `Variable \`${name}\` is **not set** in the environment (no .env file was read: ${ctx.env.dotenvNotRead}).`
        : `Variable \`${name}\` is **not set** in the environment or ${dotenvNamed(ctx.env.dotenvShown)}.`;
  if (ctx.env.emptyInDotenv?.(name))
    return `Variable \`${name}\` is set in ${dotenvNamed(ctx.env.dotenvShown)} but **empty**.`;
  const where = ctx.env.sourceOf(name);
  return `Variable \`${name}\` is set${where ? ` (${where})` : ''}. Its value is never shown.`;
}

/** Whether `offset` is in a comment: after a YAML `#` (or a JSON `//`) that is not text of a scalar. */
function inComment(doc: ParsedDocument, offset: number): boolean {
  const text = doc.text;
  const start = lineStart(text, offset);
  const eol = text.indexOf('\n', start);
  const line = text.slice(start, eol < 0 ? text.length : eol);
  const at = doc.language === 'yaml' ? commentStart(line) : jsonCommentStart(line);
  if (at < 0 || offset < start + at) return false;
  // A `#` inside a block scalar, or a quoted string running over lines, is text.
  const n = nodeAt(doc.root, offset);
  return !(n?.type === 'string' && offset > n.offset && offset < n.offset + n.length);
}

function jsonCommentStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '/' && (line[i + 1] === '/' || line[i + 1] === '*')) return i;
  }
  return -1;
}

/**
 * Hover on an anchor mark `&name`: the documentation of the key it stands on (or the variant of the
 * anchored node), and how many aliases use it. Cheap when the cursor is not on a `&` word.
 */
function anchorHover(doc: ParsedDocument, offset: number, ctx: ServiceContext): HoverResult | undefined {
  if (doc.language !== 'yaml') return undefined;
  const text = doc.text;
  let i = Math.min(offset, text.length);
  while (i > 0 && !/[\s,[\]{}]/.test(text[i - 1]!)) i--;
  if (text[i] !== '&') return undefined;
  const s = anchorSymbolAt(doc, offset);
  const def = s?.def;
  if (!s || !def || offset < def.offset || offset > def.offset + def.length) return undefined;
  const n = s.uses.length;
  const used = n === 0 ? 'used by no alias' : `used by ${n === 1 ? 'one alias' : `${n} aliases`} (\`*${def.name}\`)`;
  const holder = def.node.parent;
  const key = holder?.type === 'property' && holder.value === def.node ? hoverKey(doc, holder, ctx) : undefined;
  let body = key?.contents;
  if (!body) {
    const r = schemaAtPath(doc.root, pathOf(def.node));
    body = r.variant ? describeObject(r) : undefined;
  }
  const head = `Anchor \`&${def.name}\`, ${used}.`;
  return { contents: body ? `${head}\n\n${body}` : head, offset: def.offset, length: def.length };
}
