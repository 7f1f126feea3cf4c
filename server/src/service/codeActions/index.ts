// Code actions: quick fixes dispatched on the diagnostic's code through the provider table, plus the
// "switch variant" refactoring on a discriminator (`provider`, `type`) value. Pure: text in, edits out.
import type { ParsedDocument } from '../../parser/ast';
import type { Diagnostic, DiagnosticCode } from '../codes';
import type { CodeActionEntry, ServiceContext } from '../types';
import { emptyDocument } from './emptyDocument';
import { jsonStrict, missingComma, nonFiniteValue } from './jsonStrict';
import { bareEnvName, envReferenceValue, envValueConflict, literalSecret, unexpandedValue } from './envValue';
import { addHeader, missingRequired } from './missingRequired';
import type { Fix, FixProvider } from './provider';
import { documentAt, otherDocuments } from '../../parser/documents';
import { onlyValue, replaceValue } from './replaceValue';
import { emptyVariant, missingDiscriminator, switchVariantActions } from './switchVariant';
import { duplicateKey, nearMissKey, unknownProperty } from './unknownProperty';
import { unusedAnchor, unusedSuppression } from './suppress';
import { duplicateAnchor, unportableAnchor, unresolvedAlias } from './alias';
import { droppingScalarTags, tagMismatch, unsupportedTag, withoutScalarTags } from './tag';
import { indentBlockText, irregularWhitespace, unportableTab } from './whitespace';
import { realign } from './realign';
import { yaml11Ambiguous } from './yaml11';
import { missingSpaceInValue } from './missingSpace';
import { trimValue } from './blankString';
import { duplicateTable } from './fixedTables';
import { removeEmptyDocument } from './extraDocument';
import { wrapInList } from './wrapInList';
import { booleanIntoField, listIntoFlags } from './v1Shapes';
import { quotedBooleanFix, quotedNumber } from './quotedNumber';
import { keyOutOfBlockScalar } from './keyInBlockScalar';
import { allColumns } from './wildcardName';
import { fieldInCustomKeys } from './fieldInCustomKeys';
export { suppressionActions } from './suppress';

export { applyEdits } from './edits';
import { inDocumentEol } from './edits';

type ProviderTable = { readonly [C in DiagnosticCode]?: FixProvider };

/** Which provider fixes which code. A code without an entry gets no quick fix. */
const FIXES: ProviderTable = {
  'missing-required': missingRequired,
  'missing-discriminator': missingDiscriminator,
  'kind-missing': addHeader,
  'version-missing': addHeader,
  'not-an-object': emptyDocument,
  'unknown-discriminator': replaceValue,
  'invalid-enum': replaceValue,
  'unknown-primitive': replaceValue,
  'kind-invalid': replaceValue,
  'version-unsupported': replaceValue,
  'invalid-type': (doc, d, ctx) => [
    ...missingSpaceInValue(doc, d),
    ...onlyValue(doc, d, ctx),
    ...emptyVariant(doc, d, ctx),
    ...envReferenceValue(doc, d, ctx),
    ...yaml11Ambiguous(doc, d, ctx),
    ...wrapInList(doc, d),
    ...quotedNumber(doc, d),
    ...quotedBooleanFix(doc, d),
    ...booleanIntoField(doc, d),
    ...listIntoFlags(doc, d),
  ],
  'invalid-env-name': bareEnvName,
  'value-not-expanded': unexpandedValue,
  'unknown-property': unknownProperty,
  'near-miss-key': nearMissKey,
  'duplicate-key': duplicateKey,
  'literal-secret': literalSecret,
  'env-value-conflict': envValueConflict,
  'json-not-strict': jsonStrict,
  'unused-suppression': unusedSuppression,
  'unused-anchor': unusedAnchor,
  'unresolved-alias': unresolvedAlias,
  'irregular-whitespace': irregularWhitespace,
  'missing-comma': missingComma,
  'syntax-error': (doc, d, ctx) => [...nonFiniteValue(doc, d, ctx), ...indentBlockText(doc, d, ctx)],
  'unportable-tab': unportableTab,
  'misaligned-indent': realign,
  'yaml11-ambiguous': yaml11Ambiguous,
  'tag-mismatch': tagMismatch,
  'unsupported-tag': unsupportedTag,
  'unportable-anchor': unportableAnchor,
  'duplicate-anchor': duplicateAnchor,
  'blank-string': trimValue,
  'duplicate-table': duplicateTable,
  'extra-document': removeEmptyDocument,
  'key-in-block-scalar': keyOutOfBlockScalar,
  'wildcard-name': allColumns,
  'field-in-custom-keys': fieldInCustomKeys,
};

