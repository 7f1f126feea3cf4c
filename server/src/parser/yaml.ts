// YAML text → node tree, through the `yaml` package's document model. Never throws.
import { CST, Lexer, parseAllDocuments, isAlias, isMap, isScalar, isSeq, isPair } from 'yaml';
import type { Document, Node as YNode, ParsedNode, YAMLError } from 'yaml';
import type { Node, ObjectNode, ArrayNode, AliasNode, SyntaxProblem, Parent } from './ast';
import { keyNode, propertyNode, scalarText } from './ast';
import { fastParseYaml } from './fastYaml';
import { TAG_KINDS, coreTagged, isUnsupportedTag, unsupportedTagMessage, untaggedPlain } from './coreTags';
import { needsIndentRepair, repairIndentation } from './indentRepair';
import { sourceFreeMessage } from './yamlMessages';
import { lineEnd } from './lineIndex';
import { repairAlignment } from './alignRepair';
import { needsColonRepair, repairColons } from './colonRepair';
import type { KeyFits } from './alignRepair';

export interface YamlParseResult {
  root: Node | undefined;
  problems: SyntaxProblem[];
  /** See `ParsedDocument.zones`: set when the fast path read the text and found problems. */
  zones?: number[];
}

export interface ParseLimits {
  /** Deepest nesting of collections that is read; deeper content is replaced by null and reported. */
  maxDepth: number;
  /**
   * Not a limit: what the schema says of a key at a path, for reading a misaligned line at the column
   * whose mapping takes it (parser/alignRepair.ts). The service passes its schema's answer.
   */
  keyFits?: KeyFits;
}

export const DEFAULT_LIMITS: ParseLimits = { maxDepth: 1000 };

export function parseYaml(text: string, limits: ParseLimits = DEFAULT_LIMITS): YamlParseResult {
  // One scan of the text for what the two checks below look for (most texts have neither), not one each.
  const odd = ODD.test(text);
  const r = parseYamlAsIs(text, limits, odd);
  // A tab or a no-break space as indentation: read as meant, one problem each (parser/indentRepair.ts).
  // Such a document has no zones: an edit to it is read again whole (parser/incremental.ts).
  if (needsIndentRepair(text, r, odd)) return repairIndentation(text, r, (t) => parseYamlAsIs(t, limits)) ?? r;
  // A key whose colon was lost (`provider cloud_b`): read with it (parser/colonRepair.ts).
  if (needsColonRepair(text, r)) {
    const c = repairColons(text, r, (t) => parseYamlAsIs(t, limits));
    if (c) return c;
  }
  // A key or an item a column or two off its block (parser/alignRepair.ts): read where it belongs.
  return repairAlignment(text, r, (t) => parseYamlAsIs(t, limits), limits.keyFits) ?? r;
}

/** `odd`: whether the text may hold a control character (false only when `ODD` found none). */
function parseYamlAsIs(text: string, limits: ParseLimits, odd = true): YamlParseResult {
  // The common block subset takes a single-pass scanner that builds the same tree; anything else, the full path.
  // Values the fast path does not read are handed to the full parser alone and spliced in.
  const fast = fastParseYaml(text, limits, handOff);
  const r: YamlParseResult = fast
    ? fast.problems.length > 0
      ? { root: fast.root, problems: fast.problems, zones: fast.zones }
      : { root: fast.root, problems: fast.problems }
    : parseYamlFull(text, limits);
  if (!odd) return r;
  const controls = controlCharacters(text);
  // (A control character's problem lies outside the zones: such a document is not patched.)
  return controls.length === 0 ? r : { root: r.root, problems: [...r.problems, ...controls] };
}

/**
 * A piece the fast path hands over (a broken entry): read by the full parser, a key line in it that lost
 * its colon read with it (parser/colonRepair.ts), so that the piece keeps its place (a zone) and an edit
 * elsewhere is still patched. parser/incremental.ts reads its pieces with this too.
 */
