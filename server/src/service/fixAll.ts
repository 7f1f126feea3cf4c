// "Fix all" without asking: the editor's own quick fixes (the provider table), limited to what the
// code registry marks safe for `--fix`, applied pass after pass until nothing changes. Pure: text in,
// text out. `lint --fix` uses it; so could an editor's source.fixAll.
import type { Language, Node, ParsedDocument, PropertyNode } from '../parser/ast';
import { isShadowed, nodeAt } from '../parser/ast';
import { documentAt } from '../parser/documents';
import { propertyAtKey } from './codeActions/find';
import { isEmptyCopy, sameValueText } from './codeActions/unknownProperty';
import type { Diagnostic, DiagnosticCode } from './codes';
import { CODES, repairsSyntax } from './codes';
import { PROVIDERS, applyEdits, fixesOf } from './codeActions';
import type { Fix } from './codeActions/provider';
import type { TextEdit } from './types';

export interface AppliedFix {
  code: DiagnosticCode;
  title: string;
}

export interface FixAllResult {
  text: string;
  applied: AppliedFix[];
  passes: number;
  /**
   * The safe fixes of the result that were not applied because they edit a line that is a syntax
   * error (see `syntaxHold`), with the 0-based line of that edit: the user completes the line first.
   */
  held: (AppliedFix & { line: number })[];
}

/** The one fix `--fix` may apply for a diagnostic, if any (see `Autofix` in codes.ts). */
export function safeFixFor(doc: ParsedDocument, d: Diagnostic): Fix | undefined {
  const mode = CODES[d.code].autofix;
  const provider = PROVIDERS[d.code];
  // Text reached through an alias is the anchor's, shared by its other uses: never edited.
  if (
    mode === 'no' ||
    (mode === 'lossless' && !d.data?.lossless) ||
    !provider ||
    d.data?.throughAlias ||
    d.data?.unsafeRename
  )
    return undefined;
  // No .env in this context: a fix that would also write another file is never offered here.
  const fixes = fixesOf(doc, d, {}, provider).filter((f) => f.edits.length > 0 && !f.dotenv);
  const preferred = fixes.filter((f) => f.isPreferred);
  if (preferred.length !== 1 || preferred[0]!.editorOnly) return undefined;
  if (mode === 'same-value' && !repeatsKeptValue(doc, d)) return undefined;
  // Never a placeholder: a relabelled provider leaves its variant's missing fields reported.
  return preferred[0]!.withoutPlaceholders ?? preferred[0];
}

/**
 * The duplicate key at the diagnostic has exactly the value text of another occurrence, or is an
 * ignored copy with no value at all (a doubled `fallback:` line: REVIEW14-user U12).
 */
function repeatsKeptValue(doc: ParsedDocument, d: Diagnostic): boolean {
  const prop = propertyAtKey(documentAt(doc, d.offset, 'config'), d.offset);
  return (
    prop !== undefined &&
    ((isEmptyCopy(prop) && isShadowed(prop)) ||
      prop.parent.properties.some((p) => p !== prop && p.key.value === prop.key.value && sameValueText(doc, p, prop)))
  );
}

const MAX_PASSES = 10;

/** A fix to try; `also`: the fixes of what it uncovered, applied with it (reported as applied too). */
type Candidate = { fix: Fix; code: DiagnosticCode; also?: AppliedFix[] };

/** A fix as the text it replaces and writes, for knowing it again in a later pass. */
function fixKey(text: string, c: Candidate): string {
  return `${c.code}\u0000${c.fix.edits.map((e) => `${text.slice(e.offset, e.offset + e.length)}\u0001${e.newText}`).join('\u0002')}`;
}

/** The mappings (as ranges) holding the properties a fix edits: where it can meet another fix. */
function scopeOf(doc: ParsedDocument, fix: Fix): { from: number; to: number }[] {
  return fix.edits.map((e) => {
    // (The tree of the document that holds the edit: a second AssistantConfig after `---` has its own.)
    const root = documentAt(doc, e.offset, 'config').root;
    let n: Node | PropertyNode | undefined = nodeAt(root, e.offset);
    while (n && n.type !== 'property') n = n.parent;
    const obj = n?.parent ?? root;
    return obj ? { from: obj.offset, to: obj.offset + obj.length } : { from: 0, to: doc.text.length };
  });
}