/**
 * The table the editor and `--fix` use: each provider's fixes with the scalar tag removed before a
 * value they turn into a mapping or a list (codeActions/tag.ts), so that no fix writes `!!str {…}`.
 */
export const PROVIDERS: ProviderTable = Object.fromEntries(
  Object.entries(FIXES).map(([code, p]) => [code, droppingScalarTags(p)]),
);

/**
 * The fixes of one diagnostic, made by its provider on the tree of the document that holds it: the
 * AssistantConfig document, or another AssistantConfig document of the file (`data.otherDocument`: a
 * second one after `---`, read alone from the file's text blanked around it, at the file's own
 * offsets). A fix there edits that document's text only; one that would reach outside it (a header
 * put at the top of the file) is not offered. The one path for the editor's quick fixes and `--fix`.
 */
export function fixesOf(doc: ParsedDocument, d: Diagnostic, ctx: ServiceContext, provider: FixProvider): Fix[] {
  if (!d.data?.otherDocument) return provider(doc, d, ctx);
  const o = otherDocuments(doc).find((x) => x.config && d.offset >= x.from && d.offset <= x.to);
  if (!o) return [];
  const inside = (f: Fix): boolean => f.edits.every((e) => e.offset >= o.from && e.offset + e.length <= o.to);
  return provider(o.doc, d, ctx).filter(inside);
}

function touches(d: Diagnostic, range: { offset: number; length: number }): boolean {
  return d.offset <= range.offset + range.length && range.offset <= d.offset + d.length;
}

/** The quick fixes for the diagnostics that touch `range`, then the refactorings available at it. */
export function getCodeActions(
  doc: ParsedDocument,
  diagnostics: Diagnostic[],
  range: { offset: number; length: number },
  ctx: ServiceContext = {},
): CodeActionEntry[] {
  const out: CodeActionEntry[] = [];
  const seen = new Map<string, CodeActionEntry>();
  const add = (entry: CodeActionEntry): void => {
    if (entry.edits.length === 0) return;
    // One action per effect: the same edits offered twice (for two diagnostics, or as a fix and a
    // refactoring) are one action, which names every diagnostic it fixes.
    const key = `${JSON.stringify(entry.edits)}\u0000${JSON.stringify(entry.dotenv ?? null)}\u0000${JSON.stringify(entry.gitignore ?? null)}`;
    const first = seen.get(key);
    if (first) {
      if (entry.diagnostic && first.diagnostic && entry.diagnostic !== first.diagnostic)
        (first.alsoFixes ??= []).push(entry.diagnostic);
      return;
    }
    seen.set(key, entry);
    out.push(entry);
  };
  for (const d of diagnostics) {
    const provider = PROVIDERS[d.code];
    // Text reached through an alias is the anchor's, shared by its other uses: no fix edits it.
    if (!provider || !touches(d, range) || d.data?.throughAlias) continue;
    let preferred = false;
    for (const fix of fixesOf(doc, d, ctx, provider)) {
      const entry: CodeActionEntry = {
        title: fix.title,
        kind: 'quickfix',
        diagnostic: d,
        edits: inDocumentEol(doc.text, fix.edits),
      };
      if (fix.dotenv) entry.dotenv = fix.dotenv;
      if (fix.gitignore) entry.gitignore = fix.gitignore;
      // At most one preferred fix per diagnostic: the first the provider prefers.
      if (fix.isPreferred && !preferred) entry.isPreferred = preferred = true;
      add(entry);
    }
  }
  // (On the tree of the document at the range: another AssistantConfig's when it is there.)
  for (const f of switchVariantActions(documentAt(doc, range.offset, 'config'), range.offset)) {
    const fix = withoutScalarTags(doc.text, f);
    add({ title: fix.title, kind: 'refactor.rewrite', edits: inDocumentEol(doc.text, fix.edits) });
  }
  return out;
}