export function handOff(snippet: string, maxDepth: number): YamlParseResult {
  const r = parseYamlFull(snippet, { maxDepth });
  if (!needsColonRepair(snippet, r)) return r;
  return repairColons(snippet, r, (t) => parseYamlFull(t, { maxDepth })) ?? r;
}

// C0 controls other than tab, LF and CR, and DEL: YAML does not allow them anywhere (not even in
// quoted scalars), and the `yaml` package reads most of them silently as part of a value.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** A control character (CONTROL) or an irregular space (indentRepair.ts IRREGULAR_SPACE): the one scan of `parseYaml`. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ODD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000]/;

function controlCharacters(text: string): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  CONTROL.lastIndex = 0;
  for (let m = CONTROL.exec(text); m && out.length < 20; m = CONTROL.exec(text)) {
    const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    out.push({
      offset: m.index,
      length: 1,
      message: `The control character U+${code}${code === '0000' ? ' (NUL)' : ''} is not allowed in YAML; remove it (or write it as an escape in a double-quoted string).`,
      kind: 'syntax',
    });
  }
  return out;
}

/** Text → tree through the `yaml` package's document model: every YAML construct, with its syntax problems. */
export function parseYamlFull(text: string, limits: ParseLimits = DEFAULT_LIMITS): YamlParseResult {
  const problems: SyntaxProblem[] = [];
  const deep = nestingBeyond(text, YAML_PACKAGE_DEPTH);
  if (deep >= 0) {
    // The `yaml` package recurses on nesting; near the stack's end it can abort the process (a regular
    // expression compiled there fails as "out of memory") instead of throwing. Such a text is not given to it.
    problems.push({
      offset: deep,
      length: Math.min(1, text.length - deep),
      message: 'The document nests too deeply to be read; what is nested below this point is not checked.',
      kind: 'resource-limit',
    });
    return { root: undefined, problems };
  }
  let docs: Document.Parsed[];
  try {
    const parsed = parseAllDocuments(text, {
      uniqueKeys: false,
      prettyErrors: false,
      strict: false,
      stringKeys: false,
    });
    docs = Array.isArray(parsed) ? parsed : [];
  } catch (e) {
    // The yaml package recurses on nesting; a pathological document can exhaust the stack.
    problems.push({
      offset: 0,
      length: Math.min(text.length, 1),
      message: `The document could not be read: ${e instanceof RangeError ? 'it nests too deeply' : String(e)}.`,
      kind: 'resource-limit',
    });
    return { root: undefined, problems };
  }
  if (docs.length === 0) return { root: undefined, problems };

  const chosen = chooseDocument(docs);
  for (const doc of docs) {
    const afterQuote = textAfterQuotes(text, doc.errors);
    for (const err of doc.errors) {
      if (afterQuote.dropped.has(err)) continue;
      // The package composes collections recursively and reports a stack overflow as this code:
      // the document nests deeper than can be read, a resource limit rather than a syntax error.
      if (err.code === 'RESOURCE_EXHAUSTION') {
        problems.push({
          offset: Math.min(err.pos[0], Math.max(0, text.length - 1)),
          length: Math.min(1, text.length),
          message: 'The document nests too deeply to be read; what is nested below this point is not checked.',
          kind: 'resource-limit',
        });
        continue;
      }
      // Errors at the end of the text (an unclosed quote) can reach one past it: keep ranges inside.
      const start = Math.min(err.pos[0], text.length);
      problems.push({
        offset: start,
        length: Math.max(0, Math.min(err.pos[1], text.length) - start),
        message: afterQuote.messages.get(err) ?? sourceFreeMessage(cleanMessage(err.message), text, start),
        kind: 'syntax',
      });
    }
    if (doc !== chosen) problems.push(extraDocument(text, docs, doc));
  }
  const converter = new Converter(text, limits, problems);
  const root = chosen.contents ? converter.convert(chosen.contents, undefined, 0) : undefined;
  converter.linkAliases();
  if (converter.mistagged.length > 0) problems.push(...tagProblems(text, chosen, converter.mistagged));
  if (converter.unsupported.length > 0) problems.push(...unsupportedTagProblems(text, converter.unsupported));
  return { root, problems };
}