function intersects(a: readonly { from: number; to: number }[], b: readonly { from: number; to: number }[]): boolean {
  return a.some((x) => b.some((y) => x.from <= y.to && y.from <= x.to));
}

type Analysis = { doc: ParsedDocument; diagnostics: Diagnostic[] };

/**
 * Applies safe fixes until a pass finds none (or the text comes back to one already seen). Within a
 * pass, fixes whose edits overlap an earlier one wait for the next pass, on the re-analysed text.
 * `analyze` gives the document and the diagnostics in force (project rules already applied).
 *
 * Every fix is checked on its result before it is kept (the one place that does it, whatever the
 * provider): the file must parse as well as before, and no error (nor a key read as text or as a
 * custom key: `counts`) may appear inside the property the
 * fix edited, or point into it (related information: `env-value-conflict` on `apiKey` names the
 * `valueFromEnv` a rename wrote), that was not in the file before (compared by code and message). A rename that makes
 * the renamed key's value an error (`enable_visualisations: yes` → a boolean flag), or a header that
 * breaks an explicit-key root (`? definition`), is not applied; the diagnostic stays for the user.
 * Errors elsewhere that a fix only uncovers (a corrected `provider` now checks its variant's keys)
 * are the file's own and do not stop it; so are errors a rename uncovers inside the mapping or list
 * it renames (`safety_settings: {hate_speech: …}` → `safetySettings`: its keys are now checked), and
 * the errors of a value a glued key is split from (`{provider:hostd}`): REVIEW6 I11, I12. A fix
 * blamed for errors that safe fixes repair (`hate_speech: block_only_high` renamed makes its value an
 * error, a slip of `blockOnlyHigh`) is tried again with those fixes, as one change.
 */
