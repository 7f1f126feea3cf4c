// YAML formatting through the `yaml` document model, keeping the user's layout where the model
// would change it without need:
// - block scalars (`|`, `>`, with their indicators and header comment) are kept as written, only
//   re-indented with their key: the model prints a folded scalar's value, so a `>` paragraph would
//   be joined into one line;
// - a comment on a key's line (`llm: &primary # shared`) or on a `- ` line stays there: the model
//   keeps it as a comment before the mapping, printed on its own line (and the anchor after it); also
//   before a flow collection or a scalar on a line below the key (`llm: # c`, blank lines, `{ … }`),
//   the blank lines below the key's line dropped and an anchor or a tag written before the comment
//   kept on the key's line, as Prettier prints them;
// - no blank line between a key and its value on a line below it (Prettier puts the value on the
//   key's line when no comment stands between);
// - a quoted scalar on one line keeps its escapes (`"a\u005fb"` is not rewritten `"a_b"`), in the quotes
//   Prettier writes (`'a'` as `"a"`, `"say \"hi\""` as `'say "hi"'`; see prettierQuotes).
// - a plain or quoted scalar written over several lines keeps its line breaks, printed as Prettier
//   prints it (its quotes as on one line, the lines below the first at one indentation, the spaces
//   ending a line dropped); a comment line below it stays on its own line;
// - a plain scalar on one line is kept as written: the model prints the value it read (`012` as `12`);
// - a scalar with an explicit tag on one line (`!!int "4096"`, `!!str 12345`) is kept as written, and
//   the tag of a block or multi-line scalar (`!!str |`) stays with it;
// - comments on `---` and `...` stay on them, and comment lines written before `...` before it; the
//   comment lines ending a document stay close to its content when written so (no blank added, which
//   a second formatting would have added: format(format(x)) = format(x));
// - an anchor and a tag as written, when the model would print them otherwise (`!!str &q` is not
//   reordered, `!<tag:yaml.org,2002:str>` not shortened to `!!str`), and an empty value's (`!!null`
//   without a trailing space, `!!str` without `""`);
// - an explicit key (`? 012` then `: 1e3`) stays explicit, with the comment on its line and the one
//   on its `:` line (`: # c`, the value below it), and comment lines between the `?` and the key (the
//   first on the `?` line, as Prettier prints them);
// - comment lines around a `-` whose item starts on the next line as Prettier prints them (no blank
//   line after those above it, the first below it on the `-` line), and no blank line between a key
//   and the first entry of the collection below it;
// - a flow collection written over several lines is kept as written (its lines moved with its key):
//   the model puts each entry on its own line and a comment after the last one after the bracket;
// - a comment after a bare `- ` (the item on the next line) stays there, whatever the item, after an
//   inner dash too (`- - # note`: the model prints it after the outer one);
// - content written on the `---` line (`--- |`, `--- &root`) stays there, and the comment lines after
//   a document that is a scalar keep the blank line before them as written (none added).
// - a flow collection on one line is spaced as Prettier spaces it (`[a, b]`, `{ a: 1 }`), its scalars as written.
// - comment lines below an empty value (`fallback:` then `  # provider: x`) stay on their lines, at the
//   columns Prettier gives them: the model printed a lone one on the key's line (REVIEW15 U18).
// - comment lines end without blanks, as Prettier ends them.
// Still printed by the model: runs of blank lines (one kept).
// A text it cannot print with the same data (an alias before its anchor, a scalar tag on a mapping)
// is refused with the reason.
// Each is printed as a placeholder and put back in the printed text. The result is checked: the same
// data and the same comments as the input. When it fails, the nodes whose placeholder makes it fail
// are found (bisection) and printed by the model alone; only if that fails too is the plain printing
// of the model used for the whole text (REVIEW3 F11: one node must not change how the rest prints).
import {
  CST,
  Composer,
  Lexer,
  Parser,
  isAlias,
  isCollection,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  visit,
  Scalar,
} from 'yaml';
import type { Document, Node as YamlNode, YAMLMap, YAMLSeq } from 'yaml';

export interface YamlPrintOptions {
  indent: number;
}

const PRINT = { lineWidth: 0, minContentWidth: 0, indentSeq: true } as const;

/** The formatted text, or why the text is left as it is (one line, for a message). */
export type YamlFormatResult = { text: string } | { refused: string };

/**
 * Which nodes are kept as written, by the order `mark` meets them (`seen` counts them): all of them,
 * unless one of them is printed wrong.
 */
interface Allow {
  keep: (k: number) => boolean;
  seen: number;
}

/** How many nodes printed wrong are looked for before the model's printing of the whole text is used. */
const MAX_WRONG = 3;

/** The formatted text, or a refusal when the text cannot be formatted safely. */
export function formatYamlText(source: string, options: YamlPrintOptions): YamlFormatResult {
  // (Line breaks as LF: the model keeps a CR in comments, where a CRLF text would not match the lines
  // read from the text; the caller gives the text its line endings back.)
  const text = source.replace(/\r\n/g, '\n');
  // One pass of the lexer gives the documents, the comments and the tokens of the text (lexing a
  // large file costs a third of composing its documents); a printed text is read in one pass too.
  const input = read(text, true);
  const first = input.docs;
  if (!first) return { refused: 'the YAML reader reports an error in it' };
  // No document, only comments (or nothing): nothing to print, the text stays as it is.
  if (first.length === 0) return { text };
  const data = dataOf(first);
  if (data === undefined) return { refused: 'it holds a node the formatter cannot compare' };
  const written = input.comments;
  const tokens = input.tokens!;
  // Each attempt marks the documents it prints: the first one takes those read above (their data is
  // read already), the others read the text again.
  let unused: Document.Parsed[] | undefined = first;
  const fresh = (): Document.Parsed[] => {
    const docs = unused ?? parse(text)!;
    unused = undefined;
    return docs;
  };
  /** The text printed keeping the nodes `keep` allows as written, if it has the same data and comments. */
  const attempt = (keep: ((k: number) => boolean) | undefined): { text?: string; seen: number } => {
    const allow = keep ? { keep, seen: 0 } : undefined;
    try {
      const printed = printAll(text, fresh(), options, allow, tokens);
      if (typeof printed !== 'string') return { seen: allow?.seen ?? 0 };
      // (A text formatted already prints as itself: the same data and comments, nothing to read again.)
      const out = printed === text ? undefined : read(printed, false);
      const ok = out === undefined || (out.comments === written && data === dataOf(out.docs));
      return { ...(ok ? { text: printed } : {}), seen: allow?.seen ?? 0 };
    } catch {
      // (Keeping the layout is a refinement: whatever goes wrong there, less of it is tried.)
      return { seen: allow?.seen ?? 0 };
    }
  };
  const all = attempt(() => true);
  if (all.text !== undefined) return { text: all.text };
  // One node printed wrong must not change how the rest of the text is printed: the nodes that make
  // the check fail are found by bisection on the order they are met (the smallest number of first
  // nodes kept that fails ends with one), and printed by the model; every other node stays as written.
  const wrong = new Set<number>();
  const keeping = (n: number) => (k: number) => k < n && !wrong.has(k);
  if (all.seen > 0 && attempt(keeping(0)).text !== undefined) {
    for (let round = 0; round < MAX_WRONG; round++) {
      let pass = 0;
      let fail = all.seen;
      while (fail - pass > 1) {
        const mid = (pass + fail) >> 1;
        if (attempt(keeping(mid)).text !== undefined) pass = mid;
        else fail = mid;
      }
      wrong.add(fail - 1);
      const rest = attempt(keeping(all.seen));
      if (rest.text !== undefined) return { text: rest.text };
    }
  }
  // The model's own printing, checked the same way: a text it would change (a tag it cannot
  // resolve, `!!str` on a mapping printed as `undefined`) is left alone rather than rewritten.
  try {
    const plain = printAll(text, fresh(), options, undefined, undefined);
    if (typeof plain !== 'string') return plain;
    const out = read(plain, false);
    if (data !== dataOf(out.docs)) return { refused: `formatting would change its data${changeCause(text)}` };
    if (out.comments !== written) return { refused: 'formatting would lose or reorder a comment' };
    return { text: plain };
  } catch {
    // (The package's message is not shown: it may quote the text.)
    return { refused: 'the formatter failed on it' };
  }
}

/** Whether two texts hold the same YAML data and the same comments (both read without error). */
export function sameYamlContent(a: string, b: string): boolean {
  const plain = (t: string): string => t.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const x = read(plain(a), false);
  const y = read(plain(b), false);
  const data = dataOf(x.docs);
  return data !== undefined && data === dataOf(y.docs) && x.comments === y.comments;
}

/** What the printer cannot keep, when it is one of the known cases: ` (a '!!str' tag on a mapping, line 4)`. */
function changeCause(text: string): string {
  const docs = parse(text);
  let found = '';
  const line = (offset: number): number => text.slice(0, offset).split('\n').length;
  for (const d of docs ?? []) {
    visit(d, {
      Node(_, n) {
        if (found || !n.tag || !n.range) return found ? visit.BREAK : undefined;
        // (A scalar's tag on a collection: the printer turns the collection into a string.)
        if (isCollection(n) && /^tag:yaml\.org,2002:(str|int|float|bool|null|binary|timestamp)$/.test(n.tag))
          found = ` (a '${n.tag.replace(/^tag:yaml\.org,2002:/, '!!')}' tag on a ${isMap(n) ? 'mapping' : 'sequence'}, line ${line(Math.max(0, text.lastIndexOf('!', n.range[0])))})`;
        return found ? visit.BREAK : undefined;
      },
    });
    if (found) break;
  }
  return found;
}

/**
 * A text as the `yaml` package reads it (`docs` as `parseAllDocuments` gives them, undefined when one
 * has an error), with its comments in order (one a line: two texts with the same comments have the
 * same) and, when asked, its tokens: all from one pass of the lexer.
 */