/**
 * Text after a quoted string's closing quote on its line (REVIEW8 K13g): `'it's broken'` (an
 * apostrophe inside single quotes, the most common case), `"x"   ; more: y`. The `yaml` package says
 * "Unexpected scalar at node end" at the text, and when a `: ` follows it also "Nested mappings are
 * not allowed in compact mappings" at the opening quote. One finding at the stray text, saying what
 * ends the string and how to write the quote inside it; the other is dropped (one mistake, one
 * diagnostic). The message quotes no source.
 */
function textAfterQuotes(
  text: string,
  errors: readonly YAMLError[],
): { messages: Map<YAMLError, string>; dropped: Set<YAMLError> } {
  const messages = new Map<YAMLError, string>();
  const dropped = new Set<YAMLError>();
  for (const err of errors) {
    if (err.code !== 'UNEXPECTED_TOKEN' || !/^Unexpected scalar (?:at node end|token)/.test(err.message)) continue;
    const q = closedQuoteBefore(text, err.pos[0]);
    if (!q) continue;
    const advice =
      q.quote === "'"
        ? "Inside '…' an apostrophe is written as two ('') — or quote the value with \"…\" instead."
        : 'Inside "…" a quote is written as \\" (a backslash before it).';
    messages.set(
      err,
      `Text after the closing quote of a ${q.quote === "'" ? 'single' : 'double'}-quoted string: the string ends at the quote before this text, and only a comment (a space, then #) may follow it on the line. ${advice}`,
    );
    for (const other of errors)
      if (other.code === 'BLOCK_AS_IMPLICIT_KEY' && other.pos[0] === q.open && other !== err) dropped.add(other);
  }
  return { messages, dropped };
}

/**
 * The quoted string that closes right before `offset` (blanks between allowed) and opened on the same
 * line, read from the line's start: quotes open a string at the start of a token, `''` is a quote in
 * single quotes and a backslash escapes in double quotes.
 */