export function fixAll(
  text: string,
  language: Language,
  analyze: (text: string, language: Language) => Analysis,
): FixAllResult {
  const applied: AppliedFix[] = [];
  const seen = new Set<string>([text]);
  let passes = 0;
  let current = analyze(text, language);
  // Fixes that made the file worse when tried alone (fixKey): not tried again.
  const failedAlone = new Set<string>();
  while (passes < MAX_PASSES) {
    const { doc, diagnostics } = current;
    // The pass's candidates: one safe fix per diagnostic, none overlapping an earlier one.
    let candidates: Candidate[] = [];
    const held = syntaxHold(current);
    for (const d of diagnostics) {
      let fix: Fix | undefined;
      try {
        fix = safeFixFor(doc, d);
      } catch {
        fix = undefined; // A provider that fails on odd input offers nothing; the diagnostic remains.
      }
      if (fix && held?.(d, fix) !== undefined) continue;
      if (!fix || fix.edits.some((e) => candidates.some((c) => c.fix.edits.some((x) => overlaps(x, e))))) continue;
      candidates.push({ fix, code: d.code });
    }
    // All together first: one analysis for the pass, not one per fix (REVIEW3 F24: a pass cost
    // (fixes) × (file), 500 fixes took seconds). A fix whose own property gains an error is dropped
    // and the rest tried again.
    const all = candidates;
    let kept: Candidate[] = [];
    let result: { text: string; analysis: Analysis } | undefined;
    let unattributed: Candidate[] = [];
    // A blamed fix with the safe fixes of the errors it uncovered (see tryTogether), as one candidate.
    const compounds = new Map<Candidate, Candidate>();
    while (candidates.length > 0) {
      const r = tryTogether(text, language, current, candidates, analyze);
      if (r === 'unattributed') {
        // Worse with no fix to blame (the file parses worse, a syntax error appears).
        unattributed = candidates;
        break;
      }
      for (const [i, follow] of r.followUps) {
        const c = candidates[i]!;
        compounds.set(c, {
          code: c.code,
          fix: { ...c.fix, edits: [...c.fix.edits, ...follow.edits] },
          also: follow.applied,
        });
      }
      if (r.blamed.size === 0) {
        kept = candidates;
        result = r.result;
        break;
      }
      candidates = candidates.filter((_, i) => !r.blamed.has(i));
    }
    // The fixes rejected together are tried again in smaller groups on top of what was kept, down to
    // one by one, whatever their number (it used to be at most 16, so a larger conflicting batch left
    // every fix unapplied): a batch that failed as a whole, and the blamed fixes that may have been
    // blamed for another rejected fix (two renames to one key, each blamed for the duplicate they
    // make together: the first is kept). A blamed fix alone in its mapping among the rejected was
    // blamed for its own result: it is not retried (many renames that each uncover an error cost no
    // analysis each). A fix that fails alone is not tried again in later passes.
    const keptSet = new Set(kept);
    const rejected = all.filter((c) => !keptSet.has(c) && !failedAlone.has(fixKey(doc.text, c)));
    const blamed = rejected.filter((c) => !unattributed.includes(c));
    const scopes = new Map(blamed.map((c) => [c, scopeOf(doc, c.fix)]));
    // A blamed fix that comes with the fixes of what it uncovered is retried as that compound.
    const retry = [
      ...rejected.filter(
        (c) =>
          !compounds.has(c) &&
          (unattributed.includes(c) || blamed.some((o) => o !== c && intersects(scopes.get(o)!, scopes.get(c)!))),
      ),
      ...rejected
        .filter((c) => compounds.has(c))
        .map((c) => compounds.get(c)!)
        .filter((c) => !failedAlone.has(fixKey(doc.text, c))),
    ];
    const settle = (group: Candidate[]): void => {
      if (group.length === 0) return;
      const trial = tryFix(
        text,
        language,
        current,
        [...kept, ...group].map((k) => k.fix),
        analyze,
      );
      if (trial) {
        kept = [...kept, ...group];
        result = trial;
        return;
      }
      if (group.length === 1) {
        failedAlone.add(fixKey(doc.text, group[0]!));
        return;
      }
      const half = group.length >> 1;
      settle(group.slice(0, half));
      settle(group.slice(half));
    };
    // (A group known to fail together is split at once.)
    if (retry.length === 1) settle(retry);
    else if (retry.length > 1) {
      const half = retry.length >> 1;
      settle(retry.slice(0, half));
      settle(retry.slice(half));
    }
    if (!result || kept.length === 0) break;
    passes++;
    if (seen.has(result.text)) break;
    seen.add(result.text);
    text = result.text;
    current = result.analysis;
    for (const c of kept) applied.push({ code: c.code, title: c.fix.title }, ...(c.also ?? []));
  }
  return { text, applied, passes, held: heldFixes(current) };
}

/**
 * Where the text is a syntax error, what it says is not read as the user means it: a half-typed key
 * (`    mod` as the last line, being typed) is a syntax error and an unknown key at once, and renaming
 * it to `model` would leave the same syntax error, now on `model` (REVIEW9 K3). As ESLint and ruff,
 * which fix nothing in a file that does not parse, but line by line (the rest of the file is read,
 * and fixed): no fix edits a line that a `syntax-error` diagnostic covers or touches, but those of
 * the codes that repair how the text is written (`repairsSyntax` in the registry: a no-break space, a
 * misaligned line, a JSON trailing comma, an empty `---`) and the space after a glued `key:`
 * (`Fix.valueAsWritten`); in JSON, also the line of the token before the error. Returns undefined when the text has no syntax error, else a test that gives
 * the 0-based line of the first held edit of a fix, or undefined when the fix may apply. The editor's
 * quick fixes are still offered there (the user picks one, at the line they are typing).
 */
