// Validation: syntax problems, the schema (through ajv), and the rules beyond the schema.
import type { ParsedDocument, SyntaxProblem } from '../../parser/ast';
import { allDocuments, otherDocuments } from '../../parser/documents';
import { keyFits } from '../keyFits';
import { LineIndex, lineEnd, lineStart, nextLineStart } from '../../parser/lineIndex';
import type { Diagnostic } from '../codes';
import { copyWith, diag } from '../codes';
import { toValue } from '../../model/value';
import { walkTyped } from '../../model/typedWalk';
import type { SeenTargets, Visit, WalkHooks } from '../../model/typedWalk';
import { CHUNK } from '../../model/value';
import type { Schema } from '../../model/schema';
import { schemaDiagnostics } from './schemaErrors';
import { withIndentSlips } from './indentSlip';
import type { Rule, RuleContext, ValidationOptions } from './rule';
import { DEFAULT_OPTIONS } from './rule';
import { envValueRule } from './rules/envValue';
import { duplicateKeysRule } from './rules/duplicateKeys';
import { fallbackDepthRule } from './rules/fallbackDepth';
import { primitivesRule } from './rules/primitives';
import { fixedTablesRule } from './rules/fixedTables';
import { nearMissKeyRule } from './rules/nearMissKey';
import { limitsRule } from './rules/limits';
import { emptyRequiredRule } from './rules/emptyRequired';
import { blankStringRule } from './rules/blankString';
import { urlCredentialsRule } from './rules/urlCredentials';
import { urlSchemeRule } from './rules/urlScheme';
import { strayCredentialRule } from './rules/strayCredential';
import { yaml11Rule } from './rules/yaml11';
import { keyInBlockScalarRule } from './rules/keyInBlockScalar';
import { wildcardNameRule } from './rules/wildcardName';
import { fieldInCustomKeysRule } from './rules/fieldInCustomKeys';
import { jsonStrictness } from './jsonStrict';
import { commentCredentials } from './commentCredentials';
import { unportableTabs } from './tabs';
import { blockScalarSlips } from './blockScalarSlip';
import { proseAfterBlockScalar } from './proseAfterBlock';
import { ALIAS_SUFFIX, FOUND_HERE, atAlias } from './throughAlias';
import type { Node } from '../../parser/ast';
import { anchorIndex, duplicateAnchors, unportableAnchors, unusedAnchors } from '../anchors';
import type { AnchorDef, AnchorIndex } from '../anchors';
import { unresolvedAlias } from './unresolvedAlias';
import { badMergeKeys } from './mergeKeys';
import type { Recorded, UnitCache } from './units';
import { applySuppressions } from '../suppressions';
import type { SuppressionResult } from '../suppressions';

export type { ValidationOptions, EnvLookup } from './rule';
export { DEFAULT_OPTIONS } from './rule';
export { UnitCache } from './units';

export const RULES: readonly Rule[] = [
  envValueRule,
  duplicateKeysRule,
  fallbackDepthRule,
  primitivesRule,
  fixedTablesRule,
  nearMissKeyRule,
  limitsRule,
  emptyRequiredRule,
  blankStringRule,
  urlCredentialsRule,
  urlSchemeRule,
  strayCredentialRule,
  yaml11Rule,
  keyInBlockScalarRule,
  wildcardNameRule,
  fieldInCustomKeysRule,
];

/** For each node type, the indexes in RULES of the rules that look at it (Rule.on), in RULES order. */
const RULES_ON: Record<Node['type'], number[]> = {
  object: [],
  array: [],
  string: [],
  number: [],
  boolean: [],
  null: [],
  alias: [],
};
for (const [type, list] of Object.entries(RULES_ON) as [Node['type'], number[]][])
  RULES.forEach((r, i) => {
    if (!r.on || r.on.includes(type)) list.push(i);
  });

/**
 * The document's diagnostics. With `units` (kept by the caller across versions of one document, told
 * of each patch through `UnitCache.changed`), list items an edit left alone are not validated again:
 * the result is the same as without it (validation/units.ts).
 */
export function validate(
  doc: ParsedDocument,
  options: ValidationOptions = DEFAULT_OPTIONS,
  units?: UnitCache,
): Diagnostic[] {
  return validateWithSuppressions(doc, options, units).diagnostics;
}