function closedQuoteBefore(text: string, offset: number): { quote: string; open: number } | undefined {
  let end = offset;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  const quote = text[end - 1];
  if (quote !== "'" && quote !== '"') return undefined;
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  let open = -1;
  for (let i = lineStart; i < end; i++) {
    const c = text[i]!;
    if (open < 0) {
      if (c === '#' && (i === lineStart || /\s/.test(text[i - 1]!))) return undefined;
      if ((c === "'" || c === '"') && (i === lineStart || /[\s:[{,\-?]/.test(text[i - 1]!))) open = i;
      continue;
    }
    const q = text[open]!;
    if (q === '"' && c === '\\') i++;
    else if (c === q && q === "'" && text[i + 1] === "'") i++;
    else if (c === q) {
      if (i === end - 1) return { quote: q, open };
      open = -1;
    }
  }
  return undefined;
}

const CORE_TAG = 'tag:yaml.org,2002:';

interface Mistagged {
  tag: string;
  /** Where the tagged value starts (its tag stands before it). */
  offset: number;
  found: 'scalar' | 'mapping' | 'sequence';
}

/**
 * `!!str {provider: hosted}`, `!!seq {…}`, `!!map foo`: the `yaml` package reads the value as written
 * and only warns ("Unresolved tag"); PyYAML and SnakeYAML refuse the file ("expected a scalar node,
 * but found mapping"). One problem on each such tag (REVIEW5 H5). The tag's place is the package's
 * warning for it: the last one before the value.
 */
function tagProblems(text: string, doc: Document.Parsed, mistagged: Mistagged[]): SyntaxProblem[] {
  const warned = doc.warnings.filter((w) => w.code === 'TAG_RESOLVE_FAILED').map((w) => w.pos);
  const out: SyntaxProblem[] = [];
  for (const m of mistagged) {
    let at: [number, number] | undefined;
    for (const pos of warned) if (pos[1] <= m.offset && text[pos[0]] === '!') at = pos;
    if (!at) continue;
    const want = TAG_KINDS[m.tag.slice(CORE_TAG.length)]!;
    const src = text.slice(at[0], at[1]);
    const found = m.found === 'scalar' ? 'a scalar' : `a ${m.found}`;
    out.push({
      offset: at[0],
      length: at[1] - at[0],
      message: `The tag '${src}' says ${want.what}, but the value is ${found}: YAML 1.1 loaders (PyYAML, SnakeYAML) refuse to load the file. Remove the tag (this tool reads the value as written).`,
      kind: 'tag',
    });
  }
  return out;
}

/** A node (or key) with a tag this tool does not apply (`!Ref`, `!!python/object:…`, `!!binary`). */
interface Unsupported {
  tag: string;
  /** The tagged value's range (its tag stands before it). */
  offset: number;
  length: number;
  key: boolean;
}

/**
 * `!Ref x`, `!!python/object:m.C {…}`, `!custom gpt-4o`, `!!binary …`: the `yaml` package reads the value
 * (at most with a warning), PyYAML's safe_load and the other safe loaders refuse the file or build a
 * value of another type. One problem on each such tag, found among the text's tokens (lexed only when a
 * document holds one): the tag token before the value, past spaces, line breaks, comments and an anchor.
 */
function unsupportedTagProblems(text: string, found: Unsupported[]): SyntaxProblem[] {
  const tags: { offset: number; source: string }[] = [];
  // The tokens that may stand between a tag and its value, then the others; a scalar's text is one token.
  const between: { offset: number; end: number }[] = [];
  let offset = 0;
  let scalar = false;
  for (const t of new Lexer().lex(text)) {
    // (Markers for a document, a flow error's end and a scalar stand for no text.)
    if (t === '\x02' || t === '\x18') continue;
    if (t === '\x1f') {
      scalar = true;
      continue;
    }
    const type = scalar ? 'scalar' : CST.tokenType(t);
    scalar = false;
    if (type === 'tag') tags.push({ offset, source: t });
    else if (type !== 'space' && type !== 'newline' && type !== 'comment' && type !== 'anchor')
      between.push({ offset, end: offset + t.length });
    offset += t.length;
  }
  const out: SyntaxProblem[] = [];
  const used = new Set<number>();
  const sorted = [...found].sort((a, b) => a.offset - b.offset);
  let ti = 0;
  let bi = 0;
  for (const u of sorted) {
    // The last tag before the value with nothing but blanks, comments and anchors between.
    while (ti < tags.length && tags[ti]!.offset < u.offset) ti++;
    while (bi < between.length && between[bi]!.offset < u.offset) bi++;
    const tag = tags[ti - 1];
    const other = between[bi - 1];
    if (!tag || used.has(tag.offset) || (other && other.offset > tag.offset)) continue;
    used.add(tag.offset);
    out.push({
      offset: tag.offset,
      length: tag.source.length,
      message: unsupportedTagMessage(tag.source, u.tag),
      kind: 'unsupported-tag',
      tagged: { delta: u.offset - tag.offset, length: u.length, key: u.key },
    });
  }
  return out;
}

/** Nesting the `yaml` package reads without nearing the end of the stack (it reports RESOURCE_EXHAUSTION from about 1,000). */
const YAML_PACKAGE_DEPTH = 600;

/**
 * Where the text nests deeper than `limit` (an over-estimate: flow brackets outside quotes and comments,
 * plus each line's indentation and its `- `, `? `, `: ` indicators), or -1.
 */
export function nestingBeyond(text: string, limit: number): number {
  let flow = 0;
  let lineDepth = 0;
  let atLineStart = true;
  const len = text.length;
  for (let i = 0; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      atLineStart = true;
      lineDepth = 0;
      continue;
    }
    if (atLineStart) {
      if (c === 32) {
        if (++lineDepth + flow > limit) return i;
        continue;
      }
      atLineStart = false;
    }
    if ((c === 45 || c === 63 || c === 58) && text.charCodeAt(i + 1) === 32) {
      if (++lineDepth + flow > limit) return i;
    } else if (c === 91 || c === 123) {
      if (++flow + lineDepth > limit) return i;
    } else if (c === 93 || c === 125) {
      if (flow > 0) flow--;
    } else if (c === 35 && (i === 0 || text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 10)) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl - 1;
    } else if (c === 34 || c === 39) {
      // A quoted scalar on this line: its brackets do not nest.
      let j = i + 1;
      for (; j < len; j++) {
        const d = text.charCodeAt(j);
        if (d === 10) break;
        if (c === 34 && d === 92) j++;
        else if (d === c) break;
      }
      if (j < len && text.charCodeAt(j) === c) i = j;
    }
  }
  return -1;
}

