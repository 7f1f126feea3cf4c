// A block scalar (`|`, `>`) whose text holds, at the column of its text, a line that reads as a key
// of the mapping the scalar is in (REVIEW14-user U2): the keys typed after a pasted block of
// instructions, indented like its lines, are text of the instructions.
//
//   systemInstructions: |
//     Be brief.
//     schemaSelector:        <- part of the instructions: no schema selector is set
//       type: all
//     maxAssistantActions: 5
//
// YAML is right to read it so, and the config may even be valid, so it is a warning. Only a line
// that names a key the mapping allows (read from the schema), that the mapping does not set, and
// that looks like a key line (`key:` alone, or one value: a word, a flow collection, a quoted
// string) is said; prose such as "Tone: friendly and brief" is not, unless `Tone` is such a key.
import type { Rule } from '../rule';
import type { PropertyNode } from '../../../parser/ast';
import { diag } from '../../codes';
import { keysOfSchema } from '../indentSlip';

const PIPE = 124;
const GT = 62;

/** What a line of a block scalar that reads as a key is, and what moving it out would do. */
export interface KeyInBlock {
  key: string;
  /** The key's offset in the text. */
  keyOffset: number;
  /** Where the first line to move starts, and where the scalar's last non-blank line ends. */
  from: number;
  to: number;
  /** How many spaces each line from `from` to `to` loses: its column is then the holder key's. */
  shift: number;
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_]*):(?:[ \t]*(?:#.*)?|[ \t]+(?:[{["'].*|[^\s#][^\s]*(?:[ \t]+#.*)?))$/;

/**
 * The first line of `prop`'s block scalar that reads as one of `keys` not in `present`, at the column
 * of the scalar's text; undefined when there is none, or the value is no block scalar.
 */
export function keyInBlockScalar(
  text: string,
  prop: PropertyNode,
  keys: ReadonlySet<string>,
  present: ReadonlySet<string>,
): KeyInBlock | undefined {
  const s = prop.value;
  if (!s || s.type !== 'string' || s.quoted) return undefined;
  const c = text.charCodeAt(s.offset);
  if (c !== PIPE && c !== GT) return undefined;
  const end = s.offset + s.length;
  const keyColumn = prop.key.offset - text.lastIndexOf('\n', prop.key.offset - 1) - 1;
  let ls = text.indexOf('\n', s.offset) + 1;
  if (ls <= 0) return undefined;
  let column = -1;
  let found: KeyInBlock | undefined;
  let last = -1;
  while (ls < end) {
    let nl = text.indexOf('\n', ls);
    if (nl < 0 || nl > end) nl = end;
    const lineEnd = nl > ls && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    let j = ls;
    while (j < lineEnd && text.charCodeAt(j) === 32) j++;
    if (j < lineEnd) {
      last = lineEnd;
      if (column < 0) column = j - ls;
      if (!found && j - ls === column && column > keyColumn) {
        const m = KEY_LINE.exec(text.slice(j, lineEnd));
        const key = m?.[1];
        if (key !== undefined && key !== prop.key.value && keys.has(key) && !present.has(key))
          found = { key, keyOffset: j, from: ls, to: lineEnd, shift: column - keyColumn };
      }
    }
    ls = nl + 1;
  }
  if (found) found.to = last;
  return found;
}

export const keyInBlockScalarRule: Rule = {
  on: ['object'],
  start(ctx) {
    const text = ctx.doc.text;
    return {
      visit(v) {
        const obj = v.node;
        if (obj.type !== 'object' || ctx.doc.language !== 'yaml') return;
        let keys: Set<string> | undefined;
        let present: Set<string> | undefined;
        for (const p of obj.properties) {
          const s = p.value;
          if (!s || s.type !== 'string' || s.quoted) continue;
          const c = text.charCodeAt(s.offset);
          if (c !== PIPE && c !== GT) continue;
          keys ??= keysOfSchema(v.resolved.schema);
          if (keys.size === 0) return;
          present ??= new Set(obj.properties.map((q) => q.key.value));
          const found = keyInBlockScalar(text, p, keys, present);
          if (!found) continue;
          const holder = p.key.value;
          ctx.report(
            diag(
              'key-in-block-scalar',
              `'${found.key}:' is text of the block scalar '${holder}: ${text[s.offset]}' (it is indented like its lines), so '${found.key}' is not set here. If it is meant as a key, move it and the lines after it out of the text, to the column of '${holder}'.`,
              found.keyOffset,
              found.key.length,
              {
                related: [
                  { offset: p.key.offset, length: p.key.length, message: `the block scalar '${holder}' starts here` },
                ],
                data: { key: found.key },
              },
            ),
          );
        }
      },
    };
  },
};
