// Two passes of edits on one mapping, where the second pass must see the mapping as the first left it
// (switching a variant: remove and retag, then insert the new variant's fields). Only the mapping's
// own lines are re-parsed, not the document: code actions are asked for on every cursor move, and a
// large document must not be parsed again for each variant offered.
import { parse } from '../../parser';
import type { ObjectNode, ParsedDocument } from '../../parser/ast';
import type { TextEdit } from '../types';
import { applyEdits, contentEnd, diffEdit } from './edits';
import { lineEnd, lineStart } from '../../parser/lineIndex';
import { objectAtSteps, stepsTo } from './find';

export function composeInObject(
  doc: ParsedDocument,
  obj: ObjectNode,
  first: TextEdit[],
  then: (doc: ParsedDocument, obj: ObjectNode) => TextEdit[],
): TextEdit[] {
  const text = doc.text;
  const start = lineStart(text, obj.offset);
  let end = obj.flow ? obj.offset + obj.length : lineEnd(text, contentEnd(text, obj));
  for (const e of first) end = Math.max(end, e.offset + e.length);
  const prefix = text.slice(start, obj.offset);
  // A `- ` (or a key, before a flow mapping) ahead of the mapping on its first line is blanked, so that
  // the region reads as a mapping on its own, at the same columns.
  const blank = prefix.trim() !== '';
  if (!first.every((e) => e.offset >= (blank ? obj.offset : start))) return wholeDocument(doc, obj, first, then);
  const region0 = text.slice(start, end);
  const shifted = (edits: TextEdit[], by: number): TextEdit[] => edits.map((e) => ({ ...e, offset: e.offset + by }));
  let region1: string;
  try {
    region1 = applyEdits(
      (blank ? prefix.replace(/\S/g, ' ') : prefix) + region0.slice(prefix.length),
      shifted(first, -start),
    );
  } catch {
    return wholeDocument(doc, obj, first, then);
  }
  const sub = parse(region1, doc.language);
  const subObj = sub.root;
  if (sub.problems.length > 0 || subObj?.type !== 'object') return wholeDocument(doc, obj, first, then);
  let region2 = applyEdits(region1, then({ ...sub, text: region1 }, subObj));
  if (blank) region2 = prefix + region2.slice(prefix.length);
  return shifted(diffEdit(region0, region2), start);
}

/** The slow way, for layouts the region cannot be read alone: apply, re-parse the document, go on. */
function wholeDocument(
  doc: ParsedDocument,
  obj: ObjectNode,
  first: TextEdit[],
  then: (doc: ParsedDocument, obj: ObjectNode) => TextEdit[],
): TextEdit[] {
  // Text that does not read as it looks (an unclosed flow mapping) can yield edits that overlap:
  // then no fix is offered rather than a request that fails.
  try {
    const steps = stepsTo(obj);
    const text1 = applyEdits(doc.text, first);
    const doc1 = parse(text1, doc.language);
    const obj1 = objectAtSteps(doc1.root, steps);
    if (!obj1) return first;
    return diffEdit(doc.text, applyEdits(text1, then(doc1, obj1)));
  } catch {
    return [];
  }
}