function read(
  text: string,
  withTokens: boolean,
): { docs: Document.Parsed[] | undefined; comments: string; tokens?: Token[] } {
  const parser = new Parser();
  const comments: string[] = [];
  const tokens = withTokens ? new TokenReader() : undefined;
  const cst = function* (): Generator<CST.Token> {
    for (const lexeme of new Lexer().lex(text)) {
      if (lexeme.startsWith('#')) comments.push(lexeme.trimEnd());
      tokens?.add(lexeme);
      yield* parser.next(lexeme);
    }
    yield* parser.end();
  };
  const docs: Document.Parsed[] = Array.from(new Composer({ uniqueKeys: false, strict: false }).compose(cst()));
  return {
    docs: docs.some((d) => d.errors.length > 0) ? undefined : docs,
    comments: comments.join('\n'),
    ...(tokens ? { tokens: tokens.tokens } : {}),
  };
}

function parse(text: string): Document.Parsed[] | undefined {
  return read(text, false).docs;
}

function printAll(
  text: string,
  docs: Document.Parsed[],
  options: YamlPrintOptions,
  allow: Allow | undefined,
  tokens: readonly Token[] | undefined,
): string | { refused: string } {
  let nonce = 0;
  while (text.includes(`acfmt${nonce}x`)) nonce++;
  const restore: Restore[] = [];
  const tailBlank = new Map(docs.map((d) => [d, tailBlankWritten(d, text)]));
  for (const d of docs) {
    trimCommentEnds(d);
    noBlankOpening(d);
    reattachTrailingComments(d, text);
    keepDocumentCommentClose(d, text);
    keepMarkerComments(d, text, `acfmt${nonce}x`, restore);
  }
  if (allow && tokens) {
    for (const d of docs) mark(d, text, tokens, `acfmt${nonce}x`, restore, options.indent, allow);
  }
  let out: string;
  try {
    // (An empty document, `---` with nothing after it as k8s manifests often end: the model prints an
    // empty line for its empty content, one more at each formatting.)
    const printedDocs = docs.map((d, k) => {
      const printed = d.toString({ indent: options.indent, ...PRINT });
      // (A placeholder has no range.)
      const range = isScalar(d.contents) ? (d.contents.range as typeof d.contents.range | undefined) : undefined;
      const empty = d.contents === null || (range !== undefined && range[0] === range[1]);
      if (empty) return { text: printed.replace(/^---\n\n+$/m, '---\n'), opensBlank: false };
      // Content written on the `---` line (`--- |`, `--- &root`, `--- {a: 1}`) stays there: the
      // model prints it on the next line.
      const marked =
        d.directives.docStart && contentOnMarker(text, d.range[0])
          ? printed.replace(/^((?:[%#].*\n|\n)*)---\n(?![#\s])/, '$1--- ')
          : printed;
      // A blank line written before the comment lines that open a document (after a document
      // whose content is a scalar, the model drops it).
      const prev = k > 0 ? docs[k - 1]!.range[1] : -1;
      const opensBlank =
        prev >= 0 &&
        marked.startsWith('#') &&
        /^[^\n]*\n[ \t]*\n\s*#/.test(text.slice(prev > 0 && text[prev - 1] === '\n' ? prev - 1 : prev, d.range[0]));
      return { text: keepTailBlank(d, tailBlank.get(d), marked), opensBlank };
    });
    out = printedDocs
      .map((p, k) => (p.opensBlank && !printedDocs[k - 1]!.text.endsWith('\n\n') ? `\n${p.text}` : p.text))
      .join('');
  } catch (e) {
    // The package refuses to print some documents it reads (an alias before its anchor).
    const message = e instanceof Error ? e.message : String(e);
    const alias = /^Unresolved alias[^:]*: (.*)$/.exec(message);
    if (!alias) return { refused: 'the YAML printer refuses it' };
    const name = alias[1]!;
    // An anchor of that name further down, or none at all (a half-typed `*bas` of `&base`, REVIEW10 L4).
    const later = anchorWritten(text, name);
    return {
      refused: later
        ? `the alias '*${name}' comes before its anchor`
        : `the alias '*${name}' has no anchor '&${name}' in the document`,
    };
  }
  return restore.length > 0 ? putBack(out, restore) : out;
}

/** Whether `&name` is written in the text as an anchor (followed by a blank, a flow indicator or the end). */
function anchorWritten(text: string, name: string): boolean {
  for (let i = text.indexOf(`&${name}`); i !== -1; i = text.indexOf(`&${name}`, i + 1)) {
    const after = text[i + name.length + 1];
    if (after === undefined || /[\s,[\]{}]/.test(after)) return true;
  }
  return false;
}

/**
 * Comment lines without the blanks that end them, as Prettier prints them (REVIEW15 U18's corpus: a
 * comment line the model holds kept `# later   ` as written); and a run of blank lines among or after
 * comment lines as one (`# LLM` then two blank lines then `llm:`: the model kept both, REVIEW18-user U5).
 */
function trimCommentEnds(doc: Document.Parsed): void {
  const trim = (c: string | null | undefined): string | undefined => {
    if (c === null || c === undefined) return undefined;
    const lines = c.split('\n').map((l) => l.trimEnd());
    // (Blank lines only, which the model prints as one: left as they are.)
    if (lines.every((l) => l === '')) return lines.join('\n');
    return lines.filter((l, k) => l !== '' || lines[k - 1] !== '').join('\n');
  };
  const fix = (n: { comment?: string | null; commentBefore?: string | null }): void => {
    if (n.comment) n.comment = trim(n.comment)!;
    if (n.commentBefore) n.commentBefore = trim(n.commentBefore)!;
  };
  fix(doc);
  visit(doc, {
    Node(_, n) {
      fix(n);
    },
  });
}

/**
 * No blank line between a key and the first entry of the block collection below it (`llm:`, a blank
 * line, `  provider: …`): Prettier drops it, the model keeps it; blank lines between comment lines
 * there stay.
 */
function noBlankOpening(doc: Document.Parsed): void {
  visit(doc, {
    Pair(_, p) {
      const v = p.value;
      // Nor between a key and its value written on a line below it (a scalar, a flow collection): Prettier
      // drops the blank lines there, and with them on the key's line puts the value (`llm: { … }`).
      if (isScalar(v) || ((isMap(v) || isSeq(v)) && v.flow)) {
        v.spaceBefore = false;
        return;
      }
      if (!(isMap(v) || isSeq(v)) || v.flow) return;
      v.spaceBefore = false;
      const first: unknown = v.items[0];
      const node = isPair(first) ? first.key : first;
      if (isNode(node)) node.spaceBefore = false;
    },
  });
}

/** A comment line after a collection as written: its text after `#` ('' for a blank line) and column. */
interface CommentLine {
  text: string;
  indent: number;
}

/**
 * The model gives every comment line after a block collection's last entry to the innermost
 * collection, whatever its indentation, so `  # about schemaSelector` written after a nested
 * `fallback:` block would be printed inside it. Lines written left of a collection's column are given
 * back to the enclosing collection at that column: before its next entry, or after its last.
 */
function reattachTrailingComments(doc: Document.Parsed, text: string): void {
  const columnOf = (offset: number): number => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  const found: { c: YAMLMap | YAMLSeq; path: readonly unknown[] }[] = [];
  const collect = (_: unknown, c: unknown, path: readonly unknown[]): void => {
    // (All block collections: one may receive lines from a nested one before its turn comes.)
    if ((isMap(c) || isSeq(c)) && !c.flow && c.range) found.push({ c, path: [...path, c] });
  };
  visit(doc, { Map: collect, Seq: collect });
  const moved = new Map<unknown, CommentLine[]>();
  /** The lines of a collection's trailing comment as written, or undefined when they cannot be matched. */
  const written = (c: YAMLMap | YAMLSeq): CommentLine[] | undefined => {
    const lines = (c.comment ?? '').split('\n');
    const range = c.range!;
    let span = text.slice(range[1], range[2]).replace(/\r\n/g, '\n').split('\n');
    if (range[1] > 0 && text[range[1] - 1] !== '\n') span = span.slice(1);
    while (span.length > 0 && span[span.length - 1]!.trim() === '') span.pop();
    const out: CommentLine[] = [];
    for (const l of span) {
      const m = /^([ ]*)#(.*)$/.exec(l);
      if (m) out.push({ text: m[2]!, indent: m[1]!.length });
      else if (l.trim() === '') out.push({ text: '', indent: -1 });
      else return undefined;
    }
    return out.length === lines.length && out.every((o, k) => o.text === lines[k]) ? out : undefined;
  };
  for (const { c, path } of found.reverse()) {
    if (!c.comment) continue;
    const lines = moved.get(c) ?? written(c);
    if (!lines) continue;
    const column = columnOf(c.range![0]);
    const cut = lines.findIndex((l) => l.indent >= 0 && l.indent < column);
    if (cut < 0) continue;
    const out = lines.slice(cut);
    const at = out[0]!.indent;
    // The innermost enclosing collection whose column is at or left of the first line moved out, or
    // before: one that has an entry after the nested block (moving the lines past it would put them
    // after content written below them).
    for (let k = path.length - 2; k >= 0; k--) {
      const a = path[k];
      if (!(isMap(a) || isSeq(a)) || a.flow || !a.range) continue;
      const holder = path[k + 1];
      const index = (a.items as unknown[]).indexOf(holder);
      if (index < 0) break;
      const next = a.items[index + 1];
      if (columnOf(a.range[0]) > at && next === undefined) continue;
      const target = isPair(next) ? next.key : next;
      if (next !== undefined && !isNode(target)) break;
      // Where the lines go when the enclosing collection has no next entry: after its own trailing
      // comment, which must be read first (when it cannot be, nothing is moved: no line is lost).
      const before = isNode(target) ? [] : (moved.get(a) ?? (a.comment ? written(a) : []));
      if (!before) break;
      const keep = lines.slice(0, cut);
      while (keep.length > 0 && keep[keep.length - 1]!.text === '' && keep[keep.length - 1]!.indent < 0) keep.pop();
      c.comment = keep.length > 0 ? keep.map((l) => l.text).join('\n') : undefined;
      // A blank line between the collection and the moved lines stays a blank line.
      const blankFirst = cut > 0 && lines[cut - 1]!.indent < 0;
      if (isNode(target)) {
        target.commentBefore = [
          ...out.map((l) => l.text),
          ...(target.commentBefore ? [target.commentBefore] : []),
        ].join('\n');
        if (blankFirst) target.spaceBefore = true;
      } else {
        const all = [...(blankFirst ? [{ text: '', indent: -1 }] : []), ...out, ...before];
        moved.set(a, all);
        a.comment = all.map((l) => l.text).join('\n');
      }
      break;
    }
  }
}

/**
 * The model prints a document's trailing comment (the column-0 comment lines after its content)
 * after a blank line, whether one was written or not; and the same lines printed inside the root
 * collection (where `reattachTrailingComments` puts lines moved out of a nested block) come out
 * without one. Written without a blank line, they join the root collection's comment instead, so
 * they print where they were, and a second formatting reads them back the same way.
 */
function keepDocumentCommentClose(doc: Document.Parsed, text: string): void {
  const root = doc.contents;
  // (With a `...` marker, keepMarkerComments places the lines.)
  if (!doc.comment || doc.directives.docEnd || !(isMap(root) || isSeq(root)) || root.flow) return;
  // The first line blank: a blank line was written before the comment.
  if (/^[ \t]*\r?\n/.test(text.slice(doc.range[1], doc.range[2]))) return;
  root.comment = root.comment ? `${root.comment}\n${doc.comment}` : doc.comment;
  doc.comment = null;
}

/**
 * The comment lines after a document whose content is a scalar or a flow collection (those after a
 * block collection are its own, see keepDocumentCommentClose), with a blank line before them as
 * written: the model adds one where none was written and drops one after a block scalar.
 */
function keepTailBlank(d: Document.Parsed, blank: boolean | undefined, printed: string): string {
  if (blank === undefined || !d.comment) return printed;
  const block = `${d.comment
    .split('\n')
    .map((l) => (l === '' ? '' : `#${l}`))
    .join('\n')}\n`;
  if (!printed.endsWith(`\n${block}`)) return printed;
  return `${printed.slice(0, -block.length).replace(/\n+$/, '\n')}${blank ? '\n' : ''}${block}`;
}

/**
 * For a document whose content is a scalar or a flow collection and which ends with comment lines:
 * whether a blank line was written before them (read before its nodes are replaced by placeholders).
 */
function tailBlankWritten(d: Document.Parsed, text: string): boolean | undefined {
  const root = d.contents;
  if (!d.comment || d.directives.docEnd || !isNode(root) || (isCollection(root) && !root.flow)) return undefined;
  // Where the content ends as written: the line after its last.
  let at = root.range[1];
  if (at > 0 && text[at - 1] !== '\n') at = text.indexOf('\n', at) + 1;
  return at > 0 && /^[ \t]*(\n|$)/.test(text.slice(at));
}

/** Whether the `---` line of the document starting at `offset` holds more than a comment. */
function contentOnMarker(text: string, offset: number): boolean {
  let at = text.lastIndexOf('\n', offset - 1) + 1;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    if (/^---(?:[ \t]|$)/.test(line)) return /^---[ \t]+[^#\s]/.test(line);
    if (!/^\s*(%|#|$)/.test(line)) return false;
    if (end < 0) break;
    at = end + 1;
  }
  return false;
}

/** The lines of `text` from the one holding `offset` on, with the offset where each starts. */
function linesFrom(text: string, offset: number): { line: string; at: number }[] {
  const out: { line: string; at: number }[] = [];
  let at = text.lastIndexOf('\n', offset - 1) + 1;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    out.push({ line: text.slice(at, stop).replace(/\r$/, ''), at });
    at = stop + 1;
  }
  return out;
}

/**
 * Comments on the document markers stay there: `--- # c` (the model prints it on the next line) and
 * `... # c`, with the comment lines written before `...` (the model prints all of them after it, and
 * a line written below `...` on the marker's line).
 */
function keepMarkerComments(doc: Document.Parsed, text: string, prefix: string, restore: Restore[]): void {
  const id = (): string => `${prefix}${restore.length}`;
  const contents = doc.contents;
  if (doc.directives.docStart && contents && isNode(contents) && contents.commentBefore) {
    const start = linesFrom(text, doc.range[0]).find((l) => !/^\s*(%|#|$)/.test(l.line));
    const m = start ? /^---[ \t]+#(.*)$/.exec(start.line) : null;
    const [first, ...rest] = contents.commentBefore.split('\n');
    if (m && first === m[1]!.trimEnd()) {
      const r = { kind: 'marker' as const, id: id(), comment: first };
      restore.push(r);
      contents.commentBefore = [r.id, ...rest].join('\n');
    }
  }
  // An empty document (`---` and nothing else): its comment lines are the empty content's comment,
  // printed one space in below `---`; the marker's comment goes back on it, the others at column 0.
  if (isScalar(contents) && contents.range[0] === contents.range[1] && contents.comment) {
    const start = linesFrom(text, doc.range[0]).find((l) => !/^\s*(%|#|$)/.test(l.line));
    const m = start ? /^---[ \t]+#(.*)$/.exec(start.line) : null;
    const [first, ...rest] = contents.comment.split('\n');
    const r = { kind: 'emptyDoc' as const, id: id(), marker: m && first === m[1]!.trimEnd() ? first : undefined, rest };
    if (r.marker === undefined) r.rest = [first!, ...rest];
    restore.push(r);
    contents.comment = r.id;
  }
  if (!doc.directives.docEnd || !doc.comment) return;
  // From the end of the content: comment lines, the `...` line, then comment lines to the end of the
  // text (past another document's start they are that document's).
  const before: string[] = [];
  let marker: string | undefined;
  const after: string[] = [];
  let state: 'before' | 'after' = 'before';
  const lines = linesFrom(text, doc.range[1]);
  if (lines.length > 0 && lines[0]!.at < doc.range[1] && text[doc.range[1] - 1] !== '\n') lines.shift();
  for (const { line } of lines) {
    const comment = /^[ \t]*#(.*)$/.exec(line);
    const blank = line.trim() === '';
    if (state === 'before') {
      const end = /^\.\.\.(?:[ \t]+#(.*))?[ \t]*$/.exec(line);
      if (end) {
        marker = end[1];
        state = 'after';
      } else if (comment) before.push(comment[1]!);
      else if (blank) before.push('');
      else return;
    } else if (comment) after.push(comment[1]!);
    else if (blank) after.push('');
    else {
      after.length = 0;
      break;
    }
  }
  if (state !== 'after') return;
  // (Runs of blank lines as one, none at the end.)
  const tidy = (a: string[]): string[] => {
    while (a.length > 0 && a[a.length - 1] === '') a.pop();
    return a.filter((l, k) => l !== '' || k === 0 || a[k - 1] !== '');
  };
  const above = tidy(before);
  const below = tidy(after);
  const texts = [...above, ...(marker !== undefined ? [marker] : []), ...below].filter((l) => l !== '');
  const written = doc.comment.split('\n').filter((l) => l !== '');
  if (texts.length !== written.length || texts.some((t, k) => t.trimEnd() !== written[k]!.trimEnd())) return;
  if (above.length > 0) {
    // The lines written before `...` end the root collection, as they would without the marker.
    if (!(isMap(contents) || isSeq(contents)) || contents.flow) return;
    contents.comment = contents.comment ? `${contents.comment}\n${above.join('\n')}` : above.join('\n');
  }
  if (marker === undefined && below.length === 0) {
    doc.comment = null;
    return;
  }
  const r = { kind: 'docEnd' as const, id: id(), marker, after: below };
  restore.push(r);
  doc.comment = r.id;
}

type Restore =
  | {
      kind: 'block';
      id: string;
      source: string;
      sourceIndent: number;
      unit: number;
      /** A plain or quoted scalar over several lines (its lines move with the key), not a block scalar. */
      lines: boolean;
      /** Such a scalar: its lines below the first are written without indentation, indented when put back. */
      reflow?: boolean;
      /** The column of the comment written on its own line below such a scalar. */
      commentColumn?: number;
      /** A flow collection written from the line below its key: printed there. */
      ownLine?: boolean;
      /** The anchor and tag as written, in place of the model's `&anchor` (see `standIn` in `mark`). */
      props?: string;
      anchor?: string;
    }
  /** `comment` undefined: the placeholder only brings the value's anchor or tag back to the key's line. */
  /** (`props`: the anchor and tag written on the key's line, before the comment.) */
  | { kind: 'keyComment'; id: string; comment: string | undefined; props?: string }
  | { kind: 'itemComment'; id: string; comment: string; propsFirst: boolean }
  /** (`eatSpace`: the space the model prints before the placeholder goes too.) */
  | {
      kind: 'inline';
      id: string;
      source: string;
      props?: string;
      anchor?: string;
      eatSpace?: boolean;
      /** An empty value with only properties (`key: !!null`): a comment after it two spaces off, as Prettier prints it. */
      propsOnly?: boolean;
    }
  /** An explicit key, `source` with its anchor and tag as written (`noValue`: `? key` with no `:`). */
  | {
      kind: 'explicitKey';
      id: string;
      source: string;
      anchor?: string;
      noValue: boolean;
      /** Comment lines written between the `?` and the key ('' for a blank line): the first on the `?` line. */
      between?: string[];
    }
  /**
   * An empty value (`key:`) with comment lines written below it: the model prints one such line on
   * the key's line (`key: # c`). Kept on their lines as Prettier prints them (REVIEW15 U18): a line
   * indented past the key one unit in from the key; one at the key's column or left of it at the
   * column of the key (`up` 1) or of the enclosing key `up - 1` levels out. `onKey`: the comment
   * written on the key's line; `up` -1: a blank line.
   */
  | { kind: 'emptyValueComments'; id: string; onKey?: string; lines: { text: string; up: number }[]; unit: number }
  /** The comment on an explicit key's `:` line (`: # c`, the value on the next line). */
  | { kind: 'valueComment'; id: string; comment: string }
  /** A collection's anchor and tag as written: the model prints `&anchor !ID` for them. */
  | { kind: 'props'; id: string; props: string; anchor?: string }
  | { kind: 'marker'; id: string; comment: string }
  | { kind: 'docEnd'; id: string; marker: string | undefined; after: string[] }
  | { kind: 'emptyDoc'; id: string; marker: string | undefined; rest: string[] };

/** The column of a line's first key or value: after its indentation and any `- ` of sequence items. */
const keyColumn = (line: string): number => /^[ ]*(?:-[ ]+)*/.exec(line)![0].length;
const columnIn = (text: string, offset: number): number => offset - (text.lastIndexOf('\n', offset - 1) + 1);
const lineAt = (text: string, offset: number): string => {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end);
};

/** Whether a `#` comment stands between `from` and the end of its line (outside quotes: none here). */
const sameLineComment = (text: string, from: number, to: number): boolean => {
  const eol = text.indexOf('\n', from);
  const seg = text.slice(from, Math.min(eol < 0 ? text.length : eol, to));
  return /(^|\s)#/.test(seg);
};

function mark(
  doc: Document.Parsed,
  text: string,
  tokens: readonly Token[],
  prefix: string,
  restore: Restore[],
  indentUnit: number,
  allow: Allow,
): void {
  const id = (): string => `${prefix}${restore.length}`;
  /** Whether the next node that would be kept as written is (see `formatYamlText`). */
  const take = (): boolean => allow.keep(allow.seen++);
  /**
   * A placeholder for a node kept as written: its anchor, comments and (unless written in the kept
   * text) tag. When the model would print the anchor and tag otherwise than written (`!!str &q` as
   * `&q !!str`, `!<tag:yaml.org,2002:str>` as `!!str`), they are put back as written (`props`: the
   * model still prints the anchor, for the aliases to it, and `anchor` says which to replace).
   */
  const standIn = (n: YamlNode, withTag: boolean): [Scalar<string>, { props?: string; anchor?: string }] => {
    const placeholder = new Scalar(id());
    for (const k of ['anchor', 'commentBefore', 'spaceBefore', 'comment'] as const)
      if (n[k] !== undefined) (placeholder as unknown as Record<string, unknown>)[k] = n[k];
    const props = withTag ? propsToKeep(n) : undefined;
    if (props !== undefined) return [placeholder, { props, ...(n.anchor ? { anchor: n.anchor } : {}) }];
    // (The tag as written, `!!str` included: the model prints it before the placeholder.)
    if (withTag && n.tag) placeholder.tag = n.tag;
    return [placeholder, {}];
  };
  /** A node's anchor and tag as written, when the model would print them otherwise. */
  const propsToKeep = (n: YamlNode): string | undefined => {
    const written = writtenProps(n, tokens);
    return written !== undefined && n.tag && written !== modelProps(n, doc) ? written : undefined;
  };
  // A plain or quoted scalar written over several lines keeps its lines as written, each moved with
  // its key (continuation lines only need to stay indented past the key, as they were).
  const kept = (n: Scalar, start: number, end: number): Scalar | undefined => {
    if (inFlow.has(n) || !take()) return undefined;
    const [placeholder, props] = standIn(n, true);
    // A comment written on its own line below the scalar (the model has it as the scalar's comment,
    // printed on its last line) stays on its own line, at its column.
    const hash = n.comment ? text.indexOf('#', end) : -1;
    const ownLine = hash >= 0 && /\n/.test(text.slice(end, hash));
    // As Prettier prints it (REVIEW8 K10c): in its quotes, each line without the spaces around it
    // (folded away: not part of the value), the lines below the first at one indentation.
    const written = text.slice(start, end).replace(/\r\n/g, '\n');
    const quoted = n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE';
    const source = (quoted ? prettierQuotes(written) : written)
      .split('\n')
      .map((l, k) => (k === 0 ? l : l.trimStart()))
      .map((l) => trimFolded(l, written[0] === '"'))
      .join('\n');
    restore.push({
      kind: 'block',
      id: placeholder.value,
      source,
      sourceIndent: keyColumn(lineAt(text, start)),
      unit: indentUnit,
      lines: true,
      reflow: true,
      ...(ownLine ? { commentColumn: hash - (text.lastIndexOf('\n', hash) + 1) } : {}),
      ...props,
    });
    return placeholder;
  };
  // Scalars inside flow collections are printed by the model (a flow collection is reprinted whole).
  const inFlow = new Set<unknown>();
  visit(doc, {
    Collection(_, c) {
      if (isCollection(c) && c.flow)
        visit(c, {
          Node(_k, s) {
            if (s !== c) inFlow.add(s);
          },
        });
    },
  });
  /**
   * The comment lines and blank lines written in tokens `from`..`to` (spaces, line breaks and comments):
   * a comment's token index, or -1 for a blank line (a run of them as one; none before the first comment).
   */
  const commentLines = (from: number, to: number, atLineStart: boolean): number[] => {
    const out: number[] = [];
    let empty = atLineStart;
    for (let t = from; t < to; t++) {
      const type = tokens[t]!.type;
      if (type === 'comment') {
        out.push(t);
        empty = false;
      } else if (type === 'newline') {
        if (empty && out.length > 0 && out[out.length - 1] !== -1) out.push(-1);
        empty = true;
      }
    }
    return out;
  };
  /** A comment token's text after its `#`. */
  const commentText = (t: number): string => tokens[t]!.source.slice(1);
  /**
   * A `-` alone on its line, the item below it (REVIEW8 K10a): the model reads the line break after the
   * `-` as a blank line among the comment lines before the item, so it invented a blank line between a
   * comment and the `-` it describes, and it puts comment lines written below the `-` above it. Those
   * lines are rebuilt from the tokens as Prettier prints them: the comment lines and blank lines above
   * the `-` as written, the first comment line below it on the `-` line (`- # note`), the others below
   * it; a blank line right after the `-` goes. True when the item is handled here.
   */
  const dashAlone = (item: YamlNode, k: number): boolean => {
    const first = tokenAt(tokens, item.range![0]);
    let j = k + 1;
    while (j < first && tokens[j]!.type === 'space') j++;
    if (j >= first || tokens[j]!.type !== 'newline') return false;
    if (tokens.slice(j, first).some((t) => !['space', 'newline', 'comment'].includes(t.type))) return false;
    let start = k - 1;
    while (start >= 0 && ['space', 'newline', 'comment'].includes(tokens[start]!.type)) start--;
    // (A blank line before the first comment line is the model's `spaceBefore`, left to it.)
    const above = commentLines(start + 1, k, false);
    const below = commentLines(j + 1, first, true);
    if (!below.some((t) => t >= 0)) below.length = 0;
    const lines = [...above, ...below];
    // The model's comment lines are the last ones written (those before may belong to the node above).
    const model = item.commentBefore!.split('\n').filter((l) => l !== '');
    const comments = lines.filter((t) => t >= 0);
    if (model.length === 0 || model.length > comments.length) return false;
    const from = comments[comments.length - model.length]!;
    const kept = lines.slice(lines.indexOf(from));
    if (kept.filter((t) => t >= 0).some((t, n) => commentText(t).trimEnd() !== model[n]!.trimEnd())) return false;
    if (!take()) return false;
    const onDash = below.find((t) => t >= 0);
    let out = kept.map((t) => (t < 0 ? '' : commentText(t)));
    if (onDash !== undefined) {
      const r = { kind: 'itemComment' as const, id: id(), comment: commentText(onDash), propsFirst: false };
      restore.push(r);
      out = kept.map((t) => (t < 0 ? '' : t === onDash ? r.id : commentText(t)));
    }
    item.commentBefore = out.join('\n');
    return true;
  };
  /**
   * An empty map value with comment lines below its key (see the `emptyValueComments` restore): its
   * placeholder, or undefined when the lines as written are not the model's comment (left to the model).
   */
  const emptyValueComments = (n: Scalar, path: readonly unknown[]): Scalar | undefined => {
    const range = n.range!;
    const span = text.slice(range[0], range[2]).split('\n');
    const head = span.shift()!;
    const onKey = /^[ \t]*#(.*)$/.exec(head);
    if (!onKey && head.trim() !== '') return undefined;
    const spanLines = span.length;
    while (span.length > 0 && span[span.length - 1]!.trim() === '') span.pop();
    if (span.length === 0) return undefined;
    /** Whether a blank line follows the last comment line (before what comes next). */
    const atLineStart = range[2] > 0 && text[range[2] - 1] === '\n';
    const blankAfter =
      span.length < spanLines - (atLineStart ? 1 : 0) ||
      (atLineStart ? /^[ \t]*\n/ : /^[ \t]*\n[ \t]*\n/).test(text.slice(range[2]));
    const lines: { text: string; indent: number }[] = [];
    for (const l of span) {
      const m = /^([ ]*)#(.*)$/.exec(l);
      if (m) lines.push({ text: m[2]!, indent: m[1]!.length });
      else if (l.trim() === '') lines.push({ text: '', indent: -1 });
      else return undefined;
    }
    // (The model keeps a blank line among them as an empty line of the comment, or not at all.)
    const model = (n.comment ?? '').split('\n').filter((l) => l !== '');
    const all = [...(onKey ? [onKey[1]!] : []), ...lines.filter((l) => l.indent >= 0).map((l) => l.text)];
    if (all.length !== model.length || all.some((t, k) => t.trimEnd() !== model[k]!.trimEnd())) return undefined;
    // The columns of the keys from the innermost out (this value's key first): those of the mappings
    // (the keys themselves may be placeholders already). Not inside a sequence: left to the model.
    const columns: number[] = [];
    for (let k = path.length - 1; k >= 0; k--) {
      const a = path[k];
      if (isSeq(a) || (isMap(a) && (a.flow || !a.range))) return undefined;
      if (isMap(a)) columns.push(columnIn(text, a.range![0]));
    }
    if (columns.length === 0 || !take()) return undefined;
    // The model reads a blank line before the next key (or the comment lines it gives that key) that
    // is not written after the last of these lines (one among them is put back with them): it stays
    // unwritten.
    const pair = path[path.length - 1];
    const map = path[path.length - 2];
    const next = isMap(map) && isPair(pair) ? map.items[map.items.indexOf(pair) + 1] : undefined;
    const nextKey = isPair(next) && isNode(next.key) ? next.key : undefined;
    if (nextKey?.spaceBefore && !blankAfter) nextKey.spaceBefore = false;
    // As Prettier places them: the lines past the key, below it, one unit in; from the first line at
    // or left of the key's column on, at the key's level when a key follows in its mapping (they lead
    // that key), else at the level of the innermost key whose enclosing key is left of the line (a line
    // between two levels goes to the inner one), never further in than the line before.
    let level: number | undefined;
    const up = (indent: number): number => {
      if (indent < 0) return -1;
      if (level === undefined && indent > columns[0]!) return 0;
      const own = columns.findIndex((_, j) => (columns[j + 1] ?? -1) < indent) + 1;
      level = next !== undefined ? 1 : Math.max(level ?? 1, own);
      return level;
    };
    // (A run of blank lines is one, as everywhere.)
    const placed = lines
      .filter((l, k) => l.indent >= 0 || k === 0 || lines[k - 1]!.indent >= 0)
      .map((l) => ({ text: l.text.trimEnd(), up: up(l.indent) }));
    // Prettier's own layout: after a comment on the key's line, a blank line before comment lines at
    // the key's column or left of it (not at the top level) that end the document is printed as two
    // (and kept so at every run).
    const last = text.slice(range[2]).trim() === '';
    const firstUp = placed.find((l) => l.up >= 0)?.up ?? 0;
    if (onKey && last && placed[0]?.up === -1 && firstUp >= 1 && firstUp < columns.length)
      placed.unshift({ text: '', up: -1 });
    // (The blank lines are among the lines put back: the placeholder stays on the key's line.)
    const placeholder = new Scalar(id());
    if (n.commentBefore !== undefined) placeholder.commentBefore = n.commentBefore;
    restore.push({
      kind: 'emptyValueComments',
      id: placeholder.value,
      ...(onKey ? { onKey: onKey[1]!.trimEnd() } : {}),
      lines: placed,
      unit: indentUnit,
    });
    return placeholder;
  };
  visit(doc, {
    Scalar(_, n, path) {
      const parent = path[path.length - 1];
      if (
        n.range &&
        n.range[0] === n.range[1] &&
        !n.tag &&
        !n.anchor &&
        n.comment &&
        isPair(parent) &&
        parent.value === n &&
        !inFlow.has(n) &&
        /\n/.test(text.slice(n.range[0], n.range[2]).replace(/\n+$/, ''))
      )
        return emptyValueComments(n, path);
      if (n.range && n.range[0] === n.range[1] && !n.tag && !n.anchor && isSeq(parent) && !parent.flow) {
        // An empty item (`-`) gets no trailing space (the model prints `- `).
        if (!take()) return undefined;
        const placeholder = new Scalar(id());
        for (const k of ['commentBefore', 'spaceBefore', 'comment'] as const)
          if (n[k] !== undefined) (placeholder as unknown as Record<string, unknown>)[k] = n[k];
        restore.push({ kind: 'inline', id: placeholder.value, source: '', eatSpace: true });
        return placeholder;
      }
      if (n.range && n.range[0] === n.range[1] && (n.tag || n.anchor)) {
        // An empty value with an anchor or a tag (`key: !!null`, `- &a`) is kept as written: the model
        // prints a space after them (`!!null `), and `!!str` with `""`.
        const props = writtenProps(n, tokens);
        if (props === undefined || !take()) return undefined;
        const placeholder = new Scalar(id());
        for (const k of ['anchor', 'commentBefore', 'spaceBefore', 'comment'] as const)
          if (n[k] !== undefined) (placeholder as unknown as Record<string, unknown>)[k] = n[k];
        restore.push({
          kind: 'inline',
          id: placeholder.value,
          source: '',
          props,
          ...(n.anchor ? { anchor: n.anchor } : {}),
          ...(inFlow.has(n) ? {} : { propsOnly: true }),
        });
        return placeholder;
      }
      // A scalar with an explicit tag (`!!int "4096"`, `!!str 12345`, `!!float 3`) on one line is kept
      // as written, tag included: the model would re-quote it by its resolved value, or drop `!!str`.
      const tagged = n.range ? tagBefore(text, n.range[0]) : undefined;
      if (tagged !== undefined && n.range && !/[\r\n]/.test(text.slice(tagged, n.range[1]))) {
        if (!take()) return undefined;
        const [placeholder] = standIn(n, false);
        // (One space between the tag and the scalar, as the model prints it.)
        const tag = /^\S+/.exec(text.slice(tagged))![0];
        restore.push({ kind: 'inline', id: placeholder.value, source: `${tag} ${text.slice(n.range[0], n.range[1])}` });
        return placeholder;
      }
      if ((n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE') && n.range) {
        // A quoted scalar on one line keeps its quotes and escapes as written (`"a\u005fb"`).
        const source = text.slice(n.range[0], n.range[1]);
        if (source.includes('\n') || source.includes('\r')) return kept(n, n.range[0], n.range[1]);
        if (!take()) return undefined;
        const [placeholder, props] = standIn(n, true);
        restore.push({ kind: 'inline', id: placeholder.value, source: prettierQuotes(source), ...props });
        return placeholder;
      }
      if (n.type === 'PLAIN' && n.range && /[\r\n]/.test(text.slice(n.range[0], n.range[1])))
        return kept(n, n.range[0], n.range[1]);
      if (n.type === 'PLAIN' && n.range && n.range[1] > n.range[0]) {
        // A plain scalar on one line is kept as written: the model prints the value it read, so
        // `012` would become `12` (octal 10 for a YAML 1.1 reader), `0x0C` `0xc`, `1e3` `1e+3`.
        if (!take()) return undefined;
        const [placeholder, props] = standIn(n, true);
        restore.push({ kind: 'inline', id: placeholder.value, source: text.slice(n.range[0], n.range[1]), ...props });
        return placeholder;
      }
      if ((n.type !== 'BLOCK_FOLDED' && n.type !== 'BLOCK_LITERAL') || !n.range || !take()) return undefined;
      const [start, end] = n.range;
      const source = text.slice(start, end).replace(/\r\n/g, '\n').replace(/\n$/, '');
      const [placeholder, props] = standIn(n, true);
      // (A block scalar's comment is in its header, kept with its source.)
      placeholder.comment = undefined;
      restore.push({
        kind: 'block',
        id: placeholder.value,
        source,
        sourceIndent: keyColumn(lineAt(text, start)),
        unit: indentUnit,
        lines: false,
        ...props,
      });
      return placeholder;
    },
    Pair(_, p) {
      if (isPair(p) && isScalar(p.key) && p.key.range && !inFlow.has(p.key)) {
        // An explicit key (`? 012` then `: 1e3`) stays explicit: the model writes `012: 1e3`.
        const key = p.key;
        const range = p.key.range;
        let k = tokenAt(tokens, range[0]) - 1;
        while (k >= 0 && ['space', 'anchor', 'tag'].includes(tokens[k]!.type)) k--;
        // Comment lines between the `?` and the key (`? # why` then the key below it, REVIEW8 K10b):
        // printed as Prettier prints them, the first on the `?` line, the others below it.
        let between: number[] = [];
        let keyFirst = k + 1;
        if (k >= 0 && !key.tag && !key.anchor && ['newline', 'comment'].includes(tokens[k]!.type)) {
          while (k >= 0 && ['space', 'newline', 'comment'].includes(tokens[k]!.type)) k--;
          keyFirst = tokenAt(tokens, range[0]);
          between = commentLines(k + 1, keyFirst, false);
        }
        const betweenComments = between.filter((t) => t >= 0);
        const modelBefore = (key.commentBefore ?? '').split('\n');
        const modelComments = modelBefore.map((l, n) => (l === '' ? -1 : n)).filter((n) => n >= 0);
        // Where the model's lines of those comments start (the lines before are written above the `?`).
        let cut =
          betweenComments.length === 0
            ? modelBefore.length
            : modelComments[modelComments.length - betweenComments.length];
        const betweenOk =
          cut !== undefined &&
          betweenComments.every(
            (t, n) =>
              modelBefore[modelComments[modelComments.length - betweenComments.length + n]!]!.trimEnd() ===
              commentText(t).trimEnd(),
          );
        const props = key.tag || key.anchor ? writtenProps(key, tokens) : '';
        const source = text.slice(range[0], range[1]);
        if (
          k >= 0 &&
          tokens[k]!.type === 'explicit-key-ind' &&
          props !== undefined &&
          betweenOk &&
          (key.type === 'PLAIN' || key.type === 'QUOTE_DOUBLE' || key.type === 'QUOTE_SINGLE') &&
          !source.includes('\n') &&
          take()
        ) {
          if (keyFirst > k + 1) {
            // The model's lines for them go, and the blank line it reads in the line break after a bare
            // `?` with them; a blank line written before the `?` stays.
            while (cut! > 0 && modelBefore[cut! - 1] === '') cut = cut! - 1;
            const rest = modelBefore.slice(0, cut).join('\n');
            key.commentBefore = rest === '' ? undefined : rest;
            if (rest === '') {
              let s = k - 1;
              while (s >= 0 && ['space', 'newline', 'comment'].includes(tokens[s]!.type)) s--;
              key.spaceBefore =
                /\n[ \t]*\n/.test(text.slice(tokens[s + 1]?.offset ?? 0, tokens[k]!.offset)) || undefined;
            }
          }
          const [placeholder] = standIn(key, false);
          // A comment on the key's line stays there (the model has it before the value).
          let j = tokenAt(tokens, range[1]);
          while (j < tokens.length && tokens[j]!.type === 'space') j++;
          const onLine = tokens[j]?.type === 'comment' ? tokens[j]!.source.trimEnd() : undefined;
          const v = p.value;
          let comment = '';
          if (onLine !== undefined) {
            const first = (c: string | null | undefined): boolean => c?.split('\n')[0] === onLine.slice(1);
            const rest = (c: string): string | undefined => c.split('\n').slice(1).join('\n') || undefined;
            if (first(placeholder.comment)) {
              placeholder.comment = rest(placeholder.comment!);
              comment = ` ${onLine}`;
            } else if (isNode(v) && first(v.commentBefore)) {
              v.commentBefore = rest(v.commentBefore!);
              comment = ` ${onLine}`;
            }
          }
          restore.push({
            kind: 'explicitKey',
            id: placeholder.value,
            source: `${props ? `${props} ${source}` : source}${comment}`,
            ...(key.anchor ? { anchor: key.anchor } : {}),
            noValue: p.value === null,
            ...(betweenComments.length > 0 ? { between: between.map((t) => (t < 0 ? '' : commentText(t))) } : {}),
          });
          p.key = placeholder;
          // A comment on the value's line (`: # c`, the value below it) stays there: the model has it
          // before the value, printed on its own line below the `:` (after the comment lines written
          // between the key and the `:`, which it prints there too).
          let above = 0;
          for (; j < tokens.length && ['space', 'newline', 'comment'].includes(tokens[j]!.type); j++)
            if (tokens[j]!.type === 'comment') above++;
          if (comment !== '') above--;
          if (tokens[j]?.type === 'map-value-ind' && isNode(v) && v.commentBefore) {
            let c = j + 1;
            while (c < tokens.length && tokens[c]!.type === 'space') c++;
            const lines = v.commentBefore.split('\n');
            const at = lines.map((l, n) => (l === '' ? -1 : n)).filter((n) => n >= 0)[above];
            if (
              at !== undefined &&
              tokens[c]?.type === 'comment' &&
              tokens[c]!.source.slice(1).trimEnd() === lines[at]!.trimEnd()
            ) {
              const r = { kind: 'valueComment' as const, id: id(), comment: lines[at]! };
              restore.push(r);
              v.commentBefore = [...lines.slice(0, at), r.id, ...lines.slice(at + 1)].join('\n');
            }
          }
          return;
        }
      }
      const v = p.value;
      if (!isPair(p) || !isScalar(p.key) || !(isCollection(v) || isScalar(v)) || !v.commentBefore) return;
      if (!p.key.range || !v.range || p.key.comment) return;
      // The text between the key and its value: `: &anchor # comment\n  `.
      if (!sameLineComment(text, p.key.range[1], v.range[0])) {
        // No comment there, but an anchor or a tag, and comment lines before the first entry: the model
        // prints the anchor below the comment lines, alone on its line (REVIEW3 F16). It stays on the
        // key's line.
        if (isCollection(v) && (v.anchor || v.tag) && take()) {
          const r = { kind: 'keyComment' as const, id: id(), comment: undefined };
          restore.push(r);
          p.key.comment = r.id;
        }
        return;
      }
      if (!take()) return;
      // The comment on the key's line is the first of those before the value; comment lines below
      // it (`definition: # def` then `  # before llm`) stay before the value's first entry. (A
      // scalar written on the next line, `provider: # which` then `vendor_a`, likewise: REVIEW3 F4.)
      // Blank lines right below the key's line go (one stays after an anchor or a tag), and a run of
      // them further down is one, as Prettier prints them: the model kept all but one of those below
      // the key's line, and a second run of `format` removed another (REVIEW18-user U5).
      const lines = v.commentBefore.split('\n');
      const comment = lines.shift() ?? '';
      const blankFirst = lines[0] === '';
      while (lines[0] === '') lines.shift();
      let kept = lines.filter((l, k) => l !== '' || lines[k - 1] !== '');
      // (The model prints a blank line for a leading '' before a comment line, and for '\n' alone.)
      if (blankFirst && (v.anchor || v.tag)) kept = kept.length > 0 ? ['', ...kept] : ['', ''];
      v.commentBefore = kept.length > 0 ? kept.join('\n') : undefined;
      // (The anchor and tag written on the key's line, before the comment: the model prints them with
      // the value on its line below; Prettier keeps them on the key's line: `llm: &a # c`, then `{ … }`.)
      const onKey = /^\s*:?[ \t]*((?:[&!]\S*[ \t]+)*[&!]\S*)[ \t]+#/.exec(text.slice(p.key.range[1], v.range[0]));
      const r = {
        kind: 'keyComment' as const,
        id: id(),
        comment,
        ...(onKey ? { props: onKey[1]!.replace(/[ \t]+/g, ' ') } : {}),
      };
      restore.push(r);
      p.key.comment = r.id;
    },
    Seq(_, s) {
      if (!isSeq(s) || s.flow) return;
      for (const item of s.items) {
        if (!isNode(item) || !item.commentBefore || !item.range) continue;
        // The `- ` of this item, then `&anchor # comment` on its line (`- # note` with the item on
        // the next line): of the comment lines before the item, the one after those above the `- `.
        let k = tokenAt(tokens, item.range[0]) - 1;
        while (k >= 0 && ['space', 'newline', 'comment', 'anchor', 'tag'].includes(tokens[k]!.type)) k--;
        if (k < 0 || tokens[k]!.type !== 'seq-item-ind') continue;
        // (A `- ` first on its line, or after other `- ` only.)
        const dashLine = text.slice(text.lastIndexOf('\n', tokens[k]!.offset - 1) + 1, tokens[k]!.offset);
        const dashFirst = /^[ \t]*(?:-[ \t]+)*$/.test(dashLine);
        if (dashFirst && dashAlone(item, k)) continue;
        let above = 0;
        for (let j = k - 1; j >= 0 && ['space', 'newline', 'comment'].includes(tokens[j]!.type); j--)
          if (tokens[j]!.type === 'comment') above++;
        const lines = item.commentBefore.split('\n');
        // (Blank lines between the comment lines above are lines of the comment too.)
        const nonBlank = lines.map((l, n) => (l === '' ? -1 : n)).filter((n) => n >= 0);
        // (A `- ` first on its line, or after other `- ` only: in `- - # note` the model prints the
        // comment after the outer dash, `- #ID` then `  - x`; put back on the inner one.)
        if (!dashFirst) continue;
        let onDash: Token | undefined;
        let onDashAt = 0;
        let propsFirst = false;
        for (let j = k + 1; j < tokens.length && tokens[j]!.type !== 'newline' && !onDash; j++) {
          const t = tokens[j]!;
          if (t.type === 'comment') [onDash, onDashAt] = [t, j];
          else if (t.type === 'anchor' || t.type === 'tag') propsFirst = true;
          else if (t.type !== 'space') break;
        }
        if (!onDash) continue;
        // The comment on the `- ` line: after the comment lines above the `- `, or (when the model gave
        // those to the node before, as it does to the first item's: the sequence's) the one before
        // the comment lines below it.
        let below = 0;
        for (let j = onDashAt; j < tokenAt(tokens, item.range[0]); j++) if (tokens[j]!.type === 'comment') below++;
        const at = [nonBlank[above], nonBlank[nonBlank.length - below]].find(
          (n) => n !== undefined && onDash.source.slice(1).trimEnd() === lines[n]!.trimEnd(),
        );
        if (at === undefined || !take()) continue;
        // Comment lines above the `- ` stay above it, those below it below.
        const comment = lines[at]!;
        // (A scalar's anchor or tag written before the comment stays there: `- &z # note`.)
        const r = { kind: 'itemComment' as const, id: id(), comment, propsFirst: propsFirst && !isCollection(item) };
        restore.push(r);
        item.commentBefore = [...lines.slice(0, at), r.id, ...lines.slice(at + 1)].join('\n');
      }
    },
  });
  // Collections after the scalars (the order nodes are met in must not depend on what is kept: a
  // flow collection kept whole still has its scalars met first).
  const collection = (key: unknown, c: YAMLMap | YAMLSeq): Scalar | undefined => {
    if (!c.range || inFlow.has(c)) return undefined;
    if (c.flow && key !== 'key' && /\n/.test(text.slice(c.range[0], c.range[1]))) {
      // A flow collection written over several lines is kept as written, its lines moved with its
      // key, as a scalar over several lines: the model puts each entry on its own line (and a
      // comment after the last entry after the closing bracket).
      const props = c.tag ? writtenProps(c, tokens) : undefined;
      if ((c.tag && props === undefined) || !take()) return undefined;
      const [placeholder] = standIn(c, false);
      // (The model's comment of a flow collection is the one after its last entry, in the text
      // kept, and the one after its closing bracket, on the placeholder's line.)
      // (The tokens in that span found by offset: a filter over all of them made the formatting
      // quadratic in the file, one pass per flow collection.)
      const after: Token[] = [];
      for (let j = tokenAt(tokens, c.range[1]); j < tokens.length && tokens[j]!.offset < c.range[2]; j++)
        if (tokens[j]!.type === 'comment') after.push(tokens[j]!);
      const kept = (c.comment ?? '').split('\n').slice(-after.length);
      placeholder.comment = after.length > 0 ? kept.join('\n') : undefined;
      restore.push({
        kind: 'block',
        id: placeholder.value,
        source: text.slice(c.range[0], c.range[1]),
        sourceIndent: keyColumn(lineAt(text, c.range[0])),
        unit: indentUnit,
        lines: true,
        // (A mapping's value written from the line below its key, as Prettier prints a long one,
        // stays there: the model puts it on the key's line, which Prettier undoes.)
        ...(key === 'value' &&
        !c.anchor &&
        !c.tag &&
        /^[ \t]*$/.test(lineAt(text, c.range[0]).slice(0, columnIn(text, c.range[0])))
          ? { ownLine: true }
          : {}),
        ...(props !== undefined ? { props, ...(c.anchor ? { anchor: c.anchor } : {}) } : {}),
      });
      return placeholder;
    }
    if (c.flow && key !== 'key') {
      // A flow collection on one line is spaced as Prettier spaces it (`[a, b]`, `{ a: 1 }`), its
      // scalars, anchors and tags as written: the model pads sequences (`[ a, b ]`), which Prettier
      // undoes (REVIEW5 H13).
      const source = flowOnOneLine(tokens, c.range[0], c.range[1]);
      const props = c.tag ? writtenProps(c, tokens) : undefined;
      if (source === undefined || (c.tag && props === undefined) || !take()) return undefined;
      const [placeholder] = standIn(c, false);
      restore.push({
        kind: 'inline',
        id: placeholder.value,
        source,
        ...(props !== undefined ? { props, ...(c.anchor ? { anchor: c.anchor } : {}) } : {}),
      });
      return placeholder;
    }
    // A collection's anchor and tag as written, where the model would print them otherwise.
    const props = propsToKeep(c);
    if (props === undefined || !take()) return undefined;
    const r = { kind: 'props' as const, id: id(), props, ...(c.anchor ? { anchor: c.anchor } : {}) };
    restore.push(r);
    c.tag = `!${r.id}`;
    return undefined;
  };
  visit(doc, { Map: collection, Seq: collection });
}

/**
 * A flow collection written on one line (`start`..`end`, brackets included) spaced as Prettier
 * prints it: no space inside `[ ]`, one inside `{ }` (none when empty), one after `,` and `:`, none
 * before them, a trailing comma dropped; every other token as written. Undefined when it spans
 * lines or holds a comment.
 */
function flowOnOneLine(tokens: readonly Token[], start: number, end: number): string | undefined {
  const parts: Token[] = [];
  for (let j = tokenAt(tokens, start); j < tokens.length && tokens[j]!.offset < end; j++) {
    const t = tokens[j]!;
    if (t.type === 'newline' || t.type === 'comment' || t.source.includes('\n')) return undefined;
    if (t.type !== 'space') parts.push(t);
  }
  let out = '';
  let prev: Token | undefined;
  for (const [k, t] of parts.entries()) {
    const next = parts[k + 1]?.type;
    // (`[a, b,]`: the comma before a closing bracket reads as nothing; Prettier drops it.)
    if (t.type === 'comma' && (next === 'flow-seq-end' || next === 'flow-map-end')) continue;
    const p = prev?.type;
    let space = ' ';
    if (p === undefined || p === 'flow-seq-start' || t.type === 'comma' || t.type === 'flow-seq-end') space = '';
    else if (t.type === 'flow-map-end' && p === 'flow-map-start') space = '';
    // (`*a :`: an alias name may end with a colon, the space before the indicator stays.)
    else if (
      t.type === 'map-value-ind' &&
      p !== 'alias' &&
      p !== 'comma' &&
      p !== 'flow-map-start' &&
      p !== 'flow-seq-start'
    )
      space = '';
    out +=
      space +
      (t.type === 'single-quoted-scalar' || t.type === 'double-quoted-scalar' ? prettierQuotes(t.source) : t.source);
    prev = t;
  }
  return out;
}

/**
 * A quoted scalar on one line in the quotes Prettier writes (its YAML printer's rule): double quotes,
 * single quotes when the text holds a double quote and no other escape; as written when it holds an
 * escape other than `\"` (double-quoted) or a backslash (single-quoted, where it is a character).
 */
function prettierQuotes(source: string): string {
  const quote = source[0];
  const raw = source.slice(1, -1);
  if ((quote === "'" && raw.includes('\\')) || (quote === '"' && /\\[^"]/.test(raw))) return source;
  if (raw.includes('"')) return quote === '"' ? `'${raw.replaceAll('\\"', '"').replaceAll("'", "''")}'` : source;
  if (raw.includes("'")) return quote === "'" ? `"${raw.replaceAll("''", "'")}"` : source;
  return `"${raw}"`;
}

/** A token of the text as the `yaml` lexer reads it, with its offset. */
interface Token {
  type: string;
  offset: number;
  source: string;
}

/** The text's tokens in order, from its lexemes (a scalar's text is one token, whatever it starts with). */
class TokenReader {
  readonly tokens: Token[] = [];
  private offset = 0;
  private scalar = false;
  add(t: string): void {
    // (The lexer's markers for a document, a flow error's end and a scalar stand for no text.)
    if (t === '\x02' || t === '\x18') return;
    if (t === '\x1f') {
      this.scalar = true;
      return;
    }
    this.tokens.push({ type: this.scalar ? 'scalar' : (CST.tokenType(t) ?? 'other'), offset: this.offset, source: t });
    this.offset += t.length;
    this.scalar = false;
  }
}

/** The index of the first token at or after `offset`. */
function tokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.offset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A node's anchor and tag as written (`!!str &q`, `!<tag:yaml.org,2002:str>`), one space between
 * them, when they are found and are the node's own; undefined otherwise. A block mapping's first
 * line holds its first key's properties: the mapping's own are on a line above.
 */
function writtenProps(n: YamlNode, tokens: readonly Token[]): string | undefined {
  if (!n.range || (!n.tag && !n.anchor)) return undefined;
  let i = tokenAt(tokens, n.range[0]) - 1;
  if (isMap(n) && !n.flow) {
    while (i >= 0 && tokens[i]!.type !== 'newline') {
      if (!['space', 'anchor', 'tag'].includes(tokens[i]!.type)) return undefined;
      i--;
    }
  }
  const run: Token[] = [];
  for (; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.type === 'anchor' || t.type === 'tag') run.unshift(t);
    else if (t.type === 'newline') {
      if (run.length > 0) break;
    } else if (t.type !== 'space' && t.type !== 'comment') break;
  }
  const anchors = run.filter((t) => t.type === 'anchor').map((t) => t.source);
  const tags = run.filter((t) => t.type === 'tag');
  if (anchors.join(' ') !== (n.anchor ? `&${n.anchor}` : '') || tags.length !== (n.tag ? 1 : 0)) return undefined;
  return run.map((t) => t.source).join(' ');
}

/** A node's anchor and tag as the model prints them. */
function modelProps(n: YamlNode, doc: Document.Parsed): string {
  const out: string[] = [];
  if (n.anchor) out.push(`&${n.anchor}`);
  if (n.tag) out.push(doc.directives.tagString(n.tag));
  return out.join(' ');
}

/** Where the explicit tag written right before a scalar's text starts (`!!int "4096"`), if there is one. */
function tagBefore(text: string, start: number): number | undefined {
  let k = start;
  while (k > 0 && (text[k - 1] === ' ' || text[k - 1] === '\t')) k--;
  if (k === start) return undefined;
  let b = k;
  while (b > 0 && !/[\s,[\]{}]/.test(text[b - 1]!)) b--;
  return text[b] === '!' ? b : undefined;
}

const inlineKinds = new Set<string>(['inline', 'props']);

/** The text before a kept node's placeholder, with its anchor and tag as written when they are kept. */
/**
 * A line of a plain or quoted scalar written over several lines without the spaces and tabs that end
 * it (folded away), unless they follow an escape in a double-quoted one (`\ `: an escaped space).
 */
function trimFolded(line: string, double: boolean): string {
  const trimmed = line.replace(/[ \t]+$/, '');
  if (double && trimmed.length < line.length && /(^|[^\\])(\\\\)*\\$/.test(trimmed)) return line;
  return trimmed;
}

function withProps(before: string, r: { props?: string; anchor?: string }): string {
  if (r.props === undefined) return before;
  const printed = r.anchor !== undefined ? `&${r.anchor} ` : '';
  return `${printed && before.endsWith(printed) ? before.slice(0, -printed.length) : before}${r.props} `;
}

function putBack(printed: string, restore: readonly Restore[]): string {
  const byId = new Map(restore.map((r) => [r.id, r]));
  const lines = printed.split('\n');
  const out: string[] = [];
  /** Lines of `out` that are `key: # comment` whose anchor or tag the model printed with the value below. */
  const propsUp: { at: number; props: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = [...line.matchAll(/acfmt\d+x\d+/g)].find((x) => !inlineKinds.has(byId.get(x[0])?.kind ?? 'inline'));
    const r = m ? byId.get(m[0]) : undefined;
    if (!m || !r || r.kind === 'inline' || r.kind === 'props') {
      out.push(line);
      continue;
    }
    const indent = line.length - line.trimStart().length;
    if (r.kind === 'marker') {
      // `#ID` right below the `---` it was written on.
      if (out.length > 0 && out[out.length - 1] === '---') out[out.length - 1] = `--- #${r.comment}`;
      else out.push(`${' '.repeat(indent)}#${r.comment}`);
    } else if (r.kind === 'emptyDoc') {
      // ` #ID` below the `---` of an empty document.
      if (r.marker !== undefined && out.length > 0 && out[out.length - 1] === '---')
        out[out.length - 1] = `--- #${r.marker}`;
      else if (r.marker !== undefined) out.push(`#${r.marker}`);
      out.push(...r.rest.map((l) => (l === '' ? '' : `#${l}`)));
    } else if (r.kind === 'docEnd') {
      // `... #ID`: the marker's own comment, then the lines written below it.
      out.push(r.marker !== undefined ? `... #${r.marker}` : '...', ...r.after.map((l) => (l === '' ? '' : `#${l}`)));
    } else if (r.kind === 'block') {
      const column = keyColumn(line);
      const [header = '', ...body] = r.source.split('\n');
      // The body one indentation unit in from its line, keeping the lines' relative indentation; with
      // an explicit indentation indicator (`|2`), the same offset from the line as written.
      // A block scalar that is a sequence item (`- |`) has its body at the item's column, as Prettier
      // indents it (one unit past the key's column would be undone by Prettier at every run).
      const first = body.find((b) => b.trim() !== '');
      const item = !r.lines && /(?:^|[ ])-[ ]+(?:[&!]\S*[ ]+)*$/.test(line.slice(0, m.index));
      const delta =
        r.lines || /^[|>][-+]?[1-9]|^[|>][1-9]/.test(header) || first === undefined
          ? column - r.sourceIndent
          : column + (item ? 0 : r.unit) - (first.length - first.trimStart().length);
      const tail = line.slice(m.index + m[0].length);
      if (r.ownLine && r.lines && /:\s*$/.test(line.slice(0, m.index))) {
        // `key:`, then the collection's lines one unit in from the key (Prettier's layout of a long one).
        const d = column + r.unit - r.sourceIndent;
        const all = [header, ...body];
        out.push(line.slice(0, m.index).trimEnd());
        all.forEach((b, k) =>
          out.push((k === 0 ? ' '.repeat(r.sourceIndent + d) + b : shift(b, d)) + (k === all.length - 1 ? tail : '')),
        );
      } else if (r.lines && body.length > 0) {
        // What follows the scalar on its line (a comment) follows its last line. The lines of a
        // scalar (`reflow`) at the column of its first line when it starts its line or a sequence
        // item, one unit past its key's column after a key, as Prettier puts them.
        const afterKey = !/(?:^|[ ])-[ ]+(?:[&!]\S*[ ]+)*$|^[ ]*(?:[&!]\S*[ ]+)*$/.test(line.slice(0, m.index));
        const at = ' '.repeat(afterKey ? column + r.unit : column);
        const lineOf = (b: string): string => (!r.reflow ? shift(b, delta) : b === '' ? '' : at + b);
        out.push(withProps(line.slice(0, m.index), r) + header);
        if (r.commentColumn !== undefined && /^\s*#/.test(tail)) {
          for (const b of body) out.push(lineOf(b));
          // (At the column of the scalar's lines, as Prettier puts it.)
          out.push(r.reflow ? at + tail.trim() : shift(' '.repeat(r.commentColumn) + tail.trim(), delta));
        } else body.forEach((b, k) => out.push(lineOf(b) + (k === body.length - 1 ? tail : '')));
      } else {
        out.push(withProps(line.slice(0, m.index), r) + header + tail);
        for (const b of body) out.push(shift(b, delta));
      }
    } else if (r.kind === 'emptyValueComments') {
      const column = keyColumn(line);
      const tail = line.slice(m.index + m[0].length);
      out.push(line.slice(0, m.index).trimEnd() + (r.onKey !== undefined ? ` #${r.onKey}` : '') + tail);
      // The column of the key `up - 1` levels out from this one: the nearest line above left of it, and so on.
      const columnUp = (up: number): number => {
        let at = column;
        for (let k = out.length - 2, n = 1; k >= 0 && n < up; k--) {
          const l = out[k]!;
          if (l.trim() === '' || l.trimStart().startsWith('#')) continue;
          const c = keyColumn(l);
          if (c < at) {
            at = c;
            n++;
          }
        }
        return up > 1 && at === column ? 0 : at;
      };
      for (const l of r.lines)
        out.push(l.up < 0 ? '' : `${' '.repeat(l.up === 0 ? column + r.unit : columnUp(l.up))}#${l.text}`);
    } else if (r.kind === 'explicitKey') {
      // `? key` as written, then `: value` below it at the column of the `?` (read next: it may hold
      // a placeholder of its own).
      const printedAnchor = r.anchor !== undefined ? `&${r.anchor} ` : '';
      let head = line.slice(0, m.index);
      if (printedAnchor && head.endsWith(printedAnchor)) head = head.slice(0, -printedAnchor.length);
      const tail = line.slice(m.index + m[0].length);
      if (head.endsWith('? ') || !tail.startsWith(':')) {
        // (The model wrote the key explicit itself, or something unforeseen: the check decides.)
        out.push(`${head}${r.source}${tail}`);
        continue;
      }
      if (r.between) {
        const pad = ' '.repeat(head.length + 2);
        const [first, ...rest] = r.between;
        out.push(`${head}? #${first!}`, ...rest.map((c) => (c === '' ? '' : `${pad}#${c}`)), `${pad}${r.source}`);
      } else out.push(`${head}? ${r.source}`);
      if (r.noValue && /^:(?: null)?$/.test(tail)) continue;
      lines[i] = `${' '.repeat(head.length)}${tail}`;
      i--;
    } else if (r.kind === 'valueComment') {
      // `#ID` below the `:` the model printed alone on its line: back on it, and the comment lines
      // the model printed between them (written between the key and the `:`) before it.
      let k = out.length - 1;
      while (k >= 0 && /^[ ]*(#.*)?$/.test(out[k]!)) k--;
      const colon = k >= 0 ? /^([ ]*):$/.exec(out[k]!) : null;
      if (colon) {
        const between = out.splice(k + 1).map((l) => (l.trim() === '' ? '' : `${colon[1]!}${l.trim()}`));
        out.splice(k, 1, ...between, `${colon[1]!}: #${r.comment}`);
      } else out.push(`${' '.repeat(indent)}#${r.comment}`);
    } else if (r.kind === 'keyComment') {
      // `key: #ID` and, when the value has an anchor or a tag, the next line holds just them.
      // (The comment lines written below the key's line come first in the model's printing.)
      const head = line.slice(0, m.index).replace(/\s*#\s*$/, '');
      let j = i + 1;
      while (j < lines.length && /^\s*(#|$)/.test(lines[j]!)) j++;
      const next = lines[j]?.trim() ?? '';
      const comment = r.comment !== undefined ? ` #${r.comment}` : '';
      if (/^([&!]\S*)(\s+[&!]\S*)*$/.test(next)) {
        out.push(`${head} ${next}${comment}`, ...lines.slice(i + 1, j));
        i = j;
      } else {
        out.push(`${head}${comment}`);
        if (r.props !== undefined && comment !== '') propsUp.push({ at: out.length - 1, props: r.props });
      }
    } else {
      // `#ID` on its own line, the comment lines written below the `- ` line, then `- ` with the
      // item's first line.
      let j = i + 1;
      while (j < lines.length && /^\s*(#|$)/.test(lines[j]!)) j++;
      const found = /^(\s*)- (.*)$/.exec(lines[j] ?? '');
      // (`- #ID` then `  - x`: the item of a sequence in a sequence, written `- - # note`; the
      // outer dashes printed before `#ID` go before the item's own.)
      const dashes = line.slice(0, m.index - 1);
      const nested = found !== null && /^[ ]*(?:- )+$/.test(dashes) && dashes.length === found[1]!.length;
      const next = found ? { lead: nested ? dashes : found[1]!, rest: found[2]! } : undefined;
      const pad = next ? ' '.repeat(next.lead.length) : '';
      const below = next ? lines.slice(i + 1, j).map((c) => (c.trim() === '' ? '' : `${pad}  ${c.trim()}`)) : [];
      const props = r.propsFirst ? /^((?:[&!]\S*[ ]+)+)(\S.*)$/.exec(next?.rest ?? '') : null;
      if (next && props) {
        // `- &z # comment`, the scalar on the next line.
        out.push(`${next.lead}- ${props[1]!}#${r.comment}`, ...below);
        lines[j] = `${pad}  ${props[2]!}`;
        i = j - 1;
      } else if (next && /^[&!]\S*(\s+[&!]\S*)*$/.test(next.rest)) {
        // `- &anchor` alone on its line: the comment joins it.
        out.push(`${next.lead}- ${next.rest} #${r.comment}`, ...below);
        i = j;
      } else if (next) {
        // `- # comment` as written, the item's first line below it (read next: it may hold a
        // placeholder of its own, a scalar written over several lines).
        out.push(`${next.lead}- #${r.comment}`, ...below);
        lines[j] = `${pad}  ${next.rest}`;
        i = j - 1;
      } else out.push(`${' '.repeat(indent)}#${r.comment}`);
    }
  }
  // Scalars on one line last: any line may hold several. A collection's anchor and tag as written
  // replace the model's `&anchor !ID`; a scalar's, its `&anchor ID`.
  const done = out
    .join('\n')
    .replace(
      /( ?)(?:&(\S+) )?(!?)(acfmt\d+x\d+)( #)?/g,
      (all, space, anchor: string | undefined, bang, id, hash: string | undefined) => {
        const r = byId.get(id as string);
        if (r?.kind === 'props' && bang === '!') {
          // (The anchor printed is the collection's own: it is in `props` as written.)
          const before = anchor !== undefined && anchor !== r.anchor ? `&${anchor} ` : '';
          return `${space}${before}${r.props}${hash ?? ''}`;
        }
        if (r?.kind !== 'inline' || bang !== '') return all;
        const before = anchor !== undefined && (r.props === undefined || anchor !== r.anchor) ? `&${anchor} ` : '';
        const kept = r.props === undefined ? r.source : r.source === '' ? r.props : `${r.props} ${r.source}`;
        // (Prettier writes two spaces before a comment after an empty value with only an anchor or a tag.)
        const after = hash === undefined ? '' : r.propsOnly ? '  #' : hash;
        return `${r.eatSpace && before === '' ? '' : space}${before}${kept}${after}`;
      },
    );
  if (propsUp.length === 0) return done;
  // The anchor and tag written on a key's line before its comment, which the model printed at the start
  // of the value's line below (after any comment lines): back on the key's line, as written.
  const final = done.split('\n');
  for (const { at, props } of propsUp) {
    let j = at + 1;
    while (j < final.length && /^\s*(#|$)/.test(final[j]!)) j++;
    const value = final[j];
    const lead = value === undefined ? -1 : value.length - value.trimStart().length;
    if (value === undefined || !value.startsWith(`${props} `, lead) || value.trim() === props) continue;
    const hash = final[at]!.lastIndexOf(' #');
    if (hash < 0) continue;
    final[at] = `${final[at]!.slice(0, hash)} ${props}${final[at]!.slice(hash)}`;
    final[j] = value.slice(0, lead) + value.slice(lead + props.length + 1);
  }
  return final.join('\n');
}

function shift(line: string, delta: number): string {
  if (delta >= 0) return line.length > 0 ? ' '.repeat(delta) + line : line;
  // (Only spaces are taken off: a comment line inside a flow collection may be left of it.)
  return line.slice(Math.min(-delta, line.length - line.trimStart().length));
}

/**
 * The data of every document as JSON, with anchors and aliases as written (an alias is its name, not a
 * copy of what it points to): linear in the text however many aliases it holds, where expanding them
 * passes the package's alias bound on a file that shares one block among many entries.
 */
function dataOf(docs: Document.Parsed[] | undefined): string | undefined {
  if (!docs) return undefined;
  try {
    return JSON.stringify(docs.map((d) => shape(d.contents)));
  } catch {
    return undefined;
  }
}

function shape(n: unknown): unknown {
  if (isAlias(n)) return { '*': n.source };
  if (isScalar(n)) {
    // With an explicit tag, the text as written is part of the data: `!!int "4k"` and `.nan` both
    // read as NaN, but only one is what the user wrote.
    const v = n.tag && n.range ? { '!': n.tag, v: scalarData(n.value), src: n.source } : scalarData(n.value);
    return n.anchor ? { '&': n.anchor, v } : v;
  }
  if (isMap(n)) {
    const pairs = n.items.map((p) => [shape(p.key), shape(p.value)]);
    return { ...(n.anchor ? { '&': n.anchor } : {}), ...(n.tag ? { '!': n.tag } : {}), m: pairs };
  }
  if (isSeq(n)) {
    const items = n.items.map((i) => shape(i));
    return { ...(n.anchor ? { '&': n.anchor } : {}), ...(n.tag ? { '!': n.tag } : {}), s: items };
  }
  if (n === null || n === undefined) return null;
  throw new Error('a node the comparison does not know'); // (then the plain printing is used)
}

function scalarData(v: unknown): unknown {
  // JSON has no bigint, NaN or infinity; the type is part of the data (1 and '1' differ).
  if (typeof v === 'bigint') return { n: v.toString() };
  if (typeof v === 'number' && !Number.isFinite(v)) return { n: String(v) };
  return v ?? null;
}