/** The diagnostics left after suppression comments and `options.suppress`, and those they silenced. */
export function validateWithSuppressions(
  doc: ParsedDocument,
  options: ValidationOptions = DEFAULT_OPTIONS,
  units?: UnitCache,
): SuppressionResult {
  units?.prepare(options);
  const found = findAll(doc, options, units);
  return applySuppressions(
    doc,
    doc.problems.length > 0 ? withOtherConfigs(doc, options, found) : found,
    options.suppress,
    units && ((text, needle) => units.includes(text, needle)),
  );
}

/**
 * `file`: the file's AssistantConfig document, when `doc` is another document of it (withOtherConfigs):
 * the documents an unresolved alias's anchor may stand in instead.
 */
function findAll(
  doc: ParsedDocument,
  options: ValidationOptions,
  units: UnitCache | undefined,
  file: ParsedDocument = doc,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The anchors of the file's other documents, in text order (read at the first unresolved alias).
  let others: AnchorDef[] | undefined;
  /** An anchor of this name in another YAML document of the file: the last before `offset`, else the first after. */
  const elsewhere = (name: string, offset: number): AnchorDef | undefined => {
    // (`doc` itself is told by its tree's place: read with other limits, it is another object.)
    others ??= allDocuments(file)
      .filter((d) => d !== doc && d.root?.offset !== doc.root?.offset)
      .flatMap((d) => anchorIndex(d).defs);
    let found: AnchorDef | undefined;
    for (const def of others) {
      if (def.name !== name) continue;
      if (def.offset > offset && found) break;
      found = def;
    }
    return found;
  };
  // A UTF-16 file read as UTF-8 (what `>` in Windows PowerShell 5 writes): one clear finding, not a
  // syntax error per character.
  if (readAsUtf8FromUtf16(doc.text)) {
    out.push(
      diag(
        'invalid-encoding',
        'This file is UTF-16 (it starts with a UTF-16 byte order mark) and could not be checked: save it as UTF-8, which YAML and JSON tools read everywhere.',
        0,
        2,
        // An error: nothing else in the file was checked, so a run must not pass on it.
        { severity: 'error' },
      ),
    );
    return out;
  }
  // A binary file named like a config (an image, an archive): one clear finding, as git and ripgrep
  // treat binaries, not an error per NUL and per stray byte (REVIEW8 K13n). A NUL in a text file
  // (pasted, a few) is a stray character, reported where it is (see looksBinary).
  // What the text holds, known to the editor's cache without a read of the text (validation/units.ts).
  const has = (needle: string): boolean => (units ? units.includes(doc.text, needle) : doc.text.includes(needle));
  const nul = has('\u0000') ? looksBinary(doc.text) : -1;
  if (nul >= 0) {
    const line = doc.text.slice(0, nul).split('\n').length;
    const column = nul - (doc.text.lastIndexOf('\n', nul - 1) + 1) + 1;
    out.push(
      diag(
        'invalid-encoding',
        `This file is not text (a NUL byte at line ${line}, column ${column}): it was not checked. An AssistantConfig file is UTF-8 text; check that this is the file meant.`,
        nul,
        1,
        // An error: nothing in the file was checked, so a run must not pass on it.
        { severity: 'error' },
      ),
    );
    return out;
  }
  // Classic Mac OS line ends (a lone CR): a YAML 1.2 line break, which the YAML reader here does not
  // take as one (REVIEW5 H14g). One clear error instead of a cascade of syntax errors; a file whose
  // every line ends so is not checked further (nothing else in it would be read right).
  const cr = doc.language === 'yaml' && has('\r') ? loneCr(doc.text) : -1;
  if (cr >= 0) {
    const only = !doc.text.includes('\n');
    out.push(
      diag(
        'syntax-error',
        `Lone CR line endings (classic Mac OS${only ? '' : ', here among LF line ends'}): convert the file to LF or CRLF line endings; these tools do not read a lone CR as a line break.`,
        cr,
        1,
      ),
    );
    if (only) return out;
  }
  // Index loops in this function: it runs once per file, mostly before the optimising compiler has
  // it (a cold run of the CLI), where for…of allocates an iterator and a result per step.
  // Unsupported tags (`!Ref`) wait for the schema's findings: whether the value without the tag is what its field takes.
  let unsupported: SyntaxProblem[] | undefined;
  for (let i = 0; i < doc.problems.length; i++) {
    const p = doc.problems[i]!;
    if (p.kind === 'unsupported-tag') {
      (unsupported ??= []).push(p);
      continue;
    }
    const code =
      p.kind === 'extra-document'
        ? 'extra-document'
        : p.kind === 'resource-limit'
          ? 'resource-limit'
          : p.kind === 'tag'
            ? 'tag-mismatch'
            : p.irregularSpace
              ? 'irregular-whitespace'
              : p.missingComma
                ? 'missing-comma'
                : p.realign
                  ? 'misaligned-indent'
                  : 'syntax-error';
    // An empty extra document whose `---` can go: the fix loses nothing (`lint --fix` applies it).
    out.push(
      diag(
        code,
        code === 'syntax-error' ? halfTypedKeyMessage(doc.text, p) : p.message,
        p.offset,
        p.length,
        p.document?.marker !== undefined
          ? { data: { lossless: true } }
          : p.nonFinite
            ? { data: { nonFinite: true } }
            : {},
      ),
    );
  }
  if (!units || units.includes(doc.text, '\uFFFD')) encodingProblems(doc.text, out);
  if (doc.language === 'json') out.push(...jsonStrictness(doc.text));
  out.push(...commentCredentials(doc, units));
  // (Once for the file: the scan reads every document's scalars.)
  if (doc === file) out.push(...unportableTabs(doc, has, units));
  if (!doc.root) {
    if (!doc.problems.some((p) => p.kind === 'resource-limit')) {
      // A text whose syntax errors leave no value (YAML given as JSON: `--stdin-filepath x.json`) is
      // not empty: said so (REVIEW11 C9).
      const unread = doc.problems.some((p) => (p.kind ?? 'syntax') === 'syntax');
      out.push(
        diag(
          'not-an-object',
          unread
            ? 'No value could be read (see the syntax errors): an AssistantConfig needs kind, version and definition.'
            : 'The document is empty: an AssistantConfig needs kind, version and definition.',
          0,
          0,
          { data: { missing: ['kind', 'version', 'definition'] } },
        ),
      );
    }
    if (unsupported) out.push(...unsupportedTags(unsupported, []));
    return finish(out);
  }
  const conv = toValue(doc.root, options.maxAliasExpansion, units);
  for (let i = 0; i < conv.cycles.length; i++) {
    const a = conv.cycles[i]!;
    const holder = a.parent?.type === 'property' ? a.parent.key.value : undefined;
    const what = holder ? `'${holder}'` : 'This alias';
    out.push(
      diag(
        'fallback-cycle',
        `${what} loops back through alias '*${a.name}' to a node that contains it; the chain would never end.`,
        a.offset,
        a.length,
      ),
    );
  }
  // Anchors an unresolved alias most likely means (defined after it, or a near miss): not "unused".
  let claimed: Set<AnchorDef> | undefined;
  let index: AnchorIndex | undefined;
  if (conv.unresolved.length > 0) {
    index = units ? anchorIndex(doc, units) : anchorIndex(doc);
    claimed = new Set();
    let lines: LineIndex | undefined;
    const lineOf = (offset: number): number => (lines ??= new LineIndex(doc.text)).positionAt(offset).line + 1;
    for (const a of conv.unresolved) out.push(unresolvedAlias(lineOf, a, index, claimed, elsewhere));
  }
  if (conv.expandedSize > options.maxAliasExpansion) {
    out.push(
      diag(
        'resource-limit',
        `The document expands to more than ${options.maxAliasExpansion} nodes through aliases (an alias bomb?); schema validation is skipped.`,
        doc.root.offset,
        Math.min(doc.root.length, lineEnd(doc.text, doc.root.offset) - doc.root.offset),
      ),
    );
  } else {
    out.push(...schemaDiagnostics(doc, conv.value));
  }
  // A `<<` no loader can merge: said as such, in place of what the schema made of a key named '<<'.
  const merges = badMergeKeys(doc, has, units);
  if (merges.props.length > 0) {
    const at = (d: Diagnostic): boolean =>
      merges.props.some(
        (p) => d.offset >= p.key.offset && d.offset <= (p.value ?? p.key).offset + (p.value ?? p.key).length,
      );
    for (let i = out.length - 1; i >= 0; i--) if (at(out[i]!)) out.splice(i, 1);
    out.push(...merges.diagnostics);
  }
  // A finding made through an alias is reported at the alias (validation/throughAlias.ts).
  let via: Node | undefined;
  // Made at the first finding reported once (most files have none).
  let once: Set<string> | undefined;
  const emit = (d: Diagnostic, key: string | undefined): void => {
    if (key !== undefined) {
      once ??= new Set<string>();
      if (once.has(key)) return;
      once.add(key);
    }
    out.push(d);
  };
  // While a unit is walked, its findings go to `recording` (then to the cache, and replayed).
  let recording: Recorded[] | undefined;
  const ctx: RuleContext = {
    doc,
    options,
    ...(units ? { lists: units } : {}),
    has,
    report: (d, key) => {
      const at = atAlias(d, via);
      if (recording) recording.push({ d: at, once: key });
      else emit(at, key);
    },
  };
  // A loop, not RULES.map: optimised code's map makes a holey array, the interpreter's a packed one,
  // and the optimised walk that had seen only one kind was deoptimised at the first of the other.
  const running: ReturnType<Rule['start']>[] = [];
  for (let i = 0; i < RULES.length; i++) running.push(RULES[i]!.start(ctx));
  const visit = (v: Visit): void => {
    via = v.via;
    // Only the rules that look at this type of node (most look at one or two). An index loop: this
    // runs for every node, mostly before the optimising compiler has this code (a cold run of the
    // CLI), where for…of pays an iterator and a result object per step.
    const on = RULES_ON[v.node.type];
    for (let k = 0; k < on.length; k++) running[on[k]!]!.visit(v);
  };
  /** What the rules find in a unit: replayed from the cache, or found now (with no alias above it) and kept. */
  const unitFindings = (u: UnitCache, node: Node, expected: Schema | undefined): Recorded[] => {
    const known = u.findings(node, expected);
    if (known) return known;
    recording = [];
    walkTyped(node, visit, undefined, expected);
    const found = recording;
    recording = undefined;
    u.record(node, expected, found);
    return found;
  };
  const hooks: WalkHooks | undefined = units && {
    item: (node, expected, seen) => {
      if (!units.isUnit(node)) {
        // An item holding an anchor, alias or merge key, whose value the conversion kept (nothing it
        // reaches changed): replayed where the walk would decide on its alias targets as before, else
        // walked now, with the walk's record of targets, and kept.
        if (!units.held(node)) return false;
        let found = units.heldFindings(node, expected, seen);
        if (!found) {
          units.heldWalked++;
          recording = [];
          const log: NonNullable<SeenTargets['log']> = [];
          walkTyped(node, visit, undefined, expected, { map: seen.map, log });
          found = recording;
          recording = undefined;
          units.recordHeld(node, expected, found, log);
        }
        for (const r of found) emit(r.d, r.once);
        return true;
      }
      for (const r of unitFindings(units, node, expected)) emit(r.d, r.once);
      return true;
    },
    chunk: (list, c, expected) => {
      const ch = units.chunk(list, c);
      if (!ch) return false;
      let found = units.chunkFindings(ch, list, c, expected);
      if (!found) {
        found = [];
        const from = c * CHUNK;
        for (let i = from; i < Math.min(list.items.length, from + CHUNK); i++)
          for (const r of unitFindings(units, list.items[i]!, expected)) found.push(r);
        units.recordChunk(ch, list, c, expected, found);
      }
      for (const r of found) emit(r.d, r.once);
      return true;
    },
  };
  walkTyped(doc.root, visit, hooks);
  via = undefined;
  for (let i = 0; i < running.length; i++) running[i]!.end?.();
  const anchors = index ?? (units ? anchorIndex(doc, units) : anchorIndex(doc));
  // (After the rules: a string where an EnvironmentValue belongs is theirs to report, `literal-secret`.)
  if (unsupported) out.push(...unsupportedTags(unsupported, out));
  out.push(...unusedAnchors(doc, anchors, claimed));
  out.push(...unportableAnchors(anchors));
  if (anchors.defs.length > 1) {
    let lines: LineIndex | undefined;
    out.push(...duplicateAnchors(anchors, (o) => (lines ??= new LineIndex(doc.text)).positionAt(o).line + 1));
  }
  return finish(proseAfterBlockScalar(doc, blockScalarSlips(doc, withIndentSlips(doc, withoutBrokenNodes(out, doc)))));
}

