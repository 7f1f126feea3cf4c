// "Fix all" without asking: the editor's own quick fixes (the provider table), limited to what the
// code registry marks safe for `--fix`, applied pass after pass until nothing changes. Pure: text in,
// text out. `lint --fix` uses it; so could an editor's source.fixAll.
import type { Language, Node, ParsedDocument, PropertyNode } from '../parser/ast';
import { nodeAt } from '../parser/ast';
import { propertyAtKey } from './codeActions/find';
import { sameValueText } from './codeActions/unknownProperty';
import type { Diagnostic, DiagnosticCode } from './codes';
import { CODES } from './codes';
import { PROVIDERS, applyEdits } from './codeActions';
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
  const fixes = provider(doc, d, {}).filter((f) => f.edits.length > 0 && !f.dotenv);
  const preferred = fixes.filter((f) => f.isPreferred);
  if (preferred.length !== 1) return undefined;
  if (mode === 'same-value' && !repeatsKeptValue(doc, d)) return undefined;
  // Never a placeholder: a relabelled provider leaves its variant's missing fields reported.
  return preferred[0]!.withoutPlaceholders ?? preferred[0];
}

/** The duplicate key at the diagnostic has exactly the value text of another occurrence. */
function repeatsKeptValue(doc: ParsedDocument, d: Diagnostic): boolean {
  const prop = propertyAtKey(doc, d.offset);
  return (
    prop !== undefined &&
    prop.parent.properties.some((p) => p !== prop && p.key.value === prop.key.value && sameValueText(doc, p, prop))
  );
}

const MAX_PASSES = 10;

type Candidate = { fix: Fix; code: DiagnosticCode };

/** A fix as the text it replaces and writes, for knowing it again in a later pass. */
function fixKey(text: string, c: Candidate): string {
  return `${c.code}\u0000${c.fix.edits.map((e) => `${text.slice(e.offset, e.offset + e.length)}\u0001${e.newText}`).join('\u0002')}`;
}