/**
 * A document other than the AssistantConfig one (REVIEW7 J2). A file holds one AssistantConfig, and
 * the loaders that read one document (PyYAML's safe_load, js-yaml's load, yaml's parse) refuse a file
 * with another document, even an empty one after a final `---`: an error, on the document's first
 * line. Another AssistantConfig is checked too (validation reads it alone); other content is not read.
 */
function extraDocument(text: string, docs: Document.Parsed[], doc: Document.Parsed): SyntaxProblem {
  const i = docs.indexOf(doc);
  const start = doc.range[0];
  const end = doc.range[2];
  // Its directives (`%YAML 1.2`) come after the document before it.
  const from = i > 0 ? docs[i - 1]!.range[2] : 0;
  const c = doc.contents;
  const empty = c === null || text.slice(c.range[0], c.range[1]).trim() === '';
  const config = !empty && declaresKind(doc);
  const hasMarker = text.startsWith('---', start);
  // An empty document's `---` can go, when it has no directive of its own: nothing is lost.
  const removable = empty && hasMarker && /^(?:\s|#[^\n]*)*$/.test(text.slice(from, start));
  // On the `---` of an empty document, else where its content starts (kept inside the text).
  const at = empty && hasMarker ? start : Math.min(c?.range[0] ?? start, Math.max(0, text.length - 1));
  // On its first line (a CRLF's CR is not part of it).
  const length = Math.max(1, Math.min(empty && hasMarker ? 3 : end - at, lineEnd(text, at) - at, text.length - at));
  const message = empty
    ? "This file holds an empty YAML document (after this `---`): loaders that read one document (PyYAML's safe_load, js-yaml's load, yaml's parse) refuse the file. Remove the `---` (it separates nothing)."
    : config
      ? 'This file holds another AssistantConfig (a YAML document after `---`): a file holds one, and loaders that read one document refuse the file. Its mistakes are reported too; move it to a file of its own.'
      : 'This file holds another YAML document, which is not read (only the AssistantConfig document is checked): loaders that read one document refuse the file. Move it to a file of its own, or remove it.';
  return {
    offset: at,
    length,
    message,
    kind: 'extra-document',
    document: {
      from: from - at,
      to: end - at,
      config,
      empty,
      ...(removable ? { marker: start - at } : {}),
    },
  };
}

function declaresKind(d: Document.Parsed): boolean {
  const c = d.contents;
  return (
    isMap(c) &&
    c.items.some(
      (p) => isScalar(p.key) && p.key.value === 'kind' && isScalar(p.value) && p.value.value === 'AssistantConfig',
    )
  );
}

function chooseDocument(docs: Document.Parsed[]): Document.Parsed {
  for (const d of docs) if (declaresKind(d)) return d;
  return docs.find((d) => d.contents !== null) ?? docs[0]!;
}

function cleanMessage(msg: string): string {
  // The package appends " at line L, column C" — positions are carried by the range instead.
  return msg.replace(/ at line \d+, column \d+:?[\s\S]*$/, '').trim();
}

class Converter {
  private readonly byYaml = new Map<YNode, Node>();
  private readonly aliases: [AliasNode, YNode][] = [];
  private tooDeepReported = false;
  /** Values whose core tag is for another kind of node (`!!str` on a mapping). */
  readonly mistagged: Mistagged[] = [];
  /** Values and keys with a tag that is not applied (`!Ref`, `!!binary`). */
  readonly unsupported: Unsupported[] = [];

  constructor(
    private readonly text: string,
    private readonly limits: ParseLimits,
    private readonly problems: SyntaxProblem[],
  ) {}

  convert(y: YNode, parent: Parent, depth: number): Node {
    const range = y.range ?? [0, 0, 0];
    const offset = range[0];
    const length = Math.max(0, range[1] - range[0]);
    let node: Node;
    if (depth > this.limits.maxDepth && (isMap(y) || isSeq(y))) {
      if (!this.tooDeepReported) {
        this.tooDeepReported = true;
        this.problems.push({
          offset,
          length: 1,
          message: `Nesting deeper than ${this.limits.maxDepth} levels is not read.`,
          kind: 'resource-limit',
        });
      }
      return { type: 'null', offset, length, parent };
    }
    if (isMap(y)) {
      const obj: ObjectNode = { type: 'object', offset, length, parent, properties: [], flow: y.flow === true };
      for (const pair of y.items) {
        if (!isPair(pair)) continue;
        const k = pair.key as YNode | null;
        const keyRange = k ? (k as ParsedNode).range : undefined;
        const keyOffset = keyRange ? keyRange[0] : pair.value ? ((pair.value as YNode).range?.[0] ?? offset) : offset;
        const keyEnd = keyRange ? keyRange[1] : keyOffset;
        const keyTag = k === null ? undefined : (k as { tag?: string }).tag;
        const keyUnsupported = keyTag !== undefined && isUnsupportedTag(keyTag);
        if (keyUnsupported)
          this.unsupported.push({ tag: keyTag, offset: keyOffset, length: keyEnd - keyOffset, key: true });
        const keyValue =
          k === null
            ? ''
            : isScalar(k)
              ? keyUnsupported && typeof k.source === 'string'
                ? k.source
                : scalarText(k.value)
              : this.text.slice(keyOffset, keyEnd);
        const quoted = isScalar(k) && (k.type === 'QUOTE_DOUBLE' || k.type === 'QUOTE_SINGLE');
        const prop = propertyNode(obj, keyNode(keyValue, quoted, keyOffset, keyEnd - keyOffset), keyOffset, 0);
        prop.colonOffset = this.findColon(keyEnd);
        if (pair.value !== null && pair.value !== undefined) {
          prop.value = this.convert(pair.value as YNode, prop, depth + 1);
          // An empty value (`key:`) is a null scalar placed at the colon; keep it after the colon.
          if (prop.value.length === 0 && prop.colonOffset >= 0 && prop.value.offset < prop.colonOffset + 1)
            prop.value.offset = prop.colonOffset + 1;
        }
        const end =
          prop.value && prop.value.length > 0
            ? prop.value.offset + prop.value.length
            : Math.max(keyEnd, prop.colonOffset + 1);
        prop.length = Math.max(0, end - keyOffset);
        obj.properties.push(prop);
      }
      node = obj;
    } else if (isSeq(y)) {
      const arr: ArrayNode = { type: 'array', offset, length, parent, items: [], flow: y.flow === true };
      for (const item of y.items) {
        if (item === null || item === undefined) continue;
        arr.items.push(this.convert(item as YNode, arr, depth + 1));
      }
      node = arr;
    } else if (isAlias(y)) {
      const a: AliasNode = { type: 'alias', name: y.source, target: undefined, offset, length, parent };
      this.aliases.push([a, y]);
      return a;
    } else if (isScalar(y)) {
      // A tag not applied: the value as written, as if untagged (`!custom 3` is 3, `!!binary aGk=` the text).
      const v =
        y.tag !== undefined && isUnsupportedTag(y.tag) && typeof y.source === 'string'
          ? y.type === 'PLAIN'
            ? untaggedPlain(y.source)
            : y.source
          : coreTagged(y.tag, y.value);
      const quoted = y.type === 'QUOTE_DOUBLE' || y.type === 'QUOTE_SINGLE';
      if (v === null || v === undefined) node = { type: 'null', offset, length, parent };
      else if (typeof v === 'boolean') node = { type: 'boolean', value: v, offset, length, parent };
      else if (typeof v === 'number') node = { type: 'number', value: v, offset, length, parent };
      else if (typeof v === 'bigint') node = { type: 'number', value: Number(v), offset, length, parent };
      else if (typeof v === 'string') node = { type: 'string', value: v, quoted, offset, length, parent };
      // A timestamp (only under `%YAML 1.1`): the text as written, which the yaml11 rule reports where a
      // string belongs (not the JSON of a Date, `"2024-06-01T00:00:00.000Z"`, a value nobody wrote).
      else if (v instanceof Date)
        node = { type: 'string', value: this.text.slice(offset, offset + length), quoted, offset, length, parent };
      else node = { type: 'string', value: scalarText(v), quoted, offset, length, parent };
    } else {
      node = { type: 'null', offset, length, parent };
    }
    const tag = (y as { tag?: string }).tag;
    if (tag !== undefined) {
      let mistagged = false;
      if (tag.startsWith(CORE_TAG)) {
        const name = tag.slice(CORE_TAG.length);
        const want = Object.hasOwn(TAG_KINDS, name) ? TAG_KINDS[name]!.kind : undefined;
        const found = isMap(y) ? 'mapping' : isSeq(y) ? 'sequence' : 'scalar';
        if (want !== undefined && want !== found) {
          this.mistagged.push({ tag, offset, found });
          mistagged = true;
        }
      }
      // (A 1.1 type on a node of the wrong kind, `!!set foo`, is a tag mismatch, said once.)
      if (!mistagged && isUnsupportedTag(tag)) this.unsupported.push({ tag, offset, length, key: false });
    }
    const anchor = (y as { anchor?: string }).anchor;
    if (anchor) node.anchor = anchor;
    this.byYaml.set(y, node);
    return node;
  }

  /** Aliases point at the node that carried their anchor most recently before them. */
  linkAliases(): void {
    if (this.aliases.length === 0) return;
    const anchored: { name: string; offset: number; node: Node }[] = [];
    for (const node of this.byYaml.values())
      if (node.type !== 'alias' && node.anchor) anchored.push({ name: node.anchor, offset: node.offset, node });
    anchored.sort((a, b) => a.offset - b.offset);
    for (const [alias] of this.aliases) {
      let target: Node | undefined;
      for (const a of anchored) {
        if (a.offset >= alias.offset) break;
        if (a.name === alias.name) target = a.node;
      }
      alias.target = target;
    }
  }

  private findColon(from: number): number {
    const t = this.text;
    for (let i = from; i < t.length && i < from + 4096; i++) {
      const c = t.charCodeAt(i);
      if (c === 58 /* : */) return i;
      if (c === 10 || c === 13) {
        // Explicit keys and multi-line keys can put the colon on a later line.
        continue;
      }
      if (c !== 32 && c !== 9 && c !== 34 && c !== 39) return -1;
    }
    return -1;
  }
}