/** The codes that say a value is not of the kind its field takes. */
const WRONG_KIND = new Set<string>([
  'invalid-type',
  'not-an-object',
  'invalid-enum',
  'unknown-discriminator',
  'literal-secret',
  'value-not-expanded',
]);

/**
 * One `unsupported-tag` error per tag; `removable` (the quick fix) when the value without it is what its
 * field takes: no finding about the value's own kind or type at its offset. Linear: the findings' offsets
 * are looked up in a set.
 */
/** The `yaml` package's words for a line that is a key with no `:` after it. */
const NO_VALUE = 'Implicit map keys need to be followed by map values';
/**
 * A line of one key-shaped word (after `- ` items), nothing after it but a comment; indented with any
 * white space (a no-break space, a tab: the message must not change when a fix replaces it, or `lint
 * --fix` would count the line's error as a new one).
 */
const LONE_WORD = /^\s*(?:-\s+)*[A-Za-z_$][\w$.-]*\s*(?:#[^\n]*)?$/;
export const HALF_TYPED_KEY_MESSAGE =
  "A ':' is missing after this key, or the line is unfinished: a key is followed by ':' and its value, 'key: value' ('key:' for an empty one).";

/**
 * A key being typed (`  maxAss` on a line of its own) said as that, not in the parser's words
 * ("Implicit map keys need to be followed by map values"; compare19: bench/errors-vs-peers.mjs, case
 * y20). The word is not quoted (a credential pasted on a line of its own reads as such a key).
 */
function halfTypedKeyMessage(text: string, p: SyntaxProblem): string {
  if (p.message !== NO_VALUE) return p.message;
  const start = text.lastIndexOf('\n', p.offset - 1) + 1;
  let end = text.indexOf('\n', p.offset);
  if (end < 0) end = text.length;
  const line = text.slice(start, end);
  const word = start + line.length - line.replace(/^\s*(?:-\s+)*/, '').length;
  return p.offset === word && LONE_WORD.test(line) ? HALF_TYPED_KEY_MESSAGE : p.message;
}

function unsupportedTags(problems: readonly SyntaxProblem[], schema: readonly Diagnostic[]): Diagnostic[] {
  const wrong = new Set<number>();
  for (let i = 0; i < schema.length; i++) if (WRONG_KIND.has(schema[i]!.code)) wrong.add(schema[i]!.offset);
  return problems.map((p) => {
    const t = p.tagged;
    const removable = t !== undefined && (t.key || !wrong.has(p.offset + t.delta));
    const tail = removable
      ? ' Remove the tag: the value stays as written.'
      : ' Removing the tag is not enough: the value is not what the field takes (see the finding on it).';
    return diag(
      'unsupported-tag',
      p.message + tail,
      p.offset,
      p.length,
      removable ? { data: { removable } } : undefined,
    );
  });
}

/**
 * A value that a syntax error runs through (an unclosed quote, say) is not what the user meant: its
 * schema diagnostics would only repeat the syntax error in other words.
 */
function withoutBrokenNodes(out: Diagnostic[], doc: ParsedDocument): Diagnostic[] {
  // (A Unicode space read as a plain one leaves its line readable: parser/indentRepair.ts.
  // Nor does a misaligned line read where it belongs: parser/alignRepair.ts.)
  const errs = doc.problems.filter((p) => p.kind === 'syntax' && !p.irregularSpace && !p.realign);
  if (errs.length === 0) return out;
  const text = doc.text;
  const indentAt = (start: number): number => {
    let k = start;
    while (text[k] === ' ' || text[k] === '\t') k++;
    return k - start;
  };
  // The lines indented with a tab, where the syntax error stands in the indentation: what the parser
  // reads on them is a guess, and so is the value of the key on the line above when they would be its
  // children. (Other errors, an unclosed quote say, leave the line after them readable.)
  const broken = new Set<number>();
  for (const e of errs) {
    const start = lineStart(text, e.offset);
    const indent = text.slice(start, start + indentAt(start));
    if (e.offset <= start + indent.length && indent.includes('\t')) broken.add(start);
  }
  const aboutBrokenLines = (d: Diagnostic): boolean => {
    const start = lineStart(text, d.offset);
    if (broken.has(start)) return true;
    if (!VALUE_SHAPE.has(d.code)) return false;
    // The next line holds a syntax error and is indented past this one: this key's value was
    // written there, unreadable ("found an empty value" would only repeat the error).
    const next = nextLineStart(text, d.offset);
    return next < text.length && broken.has(next) && indentAt(next) > indentAt(start);
  };
  // `"enable": NaN`: read as null, and the syntax error says what to write (REVIEW16-user N12);
  // "must be a boolean; found null" there would say it again.
  const nonFinite = errs.filter((e) => e.nonFinite);
  const beforeNonFinite = (d: Diagnostic): boolean =>
    nonFinite.length > 0 &&
    VALUE_SHAPE.has(d.code) &&
    nonFinite.some((e) => e.offset === d.offset && e.length === d.length);
  return out.filter(
    (d) =>
      d.code === 'syntax-error' ||
      d.code === 'irregular-whitespace' ||
      !(
        errs.some((e) => d.length > 0 && e.offset > d.offset && e.offset <= d.offset + d.length) ||
        aboutBrokenLines(d) ||
        beforeNonFinite(d)
      ),
  );
}

/** Findings about a value's shape, which a value written on unreadable lines below its key would make. */
const VALUE_SHAPE = new Set<string>(['invalid-type', 'missing-required', 'missing-discriminator', 'empty-required']);

/** The bytes FF FE or FE FF (a UTF-16 byte order mark) decoded as UTF-8, then NUL bytes of UTF-16 text. */
/** The offset of the first CR not followed by LF, or -1 (one indexOf pass for an LF or CRLF file). */
function loneCr(text: string): number {
  for (let at = text.indexOf('\r'); at >= 0; at = text.indexOf('\r', at + 1))
    if (text.charCodeAt(at + 1) !== 10) return at;
  return -1;
}

/** How far a file is searched for a NUL byte that makes it binary (git's buffer_is_binary reads 8000 bytes). */
const BINARY_PROBE = 8000;

/**
 * Where the first NUL is, when the file is binary: a NUL among its first BINARY_PROBE characters (git's
 * test) and, there, bytes no text holds (C0 controls but tab and line ends, U+FFFD for bytes that were
 * not UTF-8) make at least 16 or a tenth of it; else -1. A text file with a NUL or two pasted into it
 * is not binary.
 */
function looksBinary(text: string): number {
  const nul = text.indexOf('\u0000');
  if (nul < 0 || nul >= BINARY_PROBE) return -1;
  const probe = Math.min(text.length, BINARY_PROBE);
  let odd = 0;
  for (let i = 0; i < probe; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) odd++;
  }
  return odd >= 16 || odd * 10 >= probe ? nul : -1;
}

