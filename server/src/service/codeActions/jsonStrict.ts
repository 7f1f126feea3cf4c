// `json-not-strict`: remove a comment (with its line when it stands alone there), a trailing comma or
// a byte order mark.
// Only the comment or comma goes: what the user wrote in the values stays.
import { restIsBlank } from './edits';
import { isLineLeading, lineEnd, lineStart } from '../../parser/lineIndex';
import type { FixProvider } from './provider';
import type { Node, PropertyNode } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { schemaAtPath, typesOf } from '../../model/schema';

export const jsonStrict: FixProvider = (doc, d) => {
  const text = doc.text;
  const what = d.data?.key;
  if (what === 'bom') {
    if (text.charCodeAt(0) !== 0xfeff) return [];
    return [
      {
        title: 'Remove the byte order mark (BOM)',
        edits: [{ offset: 0, length: 1, newText: '' }],
        isPreferred: true,
      },
    ];
  }
  if (what === 'comma') {
    if (text[d.offset] !== ',') return [];
    return [
      { title: 'Remove the trailing comma', edits: [{ offset: d.offset, length: 1, newText: '' }], isPreferred: true },
    ];
  }
  if (what !== 'comment' || !(text.startsWith('//', d.offset) || text.startsWith('/*', d.offset))) return [];
  const end = d.offset + d.length;
  let from = d.offset;
  let to = end;
  if (isLineLeading(text, d.offset) && restIsBlank(text, end) && !text.slice(end, lineEnd(text, end)).includes('/')) {
    // Alone on its line(s): the whole line goes, with its line break.
    from = lineStart(text, d.offset);
    const le = lineEnd(text, end);
    to = text.startsWith('\r\n', le) ? le + 2 : text[le] === '\n' ? le + 1 : le;
  } else {
    // After a value: the blanks before it go too.
    while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    if (from > 0 && text[from - 1] !== '\n' && !restIsBlank(text, end)) from = d.offset;
  }
  return [
    {
      title: 'Remove the comment (JSON has none)',
      edits: [{ offset: from, length: to - from, newText: '' }],
      isPreferred: true,
    },
  ];
};

/**
 * `missing-comma`: the comma right after the value the diagnostic covers (its last character; the
 * parser made sure the place is certain). Nothing else changes.
 */
export const missingComma: FixProvider = (doc, d) => {
  const at = d.offset + d.length;
  if (doc.language !== 'json' || d.length !== 1 || at > doc.text.length || doc.text[at] === ',') return [];
  return [{ title: "Insert the missing ','", edits: [{ offset: at, length: 0, newText: ',' }], isPreferred: true }];
};

/**
 * `syntax-error` on `NaN`, `Infinity` or `-Infinity` written as a JSON value (REVIEW16-user N12):
 * "Write null" where the field takes null (`maxAssistantActions`, `contextWindowLimit`); nothing
 * where it does not, and never a number (which one is yours to say). Not `lint --fix`.
 */
export const nonFiniteValue: FixProvider = (doc, d) => {
  if (!d.data?.nonFinite || doc.language !== 'json') return [];
  const word = doc.text.slice(d.offset, d.offset + d.length);
  if (!/^[-+]?(?:NaN|Infinity)$/.test(word)) return [];
  const prop = propertyWithValueAt(doc.root, d.offset);
  if (!prop) return [];
  const types = typesOf(schemaAtPath(doc.root, [...pathOf(prop.parent), prop.key.value]).schema);
  if (!types.includes('null')) return [];
  return [
    {
      title: `Write null for '${prop.key.value}' (JSON has no ${word})`,
      edits: [{ offset: d.offset, length: d.length, newText: 'null' }],
    },
  ];
};

/** The property whose value (read as null: parser/json.ts) is the word at this offset. */
function propertyWithValueAt(root: Node | undefined, offset: number): PropertyNode | undefined {
  let found: PropertyNode | undefined;
  const visit = (n: Node | undefined): void => {
    if (found || !n || n.offset > offset || n.offset + n.length < offset) return;
    if (n.type === 'object')
      for (const p of n.properties) {
        if (p.value?.type === 'null' && p.value.offset === offset && p.colonOffset >= 0) found = p;
        else visit(p.value);
      }
    else if (n.type === 'array') for (const item of n.items) visit(item);
  };
  visit(root);
  return found;
}
