// Fixes around suppressions and anchors: remove a suppression that silences nothing, remove an
// unused anchor mark, and "Ignore <code> on this line" for any diagnostic a comment can silence.
import type { FixProvider, Fix } from './provider';
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
  return edits.length > 0 ? [{ title: `Remove the unused anchor mark '${doc.text.slice(d.offset, d.offset + d.length)}'`, edits, isPreferred: true }] : [];
};

/** Offered after the code's own fixes, for YAML only (JSON has no comments). */
export function ignoreOnLine(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const edits = ignoreOnLineEdits(doc, d.code, d.offset);
  return edits.length > 0 ? [{ title: `Ignore ${d.code} on this line`, edits }] : [];
}