function readAsUtf8FromUtf16(text: string): boolean {
  return text.charCodeAt(0) === 0xfffd && text.charCodeAt(1) === 0xfffd && text.slice(2, 8).includes('\u0000');
}

/** Replacement characters stand for bytes that were not UTF-8; the first few are reported. */
function encodingProblems(text: string, out: Diagnostic[]): void {
  let at = text.indexOf('\uFFFD');
  for (let n = 0; at >= 0 && n < 5; n++) {
    let end = at;
    while (text.charCodeAt(end) === 0xfffd) end++;
    out.push(
      diag(
        'invalid-encoding',
        'Bytes here were not valid UTF-8 and were replaced (U+FFFD) when the file was read: save the file as UTF-8.',
        at,
        end - at,
      ),
    );
    at = text.indexOf('\uFFFD', end);
  }
}

/**
 * The findings of the file's other AssistantConfig documents (REVIEW7 J2: a second one after `---` was
 * not checked at all): each is read alone, from a copy of the text with everything else blanked (line
 * breaks kept, so every offset and line is the file's own), and its findings are added but those
 * the file's own reading already made (its syntax problems are the file's). They carry
 * `data.otherDocument`: their quick fixes (and `--fix`) are made and checked on that document's tree.
 * Only for files with several documents, which the editor reads whole on every edit anyway.
 */
