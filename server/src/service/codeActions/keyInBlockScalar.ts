// `key-in-block-scalar` (REVIEW14-user U2): the lines from the one that reads as a key to the end of
// the block scalar are moved out of the text, to the column of the key that holds the scalar. Only
// spaces of indentation are removed: every character written stays, the text before the line stays
// the scalar's. Not on an anchored scalar (its aliases would change too) and never by `--fix`
// (autofix 'no': whether the line is meant as a key is the user's to say).
import type { ParsedDocument } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { schemaAtPath } from '../../model/schema';
import type { Diagnostic } from '../codes';
import type { TextEdit } from '../types';
import { keysOfSchema } from '../validation/indentSlip';
import { keyInBlockScalar } from '../validation/rules/keyInBlockScalar';
import { propertyAtKey } from './find';
import type { Fix } from './provider';

export function keyOutOfBlockScalar(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const at = d.related?.[0];
  const holder = at ? propertyAtKey(doc, at.offset) : undefined;
  const obj = holder?.parent;
  const s = holder?.value;
  if (!holder || obj?.type !== 'object' || s?.type !== 'string' || s.anchor !== undefined) return [];
  const keys = keysOfSchema(schemaAtPath(doc.root, pathOf(obj)).schema);
  const present = new Set(obj.properties.map((p) => p.key.value));
  const found = keyInBlockScalar(doc.text, holder, keys, present);
  if (!found || found.keyOffset !== d.offset || found.key !== d.data?.key) return [];
  const text = doc.text;
  const edits: TextEdit[] = [];
  let lines = 0;
  for (let ls = found.from; ls < found.to;) {
    let nl = text.indexOf('\n', ls);
    if (nl < 0) nl = text.length;
    let j = ls;
    while (j < nl && j - ls < found.shift && text.charCodeAt(j) === 32) j++;
    if (j > ls) edits.push({ offset: ls, length: j - ls, newText: '' });
    lines++;
    ls = nl + 1;
  }
  const after = lines - 1;
  return [
    {
      title: `Move '${found.key}'${after > 0 ? ` and the ${after === 1 ? 'line' : `${after} lines`} after it` : ''} out of the text of '${holder.key.value}'`,
      edits,
      isPreferred: true,
    },
  ];
}