function syntaxHold(a: Analysis): ((d: Diagnostic, fix: Fix) => number | undefined) | undefined {
  const text = a.doc.text;
  const lines: { from: number; to: number }[] = [];
  for (const d of a.diagnostics) {
    if (d.code !== 'syntax-error') continue;
    const last = d.length > 0 ? d.offset + d.length - 1 : d.offset;
    const end = text.indexOf('\n', Math.min(last, text.length));
    // JSON's parser says what it expected where the next token stands ("Colon expected" at the start of
    // the line after a half-typed `"mdoel"`): the line of the token before it is held too.
    let start = d.offset;
    if (a.doc.language === 'json') {
      let p = Math.min(d.offset, text.length) - 1;
      while (p >= 0 && /\s/.test(text[p]!)) p--;
      if (p >= 0) start = p;
    }
    lines.push({ from: text.lastIndexOf('\n', start - 1) + 1, to: end < 0 ? text.length : end });
  }
  if (lines.length === 0) return undefined;
  const touches = (from: number, to: number): boolean => lines.some((l) => from <= l.to && to >= l.from);
  return (d, fix) => {
    if (repairsSyntax(d.code) || fix.valueAsWritten) return undefined;
    for (const e of fix.edits) {
      if (touches(e.offset, e.offset + e.length)) return lineOf(text, e.offset);
      // A key and its value are read together: a key whose value the parser took from a line that is
      // a syntax error (`"mdoel": ` with its value not typed yet, then `"apiKey": {…}` on the next
      // line: JSON reads `"mdoel": "apiKey"` and stops at the `:`) is part of that error, and so is a
      // value whose key is (REVIEW11 C2).
      const pair = pairAround(a.doc, e.offset);
      if (pair && touches(pair.from, pair.to)) return lineOf(text, e.offset);
    }
    return undefined;
  };
}

/**
 * The key and the start of its value (a scalar or an alias whole; a mapping or list up to its
 * first character) of the property whose key or scalar value holds `offset`.
 */
function pairAround(doc: ParsedDocument, offset: number): { from: number; to: number } | undefined {
  const n = nodeAt(documentAt(doc, offset, 'config').root, offset);
  const p = n?.parent;
  if (!n || p?.type !== 'property' || (p.key !== n && p.value !== n)) return undefined;
  const v = p.value;
  const to = !v
    ? p.key.offset + p.key.length
    : v.type === 'object' || v.type === 'array'
      ? v.offset
      : v.offset + v.length;
  return { from: p.key.offset, to };
}

