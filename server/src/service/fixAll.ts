// "Fix all" without asking: the editor's own quick fixes (the provider table), limited to what the
// code registry marks safe for `--fix`, applied pass after pass until nothing changes. Pure: text in,
// text out. `lint --fix` uses it; so could an editor's source.fixAll.
import type { Language, ParsedDocument, PropertyNode } from '../parser/ast';
import { propertyAtKey } from './codeActions/find';
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
  if (mode === 'no' || !provider || d.data?.throughAlias || d.data?.unsafeRename) return undefined;
  // No .env in this context: a fix that would also write another file is never offered here.
  const fixes = provider(doc, d, {}).filter((f) => f.edits.length > 0 && !f.dotenv);
  const preferred = fixes.filter((f) => f.isPreferred);
  if (preferred.length !== 1) return undefined;
  if (mode === 'same-value' && !repeatsKeptValue(doc, d)) return undefined;
  if (
    mode === 'additive' &&
    preferred[0]!.edits.some((e) => doc.text.slice(e.offset, e.offset + e.length).trim() !== '')
  )
    return undefined;
  return preferred[0];
}

/** The duplicate key at the diagnostic has exactly the value text of another occurrence. */
function repeatsKeptValue(doc: ParsedDocument, d: Diagnostic): boolean {
  const prop = propertyAtKey(doc, d.offset);
  if (!prop) return false;
  const text = (p: PropertyNode): string | undefined =>
    p.value
      ? doc.text
          .slice(p.value.offset, p.value.offset + p.value.length)
          .replace(/\s+/g, ' ')
          .trim()
      : undefined;
  const mine = text(prop);
  return prop.parent.properties.some((p) => p !== prop && p.key.value === prop.key.value && text(p) === mine);
}

const MAX_PASSES = 10;

/**
 * Applies safe fixes until a pass finds none (or the text comes back to one already seen). Within a
 * pass, fixes whose edits overlap an earlier one wait for the next pass, on the re-analysed text.
 * `analyze` gives the document and the diagnostics in force (project rules already applied).
 */
export function fixAll(
  text: string,
  language: Language,
  analyze: (text: string, language: Language) => { doc: ParsedDocument; diagnostics: Diagnostic[] },
): FixAllResult {
  const applied: AppliedFix[] = [];
  const seen = new Set<string>([text]);
  let passes = 0;
  while (passes < MAX_PASSES) {
    const { doc, diagnostics } = analyze(text, language);
    const chosen: TextEdit[] = [];
    const pass: AppliedFix[] = [];
    for (const d of diagnostics) {
      let fix: Fix | undefined;
      try {
        fix = safeFixFor(doc, d);
      } catch {
        fix = undefined; // A provider that fails on odd input offers nothing; the diagnostic remains.
      }
      if (!fix || fix.edits.some((e) => chosen.some((c) => overlaps(c, e)))) continue;
      chosen.push(...fix.edits);
      pass.push({ code: d.code, title: fix.title });
    }
    if (chosen.length === 0) break;
    let next: string;
    try {
      next = applyEdits(text, chosen);
    } catch {
      break;
    }
    passes++;
    if (seen.has(next)) break;
    seen.add(next);
    text = next;
    applied.push(...pass);
  }
  return { text, applied, passes };
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  // Two insertions at one offset would interleave unpredictably: treat them as overlapping too.
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length ? true : a.offset === b.offset;
}