function withOtherConfigs(doc: ParsedDocument, options: ValidationOptions, found: Diagnostic[]): Diagnostic[] {
  let out = found;
  // (Read with the schema's answer for misaligned lines, as the file's own document is (service/analyze.ts):
  // read without it, a second document's slip got another repair, which its fix then applied.)
  for (const o of otherDocuments(doc, { maxDepth: options.maxNestingDepth, keyFits })) {
    if (!o.config) continue;
    const have = new Set(out.map((x) => `${x.code}:${x.offset}`));
    const more = findAll(o.doc, options, undefined, doc)
      .filter((x) => x.offset >= o.from && x.offset <= o.to && !have.has(`${x.code}:${x.offset}`))
      .map((x) => ({ ...x, data: { ...x.data, otherDocument: true } }));
    if (more.length > 0) out = [...out, ...more].sort((a, b) => a.offset - b.offset || a.length - b.length);
  }
  return out;
}

/**
 * Sorted by position; the same finding reached twice (through an alias) is reported once, and a
 * finding in an anchored node that its own place already reports is not repeated at the alias.
 */
function finish(out: Diagnostic[]): Diagnostic[] {
  // Nothing to drop or order (most files).
  if (out.length <= 1) return out;
  const seen = new Set<string>();
  const direct = new Map<string, Diagnostic>();
  // A finding in shared text that no use checks in place, moved to the alias of each use that reaches
  // it: said once, at the first of those uses (REVIEW11 M2: a value of `&base` reached through `*base`
  // in `&cls` and through `*cls` too). The same finding whatever the use (code, place, message):
  // said at each use when it differs (`provider 'hosted' does not allow 'endpoint'`).
  let moved: Map<string, Diagnostic> | undefined;
  for (const d of out) {
    if (!d.data?.throughAlias) direct.set(`${d.offset}:${d.length}:${d.code}:${d.message}`, d);
    else if (d.related?.[0]?.message === FOUND_HERE) {
      const k = origin(d);
      const first = (moved ??= new Map<string, Diagnostic>()).get(k);
      if (!first || d.offset < first.offset || (d.offset === first.offset && d.length < first.length)) moved.set(k, d);
    }
  }
  // The aliases whose copy of a finding is dropped, per finding kept: its related information.
  let uses: Map<Diagnostic, NonNullable<Diagnostic['related']>> | undefined;
  const alsoAt = (kept: Diagnostic, d: Diagnostic): void => {
    const through = ALIAS_SUFFIX.exec(d.message)?.[0].trim().slice(1, -1) ?? 'through an alias';
    const list = (uses ??= new Map<Diagnostic, NonNullable<Diagnostic['related']>>()).get(kept) ?? [];
    if (!list.some((r) => r.offset === d.offset))
      list.push({ offset: d.offset, length: d.length, message: `Also ${through}` });
    uses.set(kept, list);
  };
  const res: Diagnostic[] = [];
  for (const d of out) {
    const k = `${d.offset}:${d.length}:${d.code}:${d.message}`;
    const at = d.data?.throughAlias ? d.related?.[0] : undefined;
    const same = at && direct.get(`${at.offset}:${at.length}:${d.code}:${d.message.replace(ALIAS_SUFFIX, '')}`);
    if (same) {
      alsoAt(same, d);
      continue;
    }
    const first = moved && at?.message === FOUND_HERE ? moved.get(origin(d)) : undefined;
    if (first && first !== d) {
      if (first.offset !== d.offset || first.length !== d.length) alsoAt(first, d);
      continue;
    }
    if (seen.has(k)) continue;
    seen.add(k);
    res.push(d);
  }
  // (A copy: a finding may come from the cache of list items, which is never changed.)
  if (uses)
    for (let i = 0; i < res.length; i++) {
      const more = uses.get(res[i]!);
      if (more)
        res[i] = copyWith(res[i], {
          related: [...(res[i]!.related ?? []), ...more.sort((a, b) => a.offset - b.offset)],
        });
    }
  return res.sort((a, b) => a.offset - b.offset || a.length - b.length);
}

/** A moved finding as every use sees it: where it was found, its code and its message without the alias. */
function origin(d: Diagnostic): string {
  const at = d.related![0]!;
  return `${at.offset}:${at.length}:${d.code}:${d.message.replace(ALIAS_SUFFIX, '')}`;
}
