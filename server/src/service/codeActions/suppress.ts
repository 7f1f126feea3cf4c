// Fixes around suppressions and anchors: remove a suppression that silences nothing, remove an
// unused anchor mark, and "Ignore <code> on this line" for any diagnostic a comment can silence.
import type { FixProvider } from './provider';
import type { CodeActionEntry } from '../types';
import type { ParsedDocument } from '../../parser/ast';
import type { Diagnostic } from '../codes';
import { ignoreOnLineEdits, removeSuppressionEdits } from '../suppressions';
import { removeAnchorEdits } from '../anchors';

export const unusedSuppression: FixProvider = (doc, d) => {
  const edits = removeSuppressionEdits(doc, d.offset);
  return edits.length > 0 ? [{ title: 'Remove the unused suppression', edits, isPreferred: true }] : [];
};

export const unusedAnchor: FixProvider = (doc, d) => {
  const edits = removeAnchorEdits(doc, d.offset);
  return edits.length > 0
    ? [
        {
          title: `Remove the unused anchor mark '${doc.text.slice(d.offset, d.offset + d.length)}'`,
          edits,
          isPreferred: true,
        },
      ]
    : [];
};

/**
 * "Ignore <code> on this line" for each diagnostic touching `range` that a comment can silence, in
 * YAML only (JSON has no comments). Kept apart from the fixes: the editor lists it after them.
 */
export function suppressionActions(
  doc: ParsedDocument,
  diagnostics: Diagnostic[],
  range: { offset: number; length: number },
): CodeActionEntry[] {
  const out: CodeActionEntry[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (!(d.offset <= range.offset + range.length && range.offset <= d.offset + d.length)) continue;
    const edits = ignoreOnLineEdits(doc, d.code, d.offset);
    const key = JSON.stringify(edits);
    if (edits.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push({ title: `Ignore ${d.code} on this line`, kind: 'quickfix', diagnostic: d, edits });
  }
  return out;
}