function lineOf(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The safe fixes `syntaxHold` keeps out of the final text (none when it has no syntax error). */
function heldFixes(a: Analysis): FixAllResult['held'] {
  const hold = syntaxHold(a);
  if (!hold) return [];
  const out: FixAllResult['held'] = [];
  for (const d of a.diagnostics) {
    let fix: Fix | undefined;
    try {
      fix = safeFixFor(a.doc, d);
    } catch {
      fix = undefined;
    }
    const line = fix && hold(d, fix);
    if (fix && line !== undefined) out.push({ code: d.code, title: fix.title, line });
  }
  return out;
}

/**
 * All `fixes` applied at once, checked fix by fix: a fix is blamed when the property it edited has
 * an error (code and message) more than the same property had before (see `fixZone` for what is not
 * counted). `'unattributed'`: the result is worse in a way no single fix's property shows (it parses
 * worse, or gains a syntax error), or the edits could not be applied; the caller then tries each fix
 * alone. `followUps`: for a blamed fix, the safe fixes of the errors that appeared in its property,
 * as edits of the text before (those that meet no other fix's edit).
 */
function tryTogether(
  text: string,
  language: Language,
  before: Analysis,
  fixes: readonly { fix: Fix }[],
  analyze: (text: string, language: Language) => Analysis,
):
  | {
      result: { text: string; analysis: Analysis };
      blamed: Set<number>;
      followUps: Map<number, { edits: TextEdit[]; applied: AppliedFix[] }>;
    }
  | 'unattributed' {
  const edits = fixes.flatMap((f) => f.fix.edits);
  let next: string;
  try {
    next = applyEdits(text, edits);
  } catch {
    return 'unattributed';
  }
  const after = analyze(next, language);
  const blamed = new Set<number>();
  const followUps = new Map<number, { edits: TextEdit[]; applied: AppliedFix[] }>();
  // Each fix's zones are looked up in indexes of the counted diagnostics, and the edits' places in the
  // result are worked out once: a fix never reads every diagnostic nor sorts every edit (thousands of
  // fixes in one file made this quadratic: REVIEW6 I5).
  const placed = placesAfter(edits);
  const beforeIndex = new ZoneIndex(before.diagnostics);
  const afterIndex = new ZoneIndex(after.diagnostics);
  let back: ((from: number, to: number) => number | undefined) | undefined;
  let hold: ReturnType<typeof syntaxHold> | null = null;
  fixes.forEach((f, i) => {
    const zonesBefore = f.fix.edits.map((e) => fixZone(before.doc, e.offset, e.offset + e.length, f.fix));
    const zonesAfter = f.fix.edits.map((e) => {
      const at = placed.get(e)!;
      return fixZone(after.doc, at.from, at.to, f.fix);
    });
    // Lines moved where the user meant them: what they say there is the file's own, errors too; but
    // not a key the move puts inside another value (`functions:` at the column of `tables`' keys, read
    // as a table schema once `tables` moves under `alwaysInclude`): that file would lint clean.
    if (f.fix.movesOnly) {
      if (gains(beforeIndex.in(zonesBefore).filter(swallowed), afterIndex.in(zonesAfter).filter(swallowed)))
        blamed.add(i);
      return;
    }
    if (!gains(beforeIndex.in(zonesBefore), afterIndex.in(zonesAfter))) return;
    blamed.add(i);
    // What appeared anywhere in its properties (inside a renamed mapping too) that a safe fix repairs.
    const whole = (zs: readonly Zone[]): Zone[] => zs.map((z) => ({ from: z.from, to: z.to }));
    const fresh = newOnes(beforeIndex.in(whole(zonesBefore)), afterIndex.in(whole(zonesAfter)));
    const follow: TextEdit[] = [];
    const applied: AppliedFix[] = [];
    for (const d of fresh) {
      if (d.code === 'duplicate-key') continue; // never a removal to make room for a rename
      let fix: Fix | undefined;
      try {
        fix = safeFixFor(after.doc, d);
      } catch {
        fix = undefined;
      }
      if (!fix) continue;
      if (hold === null) hold = syntaxHold(after);
      if (hold?.(d, fix) !== undefined) continue;
      back ??= backMapper(edits);
      const mapped: TextEdit[] = [];
      for (const e of fix.edits) {
        const offset = back(e.offset, e.offset + e.length);
        if (offset === undefined) break;
        mapped.push({ offset, length: e.length, newText: e.newText });
      }
      if (mapped.length !== fix.edits.length) continue;
      follow.push(...mapped);
      applied.push({ code: d.code, title: fix.title });
    }
    if (follow.length > 0) followUps.set(i, { edits: follow, applied });
  });
  // The whole-file check as each fix alone had it (a new syntax error anywhere, the file parsing worse):
  // with no fix to blame, the caller goes one by one.
  if (blamed.size === 0 && worse(before, after, editedZones(after.doc, fixes, placed))) return 'unattributed';
  return { result: { text: next, analysis: after }, blamed, followUps };
}

/** Whether `after` holds a diagnostic (code and message) more than `before`. */
function gains(before: readonly Diagnostic[], after: readonly Diagnostic[]): boolean {
  return newOnes(before, after, true).length > 0;
}

/** The diagnostics of `after` beyond those `before` has (by code and message); with `first`, at most one. */
function newOnes(before: readonly Diagnostic[], after: readonly Diagnostic[], first = false): Diagnostic[] {
  const key = countKey;
  const had = new Map<string, number>();
  for (const d of before) had.set(key(d), (had.get(key(d)) ?? 0) + 1);
  const out: Diagnostic[] = [];
  for (const d of after) {
    const n = had.get(key(d)) ?? 0;
    if (n > 0) had.set(key(d), n - 1);
    else {
      out.push(d);
      if (first) break;
    }
  }
  return out;
}

/**
 * An offset of the text with all of `all` applied, as an offset of the text before them, for an edit
 * [from, to) of it that meets none of their new texts; undefined when it does.
 */
function backMapper(all: readonly TextEdit[]): (from: number, to: number) => number | undefined {
  const sorted = [...all].sort((a, b) => a.offset - b.offset);
  const starts: number[] = [];
  const ends: number[] = [];
  const deltas: number[] = [];
  let delta = 0;
  for (const e of sorted) {
    const from = e.offset + delta;
    starts.push(from);
    ends.push(from + e.newText.length);
    delta += e.newText.length - e.length;
    deltas.push(delta);
  }
  return (from, to) => {
    // The edits wholly before `from` (their new text ends at or before it): the first k.
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    if (lo < starts.length && starts[lo]! < Math.max(to, from + 1)) return undefined;
    return from - (lo > 0 ? deltas[lo - 1]! : 0);
  };
}

/**
 * What tells two counted diagnostics apart before and after a fix: code and message; a literal
 * credential's message without the names it quotes (the key that holds it): renaming `endpont` to
 * `endpoint` over a URL with `?api-key=…` adds no credential to the file (REVIEW6 I1).
 */
function countKey(d: Diagnostic): string {
  return `${d.code}\u0000${d.code === 'literal-secret' ? d.message.replace(/'[^'\n]*'/g, "''") : d.message}`;
}

/**
 * Whether a diagnostic counts in these checks: errors, a literal credential at any severity, and the
 * warnings that say lines meant as keys are read inside another value (a block scalar's text, a
 * mapping of the user's own keys). A fix that makes one of those appear in what it moved (a
 * `systemInstructions: |` moved under `definition` with the keys its text swallowed, which then stay
 * text) would leave a file that lints clean and reads otherwise: the finding stays for the user.
 */
function counts(d: Diagnostic): boolean {
  return d.severity === 'error' || d.code === 'literal-secret' || swallowed(d);
}

/** A key read inside another value: as a block scalar's text, or as one of the user's own keys. */
function swallowed(d: Diagnostic): boolean {
  return d.code === 'key-in-block-scalar' || d.code === 'field-in-custom-keys';
}

/** Diagnostics longer than this are few (a whole mapping's): each is checked against every zone. */
const LONG = 4096;

/**
 * The counted diagnostics by offset, for those that meet some zones (each diagnostic once): a search
 * per zone, not a scan of every diagnostic.
 */
class ZoneIndex {
  private readonly short: Diagnostic[];
  private readonly long: Diagnostic[];
  /** Those that point at other places too (related information): an error about what a fix edited. */
  private readonly pointing: Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const kept = diagnostics.filter(counts);
    this.short = kept.filter((d) => d.length <= LONG).sort((a, b) => a.offset - b.offset);
    this.long = kept.filter((d) => d.length > LONG);
    this.pointing = kept.filter((d) => d.related !== undefined && d.related.length > 0);
  }
  /** The counted diagnostics that count in some of `zones` (see `countsIn`), each once. */
  in(zones: readonly Zone[]): Diagnostic[] {
    const found = new Set<Diagnostic>();
    const meets = countsIn;
    for (const z of zones) {
      // The first diagnostic that may reach the zone starts at most LONG before it.
      let lo = 0;
      let hi = this.short.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.short[mid]!.offset < z.from - LONG) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < this.short.length && this.short[k]!.offset <= z.to; k++)
        if (meets(this.short[k]!, z)) found.add(this.short[k]!);
      for (const d of this.long) if (meets(d, z)) found.add(d);
      // An error said on the mapping's holder that points into the zone (`env-value-conflict` on
      // `apiKey`, 'valueFromEnv' is set here: the key a rename wrote) is the fix's (REVIEW8 K9).
      for (const d of this.pointing)
        if (d.related!.some((r) => meets({ ...d, offset: r.offset, length: r.length }, z))) found.add(d);
    }
    return [...found];
  }
}

