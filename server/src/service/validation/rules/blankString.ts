// Strings the service would take as written and cannot use (REVIEW5 H12): an optional name, URL or
// version left empty or blank (`model: ""`, what a template renders for an unset variable: the key
// is present, so the default does not apply), an empty item or key of a list or map of names
// (`columns: [""]`, the slip for "all columns", which is `[]`), and a single word with spaces
// around it (`modelId: " gemini "`, `endpoint: "https://x.example.com "`). Warnings: the spec does
// not forbid them. Required strings are emptyRequired's, EnvironmentValue's keys envValue's.
import type { Rule } from '../rule';
import { definition, itemSchema, typesOf, unwrapNullable } from '../../../model/schema';
import type { StringNode } from '../../../parser/ast';
import type { Schema } from '../../../model/schema';
import { diag } from '../../codes';
import { isRequiredString } from './emptyRequired';
import { keyInVariant } from '../../../model/variantAround';

/** Whether a schema takes free text: a string type (nullable or not) with no fixed values. */
function takesString(s: Schema | undefined): boolean {
  if (!s) return false;
  // (Asked at every string of every file: one look-up per schema.)
  let r = takesStringCache.get(s);
  if (r === undefined) {
    const u = unwrapNullable(s);
    r = typesOf(s).includes('string') && !(u?.enum && u.enum.length > 0) && u?.const === undefined;
    takesStringCache.set(s, r);
  }
  return r;
}

const takesStringCache = new Map<Schema, boolean>();

export const blankStringRule: Rule = {
  on: ['string', 'object', 'array'],
  start(ctx) {
    const env = definition('EnvironmentValue');
    return {
      visit(v) {
        const n = v.node;
        // A map of names (`alwaysInclude.tables`): an empty or blank key names nothing.
        if (n.type === 'object') {
          const s = unwrapNullable(v.resolved.schema);
          if (!s || s.additionalProperties === undefined || s.additionalProperties === false) return;
          for (const p of n.properties)
            if (p.key.value.trim() === '')
              ctx.report(
                diag(
                  'blank-string',
                  `${p.key.value === '' ? 'An empty' : 'A blank'} key in ${v.prop ? keyInVariant(v.prop.key.value, n) : "'this mapping'"} names nothing: remove it or write the name.`,
                  p.key.offset,
                  p.key.length,
                ),
              );
          return;
        }
        // A list of names (`columns`, `functions`): the walk does not visit scalar items (lists can be
        // long and no other rule reads them), so they are read here, once per list.
        if (n.type === 'array') {
          if (!takesString(itemSchema(v.resolved.schema))) return;
          const list = v.prop?.key.value ?? 'this list';
          for (const item of n.items) if (item.type === 'string') checkItem(item, list);
          return;
        }
        if (n.type !== 'string' || !takesString(v.expected)) return;
        const value = n.value;
        const trimmed = value.trim();
        const key = v.prop?.key.value;
        // EnvironmentValue's own keys (`value: ""`, `valueFromEnv: " "`) are checked by envValue.
        if (key !== undefined && unwrapNullable(v.owner) === env && env?.properties?.[key] !== undefined) return;
        if (key === undefined) return;
        if (trimmed === '') {
          const what = value === '' ? 'empty' : 'blank';
          if (isRequiredString(v.owner, key, v.expected)) return;
          ctx.report(
            diag(
              'blank-string',
              `${keyInVariant(key, n)} is ${what}: the service takes it as written, not as the default. Remove the key or set it to null to use the default.`,
              n.offset,
              n.length,
            ),
          );
          return;
        }
        // (Most values have no blanks around them: no closure made for them.)
        if (trimmed !== value) padded(n, () => keyInVariant(key, n));
      },
    };

    /**
     * One word (a name, an identifier, a URL) with spaces around it: the spaces are part of it. `name`
     * says what the message calls it (asked only when there is something to report).
     */
    function padded(n: StringNode, name: () => string): void {
      const value = n.value;
      const trimmed = value.trim();
      if (trimmed === value || trimmed === '' || /\s/.test(trimmed) || /[\r\n]/.test(value)) return;
      const what = name();
      const where = /^\s/.test(value) ? (/\s$/.test(value) ? 'leading and trailing' : 'leading') : 'trailing';
      ctx.report(
        diag(
          'blank-string',
          `${what} has ${where} spaces, which the service keeps: write '${trimmed}'.`,
          n.offset,
          n.length,
          {
            data: { suggestion: trimmed },
          },
        ),
      );
    }

    /** An item of a list of names: empty or blank names nothing; spaces around a name are part of it. */
    function checkItem(n: StringNode, list: string): void {
      const trimmed = n.value.trim();
      if (trimmed !== '') {
        // (Most items have no blanks around them: no closure made for them.)
        if (trimmed !== n.value)
          padded(n, () => `An item of ${keyInVariant(list, n.parent?.type === 'array' ? n.parent : undefined)}`);
        return;
      }
      ctx.report(
        diag(
          'blank-string',
          `${n.value === '' ? 'An empty' : 'A blank'} item in ${keyInVariant(list, n.parent?.type === 'array' ? n.parent : undefined)} names nothing: remove it${list === 'columns' ? " (an empty list, 'columns: []', means all columns)" : ''}.`,
          n.offset,
          n.length,
        ),
      );
    }
  },
};