/** The mappings (as ranges) holding the properties a fix edits: where it can meet another fix. */
function scopeOf(doc: ParsedDocument, fix: Fix): { from: number; to: number }[] {
  return fix.edits.map((e) => {
    let n: Node | PropertyNode | undefined = nodeAt(doc.root, e.offset);
    while (n && n.type !== 'property') n = n.parent;
    const obj = n?.parent ?? doc.root;
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
 * provider): the file must parse as well as before, and no error may appear inside the property the
 * fix edited that was not in the file before (compared by code and message). A rename that makes
 * the renamed key's value an error (`enable_visualisations: yes` → a boolean flag), or a header that
 * breaks an explicit-key root (`? definition`), is not applied; the diagnostic stays for the user.
 * Errors elsewhere that a fix only uncovers (a corrected `provider` now checks its variant's keys)
 * are the file's own and do not stop it.
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
    for (const d of diagnostics) {
      let fix: Fix | undefined;
      try {
        fix = safeFixFor(doc, d);
      } catch {
        fix = undefined; // A provider that fails on odd input offers nothing; the diagnostic remains.
      }
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
    while (candidates.length > 0) {
      const r = tryTogether(text, language, current, candidates, analyze);
      if (r === 'unattributed') {
        // Worse with no fix to blame (the file parses worse, a syntax error appears).
        unattributed = candidates;
        break;
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
    const retry = rejected.filter(
      (c) => unattributed.includes(c) || blamed.some((o) => o !== c && intersects(scopes.get(o)!, scopes.get(c)!)),
    );
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
    applied.push(...kept.map((c) => ({ code: c.code, title: c.fix.title })));
  }
  return { text, applied, passes };
}

/**
 * All `fixes` applied at once, checked fix by fix: a fix is blamed when the property it edited has
 * an error (code and message) more than the same property had before. `'unattributed'`: the result
 * is worse in a way no single fix's property shows (it parses worse, or gains a syntax error), or the
 * edits could not be applied; the caller then tries each fix alone.
 */
function tryTogether(
  text: string,
  language: Language,
  before: Analysis,
  fixes: readonly { fix: Fix }[],
  analyze: (text: string, language: Language) => Analysis,
): { result: { text: string; analysis: Analysis }; blamed: Set<number> } | 'unattributed' {
  const edits = fixes.flatMap((f) => f.fix.edits);
  let next: string;
  try {
    next = applyEdits(text, edits);
  } catch {
    return 'unattributed';
  }
  const after = analyze(next, language);
  const blamed = new Set<number>();
  // Each fix's zones are looked up in indexes of the counted diagnostics, and the edits' places in the
  // result are worked out once: a fix never reads every diagnostic nor sorts every edit (thousands of
  // fixes in one file made this quadratic: REVIEW6 I5).
  const placed = placesAfter(edits);
  const beforeIndex = new ZoneIndex(before.diagnostics);
  const afterIndex = new ZoneIndex(after.diagnostics);
  fixes.forEach((f, i) => {
    // (Lines moved where the user meant them: what they say there is the file's own.)
    if (f.fix.movesOnly) return;
    const zonesBefore = f.fix.edits.map((e) => propertyZone(before.doc, e.offset, e.offset + e.length));
    const zonesAfter = f.fix.edits.map((e) => {
      const at = placed.get(e)!;
      return propertyZone(after.doc, at.from, at.to);
    });
    const had = new Map<string, number>();
    for (const k of beforeIndex.keysIn(zonesBefore)) had.set(k, (had.get(k) ?? 0) + 1);
    for (const k of afterIndex.keysIn(zonesAfter)) {
      const n = had.get(k) ?? 0;
      if (n === 0) {
        blamed.add(i);
        return;
      }
      had.set(k, n - 1);
    }
  });
  // The whole-file check as each fix alone had it (a new syntax error anywhere, the file parsing worse):
  // with no fix to blame, the caller goes one by one.
  if (blamed.size === 0 && worse(before, after, editedZones(after.doc, judgedEdits(fixes.map((f) => f.fix)), edits)))
    return 'unattributed';
  return { result: { text: next, analysis: after }, blamed };
}

/**
 * What tells two counted diagnostics apart before and after a fix: code and message; a literal
 * credential's message without the names it quotes (the key that holds it): renaming `endpont` to
 * `endpoint` over a URL with `?api-key=…` adds no credential to the file (REVIEW6 I1).
 */
function countKey(d: Diagnostic): string {
  return `${d.code}\u0000${d.code === 'literal-secret' ? d.message.replace(/'[^'\n]*'/g, "''") : d.message}`;
}

/** Whether a diagnostic counts in these checks: errors, and a literal credential at any severity. */
function counts(d: Diagnostic): boolean {
  return d.severity === 'error' || d.code === 'literal-secret';
}

/** Diagnostics longer than this are few (a whole mapping's): each is checked against every zone. */
const LONG = 4096;

/**
 * The counted diagnostics by offset, for the code-and-message keys of those that meet some zones
 * (each diagnostic once): a search per zone, not a scan of every diagnostic.
 */
class ZoneIndex {
  private readonly short: Diagnostic[];
  private readonly long: Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const kept = diagnostics.filter(counts);
    this.short = kept.filter((d) => d.length <= LONG).sort((a, b) => a.offset - b.offset);
    this.long = kept.filter((d) => d.length > LONG);
  }
  keysIn(zones: readonly { from: number; to: number }[]): string[] {
    const found = new Set<Diagnostic>();
    const meets = (d: Diagnostic, z: { from: number; to: number }): boolean =>
      d.offset <= z.to && z.from <= d.offset + d.length;
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
    }
    return [...found].map(countKey);
  }
}

/** [from, to] widened to the property that holds `from`. */
function propertyZone(doc: ParsedDocument, from: number, to: number): { from: number; to: number } {
  let n: Node | PropertyNode | undefined = nodeAt(doc.root, from);
  while (n && n.type !== 'property') n = n.parent;
  return n ? { from: Math.min(from, n.offset), to: Math.max(to, n.offset + n.length) } : { from, to };
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
  return worse(before, after, editedZones(after.doc, judgedEdits(fixes), edits))
    ? undefined
    : { text: next, analysis: after };
}

/** The edits whose places the result is judged at: not those of a fix that only moves lines (Fix.movesOnly). */
function judgedEdits(fixes: readonly Fix[]): TextEdit[] {
  return fixes.flatMap((f) => (f.movesOnly ? [] : f.edits));
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

/**
 * Where `edits`' new text lies in the result of applying `all` (which holds them), widened to the
 * property that holds it.
 */
function editedZones(
  doc: ParsedDocument,
  edits: readonly TextEdit[],
  all: readonly TextEdit[],
): { from: number; to: number }[] {
  const placed = placesAfter(all);
  return edits.map((e) => {
    const at = placed.get(e)!;
    return propertyZone(doc, at.from, at.to);
  });
}

function worse(before: Analysis, after: Analysis, zones: readonly { from: number; to: number }[]): boolean {
  const broken = (a: Analysis): number => a.doc.problems.filter((p) => p.kind !== 'extra-document').length;
  if (broken(after) > broken(before)) return true;
  const key = countKey;
  // Errors, and a literal credential at any severity: a fix never makes a text a secret in the file
  // (`valu: MY_KEY` renamed to `value` would turn a variable's name into a literal credential).
  const inZones = zoneLookup(zones);
  const had = new Map<string, number>();
  for (const d of before.diagnostics) if (counts(d)) had.set(key(d), (had.get(key(d)) ?? 0) + 1);
  for (const d of after.diagnostics) {
    if (!counts(d)) continue;
    const n = had.get(key(d)) ?? 0;
    if (n > 0) {
      had.set(key(d), n - 1);
      continue;
    }
    if (d.code === 'syntax-error') return true;
    if (inZones(d)) return true;
  }
  return false;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  // Two insertions at one offset would interleave unpredictably: treat them as overlapping too.
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length ? true : a.offset === b.offset;
}

/** Whether a diagnostic meets one of the zones: a binary search over them merged, not a scan. */
function zoneLookup(zones: readonly { from: number; to: number }[]): (d: Diagnostic) => boolean {
  const merged: { from: number; to: number }[] = [];
  for (const z of [...zones].sort((a, b) => a.from - b.from)) {
    const last = merged[merged.length - 1];
    if (last && z.from <= last.to) last.to = Math.max(last.to, z.to);
    else merged.push({ from: z.from, to: z.to });
  }
  return (d) => {
    // The last zone starting at or before the diagnostic's end: the only one that can meet it.
    let lo = 0;
    let hi = merged.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (merged[mid]!.from <= d.offset + d.length) lo = (at = mid) + 1;
      else hi = mid - 1;
    }
    return at >= 0 && d.offset <= merged[at]!.to;
  };
}