/**
 * Where a fix's edit can make an error that is its own: [from, to] widened to the property that holds
 * `from`, but for two holes, whose errors are the file's own (REVIEW6 I11, I12):
 * - a rename (the edit lies in the key) of a key whose value is a mapping or a list: what the value
 *   holds is what the user wrote, now checked under its real name (its keys, its items). An error of
 *   the value as a whole (a list where a mapping belongs) still counts, as does one on the key;
 * - a fix that only makes the text read as meant (`valueAsWritten`: the space after a glued key): the
 *   value it separates, errors of the value as a whole included.
 * A literal credential counts everywhere in the property (a fix never makes a text a secret).
 */
type Zone = { from: number; to: number; hole?: { from: number; to: number; whole: boolean } };

function fixZone(doc: ParsedDocument, from: number, to: number, fix: Fix): Zone {
  let n: Node | PropertyNode | undefined = nodeAt(documentAt(doc, from, 'config').root, from);
  while (n && n.type !== 'property') n = n.parent;
  if (!n) return { from, to };
  const zone: Zone = { from: Math.min(from, n.offset), to: Math.max(to, n.offset + n.length) };
  const v = n.value;
  if (!v || v.length === 0) return zone;
  const vEnd = v.offset + v.length;
  if (fix.valueAsWritten) zone.hole = { from: v.offset, to: vEnd, whole: true };
  else if ((v.type === 'object' || v.type === 'array') && from >= n.key.offset && to <= n.key.offset + n.key.length)
    zone.hole = { from: v.offset, to: vEnd, whole: false };
  return zone;
}

