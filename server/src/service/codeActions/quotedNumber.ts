// `invalid-type` on a whole number written in quotes where a whole number belongs
// (`maxAssistantActions: "12"`, JSON `"maxAssistantActions": "12"`): the fix writes it unquoted, the
// same digits (REVIEW10 L8). Only a plain decimal integer, one line, nothing around it.
import type { ParsedDocument } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { schemaAtPath, typesOf } from '../../model/schema';
import type { Diagnostic } from '../codes';
import { valueAt } from './find';
import { quotedBoolean } from '../yaml11';
import type { Fix } from './provider';

const WHOLE = /^-?(?:0|[1-9][0-9]*)$/;

export function quotedNumber(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const node = valueAt(doc, d.offset);
  const p = node?.parent;
  // (An anchored value shares the text with its aliases; the tag fix handles a tagged one.)
  if (node?.type !== 'string' || !node.quoted || p?.type !== 'property' || node.anchor !== undefined) return [];
  const types = typesOf(schemaAtPath(doc.root, pathOf(node)).schema);
  if (!types.includes('integer')) return [];
  const src = doc.text.slice(node.offset, node.offset + node.length);
  const digits = src.slice(1, -1);
  if (!/^(["']).*\1$/.test(src) || digits !== node.value || !WHOLE.test(digits)) return [];
  if (!Number.isSafeInteger(Number(digits))) return [];
  return [
    {
      title: `Write '${p.key.value}' as a number (${digits}, without quotes)`,
      edits: [{ offset: node.offset, length: node.length, newText: digits }],
      isPreferred: true,
    },
  ];
}

/**
 * `invalid-type` on a boolean written in quotes where a boolean belongs (`enable: 'true'`, JSON
 * `"enable": "false"`, `'yes'`): the fix writes it bare, `true` or `false`, as for `enable: yes`
 * (REVIEW14-editor E6). Preferred (so `--fix` applies it) but for `'y'`/`'n'`, which may be a letter.
 */
export function quotedBooleanFix(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const node = valueAt(doc, d.offset);
  const p = node?.parent;
  if (node?.type !== 'string' || !node.quoted || p?.type !== 'property' || node.anchor !== undefined) return [];
  const types = typesOf(schemaAtPath(doc.root, pathOf(node)).schema);
  if (!types.includes('boolean') || types.includes('string')) return [];
  const src = doc.text.slice(node.offset, node.offset + node.length);
  // Only the word between its quotes, nothing escaped or folded.
  if (!/^(["']).*\1$/.test(src) || src.slice(1, -1) !== node.value) return [];
  const b = quotedBoolean(node.value);
  if (!b) return [];
  return [
    {
      title: `Write ${b.value}`,
      edits: [{ offset: node.offset, length: node.length, newText: String(b.value) }],
      isPreferred: b.sure,
    },
  ];
}