/** Whether `d` counts in zone `z`: it meets it, and is not an error inside its hole. */
function countsIn(d: Diagnostic, z: Zone): boolean {
  const end = d.offset + d.length;
  if (d.offset > z.to || z.from > end) return false;
  const h = z.hole;
  if (!h || d.code === 'literal-secret' || d.offset < h.from || end > h.to) return true;
  return !h.whole && d.offset === h.from && end === h.to;
}

/** The text after the fixes and its analysis, or undefined when the result is worse than `before`. */
function tryFix(
  text: string,
  language: Language,
  before: Analysis,
  fixes: readonly Fix[],
  analyze: (text: string, language: Language) => Analysis,
): { text: string; analysis: Analysis } | undefined {
  const edits = fixes.flatMap((f) => f.edits);
  let next: string;
  try {
    next = applyEdits(text, edits);
  } catch {
    return undefined;
  }
  const after = analyze(next, language);
  return worse(
    before,
    after,
    editedZones(
      after.doc,
      fixes.map((fix) => ({ fix })),
      placesAfter(edits),
    ),
  )
    ? undefined
    : { text: next, analysis: after };
}

/** Where each edit's new text lies in the result of applying them all. */
function placesAfter(all: readonly TextEdit[]): Map<TextEdit, { from: number; to: number }> {
  const sorted = [...all].sort((a, b) => a.offset - b.offset);
  const out = new Map<TextEdit, { from: number; to: number }>();
  let delta = 0;
  for (const e of sorted) {
    const from = e.offset + delta;
    out.set(e, { from, to: from + e.newText.length });
    delta += e.newText.length - e.length;
  }
  return out;
}

/** Where each fix's edits lie in the result (`placed`: where every edit's new text lies), as zones. */
function editedZones(
  doc: ParsedDocument,
  fixes: readonly { fix: Fix }[],
  placed: Map<TextEdit, { from: number; to: number }>,
): Zone[] {
  // (Not where a fix only moves lines: Fix.movesOnly.)
  return fixes.flatMap((f) =>
    (f.fix.movesOnly ? [] : f.fix.edits).map((e) => {
      const at = placed.get(e)!;
      return fixZone(doc, at.from, at.to, f.fix);
    }),
  );
}

function worse(before: Analysis, after: Analysis, zones: readonly Zone[]): boolean {
  const broken = (a: Analysis): number => a.doc.problems.filter((p) => p.kind !== 'extra-document').length;
  if (broken(after) > broken(before)) return true;
  // Errors, and a literal credential at any severity: a fix never makes a text a secret in the file
  // (`valu: MY_KEY` renamed to `value` would turn a variable's name into a literal credential).
  const fresh = newOnes(before.diagnostics.filter(counts), after.diagnostics.filter(counts));
  if (fresh.some((d) => d.code === 'syntax-error')) return true;
  return fresh.length > 0 && new ZoneIndex(fresh).in(zones).length > 0;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  // Two insertions at one offset would interleave unpredictably: treat them as overlapping too.
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length ? true : a.offset === b.offset;
}
